//! The UTS #58 dialect: links start at a domain ending in an accepted TLD
//! (with `http://` or `https://` directly before it, or none), an email
//! address when the domain follows `@` (§5.2), and end by the §3.5
//! termination rules.
//!
//! Scanning looks only at label separators (`memchr` for `.`, `memmem` for
//! `。` `．` `｡`, each search's answer kept until passed) and at `://` when
//! IP hosts are enabled. The label after a separator is read only as far as
//! the longest accepted TLD; every backward scan stops at `floor`, which
//! moves past each candidate domain; so the work is linear in the input.

use crate::email::local_part_start;
use crate::finder::{Kinds, Link, LinkFinder, LinkKind, Scan};
use crate::host::{
    Port, domain_start, http_scheme_before, ip_host_end, label_end, label_end_within, labels_valid, port_at,
    separator_at,
};
use crate::pqf::path_query_fragment_end;

/// The label separators (`.` `。` `．` `｡`) in UTF-8.
const SEPARATORS: [&[u8]; 4] = [b".", "\u{3002}".as_bytes(), "\u{FF0E}".as_bytes(), "\u{FF61}".as_bytes()];

/// The next label separator at or after `scan.pos`, with its length.
#[inline]
fn next_separator(text: &str, scan: &mut Scan) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut best: Option<(usize, usize)> = None;
    for (needle, cache) in SEPARATORS.iter().zip(&mut scan.separators) {
        let found = cache.next(scan.pos, |pos| match needle.len() {
            1 => memchr::memchr(needle[0], &bytes[pos..]),
            _ => memchr::memmem::find(&bytes[pos..], needle),
        });
        if let Some(at) = found.filter(|&at| best.is_none_or(|(b, _)| at < b)) {
            best = Some((at, needle.len()));
        }
    }
    best
}

pub(crate) fn next_link<'t>(finder: &LinkFinder, text: &'t str, scan: &mut Scan) -> Option<Link<'t>> {
    loop {
        let dot = next_separator(text, scan);
        let scheme = if finder.ip_hosts {
            scan.scheme.next(scan.pos, |pos| memchr::memmem::find(&text.as_bytes()[pos..], b"://"))
        } else {
            None
        };
        let link = match (dot, scheme) {
            (None, None) => {
                scan.pos = text.len();
                return None;
            }
            (Some((d, len)), Some(s)) if d < s => domain_link(finder, text, d, len, scan),
            (Some((d, len)), None) => domain_link(finder, text, d, len, scan),
            (_, Some(s)) => ip_link(finder, text, s, scan),
        };
        if link.is_some() {
            return link;
        }
    }
}

/// A link whose domain ends with the label after the separator at `dot`.
fn domain_link<'a>(
    finder: &LinkFinder,
    text: &'a str,
    dot: usize,
    dot_len: usize,
    scan: &mut Scan,
) -> Option<Link<'a>> {
    let tld_start = dot + dot_len;
    scan.pos = tld_start;
    // A label longer than any accepted TLD is not one: stop reading it there.
    let tld_end = label_end_within(text, tld_start, finder.tlds.max_chars())?;
    if tld_end == tld_start {
        return None;
    }
    // More labels follow: this is not the top-level domain.
    let fqdn_dot = separator_at(text, tld_end);
    if let Some(n) = fqdn_dot {
        if label_end(text, tld_end + n) > tld_end + n {
            return None;
        }
    }
    if !finder.tlds.accepts(&text[tld_start..tld_end]) {
        return None;
    }
    // `john.dev@example.com`: always favour the email address (the test
    // file's rule); the local part is found from its own domain later.
    if scan.before_at_sign(text, tld_end) {
        return None;
    }
    let start = domain_start(text, dot, scan.floor);
    if start == dot {
        return None;
    }
    // From here on the candidate is decided: later scans do not look back
    // into it, whatever the outcome.
    let floor = scan.floor;
    scan.skip_to(tld_end);
    if !labels_valid(text, start, tld_end) {
        return None;
    }
    if start > floor && text.as_bytes()[start - 1] == b'@' {
        let local = local_part_start(text, start - 1, floor).ok()?;
        return finder
            .kinds
            .contains(Kinds::EMAIL)
            .then(|| scan.link(finder, text, (local, tld_end), LinkKind::Email, false));
    }
    let scheme = http_scheme_before(text, start, floor);
    let wanted = if scheme.is_some() { Kinds::URL } else { Kinds::WWW };
    if !finder.kinds.contains(wanted) {
        return None;
    }
    let host_end = match (fqdn_dot, port_at(text, tld_end + fqdn_dot.unwrap_or(0))) {
        (_, Port::Invalid) => return None,
        (_, Port::Ends(end)) => end,
        // A trailing dot belongs to the link only if a path, query or fragment follows.
        (Some(n), Port::None) => {
            let end = path_query_fragment_end(text, tld_end + n);
            let end = if end > tld_end + n { end } else { tld_end };
            return Some(scan.link(
                finder,
                text,
                (scheme.unwrap_or(start), end),
                LinkKind::Url,
                scheme.is_some(),
            ));
        }
        (None, Port::None) => tld_end,
    };
    let end = path_query_fragment_end(text, host_end);
    Some(scan.link(finder, text, (scheme.unwrap_or(start), end), LinkKind::Url, scheme.is_some()))
}

/// An IPv4 or bracketed IPv6 host right after the `://` at `colon` of an
/// `http://` or `https://` (only with [`LinkFinder::ip_hosts`]).
fn ip_link<'a>(finder: &LinkFinder, text: &'a str, colon: usize, scan: &mut Scan) -> Option<Link<'a>> {
    let host = colon + 3;
    scan.pos = host;
    let start = http_scheme_before(text, host, scan.floor)?;
    let host_end = ip_host_end(text, host)?;
    if !finder.kinds.contains(Kinds::URL) {
        return None;
    }
    let host_end = match port_at(text, host_end) {
        Port::Invalid => return None,
        Port::Ends(end) => end,
        Port::None => host_end,
    };
    let end = path_query_fragment_end(text, host_end);
    Some(scan.link(finder, text, (start, end), LinkKind::Url, true))
}
