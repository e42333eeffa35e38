//! The UTS #58 character properties and the domain-name character classes,
//! looked up in the generated tables: a 128-entry table for ASCII, then a
//! three-level trie (one byte per code point).
//!
//! ```
//! use linkscan::spec::props::{link_bracket, link_term, is_link_email, is_tld, LinkTerm};
//!
//! assert_eq!(link_term('a'), LinkTerm::Include);
//! assert_eq!(link_term('。'), LinkTerm::Soft);
//! assert_eq!(link_term('（'), LinkTerm::Open);
//! assert_eq!(link_bracket('）'), Some('（'));
//! assert!(is_link_email('σ') && !is_link_email(' '));
//! assert!(is_tld("COM") && is_tld("香港") && is_tld("xn--j6w193g") && !is_tld("invalid"));
//! ```

use crate::tables;
use crate::tld_hash::{TLD_TABLE_SLOTS, tld_slot};

/// The `Link_Term` property (UTS #58 §3.4.1): how a code point affects the
/// end of a link's path, query or fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkTerm {
    /// Part of the link (letters, digits, most symbols).
    Include,
    /// Ends the link before it (white space, controls, unassigned code points).
    Hard,
    /// Part of the link only when an Include, Open or Close code point follows
    /// before any Hard one (sentence punctuation such as `.` `,` `!` `。`).
    Soft,
    /// An opening bracket, matched against later Close code points.
    Open,
    /// A closing bracket: part of the link only when it matches the innermost
    /// open bracket of the same part.
    Close,
}

/// The property byte of `c`.
#[inline(always)]
pub(crate) fn bits(c: char) -> u8 {
    let cp = c as usize;
    if cp < 0x80 { tables::ASCII[cp] } else { trie(cp) }
}

#[inline]
fn trie(cp: usize) -> u8 {
    const CHUNK_BITS: u32 = tables::CHUNK_SHIFT - tables::BLOCK_SHIFT;
    let chunk = usize::from(tables::TRIE_INDEX[cp >> tables::CHUNK_SHIFT]);
    let block = usize::from(
        tables::TRIE_CHUNKS[(chunk << CHUNK_BITS) | ((cp >> tables::BLOCK_SHIFT) & ((1 << CHUNK_BITS) - 1))],
    );
    tables::TRIE_BLOCKS[(block << tables::BLOCK_SHIFT) | (cp & ((1 << tables::BLOCK_SHIFT) - 1))]
}

/// The property byte of an ASCII byte.
#[inline(always)]
pub(crate) fn ascii_bits(b: u8) -> u8 {
    tables::ASCII[usize::from(b & 0x7F)]
}

/// The property byte and UTF-8 length of the code point at byte `i` of
/// `text` (a char boundary before its end).
#[inline(always)]
pub(crate) fn bits_at(text: &str, i: usize) -> (u8, usize) {
    let b = text.as_bytes()[i];
    if b < 0x80 {
        (tables::ASCII[usize::from(b)], 1)
    } else {
        let c = text[i..].chars().next().unwrap_or_default();
        (trie(c as usize), c.len_utf8())
    }
}

/// The code point that ends at byte `i` of `text` (a char boundary after
/// its start), with its property byte and UTF-8 length.
#[inline(always)]
pub(crate) fn before(text: &str, i: usize) -> (char, u8, usize) {
    let b = text.as_bytes()[i - 1];
    if b < 0x80 {
        (char::from(b), tables::ASCII[usize::from(b)], 1)
    } else {
        let c = text[..i].chars().next_back().unwrap_or_default();
        (c, trie(c as usize), c.len_utf8())
    }
}

pub(crate) use tables::{DOT_BIT, EMAIL_BIT, LABEL_BIT};

/// The bits of a code point that ends a host written without a scheme (the
/// reader's rule): punctuation IDNA2008 does not allow (NV8, General_Category
/// P*: quotes, `«»`, `¿`). Symbols and emoji, NV8 as well, stay in it
/// (`www.🍕💩.ws`, `c✶.org`).
pub(crate) const HOST_CUT: u8 = tables::NV8_BIT | tables::PUNCT_BIT;

/// Whether a code point of `bits` ends a host read with `cut` (0 or
/// [`HOST_CUT`]).
#[inline(always)]
pub(crate) const fn cuts_host(bits: u8, cut: u8) -> bool {
    cut != 0 && bits & cut == cut
}

/// The `Link_Term` value of `c`.
///
/// ```
/// use linkscan::spec::props::{link_term, LinkTerm};
/// assert_eq!([link_term('a'), link_term('.'), link_term(' '), link_term('('), link_term('）')],
///     [LinkTerm::Include, LinkTerm::Soft, LinkTerm::Hard, LinkTerm::Open, LinkTerm::Close]);
/// ```
#[inline]
pub fn link_term(c: char) -> LinkTerm {
    term_of(bits(c))
}

#[inline(always)]
pub(crate) fn term_of(bits: u8) -> LinkTerm {
    match bits & tables::TERM_MASK {
        tables::TERM_INCLUDE => LinkTerm::Include,
        tables::TERM_SOFT => LinkTerm::Soft,
        tables::TERM_OPEN => LinkTerm::Open,
        tables::TERM_CLOSE => LinkTerm::Close,
        _ => LinkTerm::Hard,
    }
}

/// The `Link_Bracket` value of `c` (UTS #58 §3.4.2): the opening bracket a
/// Close code point matches, or `None` for every other code point.
///
/// ```
/// use linkscan::spec::props::link_bracket;
/// assert_eq!((link_bracket(')'), link_bracket('」'), link_bracket('a')), (Some('('), Some('「'), None));
/// ```
pub fn link_bracket(c: char) -> Option<char> {
    if bits(c) & tables::TERM_MASK != tables::TERM_CLOSE {
        return None;
    }
    tables::BRACKETS.binary_search_by_key(&c, |&(close, _)| close).ok().map(|i| tables::BRACKETS[i].1)
}

/// `Link_Email` (UTS #58 §5.1): whether `c` may occur in an unquoted email
/// local part. Follows the §6.1 definition, so U+002C COMMA is excluded
/// although the published 17.0.0 LinkEmail.txt lists it.
///
/// ```
/// use linkscan::spec::props::is_link_email;
/// assert!(is_link_email('a') && is_link_email('ア') && !is_link_email(','));
/// ```
#[inline]
pub fn is_link_email(c: char) -> bool {
    bits(c) & tables::EMAIL_BIT != 0
}

/// Whether `c` may occur in a domain label: ASCII letters, digits and `-`,
/// and non-ASCII code points that UTS #46 (Unicode 18.0) treats as valid,
/// deviation, or maps to such characters. This is the set after an
/// explicit scheme (`https://i❤.ws`).
///
/// ```
/// use linkscan::spec::props::is_label_char;
/// assert!(is_label_char('a') && is_label_char('❤') && !is_label_char(' '));
/// ```
#[inline]
pub fn is_label_char(c: char) -> bool {
    bits(c) & tables::LABEL_BIT != 0
}

/// Whether `c` may occur in the label of a host written without a scheme:
/// a [label character](is_label_char) that IDNA2008 allows too — not one
/// UTS #46 flags NV8 or XV8 (punctuation such as `“ ” « » ¿`, symbols,
/// emoji). UTS #58 §8 suggests this narrower set for scheme-less links, so
/// that `“example.com”` is `example.com`.
///
/// ```
/// use linkscan::spec::props::{is_idna2008_label_char, is_label_char};
/// assert!(is_idna2008_label_char('é') && is_idna2008_label_char('香'));
/// assert!(is_label_char('“') && !is_idna2008_label_char('“'));
/// ```
#[inline]
pub fn is_idna2008_label_char(c: char) -> bool {
    bits(c) & (tables::LABEL_BIT | tables::NV8_BIT) == tables::LABEL_BIT
}

/// Whether `c` separates domain labels: `.` and the code points UTS #46
/// maps to it (`。` `．` `｡`).
///
/// ```
/// use linkscan::spec::props::is_label_separator;
/// assert!(is_label_separator('.') && is_label_separator('。') && !is_label_separator('、'));
/// ```
#[inline]
pub fn is_label_separator(c: char) -> bool {
    bits(c) & tables::DOT_BIT != 0
}

/// Whether `c` is punctuation: General_Category P* (Pc, Pd, Ps, Pe, Pi, Pf,
/// Po), Unicode 18.0.
///
/// ```
/// use linkscan::spec::props::is_punctuation;
/// assert!(is_punctuation('!') && is_punctuation('」') && !is_punctuation('$'));
/// ```
#[inline]
pub fn is_punctuation(c: char) -> bool {
    bits(c) & tables::PUNCT_BIT != 0
}

/// Whether `label` is a top-level domain of the built-in IANA list
/// ([`TLD_LIST_VERSION`](crate::TLD_LIST_VERSION)), as an A-label
/// (`xn--p1ai`) or U-label (`рф`), in any letter case.
///
/// ```
/// use linkscan::spec::props::is_tld;
/// assert!(is_tld("com") && is_tld("COM") && is_tld("рф") && is_tld("xn--p1ai") && !is_tld("exe"));
/// ```
#[inline]
pub fn is_tld(label: &str) -> bool {
    if let Some(found) = short_tld(label.as_bytes()) {
        return found;
    }
    tld_in_table(label)
}

/// The place in the alphabet of an ASCII letter in either case (`None`
/// for any other byte): the index of the generated TLD bit sets.
#[inline]
fn letter(b: u8) -> Option<usize> {
    // `| 0x20` lowercases an ASCII letter; any other byte lands outside `a..=z`.
    let k = (b | 0x20).wrapping_sub(b'a');
    (k < 26).then_some(usize::from(k))
}

/// Whether a label of two or three ASCII letters is a TLD, by a bit of
/// the generated sets (`None` for other labels).
#[inline]
fn short_tld(label: &[u8]) -> Option<bool> {
    let (set, last) = match *label {
        [a, b] => (tables::TLDS_OF_TWO_LETTERS[letter(a)?], b),
        [a, b, c] => (tables::TLDS_OF_THREE_LETTERS[letter(a)? * 26 + letter(b)?], c),
        _ => return None,
    };
    Some(set >> letter(last)? & 1 != 0)
}

/// Whether an entry of `TLDS` has the length and the first and last
/// letter of the ASCII `label` (true for a label that does not begin and
/// end with letters).
#[inline]
fn may_be_long_tld(label: &[u8]) -> bool {
    match (label.first().and_then(|&b| letter(b)), label.last().and_then(|&b| letter(b))) {
        (Some(a), Some(z)) => tables::TLD_LENGTHS_BY_ENDS[a * 26 + z] >> label.len().min(31) & 1 != 0,
        _ => true,
    }
}

/// Whether `label` is a TLD, looked up in the hash table of `TLDS`.
fn tld_in_table(label: &str) -> bool {
    // An ASCII label (most) is lowercased as it is hashed and compared,
    // unless no entry has its length, first and last letter.
    if label.is_ascii() {
        let label = label.as_bytes();
        if !may_be_long_tld(label) {
            return false;
        }
        let slot = tld_slot(label.iter().map(u8::to_ascii_lowercase));
        return tld_probe(slot, |tld| tld.eq_ignore_ascii_case(label));
    }
    let mut buf = [0u8; tables::TLD_MAX_LEN];
    let Some(lower) = lowercase_into(label, &mut buf) else { return false };
    tld_probe(tld_slot(lower.iter().copied()), |tld| tld == lower)
}

/// Whether an entry of the TLD table from `slot` on is one `is` holds for.
#[inline]
fn tld_probe(mut slot: usize, is: impl Fn(&[u8]) -> bool) -> bool {
    loop {
        match tables::TLD_TABLE[slot] {
            0 => return false,
            i if is(tables::TLDS[usize::from(i) - 1].as_bytes()) => return true,
            _ => slot = (slot + 1) & (TLD_TABLE_SLOTS - 1),
        }
    }
}

/// The length in code points of the longest built-in TLD.
pub(crate) const TLD_MAX_CHARS: usize = tables::TLD_MAX_CHARS;

/// The length in code points of the shortest built-in TLD.
pub(crate) const TLD_MIN_CHARS: usize = tables::TLD_MIN_CHARS;

/// `label` in lowercase, written into `buf`; `None` if it does not fit.
pub(crate) fn lowercase_into<'b>(label: &str, buf: &'b mut [u8]) -> Option<&'b [u8]> {
    if label.is_ascii() {
        let out = buf.get_mut(..label.len())?;
        for (o, b) in out.iter_mut().zip(label.bytes()) {
            *o = b.to_ascii_lowercase();
        }
        return Some(out);
    }
    fn put(buf: &mut [u8], len: &mut usize, c: char) -> Option<()> {
        let n = c.len_utf8();
        c.encode_utf8(buf.get_mut(*len..*len + n)?);
        *len += n;
        Some(())
    }
    let mut len = 0;
    for c in label.chars() {
        // CJK, kana and their punctuation have no letter case: no lookup.
        if CASELESS.contains(&c) {
            put(buf, &mut len, c)?;
        } else {
            for lower in c.to_lowercase() {
                put(buf, &mut len, lower)?;
            }
        }
    }
    Some(&buf[..len])
}

/// Code points that are their own lowercase (CJK symbols, kana, CJK
/// ideographs of the Basic Multilingual Plane and Extension A).
const CASELESS: core::ops::RangeInclusive<char> = '\u{3000}'..='\u{9FFF}';

#[cfg(test)]
mod tests {
    use super::{CASELESS, short_tld, tld_in_table};
    use alloc::string::String;
    use proptest::prelude::*;

    /// Every entry is found as written and, when ASCII, in capitals; one
    /// longer by a letter, or with its first and last letter and another
    /// length (which the filter by ends and length tells), is found only
    /// if it is an entry too.
    #[test]
    fn the_table_finds_every_entry() {
        for tld in crate::tables::TLDS {
            assert!(tld_in_table(tld), "{tld}");
            assert!(tld_in_table(&tld.to_uppercase()) || !tld.is_ascii(), "{tld}");
            let longer = alloc::format!("{tld}q");
            assert_eq!(tld_in_table(&longer), crate::tables::TLDS.contains(&longer.as_str()), "{longer}");
            if let (Some(a), Some(z)) = (tld.chars().next(), tld.chars().last()) {
                for n in 0..40 {
                    let other = alloc::format!("{a}{}{z}", "o".repeat(n));
                    assert_eq!(
                        tld_in_table(&other),
                        crate::tables::TLDS.contains(&other.as_str()),
                        "{other}"
                    );
                }
            }
        }
    }

    proptest! {
        /// ASCII labels (looked up without a buffer) are found when their
        /// lowercase is an entry, and only then.
        #[test]
        fn ascii_labels_are_found_by_their_lowercase(label in "[a-zA-Z0-9-]{1,12}|[a-zA-Z][a-zA-Z0-9-]{2,40}[a-zA-Z]|(?i:co|com|xn--p1ai|online|museum)") {
            let lower: String = label.to_ascii_lowercase();
            prop_assert_eq!(tld_in_table(&label), crate::tables::TLDS.contains(&lower.as_str()));
        }
    }

    /// The caseless range is its own lowercase, in this build's Unicode.
    #[test]
    fn the_caseless_range_has_no_case() {
        for c in CASELESS {
            assert!(c.to_lowercase().eq([c]), "U+{:04X}", u32::from(c));
        }
    }

    /// The bit sets of short TLDs say what the table says, for every label
    /// of two or three ASCII letters in either case (and leave the rest to it).
    #[test]
    fn short_tlds_agree_with_the_table() {
        let letters: alloc::vec::Vec<u8> = (b'a'..=b'z').chain(b'A'..=b'Z').collect();
        let mut found = 0;
        for &a in &letters {
            for &b in &letters {
                let two = [a, b];
                let label = core::str::from_utf8(&two).unwrap();
                assert_eq!(short_tld(&two), Some(tld_in_table(label)), "{label}");
                found += usize::from(tld_in_table(label));
                for &c in &letters {
                    let three = [a, b, c];
                    let label = core::str::from_utf8(&three).unwrap();
                    assert_eq!(short_tld(&three), Some(tld_in_table(label)), "{label}");
                    found += usize::from(tld_in_table(label));
                }
            }
        }
        // Each TLD in 4 (two letters) or 8 (three letters) letter cases.
        let short = |n: usize| {
            crate::tables::TLDS
                .iter()
                .filter(|t| t.len() == n && t.bytes().all(|b| b.is_ascii_lowercase()))
                .count()
        };
        assert_eq!(found, 4 * short(2) + 8 * short(3));
        for other in ["a", "com1", "co-", "info", "é", "1a", "a1"] {
            assert_eq!(short_tld(other.as_bytes()), None, "{other}");
        }
        // Any byte that is not a letter, in any place, leaves the label to the table.
        for x in (0..=255u8).filter(|x| !x.is_ascii_alphabetic()) {
            for label in [[x, b'a'], [b'c', x]] {
                assert_eq!(short_tld(&label), None, "{label:?}");
            }
            assert_eq!(short_tld(&[b'c', b'o', x]), None, "{x:#x}");
        }
    }
}
