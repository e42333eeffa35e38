//! UTS #58 §5.2: the local part of an email address, found by scanning
//! back from the `@` before a domain.

use crate::props::{EMAIL_BIT, before};

/// Why a local part was rejected (the whole address is then not a link).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Rejected;

/// The start of the local part that ends at the `@` at byte `at`, not
/// going before `floor`, including a directly preceding `mailto:` (any
/// case), and whether that `mailto:` is there. Rejected: an empty local part; one that starts or ends with `.`
/// or contains `..`; the userinfo of a URL (`http://user@host`,
/// `http://user:password@host`).
pub(crate) fn local_part_start(text: &str, at: usize, floor: usize) -> Result<(usize, bool), Rejected> {
    let bytes = text.as_bytes();
    let mut start = at;
    while start > floor {
        let (c, bits, len) = before(text, start);
        if bits & EMAIL_BIT == 0 {
            break;
        }
        if c == '.' && bytes.get(start) == Some(&b'.') {
            return Err(Rejected); // `..`
        }
        start -= len;
    }
    let local = &text[start..at];
    if local.is_empty() || local.starts_with('.') || local.ends_with('.') {
        return Err(Rejected);
    }
    if is_userinfo(text, start, floor) {
        return Err(Rejected);
    }
    let head = &bytes[floor..start];
    let mailto = head.len() >= 7 && head[head.len() - 7..].eq_ignore_ascii_case(b"mailto:");
    if mailto {
        start -= 7;
    }
    Ok((start, mailto))
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
    // `user:` before the password: user characters back to `//`.
    let user = head[..head.len() - 1].trim_end_matches(|c: char| {
        !matches!(c, '/' | '?' | '#' | '@' | '[' | ']') && !c.is_whitespace() && !c.is_control()
    });
    user.ends_with("://")
}
