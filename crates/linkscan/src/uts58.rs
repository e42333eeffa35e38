//! The UTS #58 dialect: links start at a domain ending in an accepted TLD
//! (with `http://` or `https://` directly before it, or none), an email
//! address when the domain follows `@` (§5.2), and end by the §3.5
//! termination rules.
//!
//! Scanning looks only at label separators (`.`, `。`, `．` and `｡`, a
//! block at a time, skipping those no accepted TLD may follow, see
//! [`Separators`](crate::separators::Separators)) and
//! at `://` when IP hosts are enabled. The label after a separator is read
//! only as far as the longest accepted TLD; every backward scan stops at
//! `floor`, which moves past each candidate domain; so the work is linear
//! in the input.

use crate::domain::{Domain, label_end_within, separator_at};
use crate::email::{MailScheme, Rejected, local_part_start};
use crate::explain::{Rule, Why};
use crate::finder::{Dialect, Kinds, Link, LinkFinder, LinkKind};
use crate::host::{Port, accepted_scheme, ip_host_end, port_at, reads_as_code, scheme_before, tld_accepted};
use crate::pqf::{pqf_end, pqf_walk};
use crate::props::{EMAIL_BIT, HOST_CUT, before, is_label_separator};
use crate::scan::{Cached, Cursor};

/// Where a UTS #58 scan stands.
#[derive(Clone, Default)]
pub(crate) struct Scan<W = ()> {
    pub(crate) cursor: Cursor,
    /// Where its decisions are reported ([`LinkFinder::explain`]).
    pub(crate) why: W,
    /// The label separators `.`, `。`, `．` and `｡`.
    separators: crate::separators::Separators,
    /// The next `://` (IP and local hosts only).
    scheme: Cached,
    /// The run of local-part characters looked at last: `(from, end,
    /// whether an @ and a domain follow)`.
    local_run: (usize, usize, bool),
}

impl<W: Why> Scan<W> {
    pub(crate) fn new(cursor: Cursor) -> Scan<W> {
        Scan { cursor, ..Scan::default() }
    }

    /// Whether the text from `from` runs through local-part characters
    /// (not `/ ? #`, which would start a path) to an `@` before a domain:
    /// then a domain that ends at `from` is part of an email address.
    /// Positions inside one run share the answer, so each run is read once.
    #[inline]
    pub(crate) fn before_at_sign(&mut self, text: &str, from: usize) -> bool {
        // Most domains end at a space, a `/` or punctuation, where no local
        // part goes on, or at an `@`, where the byte after it answers: the
        // answers the run below gives at once.
        let bytes = text.as_bytes();
        match bytes.get(from) {
            Some(b'@') => {
                return from + 1 < bytes.len()
                    && crate::props::bits_at(text, from + 1).0 & crate::props::LABEL_BIT != 0;
            }
            Some(&b)
                if b < 0x80
                    && (crate::props::ascii_bits(b) & crate::props::EMAIL_BIT == 0
                        || b"/?#".contains(&b)) =>
            {
                return false;
            }
            _ => {}
        }
        self.before_at_sign_in_run(text, from)
    }

    /// [`Scan::before_at_sign`] read through the run of local-part characters.
    /// (Out of line: inlined, its registers make every call dearer.)
    #[inline(never)]
    fn before_at_sign_in_run(&mut self, text: &str, from: usize) -> bool {
        let (start, end, found) = self.local_run;
        if (start..=end).contains(&from) && end > 0 {
            return found;
        }
        let bytes = text.as_bytes();
        let mut i = from;
        while i < bytes.len() && !matches!(bytes[i], b'@' | b'/' | b'?' | b'#') {
            let (bits, len) = crate::props::bits_at(text, i);
            if bits & crate::props::EMAIL_BIT == 0 {
                break;
            }
            i += len;
        }
        let found = bytes.get(i) == Some(&b'@')
            && i + 1 < bytes.len()
            && crate::props::bits_at(text, i + 1).0 & crate::props::LABEL_BIT != 0;
        self.local_run = (from, i, found);
        found
    }
}

pub(crate) fn next_link<'t, W: Why>(
    finder: &LinkFinder,
    text: &'t str,
    scan: &mut Scan<W>,
) -> Option<Link<'t>> {
    if finder.kinds.contains(Kinds::WWW) {
        next_link_at_separators(finder, text, scan)
    } else {
        next_anchored_link(finder, text, scan)
    }
}

/// Whether every link `finder` finds has a label separator the separator
/// search gives (UTS #58 with scheme-less domains and no IP or local hosts,
/// which need none, and no wrapped URLs): then a text where that search
/// finds none has no link, and rows can be searched for separators at once.
pub(crate) fn links_need_separators(finder: &LinkFinder) -> bool {
    finder.dialect == Dialect::Uts58
        && finder.kinds.contains(Kinds::WWW)
        && !finder.ip_hosts
        && !finder.local_hosts
        && !finder.joins_wrapped_urls()
}

/// Every label separator may end a domain: look at each.
fn next_link_at_separators<'t, W: Why>(
    finder: &LinkFinder,
    text: &'t str,
    scan: &mut Scan<W>,
) -> Option<Link<'t>> {
    let bytes = text.as_bytes();
    loop {
        // `://` is looked for where IP and local hosts are wanted; the
        // separators before it first.
        let scheme = if finder.ip_hosts || finder.local_hosts {
            scan.scheme.next(scan.cursor.pos, |pos| crate::scan::find_bytes(&bytes[pos..], b"://"))
        } else {
            None
        };
        let limit = scheme.unwrap_or(bytes.len());
        // Every separator before the limit; most end sentences, rejected at once.
        while let Some((at, len)) =
            scan.separators.next(text, scan.cursor.pos, &finder.tlds).filter(|&(at, _)| at < limit)
        {
            if let Some(link) = domain_link(finder, text, at, len, scan) {
                return Some(link);
            }
            if scan.cursor.pos > limit {
                break;
            }
        }
        if scan.cursor.pos > limit {
            continue; // a candidate went past the limit: look again
        }
        let Some(scheme) = scheme else {
            scan.cursor.pos = bytes.len();
            return None;
        };
        if let Some(link) = scheme_host_link(finder, text, scheme, scan) {
            return Some(link);
        }
    }
}

/// Where a search of many rows at once stands (see [`crate::rows`]).
#[derive(Clone)]
pub(crate) struct RowsScan<'t> {
    /// The label separators of all the rows.
    separators: crate::separators::Separators,
    /// Where the next separator is looked for, in the whole text.
    pos: usize,
    /// The row of the last separator: its index, where it starts and ends
    /// in the whole text, its text and the scan of that row alone (the
    /// text empty until a separator of the row is taken to its scan).
    row: usize,
    start: usize,
    end: usize,
    text: &'t str,
    scan: Scan,
}

impl<'t> RowsScan<'t> {
    /// A search of the rows that `offsets` cut (at least one).
    pub(crate) fn new(offsets: &[usize]) -> RowsScan<'t> {
        let (start, end) = (offsets[0], offsets[1]);
        let (separators, scan) = Default::default();
        RowsScan { separators, pos: start, row: 0, start, end, text: "", scan }
    }
}

impl core::fmt::Debug for RowsScan<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RowsScan").field("pos", &self.pos).field("row", &self.row).finish()
    }
}

/// The next link of the rows of `text` (row `i` from `offsets[i]` to
/// `offsets[i + 1]`, the last ending with `text`) and its row, for a
/// finder that takes scheme-less domains and no IP or local hosts: as
/// [`next_link_at_separators`] finds it in the row alone. One search of
/// separators runs through all the rows; each one it gives is taken to
/// its row's own scan, as the row's own search would give it. That search
/// sees the same separators, but for a `.` at the start of the row (there
/// the text's start, no separator) and one after which the row ends.
pub(crate) fn next_row_link<'t>(
    finder: &LinkFinder,
    text: &'t str,
    offsets: &[usize],
    rows: &mut RowsScan<'t>,
) -> Option<(usize, Link<'t>)> {
    while let Some((at, len)) = rows.separators.next(text, rows.pos, &finder.tlds) {
        // (`at` is before the last row's end, the end of `text`.)
        if at >= rows.end {
            rows.row += ends_passed(&offsets[rows.row + 1..], at);
            (rows.start, rows.end) = (offsets[rows.row], offsets[rows.row + 1]);
            rows.text = "";
        }
        if (len == 1 && at == rows.start) || at + len >= rows.end {
            rows.pos = at + 1;
            continue;
        }
        // A row's text and scan, made when a separator in it is read.
        if rows.text.is_empty() {
            rows.text = &text[rows.start..rows.end];
            rows.scan = Scan::default();
        }
        let found = domain_link(finder, rows.text, at - rows.start, len, &mut rows.scan);
        rows.pos = rows.start + rows.scan.cursor.pos;
        if let Some(link) = found {
            return Some((rows.row, link));
        }
    }
    rows.pos = text.len();
    None
}

/// How many of `ends` (in order) are at or before `at`: by steps that
/// double, then halving, so that a separator a few rows on costs a few
/// steps and one thousands of rows on (sparse text) no more than a search.
#[inline]
fn ends_passed(ends: &[usize], at: usize) -> usize {
    let (mut low, mut high) = (0, 1);
    while high < ends.len() && ends[high - 1] <= at {
        (low, high) = (high, high * 2);
    }
    low + ends[low..high.min(ends.len())].partition_point(|&end| end <= at)
}

/// How near the next `:` or `@` is looked for byte by byte.
const CLOSE: usize = 8;

/// Without scheme-less URLs, a link's host follows `://` or `@`: look only
/// at the separators in the run of domain characters after one of those.
/// (Scheme-less domains elsewhere are then not candidates at all.)
fn next_anchored_link<'t, W: Why>(
    finder: &LinkFinder,
    text: &'t str,
    scan: &mut Scan<W>,
) -> Option<Link<'t>> {
    let bytes = text.as_bytes();
    // (A handle, like an address, is found from its `@`.)
    let emails = finder.kinds.contains(Kinds::EMAIL) || finder.kinds.contains(Kinds::HANDLE);
    let urls = finder.kinds.contains(Kinds::URL);
    // The bytes looked for (0xFF, never in UTF-8, for a kind not wanted).
    let (colon, at) = (if urls { b':' } else { 0xFF }, if emails { b'@' } else { 0xFF });
    // Whether the last two came close together (hostile text, `a@a@a@…`):
    // then the next is looked for byte by byte first, as a search pays a
    // setup for each call.
    let mut close = false;
    loop {
        let rest = &bytes[scan.cursor.pos..];
        let near = if close { rest.iter().take(CLOSE).position(|&b| b == colon || b == at) } else { None };
        let hit = near.or_else(|| match (urls, emails) {
            (true, true) => crate::search::find_either(rest, b':', b'@'),
            (true, false) => memchr::memchr(b':', rest),
            (false, true) => memchr::memchr(b'@', rest),
            (false, false) => None,
        });
        let Some(hit) = hit.map(|i| scan.cursor.pos + i) else {
            scan.cursor.pos = bytes.len();
            return None;
        };
        close = hit - scan.cursor.pos < CLOSE;
        let host = if bytes[hit] == b'@' {
            hit + 1
        } else if bytes[hit..].starts_with(b"://") {
            if (finder.ip_hosts || finder.local_hosts)
                && let Some(link) = scheme_host_link(finder, text, hit, scan)
            {
                return Some(link);
            }
            hit + 3
        } else {
            scan.cursor.pos = hit + 1;
            continue;
        };
        scan.cursor.pos = scan.cursor.pos.max(host);
        // Each separator of the run of domain characters after it.
        use crate::tables::{HOST_ASCII, HOST_DOT, HOST_END, HOST_LABEL, HOST_WIDE};
        let mut i = host;
        while i < bytes.len() {
            // A run of ASCII label bytes at once, then what ends it.
            let label = bytes[i..].iter().position(|&b| HOST_ASCII[usize::from(b)] != HOST_LABEL);
            i += label.unwrap_or(bytes.len() - i);
            let Some(&byte) = bytes.get(i) else { break };
            let (class, len) = match HOST_ASCII[usize::from(byte)] {
                HOST_WIDE => match crate::props::bits_at(text, i) {
                    (bits, len) if bits & crate::props::DOT_BIT != 0 => (HOST_DOT, len),
                    (bits, len) if bits & crate::props::LABEL_BIT != 0 => (HOST_LABEL, len),
                    (_, len) => (HOST_END, len),
                },
                class => (class, 1),
            };
            if class == HOST_END {
                break;
            }
            if class == HOST_DOT
                && i >= scan.cursor.pos
                && let Some(link) = domain_link(finder, text, i, len, scan)
            {
                return Some(link);
            }
            i += len;
        }
        scan.cursor.pos = scan.cursor.pos.max(i);
    }
}

/// A link whose domain ends with the label after the separator at `dot`.
#[inline(always)]
fn domain_link<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    mut dot: usize,
    dot_len: usize,
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    let mut tld_start = dot + dot_len;
    scan.cursor.pos = tld_start;
    // The common rejections, tested here rather than in a call: a label no
    // accepted TLD starts like (after `。` in CJK prose; the separators'
    // search already skips those, the scan after `://` or `@` does not), an ASCII label too
    // short or too long for a TLD (`e.g.`), one before an `@` and a domain,
    // one followed by `.` and another label (`www.` in
    // `www.example.com`), so not the last: that `.` is the next separator,
    // taken here at once; and an ASCII label of four bytes or more that is
    // not an accepted TLD.
    let bytes = text.as_bytes();
    let ascii_label_byte = |c: u8| crate::tables::HOST_ASCII[usize::from(c)] == crate::tables::HOST_LABEL;
    let ascii_label = |i: usize| bytes.get(i).is_some_and(|&c| ascii_label_byte(c));
    let tld_end = match bytes.get(tld_start) {
        Some(&b) if b >= 0x80 => {
            if !finder.tlds.may_start_at(text, tld_start) {
                if W::KEEPS {
                    let len = text[tld_start..].chars().next().map_or(0, char::len_utf8);
                    scan.why.note(Rule::TldNotAccepted, (tld_start, tld_start + len));
                }
                return None;
            }
            None
        }
        Some(_) => {
            let (min, max) = (finder.tlds.min_chars().max(1), finder.tlds.max_chars());
            loop {
                let stop = bytes.len().min(tld_start + max + 1);
                let mut end = tld_start;
                while end < stop && ascii_label_byte(bytes[end]) {
                    end += 1;
                }
                let chars = end - tld_start;
                match bytes.get(end) {
                    Some(&c) if c >= 0x80 && chars <= max => break None, // the label may go on: look closer
                    Some(&b'.') if chars <= max && ascii_label(end + 1) => {
                        dot = end;
                        tld_start = end + 1;
                        scan.cursor.pos = tld_start;
                    }
                    _ if chars < min || chars > max => {
                        if chars > 0 {
                            scan.why.note(Rule::TldLength, (tld_start, end));
                        }
                        return None;
                    }
                    // A local part before an `@` and a domain (`john.doe@…`):
                    // the address is found from its own domain.
                    Some(b'@') if scan.before_at_sign(text, end) => {
                        scan.why.note(Rule::LocalPart, (tld_start, end));
                        return None;
                    }
                    // Not a TLD (`gdb.base`, `x.unwrap()`): most candidates
                    // of four letters or more.
                    _ if !(if chars > 3 {
                        long_ascii_tld_accepted(finder, text, tld_start, end)
                    } else {
                        text.get(tld_start..end).is_some_and(|label| finder.tlds.accepts(label))
                    }) =>
                    {
                        scan.why.note(Rule::TldNotAccepted, (tld_start, end));
                        return None;
                    }
                    _ => break Some(end),
                }
            }
        }
        None => return None,
    };
    domain_link_at(finder, text, dot, (tld_start, tld_end), scan)
}

/// Whether the ASCII label `text[start..end]`, of four bytes or more, is
/// an accepted TLD. (Out of line, and only for labels looked up by hash:
/// inlined, or for every label, it made the scan slower on every text.)
#[inline(never)]
fn long_ascii_tld_accepted(finder: &LinkFinder, text: &str, start: usize, end: usize) -> bool {
    text.get(start..end).is_some_and(|label| finder.tlds.accepts(label))
}

/// [`domain_link`] once the label at `tld_start` may be a TLD (its end, if
/// known: an ASCII label already read and found to be an accepted TLD).
fn domain_link_at<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    dot: usize,
    (tld_start, tld_end): (usize, Option<usize>),
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    // Scheme-less labels are IDNA2008's unless strict (see below).
    let nv8 = if finder.reader { HOST_CUT } else { 0 };
    // A label longer than any accepted TLD is not one: stop reading it there.
    let (tld_end, accepted) = match tld_end {
        Some(end) => (end, true),
        None => match label_end_within(text, tld_start, finder.tlds.max_chars(), nv8) {
            Some(end) => (end, false),
            None => {
                scan.why.note(Rule::TldLength, (tld_start, tld_start));
                return None;
            }
        },
    };
    // Too short for a TLD (`e.g.`): no need to look further. (A non-ASCII
    // code point may map to several: `㏄` is `cc`.)
    if tld_end == tld_start
        || (tld_end - tld_start < finder.tlds.min_chars() && text.as_bytes()[tld_start] < 0x80)
    {
        if tld_end > tld_start {
            scan.why.note(Rule::TldLength, (tld_start, tld_end));
        }
        return None;
    }
    // More labels follow (a label character after the dot): this is not
    // the top-level domain.
    let fqdn_dot = separator_at(text, tld_end);
    if let Some(n) = fqdn_dot
        && tld_end + n < text.len()
        && crate::props::bits_at(text, tld_end + n).0 & crate::props::LABEL_BIT != 0
    {
        return None;
    }
    if !accepted && !tld_accepted(&finder.tlds, &text[tld_start..tld_end]) {
        scan.why.note(Rule::TldNotAccepted, (tld_start, tld_end));
        return None;
    }
    // The domain, read back from the separator.
    let floor = scan.cursor.floor;
    // `john.dev@example.com`: always favour the email address (the test
    // file's rule); the local part is found from its own domain later —
    // unless this is an address's domain already: `a@b.org}c@d.org` keeps
    // `a@b.org` (the next address's local part starts after it).
    if scan.before_at_sign(text, tld_end) && !follows_at_sign(text, dot, (tld_start, tld_end), floor, nv8) {
        scan.why.note(Rule::LocalPart, (tld_start, tld_end));
        return None;
    }
    let mut domain = Domain::ending_at(text, dot, (tld_start, tld_end), floor, nv8);
    // Punctuation and symbols end a host written without a scheme; after
    // an explicit one, the labels are UTS #46's (`https://i❤.ws`).
    if domain.cut {
        domain = after_scheme(text, dot, domain, floor);
    }
    let start = domain.start;
    if start == dot {
        scan.why.note(Rule::InvalidDomain, (dot, tld_end));
        return None;
    }
    // From here on the candidate is decided: later scans do not look back
    // into it, whatever the outcome.
    scan.cursor.skip_to(tld_end);
    if !domain.valid {
        scan.why.note(Rule::InvalidDomain, (start, tld_end));
        return refuse(text, (start, tld_end), floor, scan);
    }
    let host = Host { start, tld_end, fqdn_dot };
    if !domain.is_whole(text) {
        // `_` after an explicit scheme, as the WHATWG host parser takes it.
        let url = finder.reader.then(|| underscore_host_start(text, start, floor)).flatten();
        let scheme = url.and_then(|url| {
            let scheme = scheme_before(text, url, floor)?;
            accepted_scheme(&finder.schemes, text, scheme, url - 3, true)
        });
        return match scheme {
            Some(scheme) => url_link(finder, text, (scheme, true), host, scan),
            None => {
                scan.why.note(Rule::NotWhole, (start, tld_end));
                refuse(text, (start, tld_end), floor, scan)
            }
        };
    }
    let bytes = text.as_bytes();
    if start > floor && bytes[start - 1] == b'@' {
        return address_link(finder, text, host, floor, scan);
    }
    let scheme = match scheme_before(text, start, floor) {
        Some(s) => match accepted_scheme(&finder.schemes, text, s, start - 3, finder.reader) {
            Some(accepted) => {
                if accepted > s {
                    scan.why.note(Rule::SchemeGlued, (s, accepted));
                }
                Some(accepted)
            }
            None => {
                scan.why.note(Rule::SchemeRefused, (s, start));
                return refuse(text, (start, tld_end), floor, scan);
            }
        },
        None if inside_url(text, start, floor) => {
            scan.why.note(Rule::InsideUrl, (start, tld_end));
            return skip_url_rest(text, tld_end, scan);
        }
        None if finder.file_names && reads_as_code(text, domain, |at| pqf(finder, text, at, &mut ())) => {
            scan.why.note(Rule::FileName, (start, tld_end));
            return None;
        }
        None => None,
    };
    url_link(finder, text, (scheme.unwrap_or(start), scheme.is_some()), host, scan)
}

/// `domain`, read back as far as a label character IDNA2008 does not
/// allow, or as far as UTS #46 allows when that takes it to a `scheme://`.
#[cold]
fn after_scheme(text: &str, dot: usize, domain: Domain, floor: usize) -> Domain {
    let loose = Domain::ending_at(text, dot, domain.tld, floor, 0);
    let taken = loose.start < domain.start && scheme_before(text, loose.start, floor).is_some();
    if taken { loose } else { domain }
}

/// A candidate host from `start` to `tld_end` that is no link: when it is
/// inside `scheme://…`, so is the rest of that URL.
#[cold]
fn refuse<'a, W: Why>(
    text: &str,
    (start, tld_end): (usize, usize),
    floor: usize,
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    if inside_url(text, start, floor) { skip_url_rest(text, tld_end, scan) } else { None }
}

/// A domain found: where it starts, where its last label ends, and the
/// length of a separator after that (`example.com.`), if one is there.
#[derive(Clone, Copy)]
struct Host {
    start: usize,
    tld_end: usize,
    fqdn_dot: Option<usize>,
}

/// The URL that starts at `start` (with its scheme, or not) and has
/// `host`: its port, path, query and fragment, if the finder wants it.
/// A URL with a scheme that is not wanted takes the rest of its text with
/// it: nothing in its path is a link.
#[inline(always)]
fn url_link<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    (start, scheme): (usize, bool),
    host: Host,
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    let Host { tld_end, fqdn_dot, .. } = host;
    let wanted = if scheme { Kinds::URL } else { Kinds::WWW };
    let refused = |scan: &mut Scan<W>| if scheme { skip_url_rest(text, tld_end, scan) } else { None };
    if !finder.kinds.contains(wanted) {
        scan.why.note(Rule::KindNotWanted, (start, tld_end));
        return refused(scan);
    }
    // `http://www.bank.com:login.page@evil.org`: the domain is in the user
    // information, the host is after the last `@`. A dotted user name could
    // be taken for the host: no link at all (nor an address of the password).
    // (Most hosts end at a `/` or a space, where no user name goes on.)
    let authority_ends =
        matches!(text.as_bytes().get(tld_end), None | Some(b'/' | b' ' | b'\n' | b'?' | b'#'));
    if scheme && !authority_ends && is_user_info(text, tld_end) {
        scan.why.note(Rule::DottedUserName, (host.start, tld_end));
        return skip_url_rest(text, tld_end, scan);
    }
    if scheme {
        scan.why.note(Rule::Scheme, (start, host.start));
    } else {
        scan.why.note(Rule::Domain, (start, tld_end));
    }
    let host_end = match (fqdn_dot, port_at(text, tld_end + fqdn_dot.unwrap_or(0))) {
        (_, Port::Invalid) => {
            scan.why.note(Rule::InvalidPort, (tld_end, tld_end + fqdn_dot.unwrap_or(0) + 1));
            return refused(scan);
        }
        (_, Port::Ends(end)) => end,
        // An empty port is a URL's (after a scheme), as written.
        (_, Port::Empty(end)) if scheme => end,
        (Some(n), Port::Empty(_)) => return trailing_dot(finder, text, (start, tld_end, n, scheme), scan),
        (None, Port::Empty(_)) => tld_end,
        (Some(n), Port::None) => return trailing_dot(finder, text, (start, tld_end, n, scheme), scan),
        (None, Port::None) => tld_end,
    };
    if host_end > tld_end {
        scan.why.note(Rule::Port, (tld_end, host_end));
    }
    let end = pqf(finder, text, host_end, &mut scan.why);
    Some(scan.cursor.link(finder, text, (start, end), LinkKind::Url, scheme))
}

/// The link whose domain `host` follows an `@`: an email address (§5.2),
/// a URL with a user name (`https://user:pass@host/`, not strict), or a
/// handle (not strict).
#[inline(always)]
fn address_link<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    host: Host,
    floor: usize,
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    let at = host.start - 1;
    let tld_end = host.tld_end;
    let (local, scheme) = match local_part_start(text, at, floor, finder.reader) {
        Ok(found) => found,
        // A user name with a separator could be taken for the host
        // (`https://bbc.co.uk@evil.com/`): UTS #58's test data links no
        // such URL (`http://john.smith@example.com`), nor does strict any.
        Err(Rejected::Userinfo(authority)) => {
            let scheme = scheme_before(text, authority, floor)
                .filter(|_| finder.reader && !dotted_user_name(&text[authority..at]))
                .and_then(|scheme| accepted_scheme(&finder.schemes, text, scheme, authority - 3, true));
            return match scheme {
                Some(scheme) => url_link(finder, text, (scheme, true), host, scan),
                None => {
                    scan.why.note(Rule::DottedUserName, (authority, at));
                    skip_url_rest(text, tld_end, scan)
                }
            };
        }
        Err(Rejected::Invalid) => {
            scan.why.note(Rule::InvalidLocalPart, (at, at + 1));
            return None;
        }
    };
    let bytes = text.as_bytes();
    // `@user@example.social`: a handle, set off from what is before it.
    let handle = finder.reader
        && scheme.is_none()
        && local > floor
        && bytes[local - 1] == b'@'
        && (local - 1 == floor || before(text, local - 1).1 & EMAIL_BIT == 0);
    if handle {
        if !finder.kinds.contains(Kinds::HANDLE) {
            scan.why.note(Rule::KindNotWanted, (local - 1, tld_end));
            return None;
        }
        scan.why.note(Rule::Handle, (local - 1, tld_end));
        return Some(scan.cursor.link(finder, text, (local - 1, tld_end), LinkKind::Handle, false));
    }
    if scheme.is_none() && inside_url(text, local, floor) {
        scan.why.note(Rule::InsideUrl, (local, tld_end));
        return skip_url_rest(text, tld_end, scan);
    }
    if !finder.kinds.contains(Kinds::EMAIL) {
        scan.why.note(Rule::KindNotWanted, (local, tld_end));
        return None;
    }
    scan.why.note(Rule::Email, (local, tld_end));
    if W::KEEPS && scheme.is_some() {
        let colon = text[local..].find(':').map_or(local, |i| local + i + 1);
        scan.why.note(Rule::MailScheme, (local, colon));
    }
    let end = pqf_or_address_end(finder, text, tld_end, scheme, &mut scan.why);
    Some(scan.cursor.link(finder, text, (local, end), LinkKind::Email, scheme.is_some()))
}

/// §3.5.1 termination from `at`, with the reader's final `?` unless strict.
#[inline(always)]
fn pqf<W: Why>(finder: &LinkFinder, text: &str, at: usize, why: &mut W) -> usize {
    // (The ordinary scan calls the one copy the other callers share.)
    if W::KEEPS { pqf_walk(text, at, finder.reader, why) } else { pqf_end(text, at, finder.reader) }
}

/// Where an address whose domain ends at `tld_end` ends: `mailto:` and
/// `xmpp:` URLs keep their query (and xmpp its resource).
#[inline(always)]
fn pqf_or_address_end<W: Why>(
    finder: &LinkFinder,
    text: &str,
    tld_end: usize,
    scheme: Option<MailScheme>,
    why: &mut W,
) -> usize {
    match scheme {
        Some(MailScheme::Mailto) if text.as_bytes().get(tld_end) == Some(&b'?') => {
            pqf(finder, text, tld_end, why)
        }
        Some(MailScheme::Xmpp) => pqf(finder, text, tld_end, why),
        _ => {
            why.note(Rule::AddressEnd, (tld_end, tld_end));
            tld_end
        }
    }
}

/// Whether a candidate that starts at `from` lies inside a `scheme://…`
/// written before it in the same run of text without spaces: a URL whose
/// host was refused (an accepted one would have taken the scan past it).
/// No link is found in the path of such a URL (`http://localhost:8080/app.py`
/// without local hosts holds no link `app.py`). Reads back to `floor`,
/// which then moves past the candidate, so each byte is read once.
#[inline]
fn inside_url(text: &str, from: usize, floor: usize) -> bool {
    let bytes = text.as_bytes();
    // Most links start the text or follow a space: nothing is before them.
    if from == floor || bytes[from - 1] <= b' ' {
        return false;
    }
    scheme_in_run(text, from, floor)
}

/// [`inside_url`] once a run of text goes on before `from`: the nearest
/// `:`, space or newline before it is searched for (not read byte by
/// byte: a run may be long); a `scheme://` in the run whose URL reaches
/// `from` without a space or control holds the candidate.
fn scheme_in_run(text: &str, from: usize, floor: usize) -> bool {
    let bytes = text.as_bytes();
    let mut end = from;
    while let Some(k) = memchr::memrchr3(b':', b' ', b'\n', &bytes[floor..end]) {
        let at = floor + k;
        if bytes[at] != b':' {
            return false;
        }
        if bytes[at..].starts_with(b"://") && scheme_before(text, at + 3, floor).is_some() {
            // (Any white space parts them: `http://\u{A0}example.org`.)
            return !text[at..from].chars().any(|c| c <= ' ' || c.is_whitespace());
        }
        end = at;
    }
    false
}

/// A host whose last label a separator follows (`example.com.`): the
/// separator belongs to the link only if a path, query or fragment follows.
fn trailing_dot<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    (start, tld_end, n, scheme): (usize, usize, usize, bool),
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    let end = pqf(finder, text, tld_end + n, &mut ());
    let end = if end > tld_end + n {
        if W::KEEPS {
            pqf(finder, text, tld_end + n, &mut scan.why);
        }
        end
    } else {
        scan.why.note(Rule::TrailingSeparator, (tld_end, tld_end + n));
        tld_end
    };
    Some(scan.cursor.link(finder, text, (start, end), LinkKind::Url, scheme))
}

/// Whether the user name of the user information `user_info`
/// (`user:password`) holds a label separator: it could be taken for the
/// host (`https://bbc.co.uk@evil.com/`).
fn dotted_user_name(user_info: &str) -> bool {
    let user = user_info.split_once(':').map_or(user_info, |(user, _)| user);
    user.chars().any(is_label_separator)
}

/// Whether the domain that ends at `tld_end` is part of a URL's user
/// information: an `@` follows it in the authority, and the host is after
/// that. (Out of line: most URLs never ask.)
#[cold]
#[inline(never)]
fn is_user_info(text: &str, tld_end: usize) -> bool {
    userinfo_end(text, tld_end).is_some()
}

/// Where the user information ends (its `@`) when an authority that goes
/// on from `from` has one: the last `@` before the authority ends (at `/`,
/// `?`, `#`, white space, a control, a quote or `<>`).
fn userinfo_end(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut i, mut at) = (from, None);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'@' => at = Some(i),
            0..=b' ' | b'/' | b'?' | b'#' | b'"' | b'\'' | b'<' | b'>' => break,
            0x80.. => {
                let c = text[i..].chars().next().unwrap_or(' ');
                if c.is_whitespace() {
                    break;
                }
                i += c.len_utf8();
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    at
}

/// Whether the domain with the TLD `tld`, read back from `dot`, follows an
/// `@`: an address's domain.
#[cold]
fn follows_at_sign(text: &str, dot: usize, tld: (usize, usize), floor: usize, nv8: u8) -> bool {
    let start = Domain::ending_at(text, dot, tld, floor, nv8).start;
    start > floor && start < dot && text.as_bytes()[start - 1] == b'@'
}

/// Moves the scan past the rest of a refused URL (to the next space or
/// control), and finds nothing.
fn skip_url_rest<'a, W: Why>(text: &str, from: usize, scan: &mut Scan<W>) -> Option<Link<'a>> {
    let bytes = text.as_bytes();
    let end = bytes[from..].iter().position(|&b| b <= b' ').map_or(bytes.len(), |i| from + i);
    scan.cursor.skip_to(end);
    None
}

/// Where the host that `start` ends with starts, when ASCII label
/// characters, `_` and `.` lead back to a `scheme://` from there:
/// `https://gcs_test_env.storage.example.com` is one host.
fn underscore_host_start(text: &str, start: usize, floor: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let from = bytes[floor..start]
        .iter()
        .rposition(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
        .map_or(floor, |i| floor + i + 1);
    (from < start && bytes[from..start].contains(&b'_') && bytes[..from].ends_with(b"://")).then_some(from)
}

/// A URL whose host right after the `://` at `colon` is an IPv4 or
/// bracketed IPv6 address (with [`LinkFinder::ip_hosts`]) or any
/// well-formed host (with [`LinkFinder::local_hosts`]: `localhost`, a
/// single label, an unknown TLD). A host that ends in an accepted TLD is
/// left to the separator that ends it, so that such hosts are found the
/// same way with or without these options.
fn scheme_host_link<'a, W: Why>(
    finder: &LinkFinder,
    text: &'a str,
    colon: usize,
    scan: &mut Scan<W>,
) -> Option<Link<'a>> {
    let host = colon + 3;
    scan.cursor.pos = host;
    let written = scheme_before(text, host, scan.cursor.floor)?;
    let Some(start) = accepted_scheme(&finder.schemes, text, written, colon, finder.reader) else {
        scan.why.note(Rule::SchemeRefused, (written, colon));
        return None;
    };
    if start > written {
        scan.why.note(Rule::SchemeGlued, (written, start));
    }
    if !finder.kinds.contains(Kinds::URL) {
        scan.why.note(Rule::KindNotWanted, (start, host));
        return None;
    }
    // `scheme://user@host`, `scheme://user:password@host`: the host is
    // after the `@` (not strict, as for domains); a user name with a
    // separator could be taken for the host: no link.
    let host = match userinfo_end(text, host) {
        Some(at) if finder.reader => {
            if dotted_user_name(&text[host..at]) {
                scan.why.note(Rule::DottedUserName, (host, at));
                return None;
            }
            at + 1
        }
        Some(at) => {
            scan.why.note(Rule::DottedUserName, (host, at));
            return None;
        }
        None => host,
    };
    let ip = if finder.ip_hosts { ip_host_end(text, host) } else { None };
    let host_end = match ip {
        Some(end) => end,
        None if finder.local_hosts => local_host_end(finder, text, host)?,
        None => return None,
    };
    let port = host_end;
    let host_end = match port_at(text, host_end) {
        Port::Invalid => {
            scan.why.note(Rule::InvalidPort, (port, port + 1));
            return None;
        }
        Port::Ends(end) | Port::Empty(end) => end,
        Port::None => host_end,
    };
    // Anything but a port or the end of the text after a `:` is no host
    // (`http://10.0.0.1:x`); a `:` that ends it is punctuation after it.
    let after_colon = text[host_end..].strip_prefix(':').and_then(|rest| rest.chars().next());
    if after_colon.is_some_and(|c| c > ' ' && !c.is_whitespace()) || text[host_end..].starts_with('@') {
        scan.why.note(Rule::InvalidPort, (host_end, host_end + 1));
        return None;
    }
    scan.why.note(Rule::IpOrLocalHost, (start, port));
    if host_end > port {
        scan.why.note(Rule::Port, (port, host_end));
    }
    let end = pqf(finder, text, host_end, &mut scan.why);
    Some(scan.cursor.link(finder, text, (start, end), LinkKind::Url, true))
}

/// The end of a well-formed host at `host` that does not end in an accepted
/// TLD (those are found at their separator): labels of label characters,
/// none empty or starting or ending with `-`, within DNS lengths; a
/// trailing separator is left out.
fn local_host_end(finder: &LinkFinder, text: &str, host: usize) -> Option<usize> {
    let (domain, _) = Domain::starting_at(text, host);
    let (last, end) = domain.tld;
    if end == host || !domain.valid || !domain.is_whole(text) {
        return None;
    }
    // A single label is a host even when it is also a TLD (`http://dev:8080/`);
    // a last label of digits makes an IPv4 address (WHATWG), which is
    // `ip_hosts`' to take.
    let numeric = text[last..end].bytes().all(|b| b.is_ascii_digit());
    (!numeric && (domain.labels == 1 || !tld_accepted(&finder.tlds, &text[last..end]))).then_some(end)
}
