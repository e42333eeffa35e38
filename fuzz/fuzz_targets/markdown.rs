//! The pulldown-cmark adapter on arbitrary Markdown, in every dialect and
//! option: no panic; link events balanced and never nested; no script href
//! (safe by default); with unsafe events allowed, the text of the document
//! kept.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::markdown::{Autolinks, gfm_options};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

mod common;

fn text_of<'a>(events: impl Iterator<Item = Event<'a>>) -> String {
    events
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => Some(t.to_string()),
            _ => None,
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((selector, md)) = common::split(data) else { return };
    let finder = common::finder(selector);
    // (U+0000 in text is U+FFFD in the output, as CommonMark requires.)
    let plain = text_of(Parser::new_ext(&md, gfm_options()).map(|event| match event {
        Event::Text(t) => Event::Text(t.replace('\0', "\u{FFFD}").into()),
        Event::Code(t) => Event::Code(t.replace('\0', "\u{FFFD}").into()),
        event => event,
    }));
    let events = |allow_unsafe| {
        Autolinks::new(Parser::new_ext(&md, gfm_options()), &finder).allow_unsafe(allow_unsafe)
    };
    for allow_unsafe in [false, true] {
        let mut depth = 0i32;
        for event in events(allow_unsafe) {
            match event {
                Event::Start(Tag::Link { dest_url, .. }) => {
                    assert!(allow_unsafe || linkscan::html::is_safe_href(&dest_url));
                    depth += 1;
                }
                Event::End(TagEnd::Link) => depth -= 1,
                _ => {}
            }
            assert!(depth >= 0);
        }
        assert_eq!(depth, 0);
    }
    assert_eq!(text_of(events(true)), plain);
});
