//! The GFM dialect: the autolink extension of cmark-gfm 0.29.0.gfm.13.
//!
//! As in cmark-gfm, URL (`http://`, `https://`, `ftp://`) and `www.` links
//! are found first, left to right; email addresses (with `mailto:` and
//! `xmpp:` forms) are then found in the text between them. Characters are
//! classified as cmark-gfm does: ASCII for emails and schemes; "valid host
//! characters" (not white space, not Unicode punctuation) for domains,
//! examined byte by byte so that a domain check stops inside the first
//! multi-byte character after the host's first one.
//!
//! With Unicode ends ([`LinkFinder::unicode_ends`]) the host is also a
//! UTS #46 name: read once from its first byte as a
//! [`Domain`](crate::domain::Domain), which bounds cmark-gfm's domain check
//! and gives the link's host, trailing separator and port.

use crate::domain::Domain;
use crate::explain::{Rule, Why};
use crate::finder::{Edge, Kinds, Link, LinkFinder, LinkKind};
use crate::host::{Port, port_at};
use crate::pqf::pqf_walk;
use crate::props::is_punctuation;
use crate::scan::{Cached, Cursor};

/// Where a GFM scan stands.
#[derive(Clone, Default)]
pub(crate) struct Scan<W = ()> {
    pub(crate) cursor: Cursor,
    /// Where its decisions are reported ([`LinkFinder::explain`]).
    pub(crate) why: W,
    /// The decisions about the URL link found ahead (`next_url`), reported
    /// when it is given.
    url_why: W,
    /// Where the search for URL and `www.` links goes on, and the next such
    /// link found (`start`, `end`, whether it is a `www.` link).
    url_pos: usize,
    next_url: Option<Option<(usize, usize, bool)>>,
    /// The next `:` and `www.`.
    colon: Cached,
    www: Cached,
}

impl<W: Why> Scan<W> {
    pub(crate) fn new(cursor: Cursor) -> Scan<W> {
        Scan { cursor, ..Scan::default() }
    }
}

/// `cmark_isspace`: space, tab, line feed, carriage return (not vertical
/// tab or form feed). Ends a link; may precede `www.`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// `cmark_utf8proc_is_space`: cmark's Unicode white space (form feed is
/// one, vertical tab and U+0085, U+2028, U+2029 are not).
fn is_unicode_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\x0C' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// The character at byte `i` is a valid host character: not white space,
/// not punctuation. A continuation byte is not (cmark-gfm decodes at each
/// byte).
fn is_valid_host_char(text: &str, i: usize) -> bool {
    let b = text.as_bytes()[i];
    if b < 0x80 {
        return b.is_ascii_alphanumeric() || (!is_unicode_space(char::from(b)) && !b.is_ascii_punctuation());
    }
    if !text.is_char_boundary(i) {
        return false;
    }
    let c = text[i..].chars().next().unwrap_or(' ');
    !is_unicode_space(c) && !is_punctuation(c)
}

/// cmark-gfm's `check_domain` on `text[start..]`: the length of the domain,
/// or `None` when an underscore is in its last two segments (with at most
/// ten segments) or, unless `allow_short`, it has no `.`. `size` is the
/// length cmark-gfm sees, whose last byte it never examines.
fn check_domain(text: &str, start: usize, size: usize, allow_short: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut dots, mut underscores_last, mut underscores_previous) = (0, 0, 0);
    let mut i = 1;
    while i + 1 < size {
        // A backslash and the character it escapes: the character is
        // classified, the backslash kept (`www.c.net\._x` has `_x` last).
        if bytes[start + i] == b'\\' && i + 2 < size {
            i += 1;
        }
        match bytes[start + i] {
            b'_' => underscores_last += 1,
            b'.' => {
                underscores_previous = underscores_last;
                underscores_last = 0;
                dots += 1;
            }
            b'-' => {}
            _ if is_valid_host_char(text, start + i) => {}
            _ => break,
        }
        i += 1;
    }
    if (underscores_previous > 0 || underscores_last > 0) && dots <= 10 {
        return None;
    }
    (allow_short || dots > 0).then_some(i)
}

/// cmark-gfm's `autolink_delim`: where a link found as `data[..end]` really
/// ends (trailing punctuation, unmatched `)`, an entity-like `&letters;`
/// and anything from `<` on are left out). 0 if nothing is left.
fn autolink_delim<W: Why>(data: &[u8], mut end: usize, base: usize, why: &mut W) -> usize {
    if let Some(lt) = memchr::memchr(b'<', &data[..end]) {
        why.note(Rule::GfmSpaceOrLt, (base + lt, base + lt + 1));
        end = lt;
    }
    let opening = data[..end].iter().filter(|&&b| b == b'(').count();
    let mut closing = data[..end].iter().filter(|&&b| b == b')').count();
    while end > 0 {
        match data[end - 1] {
            b')' => {
                if closing <= opening {
                    return end;
                }
                why.note(Rule::GfmParenthesis, (base + end - 1, base + end));
                closing -= 1;
                end -= 1;
            }
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' => {
                why.note(Rule::GfmTrailingPunctuation, (base + end - 1, base + end));
                end -= 1;
            }
            b';' => {
                let mut k = end.saturating_sub(2);
                while k > 0 && data[k].is_ascii_alphabetic() {
                    k -= 1;
                }
                let entity = k < end.saturating_sub(2) && data[k] == b'&';
                let cut = if entity { k } else { end - 1 };
                let rule = if entity { Rule::GfmEntity } else { Rule::GfmTrailingPunctuation };
                why.note(rule, (base + cut, base + end));
                end = cut;
            }
            _ => return end,
        }
    }
    end
}

/// The end of a URL or `www.` link starting at `start` whose domain check
/// ended at `domain_end`: GFM extends it to white space or `<` (then
/// `autolink_delim` trims it); with Unicode ends, the UTS #58 host
/// (`host`, read from the link's host on) with its port and §3.5
/// termination decide.
fn link_end<W: Why>(
    text: &str,
    start: usize,
    domain_end: usize,
    host: Option<(Domain, usize)>,
    why: &mut W,
) -> Option<usize> {
    let bytes = text.as_bytes();
    let Some((domain, after)) = host else {
        let mut end = domain_end;
        while end < bytes.len() && !is_space(bytes[end]) && bytes[end] != b'<' {
            end += 1;
        }
        why.note(
            if end == bytes.len() { Rule::TextEnd } else { Rule::GfmSpaceOrLt },
            (end, (end + 1).min(bytes.len())),
        );
        return Some(end);
    };
    // A trailing separator belongs to the link only if something follows it.
    let domain_end = domain.tld.1;
    if domain_end == domain.start {
        why.note(Rule::GfmDomain, (start, after));
        return None;
    }
    let port_end = match port_at(text, after) {
        Port::Ends(end) => Some(end),
        _ => None,
    };
    let pqf_start = port_end.unwrap_or(after);
    let pqf_end = pqf_walk(text, pqf_start, false, &mut ());
    let end = if pqf_end > pqf_start || port_end.is_some() {
        if W::KEEPS {
            if let Some(port_end) = port_end {
                why.note(Rule::Port, (after, port_end));
            }
            pqf_walk(text, pqf_start, false, why);
        }
        pqf_end
    } else {
        if after > domain_end {
            why.note(Rule::TrailingSeparator, (domain_end, after));
        } else {
            why.note(Rule::HostEnd, (domain_end, domain_end));
        }
        domain_end
    };
    // `<` still ends a link, as in GFM.
    Some(bytes[start..end].iter().position(|&b| b == b'<').map_or(end, |lt| start + lt))
}

/// A `www.` link at byte `w`, if one starts there.
fn www_link<W: Why>(finder: &LinkFinder, text: &str, w: usize, scan: &mut Scan<W>) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // At a line start, after white space or after `*` `_` `~` `(` (at the
    // start of the text, the markup before it says).
    let allowed_before = match w.checked_sub(1) {
        Some(p) => may_precede_www(bytes[p]),
        None => scan.cursor.context.before != Edge::Other,
    };
    if !allowed_before {
        scan.why.note(Rule::GfmWwwPreceded, (w, w + 4));
        return None;
    }
    www_link_here(finder, text, w, scan)
}

/// What `www_match` allows before `www.`: white space or `*` `_` `~` `(`.
pub(crate) fn may_precede_www(b: u8) -> bool {
    is_space(b) || matches!(b, b'*' | b'_' | b'~' | b'(')
}

/// A `www.` link at byte `w`, what precedes it allowing one.
fn www_link_here<W: Why>(
    finder: &LinkFinder,
    text: &str,
    w: usize,
    scan: &mut Scan<W>,
) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    if !bytes[w..].starts_with(b"www.") {
        return None;
    }
    let host = finder.unicode_ends.then(|| Domain::starting_at(text, w));
    let Some(domain) = check_domain(text, w, cmark_size(text, w, host, scan), false) else {
        scan.why.note(Rule::GfmDomain, (w, w + 4));
        return None;
    };
    scan.why.note(Rule::GfmWww, (w, w + 4));
    let end = link_end(text, w, w + domain, host, &mut scan.why)?;
    let end =
        if finder.unicode_ends { end } else { w + autolink_delim(&bytes[w..], end - w, w, &mut scan.why) };
    if end <= w {
        scan.why.note(Rule::GfmDomain, (w, w + 4));
        return None;
    }
    Some((w, end))
}

/// For autolinks decided on Markdown source: the URL or `www.` link that
/// cmark-gfm's inline parser makes when it reaches byte `at` (a `:` or a
/// `w`) of `chunk`, an inline container's raw content, as text. It looks
/// back (over a scheme's letters) no further than `floor`; `www_may_start`
/// says whether what precedes `at` in cmark's view allows a `www.` link.
#[cfg(any(feature = "pulldown-cmark", feature = "comrak"))]
pub(crate) fn link_at_special_char<'t>(
    finder: &LinkFinder,
    chunk: &'t str,
    at: usize,
    floor: usize,
    www_may_start: bool,
) -> Option<Link<'t>> {
    let mut scan = Scan::<()>::new(Cursor::new(crate::finder::Context::new(Edge::Block, Edge::Block)));
    scan.cursor.floor = floor;
    let (found, www) = match chunk.as_bytes()[at] {
        b':' if finder.kinds.contains(Kinds::URL) => (url_link(finder, chunk, at, &mut scan), false),
        b'w' if www_may_start && finder.kinds.contains(Kinds::WWW) => {
            (www_link_here(finder, chunk, at, &mut scan), true)
        }
        _ => return None,
    };
    found.map(|range| scan.cursor.link(finder, chunk, range, LinkKind::Url, !www))
}

/// The length cmark-gfm's domain check sees from `at`: to the end of the
/// text, plus one byte when more of the block follows (its last byte is
/// never examined). With Unicode ends the link's host is the UTS #58 one
/// read from `at` (`host`), so the check looks no further than the run of
/// label characters and separators there: a longer look would read the
/// same text again for every `www.` in a long run of host characters that
/// the link does not take in.
fn cmark_size<W>(text: &str, at: usize, host: Option<(Domain, usize)>, scan: &Scan<W>) -> usize {
    let size = text.len() - at + usize::from(scan.cursor.context.after != Edge::Block);
    match host {
        Some((_, run_end)) => size.min(run_end + 1 - at),
        None => size,
    }
}

/// A URL link whose `://` is at byte `colon`.
fn url_link<W: Why>(
    finder: &LinkFinder,
    text: &str,
    colon: usize,
    scan: &mut Scan<W>,
) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    if !bytes[colon..].starts_with(b"://") || text.len() - colon < 4 {
        return None;
    }
    let start = bytes[scan.cursor.floor..colon]
        .iter()
        .rposition(|b| !b.is_ascii_alphabetic())
        .map_or(scan.cursor.floor, |i| scan.cursor.floor + i + 1);
    let scheme = &bytes[start..colon + 3];
    let known = [&b"http://"[..], b"https://", b"ftp://"].iter().any(|s| scheme.eq_ignore_ascii_case(s));
    let host = colon + 3;
    if !known {
        scan.why.note(Rule::GfmSchemeUnknown, (start, colon));
        return None;
    }
    if !text.is_char_boundary(host) || !is_valid_host_char(text, host) {
        scan.why.note(Rule::GfmDomain, (start, host));
        return None;
    }
    let read = finder.unicode_ends.then(|| Domain::starting_at(text, host));
    let Some(domain) = check_domain(text, host, cmark_size(text, host, read, scan), true) else {
        scan.why.note(Rule::GfmDomain, (start, host));
        return None;
    };
    scan.why.note(Rule::GfmScheme, (start, host));
    let end = link_end(text, start, host + domain, read, &mut scan.why)?;
    let end = if finder.unicode_ends {
        end
    } else {
        colon + autolink_delim(&bytes[colon..], end - colon, colon, &mut scan.why)
    };
    if end <= host {
        scan.why.note(Rule::GfmDomain, (start, host));
        return None;
    }
    Some((start, end))
}

/// The next URL or `www.` link at or after `scan.url_pos`.
fn next_url_link<W: Why>(
    finder: &LinkFinder,
    text: &str,
    scan: &mut Scan<W>,
) -> Option<(usize, usize, bool)> {
    let bytes = text.as_bytes();
    let (urls, www) = (finder.kinds.contains(Kinds::URL), finder.kinds.contains(Kinds::WWW));
    loop {
        let pos = scan.url_pos;
        let colon = if urls { scan.colon.next(pos, |p| memchr::memchr(b':', &bytes[p..])) } else { None };
        let w =
            if www { scan.www.next(pos, |p| crate::scan::find_bytes(&bytes[p..], b"www.")) } else { None };
        let (at, is_www) = match (colon, w) {
            (Some(c), Some(w)) if w < c => (w, true),
            (Some(c), _) => (c, false),
            (None, Some(w)) => (w, true),
            (None, None) => return None,
        };
        scan.url_pos = at + 1;
        let found = if is_www { www_link(finder, text, at, scan) } else { url_link(finder, text, at, scan) };
        if let Some((start, end)) = found {
            scan.url_pos = end;
            return Some((start, end, is_www));
        }
    }
}

/// `mailto:` or `xmpp:` ends at byte `end` (the `:` is at `end - 1`), is
/// not before `floor`, and is not glued to a preceding letter or digit.
fn protocol_before(bytes: &[u8], end: usize, floor: usize, protocol: &[u8]) -> bool {
    end >= floor + protocol.len()
        && &bytes[end - protocol.len()..end] == protocol
        && (end - protocol.len() == floor || !bytes[end - protocol.len() - 1].is_ascii_alphanumeric())
}

/// The next email link between `scan.cursor.pos` and `limit`, as cmark-gfm finds
/// them in a text node: (start, end, whether it has `mailto:`/`xmpp:`).
fn next_email<W: Why>(text: &str, scan: &mut Scan<W>, limit: usize) -> Option<(usize, usize, bool)> {
    let bytes = &text.as_bytes()[..limit];
    // What a candidate cut short by a second `@` leaves to the address
    // after it: cmark-gfm retries from that `@` without resetting whether
    // it saw `mailto:`/`xmpp:` or how many dots it counted.
    let mut carried = (false, false, 0);
    // How far back a local part may reach: after a rejected address,
    // cmark-gfm resumes where its domain scan stopped (`a@b.@c.org` links
    // `.@c.org`; `x@mailto:a@b.c` links `a@b.c`, without `mailto:`).
    let mut resume = scan.cursor.floor;
    while let Some(at) = memchr::memchr(b'@', &bytes[scan.cursor.pos..]).map(|i| scan.cursor.pos + i) {
        scan.cursor.pos = at + 1;
        let (mut scheme, mut xmpp, carried_dots) = core::mem::take(&mut carried);
        let mut start = at;
        while start > resume {
            let c = bytes[start - 1];
            if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'+' | b'-' | b'_') {
                start -= 1;
            } else if c == b':' && protocol_before(bytes, start, resume, b"mailto:") {
                scheme = true;
                start -= 1;
            } else if c == b':' && protocol_before(bytes, start, resume, b"xmpp:") {
                (scheme, xmpp) = (true, true);
                start -= 1;
            } else {
                break;
            }
        }
        if start == at {
            continue;
        }
        // Forward over the domain. A second `@` rejects this address (cmark
        // counts them); the scan stops there, and the next `@` is looked at
        // from there: each byte is read forward once, whatever the run.
        let (mut end, mut dots) = (at + 1, carried_dots);
        while end < bytes.len() {
            let c = bytes[end];
            match c {
                _ if c.is_ascii_alphanumeric() => {}
                b'@' => break,
                b'.' if end + 1 < bytes.len() && bytes[end + 1].is_ascii_alphanumeric() => dots += 1,
                b'/' if xmpp => {}
                b'-' | b'_' => {}
                _ => break,
            }
            end += 1;
        }
        if bytes.get(end) == Some(&b'@') {
            carried = (scheme, xmpp, dots);
            continue;
        }
        let last = bytes[end - 1];
        if end - at < 2 || dots == 0 || !(last.is_ascii_alphabetic() || last == b'.') {
            scan.why.note(Rule::GfmEmailDomain, (at, end));
            resume = end;
            continue;
        }
        scan.why.note(Rule::GfmEmail, (start, end));
        let end = at + autolink_delim(&bytes[at..], end - at, at, &mut scan.why);
        if end == at {
            scan.why.note(Rule::GfmEmailDomain, (at, at + 1));
            continue;
        }
        if W::KEEPS && end == bytes.len() {
            scan.why.note(Rule::TextEnd, (end, end));
        }
        return Some((start, end, scheme));
    }
    scan.cursor.pos = limit;
    None
}

pub(crate) fn next_link<'t, W: Why>(
    finder: &LinkFinder,
    text: &'t str,
    scan: &mut Scan<W>,
) -> Option<Link<'t>> {
    let next_url = match scan.next_url {
        Some(found) => found,
        None => {
            let found = next_url_link(finder, text, scan);
            scan.next_url = Some(found);
            if W::KEEPS {
                scan.url_why = core::mem::take(&mut scan.why);
            }
            found
        }
    };
    // Email addresses only in the text before the next URL link.
    if finder.kinds.contains(Kinds::EMAIL) {
        let limit = next_url.map_or(text.len(), |(start, _, _)| start);
        if scan.cursor.pos < limit
            && let Some((start, end, scheme)) = next_email(text, scan, limit)
        {
            return Some(scan.cursor.link(finder, text, (start, end), LinkKind::Email, scheme));
        }
    }
    if W::KEEPS {
        let url_why = core::mem::take(&mut scan.url_why);
        scan.why.append(url_why);
    }
    let (start, end, www) = next_url?;
    scan.next_url = None;
    scan.url_pos = end;
    Some(scan.cursor.link(finder, text, (start, end), LinkKind::Url, !www))
}
