//! The streaming finder on the benchmark corpora (prose, link-dense text,
//! the UTS #58 test lines in prose, CJK, the hostile families): windows of
//! each cut at random bytes, with every finder of the property tests, give
//! exactly the links of the whole window; each whole corpus fed in 64-byte
//! chunks gives exactly its links.

use linkscan::stream::LinkStream;
use linkscan::{LinkFinder, OffsetUnit};
use linkscan_checks::corpora::{Rng, benchmark_corpora};

#[path = "../../linkscan/tests/common/generators.rs"]
#[allow(dead_code)]
mod generators;

type Found = Vec<(usize, usize, String)>;

fn whole(finder: &LinkFinder, text: &str) -> Found {
    finder.links(text).map(|l| (l.start(), l.end(), l.href().into_owned())).collect()
}

fn streamed(finder: &LinkFinder, bytes: &[u8], cuts: impl IntoIterator<Item = usize>) -> Found {
    let mut stream = LinkStream::new(finder.clone()).offsets(OffsetUnit::Bytes);
    let mut found = Vec::new();
    let mut from = 0;
    for cut in cuts.into_iter().chain([bytes.len()]) {
        found.extend(
            stream.feed_bytes(&bytes[from..cut]).map(|l| (l.start, l.end, l.link.href().into_owned())),
        );
        from = cut;
    }
    found.extend(stream.finish().map(|l| (l.start, l.end, l.link.href().into_owned())));
    found
}

#[test]
fn windows_of_every_corpus_cut_anywhere() {
    let finders = generators::finders();
    let mut rng = Rng(0x5EED);
    let mut checked = 0;
    for (name, corpus) in benchmark_corpora() {
        for _ in 0..40 {
            let mut start = (rng.next_u64() % (corpus.len() as u64 - 4096)) as usize;
            while !corpus.is_char_boundary(start) {
                start += 1;
            }
            let mut end = start + 1024 + (rng.next_u64() % 2048) as usize;
            while !corpus.is_char_boundary(end) {
                end += 1;
            }
            let window = &corpus[start..end];
            let mut cuts: Vec<usize> =
                (0..rng.next_u64() % 40).map(|_| (rng.next_u64() % window.len() as u64) as usize).collect();
            cuts.sort_unstable();
            for finder in &finders {
                assert_eq!(
                    streamed(finder, window.as_bytes(), cuts.iter().copied()),
                    whole(finder, window),
                    "{name} [{start}..{end}] cut at {cuts:?} with {finder:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 13 * 40 * finders.len(), "{checked} windows");
}

#[test]
fn every_corpus_in_64_byte_chunks() {
    let finder = LinkFinder::new();
    for (name, corpus) in benchmark_corpora() {
        let cuts = (64..corpus.len()).step_by(64);
        assert_eq!(streamed(&finder, corpus.as_bytes(), cuts), whole(&finder, &corpus), "{name}");
    }
}
