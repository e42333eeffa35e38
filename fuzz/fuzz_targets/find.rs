//! Detection on arbitrary input: no panic; links in order, not
//! overlapping, on char boundaries; spans cover the input exactly.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::{LinkFinder, TldPolicy};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for finder in [LinkFinder::new(), LinkFinder::new().ip_hosts(true).tlds(TldPolicy::Any)] {
        let mut last = 0;
        for link in finder.links(&text) {
            assert!(last <= link.start() && link.start() < link.end() && link.end() <= text.len());
            assert!(text.is_char_boundary(link.start()) && text.is_char_boundary(link.end()));
            let _ = link.href();
            last = link.end();
        }
        let joined: String = finder.spans(&text).map(|s| s.as_str()).collect();
        assert_eq!(joined, text);
        let _ = linkscan::html::linkify(&text, &finder);
    }
});
