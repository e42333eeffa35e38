//! The deterministic benchmark's workloads, for `cargo xtask instructions`,
//! which runs this under `valgrind --tool=callgrind` and counts the
//! instructions of each call of `instructions_measure` alone:
//!
//! * `find/CORPUS/PEER`: one pass of a link finder over a benchmark corpus
//!   (the generated ones, and the real text of `benches/real-text.sh` where
//!   installed), counting links; PEER is `linkscan` or `linkify` (0.11),
//!   `-scheme` when URLs need a scheme, or `memchr` (the floor: one
//!   `memchr` pass for a byte the text lacks); `linkscan-stream` is
//!   `LinkStream` fed the whole text, `-64` in 64-byte chunks, `-8` in
//!   8-byte ones (a token of a chat answer);
//! * `messages/CORPUS/PEER`: the same finders' `links` called on each
//!   message of about 100 bytes (the corpus cut at white space), the cost
//!   of a call where a chat message is one;
//! * `markdown/PATH`: rendering the real-world Markdown corpus to HTML with
//!   pulldown-cmark alone (and through its offset iterator), with
//!   `MarkdownAutolinks` (GFM, links decided on the source; raw HTML kept,
//!   as pulldown-cmark alone keeps it, and in its safe default; with the
//!   GFM finder and with the MD4C one), with the
//!   event adapter `Autolinks`, and with comrak.
//!
//! `cargo run --release -p linkscan-checks --example instructions -- list`
//! prints the workloads, their input sizes and how many texts each has;
//! `… -- run [FILTER]` runs each once (the order `list` gives).

use linkscan::markdown::{Autolinks, MarkdownAutolinks, gfm_options};
use std::hint::black_box;

#[path = "../tests/common/comrak_gfm.rs"]
mod comrak_gfm;
#[path = "../tests/common/markdown_corpus.rs"]
mod markdown_corpus;
use comrak_gfm::comrak_gfm_options;

/// A workload's input.
pub enum Input {
    Text(String),
    Documents(Vec<String>),
}

impl Input {
    fn len(&self) -> usize {
        match self {
            Input::Text(t) => t.len(),
            Input::Documents(d) => d.iter().map(String::len).sum(),
        }
    }

    /// How many texts: a call each.
    fn texts(&self) -> usize {
        match self {
            Input::Text(_) => 1,
            Input::Documents(d) => d.len(),
        }
    }
}

/// `text` cut into messages of about `size` bytes: each ends at the first
/// white space from `size` bytes on (left out), or at `2 * size` bytes in
/// text without white space (CJK).
fn messages(text: &str, size: usize) -> Vec<String> {
    let boundary =
        |rest: &str, at: usize| (at..rest.len()).find(|&i| rest.is_char_boundary(i)).unwrap_or(rest.len());
    let mut messages = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (from, limit) = (boundary(rest, size), boundary(rest, 2 * size));
        let end = rest[from..limit].find(char::is_whitespace).map_or(limit, |i| from + i);
        messages.push(rest[..end].to_string());
        rest = rest[end..].trim_start_matches(char::is_whitespace);
    }
    messages
}

/// What runs.
#[derive(Clone, Copy)]
pub enum Work {
    Linkscan {
        scheme: bool,
    },
    Linkify {
        scheme: bool,
    },
    /// `LinkStream` fed the text in chunks of this many bytes (0: whole).
    Stream {
        chunk: usize,
    },
    Memchr,
    Pulldown,
    PulldownOffsets,
    /// `MarkdownAutolinks`, raw HTML kept as pulldown-cmark alone keeps it
    /// (`safe`: by default, raw HTML omitted and script targets emptied).
    Source {
        safe: bool,
        md4c: bool,
    },
    Events,
    /// comrak: with its own autolink extension (`autolink`), or without
    /// (`false`) and with linkscan's (`linkscan`).
    Comrak {
        autolink: bool,
        linkscan: bool,
    },
}

/// One workload: not inlined and not mangled, so that callgrind counts the
/// instructions of each call (`--toggle-collect=instructions_measure`).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "Rust" fn instructions_measure(work: Work, input: &Input) -> usize {
    match (work, input) {
        (Work::Linkscan { scheme }, Input::Text(text)) => {
            linkscan::LinkFinder::new().require_scheme(scheme).links(text).count()
        }
        (Work::Linkscan { scheme }, Input::Documents(messages)) => {
            let finder = linkscan::LinkFinder::new().require_scheme(scheme);
            messages.iter().map(|message| finder.links(message).count()).sum()
        }
        (Work::Linkify { scheme }, Input::Documents(messages)) => {
            let mut finder = linkify::LinkFinder::new();
            finder.url_must_have_scheme(scheme);
            messages.iter().map(|message| finder.links(message).count()).sum()
        }
        (Work::Linkify { scheme }, Input::Text(text)) => {
            let mut finder = linkify::LinkFinder::new();
            finder.url_must_have_scheme(scheme);
            finder.links(text).count()
        }
        (Work::Stream { chunk }, Input::Text(text)) => {
            linkscan_checks::pieces::links_fed_in_pieces(&linkscan::LinkFinder::new(), text, chunk)
        }
        (Work::Memchr, Input::Text(text)) => memchr::memchr(0, text.as_bytes()).unwrap_or(0),
        (
            Work::Pulldown | Work::PulldownOffsets | Work::Source { .. } | Work::Events | Work::Comrak { .. },
            Input::Documents(documents),
        ) => {
            let finder = match work {
                Work::Source { md4c: true, .. } => linkscan::LinkFinder::md4c(),
                _ => linkscan::LinkFinder::gfm(),
            };
            let comrak_options = comrak_gfm_options(matches!(work, Work::Comrak { autolink: true, .. }));
            let mut html = String::new();
            let mut total = 0;
            for document in documents {
                html.clear();
                let parser = || pulldown_cmark::Parser::new_ext(document, gfm_options());
                match work {
                    Work::Pulldown => pulldown_cmark::html::push_html(&mut html, parser()),
                    Work::PulldownOffsets => pulldown_cmark::html::push_html(
                        &mut html,
                        parser().into_offset_iter().map(|(e, _)| e),
                    ),
                    Work::Source { safe, .. } => pulldown_cmark::html::push_html(
                        &mut html,
                        MarkdownAutolinks::new(document, gfm_options(), &finder).allow_unsafe(!safe),
                    ),
                    Work::Events => pulldown_cmark::html::push_html(
                        &mut html,
                        Autolinks::new(parser(), &finder).allow_unsafe(true),
                    ),
                    Work::Comrak { linkscan: true, .. } => {
                        html = linkscan::comrak::markdown_to_html(document, &comrak_options, &finder)
                    }
                    _ => html = comrak::markdown_to_html(document, &comrak_options),
                }
                total += html.len();
            }
            total
        }
        _ => unreachable!("a workload's input matches its work"),
    }
}

fn workloads() -> Vec<(String, Work, Input)> {
    let mut list = Vec::new();
    for (name, text) in linkscan_checks::corpora::benchmark_corpora() {
        for (peer, work) in [
            ("linkscan", Work::Linkscan { scheme: false }),
            ("linkify", Work::Linkify { scheme: false }),
            ("linkscan-scheme", Work::Linkscan { scheme: true }),
            ("linkify-scheme", Work::Linkify { scheme: true }),
            ("memchr", Work::Memchr),
            ("linkscan-stream", Work::Stream { chunk: 0 }),
            ("linkscan-stream-64", Work::Stream { chunk: 64 }),
            ("linkscan-stream-8", Work::Stream { chunk: 8 }),
        ] {
            list.push((format!("find/{name}/{peer}"), work, Input::Text(text.clone())));
        }
        if ["prose-no-links", "prose-with-links", "multilingual", "cjk-no-links"].contains(&name.as_str()) {
            let messages = messages(&text, 100);
            for (peer, work) in
                [("linkscan", Work::Linkscan { scheme: false }), ("linkify", Work::Linkify { scheme: false })]
            {
                list.push((format!("messages/{name}/{peer}"), work, Input::Documents(messages.clone())));
            }
        }
    }
    let documents: Vec<String> =
        markdown_corpus::corpus().iter().filter_map(|path| std::fs::read_to_string(path).ok()).collect();
    for (path, work) in [
        ("pulldown-cmark", Work::Pulldown),
        ("pulldown-cmark, offset iterator", Work::PulldownOffsets),
        ("pulldown-cmark+MarkdownAutolinks", Work::Source { safe: false, md4c: false }),
        ("pulldown-cmark+MarkdownAutolinks, safe (the default)", Work::Source { safe: true, md4c: false }),
        ("pulldown-cmark+MarkdownAutolinks, MD4C", Work::Source { safe: false, md4c: true }),
        ("pulldown-cmark+MarkdownAutolinks, MD4C, safe", Work::Source { safe: true, md4c: true }),
        ("pulldown-cmark+Autolinks", Work::Events),
        ("comrak", Work::Comrak { autolink: true, linkscan: false }),
        ("comrak without autolinks", Work::Comrak { autolink: false, linkscan: false }),
        ("comrak+linkscan", Work::Comrak { autolink: false, linkscan: true }),
    ] {
        list.push((format!("markdown/{path}"), work, Input::Documents(documents.clone())));
    }
    list
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args.get(1).map_or("", String::as_str);
    // A filter ending in `$` names one workload; any other is a substring.
    let chosen = workloads().into_iter().filter(|(name, _, _)| match filter.strip_suffix('$') {
        Some(exact) => name == exact,
        None => name.contains(filter),
    });
    match args.first().map(String::as_str) {
        Some("list") => {
            chosen.for_each(|(name, _, input)| println!("{name} {} {}", input.len(), input.texts()))
        }
        Some("run") => chosen.for_each(|(_, work, input)| {
            black_box(instructions_measure(work, black_box(&input)));
        }),
        _ => {
            eprintln!("usage: instructions list|run [FILTER]");
            std::process::exit(2);
        }
    }
}
