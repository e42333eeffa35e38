//! Property tests of UTS #58 minimal escaping and the URL display form.

use linkscan::format::Part;
use linkscan::format::{display_url, escape_part};
use linkscan::spec::BRACKET_STACK_LIMIT;
use linkscan::spec::props::{LinkTerm, link_term};
use proptest::prelude::*;

#[path = "common/percent.rs"]
mod percent;
use percent::decode_all;

/// Pieces that exercise every Link_Term class, the part syntax, escapes and
/// invalid UTF-8 escapes.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z0-9]{1,3}",
        2 => prop::sample::select(vec![
            "/", "?", "#", "&", "=", "+", ",", "-", "_", "~", ":", ":~:", ";", "'", "\"", "@",
            ".", "..", "!", "。", "？", "،", "»", "«", "’",
            "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "༼", "༽",
            " ", "\u{A0}", "\u{3000}", "\t", "\u{7}", "\u{FFFF}", "\u{E000}", "\u{200C}", "\u{AD}",
            "αβγ", "東京", "𝑷", "😎", "e\u{301}", "\u{202E}", "\u{200B}", "\u{2066}", "\u{FE0F}", "／",
            "\u{200D}", "‌",
        ]).prop_map(str::to_string),
        1 => prop::sample::select(vec![
            "%", "%2", "%41", "%2e", "%2E", "%25", "%2F", "%3F", "%23", "%26", "%3D", "%2B", "%3A", "%7E",
            "%2C", "%2D", "%20", "%E3%82%A2", "%CE%B1", "%FF", "%C2%C2", "%E3%82", "%F0%9F%98%8E", "%ED%A0%80",
            "%E2%80%AE", "%E2%80%8B", "%C2%AD", "%E2%81%A6", "%EF%BC%8F", "%E2%80%8D",
        ]).prop_map(str::to_string),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
}

fn part() -> impl Strategy<Value = Part> {
    prop::sample::select(vec![Part::Path, Part::Query, Part::Fragment, Part::FragmentDirective])
}

/// Splits the output of `escape_part` on an input without `%` back into
/// `(char, escaped)` pairs.
fn unescape(s: &str) -> Vec<(char, bool)> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c != '%' {
            out.push((c, false));
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let mut bytes = Vec::new();
        while rest.starts_with('%') && (bytes.is_empty() || (rest.len() >= 3 && rest.as_bytes()[1] >= b'8')) {
            if !bytes.is_empty() && std::str::from_utf8(&bytes).is_ok() {
                break;
            }
            bytes.push(u8::from_str_radix(&rest[1..3], 16).expect("hex escape"));
            rest = &rest[3..];
        }
        let decoded = std::str::from_utf8(&bytes).expect("escapes form UTF-8");
        out.extend(decoded.chars().map(|c| (c, true)));
    }
    out
}

fn is_terminator(part: Part, chars: &[(usize, char)], k: usize, s: &str) -> bool {
    let c = chars[k].1;
    match part {
        Part::Path => c == '?' || c == '#',
        Part::Query => c == '#',
        Part::Fragment => s[chars[k].0..].starts_with(":~:"),
        Part::FragmentDirective => false,
        _ => unreachable!("a part this test does not know: {part:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// §4.1 escapes exactly what it must: every Hard code point and part
    /// terminator, never an Include code point, a Soft one only as the final
    /// code point of the last part, an Open one only past the stack limit.
    #[test]
    fn escape_part_escapes_by_the_rules(raw in text(), part in part(), last in any::<bool>()) {
        let input = raw.replace('%', "");
        let mut out = String::new();
        escape_part(&mut out, part, &input, last);
        let pairs = unescape(&out);
        let chars: Vec<(usize, char)> = input.char_indices().collect();
        prop_assert_eq!(pairs.iter().map(|p| p.0).collect::<String>(), input.clone(), "lossless");
        let mut opens = 0;
        for (k, &(c, escaped)) in pairs.iter().enumerate() {
            let term = link_term(c);
            if is_terminator(part, &chars, k, &input) || term == LinkTerm::Hard {
                prop_assert!(escaped, "{:?} must be escaped in {:?}", c, out);
                continue;
            }
            match term {
                LinkTerm::Include => prop_assert!(!escaped, "Include {:?} escaped in {:?}", c, out),
                LinkTerm::Soft => prop_assert!(!escaped || (last && k + 1 == pairs.len()), "Soft {:?} in {:?}", c, out),
                LinkTerm::Open => {
                    opens += 1;
                    prop_assert!(!escaped || opens > BRACKET_STACK_LIMIT, "Open {:?} escaped in {:?}", c, out);
                }
                _ => {}
            }
        }
    }

    /// The display form is a fixed point and means the same URL: fully
    /// percent-decoding it gives the same bytes as decoding the input.
    #[test]
    fn display_url_is_idempotent_and_equivalent(path in text(), query in text(), fragment in text(), with_query in any::<bool>(), with_fragment in any::<bool>()) {
        let mut url = format!("https://example.com/{path}");
        if with_query { url += &format!("?{query}"); }
        if with_fragment { url += &format!("#{fragment}"); }
        let shown = display_url(&url);
        prop_assert_eq!(display_url(&shown), shown.clone(), "idempotent for {:?}", url);
        prop_assert_eq!(decode_all(&shown), decode_all(&url), "same URL: {:?} -> {:?}", url, shown);
    }

    /// Whatever the head — a scheme or none, user names and `xn--` labels
    /// in any place — the display form is a fixed point, and no user name
    /// is decoded as a host.
    #[test]
    fn display_url_is_a_fixed_point_for_any_head(
        pieces in prop::collection::vec(prop::sample::select(vec![
            "https://", "xN--xNx", "xn--fsqu00a", "xn--zz", ":", "@", ":@", ".", "xn--p1ai", "user", "//", "a",
            "mailto:", "例子", "%E2%80%AE", "/", "?", "#",
        ]), 0..10),
    ) {
        let url = pieces.concat();
        let shown = display_url(&url);
        prop_assert_eq!(display_url(&shown), shown.clone(), "{:?}", url);
        // A user name is never decoded: what precedes the authority's last `@`.
        if let Some(rest) = url.strip_prefix("https://") {
            let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
            if let Some(at) = authority.rfind('@') {
                prop_assert!(shown.starts_with(&url[..8 + at]), "{:?} -> {:?}", url, shown);
            }
        }
    }

    /// A display form shows no bidi control nor invisible code point raw
    /// (decoded or written so in the input): they stay escaped.
    #[test]
    fn display_url_keeps_misleading_code_points_escaped(path in text()) {
        let shown = display_url(&format!("https://example.com/{path}"));
        let misleading = ['\u{202E}', '\u{200B}', '\u{2066}', '\u{AD}', '\u{FE0F}', '／'];
        prop_assert!(!shown.contains(misleading), "{:?}", shown);
    }

    /// Arbitrary strings, not only URLs, never panic and stay fixed points.
    #[test]
    fn display_url_never_panics(s in any::<String>()) {
        let shown = display_url(&s);
        prop_assert_eq!(display_url(&shown), shown);
    }
}

#[test]
fn open_brackets_beyond_the_limit_are_escaped() {
    let input = "(".repeat(BRACKET_STACK_LIMIT + 2);
    let mut out = String::new();
    escape_part(&mut out, Part::Path, &input, false);
    assert_eq!(out, format!("{}%28%28", "(".repeat(BRACKET_STACK_LIMIT)));
}
