//! Link detection throughput, linkscan side by side with linkify 0.11, on
//! reproducible generated corpora, the hostile families among them, and
//! the Debian Reference manuals where `benches/real-text.sh` installed them. (Time
//! per byte of every path on hostile inputs at growing sizes:
//! `examples/hostile.rs`.)
//!
//! `cargo bench -p linkscan-checks --bench find`; `cargo xtask bench-table`
//! turns the results into the README's table.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

use linkscan_checks::corpora::benchmark_corpora;
use linkscan_checks::pieces::links_fed_in_pieces;

fn peers(c: &mut Criterion) {
    let scanner = linkscan::LinkFinder::new();
    let scanner_scheme = linkscan::LinkFinder::new().require_scheme(true);
    let mut linkify_any = linkify::LinkFinder::new();
    linkify_any.url_must_have_scheme(false);
    let linkify_scheme = linkify::LinkFinder::new();
    for (name, text) in benchmark_corpora() {
        let mut group = c.benchmark_group(format!("corpus/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("linkscan", |b| b.iter(|| scanner.links(black_box(&text)).count()));
        group.bench_function("linkify", |b| b.iter(|| linkify_any.links(black_box(&text)).count()));
        group
            .bench_function("linkscan-scheme", |b| b.iter(|| scanner_scheme.links(black_box(&text)).count()));
        group.bench_function("linkify-scheme", |b| b.iter(|| linkify_scheme.links(black_box(&text)).count()));
        // The streaming finder, fed the text whole and in 64-byte pieces.
        for (peer, size) in [("linkscan-stream", 0), ("linkscan-stream-64", 64)] {
            group.bench_function(peer, |b| b.iter(|| links_fed_in_pieces(&scanner, black_box(&text), size)));
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    targets = peers
}
criterion_main!(benches);
