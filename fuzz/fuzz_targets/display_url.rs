//! The display form of a URL: a fixed point of `display_url`, and — the
//! §4 promise — detected as exactly one whole link between spaces (by
//! `strict`; by default too, but for a final `?` with only Soft code
//! points after it, which the reader's rule leaves out), for paths,
//! queries and fragments full of brackets (matched, mismatched,
//! unbalanced), escapes and Link_Term classes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::LinkFinder;
use linkscan::format::display_url;
use linkscan::spec::props::{LinkTerm, link_term};

/// Bytes become URL pieces rich in what the §4.1 bracket stack reacts to.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "«", "»", "/", "?", "#", "=", "&", ":~:",
    ".", ",", "!", " ", "%", "%28", "%29", "%2E", "%E3%82%A2", "%FF", "a", "b", "日本", "。", "'", "\"", "~",
    ":", "@", "+", "-", "_", "\t", "\u{200C}",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let head = if selector & 1 == 0 { "https://example.com/" } else { "www.example.com/" };
    let mut url = String::from(head);
    for &b in rest {
        url.push_str(PIECES[usize::from(b) % PIECES.len()]);
    }
    let shown = display_url(&url);
    assert_eq!(display_url(&shown), shown, "not a fixed point: {url:?}");
    let text = format!("See {shown} now");
    let found: Vec<&str> = LinkFinder::new().strict(true).links(&text).map(|l| l.as_str()).collect();
    assert_eq!(found, [shown.as_str()], "strict: {url:?}");
    let found: Vec<&str> = LinkFinder::new().links(&text).map(|l| l.as_str()).collect();
    assert_eq!(found.len(), 1, "{url:?}");
    let left_out = shown.strip_prefix(found[0]).expect("a prefix of the display form");
    let bare_query = left_out.starts_with('?') && left_out.chars().all(|c| link_term(c) == LinkTerm::Soft);
    assert!(left_out.is_empty() || bare_query, "{url:?} found as {:?}", found[0]);
});
