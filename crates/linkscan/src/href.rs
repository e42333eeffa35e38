//! Whether a link target is safe to write as an `href`: the one rule every
//! writer of an href (the finder's default scheme, HTML, Markdown) follows.
//! Public as [`html::is_safe_href`](crate::html::is_safe_href).

/// Whether a browser would run `href` as script: its scheme, read as
/// browsers do (leading C0 controls and spaces skipped, tabs and line
/// breaks removed, any case), is `javascript`, `data` or `vbscript`.
///
/// ```
/// use linkscan::html::is_safe_href;
/// assert!(is_safe_href("https://example.com") && is_safe_href("mailto:a@b.org"));
/// assert!(!is_safe_href("javascript:alert(1)") && !is_safe_href(" JavaScript:x") && !is_safe_href("data:text/html,x"));
/// ```
pub fn is_safe_href(href: &str) -> bool {
    // Most targets start with a byte no script scheme starts with, and no
    // byte a browser skips before it (`https:`, `/`, `#`): safe at once.
    match href.as_bytes().first() {
        None => return true,
        Some(&b) if b > b' ' && !matches!(b | 0x20, b'j' | b'd' | b'v') => return true,
        _ => {}
    }
    is_safe_href_plain(href)
}

/// [`is_safe_href`] read as a browser reads a scheme, byte by byte.
fn is_safe_href_plain(href: &str) -> bool {
    let mut scheme = [0u8; 10];
    let bytes = href.bytes().skip_while(|&b| b <= b' ').filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    for (len, b) in bytes.enumerate() {
        if b == b':' {
            let scheme = &scheme[..len];
            return !(scheme == b"javascript" || scheme == b"data" || scheme == b"vbscript");
        }
        if len == scheme.len() || !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) {
            return true;
        }
        scheme[len] = b.to_ascii_lowercase();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The quick test answers as the plain reading does, on strings made
    /// of scheme letters, `:`, the bytes browsers skip or remove, and others.
    #[test]
    fn the_quick_href_test_agrees_with_the_plain_one() {
        let pieces = [
            "j", "J", "ava", "script", "d", "ata", "v", "bscript", ":", "\t", "\n", " ", "\u{1}", "h", "/",
            "é", "x", ".",
        ];
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50_000 {
            let mut href = String::new();
            for _ in 0..rng % 8 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                href.push_str(pieces[(rng >> 20) as usize % pieces.len()]);
            }
            assert_eq!(is_safe_href(&href), is_safe_href_plain(&href), "{href:?}");
        }
    }
}
