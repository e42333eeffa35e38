//! The MD4C dialect: md4c's permissive autolinks (md4c master,
//! `spec-permissive-autolinks.txt`).
//!
//! A candidate starts at `@` (email), `http://` / `https://` / `ftp://`
//! (URL) or `www.`, must be set off from the text around it, and is built
//! from segments — user name, host, path, query, fragment — each a run of
//! ASCII letters and digits with a few extra characters. Delimiter
//! characters must stand between letters or digits; brackets in a query
//! must balance. A candidate that breaks a rule is rejected whole.
//!
//! Its host is md4c's segment, not a UTS #46 name: it is read once,
//! forward, by [`scan_segment`] (as the other segments are), and never
//! by [`domain`](crate::domain), whose labels md4c does not have.

use crate::explain::{Rule, Why};
use crate::finder::{Edge, Kinds, Link, LinkFinder, LinkKind};
use crate::scan::{Cached, Cursor};

/// Where an MD4C scan stands.
#[derive(Clone, Default)]
pub(crate) struct Scan<W = ()> {
    pub(crate) cursor: Cursor,
    /// Where its decisions are reported ([`LinkFinder::explain`]).
    pub(crate) why: W,
    /// The next `:` or `@`, and the next `www.`.
    colon: Cached,
    www: Cached,
}

impl<W: Why> Scan<W> {
    pub(crate) fn new(cursor: Cursor) -> Scan<W> {
        Scan { cursor, ..Scan::default() }
    }
}

/// The characters one segment is made of.
struct Segment {
    /// Separates components (`.` in a host, `/` in a path, `&` in a query).
    component: Option<u8>,
    /// Count as letters.
    extra: &'static [u8],
    /// Must stand between letters (or `extra` characters).
    delims: &'static [u8],
}

const USER: Segment = Segment { component: None, extra: b"", delims: b".-+_" };
const HOST: Segment = Segment { component: Some(b'.'), extra: b"", delims: b"-_" };
// `%` since md4c master 38592ac (2026-06-06, "Accept percent sign in auto links").
const PATH: Segment = Segment { component: Some(b'/'), extra: b".+-_~%", delims: b"" };
const QUERY: Segment = Segment { component: Some(b'&'), extra: b"._=()", delims: b"+-" };
const FRAGMENT: Segment = Segment { component: None, extra: b"", delims: b".-+_" };

/// Scans a segment from byte `from` towards `limit` (backward when
/// `backward`): `(where it ends, how many components it has)`, or `None`
/// when its parentheses do not balance. A delimiter the scan took last is
/// given back (as md4c does, also when nothing was taken; backward, md4c
/// has then already stepped onto the character that stopped it, so a
/// leading delimiter stays).
fn scan_segment(
    bytes: &[u8],
    from: usize,
    limit: usize,
    seg: &Segment,
    backward: bool,
) -> Option<(usize, usize)> {
    let (mut at, mut components, mut open) = (from, 0, 0i32);
    let (mut after_delim, mut after_component) = (true, true);
    let mut component_start = from;
    loop {
        if at == limit {
            break;
        }
        let i = if backward { at - 1 } else { at };
        let c = bytes[i];
        // md4c scans a line at a time: a line start ends a backward scan as
        // the start of the text does.
        if backward && matches!(c, b'\n' | b'\r') {
            break;
        }
        if !backward {
            if c == b'(' {
                open += 1;
            } else if c == b')' {
                if open <= 0 {
                    break;
                }
                open -= 1;
            }
        }
        if c.is_ascii_alphanumeric() || seg.extra.contains(&c) {
            (after_delim, after_component) = (false, false);
        } else if after_delim {
            // md4c stops here having stepped onto the character when
            // scanning backward (its give-back then keeps the delimiter:
            // ` .v@l.org` links `.v@l.org`).
            at = if backward { at - 1 } else { at };
            break;
        } else if seg.delims.contains(&c) {
            after_delim = true;
        } else if seg.component == Some(c) {
            if after_component {
                at = if backward { at - 1 } else { at };
                break;
            }
            after_component = true;
            component_start = i;
            components += 1;
        } else {
            break;
        }
        at = if backward { at - 1 } else { at + 1 };
    }
    if after_delim || after_component {
        at = if backward { at + 1 } else { at - 1 };
    }
    if at != component_start {
        components += 1;
    }
    (open == 0).then_some((at, components))
}

/// The host from `from`: its end if it has two or more components. (The
/// spec's prose asks for a last component of two or more characters; md4c
/// does not check it, and `www.a.b` is linked.)
fn host_end(bytes: &[u8], from: usize) -> Result<usize, Rule> {
    let (end, components) =
        scan_segment(bytes, from, bytes.len(), &HOST, false).ok_or(Rule::Md4cParentheses)?;
    if end > from && components >= 2 { Ok(end) } else { Err(Rule::Md4cHost) }
}

/// May a link start at `beg`? After a line start, white space, `(` `{`
/// `[`, or an emphasis opener.
fn left_ok<W>(text: &str, beg: usize, scan: &Scan<W>) -> bool {
    if beg == 0 {
        return matches!(scan.cursor.context.before, Edge::Block | Edge::Line | Edge::EmphasisOpen);
    }
    let c = text[..beg].chars().next_back().unwrap_or(' ');
    c.is_whitespace() || matches!(c, '(' | '{' | '[')
}

/// May a link end at `end`? Before a line end, white space, `)` `}` `]`
/// `.` `!` `?` `,` `;`, or an emphasis closer.
fn right_ok<W>(text: &str, end: usize, scan: &Scan<W>) -> bool {
    match text[end..].chars().next() {
        None => matches!(scan.cursor.context.after, Edge::Block | Edge::Line | Edge::EmphasisClose),
        Some(c) => c.is_whitespace() || matches!(c, ')' | '}' | ']' | '.' | '!' | '?' | ',' | ';'),
    }
}

/// An email address around the `@` at byte `at`.
fn email<W: Why>(text: &str, at: usize, scan: &mut Scan<W>) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let (beg, users) = scan_segment(bytes, at, scan.cursor.floor, &USER, true)?;
    if users < 1 {
        scan.why.note(Rule::Md4cUser, (at, at + 1));
        return None;
    }
    if !left_ok(text, beg, scan) {
        scan.why.note(Rule::Md4cLeft, (beg.min(at), at));
        return None;
    }
    let end = match host_end(bytes, at + 1) {
        Ok(end) => end,
        Err(rule) => {
            scan.why.note(rule, (beg.min(at), at + 1));
            return None;
        }
    };
    set_off_after(text, (beg, end), Rule::Md4cEmail, scan)
}

/// The link `start..end`, if it is set off from what follows it, with the
/// decisions that made it (`rule` its start).
fn set_off_after<W: Why>(
    text: &str,
    (start, end): (usize, usize),
    rule: Rule,
    scan: &mut Scan<W>,
) -> Option<(usize, usize)> {
    if !right_ok(text, end, scan) {
        if W::KEEPS {
            let next = text[end..].chars().next().map_or(0, char::len_utf8);
            scan.why.note(Rule::Md4cRight, (end, end + next));
        }
        return None;
    }
    scan.why.note(rule, (start, end));
    scan.why.note(Rule::Md4cSegmentEnd, (end, end));
    Some((start, end))
}

/// A URL (`host` after `scheme://`) or `www.` link starting at `beg`.
fn url<W: Why>(text: &str, beg: usize, host: usize, scan: &mut Scan<W>) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    if !left_ok(text, beg, scan) {
        scan.why.note(Rule::Md4cLeft, (beg, host));
        return None;
    }
    let end = match path_query_fragment(bytes, host) {
        Ok(end) => end,
        Err(rule) => {
            scan.why.note(rule, (beg, host));
            return None;
        }
    };
    let rule = if bytes[beg..].starts_with(b"www.") { Rule::Md4cWww } else { Rule::Md4cScheme };
    set_off_after(text, (beg, end), rule, scan)
}

/// Where the host from `host`, and the path, query and fragment after it, end.
fn path_query_fragment(bytes: &[u8], host: usize) -> Result<usize, Rule> {
    let mut end = host_end(bytes, host)?;
    let segment = |from: usize, seg: &Segment| {
        scan_segment(bytes, from, bytes.len(), seg, false).map(|(end, _)| end).ok_or(Rule::Md4cParentheses)
    };
    if bytes.get(end) == Some(&b'/') {
        end = segment(end + 1, &PATH)?;
        if bytes.get(end) == Some(&b'/') {
            end += 1;
        }
    }
    if bytes.get(end) == Some(&b'?') {
        end = segment(end + 1, &QUERY)?;
    }
    if bytes.get(end) == Some(&b'#') {
        end = segment(end + 1, &FRAGMENT)?;
    }
    Ok(end)
}

/// The scheme (`http`, `https`, `ftp`) that ends at the `:` at byte `colon`.
fn scheme_start(bytes: &[u8], colon: usize, floor: usize) -> Option<usize> {
    if !bytes[colon..].starts_with(b"://") {
        return None;
    }
    [&b"https"[..], b"http", b"ftp"]
        .iter()
        .find(|s| colon >= floor + s.len() && &bytes[colon - s.len()..colon] == **s)
        .map(|s| colon - s.len())
}

pub(crate) fn next_link<'t, W: Why>(
    finder: &LinkFinder,
    text: &'t str,
    scan: &mut Scan<W>,
) -> Option<Link<'t>> {
    let bytes = text.as_bytes();
    let (urls, www, emails) = (
        finder.kinds.contains(Kinds::URL),
        finder.kinds.contains(Kinds::WWW),
        finder.kinds.contains(Kinds::EMAIL),
    );
    loop {
        let pos = scan.cursor.pos;
        let mark = if emails {
            scan.colon.next(pos, |p| memchr::memchr2(b'@', b':', &bytes[p..]))
        } else {
            scan.colon.next(pos, |p| memchr::memchr(b':', &bytes[p..]))
        };
        let w =
            if www { scan.www.next(pos, |p| crate::scan::find_bytes(&bytes[p..], b"www.")) } else { None };
        let (at, found) = match (mark, w) {
            (Some(m), Some(w)) if w < m => (w, url(text, w, w + 4, scan).map(|r| (r, false))),
            (None, Some(w)) => (w, url(text, w, w + 4, scan).map(|r| (r, false))),
            (Some(m), _) if bytes[m] == b'@' => (m, email(text, m, scan).map(|r| (r, true))),
            (Some(m), _) => {
                let found = match scheme_start(bytes, m, scan.cursor.floor) {
                    Some(s) if urls => url(text, s, m + 3, scan),
                    None if W::KEEPS && urls && bytes[m..].starts_with(b"://") => {
                        let start =
                            bytes[..m].iter().rposition(|b| !b.is_ascii_alphanumeric()).map_or(0, |i| i + 1);
                        scan.why.note(Rule::Md4cSchemeUnknown, (start.max(scan.cursor.floor).min(m), m));
                        None
                    }
                    _ => None,
                };
                (m, found.map(|r| (r, false)))
            }
            (None, None) => {
                scan.cursor.pos = bytes.len();
                return None;
            }
        };
        scan.cursor.pos = at + 1;
        if let Some(((start, end), is_email)) = found {
            let (kind, scheme) = if is_email {
                (LinkKind::Email, false)
            } else {
                (LinkKind::Url, !bytes[start..].starts_with(b"www."))
            };
            return Some(scan.cursor.link(finder, text, (start, end), kind, scheme));
        }
    }
}
