//! Autolinks for [pulldown-cmark] event streams (feature `pulldown-cmark`).
//!
//! [`Autolinks`] wraps any iterator of pulldown-cmark events and yields the
//! same events with the links a [`LinkFinder`] finds turned into link
//! events. It merges adjacent text events first; leaves the text of code
//! blocks, links, images and metadata blocks alone (code spans and HTML are
//! not text events); and tells the finder what markup is at each edge of a
//! text run ([`Context`]), so that GFM's rule on what may precede a `www.`
//! link and MD4C's delimiter rules see what the original parsers see.
//!
//! ```
//! use linkscan::{markdown::Autolinks, LinkFinder};
//! use pulldown_cmark::{html, Parser};
//!
//! let finder = LinkFinder::gfm();
//! let events = Autolinks::new(Parser::new("Visit www.commonmark.org/a.b."), &finder);
//! let mut out = String::new();
//! html::push_html(&mut out, events);
//! assert_eq!(out, "<p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n");
//! ```
//!
//! [pulldown-cmark]: https://crates.io/crates/pulldown-cmark

use crate::finder::{Context, Dialect, Edge, Kinds, LinkFinder, Links, Scan};
use crate::html::is_safe_href;
use alloc::borrow::Cow;
use alloc::collections::VecDeque;
use alloc::string::String;
use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

mod source;
use source::{SourcePass, Spanned};

/// The pulldown-cmark options for GitHub Flavored Markdown's other
/// extensions, as cmark-gfm enables them with `autolink`: tables,
/// strikethrough, task lists and footnotes.
///
/// ```
/// use linkscan::{markdown::{gfm_options, Autolinks}, LinkFinder};
/// use pulldown_cmark::{html, Parser};
/// let mut out = String::new();
/// html::push_html(&mut out, Autolinks::new(Parser::new_ext("~~www.x.org~~", gfm_options()), &LinkFinder::gfm()));
/// assert_eq!(out, "<p><del><a href=\"http://www.x.org\">www.x.org</a></del></p>\n");
/// ```
pub fn gfm_options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// Markdown parsed by pulldown-cmark, with autolinks: the simplest way to
/// render Markdown with them. With a GFM finder, URL and `www.` links are
/// decided on the source as cmark-gfm 0.29.0.gfm.13 decides them — over
/// emphasis, entities and code-span backticks, never while a `[` is open
/// (`https://github.com/o/r/blob/main/src/__init__.py` is one link) — and
/// email addresses on the decoded text, as cmark-gfm finds them too. With
/// other finders, links are found on the decoded text as by [`Autolinks`].
///
/// ```
/// use linkscan::{markdown::{gfm_options, MarkdownAutolinks}, LinkFinder};
/// use pulldown_cmark::html;
///
/// let finder = LinkFinder::gfm();
/// let mut out = String::new();
/// html::push_html(&mut out, MarkdownAutolinks::new("See https://a.org/src/__init__.py now", gfm_options(), &finder));
/// assert_eq!(out, "<p>See <a href=\"https://a.org/src/__init__.py\">https://a.org/src/__init__.py</a> now</p>\n");
/// ```
pub struct MarkdownAutolinks<'f, 'a> {
    events: Autolinks<'f, 'a, WithoutOffsets<'f, 'a>>,
}

/// The source pass's events without their ranges.
type WithoutOffsets<'f, 'a> = core::iter::Map<SourcePass<'f, 'a>, fn(Spanned<'a>) -> Event<'a>>;

impl<'f, 'a> MarkdownAutolinks<'f, 'a> {
    /// Parses `markdown` with pulldown-cmark `options`; `finder` decides
    /// what is a link.
    pub fn new(markdown: &'a str, options: Options, finder: &'f LinkFinder) -> Self {
        let on_source = finder.dialect() == Dialect::Gfm;
        let parser = Parser::new_ext(markdown, options).into_offset_iter();
        let pass = SourcePass::new(markdown, parser, finder, on_source);
        let events = pass.map((|(event, _)| event) as fn(Spanned<'a>) -> Event<'a>);
        // URL and `www.` links were made on the source: the event adapter
        // finds email addresses only.
        let finder = if on_source {
            Cow::Owned(finder.clone().kinds(finder.asked_kinds & Kinds::EMAIL))
        } else {
            Cow::Borrowed(finder)
        };
        MarkdownAutolinks { events: Autolinks::with_finder(events, finder) }
    }
}

impl<'a> Iterator for MarkdownAutolinks<'_, 'a> {
    type Item = Event<'a>;

    #[inline]
    fn next(&mut self) -> Option<Event<'a>> {
        self.events.next()
    }
}

impl core::fmt::Debug for MarkdownAutolinks<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MarkdownAutolinks").finish_non_exhaustive()
    }
}

/// Events with autolinks inserted: see the [module documentation](self).
pub struct Autolinks<'f, 'a, I: Iterator<Item = Event<'a>>> {
    events: I,
    /// The event after a text run, read to merge texts and learn the edge.
    lookahead: Option<Event<'a>>,
    finder: Cow<'f, LinkFinder>,
    /// Events produced but not yet yielded.
    queue: VecDeque<Event<'a>>,
    /// How many links or images we are inside.
    in_link: usize,
    /// Inside a code block or metadata block.
    in_literal: bool,
    /// What the last event yielded means for text after it.
    before: Edge,
    /// A run of text whose links are being yielded one at a time.
    run: Option<Run<'a>>,
}

/// A text run being linkified: its links are found one at a time, so the
/// events queued at any moment are at most one link's, however long the
/// paragraph (memory stays bounded, time per byte flat).
struct Run<'a> {
    text: CowStr<'a>,
    scan: Scan,
    /// Where the text not yet yielded starts.
    pos: usize,
}

/// `text[start..end]`, borrowed from the source where `text` is.
fn piece<'a>(text: &CowStr<'a>, start: usize, end: usize) -> CowStr<'a> {
    match text {
        CowStr::Borrowed(b) => CowStr::Borrowed(&b[start..end]),
        other => CowStr::from(String::from(&other[start..end])),
    }
}

impl<'a, I: Iterator<Item = Event<'a>>> core::fmt::Debug for Autolinks<'_, 'a, I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Autolinks")
            .field("finder", &*self.finder)
            .field("queued", &self.queue.len())
            .field("in_link", &self.in_link)
            .field("in_literal", &self.in_literal)
            .finish_non_exhaustive()
    }
}

impl<'f, 'a, I: Iterator<Item = Event<'a>>> Autolinks<'f, 'a, I> {
    /// Wraps `events`; `finder` decides what is a link (use
    /// [`LinkFinder::gfm`] or [`LinkFinder::md4c`] for those dialects).
    pub fn new<E: IntoIterator<IntoIter = I>>(events: E, finder: &'f LinkFinder) -> Self {
        Self::with_finder(events.into_iter(), Cow::Borrowed(finder))
    }

    /// Wraps `events` with a finder it may own.
    pub(crate) fn with_finder(events: I, finder: Cow<'f, LinkFinder>) -> Self {
        Autolinks {
            events,
            lookahead: None,
            finder,
            queue: VecDeque::new(),
            in_link: 0,
            in_literal: false,
            before: Edge::Block,
            run: None,
        }
    }

    /// The events for one run of text: the text itself when it has no
    /// link, else nothing (its first link's events are queued, and the rest
    /// of the run is kept to go on with). Kept out of line: the hot path of
    /// `next` stays small.
    #[inline(never)]
    fn linkify(&mut self, text: CowStr<'a>, after: Edge) -> Option<Event<'a>> {
        if !self.finder.may_have_links(&text) {
            return Some(Event::Text(text));
        }
        let scan = Scan::new(Context::new(self.before, after));
        self.run = Some(Run { text, scan, pos: 0 });
        self.advance();
        None
    }

    /// Queues the events up to and including the run's next link, or, when
    /// it has no more, the rest of its text (and ends the run).
    fn advance(&mut self) {
        let Some(run) = &mut self.run else { return };
        loop {
            let mut links = Links::resume(&self.finder, &run.text, core::mem::take(&mut run.scan));
            let next = links.next().map(|link| (link.start(), link.end(), link.href().into_owned()));
            run.scan = links.into_scan();
            match next {
                // The same rule as `html`: a link whose target would run
                // script stays plain text.
                Some((_, _, href)) if !is_safe_href(&href) => continue,
                Some((start, end, href)) => {
                    if start > run.pos {
                        self.queue.push_back(Event::Text(piece(&run.text, run.pos, start)));
                    }
                    self.queue.push_back(Event::Start(Tag::Link {
                        link_type: LinkType::Autolink,
                        dest_url: CowStr::from(href),
                        title: CowStr::Borrowed(""),
                        id: CowStr::Borrowed(""),
                    }));
                    self.queue.push_back(Event::Text(piece(&run.text, start, end)));
                    self.queue.push_back(Event::End(TagEnd::Link));
                    run.pos = end;
                    return;
                }
                None => break,
            }
        }
        if let Some(run) = self.run.take() {
            if run.pos == 0 {
                self.queue.push_back(Event::Text(run.text)); // no link at all: the text as it came
            } else if run.pos < run.text.len() {
                self.queue.push_back(Event::Text(piece(&run.text, run.pos, run.text.len())));
            }
        }
    }
}

/// What an event before a text run means for it.
fn edge_before(event: &Event<'_>) -> Edge {
    match event {
        Event::SoftBreak | Event::HardBreak => Edge::Line,
        Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough) => Edge::EmphasisOpen,
        Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough) => Edge::EmphasisClose,
        Event::Start(_) | Event::End(_) if is_block_edge(event) => Edge::Block,
        _ => Edge::Other,
    }
}

/// What an event after a text run (or the end of events) means for it.
fn edge_after(event: Option<&Event<'_>>) -> Edge {
    match event {
        None => Edge::Block,
        Some(event) => edge_before(event),
    }
}

/// A block starts or ends here (or a list item, table cell, …).
pub(crate) fn is_block_edge(event: &Event<'_>) -> bool {
    match event {
        Event::Start(tag) => !matches!(
            tag,
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Link { .. }
                | Tag::Image { .. }
                | Tag::Superscript
                | Tag::Subscript
        ),
        Event::End(tag) => !matches!(
            tag,
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Link
                | TagEnd::Image
                | TagEnd::Superscript
                | TagEnd::Subscript
        ),
        _ => false,
    }
}

impl<'a, I: Iterator<Item = Event<'a>>> Iterator for Autolinks<'_, 'a, I> {
    type Item = Event<'a>;

    #[inline]
    fn next(&mut self) -> Option<Event<'a>> {
        loop {
            if let Some(event) = self.queue.pop_front() {
                return Some(event);
            }
            if self.run.is_some() {
                self.advance();
                continue;
            }
            let event = if self.lookahead.is_some() { self.lookahead.take()? } else { self.events.next()? };
            match event {
                Event::Text(text) if self.in_link == 0 && !self.in_literal => {
                    // Merge the text events that follow into one buffer
                    // (appending: linear in the text, however many events).
                    let mut text = text;
                    let mut merged: Option<String> = None;
                    loop {
                        match self.events.next() {
                            Some(Event::Text(more)) => {
                                merged.get_or_insert_with(|| String::from(&*text)).push_str(&more);
                            }
                            next => {
                                self.lookahead = next;
                                break;
                            }
                        }
                    }
                    if let Some(merged) = merged {
                        text = CowStr::from(merged);
                    }
                    let after = edge_after(self.lookahead.as_ref());
                    let event = self.linkify(text, after);
                    self.before = Edge::Other;
                    match event {
                        Some(event) => return Some(event),
                        None => continue,
                    }
                }
                Event::Start(Tag::Link { .. } | Tag::Image { .. }) => self.in_link += 1,
                Event::End(TagEnd::Link | TagEnd::Image) => self.in_link = self.in_link.saturating_sub(1),
                Event::Start(Tag::CodeBlock(_) | Tag::MetadataBlock(_)) => self.in_literal = true,
                Event::End(TagEnd::CodeBlock | TagEnd::MetadataBlock(_)) => self.in_literal = false,
                _ => {}
            }
            self.before = edge_before(&event);
            return Some(event);
        }
    }
}
