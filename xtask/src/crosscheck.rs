//! An independent derivation of Link_Term, Link_Bracket and Link_Email from
//! Unicode 18.0 character properties (icu_properties 2.4), using the
//! definitions of UTS #58 §6.1 as the reference implementation evaluates
//! them, to cross-check the published data files; and the one property
//! taken from ICU directly, General_Category=Punctuation (for the GFM
//! dialect).

use crate::ucd::{CODE_POINTS, Term};
use icu_properties::props::{
    BidiControl, BidiMirroringGlyph, BidiPairedBracketType, DefaultIgnorableCodePoint, Deprecated,
    GeneralCategory, GeneralCategoryGroup, LineBreak, NoncharacterCodePoint, TerminalPunctuation, WhiteSpace,
    XidContinue,
};
use icu_properties::{CodePointMapData, CodePointSetData};

/// The ASCII part of Link_Email (UTS #58 §6.1, RFC 5322 atext) plus `.`,
/// which the §5.2 algorithm handles itself.
const EMAIL_ASCII_SYMBOLS: &[u8] = b"_-!?'{}*/&#%`^+=|~$.";

pub struct Derived {
    pub term: Vec<Term>,
    pub bracket: Vec<(u32, u32)>,
    pub email: Vec<bool>,
    /// General_Category P* (Pc Pd Ps Pe Pi Pf Po): what cmark-gfm's
    /// domain check treats as punctuation. Not in data/: taken from here.
    pub punctuation: Vec<bool>,
    /// What a URL's display form keeps percent-escaped, as browsers' URL
    /// formatters do: Bidi_Control (it reorders what the reader sees),
    /// Default_Ignorable_Code_Point (invisible; ZWNJ and ZWJ too: they
    /// join or part letters unseen), General_Category Cf and Cc (format
    /// and control characters: U+FFF9..U+FFFB interlinear annotations),
    /// [`BLANKS`] and [`LOOKALIKES`].
    pub shown_escaped: Vec<bool>,
}

/// Code points that show as nothing but are neither ignorable nor white
/// space: U+2800 BRAILLE PATTERN BLANK (the Hangul fillers U+115F, U+1160,
/// U+3164, U+FFA0 are Default_Ignorable_Code_Point already).
const BLANKS: &[(u32, u32)] = &[(0x2800, 0x2800)];

/// Code points a display form keeps escaped because they look like URL
/// syntax or a browser's lock icon (the list Chromium's URL formatter
/// keeps escaped): U+2044 FRACTION SLASH, U+2215 DIVISION SLASH, U+2571,
/// U+29F8 BIG SOLIDUS, U+FF0F FULLWIDTH SOLIDUS, U+1F50F..U+1F513 locks.
const LOOKALIKES: &[(u32, u32)] = &[
    (0x2044, 0x2044),
    (0x2215, 0x2215),
    (0x2571, 0x2571),
    (0x29F8, 0x29F8),
    (0xFF0F, 0xFF0F),
    (0x1F50F, 0x1F513),
];

pub fn derive() -> Derived {
    let white_space = CodePointSetData::new::<WhiteSpace>();
    let nonchar = CodePointSetData::new::<NoncharacterCodePoint>();
    let deprecated = CodePointSetData::new::<Deprecated>();
    let term_punct = CodePointSetData::new::<TerminalPunctuation>();
    let xid_continue = CodePointSetData::new::<XidContinue>();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let lb = CodePointMapData::<LineBreak>::new();
    let bmg = CodePointMapData::<BidiMirroringGlyph>::new();

    let mut term = Vec::with_capacity(CODE_POINTS);
    let mut bracket = Vec::new();
    let mut email = Vec::with_capacity(CODE_POINTS);
    let mut punctuation = Vec::with_capacity(CODE_POINTS);
    let bidi_control = CodePointSetData::new::<BidiControl>();
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let shown_escaped = (0..CODE_POINTS as u32)
        .map(|cp| {
            bidi_control.contains32(cp)
                || ignorable.contains32(cp)
                || matches!(gc.get32(cp), GeneralCategory::Format | GeneralCategory::Control)
                || BLANKS.iter().chain(LOOKALIKES).any(|&(lo, hi)| (lo..=hi).contains(&cp))
        })
        .collect();
    for cp in 0..CODE_POINTS as u32 {
        let cat = gc.get32(cp);
        punctuation.push(GeneralCategoryGroup::Punctuation.contains(cat));
        let other = GeneralCategoryGroup::Other.contains(cat) && cat != GeneralCategory::Format;
        let dep = deprecated.contains32(cp);
        let mirror = bmg.get32(cp);
        let bpt = mirror.paired_bracket_type;
        term.push(if white_space.contains32(cp) || nonchar.contains32(cp) || other || dep {
            Term::Hard
        } else if term_punct.contains32(cp) || lb.get32(cp) == LineBreak::Quotation {
            Term::Soft
        } else if bpt == BidiPairedBracketType::Close || cp == u32::from(b'>') {
            Term::Close
        } else if bpt == BidiPairedBracketType::Open || cp == u32::from(b'<') {
            Term::Open
        } else {
            Term::Include
        });
        if cp == u32::from(b'>') {
            bracket.push((cp, u32::from(b'<')));
        } else if bpt == BidiPairedBracketType::Close && !dep {
            let open = mirror.mirroring_glyph.map_or(0, u32::from);
            bracket.push((cp, open));
        }
        email.push(if cp < 0x80 {
            (cp as u8).is_ascii_alphanumeric() || EMAIL_ASCII_SYMBOLS.contains(&(cp as u8))
        } else {
            xid_continue.contains32(cp)
        });
    }
    Derived { term, bracket, email, punctuation, shown_escaped }
}

/// Lists the code point ranges where `a` and `b` differ, one line each.
pub fn differences<T: PartialEq + std::fmt::Debug>(name: &str, a: &[T], b: &[T]) -> Vec<String> {
    let mut out = Vec::new();
    let mut cp = 0;
    while cp < a.len() {
        if a[cp] == b[cp] {
            cp += 1;
            continue;
        }
        let start = cp;
        while cp + 1 < a.len() && a[cp + 1] == a[start] && b[cp + 1] == b[start] {
            cp += 1;
        }
        out.push(format!(
            "{name}: U+{start:04X}..U+{cp:04X}: data file {:?}, derived {:?}",
            a[start], b[start]
        ));
        cp += 1;
    }
    out
}
