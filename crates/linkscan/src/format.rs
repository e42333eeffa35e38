//! Formatting links for people to read: UTS #58 §4 minimal escaping of a
//! URL's path, query and fragment, the display form of a whole URL, and
//! §5.3 quoting of email local parts.
//!
//! A minimally escaped URL keeps letters of every script readable and
//! escapes only what would make link detection end early or in the wrong
//! place, so that the form shown between two spaces in running text is
//! detected as exactly one link.
//!
//! ```
//! use linkscan::format::{display_url, quote_local_part};
//!
//! assert_eq!(
//!     display_url("https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88"),
//!     "https://ja.wikipedia.org/wiki/アルベルト",
//! );
//! // A final `.` would be left out of the link by a detector, so it stays escaped.
//! assert_eq!(display_url("https://example.com/a.b%2E"), "https://example.com/a.b%2E");
//! assert_eq!(quote_local_part("john doe").unwrap(), "\"john doe\"");
//! ```

pub use crate::pqf::Part;
use crate::pqf::{BracketStack, markup_at};
use crate::props::{LinkTerm, is_link_email, link_term};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Appends the minimally escaped form of one URL part to `out`, without its
/// initiator: the UTS #58 §4.1 algorithm.
///
/// `text` must already have the part's own syntax characters escaped where
/// they are literal content, as §4.1 requires: `/ ? #` inside a path
/// segment, `+ # = &` inside a query key or value, the `:` of a literal
/// `:~:` in a fragment, and also `& ,` in a fragment directive. This
/// function then percent-escapes (as UTF-8, uppercase hex) exactly the code
/// points that §4.1 requires: Hard ones, terminators of the part, unmatched
/// Close brackets, Open brackets beyond the stack limit of 125, and — when
/// `last` is true, meaning no non-empty part follows — the final code point
/// if it is not already copied (a trailing Soft character such as `.`).
///
/// ```
/// use linkscan::format::escape_part;
/// use linkscan::format::Part;
///
/// let mut out = String::new();
/// escape_part(&mut out, Part::Path, "wiki/Ракь_(планета))", true);
/// assert_eq!(out, "wiki/Ракь_(планета)%29");
/// ```
pub fn escape_part(out: &mut String, part: Part, text: &str, last: bool) {
    escape_part_as(out, part, text, last, false);
}

/// [`escape_part`]; with `shown`, for a display form: the code points that
/// would mislead a reader ([`shown_escaped`]) are escaped too.
fn escape_part_as(out: &mut String, part: Part, text: &str, last: bool, shown: bool) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut stack = BracketStack::new();
    for (i, c) in text.char_indices() {
        let term = if part.terminator_at(bytes, i).is_some() { LinkTerm::Hard } else { link_term(c) };
        if part.clear_stack_at(bytes, i).is_some() {
            stack.clear();
        }
        // What the default profile reads as markup after a link: a quote
        // glued to `/` or `>`, a closing tag (`</a`). The display form
        // escapes it (§4.1's minimal escaping, for `strict`, does not).
        let markup = shown && markup_at(bytes, i);
        let copy = match term {
            _ if markup => false,
            LinkTerm::Include if shown && shown_escaped(c) => false,
            LinkTerm::Include => true,
            LinkTerm::Hard => false,
            LinkTerm::Soft => continue,
            LinkTerm::Open => stack.push(c),
            LinkTerm::Close => stack.close(c),
        };
        out.push_str(&text[copied..i]);
        if copy {
            out.push(c);
        } else {
            percent_escape(out, c);
        }
        copied = i + c.len_utf8();
    }
    let rest = &text[copied..];
    match rest.chars().next_back() {
        Some(final_char) if last => {
            out.push_str(&rest[..rest.len() - final_char.len_utf8()]);
            percent_escape(out, final_char);
        }
        _ => out.push_str(rest),
    }
}

/// Minimally escapes a sequence of URL parts (§4.1), each written after its
/// initiator (`/`, `?`, `#`, `:~:`). The final-code-point rule applies to
/// the last part with non-empty text. Each part's text must be escaped as
/// [`escape_part`] describes.
///
/// ```
/// use linkscan::format::escape_parts;
/// use linkscan::format::Part;
///
/// let url = escape_parts(&[(Part::Path, "αβγ/δ.εζ."), (Part::Query, "θ=ι κ")]);
/// assert_eq!(url, "/αβγ/δ.εζ.?θ=ι%20κ");
/// ```
pub fn escape_parts(parts: &[(Part, &str)]) -> String {
    let mut out = String::new();
    let last = parts.iter().rposition(|(_, text)| !text.is_empty());
    for (i, &(part, text)) in parts.iter().enumerate() {
        out.push_str(part.initiator());
        escape_part(&mut out, part, text, Some(i) == last);
    }
    out
}

/// Whether a display form keeps `c` percent-escaped, as browsers' URL
/// formatters do: bidi controls (U+202E would reorder what the reader
/// sees: `%E2%80%AEgnp.exe`), invisible code points
/// (Default_Ignorable_Code_Point: U+200B, U+00AD, U+2066, variation
/// selectors …, but ZWNJ and ZWJ, which Persian, Indic scripts and emoji
/// sequences need), and look-alikes of `/` and of the lock icon.
fn shown_escaped(c: char) -> bool {
    if (c as u32) < 0xAD {
        return false;
    }
    let ranges = crate::tables::SHOWN_ESCAPED;
    let k = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(k).is_some_and(|&(lo, _)| lo <= c)
}

fn percent_escape(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_escape(out, b);
    }
}

fn push_escape(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte a `%XX` escape at `s[i..]` stands for.
fn escape_at(s: &[u8], i: usize) -> Option<u8> {
    match s.get(i..i + 3)? {
        [b'%', h, l] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// The ASCII character the raw text at `s[i..]` decodes to (a literal or a
/// `%XX` escape), and its raw length.
fn decoded_ascii_at(s: &[u8], i: usize) -> Option<(u8, usize)> {
    match escape_at(s, i) {
        Some(b) if b < 0x80 => Some((b, 3)),
        Some(_) => None,
        None => s.get(i).filter(|b| b.is_ascii()).map(|&b| (b, 1)),
    }
}

/// Decodes the `%XX` escapes at `s[i..]` that form one UTF-8 character.
fn utf8_escape_at(s: &[u8], i: usize, lead: u8) -> Option<(char, usize)> {
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [lead, 0, 0, 0];
    for (k, slot) in buf.iter_mut().enumerate().take(len).skip(1) {
        *slot = escape_at(s, i + 3 * k)?;
    }
    let c = core::str::from_utf8(&buf[..len]).ok()?.chars().next()?;
    Some((c, 3 * len))
}

/// Whether the ASCII character `c` of a part of kind `part` must be written
/// escaped because as a literal it would change the URL's structure.
/// `rest` is the raw offset after it, `decoded` the part's decoded text so far.
fn syntax_significant(part: Part, c: u8, s: &[u8], rest: usize, decoded: &str) -> bool {
    let next = decoded_ascii_at(s, rest);
    let after_next = next.and_then(|(_, n)| decoded_ascii_at(s, rest + n));
    let is_hex = |d: Option<(u8, usize)>| d.is_some_and(|(b, _)| b.is_ascii_hexdigit());
    let is = |d: Option<(u8, usize)>, want: u8| d.is_some_and(|(b, _)| b == want);
    // A decoded `%` followed by two hex digits would read as an escape.
    if c == b'%' {
        return is_hex(next) && is_hex(after_next);
    }
    match part {
        Part::Path => matches!(c, b'/' | b'?' | b'#'),
        Part::Query => matches!(c, b'+' | b'#' | b'=' | b'&'),
        Part::Fragment | Part::FragmentDirective => {
            // Never create a `:~:` (the start of a directive) by decoding.
            let creates_directive = match c {
                b':' => (is(next, b'~') && is(after_next, b':')) || decoded.ends_with(":~"),
                b'~' => decoded.ends_with(':') && is(next, b':'),
                _ => false,
            };
            creates_directive || (part == Part::FragmentDirective && matches!(c, b'&' | b',' | b'-'))
        }
    }
}

/// Decodes the raw text of one part into the form [`escape_part`] takes:
/// `%XX` escapes that form valid UTF-8 become characters, except ASCII
/// characters that are syntax in this part; invalid UTF-8 stays escaped
/// (with uppercase hex). `before` and `after` are the syntax written around
/// the part (its initiator, the next directive's initiator), so that no
/// decoded character forms syntax together with them.
fn decode_part(part: Part, raw: &str, before: &str, after: &str) -> String {
    let joined = [raw, after].concat();
    let s = joined.as_bytes();
    let mut out = String::with_capacity(before.len() + raw.len());
    out.push_str(before);
    let mut i = 0;
    while i < raw.len() {
        let Some(b) = escape_at(s, i).filter(|_| i + 3 <= raw.len()) else {
            let c = raw[i..].chars().next().unwrap_or_default();
            // A lone `%` that decoding puts before two hex digits must be escaped.
            if c == '%' && syntax_significant(part, b'%', s, i + 1, &out) {
                out.push_str("%25");
            } else {
                out.push(c);
            }
            i += c.len_utf8();
            continue;
        };
        if b < 0x80 {
            if syntax_significant(part, b, s, i + 3, &out) {
                push_escape(&mut out, b);
            } else {
                out.push(char::from(b));
            }
            i += 3;
        } else if let Some((c, n)) = utf8_escape_at(&s[..raw.len()], i, b) {
            if shown_escaped(c) {
                percent_escape(&mut out, c);
            } else {
                out.push(c);
            }
            i += n;
        } else {
            push_escape(&mut out, b);
            i += 3;
        }
    }
    out.split_off(before.len())
}

/// The display form of a whole URL: what a person should see and copy.
///
/// The scheme, userinfo, host and port are kept as they are (with the
/// `idna` feature, an A-label of the host whose Unicode form is valid and
/// does not mix scripts is shown in Unicode: `xn--fsqu00a.xn--fiqs8s` as
/// `例子.中国`, while `xn--pple-43d.com`, a Cyrillic `а` among Latin
/// letters, stays as it is). In the path,
/// query and fragment, `%XX` escapes of valid UTF-8 are decoded unless the
/// character is syntax in its part (`%2F` in a path segment, `%26` in a query
/// value, …), invalid UTF-8 stays escaped, a decoded `%` followed by two hex
/// digits is written `%25`, and the result is minimally escaped by UTS #58
/// §4.1 — so the display form, placed in running text, is detected as
/// exactly this link. Applying `display_url` to its own output changes
/// nothing.
///
/// Accepts absolute URLs (`https://host/…`), scheme-relative ones
/// (`//host/…`), scheme-less ones (`example.com/…`) and non-hierarchical
/// ones (`mailto:…`, whose opaque path is treated like a path). Never fails:
/// any string has a display form.
///
/// ```
/// use linkscan::format::display_url;
///
/// assert_eq!(
///     display_url("https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6."),
///     "https://example.com/αβγ/δ.εζ%2E",
/// );
/// // Syntax characters inside a part and invalid UTF-8 stay escaped.
/// assert_eq!(display_url("https://example.com/a%2Fb?q=%26%FF"), "https://example.com/a%2Fb?q=%26%FF");
/// // An unmatched closing bracket is escaped, a matched one is not.
/// assert_eq!(display_url("https://example.com/(a))"), "https://example.com/(a)%29");
/// ```
pub fn display_url(url: &str) -> String {
    let (head, rest) = split_head(url);
    let (path, rest) = rest.split_at(rest.find(['?', '#']).unwrap_or(rest.len()));
    let (query, fragment) = match rest.find('#') {
        Some(h) => (&rest[..h], Some(&rest[h + 1..])),
        None => (rest, None),
    };

    // (part, whether its initiator is written, decoded text)
    let mut pieces: Vec<(Part, bool, String)> = Vec::new();
    if let Some(p) = path.strip_prefix('/') {
        pieces.push((Part::Path, true, decode_part(Part::Path, p, "", "")));
    } else if !path.is_empty() {
        pieces.push((Part::Path, false, decode_part(Part::Path, path, "", "")));
    }
    if let Some(q) = query.strip_prefix('?') {
        pieces.push((Part::Query, true, decode_part(Part::Query, q, "", "")));
    }
    if let Some(f) = fragment {
        let directives: Vec<&str> = f.split(":~:").collect();
        for (k, raw) in directives.iter().enumerate() {
            let (part, before) =
                if k == 0 { (Part::Fragment, "#") } else { (Part::FragmentDirective, ":~:") };
            let after = if k + 1 < directives.len() { ":~:" } else { "" };
            pieces.push((part, true, decode_part(part, raw, before, after)));
        }
    }

    let mut out = String::with_capacity(url.len());
    // With the `idna` feature, safe A-labels of the host are shown as
    // Unicode — where the head has a host: not in an opaque URL
    // (`mailto:…`, `xn--x:@…`, whose scheme is no host).
    #[cfg(feature = "idna")]
    if has_host(head) {
        out.push_str(&crate::idna::display_host(head));
    } else {
        out.push_str(head);
    }
    #[cfg(not(feature = "idna"))]
    out.push_str(head);
    let last = pieces.iter().rposition(|(_, _, text)| !text.is_empty());
    for (i, (part, initiator, text)) in pieces.iter().enumerate() {
        if *initiator {
            out.push_str(part.initiator());
        }
        escape_part_as(&mut out, *part, text, Some(i) == last, true);
    }
    out
}

/// Whether the head [`split_head`] gives has a host: an authority after
/// `//`, or a scheme-less URL that starts with its host.
#[cfg(feature = "idna")]
fn has_host(head: &str) -> bool {
    head.contains("//") || !head.ends_with(':')
}

/// Splits a URL into what passes through unchanged (scheme and authority)
/// and the rest (path, query, fragment).
fn split_head(url: &str) -> (&str, &str) {
    let scheme_len = crate::host::scheme_colon(url).map_or(0, |colon| colon + 1);
    // Scheme-less, `example.com/…` starts with its host; an opaque URL
    // (`mailto:…`) has none.
    let end = crate::host::authority(url, scheme_len == 0).map_or(scheme_len, |authority| authority.end);
    url.split_at(end)
}

/// Why an email local part cannot be written even when quoted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum QuoteError {
    /// The text has a control character (other than a tab) at this byte
    /// offset; RFC 5322/6532 allow none, quoted or not.
    ControlCharacter {
        /// Byte offset in the local part (or address).
        offset: usize,
        /// The character.
        character: char,
    },
    /// The address has no `@`.
    MissingAt,
}

impl fmt::Display for QuoteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuoteError::ControlCharacter { offset, character } => write!(
                f,
                "control character U+{:04X} at byte {offset} cannot appear in an email local part",
                u32::from(*character)
            ),
            QuoteError::MissingAt => {
                f.write_str("an email address needs an `@` between local part and domain")
            }
        }
    }
}

impl core::error::Error for QuoteError {}

/// Quotes an email local part when it needs it (UTS #58 §5.3).
///
/// A local part made only of `Link_Email` characters, with no leading,
/// trailing or doubled `.`, is returned as it is (borrowed): a detector
/// finds it unquoted. Anything else is enclosed in `"…"`, with `"` and `\`
/// escaped by a backslash. Control characters other than tab cannot be
/// written at all, quoted or not, and give an error.
///
/// ```
/// use linkscan::format::quote_local_part;
///
/// assert_eq!(quote_local_part("アルベルト.アインシュタイン").unwrap(), "アルベルト.アインシュタイン");
/// assert_eq!(quote_local_part("john..doe").unwrap(), r#""john..doe""#);
/// assert_eq!(quote_local_part(r#"say "hi""#).unwrap(), r#""say \"hi\"""#);
/// assert!(quote_local_part("a\u{7}b").is_err());
/// ```
pub fn quote_local_part(local: &str) -> Result<Cow<'_, str>, QuoteError> {
    if let Some((offset, character)) = local.char_indices().find(|&(_, c)| c.is_ascii_control() && c != '\t')
    {
        return Err(QuoteError::ControlCharacter { offset, character });
    }
    let dots_ok = !local.starts_with('.') && !local.ends_with('.') && !local.contains("..");
    if !local.is_empty() && dots_ok && local.chars().all(is_link_email) {
        return Ok(Cow::Borrowed(local));
    }
    let mut out = String::with_capacity(local.len() + 2);
    out.push('"');
    for c in local.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    Ok(Cow::Owned(out))
}

/// The display form of an email address: the local part quoted where UTS
/// #58 §5.3 requires it (see [`quote_local_part`]), the domain unchanged.
/// The local part is everything before the last `@`.
///
/// ```
/// use linkscan::format::display_email;
///
/// assert_eq!(display_email("john doe@example.com").unwrap(), "\"john doe\"@example.com");
/// assert_eq!(display_email("σωκράτης@example.com").unwrap(), "σωκράτης@example.com");
/// assert!(display_email("example.com").is_err());
/// ```
pub fn display_email(address: &str) -> Result<String, QuoteError> {
    let at = address.rfind('@').ok_or(QuoteError::MissingAt)?;
    let (local, domain) = address.split_at(at);
    let mut out = String::from(quote_local_part(local)?);
    out.push_str(domain);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(part: Part, text: &str, last: bool) -> String {
        let mut out = String::new();
        escape_part(&mut out, part, text, last);
        out
    }

    #[test]
    fn separators_clear_the_bracket_stack() {
        assert_eq!(escaped(Part::Path, "a(b/c)d", true), "a(b/c%29d");
        assert_eq!(escaped(Part::Query, "k(=v)&w", true), "k(=v%29&w");
        assert_eq!(escaped(Part::Query, "k=(v&)w", true), "k=(v&%29w");
        assert_eq!(escaped(Part::FragmentDirective, "text=(a,b)", true), "text=(a,b%29");
        assert_eq!(escaped(Part::FragmentDirective, "text=(a&b)", true), "text=(a&b%29");
        // Not separators of these parts: the brackets match.
        assert_eq!(escaped(Part::Fragment, "x(a,b&c=d/e)", true), "x(a,b&c=d/e)");
        assert_eq!(escaped(Part::Query, "x(a/b)", true), "x(a/b)");
    }

    #[test]
    fn brackets_match_by_link_bracket() {
        assert_eq!(escaped(Part::Path, "([{「（x）」}])", true), "([{「（x）」}])");
        assert_eq!(escaped(Part::Path, "a(]b", true), "a(%5Db");
        // A closer that does not match is escaped and pops nothing, as
        // detection sees it (§4.1's pseudo-code pops here: an erratum, see
        // `BracketStack::close`), so both `)` match their `(`.
        assert_eq!(escaped(Part::Path, "((]))", true), "((%5D))");
        assert_eq!(escaped(Part::Path, "<a>b>", true), "<a>b%3E");
    }

    #[test]
    fn terminators_of_the_part_are_escaped() {
        assert_eq!(escaped(Part::Path, "a#b", false), "a%23b");
        assert_eq!(escaped(Part::Query, "a#b?c", false), "a%23b?c");
        assert_eq!(escaped(Part::Fragment, "a:~:b#c?d", false), "a%3A~:b#c?d");
    }

    #[test]
    fn soft_code_points_are_held_back() {
        assert_eq!(escaped(Part::Path, "a..b..", false), "a..b..");
        assert_eq!(escaped(Part::Path, "a..b..", true), "a..b.%2E");
        assert_eq!(escaped(Part::Path, "a.. b", true), "a..%20b");
        assert_eq!(escaped(Part::Path, "。", true), "%E3%80%82");
        assert_eq!(escaped(Part::Path, "", true), "");
    }

    #[test]
    fn the_last_non_empty_part_gets_the_final_rule() {
        assert_eq!(escape_parts(&[(Part::Path, "a."), (Part::Query, "")]), "/a%2E?");
        assert_eq!(escape_parts(&[(Part::Path, "a."), (Part::Fragment, "b.")]), "/a.#b%2E");
        assert_eq!(
            escape_parts(&[(Part::Fragment, "top"), (Part::FragmentDirective, "text=a,b.")]),
            "#top:~:text=a,b%2E"
        );
    }

    #[test]
    #[cfg(feature = "idna")]
    fn only_a_labels_are_shown_in_unicode() {
        // Found by the `format` fuzz target: a label with Punycode after
        // `xn--` but not ASCII (a full-width `／`, NULs) was decoded, its
        // `／` mapped to `/`, and the display form was no fixed point.
        let url = "xn--qtyt0\u{1}\0\0\0\0\0\0\0--qyt1a\u{7f}\0w\u{FF0F}c\0\0\0tt--ytt";
        let shown = display_url(url);
        assert_eq!(display_url(&shown), shown);
        assert!(!shown.contains('/'), "{shown}");
        assert_eq!(display_url("https://xn--fsqu00a.xn--fiqs8s/"), "https://例子.中国/");
        assert_eq!(display_url("https://XN--FSQU00A.com/"), "https://例子.com/");
    }

    #[test]
    fn display_url_decodes_what_is_safe() {
        let cases = [
            ("https://x.com/%E3%82%A2?%E3%82%A2=%E3%82%A2#%E3%82%A2", "https://x.com/ア?ア=ア#ア"),
            ("https://x.com/a%2Fb%3Fc%23d/%2e", "https://x.com/a%2Fb%3Fc%23d/%2E"),
            ("https://x.com/?a%3Db%26c%2Bd%23e=%3F%2F", "https://x.com/?a%3Db%26c%2Bd%23e=?/"),
            ("https://x.com/#a%3A%7E%3Ab%23", "https://x.com/#a%3A~:b#"),
            ("https://x.com/#a:%7E%3Ab", "https://x.com/#a:%7E:b"),
            ("https://x.com/#a%3A~:b", "https://x.com/#a%3A~:b"),
            ("https://x.com/#t:~:text=a%2Cb%26c%2Dd%41", "https://x.com/#t:~:text=a%2Cb%26c%2DdA"),
            ("https://x.com/%%34%31", "https://x.com/%2541"),
            ("https://x.com/%25%34%31%25zz%25", "https://x.com/%2541%zz%"),
            ("https://x.com/%C3%28%FF%E3%82", "https://x.com/%C3(%FF%E3%82"),
            ("https://x.com/%ED%A0%80", "https://x.com/%ED%A0%80"),
            ("https://x.com/a%20b%C2%A0c%09", "https://x.com/a%20b%C2%A0c%09"),
            ("https://x.com/%28a%29%29", "https://x.com/(a)%29"),
            ("https://user:pw@[::1]:8080/%CE%B1", "https://user:pw@[::1]:8080/α"),
            ("HTTPS://X.COM", "HTTPS://X.COM"),
            ("//x.com/%CE%B1.", "//x.com/α%2E"),
            ("example.com/%CE%B1?q", "example.com/α?q"),
            ("mailto:%E3%82%A2@example.com?subject=hi%20there", "mailto:ア@example.com?subject=hi%20there"),
            ("", ""),
            ("%", "%"),
            // Decoding must not form `:~:` with the initiators around a part.
            ("https://x.com/#a:~:~%3A", "https://x.com/#a:~:~%3A"),
            ("https://x.com/#a%3A%7E:~:b", "https://x.com/#a%3A~:~:b"),
            ("https://x.com/#a:~:%7E:b", "https://x.com/#a:~:%7E:b"),
            ("https://x.com/#:~:%7E", "https://x.com/#:~:~"),
        ];
        for (input, expected) in cases {
            assert_eq!(display_url(input), expected, "{input}");
        }
    }

    #[test]
    fn local_parts_are_quoted_when_needed() {
        assert_eq!(quote_local_part("john.doe").unwrap(), "john.doe");
        assert_eq!(quote_local_part("").unwrap(), r#""""#);
        assert_eq!(quote_local_part(".john").unwrap(), r#"".john""#);
        assert_eq!(quote_local_part("john.").unwrap(), r#""john.""#);
        assert_eq!(quote_local_part("a,b").unwrap(), r#""a,b""#);
        assert_eq!(quote_local_part(r"a\b").unwrap(), r#""a\\b""#);
        assert_eq!(quote_local_part("a\tb").unwrap(), "\"a\tb\"");
        assert_eq!(
            quote_local_part("ab\u{7F}"),
            Err(QuoteError::ControlCharacter { offset: 2, character: '\u{7F}' })
        );
        assert_eq!(display_email("a@b@example.com").unwrap(), "\"a@b\"@example.com");
    }
}
