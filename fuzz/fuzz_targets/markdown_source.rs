//! The source adapter (`MarkdownAutolinks`) and `document_links` on
//! arbitrary Markdown, in every dialect and option: no panic; events well
//! nested (every start has its end); link ranges inside the document; no
//! script href or image source (safe by default). (Linear time: `cargo xtask linearity markdown`.)

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::markdown::{MarkdownAutolinks, document_links, gfm_options};
use pulldown_cmark::{Event, Tag};

mod common;

fuzz_target!(|data: &[u8]| {
    let Some((selector, md)) = common::split(data) else { return };
    let finder = common::finder(selector);
    let mut open = Vec::new();
    for (event, range) in MarkdownAutolinks::new(&md, gfm_options(), &finder).into_offset_iter() {
        assert!(range.start <= range.end && range.end <= md.len());
        match event {
            Event::Start(tag) => {
                if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &tag {
                    assert!(linkscan::html::is_safe_href(dest_url));
                }
                open.push(tag.to_end());
            }
            Event::End(end) => assert_eq!(open.pop(), Some(end)),
            _ => {}
        }
    }
    assert!(open.is_empty());
    for link in document_links(&md, gfm_options(), &finder) {
        assert!(md.get(link.range.clone()).is_some());
    }
});
