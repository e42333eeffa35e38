//! The generated tables agree with the data files, parsed here at test time,
//! for every code point and every TLD.

#[allow(dead_code)]
#[path = "../../../xtask/src/ucd.rs"]
mod ucd;

extern crate alloc;

#[path = "../../linkscan/src/punycode.rs"]
mod punycode;

use linkscan::spec::props::{
    LinkTerm, is_idna2008_label_char, is_label_char, is_label_separator, is_link_email, is_tld, link_bracket,
    link_term,
};
use ucd::Term;

fn read(name: &str) -> String {
    let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn term(t: Term) -> LinkTerm {
    match t {
        Term::Hard => LinkTerm::Hard,
        Term::Include => LinkTerm::Include,
        Term::Soft => LinkTerm::Soft,
        Term::Open => LinkTerm::Open,
        Term::Close => LinkTerm::Close,
    }
}

#[test]
fn link_term_and_bracket_match_the_data_for_every_code_point() {
    let terms = ucd::parse_link_term(&read("LinkTerm.txt")).unwrap();
    let brackets = ucd::parse_link_bracket(&read("LinkBracket.txt")).unwrap();
    assert_eq!(brackets.len(), 65);
    let mut counts = [0usize; 5];
    for cp in 0..=0x10FFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            assert_eq!(terms[cp as usize], Term::Hard, "surrogate U+{cp:04X} is Hard");
            continue;
        };
        assert_eq!(link_term(c), term(terms[cp as usize]), "Link_Term of U+{cp:04X}");
        counts[terms[cp as usize] as usize] += 1;
        let opener =
            brackets.iter().find(|(close, _)| *close == cp).map(|&(_, open)| char::from_u32(open).unwrap());
        assert_eq!(link_bracket(c), opener, "Link_Bracket of U+{cp:04X}");
    }
    // Totals stated in LinkTerm.txt 18.0.0 (Soft, Close, Open, Include).
    assert_eq!(
        (counts[Term::Soft as usize], counts[Term::Close as usize], counts[Term::Open as usize]),
        (332, 65, 65)
    );
    assert_eq!(counts[Term::Include as usize], 172_312);
    // The pair Unicode 18.0 adds.
    assert_eq!(link_bracket('\u{2E63}'), Some('\u{2E62}'));
}

#[test]
fn link_email_matches_the_data() {
    let published = ucd::parse_link_email(&read("LinkEmail.txt")).unwrap();
    // The 17.0.0 file's erratum (U+002C COMMA listed, which UTS #58 §6.1
    // excludes) is fixed in 18.0: the generator's erratum list finds it gone.
    assert!(!published[0x2C] && !is_link_email(','));
    assert_eq!(ucd::LINK_EMAIL_ERRATA.iter().map(|e| e.0).collect::<Vec<_>>(), [0x2C]);
    let mut total = 0;
    for cp in 0..=0x10FFFFu32 {
        let expected = published[cp as usize];
        total += usize::from(expected);
        if let Some(c) = char::from_u32(cp) {
            assert_eq!(is_link_email(c), expected, "Link_Email of U+{cp:04X}");
        }
    }
    assert_eq!(total, 162_100, "LinkEmail.txt 18.0.0 total");
}

#[test]
fn domain_characters_match_the_idna_mapping_table() {
    let idna = ucd::parse_idna(&read("IdnaMappingTable.txt")).unwrap();
    for cp in 0..=0x10FFFFu32 {
        if let Some(c) = char::from_u32(cp) {
            assert_eq!(is_label_char(c), idna.label[cp as usize], "label character U+{cp:04X}");
            assert_eq!(
                is_idna2008_label_char(c),
                idna.label[cp as usize] && !idna.nv8[cp as usize],
                "IDNA2008 label character U+{cp:04X}"
            );
            assert_eq!(is_label_separator(c), idna.dot[cp as usize], "label separator U+{cp:04X}");
        }
    }
    let separators: String = ('\0'..=char::MAX).filter(|&c| is_label_separator(c)).collect();
    assert_eq!(separators, ".。．｡");
    for c in ['a', 'Z', '0', '-', 'ß', 'ς', '\u{200C}', 'é', 'Ａ', '香'] {
        assert!(is_label_char(c) && is_idna2008_label_char(c), "{c:?} is a label character");
    }
    // NBSP maps to a space, ⒈ to "1.", 🄊 to "9,", U+00AD and U+FE0F are
    // ignored; `_` is not a letter, digit or hyphen.
    for c in ['\u{A0}', '⒈', '\u{AD}', '\u{FE0F}', '_', ' ', '.', '@', '\u{1F10A}'] {
        assert!(!is_label_char(c), "{c:?} is not a label character");
    }
    // UTS #46 keeps punctuation, symbols and emoji valid (flagged NV8);
    // IDNA2008 does not allow them.
    for c in ['“', '”', '‘', '’', '«', '»', '„', '¿', '¡', '😎', '❤'] {
        assert!(is_label_char(c) && !is_idna2008_label_char(c), "{c:?} is NV8");
    }
}

#[test]
fn every_iana_tld_is_found_in_any_case_and_as_u_label() {
    let (version, tlds) = ucd::parse_tlds(&read("tlds-alpha-by-domain.txt")).unwrap();
    assert_eq!(version, linkscan::TLD_LIST_VERSION);
    assert_eq!(tlds.len(), 1436);
    for tld in &tlds {
        assert!(is_tld(tld) && is_tld(&tld.to_uppercase()), "{tld}");
        if let Some(puny) = tld.strip_prefix("xn--") {
            let unicode = punycode::decode(puny).unwrap();
            assert!(is_tld(&unicode), "{tld} = {unicode}");
            assert!(is_tld(&unicode.to_uppercase()), "{tld} = {unicode} uppercase");
        }
    }
    assert!(is_tld("Com") && is_tld("VERMÖGENSBERATUNG") && is_tld("МОСКВА"));
    for not in ["", "invalid", "example", "comx", "c", "😎", "xn--", "a".repeat(100).as_str()] {
        assert!(!is_tld(not), "{not:?} is not a TLD");
    }
}
