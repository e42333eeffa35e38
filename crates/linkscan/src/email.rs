//! UTS #58 §5.2: the local part of an email address, found by scanning
//! back from the `@` before a domain.

use crate::props::{EMAIL_BIT, ascii_bits, before};

/// Why a local part was rejected (the whole address is then not a link).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Rejected {
    /// Empty, or a `.` at its start or end or `..` inside.
    Invalid,
    /// The user name (and password) of a URL, `scheme://user@host`: the
    /// `scheme://` ends at this byte offset.
    Userinfo(usize),
}

/// The code points a text puts around an address that are not part of it
/// when they start its local part (`'hi@example.com'`, `{joe@example.com}`,
/// `*bold@example.com*`), though RFC 5322 allows them there.
const QUOTES: &[u8] = b"'`{|*";

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
/// a URL (`http://user@host`, `http://user:password@host`). With
/// `unquote`, [`QUOTES`] at the start of the local part are left out.
pub(crate) fn local_part_start(
    text: &str,
    at: usize,
    floor: usize,
    unquote: bool,
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
    if let Some(authority) = userinfo(text, start, floor) {
        // `scheme://host/path?to=a@b.org` has no user name: the `@` is in its path.
        if !bytes[authority..at].iter().any(|b| b"/?#".contains(b)) {
            return Err(Rejected::Userinfo(authority));
        }
        return Err(Rejected::Invalid);
    }
    if unquote {
        let quotes = bytes[start..at].iter().take_while(|b| QUOTES.contains(b)).count();
        if quotes > 0 && start + quotes < at {
            start += quotes;
        }
    }
    let local = &bytes[start..at];
    if local.first().is_none_or(|&b| b == b'.')
        || local.last() == Some(&b'.')
        || local.windows(2).any(|pair| pair == b"..")
    {
        return Err(Rejected::Invalid);
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
/// `scheme://user:password@`; if so, where its `scheme://` ends. (`://x@`
/// with no scheme name is an address, as §5.2 finds it.)
fn userinfo(text: &str, start: usize, floor: usize) -> Option<usize> {
    let head = &text[floor..start];
    if !head.ends_with(':') {
        return None;
    }
    if text[start..].starts_with("//") {
        return crate::host::scheme_before(text, start + 2, floor).map(|_| start + 2);
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
    (bytes[..kept].ends_with(b"://") && crate::host::scheme_before(text, floor + kept, floor).is_some())
        .then_some(floor + kept)
}
