//! Differential test on whole GFM documents: headings, lists (tight and
//! loose, nested), block quotes, tables, footnotes, task lists, link
//! reference definitions and their uses, HTML and code blocks around inline
//! content full of URLs and markup, rendered by
//! `MarkdownAutolinks` (pulldown-cmark) and by cmark-gfm 0.29.0.gfm.13.
//! (The documents are joined into one input, whose footnotes cmark-gfm
//! would gather at its end: it runs without them, so documents with one
//! differ in their blocks.)
//!
//! The same documents, and the real-world Markdown of the comrak
//! differential, go through comrak with linkscan's autolinks
//! (`linkscan::comrak`), each document on its own and with footnotes on
//! both sides: comrak builds cmark-gfm's blocks, so there every document
//! is compared whole.
//!
//! The two parsers do not always build the same blocks. So each document
//! is first compared without autolinks — its inline blocks (paragraphs,
//! headings, table cells) and their text: where these differ, the
//! difference is pulldown-cmark's block or inline parsing, counted by the
//! construct the document holds, not an autolink difference. Where they
//! agree, the autolinks of each block must agree, or have a known cause.
//! "Exact" means this: the same autolinks as cmark-gfm wherever
//! pulldown-cmark builds the same blocks.

use linkscan::LinkFinder;
use linkscan::markdown::{MarkdownAutolinks, gfm_options};
use linkscan_checks::markup::{Rng, case, output_of};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::process::Command;

#[path = "common/markdown_corpus.rs"]
mod markdown_corpus;

/// What separates the generated documents in one run of each program: an
/// HTML comment block, which ends every open block.
const SEPARATOR: &str = "<!-- document -->";

/// The inline blocks of one document: each block's kind, its text (breaks
/// left out) and its links `(href, text)`.
type Blocks = Vec<(&'static str, String, Vec<(String, String)>)>;

/// A generated document: blocks of several kinds around generated inline
/// content, and the constructs it holds.
fn document(rng: &mut Rng) -> (String, Vec<&'static str>) {
    let mut text = String::new();
    let mut constructs = Vec::new();
    let inline = |rng: &mut Rng| case(rng).replace('\n', " ").trim_start_matches('>').trim().to_string();
    for _ in 0..2 + rng.next_u64() % 4 {
        let (construct, block) = match rng.next_u64() % 10 {
            0 => ("heading", format!("{} {}", "#".repeat(1 + (rng.next_u64() % 3) as usize), inline(rng))),
            1 => ("list", format!("- {}\n- {}", inline(rng), inline(rng))),
            2 => ("loose list", format!("1. {}\n\n2. {}\n   - {}", inline(rng), inline(rng), inline(rng))),
            3 => ("quote", format!("> {}\n>\n> > {}", inline(rng), inline(rng))),
            4 => (
                "table",
                format!(
                    "| a | b |\n|---|---|\n| {} | {} |",
                    inline(rng).replace('|', "\\|"),
                    inline(rng).replace('|', "\\|")
                ),
            ),
            5 => {
                // A label of its own: cmark-gfm keeps the first definition of
                // a label, comrak the last.
                let label = rng.next_u64() % 1_000_000;
                ("footnote", format!("{} [^n{label}]\n\n[^n{label}]: {}", inline(rng), inline(rng)))
            }
            6 => ("task list", format!("- [ ] {}\n- [x] {}", inline(rng), inline(rng))),
            7 => (
                "html and code",
                format!("<div>\nwww.not.linked\n</div>\n\n```\nhttps://not.linked\n```\n\n{}", inline(rng)),
            ),
            8 => {
                // Link reference definitions (no autolink in a destination
                // or title) and their uses, full, collapsed and shortcut.
                let label = rng.next_u64() % 1_000_000;
                let destination =
                    ["https://d.org/x_(y)", "<www.e.org/a b>", "http://f.org/\\_g"][(label % 3) as usize];
                (
                    "definition",
                    format!(
                        "{} [t][r{label}] [r{label}][] [r{label}]\n\n[r{label}]: {destination} \"see www.t.org\"\n\n{}",
                        inline(rng),
                        inline(rng)
                    ),
                )
            }
            _ => ("paragraph", case(rng)),
        };
        constructs.push(construct);
        text.push_str(&block);
        text.push_str("\n\n");
    }
    (text, constructs)
}

/// cmark-gfm's blocks of each document, with autolinks or without (and
/// with footnotes or without: footnote definitions go to the end of the
/// whole input, which joined documents share).
fn cmark_blocks(markdown: &str, autolink: bool, footnotes: bool) -> Vec<Blocks> {
    let oracle = linkscan_checks::oracle::cmark_gfm().unwrap_or_else(|e| panic!("building cmark-gfm: {e}"));
    let mut command = Command::new(oracle);
    command.args(["-t", "xml", "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "tasklist"]);
    if autolink {
        command.args(["-e", "autolink"]);
    }
    if footnotes {
        command.args(["-e", "footnotes"]);
    }
    let xml = String::from_utf8(output_of(&mut command, markdown)).expect("UTF-8 XML");
    let unescape =
        |s: &str| s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    let content = |line: &str| {
        unescape(&line[line.find('>').map_or(0, |i| i + 1)..line.rfind("</").unwrap_or(line.len())])
    };
    let mut documents: Vec<Blocks> = vec![Vec::new()];
    let mut open: Vec<(String, String)> = Vec::new();
    for line in xml.lines().map(str::trim_start) {
        let kind = [("<paragraph", "paragraph"), ("<heading", "heading"), ("<table_cell", "cell")]
            .iter()
            .find(|(tag, _)| line.starts_with(tag))
            .map(|&(_, kind)| kind);
        if let Some(kind) = kind {
            documents.last_mut().expect("a document").push((kind, String::new(), Vec::new()));
        } else if line.starts_with("<html_block") && unescape(line).contains(SEPARATOR) {
            documents.push(Vec::new());
        } else if line.starts_with("<link ") {
            let key = "destination=\"";
            let start = line.find(key).map_or(0, |i| i + key.len());
            let end = start + line[start..].find('"').unwrap_or(0);
            open.push((unescape(&line[start..end]), String::new()));
        } else if line.starts_with("</link>") {
            let link = open.pop().expect("a link open");
            if let Some(block) = documents.last_mut().and_then(|d| d.last_mut()) {
                block.2.push(link);
            }
        } else if line.starts_with("<text") || line.starts_with("<code ") {
            let text = content(line);
            open.iter_mut().for_each(|(_, t)| t.push_str(&text));
            if let Some(block) = documents.last_mut().and_then(|d| d.last_mut()) {
                block.1.push_str(&text);
            }
        }
    }
    documents
}

/// pulldown-cmark's blocks of each document, as `cmark_blocks` reads them.
fn pulldown_blocks<'a>(events: impl Iterator<Item = Event<'a>>) -> Vec<Blocks> {
    let mut documents: Vec<Blocks> = vec![Vec::new()];
    let mut open: Vec<(String, String)> = Vec::new();
    // A tight list item's text has no paragraph event: its text is a block.
    let (mut in_item_text, mut in_literal) = (false, false);
    for event in events {
        let kind = match &event {
            Event::Start(Tag::Paragraph) => Some("paragraph"),
            Event::Start(Tag::Heading { .. }) => Some("heading"),
            Event::Start(Tag::TableCell) => Some("cell"),
            _ => None,
        };
        if let Some(kind) = kind {
            in_item_text = true;
            documents.last_mut().expect("a document").push((kind, String::new(), Vec::new()));
            continue;
        }
        match event {
            Event::Start(Tag::Item)
            | Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::TableCell) => in_item_text = false,
            Event::Start(Tag::CodeBlock(_)) => in_literal = true,
            Event::End(TagEnd::CodeBlock) => in_literal = false,
            Event::Text(_) if in_literal => {}
            Event::Html(html) if html.contains(SEPARATOR) => documents.push(Vec::new()),
            Event::Start(Tag::Link { dest_url, .. }) => open.push((dest_url.to_string(), String::new())),
            Event::End(TagEnd::Link) => {
                let link = open.pop().expect("a link open");
                if let Some(block) = documents.last_mut().and_then(|d| d.last_mut()) {
                    block.2.push(link);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                open.iter_mut().for_each(|(_, text)| text.push_str(&t));
                let document = documents.last_mut().expect("a document");
                if !in_item_text {
                    in_item_text = true;
                    document.push(("paragraph", String::new(), Vec::new()));
                }
                if let Some(block) = document.last_mut() {
                    block.1.push_str(&t);
                }
            }
            _ => {}
        }
    }
    documents
}

/// The autolinks of each block: the links with autolinks on, less those
/// without.
fn autolinks(with: &Blocks, without: &Blocks) -> Vec<Vec<(String, String)>> {
    with.iter().zip(without).map(|(w, wo)| linkscan_checks::markup::added(w.2.clone(), &wo.2)).collect()
}

/// The shape of a document's blocks: kinds and texts (less `~`, which
/// cmark-gfm takes as single-tilde strikethrough where pulldown-cmark does
/// not), without links.
fn shape(blocks: &Blocks) -> Vec<(&'static str, String)> {
    blocks.iter().map(|(kind, text, _)| (*kind, text.replace('~', ""))).collect()
}

/// The known causes of autolink differences in documents with the same
/// blocks (a document's links are compared as a whole: one cause for all
/// of its differences).
fn known_cause(
    document: &str,
    ours: &[Vec<(String, String)>],
    theirs: &[Vec<(String, String)>],
) -> Option<&'static str> {
    let only = |a: &[Vec<(String, String)>], b: &[Vec<(String, String)>]| -> Vec<(String, String)> {
        a.iter().flatten().filter(|l| !b.iter().flatten().any(|m| m == *l)).cloned().collect()
    };
    let (only_ours, only_theirs) = (only(ours, theirs), only(theirs, ours));
    let all = |links: &[(String, String)], test: &dyn Fn(&str) -> bool| links.iter().all(|(_, t)| test(t));
    // (Each link only cmark-gfm makes is within one only linkscan makes.)
    let swallowed =
        |(href, _): &(String, String)| only_ours.iter().any(|(_, text)| text.contains(href.as_str()));
    if !only_ours.is_empty()
        && all(&only_ours, &|t| t.contains("://"))
        && only_theirs.iter().all(swallowed)
        && (document.contains('`') || document.contains("\\<"))
    {
        return Some(
            "a URL right after a link that ends inside other markup (the backslash of `\\<`, a code span's \
             opening backtick): cmark-gfm parses the rest of the paragraph anew, where `<` may start an angle \
             autolink and `[z](…)` an inline link; the parser here had taken that markup whole, and its rest \
             is text to linkscan",
        );
    }
    if !only_ours.is_empty() && all(&only_ours, &|t| t.contains("\\|")) {
        return Some(
            "a `\\|` in a table cell: cmark-gfm unescapes it before it parses the cell's inlines, so a URL \
             there takes `|`; linkscan reads the cell's source, where the backslash stands",
        );
    }
    if only_ours.is_empty() && all(&only_theirs, &|t| t.contains('@')) && document.contains("![") {
        return Some(
            "an email address in an image description: cmark-gfm makes it a link inside the image \
             (the alt text is the same); linkscan leaves image descriptions alone",
        );
    }
    if all(&only_ours, &|t| t.starts_with('_') && t.contains('@'))
        && only_theirs.iter().all(|(_, t)| only_ours.iter().any(|(_, o)| o[1..] == *t))
    {
        return Some(
            "an address right after an unmatched `_`: cmark-gfm keeps the delimiter run a text node of \
             its own, which the address does not take in; pulldown-cmark and comrak join it to the text around",
        );
    }
    None
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn gfm_autolinks_agree_with_cmark_gfm_on_whole_documents() {
    const DOCUMENTS: usize = 3_000;
    let mut rng = Rng(0x5eed_cafe_f00d_0004);
    let documents: Vec<(String, Vec<&str>)> = (0..DOCUMENTS).map(|_| document(&mut rng)).collect();
    let source: String =
        documents.iter().map(|(text, _)| text.as_str()).collect::<Vec<_>>().join(&format!("{SEPARATOR}\n\n"));
    let finder = LinkFinder::gfm();
    let options = gfm_options();
    let ours = pulldown_blocks(MarkdownAutolinks::new(&source, options, &finder).allow_unsafe(true));
    let ours_without = pulldown_blocks(Parser::new_ext(&source, options));
    let (theirs, theirs_without) = (cmark_blocks(&source, true, false), cmark_blocks(&source, false, false));
    assert_eq!(
        [ours.len(), ours_without.len(), theirs.len(), theirs_without.len()],
        [DOCUMENTS; 4],
        "one part a document on every side"
    );
    let mut structure: BTreeMap<&str, usize> = BTreeMap::new();
    let mut known: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut agree, mut links, mut unexplained) = (0, 0, Vec::new());
    for i in 0..DOCUMENTS {
        if shape(&ours_without[i]) != shape(&theirs_without[i]) {
            // Counted once, by the first construct of the document that
            // pulldown-cmark and cmark-gfm are known to build differently.
            let constructs = &documents[i].1;
            let cause = [
                "footnote",
                "table",
                "task list",
                "html and code",
                "definition",
                "loose list",
                "list",
                "quote",
                "heading",
            ]
            .into_iter()
            .find(|c| constructs.contains(c))
            .unwrap_or("paragraph");
            *structure.entry(cause).or_default() += 1;
            if std::env::var_os("SHOW_SHAPES").is_some() && structure[cause] <= 2 {
                println!(
                    "SHAPE {cause}: {:?}\n  ours:  {:?}\n  cmark: {:?}",
                    documents[i].0,
                    shape(&ours_without[i]),
                    shape(&theirs_without[i])
                );
            }
            continue;
        }
        let (a, b) = (autolinks(&ours[i], &ours_without[i]), autolinks(&theirs[i], &theirs_without[i]));
        links += b.iter().map(Vec::len).sum::<usize>();
        if a == b {
            agree += 1;
        } else if let Some(cause) = known_cause(&documents[i].0, &a, &b) {
            *known.entry(cause).or_default() += 1;
        } else {
            unexplained.push((i, a, b));
        }
    }
    let same_blocks = DOCUMENTS - structure.values().sum::<usize>();
    println!(
        "cmark-gfm differential, whole documents: {DOCUMENTS} documents; {same_blocks} with the same blocks, \
         of which {agree} have the same autolinks ({links} autolinks in all)"
    );
    for (cause, n) in &structure {
        println!("  blocks differ (pulldown-cmark's parse), {n} document(s) holding a {cause}");
    }
    for (cause, n) in &known {
        println!("  autolinks differ, known, {n} document(s): {cause}");
    }
    for (i, a, b) in unexplained.iter().take(20) {
        let ours: Vec<_> = a.iter().flatten().filter(|l| !b.iter().flatten().any(|m| m == *l)).collect();
        let theirs: Vec<_> = b.iter().flatten().filter(|l| !a.iter().flatten().any(|m| m == *l)).collect();
        println!("  document {i}\n    only ours:      {ours:?}\n    only cmark-gfm: {theirs:?}");
        if std::env::var_os("SHOW_DOCUMENTS").is_some() {
            println!("    {:?}", documents[*i].0);
        }
    }
    assert!(unexplained.is_empty(), "{} documents with different autolinks", unexplained.len());
    // Footnotes: not on for joined documents (see the module documentation).
    let comparable = DOCUMENTS - structure.get("footnote").copied().unwrap_or(0);
    assert!(
        same_blocks * 100 >= comparable * 99,
        "under 99% of documents without footnotes have the same blocks"
    );
}

/// Whose autolinks comrak's document gets.
#[derive(Clone, Copy, PartialEq)]
enum Autolinks {
    None,
    /// linkscan's (GFM finder), comrak's autolink extension off.
    Linkscan,
    /// comrak's own autolink extension.
    Comrak,
}

/// comrak's blocks of a document with `autolinks`, as `cmark_blocks`
/// reads cmark-gfm's.
fn comrak_blocks(markdown: &str, autolinks: Autolinks) -> Blocks {
    use comrak::nodes::{AstNode, NodeValue};
    fn walk<'a>(node: &'a AstNode<'a>, blocks: &mut Blocks, open: &mut Vec<(String, String)>) {
        let kind = match &node.data().value {
            NodeValue::Paragraph => Some("paragraph"),
            NodeValue::Heading(_) => Some("heading"),
            NodeValue::TableCell => Some("cell"),
            _ => None,
        };
        if let Some(kind) = kind {
            blocks.push((kind, String::new(), Vec::new()));
        }
        let link = match &node.data().value {
            NodeValue::Link(link) => Some(link.url.clone()),
            NodeValue::Text(text) => {
                open.iter_mut().for_each(|(_, t)| t.push_str(text));
                if let Some(block) = blocks.last_mut() {
                    block.1.push_str(text);
                }
                None
            }
            NodeValue::Code(code) => {
                open.iter_mut().for_each(|(_, t)| t.push_str(&code.literal));
                if let Some(block) = blocks.last_mut() {
                    block.1.push_str(&code.literal);
                }
                None
            }
            _ => None,
        };
        if let Some(url) = &link {
            open.push((url.clone(), String::new()));
        }
        for child in node.children() {
            walk(child, blocks, open);
        }
        if link.is_some() {
            let link = open.pop().expect("a link open");
            if let Some(block) = blocks.last_mut() {
                block.2.push(link);
            }
        }
    }
    let mut options = comrak_options();
    options.extension.autolink = autolinks == Autolinks::Comrak;
    let arena = comrak::Arena::new();
    let root = comrak::parse_document(&arena, markdown, &options);
    if autolinks == Autolinks::Linkscan {
        linkscan::comrak::autolink(&arena, root, markdown, &options, &LinkFinder::gfm());
    }
    let mut blocks = Vec::new();
    walk(root, &mut blocks, &mut Vec::new());
    blocks
}

/// comrak's options for cmark-gfm's extensions of `cmark_blocks`, with
/// footnotes, raw HTML kept and comrak's own autolinks off.
fn comrak_options() -> comrak::Options<'static> {
    let mut options = comrak::Options::default();
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.tasklist = true;
    options.extension.footnotes = true;
    options.render.r#unsafe = true;
    options
}

/// Compares each document through comrak with cmark-gfm (each run on its
/// own, footnotes on) and prints the figures; fails when a difference has
/// no known cause or fewer than 99.5% of the documents are identical.
fn comrak_differential(name: &str, documents: &[String]) {
    let (mut identical, mut known, mut unexplained) = (0, BTreeMap::<&str, usize>::new(), Vec::new());
    let (mut structure, mut comrak_identical) = (0, 0);
    for (i, document) in documents.iter().enumerate() {
        let theirs = cmark_blocks(document, true, true).remove(0);
        let theirs_without = cmark_blocks(document, false, true).remove(0);
        let (ours, ours_without) =
            (comrak_blocks(document, Autolinks::Linkscan), comrak_blocks(document, Autolinks::None));
        // comrak's own autolinks, for comparison.
        let comraks = autolinks(&comrak_blocks(document, Autolinks::Comrak), &ours_without);
        if comraks == autolinks(&theirs, &theirs_without) {
            comrak_identical += 1;
        } else if std::env::var_os("SHOW_COMRAK").is_some() {
            let b = autolinks(&theirs, &theirs_without);
            let only = |x: &[Vec<(String, String)>], y: &[Vec<(String, String)>]| {
                x.iter()
                    .flatten()
                    .filter(|l| !y.iter().flatten().any(|m| m == *l))
                    .cloned()
                    .collect::<Vec<_>>()
            };
            println!("COMRAK only comrak {:?}\n  only cmark {:?}", only(&comraks, &b), only(&b, &comraks));
        }
        if shape(&ours_without) != shape(&theirs_without) {
            structure += 1;
            if std::env::var_os("SHOW_SHAPES").is_some() && structure <= 5 {
                println!(
                    "SHAPE {document:?}\n  comrak: {:?}\n  cmark:  {:?}",
                    shape(&ours_without),
                    shape(&theirs_without)
                );
            }
        }
        let (a, b) = (autolinks(&ours, &ours_without), autolinks(&theirs, &theirs_without));
        if ours.len() == theirs.len() && a == b {
            identical += 1;
        } else if shape(&ours_without) != shape(&theirs_without) {
            *known.entry("the blocks differ: comrak's parse, not its autolinks").or_default() += 1;
        } else if let Some(cause) = known_cause(document, &a, &b) {
            *known.entry(cause).or_default() += 1;
        } else {
            unexplained.push(i);
            if unexplained.len() <= 20 {
                let only = |x: &[Vec<(String, String)>], y: &[Vec<(String, String)>]| {
                    x.iter()
                        .flatten()
                        .filter(|l| !y.iter().flatten().any(|m| m == *l))
                        .cloned()
                        .collect::<Vec<_>>()
                };
                println!(
                    "  {name} {i}\n    only comrak+linkscan: {:?}\n    only cmark-gfm:       {:?}",
                    only(&a, &b),
                    only(&b, &a)
                );
                if std::env::var_os("SHOW_DOCUMENTS").is_some() {
                    println!("    {document:?}");
                }
            }
        }
    }
    let total = documents.len();
    println!(
        "comrak with linkscan's autolinks against cmark-gfm, {name}: {total} documents, {identical} with identical \
         autolinks ({:.2}%); {structure} whose blocks differ; with comrak's own autolink extension, \
         {comrak_identical} identical ({:.2}%)",
        identical as f64 * 100.0 / total as f64,
        comrak_identical as f64 * 100.0 / total as f64
    );
    for (cause, n) in &known {
        println!("  autolinks differ, known, {n} document(s): {cause}");
    }
    assert!(unexplained.is_empty(), "{} {name}s with different autolinks", unexplained.len());
    assert!(identical * 1000 >= total * 995, "under 99.5% identical: {identical} of {total}");
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn comrak_autolinks_agree_with_cmark_gfm_on_whole_documents() {
    const DOCUMENTS: usize = 3_000;
    let mut rng = Rng(0x5eed_cafe_f00d_0004);
    let documents: Vec<String> = (0..DOCUMENTS).map(|_| document(&mut rng).0).collect();
    comrak_differential("generated document", &documents);
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn comrak_autolinks_agree_with_cmark_gfm_on_real_markdown() {
    let documents = markdown_corpus::texts();
    assert!(documents.len() >= 20, "the corpus has {} files", documents.len());
    comrak_differential("real file", &documents);
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn comrak_autolinks_agree_with_cmark_gfm_with_crlf_and_tabs() {
    // The same kind of documents with Windows line endings and tabs for
    // some spaces: comrak's positions count columns on lines ended by
    // `\r\n`, with tabs as one byte.
    const DOCUMENTS: usize = 1_000;
    let mut rng = Rng(0x5eed_cafe_f00d_0005);
    let documents: Vec<String> = (0..DOCUMENTS)
        .map(|i| {
            let text = document(&mut rng).0.replace('\n', "\r\n");
            if i % 2 == 0 { text.replacen("  ", "\t", 3).replacen(" x ", "\tx\t", 2) } else { text }
        })
        .collect();
    comrak_differential("document with CRLF and tabs", &documents);
}
