//! The UTS #58 dialect: links start at a domain ending in an accepted TLD
//! (with `http://` or `https://` directly before it, or none), an email
//! address when the domain follows `@` (§5.2), and end by the §3.5
//! termination rules.
//!
//! Scanning looks only at label separators (`memchr` for `.` and the lead
//! bytes of `。` `．` `｡`), and at `://` when IP hosts are enabled; every
//! backward scan stops at `floor`, which moves past each candidate domain,
//! so the work is linear in the input.

use crate::email::local_part_start;
use crate::finder::{Kinds, Link, LinkFinder, LinkKind, Scan};
use crate::host::{
    Port, domain_start, http_scheme_before, ip_host_end, label_end, labels_valid, port_at, separator_at,
};
use crate::pqf::path_query_fragment_end;

/// The next trigger at or after `pos`: a label separator (`.`, or a
/// multi-byte one whose lead byte is 0xE3 or 0xEF), with its length.
#[inline]
fn next_separator(text: &str, mut pos: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    loop {
        let i = pos + memchr::memchr3(b'.', 0xE3, 0xEF, &bytes[pos..])?;
        if let Some(len) = separator_at(text, i) {
            return Some((i, len));
        }
        pos = i + 1;
    }
}

pub(crate) fn next_link<'a>(finder: &LinkFinder, text: &'a str, scan: &mut Scan) -> Option<Link<'a>> {
    loop {
        let dot = next_separator(text, scan.pos);
        let scheme = if finder.ip_hosts { scan.next_scheme(text) } else { None };
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
    let tld_end = label_end(text, tld_start);
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
