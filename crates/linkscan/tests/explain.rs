//! Explain mode: every rule in the code's table is reported on an input
//! that triggers it, and the links explained are the links found. (The
//! guide's list of the rules is checked in the checks crate: a packaged
//! crate has no guide.)

use linkscan::explain::Rule;
use linkscan::{Dialect, FinderOptions, LinkFinder};
use proptest::prelude::*;

#[path = "common/generators.rs"]
mod generators;
use generators::{finders, linky_text};

/// For each rule, by id: the finder's options (`name=value`, space
/// separated) and a text on which the scan makes that decision.
const TRIGGERS: &[(&str, &str, &str)] = &[
    ("scheme", "", "see https://example.com"),
    ("scheme-glued", "", "see foohttp://example.com"),
    ("domain", "", "see example.com"),
    ("email", "", "write to ann@example.com"),
    ("mail-scheme", "", "mailto:ann@example.com?subject=hi"),
    ("handle", "kinds=url,www,email,handle", "follow @ann@chaos.social"),
    ("ip-or-local-host", "ip_hosts=true", "http://10.0.0.1/admin"),
    ("host-end", "", "example.com, then"),
    ("port", "", "http://example.com:8080/a"),
    ("trailing-separator", "", "Go to example.com."),
    ("text-end", "", "example.com/a/b"),
    ("hard", "", "example.com/a b"),
    ("trailing-soft", "", "See example.com/a/b."),
    ("final-question-mark", "", "Is it example.com/a?"),
    ("bracket-closed", "", "https://en.wikipedia.org/wiki/Rust_(language)"),
    ("unmatched-close", "", "(see example.com/a)"),
    (
        "bracket-limit",
        "",
        "example.com/((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
    ),
    ("markup", "", r#"<img src="https://a.org/x.svg"/>"#),
    ("wrapped-url", "profile=mail", "See <https://example.org/a/very/long/\n  path/index.html> now."),
    ("address-end", "", "ann@example.com!"),
    ("tld-length", "", "version 1.x2345678901234567890123456789012345678901234567890123456789012345"),
    ("tld-not-accepted", "", "example.notatld"),
    ("local-part", "", "john.doe@example.com"),
    ("invalid-domain", "", "see -bad-.com"),
    ("not-whole", "", "my_site.example.com"),
    ("scheme-refused", "", "gopher://example.com/"),
    ("inside-url", "", "http://localhost:8080/app.py"),
    ("file-name", "skip_file_names=true", "run main.py now"),
    ("kind-not-wanted", "kinds=url,www", "ann@example.com"),
    ("dotted-user-name", "", "https://bbc.co.uk@evil.com/"),
    ("invalid-port", "", "example.com:99999999/"),
    ("invalid-local-part", "", "see .@example.com"),
    ("gfm-scheme", "dialect=gfm", "see https://example.com"),
    ("gfm-www", "dialect=gfm", "see www.example.com"),
    ("gfm-email", "dialect=gfm", "write to ann@example.com"),
    ("gfm-scheme-unknown", "dialect=gfm", "ssh://example.com"),
    ("gfm-www-preceded", "dialect=gfm", "x:www.example.com"),
    ("gfm-domain", "dialect=gfm", "www.my_site.com"),
    ("gfm-email-domain", "dialect=gfm", "ann@localhost"),
    ("gfm-space-or-lt", "dialect=gfm", "www.example.com<b>"),
    ("gfm-trailing-punctuation", "dialect=gfm", "See www.example.com."),
    ("gfm-parenthesis", "dialect=gfm", "(www.example.com/a)"),
    ("gfm-entity", "dialect=gfm", "www.example.com/&amp;"),
    ("md4c-scheme", "dialect=md4c", "see https://example.com"),
    ("md4c-www", "dialect=md4c", "see www.example.com"),
    ("md4c-email", "dialect=md4c", "write to ann@example.com"),
    ("md4c-scheme-unknown", "dialect=md4c", "ssh://example.com"),
    ("md4c-segment-end", "dialect=md4c", "see www.example.com/a/b"),
    ("md4c-left", "dialect=md4c", "x:www.example.com"),
    ("md4c-right", "dialect=md4c", "http://example.com:8080"),
    ("md4c-host", "dialect=md4c", "http://localhost/"),
    ("md4c-parentheses", "dialect=md4c", "www.example.com/a(b"),
    ("md4c-user", "dialect=md4c", "see .@example.com"),
];

fn finder(options: &str) -> LinkFinder {
    let mut built = FinderOptions::new(Dialect::Uts58);
    for option in options.split_whitespace() {
        let (name, value) = option.split_once('=').expect("name=value");
        built.set(name, value).expect("a valid option");
    }
    built.finder().expect("valid options")
}

/// Each rule of the table has a trigger here (a rule added to the code
/// without one fails), and is reported on it.
#[test]
fn every_rule_is_reported_on_its_trigger() {
    let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.about().id).collect();
    let triggers: Vec<&str> = TRIGGERS.iter().map(|t| t.0).collect();
    assert_eq!(triggers, ids, "one trigger a rule, in the table's order");
    for &(id, options, text) in TRIGGERS {
        let reported: Vec<&str> = finder(options)
            .explain(text)
            .iter()
            .flat_map(|c| c.decisions.iter().map(|d| d.rule.about().id))
            .collect();
        assert!(reported.contains(&id), "{id} not reported on {text:?} ({options}): {reported:?}");
    }
}

/// Rule ids are unique, kebab-case, and the reasons one line.
#[test]
fn rule_ids_are_unique_and_reasons_one_line() {
    let mut ids: Vec<&str> = Rule::ALL.iter().map(|r| r.about().id).collect();
    assert!(
        ids.iter().all(|id| id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'))
    );
    assert!(Rule::ALL.iter().all(|r| !r.about().reason.contains('\n') && !r.about().reference.is_empty()));
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), Rule::ALL.len());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// The links explained are the links found; a refused candidate ends with
    /// the one refusal, a link has no refusal; each decision's bytes are in
    /// the text.
    #[test]
    fn explained_links_are_the_links_found(text in linky_text()) {
        for finder in finders() {
            let candidates = finder.explain(&text);
            let explained: Vec<_> = candidates.iter().filter_map(|c| c.link.clone()).collect();
            let found: Vec<_> = finder.links(&text).collect();
            prop_assert_eq!(explained, found, "{:?} with {:?}", text, finder);
            for candidate in &candidates {
                let refusals = candidate.decisions.iter().filter(|d| d.rule.about().refuses).count();
                match &candidate.link {
                    Some(_) => prop_assert_eq!(refusals, 0, "{:?}", candidate),
                    None => {
                        prop_assert_eq!(refusals, 1, "{:?}", candidate);
                        prop_assert!(candidate.decisions.last().is_some_and(|d| d.rule.about().refuses));
                    }
                }
                for d in &candidate.decisions {
                    prop_assert!(d.range.start <= d.range.end && d.range.end <= text.len(), "{:?} in {:?}", d, text);
                    prop_assert!(text.is_char_boundary(d.range.start) && text.is_char_boundary(d.range.end));
                }
            }
        }
    }
}
