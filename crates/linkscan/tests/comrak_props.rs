//! The comrak adapter on arbitrary Markdown, in every dialect, with byte
//! and character source positions: it never panics; every link it adds is
//! outside other links and has a target that ends with its text (the text
//! is the target, or the target is the text after `http://` or `mailto:`:
//! never another one); for GFM, a URL link's text is its source; the HTML
//! is safe; and with no finder kinds the document is what comrak parsed.

#![cfg(feature = "comrak")]

use comrak::nodes::{AstNode, NodeValue};
use comrak::{Arena, Options, format_html, parse_document};
use linkscan::{Dialect, Kinds, LinkFinder};
use proptest::prelude::*;

#[path = "common/markdown.rs"]
mod markdown_pieces;
use markdown_pieces::{PIECES, markdown_of};

fn markdown() -> impl Strategy<Value = String> {
    let mut pieces = PIECES.to_vec();
    pieces.extend([
        "$",
        "$$",
        "[[",
        "]]",
        "||",
        "==",
        "++",
        "^",
        "~",
        "{",
        "}",
        ":::",
        "---\n",
        "> [!NOTE]\n",
        "%%",
        "\"",
        "'",
        "--",
        "...",
        "\\|",
        "|",
        "[^1]",
        "\n[^1]: ",
        "- [ ] ",
        "\r\n",
        "\r",
        "\t",
        "\0",
        "é",
        "&#64;",
        "日本",
    ]);
    markdown_of(pieces)
}

fn options(chars: bool) -> Options<'static> {
    options_with(chars, false)
}

fn options_with(chars: bool, smart: bool) -> Options<'static> {
    let mut options = Options::default();
    options.parse.smart = smart;
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.tasklist = true;
    options.extension.footnotes = true;
    options.parse.sourcepos_chars = chars;
    options
}

/// The links of a document: (target, text, nested in another link).
fn links<'a>(node: &'a AstNode<'a>, depth: usize, out: &mut Vec<(String, String, bool)>) {
    if let NodeValue::Link(link) = &node.data().value {
        let mut text = String::new();
        for d in node.descendants() {
            if let NodeValue::Text(t) = &d.data().value {
                text.push_str(t);
            }
        }
        out.push((link.url.clone(), text, depth > 0));
    }
    let depth = depth + usize::from(matches!(node.data().value, NodeValue::Link(_)));
    for child in node.children() {
        links(child, depth, out);
    }
}

fn parsed<'a>(
    arena: &'a Arena<'a>,
    md: &str,
    options: &Options,
    finder: Option<&LinkFinder>,
) -> &'a AstNode<'a> {
    let root = parse_document(arena, md, options);
    if let Some(finder) = finder {
        linkscan::comrak::autolink(arena, root, md, options, finder);
    }
    root
}

/// `options_with`, and every other extension comrak has without a cargo
/// feature (math, wikilinks, spoilers, alerts, description lists, …).
fn every_extension(chars: bool, smart: bool) -> Options<'static> {
    let mut options = options_with(chars, smart);
    let e = &mut options.extension;
    (e.superscript, e.inline_footnotes, e.description_lists, e.multiline_block_quotes) =
        (true, true, true, true);
    (e.alerts, e.ofm_callouts, e.math_dollars, e.math_latex, e.math_code) = (true, true, true, true, true);
    (e.wikilinks_title_after_pipe, e.underline, e.subscript, e.spoiler, e.greentext) =
        (true, true, true, true, true);
    (e.ofm_comments, e.cjk_friendly_emphasis, e.subtext, e.highlight, e.insert) =
        (true, true, true, true, true);
    e.block_directive = true;
    e.front_matter_delimiter = Some("---".into());
    options.parse.escaped_char_spans = true;
    options
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_comrak_adapter_adds_only_links_that_name_their_target(md in markdown(), chars: bool, smart: bool, all: bool) {
        let options = if all { every_extension(chars, smart) } else { options_with(chars, smart) };
        for finder in [LinkFinder::gfm(), LinkFinder::md4c(), LinkFinder::new()] {
            let arena = Arena::new();
            let (mut before, mut after) = (Vec::new(), Vec::new());
            links(parsed(&arena, &md, &options, None), 0, &mut before);
            let root = parsed(&arena, &md, &options, Some(&finder));
            links(root, 0, &mut after);
            for (href, text, nested) in after.iter().filter(|l| !before.contains(l)) {
                prop_assert!(!nested, "a link inside a link: {:?} in {:?}", text, md);
                prop_assert!(
                    href == text || href.strip_suffix(text.as_str()).is_some_and(|p| ["http://", "https://", "mailto:"].contains(&p)),
                    "{:?} links {:?} in {:?}", text, href, md
                );
                if finder.dialect() == Dialect::Gfm && !text.contains('@') {
                    // (A table cell's `\|` is `|` before its inlines are parsed.)
                    let in_cell = md.replace("\\|", "|").contains(text.as_str());
                    prop_assert!(md.contains(text.as_str()) || in_cell, "{:?} is not source text of {:?}", text, md);
                }
            }
            let mut html = String::new();
            format_html(root, &options, &mut html).unwrap();
            prop_assert!(!html.contains("href=\"javascript"), "{}", html);
        }
    }

    #[test]
    fn another_text_than_the_parsed_one_is_no_panic(md in markdown(), other in markdown(), chars: bool) {
        // A caller's mistake (positions that do not fit the text): links may
        // be missed or odd, but each still names its target, and nothing panics.
        let options = options(chars);
        let arena = Arena::new();
        let mut before = Vec::new();
        links(parse_document(&arena, &md, &options), 0, &mut before);
        let root = parse_document(&arena, &md, &options);
        linkscan::comrak::autolink(&arena, root, &other, &options, &LinkFinder::gfm());
        let mut after = Vec::new();
        links(root, 0, &mut after);
        for (href, text, _) in after.iter().filter(|l| !before.contains(l)) {
            prop_assert!(
                href == text || href.strip_suffix(text.as_str()).is_some_and(|p| ["http://", "mailto:"].contains(&p)),
                "{:?} links {:?}", text, href
            );
        }
    }

    #[test]
    fn without_kinds_the_comrak_adapter_changes_nothing(md in markdown()) {
        let options = options(false);
        let finder = LinkFinder::gfm().kinds(Kinds::ALL.without(Kinds::ALL));
        let (mut plain, mut ours) = (String::new(), String::new());
        format_html(parsed(&Arena::new(), &md, &options, None), &options, &mut plain).unwrap();
        format_html(parsed(&Arena::new(), &md, &options, Some(&finder)), &options, &mut ours).unwrap();
        prop_assert_eq!(plain, ours);
    }
}

#[test]
fn comrak_and_linkscan_agree_where_comrak_matches_cmark_gfm() {
    // comrak's own autolinks and linkscan's over comrak, on text where both
    // follow cmark-gfm (the differential in the checks crate compares with
    // cmark-gfm itself).
    let mut options = options(false);
    let md = "See www.commonmark.org/a.b, https://a.org/src/__init__.py and **x@y.org**.\n\n| a | b |\n|---|---|\n| http://c.io/x | d |\n";
    let ours = linkscan::comrak::markdown_to_html(md, &options, &LinkFinder::gfm());
    options.extension.autolink = true;
    assert_eq!(ours, comrak::markdown_to_html(md, &options));
}

#[test]
fn deeply_nested_inlines_are_walked_without_recursion() {
    // 50,000 nested emphasis nodes around a link, and unclosed brackets.
    let n = 100_000;
    let md = format!("{}www.a.org{} http://x.org {}", "*".repeat(n), "*".repeat(n), "[".repeat(n));
    let options = options(false);
    let ours = linkscan::comrak::markdown_to_html(&md, &options, &LinkFinder::gfm());
    assert!(
        ours.contains("<a href=\"http://www.a.org\">www.a.org</a>") && ours.contains(">http://x.org</a>")
    );
}

#[test]
fn smart_punctuation_hides_no_link() {
    // `parse.smart` turns `"` `'` `--` `...` into curly quotes, dashes and an
    // ellipsis: the text then differs from its source, and the links after
    // them are still found, as comrak's own autolinks find them.
    let mut options = options_with(false, true);
    let md = "\"Hello\" -- see https://x.org/a... and www.y.org --- it's x@y.org";
    let ours = linkscan::comrak::markdown_to_html(md, &options, &LinkFinder::gfm());
    options.extension.autolink = true;
    assert_eq!(ours, comrak::markdown_to_html(md, &options));
    assert!(ours.contains("<a href=\"https://x.org/a\">"), "{ours}");
}

#[test]
fn a_table_cells_escaped_bars_before_wide_characters_keep_positions_whole() {
    // The cell's text lacks the backslashes of `\|`: offsets counted in it
    // fall inside `é` in the source; character columns must still be had.
    for chars in [false, true] {
        let options = options(chars);
        let md = "| a |\n|---|\n| \\|\\|é www.x.org é\\| |\n";
        let html = linkscan::comrak::markdown_to_html(md, &options, &LinkFinder::gfm());
        assert!(html.contains("<a href=\"http://www.x.org\">www.x.org</a>"), "{html}");
    }
}
