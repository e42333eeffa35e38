//! Property tests of link detection: invariants on arbitrary text, and the
//! UTS #58 §4 promise that a minimally escaped URL between spaces is
//! detected as exactly one link covering exactly that form.

use linkscan::format::Part;
use linkscan::format::{display_url, escape_parts};
use linkscan::html::linkify;
use linkscan::{Context, Dialect, Edge, LinkFinder, LinkKind, OffsetConverter, OffsetUnit};
use proptest::prelude::*;

#[path = "common/generators.rs"]
mod generators;
use generators::{finders, linky_text};

fn edge() -> impl Strategy<Value = Edge> {
    prop::sample::select(vec![Edge::Block, Edge::Line, Edge::EmphasisOpen, Edge::EmphasisClose, Edge::Other])
}

/// Whether `s` starts with `scheme://` (RFC 3986 scheme syntax) or `mailto:`.
fn starts_with_scheme(s: &str) -> bool {
    let name = s.bytes().take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')).count();
    (name > 0 && s.as_bytes()[0].is_ascii_alphabetic() && s[name..].starts_with("://"))
        || s.get(..7).is_some_and(|p| p.eq_ignore_ascii_case("mailto:"))
}

fn check_invariants(text: &str, context: Context) -> Result<(), TestCaseError> {
    for finder in finders() {
        let mut last_end = 0;
        for link in finder.links_in(text, context) {
            prop_assert!(link.start() >= last_end, "links overlap or go back in {:?}", text);
            prop_assert!(link.start() < link.end(), "empty link in {:?}", text);
            prop_assert!(text.is_char_boundary(link.start()) && text.is_char_boundary(link.end()));
            prop_assert_eq!(link.as_str(), &text[link.start()..link.end()]);
            // The target is what the text says: the text, with a scheme or
            // `mailto:` before it where it has none; a handle's profile page.
            if link.kind() == LinkKind::Handle {
                let (user, host) = link.as_str()[1..].split_once('@').expect("@user@host");
                prop_assert_eq!(link.href(), format!("https://{host}/@{user}"));
                prop_assert_eq!(link.host(), host);
            } else if link.is_wrapped() {
                // A URL wrapped across lines: its target is its text joined,
                // each line break and the blanks and `>` marks after it out.
                let mut lines = link.as_str().split(['\r', '\n']);
                let first = lines.next().unwrap_or_default().to_owned();
                let joined =
                    lines.fold(first, |joined, line| joined + line.trim_start_matches([' ', '\t', '>']));
                prop_assert_eq!(link.href(), joined);
            } else {
                prop_assert!(link.href().ends_with(link.as_str()));
            }
            // A link written with its scheme keeps exactly that scheme. (GFM
            // and MD4C follow their reference parsers: cmark-gfm links
            // `www.ssh://` as `http://www.ssh://`. A wrapped URL's target is
            // its text joined, checked above.)
            if finder.dialect() == Dialect::Uts58 && starts_with_scheme(link.as_str()) && !link.is_wrapped() {
                prop_assert_eq!(link.href(), link.as_str());
            }
            // Never a link to a user name: a URL that ends inside its
            // authority is not followed by more of it up to an `@`
            // (`http://www.bank.com:login@evil.org`); never an address
            // made of a password, inside a `scheme://` run.
            if finder.dialect() == Dialect::Uts58 {
                let ends = |c: char| c.is_whitespace() || c.is_control() || "/?#\"'<>".contains(c);
                if let Some(k) = link
                    .as_str()
                    .find("://")
                    .filter(|_| link.kind() == LinkKind::Url && starts_with_scheme(link.as_str()))
                    && !link.as_str()[k + 3..].contains(['/', '?', '#'])
                {
                    let rest = text[link.end()..].split(ends).next().unwrap_or_default();
                    prop_assert!(
                        !rest.contains('@'),
                        "a user name linked: {:?} in {:?}",
                        link.as_str(),
                        text
                    );
                }
                if link.kind() == LinkKind::Email {
                    let run = text[..link.start()].rsplit(ends).next().unwrap_or_default();
                    prop_assert!(
                        !(run.contains("://") && run.ends_with(':')),
                        "an address of a password: {:?} in {:?}",
                        link.as_str(),
                        text
                    );
                }
            }
            last_end = link.end();
        }
        let spans: Vec<_> = finder.spans_in(text, context).collect();
        prop_assert_eq!(spans.iter().map(|s| s.as_str()).collect::<String>(), text);
        for pair in spans.windows(2) {
            prop_assert_eq!(pair[0].end(), pair[1].start());
            prop_assert!(pair[0].link().is_some() || pair[1].link().is_some(), "two text spans in a row");
        }
        let html = linkify(text, &finder);
        prop_assert!(!html.contains("href=\"javascript"));
        // Offsets: one pass over increasing offsets equals counting from scratch.
        let mut chars = OffsetConverter::new(text, OffsetUnit::Chars);
        let mut utf16 = OffsetConverter::new(text, OffsetUnit::Utf16);
        for link in finder.links(text) {
            for b in [link.start(), link.end()] {
                prop_assert_eq!(chars.convert(b), text[..b].chars().count());
                prop_assert_eq!(utf16.convert(b), text[..b].encode_utf16().count());
            }
        }
    }
    Ok(())
}

/// Path segments, query keys and values, and fragments that draw on every
/// Link_Term class (Include, Soft, Hard, Open, Close) and on part syntax.
fn content() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9]{1,3}",
        3 => prop::sample::select(vec![
            "αβγ", "日本", "アルベルト", "Ракь", "ꯅ꯭ꯌꯨ", "e\u{301}", "\u{200C}", "\u{AD}", "😎", "𝑷", "%", "%41",
            ".", "..", ",", "!", "?", "'", "\"", ":", ";", "。", "？", "،", "«", "»", "’", "།",
            " ", "\u{A0}", "\u{3000}", "\t", "\n",
            "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "༼", "༽",
            "/", "#", "&", "=", "+", "~", "-", "_", "@", ":~:",
        ]).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

/// Escapes the characters in `syntax` and a `%` before two hex digits:
/// the §4.1 precondition on a part's text.
fn syntax_escaped(s: &str, syntax: &[char]) -> String {
    let mut out = String::new();
    for (i, c) in s.char_indices() {
        let rest = &s[i + c.len_utf8()..];
        let escape = syntax.contains(&c)
            || (c == ':' && rest.starts_with("~:") && syntax.contains(&'~'))
            || (c == '%' && rest.bytes().take(2).filter(u8::is_ascii_hexdigit).count() == 2);
        if escape {
            out.push_str(&format!("%{:02X}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[derive(Debug, Clone)]
struct Url {
    head: String,
    path: Option<Vec<String>>,
    query: Option<Vec<(String, String)>>,
    fragment: Option<String>,
}

fn url() -> impl Strategy<Value = Url> {
    let head = prop::sample::select(vec![
        "https://example.com",
        "http://例子.中国",
        "пример.рф",
        "https://xn--p1ai.xn--p1ai:8080",
        "sub.domain.みんな",
        "HTTPS://EXAMPLE.ORG",
    ]);
    (
        head,
        prop::option::of(prop::collection::vec(content(), 0..4)),
        prop::option::of(prop::collection::vec((content(), content()), 0..3)),
        prop::option::of(content()),
    )
        .prop_map(|(head, path, query, fragment)| Url { head: head.to_string(), path, query, fragment })
}

impl Url {
    /// The minimally escaped form (§4.1) of this URL.
    fn display(&self) -> String {
        let mut parts = Vec::new();
        if let Some(segments) = &self.path {
            let segments: Vec<String> =
                segments.iter().map(|s| syntax_escaped(s, &['/', '?', '#'])).collect();
            parts.push((Part::Path, segments.join("/")));
        }
        if let Some(pairs) = &self.query {
            let q = |s: &str| syntax_escaped(s, &['+', '#', '=', '&']);
            let pairs: Vec<String> = pairs.iter().map(|(k, v)| format!("{}={}", q(k), q(v))).collect();
            parts.push((Part::Query, pairs.join("&")));
        }
        if let Some(fragment) = &self.fragment {
            parts.push((Part::Fragment, syntax_escaped(fragment, &['~'])));
        }
        let refs: Vec<(Part, &str)> = parts.iter().map(|(p, s)| (*p, s.as_str())).collect();
        format!("{}{}", self.head, escape_parts(&refs))
    }
}

/// Parts made mostly of brackets, matched, mismatched and unbalanced, of
/// every pair UTS #58 knows, with runs long enough to reach the stack limit.
fn bracket_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(vec![
            "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "༼", "༽", "«", "»",
            "%28", "%29", "%5B", "%5D", "%7B", "%7D",
        ]).prop_map(str::to_string),
        2 => "[a-z]{1,2}",
        1 => prop::sample::select(vec!["/", "?", "#", "=", "&", ":~:", ",", ".", " "]).prop_map(str::to_string),
        1 => (prop::sample::select(vec!["(", "{", "[", ")", "}"]), 1usize..140).prop_map(|(b, n)| b.repeat(n)),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// The quick test is a fast path (the Markdown adapter skips a text run
    /// on it): when it says no link, the scan finds none, in every dialect
    /// and profile.
    #[test]
    fn the_quick_test_never_hides_a_link(text in linky_text()) {
        for finder in finders() {
            if !finder.may_have_links(&text) {
                let found: Vec<_> = finder.links(&text).map(|l| l.as_str().to_owned()).collect();
                prop_assert!(found.is_empty(), "{:?} in {:?} with {:?}", found, text, finder);
            }
        }
    }

    /// §4's promise for the display form of a whole URL: between spaces it
    /// is detected as exactly that one link, whatever brackets the path,
    /// query and fragment hold.
    #[test]
    fn a_display_url_between_spaces_is_one_whole_link(path in bracket_text(), query in bracket_text(), fragment in bracket_text(), www in any::<bool>()) {
        let head = if www { "www.example.com/" } else { "https://example.com/" };
        let shown = display_url(&format!("{head}{path}?{query}#{fragment}"));
        let text = format!("See {shown} now");
        let found: Vec<String> = LinkFinder::new().links(&text).map(|l| l.as_str().to_string()).collect();
        prop_assert_eq!(found, vec![shown.clone()]);
    }

    #[test]
    fn invariants_on_linky_text(text in linky_text(), before in edge(), after in edge()) {
        check_invariants(&text, Context::new(before, after))?;
    }

    #[test]
    fn invariants_on_arbitrary_strings(text in any::<String>()) {
        check_invariants(&text, Context::default())?;
    }

    /// §4: "a minimally escaped URL string between two spaces in flowing
    /// text is accurately detected" — exactly so by `strict`; by default
    /// too, but for an empty query at the end (`https://example.com?`),
    /// whose bare `?` the reader's rule leaves out (Table 3-2's reading),
    /// and for what the reader reads as markup after a link (a quote glued
    /// to `/` or `>`, a closing tag `</a`), which §4.1 leaves unescaped:
    /// those are checked by `strict` alone (`display_url` escapes them, as
    /// the test above checks by default).
    #[test]
    fn a_minimally_escaped_url_between_spaces_is_one_whole_link(url in url()) {
        let shown = url.display();
        let bare_query = url.query.as_ref().is_some_and(Vec::is_empty) && url.fragment.is_none();
        let read = if bare_query { shown.strip_suffix('?').unwrap_or(&shown).to_string() } else { shown.clone() };
        let b = shown.as_bytes();
        let markup = (0..b.len()).any(|i| {
            (matches!(b[i], b'"' | b'\'') && matches!(b.get(i + 1), Some(b'/' | b'>')))
                || (b[i] == b'<' && b.get(i + 1) == Some(&b'/') && b.get(i + 2).is_some_and(u8::is_ascii_alphabetic))
        });
        // Between spaces, and followed by sentence punctuation or the end.
        for text in [format!("See {shown} for more."), format!("See {shown}. More"), format!("{shown}!,\n"), shown.clone()] {
            let found: Vec<String> = LinkFinder::new().links(&text).map(|l| l.as_str().to_string()).collect();
            if !markup {
                prop_assert_eq!(found, vec![read.clone()], "{:?} in {:?}", url, text);
            }
            let found: Vec<String> = LinkFinder::new().strict(true).links(&text).map(|l| l.as_str().to_string()).collect();
            prop_assert_eq!(found, vec![shown.clone()], "strict: {:?} in {:?}", url, text);
        }
    }
}

proptest! {
    /// Offsets converted in any order are those counted from the start
    /// (an offset inside a character counts it as before).
    #[test]
    fn offsets_convert_in_any_order(text in "[a é😀東\n]{0,40}", picks in prop::collection::vec(0usize..200, 0..30)) {
        let mut chars = OffsetConverter::new(&text, OffsetUnit::Chars);
        let mut utf16 = OffsetConverter::new(&text, OffsetUnit::Utf16);
        for pick in picks {
            let byte = pick % (text.len() + 1);
            let mut end = byte;
            while !text.is_char_boundary(end) {
                end += 1;
            }
            prop_assert_eq!(chars.convert(byte), text[..end].chars().count());
            prop_assert_eq!(utf16.convert(byte), text[..end].encode_utf16().count());
        }
    }
}
