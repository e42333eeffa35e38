//! UTS #58 §5.2: the local part of an email address, found by scanning
//! back from the `@` before a domain.

use crate::props::{EMAIL_BIT, ascii_bits, before};

/// Why a local part was rejected (the whole address is then not a link).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Rejected;

/// The URL scheme written right before an email address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MailScheme {
    /// `mailto:` (its `?query` belongs to the link).
    Mailto,
    /// `xmpp:` (its `/resource` and `?query` belong to the link).
    Xmpp,
}

/// The start of the local part that ends at the `@` at byte `at`, not
/// going before `floor`, including a directly preceding `mailto:` or
/// `xmpp:` (any case), and which of them is there. Rejected: an empty local
/// part; one that starts or ends with `.` or contains `..`; the userinfo of
/// a URL (`http://user@host`, `http://user:password@host`).
pub(crate) fn local_part_start(
    text: &str,
    at: usize,
    floor: usize,
) -> Result<(usize, Option<MailScheme>), Rejected> {
    let bytes = text.as_bytes();
    let mut start = at;
    loop {
        // A run of ASCII email bytes, read back; then a code point that
        // is not ASCII, if it is an email one.
        let ascii =
            bytes[floor..start].iter().rev().take_while(|&&b| b < 0x80 && ascii_bits(b) & EMAIL_BIT != 0);
        start -= ascii.count();
        if start == floor || bytes[start - 1] < 0x80 {
            break;
        }
        match before(text, start) {
            (_, bits, len) if bits & EMAIL_BIT != 0 => start -= len,
            _ => break,
        }
    }
    let local = &bytes[start..at];
    if local.first().is_none_or(|&b| b == b'.')
        || local.last() == Some(&b'.')
        || local.windows(2).any(|pair| pair == b"..")
    {
        return Err(Rejected);
    }
    if is_userinfo(text, start, floor) {
        return Err(Rejected);
    }
    let head = &bytes[floor..start];
    let written =
        |name: &[u8]| head.len() >= name.len() && head[head.len() - name.len()..].eq_ignore_ascii_case(name);
    // (Both end in `:`, which few local parts follow: tested first.)
    let scheme = if head.last() != Some(&b':') {
        None
    } else if written(b"mailto:") {
        start -= 7;
        Some(MailScheme::Mailto)
    } else if written(b"xmpp:") {
        start -= 5;
        Some(MailScheme::Xmpp)
    } else {
        None
    };
    Ok((start, scheme))
}

/// Whether the local part starting at `start` is the userinfo of a URL:
/// `scheme://user@` (the scan back took in the `//`) or
/// `scheme://user:password@`.
fn is_userinfo(text: &str, start: usize, floor: usize) -> bool {
    let head = &text[floor..start];
    if !head.ends_with(':') {
        return false;
    }
    if text[start..].starts_with("//") {
        return true;
    }
    // `user:` before the password: user characters back to `//` (read as
    // bytes while they are ASCII, else as `char`s).
    let user = &head[..head.len() - 1];
    let user_char =
        |c: char| !matches!(c, '/' | '?' | '#' | '@' | '[' | ']') && !c.is_whitespace() && !c.is_control();
    let bytes = user.as_bytes();
    let kept = match bytes.iter().rposition(|&b| b >= 0x80 || !user_char(char::from(b))) {
        Some(i) if bytes[i] >= 0x80 => user.trim_end_matches(user_char).len(),
        Some(i) => i + 1,
        None => 0,
    };
    bytes[..kept].ends_with(b"://")
}
