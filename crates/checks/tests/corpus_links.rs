//! The links found on every benchmark corpus stay what they were: the
//! speed work must not change behaviour. For each corpus and finder, the
//! count and a digest of every link (start, end, kind, href) are compared
//! with `corpus_links.txt`, recorded by the behaviour the changes started
//! from. A change meant to alter what is found records them again
//! (`LINKSCAN_RECORD=1 cargo test -p linkscan-checks --test corpus_links`)
//! and says why in its commit.

use linkscan::{LinkFinder, LinkKind};
use linkscan_checks::corpora::corpora;
use std::fmt::Write as _;

/// The finders of the benchmarks (scheme-less and scheme required) and
/// the two Markdown dialects' plain-text finders.
fn finders() -> Vec<(&'static str, LinkFinder)> {
    vec![
        ("uts58", LinkFinder::new()),
        ("uts58-scheme", LinkFinder::new().require_scheme(true)),
        ("gfm", LinkFinder::gfm()),
        ("md4c", LinkFinder::md4c()),
    ]
}

/// FNV-1a over the bytes given.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
}

fn record() -> String {
    let mut out = String::new();
    for (name, text) in corpora() {
        for (finder_name, finder) in finders() {
            let (mut count, mut hash) = (0usize, 0xcbf2_9ce4_8422_2325u64);
            for link in finder.links(&text) {
                count += 1;
                fnv(&mut hash, &(link.start() as u64).to_le_bytes());
                fnv(&mut hash, &(link.end() as u64).to_le_bytes());
                fnv(&mut hash, &[u8::from(link.kind() == LinkKind::Email)]);
                fnv(&mut hash, link.href().as_bytes());
            }
            let _ = writeln!(out, "{name} {finder_name} {count} {hash:016x}");
        }
    }
    out
}

#[test]
fn the_links_of_every_benchmark_corpus_are_unchanged() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus_links.txt");
    let found = record();
    if std::env::var_os("LINKSCAN_RECORD").is_some() {
        std::fs::write(path, &found).expect("corpus_links.txt is writable");
        return;
    }
    let expected = std::fs::read_to_string(path).expect("corpus_links.txt");
    let differ: Vec<String> = expected
        .lines()
        .zip(found.lines())
        .filter(|(e, f)| e != f)
        .map(|(e, f)| format!("recorded {e}\n   found {f}"))
        .collect();
    assert!(differ.is_empty() && expected.lines().count() == found.lines().count(), "{}", differ.join("\n"));
}
