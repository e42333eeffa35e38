//! Differential test: GFM autolinks of `MarkdownAutolinks` against
//! comrak (a port of cmark-gfm) with `extension.autolink`, on real-world
//! Markdown written by others: the README and docs Markdown files of the
//! crates in this workspace's dependency tree, found through `cargo
//! metadata`. The autolinks of each side are the links that appear only
//! when autolinks are on; they are compared as (href, text) in order.
//! Every disagreement is listed in `KNOWN` with its cause; a new one (after
//! a dependency update brings new files) fails the test, to be explained: a
//! documented comrak divergence from cmark-gfm, or a linkscan bug.

use comrak::nodes::{AstNode, NodeValue};
use comrak::{Arena, parse_document};
use linkscan::LinkFinder;
use linkscan::markdown::{MarkdownAutolinks, gfm_options};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

#[path = "common/markdown_corpus.rs"]
mod markdown_corpus;
use markdown_corpus::corpus;

#[path = "common/comrak_gfm.rs"]
mod comrak_gfm;
use comrak_gfm::comrak_gfm_options;
use linkscan_checks::markup::{Links, added};

/// Known disagreements: (end of the file's path, the link only linkscan
/// finds, the cause).
/// (None now: the one there was, `[https://…/22]` in displaydoc's changelog,
/// linked by the event adapter although cmark-gfm makes no URL autolink
/// while a `[` is open, went with links decided on the source.)
const KNOWN: &[(&str, &str, &str)] = &[];

/// Whether every link of `only_ours` (and none of `only_comrak`) is a known
/// disagreement in `path`.
fn all_known(path: &std::path::Path, only_ours: &Links, only_comrak: &Links) -> bool {
    only_comrak.is_empty()
        && only_ours
            .iter()
            .all(|(_, text)| KNOWN.iter().any(|(file, link, _)| path.ends_with(file) && text == link))
}

fn pulldown_links<'a>(events: impl Iterator<Item = Event<'a>>) -> Links {
    let mut links = Vec::new();
    let mut current: Option<(String, String)> = None;
    for event in events {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => current = Some((dest_url.to_string(), String::new())),
            Event::End(TagEnd::Link) => links.extend(current.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, text)) = &mut current {
                    text.push_str(&t);
                }
            }
            _ => {}
        }
    }
    links
}

fn comrak_links<'a>(node: &'a AstNode<'a>, links: &mut Links) {
    if let NodeValue::Link(link) = &node.data.borrow().value {
        let mut text = String::new();
        for d in node.descendants() {
            match &d.data.borrow().value {
                NodeValue::Text(t) => text.push_str(t),
                NodeValue::Code(code) => text.push_str(&code.literal),
                _ => {}
            }
        }
        links.push((link.url.clone(), text));
        return;
    }
    for child in node.children() {
        comrak_links(child, links);
    }
}

pub fn ours(markdown: &str, finder: &LinkFinder) -> Links {
    let options = gfm_options();
    let with = pulldown_links(MarkdownAutolinks::new(markdown, options, finder));
    let without = pulldown_links(Parser::new_ext(markdown, options));
    added(with, &without)
}

pub fn comrak(markdown: &str) -> Links {
    let render = |autolink: bool| {
        let options = comrak_gfm_options(autolink);
        let arena = Arena::new();
        let root = parse_document(&arena, markdown, &options);
        let mut links = Vec::new();
        comrak_links(root, &mut links);
        links
    };
    added(render(true), &render(false))
}

#[test]
fn gfm_autolinks_agree_with_comrak_on_real_markdown() {
    let finder = LinkFinder::gfm();
    let files = corpus();
    assert!(files.len() >= 20, "the corpus has {} files", files.len());
    let (mut agreed, mut total_ours, mut total_comrak, mut bytes) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for path in &files {
        let Ok(markdown) = std::fs::read_to_string(path) else { continue };
        bytes += markdown.len();
        let (a, b) = (ours(&markdown, &finder), comrak(&markdown));
        total_ours += a.len();
        total_comrak += b.len();
        if a == b {
            agreed += a.len();
            continue;
        }
        let only_ours: Links = a.iter().filter(|l| !b.contains(l)).cloned().collect();
        let only_comrak: Links = b.iter().filter(|l| !a.contains(l)).cloned().collect();
        agreed += a.len() - only_ours.len();
        disagreements.push((path.clone(), only_ours, only_comrak));
    }
    println!(
        "comrak differential: {} files, {} KB, autolinks: linkscan {total_ours}, comrak {total_comrak}, agreed {agreed}",
        files.len(),
        bytes / 1024
    );
    let (known, disagreements): (Vec<_>, Vec<_>) =
        disagreements.into_iter().partition(|(path, ours, theirs)| all_known(path, ours, theirs));
    for (path, only_ours, _) in &known {
        for (_, text) in only_ours {
            let cause = KNOWN.iter().find(|k| k.1 == text).map_or("", |k| k.2);
            println!("  known: {}: {text:?}: {cause}", path.display());
        }
    }
    for (path, only_ours, only_comrak) in &disagreements {
        println!("  {}", path.display());
        for l in only_ours {
            println!("    only linkscan: {l:?}");
        }
        for l in only_comrak {
            println!("    only comrak:   {l:?}");
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} files where the autolinks differ (listed above)",
        disagreements.len()
    );
    assert!(total_ours >= 100, "too few autolinks in the corpus to compare");
}
