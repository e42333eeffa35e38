//! The pulldown-cmark adapter on arbitrary Markdown: it never panics, keeps
//! every character of the text, adds only balanced link events, and adds
//! none inside links, images and code.

#![cfg(feature = "pulldown-cmark")]

use linkscan::LinkFinder;
use linkscan::markdown::Autolinks;
use proptest::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

fn markdown() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
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
    ]);
    prop::collection::vec(piece, 0..30).prop_map(|v| v.concat())
}

fn text_of<'a>(events: impl Iterator<Item = Event<'a>>) -> String {
    events
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => Some(t.to_string()),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_adapter_only_adds_balanced_links(md in markdown()) {
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
        for finder in [LinkFinder::gfm(), LinkFinder::md4c(), LinkFinder::new()] {
            let plain = text_of(Parser::new_ext(&md, options));
            let events: Vec<Event> = Autolinks::new(Parser::new_ext(&md, options), &finder).collect();
            prop_assert_eq!(text_of(events.clone().into_iter()), plain);
            let (mut links, mut images, mut in_code) = (0i32, 0i32, false);
            for event in &events {
                let starts_link = matches!(event, Event::Start(Tag::Link { .. }));
                let nested = starts_link && links > 0 && images == 0;
                prop_assert!(!nested, "a link inside a link in {:?}", md);
                let in_code_link = starts_link && in_code;
                prop_assert!(!in_code_link, "a link in a code block in {:?}", md);
                match event {
                    Event::Start(Tag::Link { .. }) => links += 1,
                    Event::End(TagEnd::Link) => links -= 1,
                    Event::Start(Tag::Image { .. }) => images += 1,
                    Event::End(TagEnd::Image) => images -= 1,
                    Event::Start(Tag::CodeBlock(_)) => in_code = true,
                    Event::End(TagEnd::CodeBlock) => in_code = false,
                    _ => {}
                }
            }
            prop_assert_eq!(links, 0);
        }
    }
}

/// No default scheme makes the adapter write a script URL: such links stay
/// text, in every dialect (the rule `html::linkify` follows).
#[test]
fn the_adapter_never_writes_a_script_href() {
    let md = "x.com www.example.com/a http://a.org b@c.org";
    for scheme in ["javascript:", "JavaScript:", " java\tscript:", "data:", "vbscript:"] {
        for finder in [LinkFinder::new(), LinkFinder::gfm(), LinkFinder::md4c()] {
            let finder = finder.default_scheme(scheme);
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, Autolinks::new(Parser::new(md), &finder));
            assert!(!html.to_ascii_lowercase().contains("script:"), "{scheme:?}: {html}");
            assert!(!html.contains("data:"), "{scheme:?}: {html}");
            // Links that carry their own safe scheme are still linked.
            assert!(html.contains("href=\"http://a.org\""), "{html}");
        }
    }
}
