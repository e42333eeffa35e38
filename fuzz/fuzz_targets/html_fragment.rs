//! Links in the text of HTML, on arbitrary input, every dialect and
//! option, checked by a tree builder that shares no code with linkscan
//! (html5ever): the output's DOM is the input's but for the anchors added
//! around text, with scripting on and off, as a fragment of `<body>` and as
//! a document; every anchor added has a safe href.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::html::{Anchor, is_safe_href, linkify_fragment_with};
use linkscan_checks::html_dom::{Context, MARK, same_but_anchors};

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((selector, html)) = common::split(data) else { return };
    let finder = common::with_host_options(common::finder(selector), html.len() as u8);
    let skip: &[&str] = if selector & 1 != 0 { &["pre", "code"] } else { &["b", "p", "br"] };
    let out = linkify_fragment_with(&html, &finder, skip, |link| {
        assert!(is_safe_href(&link.href()));
        Ok::<_, ()>(Some(Anchor {
            href: link.href().into_owned(),
            attributes: vec![(MARK.into(), String::new())],
            text: None,
        }))
    })
    .expect("no error");
    for context in [Context::Body, Context::Document] {
        if let Err(e) = same_but_anchors(&html, &out, context) {
            panic!("{context:?}: {e}");
        }
    }
});
