//! Arbitrary Markdown made of the pieces that make autolinking hard (URLs,
//! emphasis, brackets, entities, escapes, block markers, tables), shared by
//! the property tests of the pulldown-cmark and comrak adapters.

use proptest::prelude::*;

/// Markdown of up to 30 pieces.
#[allow(dead_code)]
pub fn markdown() -> impl Strategy<Value = String> {
    markdown_of(PIECES.to_vec())
}

/// Markdown of up to 30 of `pieces`.
pub fn markdown_of(pieces: Vec<&'static str>) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(pieces), 0..30).prop_map(|v| v.concat())
}

/// The pieces.
pub const PIECES: &[&str] = &[
    "www.example.com",
    "http://x.org/a_(b)",
    "a@b.co",
    "mailto:c@d.io",
    "xmpp:e@f.gg/r",
    " ",
    "\n",
    "\n\n",
    "*",
    "**",
    "_",
    "~~",
    "`",
    "```\n",
    "[",
    "](",
    ")",
    "![",
    "<",
    ">",
    "<a href=\"x\">",
    "> ",
    "- ",
    "1. ",
    "| a | b |\n|---|---|\n",
    "example.com/αβγ",
    "。",
    "（",
    "）",
    "#",
    "&amp;",
    "\\",
    "text",
    "    ",
    "https://a.org/src/__init__.py",
    "www.b.net/*c*/d",
    "&copy;",
    "\\_",
    "\\",
    "http",
    "://",
];
