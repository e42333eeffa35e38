//! Hostile inputs: every path of the library (each dialect's finder and
//! its host options, the Markdown adapters in each dialect, the streaming
//! finder fed a byte at a time, `explain`, rows found together, `html`, HTML fragments,
//! `format`) on runs of what makes detectors work hardest, at growing sizes.
//!
//! * `cargo run --release --example hostile --features pulldown-cmark,comrak,html-fragment -- time`
//!   prints time per byte from 64 KiB to 4 MiB as a Markdown table (the
//!   README's): flat rows mean linear time.
//! * `… -- callgrind` runs each case once at 64 KiB and once at 128 KiB,
//!   each inside a call of `hostile_measure`, for `cargo xtask linearity`,
//!   which counts their instructions under valgrind and fails when doubling
//!   the input more than 2.3× the instructions.
//! * `… -- list` prints the cases in the order `callgrind` runs them.
//!
//! A filter after the mode keeps the cases whose `path/family` name
//! contains it; after the filter, `list` and `callgrind` take a shard,
//! `i/n` (every nth case from the ith), which the xtask runs side by side.

use linkscan::markdown::{Autolinks, MarkdownAutolinks, gfm_options};
use linkscan::{LinkFinder, Profile, TldPolicy};
use pulldown_cmark::{Options, Parser};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A family: its name, and the text that is repeated to the wanted size
/// (after an optional head written once).
struct Family {
    name: &'static str,
    head: &'static str,
    unit: &'static str,
}

const fn family(name: &'static str, head: &'static str, unit: &'static str) -> Family {
    Family { name, head, unit }
}

const FAMILIES: &[Family] = &[
    family("a-dot", "", "a."),
    family("a-at", "", "a@"),
    family("dot-com", "", ".com"),
    family("dot-com-at", "", "a.com@"),
    family("at-colon-slash", "", "@:/"),
    family("label-run", "", "a"),
    family(
        "long-labels",
        "",
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz.",
    ),
    family("local-part", "", "a.b+c-d_e"),
    family("www", "", "www."),
    family("www-space", "", "www.a "),
    family("http-scheme", "", "http://"),
    family("https-host", "", "https://a"),
    family("mailto", "", "mailto:"),
    family("mailto-at", "", "mailto:a@"),
    family("xn", "", "xn--"),
    family("xn-label", "", "xn--p1ai."),
    family("open-paren", "", "("),
    family("open-paren-path", "https://example.com/", "("),
    family("nested-brackets-path", "https://example.com/", "([{<（「"),
    family("close-brackets-path", "https://example.com/", ")]}>"),
    family("open-bracket", "", "["),
    family("link-www", "", "[x](www."),
    family("entity", "", "&amp;"),
    family("entity-url", "https://a.com/", "&copy;"),
    family("underscore-url", "", "_www.a.com_"),
    family("star-url", "", "*http://a.com/*"),
    family("emphasis", "", "**a "),
    family("bracket-url", "", "[http://a.com "),
    family("code-url", "", "http://a.com`x` "),
    family("escape-www", "", "\\_www.a.com\\_ "),
    family("quoted-lines", "", "> http://a.com/*x*\n>www.b.org "),
    family("emphasis-nested", "", "*_~"),
    family("lt", "", "<"),
    family("backslash", "", "\\"),
    family("cjk-stop", "", "日本。"),
    family("cjk-prose", "", "東京は日本の首都です。"),
    family("fullwidth-stop", "", "例．"),
    family("percent", "https://example.com/", "%"),
    family("percent-utf8", "https://example.com/", "%E3%82"),
    family("colon-tilde", "https://example.com/#", ":~:"),
    family("refused-url", "http://localhost/", "a.py/"),
    family("glued-scheme", "", "xhttp://"),
    family("underscore-host", "https://", "a_b."),
    family("userinfo", "", "u:p@"),
    family("handle", "", "@a@b.social "),
    family("quoted-host", "", "“a.com”"),
    family("final-query", "", "a.com?"),
    family("ignored-glue", "", "a\u{FE0F}.com"),
    family("tags", "", "<b>a.com</b>"),
    family("anchors", "", "<a>a.com"),
    family("entity-cut", "", "&ampa.com&#x35"),
    family("entity-letters", "&", "a"),
    family("tables", "", "<table><td>a.com</tr></td>"),
    family("wrapped", "", "<http://a.org/x\n> y> "),
    family("wrapped-glued", "", "<http://a.org/x\n y>"),
    family("wrapped-unclosed", "", "<a\n"),
    family("wrapped-long", "<http://a.org/", "a/\n "),
];

/// What runs on the text.
#[derive(Clone, Copy)]
pub enum Path {
    Find(fn() -> LinkFinder),
    Markdown(fn() -> LinkFinder, Options),
    /// The event adapter alone, over pulldown-cmark's events.
    MarkdownEvents(fn() -> LinkFinder, Options),
    /// comrak's parse (GFM extensions) and `linkscan::comrak::autolink`.
    Comrak(fn() -> LinkFinder),
    /// The streaming finder, fed a byte at a time.
    Stream(fn() -> LinkFinder),
    /// `LinkFinder::explain`: every candidate with its decisions.
    Explain(fn() -> LinkFinder),
    /// The text cut into rows of about 16 bytes, found together
    /// (`row_links`).
    Rows(fn() -> LinkFinder),
    Html,
    /// HTML in, HTML out.
    HtmlFragment,
    Format,
}

fn paths() -> Vec<(&'static str, Path)> {
    vec![
        ("uts58", Path::Find(LinkFinder::new)),
        ("uts58-scheme", Path::Find(|| LinkFinder::new().require_scheme(true))),
        ("uts58-strict", Path::Find(|| LinkFinder::new().profile(Profile::Strict))),
        ("uts58-chat", Path::Find(|| LinkFinder::new().profile(Profile::Chat))),
        ("uts58-mail", Path::Find(|| LinkFinder::new().profile(Profile::Mail))),
        ("uts58-any-ip", Path::Find(|| LinkFinder::new().tlds(TldPolicy::Any).ip_hosts(true))),
        (
            "uts58-local-files",
            Path::Find(|| {
                let schemes = linkscan::Schemes::web().with(["gopher"]);
                LinkFinder::new().local_hosts(true).skip_file_names(true).schemes(schemes)
            }),
        ),
        ("gfm", Path::Find(LinkFinder::gfm)),
        ("gfm-unicode-ends", Path::Find(|| LinkFinder::gfm().unicode_ends(true))),
        ("md4c", Path::Find(LinkFinder::md4c)),
        ("markdown-gfm", Path::Markdown(LinkFinder::gfm, gfm_options())),
        ("markdown-gfm-events", Path::MarkdownEvents(LinkFinder::gfm, gfm_options())),
        ("markdown-md4c", Path::Markdown(LinkFinder::md4c, Options::empty())),
        ("markdown-uts58", Path::Markdown(LinkFinder::new, Options::empty())),
        ("comrak-gfm", Path::Comrak(LinkFinder::gfm)),
        ("stream-bytes", Path::Stream(LinkFinder::new)),
        ("stream-bytes-md4c", Path::Stream(LinkFinder::md4c)),
        ("stream-bytes-mail", Path::Stream(|| LinkFinder::new().profile(Profile::Mail))),
        ("explain-mail", Path::Explain(|| LinkFinder::new().profile(Profile::Mail))),
        ("explain-gfm", Path::Explain(LinkFinder::gfm)),
        ("rows", Path::Rows(LinkFinder::new)),
        ("rows-md4c", Path::Rows(LinkFinder::md4c)),
        ("html", Path::Html),
        ("html-fragment", Path::HtmlFragment),
        ("format", Path::Format),
    ]
}

/// The text of `family` at about `size` bytes.
fn text(family: &Family, size: usize) -> String {
    let mut text = String::with_capacity(size + family.unit.len());
    text.push_str(family.head);
    while text.len() < size {
        text.push_str(family.unit);
    }
    text
}

/// One run of `path` over `text`; returns something to keep it from being
/// optimised away. Not inlined and not mangled, so that callgrind can count
/// the instructions of each call (`--toggle-collect=hostile_measure`).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "Rust" fn hostile_measure(path: Path, finder: &LinkFinder, text: &str) -> usize {
    match path {
        Path::Find(_) => finder.links(text).map(|l| l.end()).sum(),
        Path::Markdown(_, options) => {
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, MarkdownAutolinks::new(text, options, finder));
            html.len()
        }
        Path::MarkdownEvents(_, options) => {
            let mut html = String::new();
            pulldown_cmark::html::push_html(
                &mut html,
                Autolinks::new(Parser::new_ext(text, options), finder),
            );
            html.len()
        }
        Path::Comrak(_) => {
            let mut options = comrak::Options::default();
            options.extension.table = true;
            options.extension.strikethrough = true;
            options.extension.tasklist = true;
            options.extension.footnotes = true;
            let arena = comrak::Arena::new();
            let root = comrak::parse_document(&arena, text, &options);
            linkscan::comrak::autolink(&arena, root, text, &options, finder);
            root.descendants().count()
        }
        Path::Stream(_) => {
            let mut stream = linkscan::LinkStream::new(finder.clone());
            let mut ends = 0;
            for byte in text.as_bytes().chunks(1) {
                ends += stream.feed_bytes(byte).map(|l| l.end).sum::<usize>();
            }
            ends + stream.finish().map(|l| l.end).sum::<usize>()
        }
        Path::Explain(_) => finder.explain(text).iter().map(|c| c.decisions.len()).sum(),
        Path::Rows(_) => {
            let mut offsets = vec![0];
            for (i, _) in text.char_indices() {
                if i >= offsets[offsets.len() - 1] + 16 {
                    offsets.push(i);
                }
            }
            offsets.push(text.len());
            finder.row_links(text, &offsets).map_or(0, |links| links.map(|(row, l)| row + l.end()).sum())
        }
        Path::Html => linkscan::html::linkify(text, finder).len(),
        Path::HtmlFragment => {
            linkscan::html::linkify_fragment(text, finder, &linkscan::html::FragmentOptions::new()).len()
        }
        Path::Format => linkscan::format::display_url(text).len(),
    }
}

fn finder_of(path: Path) -> LinkFinder {
    match path {
        Path::Find(make)
        | Path::Markdown(make, _)
        | Path::MarkdownEvents(make, _)
        | Path::Comrak(make)
        | Path::Stream(make)
        | Path::Explain(make)
        | Path::Rows(make) => make(),
        Path::Html | Path::HtmlFragment | Path::Format => LinkFinder::new(),
    }
}

/// Every (path, family) whose name contains `filter`.
fn cases(filter: &str) -> Vec<(String, Path, &'static Family)> {
    let mut cases = Vec::new();
    for (name, path) in paths() {
        for family in FAMILIES {
            let id = format!("{name}/{}", family.name);
            if id.contains(filter) {
                cases.push((id, path, family));
            }
        }
    }
    cases
}

/// The sizes `callgrind` runs each case at.
const CALLGRIND_SIZES: [usize; 2] = [64 << 10, 128 << 10];
/// The sizes `time` reports.
const TIME_SIZES: [usize; 4] = [64 << 10, 256 << 10, 1 << 20, 4 << 20];

/// Nanoseconds per byte: the best of two runs of at least 10 ms each.
fn time_per_byte(path: Path, finder: &LinkFinder, text: &str) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..2 {
        let (start, mut runs) = (Instant::now(), 0u32);
        while runs == 0 || start.elapsed() < Duration::from_millis(10) {
            black_box(hostile_measure(path, finder, black_box(text)));
            runs += 1;
        }
        best = best.min(start.elapsed().as_nanos() as f64 / f64::from(runs) / text.len() as f64);
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("time", String::as_str);
    let filter = args.get(1).map_or("", String::as_str);
    // `list` and `callgrind` may take a shard, `i/n`: every nth case from the ith.
    let (shard, shards) = args
        .get(2)
        .and_then(|s| s.split_once('/'))
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .filter(|&(i, n): &(usize, usize)| i < n)
        .unwrap_or((0, 1));
    let cases_of_shard = || cases(filter).into_iter().skip(shard).step_by(shards);
    match mode {
        "list" => {
            for (id, ..) in cases_of_shard() {
                for size in CALLGRIND_SIZES {
                    println!("{id} {size}");
                }
            }
        }
        "callgrind" => {
            for (_, path, family) in cases_of_shard() {
                let finder = finder_of(path);
                for size in CALLGRIND_SIZES {
                    let text = text(family, size);
                    black_box(hostile_measure(path, &finder, black_box(&text)));
                }
            }
        }
        "time" => {
            // Rows: families; columns: paths; cells: ns per byte at 4 MiB.
            // The last row: the largest max ÷ min of a column's families
            // over the sizes (1.00 is perfectly flat).
            let cases = cases(filter);
            let mut columns: Vec<&str> = Vec::new();
            for (id, ..) in &cases {
                let path = id.split('/').next().unwrap_or_default();
                if !columns.contains(&path) {
                    columns.push(path);
                }
            }
            let mut cells = std::collections::HashMap::new();
            let mut spread = vec![1f64; columns.len()];
            for (id, path, family) in &cases {
                let finder = finder_of(*path);
                let ns: Vec<f64> = TIME_SIZES
                    .iter()
                    .map(|&size| time_per_byte(*path, &finder, &text(family, size)))
                    .collect();
                let (max, min) = ns.iter().fold((0f64, f64::INFINITY), |(a, b), &x| (a.max(x), b.min(x)));
                let column = columns.iter().position(|c| id.starts_with(&format!("{c}/"))).unwrap_or(0);
                spread[column] = spread[column].max(max / min);
                cells.insert(id.clone(), ns[ns.len() - 1]);
                eprintln!("{id}: {ns:.3?}");
            }
            println!("| ns/byte at 4 MiB | {} |", columns.join(" | "));
            println!("|---|{}", "---:|".repeat(columns.len()));
            for family in FAMILIES {
                let row: Vec<String> = columns
                    .iter()
                    .map(|c| {
                        cells
                            .get(&format!("{c}/{}", family.name))
                            .map_or(String::new(), |ns| format!("{ns:.2}"))
                    })
                    .collect();
                if row.iter().any(|c| !c.is_empty()) {
                    println!("| {} | {} |", family.name, row.join(" | "));
                }
            }
            let row: Vec<String> = spread.iter().map(|s| format!("{s:.2}")).collect();
            println!("| *max ÷ min, 64 KiB–4 MiB* | {} |", row.join(" | "));
        }
        other => {
            eprintln!("hostile: unknown mode {other:?} (time, callgrind or list)");
            std::process::exit(2);
        }
    }
}
