//! The streaming finder on arbitrary bytes, cut into chunks that the
//! second byte's bits size (inside UTF-8 sequences too), in every dialect
//! and with every option: exactly the links of the whole input read as
//! `String::from_utf8_lossy` reads it, with the same offsets; the frontier
//! never goes back and no link comes before it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use linkscan::stream::LinkStream;

mod common;

fuzz_target!(|data: &[u8]| {
    let [selector, more, bytes @ ..] = data else { return };
    let finder = common::with_host_options(common::finder(*selector), more >> 5);
    let whole: Vec<(usize, usize, String)> = finder
        .links(&String::from_utf8_lossy(bytes))
        .map(|l| (l.start(), l.end(), l.href().into_owned()))
        .collect();
    let mut stream = LinkStream::new(finder);
    let mut found = Vec::new();
    // Chunks of 1 to 32 bytes, sizes from the input itself.
    let (mut at, mut step) = (0, usize::from(more & 31) + 1);
    while at < bytes.len() {
        let end = (at + step).min(bytes.len());
        let frontier = stream.frontier();
        let links: Vec<_> = stream
            .feed_bytes(&bytes[at..end])
            .map(|l| (l.start, l.end, l.link.href().into_owned()))
            .collect();
        found.extend(links);
        assert!(stream.frontier() >= frontier);
        assert!(found.last().is_none_or(|l| l.1 <= stream.frontier()));
        step = usize::from(bytes[at] & 31) + 1;
        at = end;
    }
    found.extend(stream.finish().map(|l| (l.start, l.end, l.link.href().into_owned())));
    assert_eq!(found, whole);
});
