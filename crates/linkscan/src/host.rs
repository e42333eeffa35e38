//! Host recognition shared by the dialects: domain labels and separators,
//! the top-level-domain policy, ports, schemes and IP literals.

use crate::props::{
    DOT_BIT, LABEL_BIT, TLD_MAX_CHARS, TLD_MIN_CHARS, before, bits_at, is_label_char, is_link_email, is_tld,
    lowercase_into,
};
use crate::punycode;
use alloc::string::String;
use alloc::vec::Vec;

/// Which top-level domains make a domain name a link.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TldPolicy {
    /// The IANA root-zone list built into the library
    /// ([`TLD_LIST_VERSION`](crate::TLD_LIST_VERSION)), in A-label and
    /// U-label form, any letter case. The default.
    #[default]
    Iana,
    /// Any syntactically valid TLD: two or more ASCII letters, an A-label
    /// (`xn--…`), or letters and marks of any script (no digits, hyphens or
    /// symbols).
    Any,
    /// The caller's own list (see [`TldPolicy::list`]).
    List(TldList),
}

/// A caller's list of top-level domains, matched in any letter case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TldList {
    /// Lowercase entries, sorted by bytes.
    sorted: Vec<String>,
    /// The longest entry in bytes, and in code points.
    longest: usize,
    longest_chars: usize,
    shortest_chars: usize,
}

impl TldPolicy {
    /// A policy that accepts exactly these TLDs, e.g. the lines of an IANA
    /// `tlds-alpha-by-domain.txt`: any letter case; an `XN--` entry matches
    /// its U-label too; leading dots and surrounding white space are
    /// ignored; empty entries and `#` comments are skipped.
    ///
    /// ```
    /// use linkscan::TldPolicy;
    /// let policy = TldPolicy::list(["# Version 2026", "COM", ".example", ""]);
    /// assert_eq!(policy, TldPolicy::list(["example", "com"]));
    /// assert!(TldPolicy::list(["XN--P1AI"]).accepts("РФ"));
    /// ```
    pub fn list<I, S>(tlds: I) -> TldPolicy
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut sorted: Vec<String> = Vec::new();
        for tld in tlds {
            let tld = tld.as_ref().trim().trim_start_matches('.').to_lowercase();
            if tld.is_empty() || tld.starts_with('#') {
                continue;
            }
            if let Some(unicode) = tld.strip_prefix("xn--").and_then(punycode::decode) {
                sorted.push(unicode.to_lowercase());
            }
            sorted.push(tld);
        }
        sorted.sort_unstable();
        sorted.dedup();
        let longest = sorted.iter().map(String::len).max().unwrap_or(0);
        let longest_chars = sorted.iter().map(|t| t.chars().count()).max().unwrap_or(0);
        let shortest_chars = sorted.iter().map(|t| t.chars().count()).min().unwrap_or(0);
        TldPolicy::List(TldList { sorted, longest, longest_chars, shortest_chars })
    }

    /// No accepted TLD has fewer code points than this.
    pub(crate) fn min_chars(&self) -> usize {
        match self {
            TldPolicy::Iana => TLD_MIN_CHARS,
            TldPolicy::Any => 2, // `is_well_formed_tld`
            TldPolicy::List(list) => list.shortest_chars,
        }
    }

    /// No accepted TLD has more code points than this. (Lowercasing never
    /// makes a label shorter in code points, so a longer label cannot match.)
    pub(crate) fn max_chars(&self) -> usize {
        match self {
            TldPolicy::Iana => TLD_MAX_CHARS,
            TldPolicy::Any => 63, // a DNS label has at most 63 octets, so at most 63 code points
            TldPolicy::List(list) => list.longest_chars,
        }
    }

    /// Whether an accepted TLD may start with the ASCII byte `byte`: a
    /// letter for the IANA list and well-formed TLDs (no digit, hyphen or
    /// symbol starts one), any label character for a caller's list.
    #[inline(always)]
    pub(crate) fn may_start_with_ascii(&self, byte: u8) -> bool {
        match self {
            TldPolicy::Iana | TldPolicy::Any => byte.is_ascii_alphabetic(),
            TldPolicy::List(_) => crate::props::ascii_bits(byte) & crate::props::LABEL_BIT != 0,
        }
    }

    /// Whether a label starting at byte `at` of `text` may be an accepted
    /// TLD: a test before reading the label (in CJK prose a `。` comes
    /// every few dozen bytes, followed by words no TLD starts with). False
    /// only when no accepted TLD, in any letter case or mapped form, starts
    /// so.
    #[inline(always)]
    pub(crate) fn may_start_at(&self, text: &str, at: usize) -> bool {
        let TldPolicy::Iana = self else { return at < text.len() };
        // The code point decoded from its bytes where it has three (CJK)
        // or two: below U+10000, the generated bits answer.
        match text.as_bytes().get(at..).unwrap_or_default() {
            [b0 @ 0xE0..=0xEF, b1, b2, ..] => tld_may_start_with_bmp(
                u16::from(b0 & 0x0F) << 12 | u16::from(b1 & 0x3F) << 6 | u16::from(b2 & 0x3F),
            ),
            [byte @ 0..0x80, ..] => self.may_start_with_ascii(*byte),
            [b0 @ 0xC0..=0xDF, b1, ..] => {
                tld_may_start_with_bmp(u16::from(b0 & 0x1F) << 6 | u16::from(b1 & 0x3F))
            }
            [] => false,
            _ => astral_tld_may_start_at(text, at),
        }
    }

    /// Whether `label` is an accepted top-level domain.
    ///
    /// ```
    /// use linkscan::TldPolicy;
    /// let list = TldPolicy::list(["test", "internal"]);
    /// assert!(list.accepts("TEST") && !list.accepts("com"));
    /// assert!(TldPolicy::Iana.accepts("com") && TldPolicy::Any.accepts("anything"));
    /// ```
    #[inline]
    pub fn accepts(&self, label: &str) -> bool {
        match self {
            TldPolicy::Iana => is_tld(label),
            TldPolicy::Any => is_well_formed_tld(label),
            TldPolicy::List(list) => list.contains(label),
        }
    }
}

impl TldList {
    /// Whether `label`, lowercased, is an entry. (Out of line: its buffer
    /// would otherwise be cleared for every IANA lookup too.)
    #[inline(never)]
    fn contains(&self, label: &str) -> bool {
        let mut buf = [0u8; 256];
        let buf = &mut buf[..self.longest.min(256)];
        lowercase_into(label, buf)
            .is_some_and(|lower| self.sorted.binary_search_by(|t| t.as_bytes().cmp(lower)).is_ok())
    }
}

/// Whether an IANA TLD, in any letter case or mapped form, starts with
/// the non-ASCII code point `first`.
fn tld_may_start_with(first: char) -> bool {
    let lower = first.to_lowercase().next().unwrap_or(first);
    crate::tables::TLD_FIRST_CHARS.binary_search(&lower).is_ok()
        || crate::tables::TLD_MAPPING.binary_search_by_key(&first, |&(from, _)| from).is_ok()
}

/// [`TldPolicy::may_start_at`] for the IANA list where a code point of
/// four bytes starts.
#[cold]
fn astral_tld_may_start_at(text: &str, at: usize) -> bool {
    text.get(at..).and_then(|rest| rest.chars().next()).is_some_and(tld_may_start_with)
}

/// [`tld_may_start_with`] for a code point below U+10000, by the generated
/// bits.
#[inline]
fn tld_may_start_with_bmp(cp: u16) -> bool {
    let block = crate::tables::TLD_START_BLOCKS[usize::from(cp / 64)];
    crate::tables::TLD_START_BITS[usize::from(block)] >> (cp % 64) & 1 != 0
}

/// Whether `label` is a TLD `policy` accepts, as written or after the
/// UTS #46 mapping of its non-ASCII code points (`ＣＯＭ` is `com`, Arabic
/// presentation forms their letters), as the domain's other labels are read.
#[inline]
pub(crate) fn tld_accepted(policy: &TldPolicy, label: &str) -> bool {
    policy.accepts(label) || (!label.is_ascii() && mapped_tld_accepted(policy, label))
}

/// [`tld_accepted`] for a non-ASCII label that is not an entry as written.
#[inline(never)]
fn mapped_tld_accepted(policy: &TldPolicy, label: &str) -> bool {
    let mapping = |c: char| {
        let table = crate::tables::TLD_MAPPING;
        table.binary_search_by_key(&c, |&(from, _)| from).ok().map(|k| table[k].1)
    };
    // Most labels have nothing to map: no string is built for them, and
    // the code points before the first that maps are copied as they are.
    let Some(first) = label.char_indices().find_map(|(i, c)| mapping(c).map(|_| i)) else {
        return false;
    };
    let mut mapped = String::with_capacity(label.len());
    mapped.push_str(&label[..first]);
    for c in label[first..].chars() {
        match mapping(c) {
            Some(to) => mapped.push_str(to),
            None => mapped.push(c),
        }
    }
    policy.accepts(&mapped)
}

/// Two or more ASCII letters, an A-label, or a label of letters and marks.
fn is_well_formed_tld(label: &str) -> bool {
    if let Some(puny) = label.get(..4).filter(|p| p.eq_ignore_ascii_case("xn--")).map(|_| &label[4..]) {
        return !puny.is_empty() && puny.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    }
    label.chars().count() >= 2
        && label.chars().all(|c| {
            // XID_Continue (Link_Email outside ASCII) less digits: letters and marks.
            c.is_ascii_alphabetic()
                || (!c.is_ascii() && is_label_char(c) && !c.is_numeric() && is_link_email(c))
        })
}

/// The length of the label separator (`.` `。` `．` `｡`) at byte `i`, if any.
#[inline]
pub(crate) fn separator_at(text: &str, i: usize) -> Option<usize> {
    if i >= text.len() {
        return None;
    }
    let (bits, len) = bits_at(text, i);
    (bits & DOT_BIT != 0).then_some(len)
}

/// The end of the run of label characters that starts at byte `i`.
#[inline]
pub(crate) fn label_end(text: &str, i: usize) -> usize {
    label_end_within(text, i, usize::MAX, 0).unwrap_or(text.len())
}

/// The end of the run of label characters that starts at byte `i`, if it
/// has at most `max_chars` code points. `nv8`: [`NV8_BIT`] to end the run
/// at the label characters IDNA2008 does not allow, else 0.
#[inline]
pub(crate) fn label_end_within(text: &str, mut i: usize, max_chars: usize, nv8: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut chars = 0;
    while i < bytes.len() {
        let (bits, len) = bits_at(text, i);
        if bits & (LABEL_BIT | nv8) != LABEL_BIT {
            break;
        }
        chars += 1;
        if chars > max_chars {
            return None;
        }
        i += len;
    }
    Some(i)
}

/// The end of the run of label characters and separators from byte `i`.
pub(crate) fn domain_run_end(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    while i < bytes.len() {
        // ASCII byte by byte; any other code point whole.
        if bytes[i] < 0x80 {
            if crate::props::ascii_bits(bytes[i]) & (LABEL_BIT | DOT_BIT) == 0 {
                break;
            }
            i += 1;
            continue;
        }
        let (bits, len) = bits_at(text, i);
        if bits & (LABEL_BIT | DOT_BIT) == 0 {
            break;
        }
        i += len;
    }
    i
}

/// The run of label characters and separators from byte `host`, as a
/// host: `(where the host ends, where what follows it starts)` — a
/// trailing separator is not part of the host (`example.com.` ends a
/// sentence), so the two differ by its length.
pub(crate) fn host_run(text: &str, host: usize) -> (usize, usize) {
    let run_end = domain_run_end(text, host);
    match text[host..run_end].char_indices().next_back() {
        Some((i, c)) if separator_at(text, host + i).is_some() => (host + i, host + i + c.len_utf8()),
        _ => (run_end, run_end),
    }
}

/// The start of the run of label characters and separators that ends at
/// byte `end`, not going before `floor`. `nv8`: as for [`label_end_within`].
pub(crate) fn domain_start(text: &str, mut end: usize, floor: usize, nv8: u8) -> usize {
    let bytes = text.as_bytes();
    while end > floor {
        // ASCII, byte by byte; any other code point whole.
        let b = bytes[end - 1];
        if b < 0x80 {
            if crate::props::ascii_bits(b) & (LABEL_BIT | DOT_BIT) == 0 {
                break;
            }
            end -= 1;
            continue;
        }
        let (_, bits, len) = before(text, end);
        if bits & (LABEL_BIT | DOT_BIT) == 0 || bits & nv8 != 0 {
            break;
        }
        end -= len;
    }
    end
}

/// The most octets of a DNS label, and of a whole name (in A-label form,
/// without a trailing dot).
pub const MAX_LABEL_LEN: usize = 63;
/// See [`MAX_LABEL_LEN`].
pub const MAX_NAME_LEN: usize = 253;

/// Whether every label of the domain `text[start..end]` is non-empty,
/// neither starts nor ends with `-`, and fits DNS: at most 63 octets a
/// label and 253 in all, counted in A-label form (`xn--` + Punycode for a
/// label that is not ASCII).
pub(crate) fn labels_valid(text: &str, start: usize, end: usize) -> bool {
    let domain = &text.as_bytes()[start..end];
    if domain.is_ascii() { ascii_labels_valid(domain) } else { labels_valid_by_code_point(text, start, end) }
}

/// `labels_valid` read code point by code point (any domain). The labels'
/// A-label lengths are first taken no longer than a bound that needs no
/// Punycode encoding for short labels ([`a_label_len_bound`]); only a name
/// that does not fit then is measured exactly.
fn labels_valid_by_code_point(text: &str, start: usize, end: usize) -> bool {
    labels_fit(text, start, end, a_label_len_bound) || labels_fit(text, start, end, a_label_len)
}

/// The length of `label` (not ASCII) as an A-label, `xn--` and Punycode;
/// `None` when over 63 octets.
fn a_label_len(label: &str) -> Option<usize> {
    punycode::encoded_len(label).map(|n| 4 + n)
}

/// No less than [`a_label_len`], without encoding a label of at most seven
/// code points: each of its code points is at most eight Punycode digits.
/// (A digit divides what is left by at least ten, so a delta `d` takes at
/// most `log10(d) + 2` digits; a delta is at most `0x110000 × (c + 1) + c`
/// for `c` code points, under 10⁷ for `c ≤ 7`; `4 + 1 + 8 × 7 = 61 ≤ 63`.)
fn a_label_len_bound(label: &str) -> Option<usize> {
    match label.chars().count() {
        chars @ ..=7 => Some(4 + 1 + 8 * chars),
        _ => a_label_len(label),
    }
}

/// Whether the labels of `text[start..end]` are valid, with `octets` the
/// A-label length of each label that is not ASCII.
fn labels_fit(text: &str, start: usize, end: usize, octets: fn(&str) -> Option<usize>) -> bool {
    if end - start > 4 * MAX_NAME_LEN {
        return false; // even as one-byte A-label characters it would be too long
    }
    let mut label_start = start;
    let mut name_len = 0;
    let mut i = start;
    while i <= end {
        let sep = if i == end { Some(0) } else { separator_at(text, i) };
        if let Some(len) = sep {
            let label = &text.as_bytes()[label_start..i];
            if label.is_empty() || label[0] == b'-' || label[label.len() - 1] == b'-' {
                return false;
            }
            // An `xn--` label must be an A-label: ASCII, valid Punycode.
            if has_a_label_prefix(label) && !is_a_label(label) {
                return false;
            }
            let octets = if label.is_ascii() {
                label.len()
            } else {
                match octets(&text[label_start..i]) {
                    Some(n) => n,
                    None => return false,
                }
            };
            name_len += octets + usize::from(name_len > 0);
            if octets > MAX_LABEL_LEN || name_len > MAX_NAME_LEN {
                return false;
            }
            i += len.max(1);
            label_start = i;
        } else {
            i += bits_at(text, i).1;
        }
    }
    true
}

/// [`domain_start`] from the `.` at `dot` and [`labels_valid`] of the
/// domain from there to `tld_end`, in one backward pass, when the domain is
/// ASCII: `None` when a byte of it is not (read it code point by code point
/// then). An invalid domain is read only until that is known: its start is
/// then only known to be before `dot` (or `dot`, if nothing of it is).
#[inline]
pub(crate) fn ascii_domain(bytes: &[u8], dot: usize, tld_end: usize, floor: usize) -> Option<(usize, bool)> {
    let tld = &bytes[dot + 1..tld_end];
    if !tld.is_ascii() {
        return None;
    }
    let mut valid = ascii_label_ok(tld);
    let mut label_end = dot;
    // Past `low` the name would be longer than DNS allows.
    let low = floor.max(tld_end.saturating_sub(MAX_NAME_LEN + 1));
    use crate::tables::{HOST_ASCII, HOST_DOT, HOST_END, HOST_LABEL};
    // Label by label: its bytes, then what is before it.
    let i = loop {
        let i = bytes[low..label_end]
            .iter()
            .rposition(|&b| HOST_ASCII[usize::from(b)] != HOST_LABEL)
            .map_or(low, |k| low + k + 1);
        if i == low {
            break i;
        }
        match HOST_ASCII[usize::from(bytes[i - 1])] {
            HOST_DOT => {
                valid &= ascii_label_ok(&bytes[i..label_end]);
                label_end = i - 1;
                if !valid {
                    return Some((label_end, false));
                }
            }
            HOST_END => break i,
            _ => return None,
        }
    };
    if i == low && low > floor {
        return Some((i, false)); // too long, whatever comes before
    }
    valid &= ascii_label_ok(&bytes[i..label_end]) && tld_end - i <= MAX_NAME_LEN;
    Some((i, valid))
}

/// `labels_valid` for an ASCII domain: its labels are between `.`s and
/// its length is its length in DNS.
fn ascii_labels_valid(domain: &[u8]) -> bool {
    domain.len() <= MAX_NAME_LEN && domain.split(|&b| b == b'.').all(ascii_label_ok)
}

/// Whether one ASCII label is non-empty, fits DNS, neither starts nor
/// ends with `-`, and, if it starts with `xn--`, is a valid A-label.
#[inline]
fn ascii_label_ok(label: &[u8]) -> bool {
    label.len() <= MAX_LABEL_LEN
        && label.first().is_some_and(|&b| b != b'-')
        && label.last() != Some(&b'-')
        && (!has_a_label_prefix(label) || a_label_valid(label))
}

/// Whether `label` starts with `xn--` (any case): the prefix of an A-label.
#[inline]
fn has_a_label_prefix(label: &[u8]) -> bool {
    // `| 0x2020` lowercases `XN`, and makes no other pair of bytes `xn`.
    label.first_chunk::<4>().is_some_and(|&[x, n, h1, h2]| {
        u16::from_le_bytes([x, n]) | 0x2020 == u16::from_le_bytes(*b"xn") && h1 == b'-' && h2 == b'-'
    })
}

/// Whether `label` is an A-label: `xn--` (any case), ASCII, and valid as
/// [`a_label_valid`] checks it.
#[inline]
pub(crate) fn is_a_label(label: &[u8]) -> bool {
    has_a_label_prefix(label) && label.is_ascii() && a_label_valid(label)
}

/// Whether the ASCII label `xn--…` is an A-label as UTS #46 §4.1 checks
/// it: its Punycode decodes, to a label that is not empty, not all ASCII,
/// and made of label characters. (`xn--はじめよう` is not ASCII, so no
/// A-label either: [`labels_valid`] rejects it.)
#[cold]
fn a_label_valid(label: &[u8]) -> bool {
    let Ok(puny) = core::str::from_utf8(&label[4..]) else { return false };
    punycode::decode(&puny.to_ascii_lowercase())
        .is_some_and(|u| !u.is_empty() && !u.is_ascii() && u.chars().all(is_label_char))
}

/// Whether `text[start..end]` is the whole host as written: not glued to
/// an `_` (a character people write in host names that no domain label
/// holds), so that `my_site.example.com` never gives `site.example.com`,
/// nor to a code point UTS #46 removes from a name (U+FE0F in
/// `town🧞‍♀️🧜🏻‍♀️.com`, U+00AD), which would make the name another one.
#[inline]
pub(crate) fn host_as_written(text: &str, start: usize, end: usize) -> bool {
    let bytes = text.as_bytes();
    // An ASCII byte, or none, on each side (most hosts): only `_` glues.
    let plain = |b: Option<&u8>| b.is_none_or(|&b| b < 0x80 && b != b'_');
    if plain(start.checked_sub(1).map(|i| &bytes[i])) && plain(bytes.get(end)) {
        return true;
    }
    !glued(text, start, end)
}

/// Whether `_` or a code point UTS #46 ignores is right before `start` or
/// right after `end`.
#[cold]
fn glued(text: &str, start: usize, end: usize) -> bool {
    let glue = |c: char| c == '_' || idna_ignored(c);
    text[..start].chars().next_back().is_some_and(glue) || text[end..].chars().next().is_some_and(glue)
}

/// Whether UTS #46 ignores `c` (removes it from a name).
fn idna_ignored(c: char) -> bool {
    let ranges = crate::tables::IDNA_IGNORED;
    let k = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(k).is_some_and(|&(lo, _)| lo <= c)
}

/// Top-level domains that are also common file extensions: `README.md`,
/// `setup.py`, `main.rs`, `install.sh`, `s.as_str()`, `Makefile.am`,
/// `Finder.app`, `archive.zip`, … (Moldova, Paraguay, Serbia, Saint Helena,
/// American Samoa, Armenia, …). See [`LinkFinder::skip_file_names`](crate::LinkFinder::skip_file_names).
pub const FILE_EXTENSION_TLDS: &[&str] = &[
    "ac", "ai", "am", "app", "as", "bz", "cc", "cr", "cs", "in", "md", "mk", "ml", "mov", "pl", "pm", "ps",
    "py", "rs", "sc", "sh", "so", "st", "ts", "zip",
];

/// Whether the scheme-less domain `text[start..tld_end]` looks like a file
/// name: two labels, the last a [`FILE_EXTENSION_TLDS`] entry (any case),
/// the first not `www`, with no path, query, fragment or port after it.
pub(crate) fn looks_like_a_file_name(
    text: &str,
    start: usize,
    tld_start: usize,
    tld_end: usize,
    floor: usize,
) -> bool {
    let tld = &text[tld_start..tld_end];
    if !FILE_EXTENSION_TLDS.iter().any(|e| e.eq_ignore_ascii_case(tld)) {
        return false;
    }
    let name = &text[start..tld_start];
    let two_labels =
        name.char_indices().filter(|&(i, _)| separator_at(text, start + i).is_some()).count() == 1;
    let www = name.as_bytes().get(..3).is_some_and(|w| w.eq_ignore_ascii_case(b"www"))
        && separator_at(text, start + 3).is_some_and(|n| start + 3 + n == tld_start);
    let scheme = scheme_before(text, start, floor).is_some();
    // A path, query or fragment, also after a port; `:12` alone is a code
    // location (`main.rs:12`), and `:` alone punctuation.
    let bytes = text.as_bytes();
    let digits = match bytes.get(tld_end) {
        Some(b':') => bytes[tld_end + 1..].iter().take_while(|b| b.is_ascii_digit()).count(),
        _ => 0,
    };
    let after = if digits > 0 { tld_end + 1 + digits } else { tld_end };
    let more = matches!(bytes.get(after), Some(b'/' | b'?' | b'#'));
    two_labels && !www && !scheme && !more
}

/// What follows a host at a `:`.
pub(crate) enum Port {
    /// No port: no `:`, or a `:` not followed by a digit.
    None,
    /// A port `:1` to `:65535` that ends at this byte offset.
    Ends(usize),
    /// Too many digits or out of range: the host is not a link.
    Invalid,
}

/// The port at byte `i` of `text`.
pub(crate) fn port_at(text: &str, i: usize) -> Port {
    let bytes = text.as_bytes();
    if bytes.get(i) != Some(&b':') {
        return Port::None;
    }
    let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Port::None;
    }
    let value = bytes[i + 1..i + 1 + digits].iter().take(6).fold(0u32, |v, b| v * 10 + u32::from(b - b'0'));
    if digits <= 5 && (1..=65535).contains(&value) { Port::Ends(i + 1 + digits) } else { Port::Invalid }
}

/// The schemes a URL's explicit `scheme://` may have for it to be linked.
///
/// The built-in list ([`Schemes::web`], the default) holds the web's common
/// schemes: `http`, `https`, `ftp`, `ftps`, `sftp`, `ssh`, `git`, `ws`,
/// `wss`, `irc`, `ircs`, `file`, and the version-control forms `git+ssh`,
/// `git+https`, `git+http`, `git+file`, `svn+ssh`, `svn+https`, `svn+http`,
/// `hg+https`, `hg+http`, `hg+ssh`, `bzr+ssh`, `bzr+https`. A host after a
/// scheme that is not on the list is not linked at all: a link never has a
/// target other than its text. Matched in any letter case.
///
/// ```
/// use linkscan::{LinkFinder, Schemes};
/// let finder = LinkFinder::new();
/// assert_eq!(finder.links("My ftp://example.com/file site").next().unwrap().href(), "ftp://example.com/file");
/// assert_eq!(finder.links("see gopher://example.com/x").count(), 0);
/// let finder = LinkFinder::new().schemes(Schemes::web().with(["gopher"]));
/// assert_eq!(finder.links("see gopher://example.com/x").next().unwrap().as_str(), "gopher://example.com/x");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Schemes {
    /// Lowercase names besides (or, with `web` false, instead of) the built-in list.
    extra: Vec<String>,
    web: bool,
}

/// The built-in scheme list, lowercase.
const WEB_SCHEMES: [&str; 24] = [
    "http",
    "https",
    "ftp",
    "ftps",
    "sftp",
    "ssh",
    "git",
    "ws",
    "wss",
    "irc",
    "ircs",
    "file",
    "git+ssh",
    "git+https",
    "git+http",
    "git+file",
    "svn+ssh",
    "svn+https",
    "svn+http",
    "hg+https",
    "hg+http",
    "hg+ssh",
    "bzr+ssh",
    "bzr+https",
];

/// A name of at most 15 bytes as one number: its bytes, zeros, and its
/// length in the last byte (so that a name and the same name with a NUL
/// after it differ).
const fn scheme_key(name: &[u8]) -> u128 {
    let mut bytes = [0u8; 16];
    let mut i = 0;
    while i < name.len() && i < 15 {
        bytes[i] = name[i];
        i += 1;
    }
    bytes[15] = name.len() as u8;
    u128::from_le_bytes(bytes)
}

/// [`WEB_SCHEMES`] as numbers, for comparisons of one instruction or two.
const WEB_SCHEME_KEYS: [u128; WEB_SCHEMES.len()] = {
    let mut keys = [0u128; WEB_SCHEMES.len()];
    let mut i = 0;
    while i < WEB_SCHEMES.len() {
        keys[i] = scheme_key(WEB_SCHEMES[i].as_bytes());
        i += 1;
    }
    keys
};

/// Whether `name` (any case) is in the built-in scheme list.
#[inline]
fn is_web_scheme(name: &str) -> bool {
    if name.len() > 9 {
        return false; // longer than any built-in name
    }
    // `http` and `https` (most schemes written) first, four bytes as one
    // number: `| 0x20` lowercases these letters and makes no other byte one.
    let bytes = name.as_bytes();
    let http = bytes.first_chunk::<4>().is_some_and(|&head| {
        u32::from_le_bytes(head) | 0x2020_2020 == u32::from_le_bytes(*b"http")
            && (bytes.len() == 4 || bytes.len() == 5 && bytes[4] | 0x20 == b's')
    });
    if http {
        return true;
    }
    let mut key = [0u8; 16];
    key[..name.len()].copy_from_slice(bytes);
    key.make_ascii_lowercase();
    key[15] = name.len() as u8;
    WEB_SCHEME_KEYS.contains(&u128::from_le_bytes(key))
}

impl Schemes {
    /// The built-in list of the web's common schemes (the default).
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().accepts("https") && Schemes::web().accepts("git+ssh"));
    /// assert!(!Schemes::web().accepts("javascript"));
    /// ```
    pub fn web() -> Schemes {
        Schemes { extra: Vec::new(), web: true }
    }

    /// Exactly these schemes (names without `://`, any case).
    ///
    /// ```
    /// use linkscan::Schemes;
    /// let https = Schemes::only(["https"]);
    /// assert!(https.accepts("HTTPS") && !https.accepts("http"));
    /// ```
    pub fn only<I: IntoIterator<Item = S>, S: AsRef<str>>(names: I) -> Schemes {
        Schemes { extra: Vec::new(), web: false }.with(names)
    }

    /// These schemes too.
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().with(["gopher"]).accepts("gopher"));
    /// ```
    #[must_use]
    pub fn with<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, names: I) -> Schemes {
        // A script scheme is never one: no link has a script target (the
        // rule `html::is_safe_href` states), whatever the list says.
        let names = names.into_iter().map(|n| n.as_ref().trim_end_matches("://").to_ascii_lowercase());
        self.extra.extend(names.filter(|n| !n.is_empty() && crate::href::is_safe_href(&[n, ":"].concat())));
        self
    }

    /// Whether a URL with scheme `name` (without `://`) is linked. A script
    /// scheme (`javascript`, `data`, `vbscript`) never is, even when listed.
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().accepts("wss") && !Schemes::web().accepts("gopher"));
    /// assert!(!Schemes::only(["javascript", "https"]).accepts("javascript"));
    /// ```
    pub fn accepts(&self, name: &str) -> bool {
        (self.web && is_web_scheme(name)) || self.extra.iter().any(|s| s.eq_ignore_ascii_case(name))
    }
}

/// The bytes of a scheme name: letters, digits, `+`, `-`, `.`.
const SCHEME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.');
        b += 1;
    }
    table
};

/// The start of the `scheme://` that ends at byte `end` (just after its
/// `//`), not before `floor`. A scheme name is RFC 3986's: a letter, then
/// letters, digits, `+`, `-`, `.`; characters before the first letter of a
/// run of such characters are not part of it (`1.http://` has the scheme
/// `http`).
pub(crate) fn scheme_before(text: &str, end: usize, floor: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if end < floor + 4 || !bytes[..end].ends_with(b"://") {
        return None;
    }
    let colon = end - 3;
    let run = bytes[floor..colon]
        .iter()
        .rposition(|&b| !SCHEME_BYTES[usize::from(b)])
        .map_or(floor, |i| floor + i + 1);
    let start = run + bytes[run..colon].iter().position(u8::is_ascii_alphabetic)?;
    Some(start)
}

/// Where the accepted scheme of the `scheme://` whose name starts at byte
/// `start` and ends at `colon` starts: `start` if `schemes` accepts the
/// name; with `glued`, else the longest accepted name that ends it and
/// starts with a letter (`foohttp://` is `http://`), among its last 32
/// bytes.
#[inline(always)]
pub(crate) fn accepted_scheme(
    schemes: &Schemes,
    text: &str,
    start: usize,
    colon: usize,
    glued: bool,
) -> Option<usize> {
    if schemes.accepts(&text[start..colon]) {
        Some(start)
    } else if glued {
        glued_scheme(schemes, text, start, colon)
    } else {
        None
    }
}

/// The glued case of [`accepted_scheme`].
#[cold]
fn glued_scheme(schemes: &Schemes, text: &str, start: usize, colon: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    (start.max(colon.saturating_sub(32)) + 1..colon)
        .find(|&s| bytes[s].is_ascii_alphabetic() && schemes.accepts(&text[s..colon]))
}

/// The end of an IPv4 address (four decimal octets, no leading zeros) or a
/// bracketed IPv6 address at byte `i`, if one is there and is not followed
/// by a label character or separator.
pub(crate) fn ip_host_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let end = if bytes.get(i) == Some(&b'[') {
        let close = i + 1 + bytes[i + 1..].iter().take(48).position(|&b| b == b']')?;
        ipv6_valid(&bytes[i + 1..close]).then_some(close + 1)?
    } else {
        let mut j = i;
        for octet in 0..4 {
            if octet > 0 {
                (bytes.get(j) == Some(&b'.')).then_some(())?;
                j += 1;
            }
            let digits = bytes[j..].iter().take(4).take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[j..j + digits].iter().fold(0u32, |v, b| v * 10 + u32::from(b - b'0'));
            if digits == 0 || digits > 3 || value > 255 || (digits > 1 && bytes[j] == b'0') {
                return None;
            }
            j += digits;
        }
        j
    };
    let glued = end < text.len() && bits_at(text, end).0 & (LABEL_BIT | DOT_BIT) != 0 && {
        // A trailing dot ends a sentence; a dot before more labels does not.
        separator_at(text, end).is_none_or(|n| label_end(text, end + n) > end + n)
    };
    (!glued).then_some(end)
}

/// RFC 4291 text form: up to eight groups of 1–4 hex digits, at most one
/// `::`, optionally ending in an IPv4 address.
fn ipv6_valid(s: &[u8]) -> bool {
    let text = match core::str::from_utf8(s) {
        Ok(t) if !t.is_empty() => t,
        _ => return false,
    };
    let (head, tail, compressed) = match text.split_once("::") {
        Some((h, t)) => (h, t, true),
        None => (text, "", false),
    };
    if compressed && tail.contains("::") {
        return false;
    }
    let mut groups = 0;
    for (k, side) in [head, tail].into_iter().enumerate() {
        if side.is_empty() {
            continue;
        }
        let parts: Vec<&str> = side.split(':').collect();
        for (n, part) in parts.iter().enumerate() {
            let last = n + 1 == parts.len() && (k == 1 || !compressed);
            if last && part.contains('.') {
                if ip_host_end(part, 0) != Some(part.len()) {
                    return false;
                }
                groups += 2;
            } else if (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit()) {
                groups += 1;
            } else {
                return false;
            }
        }
    }
    if compressed { groups <= 7 } else { groups == 8 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The built-in schemes are accepted as their keys are compared, in any
    /// case, and nothing else is.
    #[test]
    fn the_web_schemes_are_the_list() {
        let web = Schemes::web();
        for name in WEB_SCHEMES {
            assert!(web.accepts(name) && web.accepts(&name.to_ascii_uppercase()), "{name}");
            assert!(!Schemes::only(["gopher"]).accepts(name), "{name}");
        }
        for name in
            ["", "gopher", "httpss", "git+httpsx", "mailto", "javascript", "http:", "bzr+ftp", "ftp\0"]
        {
            assert!(!web.accepts(name), "{name}");
        }
    }

    /// The quick test for `http` and `https` answers as the list does for
    /// every ASCII byte in every place of them.
    #[test]
    fn the_http_test_agrees_with_the_list() {
        for name in ["http", "https", "HTTPS"] {
            for at in 0..name.len() {
                for b in 0..0x80u8 {
                    let mut bytes = name.as_bytes().to_vec();
                    bytes[at] = b;
                    let name = core::str::from_utf8(&bytes).unwrap_or_default();
                    let listed = WEB_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(name));
                    assert_eq!(is_web_scheme(name), listed, "{name:?}");
                }
            }
        }
    }

    /// The bound on A-label lengths is never below the length, for labels
    /// of one to seven code points of every kind (the largest code points,
    /// in rising and falling order, mixed with ASCII).
    #[test]
    fn the_a_label_bound_is_never_below_the_length() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let picks =
            ['a', '-', 'é', 'ß', '中', '\u{FFFF}', '\u{10000}', '\u{10FFFF}', '\u{10FFFE}', '\u{E0100}'];
        for _ in 0..20_000 {
            let chars = 1 + next() as usize % 7;
            let label: String = (0..chars)
                .map(|_| match next() % 3 {
                    0 => picks[next() as usize % picks.len()],
                    1 => char::from_u32(0x10FFFF - (next() % 0x1000) as u32).unwrap_or('x'),
                    _ => char::from_u32((next() % 0x110000) as u32).unwrap_or('y'),
                })
                .collect();
            if label.is_ascii() {
                continue;
            }
            let exact = a_label_len(&label).expect("seven code points always fit");
            assert!(a_label_len_bound(&label) >= Some(exact), "{label:?}");
        }
        // A name that fits only when measured exactly is still valid.
        let long = ["例子"; 15].join(".");
        assert!(!labels_fit(&long, 0, long.len(), a_label_len_bound));
        assert!(labels_valid(&long, 0, long.len()));
        let too_long = ["例子"; 22].join(".");
        assert!(!labels_valid(&too_long, 0, too_long.len()));
    }

    /// The generated bits say what the code point lookups say, for every
    /// non-ASCII code point below U+10000 (with this build's letter cases).
    #[test]
    fn tld_start_bits_agree_with_the_lookups() {
        for cp in 0x80..=0xFFFFu16 {
            if let Some(c) = char::from_u32(u32::from(cp)) {
                assert_eq!(tld_may_start_with_bmp(cp), tld_may_start_with(c), "U+{cp:04X}");
            }
        }
    }

    /// `may_start_at` decodes each non-ASCII code point from its bytes as
    /// `char` does.
    #[test]
    fn tld_start_test_decodes_every_code_point() {
        let mut buf = [0u8; 4];
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = c.encode_utf8(&mut buf);
            assert_eq!(
                TldPolicy::Iana.may_start_at(text, 0),
                tld_may_start_with(c),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    /// The generated host classes are what the properties say.
    #[test]
    fn host_classes_agree_with_the_properties() {
        use crate::tables::{HOST_ASCII, HOST_DOT, HOST_END, HOST_LABEL, HOST_WIDE};
        for b in 0..=255u8 {
            let expected = match b {
                0x80.. => HOST_WIDE,
                _ => match crate::props::ascii_bits(b) & (LABEL_BIT | DOT_BIT) {
                    0 => HOST_END,
                    DOT_BIT => HOST_DOT,
                    _ => HOST_LABEL,
                },
            };
            assert_eq!(HOST_ASCII[usize::from(b)], expected, "{b:#x}");
        }
    }

    /// The one-pass ASCII reading says what `domain_start` and
    /// `labels_valid` say, on ASCII text of every shape before a `.` and
    /// its label (a floor anywhere; non-ASCII text is left to them).
    #[test]
    fn ascii_domain_agrees_with_start_and_labels() {
        let pieces = [
            "a",
            "-",
            ".",
            "b1",
            " ",
            "é",
            "x".repeat(62).as_str(),
            "y".repeat(63).as_str(),
            "z".repeat(120).as_str(),
        ]
        .map(String::from);
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..30_000 {
            let mut text = String::new();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            for k in 0..(rng % 9) {
                text.push_str(&pieces[((rng >> (k * 5 + 8)) % 9) as usize]);
            }
            let dot = text.len();
            text.push('.');
            text.push_str(["com", "c-", "-o", "", "ab", "é"][(rng >> 60) as usize % 6]);
            let floor = (rng >> 50) as usize % (dot + 1);
            if !text.is_char_boundary(floor) {
                continue;
            }
            let tld_end = text.len();
            let Some((start, valid)) = ascii_domain(text.as_bytes(), dot, tld_end, floor) else {
                assert!(!text[floor..].is_ascii(), "{text:?}");
                continue;
            };
            let expected = domain_start(&text, dot, floor, 0);
            if valid {
                assert_eq!(start, expected, "{text:?} from {floor}");
            } else {
                assert_eq!(start < dot, expected < dot, "{text:?} from {floor}");
            }
            assert_eq!(valid, labels_valid(&text, expected, tld_end), "{text:?} from {floor}");
            checked += 1;
        }
        assert!(checked > 10_000);
    }

    /// The ASCII fast path of `labels_valid` says what the code point one
    /// says: `.` is the only ASCII separator, and on ASCII domains of every
    /// shape (empty labels, hyphens at the edges, 63/64-octet labels,
    /// 253/254-octet names) both agree.
    #[test]
    fn ascii_labels_agree_with_the_code_point_reading() {
        for b in 0..0x80u8 {
            let s = String::from(char::from(b));
            assert_eq!(separator_at(&s, 0).is_some(), b == b'.', "{b:#x}");
        }
        let pieces =
            ["a", "-", ".", "b1", "x".repeat(62).as_str(), "y".repeat(63).as_str(), "z".repeat(120).as_str()]
                .map(String::from);
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut domain = String::new();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            for k in 0..(rng % 9) {
                domain.push_str(&pieces[((rng >> (k * 5 + 8)) % 7) as usize]);
            }
            assert_eq!(
                ascii_labels_valid(domain.as_bytes()),
                labels_valid_by_code_point(&domain, 0, domain.len()),
                "{domain:?}"
            );
        }
    }

    /// The quick test never rejects a label that is a TLD: every IANA TLD,
    /// in lower and upper case, and every code point mapped into one, may
    /// start one; and for code points it rejects (CJK prose's, digits,
    /// punctuation), no label they start, followed by the rest of any TLD,
    /// is accepted.
    #[test]
    fn tld_start_test_rejects_no_tld() {
        let iana = TldPolicy::Iana;
        for tld in crate::tables::TLDS {
            let upper: String = tld.chars().flat_map(char::to_uppercase).collect();
            assert!(iana.may_start_at(tld, 0), "{tld}");
            assert!(iana.may_start_at(&upper, 0), "{upper}");
        }
        for (from, _) in crate::tables::TLD_MAPPING {
            let mut label = String::new();
            label.push(from);
            assert!(iana.may_start_at(&label, 0), "{from:?}");
        }
        let rests: alloc::vec::Vec<&str> = crate::tables::TLDS
            .iter()
            .filter_map(|t| t.char_indices().nth(1).map(|(i, _)| &t[i..]))
            .collect();
        let mut rejected = 0;
        for c in "東京は日本の首都であり、世界最大の都市圏の一つです。「」（）0123456789-_.é".chars()
        {
            let mut label = String::new();
            label.push(c);
            if iana.may_start_at(&label, 0) {
                continue;
            }
            rejected += 1;
            for rest in &rests {
                label.truncate(c.len_utf8());
                label.push_str(rest);
                assert!(!tld_accepted(&iana, &label), "{label:?} is a TLD but {c:?} was rejected");
            }
        }
        assert!(rejected > 30, "the sample holds code points the test rejects");
    }
}
