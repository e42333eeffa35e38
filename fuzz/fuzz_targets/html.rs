//! HTML output safety on arbitrary input, every dialect and option, any
//! default scheme: the output holds no element but `<a href=…>`, no script
//! URL, and its text is the input's.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::html::{escape_html, is_safe_href, linkify};

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((selector, text)) = common::split(data) else { return };
    // The first line of the text, if it is short, is the default scheme.
    let (scheme, text) = match text.split_once('\n') {
        Some((scheme, rest)) if scheme.len() < 16 && selector & 1 != 0 => (Some(scheme.to_string()), rest),
        _ => (None, text.as_str()),
    };
    let mut finder = common::with_host_options(common::finder(selector), text.len() as u8);
    if let Some(scheme) = scheme {
        finder = finder.default_scheme(scheme);
    }
    let html = linkify(text, &finder);
    // Remove the links' markup: what is left must be the escaped input.
    let mut plain = String::new();
    let mut rest = html.as_str();
    while let Some(open) = rest.find("<a href=\"") {
        plain.push_str(&rest[..open]);
        let after = &rest[open + 9..];
        let quote = after.find('"').expect("a closed href");
        let href = &after[..quote];
        assert!(!href.contains(['<', '>', '\'']), "{href}");
        let decoded = href
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        assert!(is_safe_href(&decoded), "{href}");
        let close = after.find('>').expect("a closed tag");
        let end = after.find("</a>").expect("a closed link");
        plain.push_str(&after[close + 1..end]);
        rest = &after[end + 4..];
    }
    plain.push_str(rest);
    assert!(!plain.contains('<') && !plain.contains('>'));
    let mut escaped = String::new();
    escape_html(&mut escaped, text);
    assert_eq!(plain, escaped);
});
