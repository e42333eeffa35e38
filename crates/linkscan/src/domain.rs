//! Domain names as the finder reads them: label separators, labels, and
//! the rules a name's labels keep (DNS lengths counted in A-label form,
//! no `-` at a label's edge, `xn--` only on an A-label, a name written
//! whole).
//!
//! A domain is read once, label by label, and handed on as a [`Domain`]
//! (its start, its last label, how many labels, whether they are valid):
//! back from the separator before its last label, where the UTS #58 scan
//! finds one ([`Domain::ending_at`]), or forward from its first byte, after
//! `scheme://` ([`Domain::starting_at`]). The dialects take what they need
//! from it and do not read the name again.

use crate::props::{DOT_BIT, LABEL_BIT, before, bits_at, cuts_host, is_label_char};
use crate::punycode;
use crate::tables::{HOST_ASCII, HOST_DOT, HOST_END, HOST_LABEL, HOST_WIDE};

/// A domain name read: where it starts, its last label, how many labels
/// it has and whether they are valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Domain {
    /// Its first byte.
    pub(crate) start: usize,
    /// Its last label (the TLD, if it is a link): `text[tld.0..tld.1]`.
    pub(crate) tld: (usize, usize),
    /// How many labels it has.
    pub(crate) labels: usize,
    /// Whether every label is non-empty, neither starts nor ends with `-`,
    /// is an A-label if it starts with `xn--`, and the name fits DNS: at
    /// most 63 octets a label and 253 in all, counted in A-label form
    /// (`xn--` and Punycode for a label that is not ASCII).
    pub(crate) valid: bool,
    /// Whether, read back, it was ended by a label character IDNA2008
    /// does not allow (`nv8`).
    pub(crate) cut: bool,
}

impl Domain {
    /// The domain whose last label `text[tld.0..tld.1]` follows the label
    /// separator at `dot`, read back from `dot` no further than `floor`.
    /// `nv8`: [`HOST_CUT`](crate::props::HOST_CUT) to end it at a label
    /// character IDNA2008 does not allow, else 0. A name that would be
    /// longer than DNS allows, or has a label that is not valid, is read
    /// only until that is known: it is invalid, its `start` only some byte
    /// of it and its `labels` those read.
    #[inline(always)]
    pub(crate) fn ending_at(text: &str, dot: usize, tld: (usize, usize), floor: usize, nv8: u8) -> Domain {
        let bytes = text.as_bytes();
        if !bytes[tld.0..tld.1].is_ascii() {
            let mut labels = Labels::default();
            labels.add(text, tld, true);
            return Domain::ending_at_wide(text, (dot, dot), tld, floor, nv8, labels);
        }
        // An ASCII name: its labels counted and checked here, its length
        // its bytes.
        let (mut count, mut valid) = (1, ascii_label_ok(&bytes[tld.0..tld.1]));
        let mut label_end = dot;
        // Past `low` the name would be too long.
        let low = floor.max(tld.1.saturating_sub(MAX_NAME_LEN + 1));
        let mut i = dot;
        // The bytes of each label at once, then what is before them.
        loop {
            i = bytes[low..i]
                .iter()
                .rposition(|&b| HOST_ASCII[usize::from(b)] != HOST_LABEL)
                .map_or(low, |k| low + k + 1);
            if i == low {
                valid &= low == floor;
                break;
            }
            match HOST_ASCII[usize::from(bytes[i - 1])] {
                HOST_DOT => {
                    valid &= ascii_label_ok(&bytes[i..label_end]);
                    count += 1;
                    label_end = i - 1;
                    i -= 1;
                    if !valid {
                        return Domain { start: i, tld, labels: count, valid, cut: false };
                    }
                }
                HOST_END => break,
                _ => {
                    let labels = Labels { count, invalid: !valid, wide: (0, 0) };
                    return Domain::ending_at_wide(text, (i, label_end), tld, floor, nv8, labels);
                }
            }
        }
        valid &= ascii_label_ok(&bytes[i..label_end]) && tld.1 - i <= MAX_NAME_LEN;
        Domain { start: i, tld, labels: count + 1, valid, cut: false }
    }

    /// [`Domain::ending_at`] on from a code point that is not ASCII before
    /// byte `i`, in the label that ends at `label_end`, with the `labels`
    /// after it: the rest read a code point at a time.
    #[inline(never)]
    fn ending_at_wide(
        text: &str,
        (mut i, mut label_end): (usize, usize),
        tld: (usize, usize),
        floor: usize,
        nv8: u8,
        mut labels: Labels,
    ) -> Domain {
        let bytes = text.as_bytes();
        // A name not ASCII may take four bytes an octet.
        let low = floor.max(tld.1.saturating_sub(4 * MAX_NAME_LEN + 1));
        let (mut wide, mut cut) = (false, false);
        let start = loop {
            if i < low {
                // A code point read back across `low` (which need not be
                // a code point's first byte): the name is too long.
                return Domain { start: i, tld, labels: labels.count, valid: false, cut: false };
            }
            i = bytes[low..i]
                .iter()
                .rposition(|&b| HOST_ASCII[usize::from(b)] != HOST_LABEL)
                .map_or(low, |k| low + k + 1);
            if i == low {
                if low > floor {
                    return Domain { start: i, tld, labels: labels.count, valid: false, cut: false };
                }
                break i;
            }
            let (bits, len) = match HOST_ASCII[usize::from(bytes[i - 1])] {
                HOST_DOT => (DOT_BIT, 1),
                HOST_END => break i,
                _ => match before(text, i) {
                    (_, bits, _) if cuts_host(bits, nv8) => {
                        cut = true;
                        break i;
                    }
                    (_, bits, len) => (bits, len),
                },
            };
            if bits & DOT_BIT != 0 {
                labels.add(text, (i, label_end), wide);
                (label_end, wide) = (i - len, false);
            } else if bits & LABEL_BIT != 0 {
                wide = true;
            } else {
                break i;
            }
            i -= len;
        };
        labels.add(text, (start, label_end), wide);
        let valid = labels.valid_name(text, (start, tld.1));
        Domain { start, tld, labels: labels.count, valid, cut }
    }

    /// The domain that starts at byte `start`: the run of label characters
    /// and separators there, less a separator that ends it (`example.com.`
    /// ends a sentence); with where what follows it starts (after that
    /// separator). An empty domain ends at `start`.
    #[inline]
    pub(crate) fn starting_at(text: &str, start: usize) -> (Domain, usize) {
        let bytes = text.as_bytes();
        let mut labels = Labels::default();
        let (mut label_start, mut wide) = (start, false);
        let mut last = None; // the last separator: (the label before it, where it is)
        let mut i = start;
        while i < bytes.len() {
            i += bytes[i..]
                .iter()
                .position(|&b| HOST_ASCII[usize::from(b)] != HOST_LABEL)
                .unwrap_or(bytes.len() - i);
            let Some(&byte) = bytes.get(i) else { break };
            let (class, len) = match HOST_ASCII[usize::from(byte)] {
                HOST_WIDE => match bits_at(text, i) {
                    (bits, len) if bits & DOT_BIT != 0 => (HOST_DOT, len),
                    (bits, len) if bits & LABEL_BIT != 0 => (HOST_LABEL, len),
                    (_, len) => (HOST_END, len),
                },
                class => (class, 1),
            };
            match class {
                HOST_END => break,
                HOST_LABEL => wide = true,
                _ => {
                    labels.add(text, (label_start, i), wide);
                    last = Some((label_start, i));
                    (label_start, wide) = (i + len, false);
                }
            }
            i += len;
        }
        let tld = match last {
            Some(label) if label_start == i => label,
            _ => {
                labels.add(text, (label_start, i), wide);
                (label_start, i)
            }
        };
        let valid = labels.valid_name(text, (start, tld.1));
        (Domain { start, tld, labels: labels.count, valid, cut: false }, i)
    }

    /// Whether the domain is the whole name as written: not glued to an
    /// `_` (a character people write in host names that no domain label
    /// holds), so that `my_site.example.com` never gives
    /// `site.example.com`, nor to a code point UTS #46 removes from a name
    /// (U+FE0F in `town🧞‍♀️🧜🏻‍♀️.com`, U+00AD), which would make the name
    /// another one.
    #[inline]
    pub(crate) fn is_whole(&self, text: &str) -> bool {
        let (start, end) = (self.start, self.tld.1);
        let bytes = text.as_bytes();
        // An ASCII byte, or none, on each side (most hosts): only `_` glues.
        let plain = |b: Option<&u8>| b.is_none_or(|&b| b < 0x80 && b != b'_');
        if plain(start.checked_sub(1).map(|i| &bytes[i])) && plain(bytes.get(end)) {
            return true;
        }
        !glued(text, start, end)
    }
}

/// The labels of a name, counted as they are read (in either order).
#[derive(Default)]
struct Labels {
    /// How many.
    count: usize,
    /// Whether one was not valid on its own.
    invalid: bool,
    /// The bytes of the labels that are not ASCII, and their octets in
    /// DNS, each at most [`a_label_len_bound`] (an ASCII label's octets are
    /// its bytes).
    wide: (usize, usize),
}

impl Labels {
    /// Counts the label `text[from..to]`; `wide`: whether it has a byte
    /// that is not ASCII.
    #[inline(always)]
    fn add(&mut self, text: &str, (from, to): (usize, usize), wide: bool) {
        if wide {
            match wide_label_octets(&text[from..to]) {
                Some(octets) => self.wide = (self.wide.0 + to - from, self.wide.1 + octets),
                None => self.invalid = true,
            }
        } else {
            self.invalid |= !ascii_label_ok(&text.as_bytes()[from..to]);
        }
        self.count += 1;
    }

    /// Whether every label counted was valid and the name `text[start..end]`
    /// they make fits DNS (measured exactly when the bounds say it does not).
    #[inline(always)]
    fn valid_name(&self, text: &str, (start, end): (usize, usize)) -> bool {
        let (bytes, octets) = self.wide;
        !self.invalid
            && (end - start - bytes + octets <= MAX_NAME_LEN || bytes > 0 && exactly_fits(text, start, end))
    }
}

/// Whether the name `text[start..end]` fits DNS, its labels that are not
/// ASCII measured exactly.
#[cold]
fn exactly_fits(text: &str, start: usize, end: usize) -> bool {
    labels_fit(text, start, end, a_label_len)
}

/// The octets of a valid label that is not ASCII: at most its A-label's
/// ([`a_label_len_bound`]). No `-` at its edges, no `xn--` (an A-label is ASCII).
#[inline(never)]
fn wide_label_octets(label: &str) -> Option<usize> {
    let bytes = label.as_bytes();
    if bytes.first() == Some(&b'-') || bytes.last() == Some(&b'-') || has_a_label_prefix(bytes) {
        return None;
    }
    a_label_len_bound(label).filter(|&n| n <= MAX_LABEL_LEN)
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
/// has at most `max_chars` code points. `nv8`: [`HOST_CUT`] to end the run
/// at the label characters IDNA2008 does not allow, else 0.
#[inline]
pub(crate) fn label_end_within(text: &str, mut i: usize, max_chars: usize, nv8: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut chars = 0;
    while i < bytes.len() {
        let (bits, len) = bits_at(text, i);
        if bits & LABEL_BIT == 0 || cuts_host(bits, nv8) {
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

/// The most octets of a DNS label, and of a whole name (in A-label form,
/// without a trailing dot).
pub const MAX_LABEL_LEN: usize = 63;
/// See [`MAX_LABEL_LEN`].
pub const MAX_NAME_LEN: usize = 253;

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
/// A-label either: a name with it is not valid.)
#[cold]
fn a_label_valid(label: &[u8]) -> bool {
    let Ok(puny) = core::str::from_utf8(&label[4..]) else { return false };
    punycode::decode(&puny.to_ascii_lowercase())
        .is_some_and(|u| !u.is_empty() && !u.is_ascii() && u.chars().all(is_label_char))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::props::HOST_CUT;
    use alloc::string::String;

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
        assert!(Domain::starting_at(&long, 0).0.valid);
        let too_long = ["例子"; 22].join(".");
        assert!(!Domain::starting_at(&too_long, 0).0.valid);
    }

    /// The generated host classes are what the properties say.
    #[test]
    fn host_classes_agree_with_the_properties() {
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

    /// The plain reading back: where the run of label characters and
    /// separators that ends at `end` starts, a code point at a time.
    fn plain_start(text: &str, mut end: usize, floor: usize, nv8: u8) -> usize {
        while end > floor {
            let (_, bits, len) = before(text, end);
            if bits & (LABEL_BIT | DOT_BIT) == 0 || cuts_host(bits, nv8) {
                break;
            }
            end -= len;
        }
        end
    }

    /// The plain facts of the name `text[start..end]`: its labels and
    /// whether they are valid, measured exactly, a code point at a time.
    fn plain_labels(text: &str, start: usize, end: usize) -> (usize, bool) {
        let labels = text[start..end]
            .chars()
            .filter(|&c| separator_at(c.encode_utf8(&mut [0; 4]), 0).is_some())
            .count()
            + 1;
        (labels, labels_fit(text, start, end, a_label_len))
    }

    /// Random text of the pieces a name is made of, and of what ends one.
    fn pieces_text(rng: &mut u64, pieces: &[String]) -> String {
        let mut text = String::new();
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        for k in 0..(*rng % 10) {
            text.push_str(&pieces[((*rng >> (k * 5 + 8)) as usize) % pieces.len()]);
        }
        text
    }

    fn pieces() -> alloc::vec::Vec<String> {
        let xn = "xn--mgba3a4f16a"; // a valid A-label
        [
            "a",
            "-",
            ".",
            "。",
            "b1",
            " ",
            "é",
            "例子",
            "❤",
            "«",
            "“",
            "_",
            "xn--",
            xn,
            "XN--abc",
            "x".repeat(62).as_str(),
            "y".repeat(63).as_str(),
            "z".repeat(120).as_str(),
            "é".repeat(30).as_str(),
            ["例"; 40].join(".").as_str(),
        ]
        .map(String::from)
        .to_vec()
    }

    /// Read back from a separator, a domain is what the plain readings
    /// say: its start (unless too long, which is invalid), its labels and
    /// their validity, with and without NV8's end, from any floor.
    #[test]
    fn reading_back_agrees_with_the_plain_reading() {
        let pieces = pieces();
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let (mut checked, mut cuts) = (0, 0);
        for round in 0..40_000 {
            let mut text = pieces_text(&mut rng, &pieces);
            let dot = text.len();
            text.push_str(if round % 3 == 0 { "。" } else { "." });
            let tld_start = text.len();
            text.push_str(["com", "c-", "-o", "ab", "é", "中国", "xn--p1ai"][(rng >> 60) as usize % 7]);
            let tld = (tld_start, text.len());
            let floor = (rng >> 50) as usize % (dot + 1);
            if !text.is_char_boundary(floor) {
                continue;
            }
            for nv8 in [0, HOST_CUT] {
                let domain = Domain::ending_at(&text, dot, tld, floor, nv8);
                let start = plain_start(&text, dot, floor, nv8);
                let (labels, valid) = plain_labels(&text, start, tld.1);
                if domain.valid {
                    assert_eq!(
                        (domain.start, domain.labels, valid),
                        (start, labels, true),
                        "{text:?} from {floor}, nv8 {nv8}"
                    );
                    let cut = nv8 != 0 && start > floor && cuts_host(before(&text, start).1, HOST_CUT);
                    assert_eq!(domain.cut, cut, "{text:?} from {floor}");
                    cuts += usize::from(cut);
                } else {
                    // Read only until it is known to be invalid.
                    assert!(
                        !valid && domain.start >= start && domain.start <= dot,
                        "{text:?} from {floor}, nv8 {nv8}: {domain:?}"
                    );
                }
                assert_eq!(domain.tld, tld);
                checked += 1;
            }
        }
        assert!(checked > 50_000 && cuts > 200, "{checked} {cuts}");
    }

    /// A name is read back no further than DNS allows even where that
    /// limit falls inside a code point (`日本。` a hundred times: the last
    /// byte the reading may take is the second of a `日`); what it says is
    /// still what the plain readings say.
    #[test]
    fn a_long_name_is_read_back_to_its_limit_inside_a_code_point() {
        for (unit, sep) in [("日本。", "。"), ("é.", "."), ("日a。", "。"), ("例．", "．"), ("a😀日.", ".")]
        {
            for n in 1..400 {
                let text = alloc::format!("{}日本", unit.repeat(n));
                let tld = (text.len() - "日本".len(), text.len());
                let dot = tld.0 - sep.len();
                for nv8 in [0, HOST_CUT] {
                    let domain = Domain::ending_at(&text, dot, tld, 0, nv8);
                    let start = plain_start(&text, dot, 0, nv8);
                    let (labels, valid) = plain_labels(&text, start, tld.1);
                    assert_eq!(domain.valid, valid, "{unit} × {n}, nv8 {nv8}");
                    if valid {
                        assert_eq!((domain.start, domain.labels), (start, labels), "{unit} × {n}");
                    }
                }
            }
        }
    }

    /// Read forward from its first byte, a domain is what the plain
    /// readings say: the run of label characters and separators less a
    /// separator that ends it, its last label, its labels and their
    /// validity.
    #[test]
    fn reading_forward_agrees_with_the_plain_reading() {
        let pieces = pieces();
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..40_000 {
            let text = pieces_text(&mut rng, &pieces);
            let start = (rng >> 40) as usize % (text.len() + 1);
            if !text.is_char_boundary(start) {
                continue;
            }
            let (domain, after) = Domain::starting_at(&text, start);
            let mut run_end = start;
            while run_end < text.len() && bits_at(&text, run_end).0 & (LABEL_BIT | DOT_BIT) != 0 {
                run_end += bits_at(&text, run_end).1;
            }
            assert_eq!(after, run_end, "{text:?} from {start}");
            let end = match text[start..run_end].char_indices().next_back() {
                Some((i, _)) if separator_at(&text, start + i).is_some() => start + i,
                _ => run_end,
            };
            assert_eq!(domain.tld.1, end, "{text:?} from {start}");
            if end == start {
                continue;
            }
            let tld_start = text[start..end]
                .char_indices()
                .rfind(|&(i, _)| separator_at(&text, start + i).is_some())
                .map_or(start, |(i, c)| start + i + c.len_utf8());
            let (labels, valid) = plain_labels(&text, start, end);
            assert_eq!(
                (domain.tld.0, domain.labels, domain.valid),
                (tld_start, labels, valid),
                "{text:?} from {start}"
            );
        }
    }

    /// Both readings take a name of 253 octets and refuse one of 254, of
    /// ASCII labels and with a label that is not ASCII (`xn--9ca` is `é`,
    /// 7 octets), and a label of 63 octets but not of 64.
    #[test]
    fn dns_lengths_are_kept_to_the_octet() {
        let mut checked = 0;
        for (first, octets) in [("a", 1), ("é", 7)] {
            for len in 250..=256 {
                // The first label and its dot, labels of `x` filling what is left, `.com`.
                let mut rest = len - octets - 1 - 4;
                let mut labels = alloc::vec::Vec::new();
                while rest > 0 {
                    let n = rest.min(63);
                    let n = if rest - n == 1 { n - 2 } else { n }; // no label of 0 octets after the dot
                    labels.push("x".repeat(n));
                    rest -= n + usize::from(rest > n);
                }
                let name = alloc::format!("{first}.{}.com", labels.join("."));
                assert_eq!(name.len() - first.len() + octets, len, "{name}");
                let dot = name.len() - 4;
                let back = Domain::ending_at(&name, dot, (dot + 1, name.len()), 0, 0);
                let (forward, _) = Domain::starting_at(&name, 0);
                let fits = len <= MAX_NAME_LEN;
                assert_eq!((back.valid, forward.valid), (fits, fits), "{len}: {name}");
                checked += 1;
            }
        }
        assert_eq!(checked, 14);
        for len in [63, 64] {
            let name = alloc::format!("{}.com", "l".repeat(len));
            let back = Domain::ending_at(&name, len, (len + 1, name.len()), 0, 0);
            assert_eq!((back.valid, Domain::starting_at(&name, 0).0.valid), (len == 63, len == 63));
        }
    }
}
