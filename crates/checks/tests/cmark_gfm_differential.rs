//! Differential test: the GFM autolinks of `MarkdownAutolinks` (pulldown-
//! cmark, links decided on the source) against cmark-gfm 0.29.0.gfm.13
//! itself, built from its released C sources (`linkscan_checks::oracle`),
//! on generated markup-heavy paragraphs and on the real-world Markdown of
//! the comrak differential. The autolinks of each side are the links that
//! appear only when autolinks are on, compared as (href, text) in order.
//! Every disagreement must have a known cause (`cause`), or the test fails.

use linkscan::LinkFinder;
use linkscan::markdown::{MarkdownAutolinks, gfm_options};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::process::Command;

#[path = "common/markdown_corpus.rs"]
mod markdown_corpus;

use linkscan_checks::markup::{Links, Rng, autolinks_per_block, case, output_of};

/// The links of each paragraph (or heading, table cell, …: each block
/// holding inline content) of cmark-gfm's XML output.
fn cmark_links(markdown: &str, autolink: bool) -> Vec<Links> {
    let oracle = linkscan_checks::oracle::cmark_gfm().unwrap_or_else(|e| panic!("building cmark-gfm: {e}"));
    let mut command = Command::new(oracle);
    command.args(["-t", "xml", "-e", "table", "-e", "strikethrough", "-e", "tasklist"]);
    if autolink {
        command.args(["-e", "autolink"]);
    }
    parse_xml(&String::from_utf8(output_of(&mut command, markdown)).expect("UTF-8 XML"))
}

fn unescape_xml(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// The value of `name="…"` in an XML start tag.
fn attribute(line: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    let start = line.find(&key).expect("the attribute") + key.len();
    let end = start + line[start..].find('"').expect("its end");
    unescape_xml(&line[start..end])
}

/// The element's text between `>` and `</`.
fn content(line: &str) -> String {
    let start = line.find('>').expect("a start tag") + 1;
    let end = line.rfind("</").expect("an end tag");
    unescape_xml(&line[start..end])
}

/// Links in order of their ends, with the text of their descendants (the
/// stack holds the open ones: pulldown-cmark puts an angle autolink inside
/// a link's text).
fn parse_xml(xml: &str) -> Vec<Links> {
    let mut blocks: Vec<Links> = Vec::new();
    let mut open: Vec<(String, String)> = Vec::new();
    for line in xml.lines().map(str::trim_start) {
        if line.starts_with("<paragraph") || line.starts_with("<heading") || line.starts_with("<table_cell") {
            blocks.push(Vec::new());
        } else if line.starts_with("<link ") {
            open.push((attribute(line, "destination"), String::new()));
        } else if line.starts_with("</link>") {
            let link = open.pop().expect("a link open");
            blocks.last_mut().expect("a block").push(link);
        } else if !open.is_empty() && (line.starts_with("<text") || line.starts_with("<code ")) {
            let text = content(line);
            open.iter_mut().for_each(|(_, t)| t.push_str(&text));
        }
    }
    blocks
}

/// The links of each block of pulldown-cmark's events, as `parse_xml`.
fn pulldown_links<'a>(events: impl Iterator<Item = Event<'a>>) -> Vec<Links> {
    let mut blocks: Vec<Links> = Vec::new();
    let mut open: Vec<(String, String)> = Vec::new();
    for event in events {
        match event {
            Event::Start(Tag::Paragraph | Tag::Heading { .. } | Tag::TableCell) => blocks.push(Vec::new()),
            Event::Start(Tag::Link { dest_url, .. }) => open.push((dest_url.to_string(), String::new())),
            Event::End(TagEnd::Link) => {
                let link = open.pop().expect("a link open");
                // A tight list item's text has no paragraph event.
                if blocks.is_empty() {
                    blocks.push(Vec::new());
                }
                blocks.last_mut().expect("a block").push(link);
            }
            Event::Text(t) | Event::Code(t) => open.iter_mut().for_each(|(_, text)| text.push_str(&t)),
            _ => {}
        }
    }
    blocks
}

fn ours(markdown: &str) -> Vec<Links> {
    let finder = LinkFinder::gfm();
    autolinks_per_block(
        pulldown_links(MarkdownAutolinks::new(markdown, gfm_options(), &finder)),
        pulldown_links(Parser::new_ext(markdown, gfm_options())),
    )
}

fn theirs(markdown: &str) -> Vec<Links> {
    autolinks_per_block(cmark_links(markdown, true), cmark_links(markdown, false))
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn gfm_autolinks_agree_with_cmark_gfm_on_generated_markup() {
    const CASES: usize = 20_000;
    let mut rng = Rng(0x5eed_cafe_f00d_0001);
    let cases: Vec<String> = (0..CASES).map(|_| case(&mut rng)).collect();
    let document = cases.join("\n\n");
    let (ours, theirs) = (ours(&document), theirs(&document));
    assert_eq!(ours.len(), CASES, "one paragraph a case (ours)");
    assert_eq!(theirs.len(), CASES, "one paragraph a case (cmark-gfm)");
    let mut known: Vec<(&str, usize)> = Vec::new();
    let mut unexplained = Vec::new();
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        if a == b {
            continue;
        }
        match known_cause(&cases[i], a, b) {
            Some(cause) => match known.iter_mut().find(|(c, _)| *c == cause) {
                Some((_, n)) => *n += 1,
                None => known.push((cause, 1)),
            },
            None => unexplained.push(i),
        }
    }
    let differing = known.iter().map(|(_, n)| n).sum::<usize>() + unexplained.len();
    let agreed = CASES - differing;
    println!(
        "cmark-gfm differential, generated: {CASES} paragraphs, {agreed} agree ({:.2}%)",
        agreed as f64 * 100.0 / CASES as f64
    );
    for (cause, n) in &known {
        println!("  known, {n} case(s): {cause}");
    }
    for &i in unexplained.iter().take(60) {
        println!("  {:?}\n    ours:      {:?}\n    cmark-gfm: {:?}", cases[i], ours[i], theirs[i]);
    }
    assert!(
        unexplained.is_empty(),
        "{} disagreements without a known cause (listed above)",
        unexplained.len()
    );
    assert!(agreed * 1000 >= CASES * 995, "agreement under 99.5%");
}

/// Plain text dense in what GFM's email and URL scans react to: `@` after
/// `@`, `mailto:`/`xmpp:` inside a domain, dots and dashes at every edge.
/// No markup, so pulldown-cmark's block and inline structure cannot differ:
/// every difference is the finder's. (This found cmark-gfm's resumption
/// after a rejected address: `a@b.@c.org` links `.@c.org`.)
#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn gfm_autolinks_agree_with_cmark_gfm_on_dense_plain_text() {
    const CASES: usize = 100_000;
    let pieces = [
        "a", "b1", "x", "Z", "7", ".", ".", "@", "@", "-", "+", "_", ":", "/", "mailto:", "xmpp:", "http://",
        "https://", "www.", "c.org", "com", " ", "?", "!", ",", ";", "'", "\"", "%", "~", "=",
    ];
    let mut rng = Rng(0x5eed_cafe_f00d_0002);
    let cases: Vec<String> = (0..CASES)
        .map(|_| {
            let n = 2 + rng.next_u64() % 12;
            let text: String = (0..n).map(|_| rng.pick(&pieces)).collect();
            // One paragraph a case, and no line that reads as another block.
            format!("p {}", text.trim())
        })
        .collect();
    let document = cases.join("\n\n");
    let (ours, theirs) = (ours(&document), theirs(&document));
    assert_eq!((ours.len(), theirs.len()), (CASES, CASES), "one paragraph a case");
    let differing: Vec<usize> = (0..CASES).filter(|&i| ours[i] != theirs[i]).collect();
    println!(
        "cmark-gfm differential, dense plain text: {CASES} paragraphs, {} agree",
        CASES - differing.len()
    );
    for &i in differing.iter().take(40) {
        println!("  {:?}\n    ours:      {:?}\n    cmark-gfm: {:?}", cases[i], ours[i], theirs[i]);
    }
    assert!(differing.is_empty(), "{} disagreements (listed above)", differing.len());
}

/// Edge cases a differential found, each agreeing with cmark-gfm or listed
/// with its cause: pulldown-cmark's parse of the block differs, and the
/// autolink follows pulldown-cmark's text.
#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn gfm_edge_cases_agree_with_cmark_gfm_or_have_a_known_cause() {
    let cases: [(&str, Option<&str>); 17] = [
        // An `@` written as a character reference is one to cmark-gfm,
        // which decodes text before it looks for email addresses.
        ("x contact&#64;example.com y\n", None),
        ("x a&#x40;b.org and c&#X40;d.org\n", None),
        ("x a&commat;b.org y\n", None),
        ("x a&#0000064;b.org y\n", None),
        ("x a&#64b.org y\n", None),
        // A `>` on an indented continuation line is text, not a quote marker.
        ("a\n    >www.x\n", None),
        ("> a\n    >www.x\n", None),
        ("x www.\ty\n", None),
        // A vertical tab or form feed at a paragraph's end is in cmark-gfm's
        // text (and so in the URL, as %0B); pulldown-cmark leaves it out of
        // its last text, and the source pass reads it back.
        ("x http://a.b\u{b}\n", None),
        ("x http://a.b\u{c}\n", None),
        ("http://a.b\u{c} \t\n\ny\n", None),
        ("x http://a.b\u{b}y\n", None),
        // A heading's trailing tab: pulldown-cmark keeps it in its text,
        // cmark-gfm strips it (`www.` then ends the text: no link).
        ("# www.\t\n", None),
        ("# www.a.com\t#\n", None),
        ("# a www.a.com/x. \t\n", None),
        ("| a |\n|---|\n| www.\t|\n", None),
        ("x www.\t\n", None),
    ];
    for (markdown, cause) in cases {
        let (ours, theirs) = (ours(markdown), theirs(markdown));
        match cause {
            None => assert_eq!(ours, theirs, "{markdown:?}"),
            Some(cause) => {
                assert_ne!(ours, theirs, "{markdown:?} agrees now: drop its known cause ({cause})")
            }
        }
    }
    // A URL running into a collapsed reference: cmark-gfm matches the URL
    // first and takes `[r][]` into it; pulldown-cmark makes `[r][]` a link,
    // whose text linkscan leaves alone.
    let markdown = "http://a[r][]\n\n[r]: /u\n";
    let link = |href: &str, text: &str| vec![vec![(href.to_string(), text.to_string())]];
    assert_eq!(theirs(markdown), link("http://a[r][]", "http://a[r][]"));
    assert_eq!(ours(markdown), link("http://a[r]", "http://a[r]"));
}

/// The known causes of disagreement on generated paragraphs.
fn known_cause(case: &str, ours: &Links, theirs: &Links) -> Option<&'static str> {
    let only_ours: Vec<_> = ours.iter().filter(|l| !theirs.contains(l)).collect();
    let only_theirs: Vec<_> = theirs.iter().filter(|l| !ours.contains(l)).collect();
    if only_ours.is_empty() && only_theirs.iter().all(|(_, text)| text.contains('@')) && case.contains("![") {
        return Some(
            "an email address in an image description: cmark-gfm makes it a link inside the image \
             (the HTML alt text shows only its text, so the page is the same); linkscan, as for links, \
             leaves image descriptions alone",
        );
    }
    if ours.iter().chain(theirs).any(|(_, text)| text.ends_with('\\')) {
        return Some(
            "a link ending in a backslash took it from an escape (`x]\\_`): cmark-gfm then reads the \
             character after it as markup (here a `_` closing emphasis, which changes the text an email \
             address is found in); pulldown-cmark had read it as escaped text, and the events are not \
             parsed again",
        );
    }
    None
}

#[test]
#[ignore = "builds cmark-gfm: needs pip, PyPI and a C compiler; run with --ignored (CI does)"]
fn gfm_autolinks_agree_with_cmark_gfm_on_real_markdown() {
    let files = markdown_corpus::corpus();
    assert!(files.len() >= 20, "the corpus has {} files", files.len());
    let (mut total, mut agreed) = (0, 0);
    let mut disagreements = Vec::new();
    for path in &files {
        let Ok(markdown) = std::fs::read_to_string(path) else { continue };
        let (a, b) = (ours(&markdown), theirs(&markdown));
        let (a, b): (Links, Links) = (a.into_iter().flatten().collect(), b.into_iter().flatten().collect());
        total += b.len();
        if a == b {
            agreed += b.len();
        } else {
            disagreements.push((path.clone(), a, b));
        }
    }
    println!(
        "cmark-gfm differential, real Markdown: {} files, {total} autolinks, {agreed} in agreeing files",
        files.len()
    );
    for (path, a, b) in &disagreements {
        println!("  {}", path.display());
        for l in a.iter().filter(|l| !b.contains(l)) {
            println!("    only linkscan:  {l:?}");
        }
        for l in b.iter().filter(|l| !a.contains(l)) {
            println!("    only cmark-gfm: {l:?}");
        }
    }
    assert!(disagreements.is_empty(), "{} files disagree", disagreements.len());
}
