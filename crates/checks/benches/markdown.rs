//! Rendering real-world Markdown (the README and docs files of the crates
//! in the dependency tree) four ways: pulldown-cmark alone, pulldown-cmark
//! with linkscan's GFM autolinks (`MarkdownAutolinks`, links decided on the
//! source: "pulldown-cmark+linkscan"; the event adapter `Autolinks`:
//! "pulldown-cmark+linkscan-events"), and comrak with its autolink
//! extension. All with GFM tables, strikethrough, task lists and footnotes.
//! (Instruction counts of the same: `cargo xtask instructions markdown`.)

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/common/comrak_gfm.rs"]
mod comrak_gfm;
#[path = "../tests/common/markdown_corpus.rs"]
mod markdown_corpus;
use comrak_gfm::comrak_gfm_options;

/// How pulldown-cmark's events get their autolinks.
#[derive(Clone, Copy)]
enum Autolinking {
    None,
    Source,
    Events,
}

fn render_pulldown(texts: &[String], how: Autolinking, finder: &linkscan::LinkFinder) -> usize {
    let mut html = String::new();
    let options = linkscan::markdown::gfm_options();
    for text in texts {
        html.clear();
        // (A parser parses its blocks when made: made only where used.)
        let parser = || pulldown_cmark::Parser::new_ext(text, options);
        match how {
            Autolinking::None => pulldown_cmark::html::push_html(&mut html, parser()),
            Autolinking::Source => pulldown_cmark::html::push_html(
                &mut html,
                linkscan::markdown::MarkdownAutolinks::new(text, options, finder),
            ),
            Autolinking::Events => pulldown_cmark::html::push_html(
                &mut html,
                linkscan::markdown::Autolinks::new(parser(), finder),
            ),
        }
    }
    html.len()
}

fn render_comrak(texts: &[String], options: &comrak::Options) -> usize {
    texts.iter().map(|t| comrak::markdown_to_html(t, options).len()).sum()
}

fn markdown(c: &mut Criterion) {
    let texts = markdown_corpus::texts();
    let bytes: usize = texts.iter().map(String::len).sum();
    let finder = linkscan::LinkFinder::gfm();
    let options = comrak_gfm_options(true);
    let mut group = c.benchmark_group("markdown/real-world");
    group.throughput(Throughput::Bytes(bytes as u64));
    for (name, how) in [
        ("pulldown-cmark", Autolinking::None),
        ("pulldown-cmark+linkscan", Autolinking::Source),
        ("pulldown-cmark+linkscan-events", Autolinking::Events),
    ] {
        group.bench_function(name, |b| b.iter(|| render_pulldown(black_box(&texts), how, &finder)));
    }
    group.bench_function("comrak", |b| b.iter(|| render_comrak(black_box(&texts), &options)));
    let without = comrak_gfm_options(false);
    group.bench_function("comrak+linkscan", |b| {
        b.iter(|| {
            black_box(&texts)
                .iter()
                .map(|t| linkscan::comrak::markdown_to_html(t, &without, &finder).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    targets = markdown
}
criterion_main!(benches);
