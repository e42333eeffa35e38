//! The pulldown-cmark adapters on arbitrary Markdown: they never panic;
//! the event adapter keeps every character of the text, adds only balanced
//! link events, and adds none inside links, images and code; the source
//! adapter yields well-nested events whose text, links aside, is the
//! document's, and links whose text is their source.

#![cfg(feature = "pulldown-cmark")]

use linkscan::LinkFinder;
use linkscan::markdown::{Autolinks, MarkdownAutolinks, gfm_options};
use proptest::prelude::*;
use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, TagEnd};
use std::ops::Range;

#[path = "common/markdown.rs"]
mod markdown_pieces;
use markdown_pieces::markdown;

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

    /// Safe by default: no raw HTML, no script link or image target,
    /// whatever the document, by either adapter.
    #[test]
    fn markdown_is_safe_by_default(md in markdown(), script in prop::sample::select(vec![
        "javascript:alert(1)", " JaVaScRiPt:x", "data:text/html,x", "vbscript:x", "java\tscript:x",
    ])) {
        let md = format!("{md}\n\n[a]({script}) ![b]({script}) <{script}> <i>x</i>\n\n<script>x</script>\n");
        let finder = LinkFinder::gfm();
        let check = |event: &Event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                linkscan::html::is_safe_href(dest_url)
            }
            Event::Html(html) | Event::InlineHtml(html) => html.starts_with("<!-- raw HTML omitted -->"),
            _ => true,
        };
        for event in MarkdownAutolinks::new(&md, Options::empty(), &finder) {
            prop_assert!(check(&event), "{:?} in {:?}", event, md);
        }
        for event in Autolinks::new(Parser::new(&md), &finder) {
            prop_assert!(check(&event), "{:?} in {:?}", event, md);
        }
    }

    /// The adapter adds links only where the parser has none: never inside
    /// a link (pulldown-cmark itself nests an autolink in a link's text,
    /// `[<http://x.org/>]()`: the adapter adds no nesting to that), never
    /// in a code block; its links are balanced and its text is the parser's.
    #[test]
    fn the_adapter_only_adds_balanced_links(md in markdown()) {
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
        let plain: Vec<Event> = Parser::new_ext(&md, options).collect();
        let plain_nesting = link_nesting(&plain);
        prop_assert_eq!(plain_nesting.unbalanced, 0);
        for finder in [LinkFinder::gfm(), LinkFinder::md4c(), LinkFinder::new()] {
            let events: Vec<Event> = Autolinks::new(Parser::new_ext(&md, options), &finder).allow_unsafe(true).collect();
            prop_assert_eq!(text_of(events.clone().into_iter()), text_of(plain.clone().into_iter()));
            let nesting = link_nesting(&events);
            prop_assert_eq!(nesting.nested, plain_nesting.nested, "a link inside a link in {:?}", md);
            prop_assert_eq!(nesting.in_code, 0, "a link in a code block in {:?}", md);
            prop_assert_eq!(nesting.unbalanced, 0);
        }
    }
}

/// How the links of an event stream nest.
#[derive(Debug, Default, PartialEq)]
struct Nesting {
    /// Links that start inside a link (not inside an image's alt text).
    nested: usize,
    /// Links that start inside a code block.
    in_code: usize,
    /// Link starts without their end.
    unbalanced: i32,
}

fn link_nesting(events: &[Event]) -> Nesting {
    let (mut nesting, mut images, mut in_code) = (Nesting::default(), 0i32, false);
    for event in events {
        match event {
            Event::Start(Tag::Link { .. }) => {
                nesting.nested += usize::from(nesting.unbalanced > 0 && images == 0);
                nesting.in_code += usize::from(in_code);
                nesting.unbalanced += 1;
            }
            Event::End(TagEnd::Link) => nesting.unbalanced -= 1,
            Event::Start(Tag::Image { .. }) => images += 1,
            Event::End(TagEnd::Image) => images -= 1,
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            _ => {}
        }
    }
    nesting
}

/// The text of `events` outside links, and the source ranges of the links.
fn outside_links<'a>(events: impl Iterator<Item = (Event<'a>, Range<usize>)>) -> (String, Vec<Range<usize>>) {
    let (mut text, mut links, mut depth) = (String::new(), Vec::new(), 0);
    for (event, range) in events {
        match event {
            Event::Start(Tag::Link { .. }) => {
                if depth == 0 {
                    links.push(range);
                }
                depth += 1;
            }
            Event::End(TagEnd::Link) => depth -= 1,
            Event::Text(t) | Event::Code(t) if depth == 0 => text.push_str(&t),
            _ => {}
        }
    }
    (text, links)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_source_adapter_keeps_the_documents_text(md in markdown()) {
        for finder in [LinkFinder::gfm(), LinkFinder::md4c(), LinkFinder::new()] {
            let events: Vec<(Event, Range<usize>)> =
                MarkdownAutolinks::new(&md, gfm_options(), &finder).into_offset_iter().collect();
            // Well nested: every start has its end.
            let mut open = Vec::new();
            for (event, _) in &events {
                match event {
                    Event::Start(tag) => open.push(tag.to_end()),
                    Event::End(end) => prop_assert_eq!(open.pop(), Some(*end), "in {:?}", md),
                    _ => {}
                }
            }
            prop_assert!(open.is_empty());
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, events.iter().map(|(e, _)| e.clone()));
            // Links made on the source hold their source.
            for pair in events.windows(2) {
                if let (Event::Start(Tag::Link { link_type: LinkType::Autolink, .. }), Event::Text(t)) = (&pair[0].0, &pair[1].0)
                    && !md[pair[0].1.clone()].starts_with('<') && finder.dialect() == linkscan::Dialect::Gfm && !t.contains('@') {
                        prop_assert_eq!(&md[pair[0].1.clone()], &**t);
                    }
            }
            // Outside the links, the text is the document's: pulldown-cmark's
            // text without what lies in the links' ranges (where a link cuts
            // a decoded entity, escape or code span, its raw rest is text:
            // such documents are not compared).
            let (ours, links) = outside_links(events.into_iter());
            let inside = |r: &Range<usize>| links.iter().any(|l| l.start < r.end && r.start < l.end);
            let mut theirs = String::new();
            let mut comparable = true;
            for (event, range) in Parser::new_ext(&md, gfm_options()).into_offset_iter() {
                if let Event::Start(_) = event {
                    // Markup cut by a link edge: its delimiter outside the
                    // link becomes text.
                    let holds = |at: usize| links.iter().any(|l| l.contains(&at));
                    if holds(range.start) != holds(range.end - 1) {
                        comparable = false;
                    }
                }
                let (Event::Text(t) | Event::Code(t)) = event else { continue };
                if !inside(&range) {
                    theirs.push_str(&t);
                } else if md.get(range.clone()) == Some(&*t) {
                    // Plain text: keep the bytes outside the links.
                    for (i, c) in t.char_indices() {
                        let at = range.start + i;
                        if !links.iter().any(|l| l.contains(&at)) {
                            theirs.push(c);
                        }
                    }
                } else if !links.iter().any(|l| l.start <= range.start && range.end <= l.end) {
                    comparable = false;
                }
            }
            if comparable {
                prop_assert_eq!(ours, theirs, "in {:?}", md);
            }
        }
    }
}

/// The links (kind, target and range) and the HTML of the source adapter.
fn links_and_html(
    events: impl Iterator<Item = (Event<'static>, Range<usize>)>,
) -> (Vec<(String, Range<usize>)>, String) {
    let events: Vec<_> = events.collect();
    let links = events
        .iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. }) => Some((dest_url.to_string(), range.clone())),
            _ => None,
        })
        .collect();
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter().map(|(e, _)| e));
    (links, html)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// The shortcuts of the source adapter (blocks without candidates pass
    /// untouched; a run's events go as they come until a link may change
    /// one) give what the plain path gives: every event routed, every run
    /// buffered whole.
    #[test]
    fn the_source_adapters_shortcuts_change_nothing(md in markdown()) {
        let md: &'static str = Box::leak(md.into_boxed_str());
        // GFM's source pass, and MD4C's (blocks and runs with no `://`,
        // `www.` or `@` in their source pass as they come).
        for finder in [LinkFinder::gfm(), LinkFinder::md4c()] {
            let fast = links_and_html(MarkdownAutolinks::new(md, gfm_options(), &finder).into_offset_iter());
            let plain = links_and_html(
                MarkdownAutolinks::new(md, gfm_options(), &finder).without_shortcuts().into_offset_iter(),
            );
            prop_assert_eq!(fast, plain, "in {:?}", md);
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

/// The parser's own nesting (an autolink in a link's text) is kept as it
/// is, and nothing is added to it.
#[test]
fn an_autolink_in_a_link_text_gets_no_link_added() {
    for md in ["[<http://x.org/a_(b)>]()", "[see <http://x.org/> or www.y.org](/z)"] {
        let plain: Vec<Event> = Parser::new(md).collect();
        for finder in [LinkFinder::gfm(), LinkFinder::md4c(), LinkFinder::new()] {
            let events: Vec<Event> = Autolinks::new(Parser::new(md), &finder).collect();
            assert_eq!(link_nesting(&events), link_nesting(&plain), "{md:?} with {:?}", finder.dialect());
        }
    }
}
