//! GFM autolinks decided on the Markdown source, as cmark-gfm decides them.
//!
//! [`SourcePass`] runs the shared source scan ([`crate::markdown_source`])
//! over pulldown-cmark's events and their source ranges: it learns from
//! the events where code spans, HTML, links, entities and escapes are,
//! finds the links on the source, and re-shapes the events so that each
//! link covers exactly its raw text. Email addresses are found, as
//! cmark-gfm's `postprocess_text` finds them, on the decoded text of the
//! inline containers that hold an `@` (by the event adapter's core).
//!
//! Only what a link may change is held back: the events of blocks without
//! a `://`, `www.` or `@` pass as they come; a container's events
//! are held unread until one holds a candidate in its text (or is markup
//! around one), and go as they were once no candidate is left but those
//! inside a link, image, code span or HTML; a container with such an
//! event is buffered whole, read for links and re-shaped.
//! (`MarkdownAutolinks::without_shortcuts` turns these shortcuts off: the
//! property tests hold them to that plain path.)

use super::adapter::SpannedAutolinks;
use super::{Spanned, at_signs, autolink_start, is_block_edge};
use crate::finder::{Kinds, LinkFinder};
use crate::markdown_candidates::{self, Candidates};
use crate::markdown_source::{
    Finding, Markup, Reshaped, Scanner, Shape, SourceLink, container_end, holds_from, reshape, skip_before,
};
use alloc::borrow::Cow;
use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use pulldown_cmark::{CowStr, Event, LinkType, OffsetIter, Tag, TagEnd};

/// pulldown-cmark's events with offsets and GFM autolinks: URL and `www.`
/// links made on the source, email addresses on the decoded text (see the
/// [module documentation](self)).
pub(crate) struct SourcePass<'f, 'a> {
    source: &'a str,
    events: OffsetIter<'a>,
    pub(crate) finder: &'f LinkFinder,
    /// The same, for email addresses alone.
    emails: LinkFinder,
    /// Where `://` or `www.` occurs in the source, in order.
    candidates: Vec<usize>,
    /// Where `@` occurs, in order.
    ats: Vec<usize>,
    /// The first of `candidates` and of `ats` not before the last event
    /// looked at (events are looked at in order of their starts).
    next_candidate: usize,
    next_at: usize,
    /// Inline events ending before this offset are in a block with no
    /// `://`, `www.` or `@`: they pass as they come.
    quiet_until: usize,
    /// Where the last block that started ends.
    block_end: usize,
    /// Where the current run ends at the latest.
    run_end: usize,
    /// Inside a code block or metadata block.
    in_literal: bool,
    /// The shortcuts (see the module documentation).
    /// (Without them every event is routed and every run buffered whole:
    /// the plain path the shortcuts are tested against.)
    pub(crate) shortcuts: bool,
    /// Inside an inline container (a run of inline events).
    in_run: bool,
    /// The run holds an event a link may change: from its start it is
    /// read for links at its end.
    live: bool,
    /// Links and images open among the events held before that.
    held_links: usize,
    /// The run is buffered whole (its block holds an `@`: email addresses
    /// are found on merged text, from the run's first text on).
    whole_run: bool,
    /// The container as cmark-gfm sees it, as its events go by.
    scanner: Scanner,
    /// The run's events from the first one a link may change (the rest of
    /// the run, from there, is buffered).
    run: VecDeque<Spanned<'a>>,
    /// The links found in them.
    links: Vec<SourceLink>,
    /// The buffered events re-shaped around the links.
    reshaped: VecDeque<Spanned<'a>>,
    /// Events ready to be yielded.
    out: VecDeque<Spanned<'a>>,
}

impl<'f, 'a> SourcePass<'f, 'a> {
    /// The pass over `events`, the offset iterator of a parser of `source`;
    /// `finder` is a GFM one.
    pub(crate) fn new(source: &'a str, events: OffsetIter<'a>, finder: &'f LinkFinder) -> Self {
        let Candidates { urls: candidates, signs } = markdown_candidates::candidates(source);
        SourcePass {
            source,
            events,
            finder,
            emails: finder.clone().kinds(finder.asked_kinds & Kinds::EMAIL),
            candidates,
            ats: at_signs(source, signs),
            next_candidate: 0,
            next_at: 0,
            quiet_until: 0,
            block_end: 0,
            run_end: 0,
            in_literal: false,
            shortcuts: true,
            in_run: false,
            live: false,
            held_links: 0,
            whole_run: false,
            scanner: Scanner::default(),
            run: VecDeque::with_capacity(RUN_CAPACITY),
            links: Vec::new(),
            reshaped: VecDeque::with_capacity(RUN_CAPACITY),
            out: VecDeque::with_capacity(RUN_CAPACITY),
        }
    }

    /// Whether the links of the run may change `event`, held before any
    /// event that may be changed: a text that holds a candidate, or markup
    /// around one (where no link, image or angle autolink is open, inside
    /// which cmark-gfm makes no link).
    fn may_change(&mut self, event: &Event<'_>, range: &Range<usize>) -> bool {
        let inside_link = self.held_links > 0;
        match event {
            Event::Text(_) | Event::Start(_) if !inside_link => {
                !matches!(event, Event::Start(Tag::Link { .. } | Tag::Image { .. }))
                    && holds_from(&self.candidates, &mut self.next_candidate, range)
            }
            _ => false,
        }
    }

    /// Finds the links of the buffered events and queues them, re-shaped.
    /// (Called when nothing is queued: queues are swapped, not copied.)
    fn flush_run(&mut self) {
        let start = self.run.front().map_or(0, |(_, r)| r.start);
        let end = container_end(self.source, start, self.run.back().map_or(0, |(_, r)| r.end));
        self.links.clear();
        let mut next_candidate = self.candidates.partition_point(|&c| c < start);
        for (event, range) in self.run.iter() {
            let finding = Finding {
                finder: self.finder,
                candidates: &self.candidates,
                next_candidate: &mut next_candidate,
                end,
                links: &mut self.links,
            };
            self.scanner.element(self.source, markup(self.source, event, range), range, finding);
        }
        if self.links.is_empty() {
            core::mem::swap(&mut self.run, &mut self.reshaped);
        } else {
            let mut out = Queue { source: self.source, out: &mut self.reshaped };
            reshape(self.source, &mut self.links, self.run.drain(..), shape, &mut out);
        }
        if self.whole_run && self.emails.kinds.contains(Kinds::EMAIL) {
            // Email addresses as cmark-gfm's postprocess_text finds them: on
            // the decoded text, merged, outside links. A run starts and ends
            // at block edges, as the adapter sees it.
            let found = SpannedAutolinks::new(self.reshaped.drain(..), Cow::Borrowed(&self.emails));
            self.out.extend(found);
        } else {
            core::mem::swap(&mut self.out, &mut self.reshaped);
        }
    }
}

/// The events the queues of a pass hold before they grow: a paragraph's,
/// mostly (growing from nothing, each would be copied several times).
const RUN_CAPACITY: usize = 32;

impl<'a> Iterator for SourcePass<'_, 'a> {
    type Item = Spanned<'a>;

    /// The hot path: with nothing queued, an event of a block without
    /// candidates goes as it comes (one test); the rest in `next_routed`.
    #[inline]
    fn next(&mut self) -> Option<Spanned<'a>> {
        if !self.out.is_empty() {
            return self.out.pop_front();
        }
        match self.events.next() {
            Some((event, range)) if range.end <= self.quiet_until => Some((event, range)),
            next => self.next_routed(next),
        }
    }
}

impl<'a> SourcePass<'_, 'a> {
    /// [`Iterator::next`] without the range: the parser's event moved
    /// once, where the pair would be rebuilt and then taken apart.
    #[inline]
    pub(crate) fn next_event(&mut self) -> Option<Event<'a>> {
        if !self.out.is_empty() {
            return self.out.pop_front().map(|(event, _)| event);
        }
        match self.events.next() {
            Some((event, range)) if range.end <= self.quiet_until => Some(event),
            next => self.next_routed(next).map(|(event, _)| event),
        }
    }

    /// The next event when `next`, the parser's next one, is not in a
    /// quiet block: routed (buffered, queued or yielded) until one can go.
    #[inline(never)]
    fn next_routed(&mut self, mut next: Option<Spanned<'a>>) -> Option<Spanned<'a>> {
        loop {
            let Some((event, range)) = next else {
                if !self.run.is_empty() {
                    self.flush_run();
                }
                return self.out.pop_front();
            };
            if range.end <= self.quiet_until {
                return Some((event, range));
            }
            match self.route(&event, &range) {
                Route::Yield => return Some((event, range)),
                Route::Buffer => self.run.push_back((event, range)),
                Route::Release => {
                    // Nothing is queued while a run is held.
                    self.run.push_back((event, range));
                    core::mem::swap(&mut self.run, &mut self.out);
                    return self.out.pop_front();
                }
                Route::AfterQueue if self.out.is_empty() => return Some((event, range)),
                Route::AfterQueue => {
                    self.out.push_back((event, range));
                    return self.out.pop_front();
                }
            }
            next = self.events.next();
        }
    }
}

/// Where an event goes.
enum Route {
    /// Yielded now.
    Yield,
    /// Buffered with its run.
    Buffer,
    /// Buffered, then the run so far yielded as it is (no link can change it).
    Release,
    /// Yielded after what is queued (a block event after the run it ends).
    AfterQueue,
}

impl SourcePass<'_, '_> {
    /// Where an event outside blocks known to have no candidate goes (it
    /// is looked at, not moved: events are large).
    #[inline(always)]
    fn route(&mut self, event: &Event<'_>, range: &Range<usize>) -> Route {
        if is_inline(event) && !self.in_literal {
            if !self.in_run {
                self.in_run = true;
                (self.live, self.held_links) = (false, 0);
                self.scanner.restart(range.start);
                // The run ends with its block (unless that block has ended:
                // then, to be safe, the document).
                self.run_end = if self.block_end > range.start { self.block_end } else { self.source.len() };
                self.whole_run = holds_from(&self.ats, &mut self.next_at, &(range.start..self.run_end));
            }
            // Until a link may change an event, the run's events are held
            // unread; if no `://` or `www.` is left that a link could start
            // at, they go as they were, and so does the rest of the run.
            if !self.live && !self.whole_run && self.shortcuts {
                if self.run.is_empty()
                    && !holds_from(&self.candidates, &mut self.next_candidate, &(range.start..self.run_end))
                {
                    self.quiet_until = self.run_end;
                    return Route::Yield;
                }
                if self.may_change(event, range) {
                    self.live = true;
                    return Route::Buffer;
                }
                match event {
                    Event::Start(Tag::Link { .. } | Tag::Image { .. }) => self.held_links += 1,
                    Event::End(TagEnd::Link | TagEnd::Image) => {
                        self.held_links = self.held_links.saturating_sub(1)
                    }
                    _ => {}
                }
                // The candidates up to here were in no event a link may
                // change (a link, image, code span, HTML, …): passed over;
                // when one was, perhaps none is left.
                let next = self.next_candidate;
                skip_before(&self.candidates, &mut self.next_candidate, range.end);
                if self.next_candidate > next
                    && !holds_from(&self.candidates, &mut self.next_candidate, &(range.end..self.run_end))
                {
                    self.quiet_until = self.run_end;
                    return Route::Release;
                }
            }
            return Route::Buffer;
        }
        self.in_run = false;
        if !self.run.is_empty() {
            self.flush_run();
        }
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::MetadataBlock(_)) => self.in_literal = true,
            Event::End(TagEnd::CodeBlock | TagEnd::MetadataBlock(_)) => self.in_literal = false,
            Event::Start(_) if !self.shortcuts => self.block_end = range.end,
            Event::Start(_) => {
                self.block_end = range.end;
                self.quiet_until = if self.has_candidate(range) {
                    // Nothing inside goes unrouted.
                    self.quiet_until.min(range.start)
                } else {
                    // Nor does this block: it goes as it comes. (Not the
                    // events up to the next candidate: text after this block
                    // may be in the run that holds it — a tight list item's
                    // `![` before a `www.` — and the scanner must see it.)
                    range.end.max(self.quiet_until)
                };
            }
            _ => {}
        }
        Route::AfterQueue
    }

    /// Whether `range` of the source holds a `://`, `www.` or `@`.
    fn has_candidate(&mut self, range: &Range<usize>) -> bool {
        let candidate = holds_from(&self.candidates, &mut self.next_candidate, range);
        holds_from(&self.ats, &mut self.next_at, range) || candidate
    }
}

/// An event inside an inline container: text, inline markup, breaks.
fn is_inline(event: &Event<'_>) -> bool {
    match event {
        Event::Start(_) | Event::End(_) => !is_block_edge(event),
        Event::Text(_)
        | Event::Code(_)
        | Event::InlineHtml(_)
        | Event::InlineMath(_)
        | Event::DisplayMath(_)
        | Event::FootnoteReference(_)
        | Event::SoftBreak
        | Event::HardBreak => true,
        Event::Html(_) | Event::Rule | Event::TaskListMarker(_) => false,
    }
}

/// Whether `text` is `source[range]` itself (not decoded from an entity,
/// not a replacement).
fn is_plain(source: &str, text: &CowStr<'_>, range: &Range<usize>) -> bool {
    matches!(text, CowStr::Borrowed(t)
        if t.len() == range.len() && core::ptr::eq(t.as_ptr(), source.as_ptr().wrapping_add(range.start)))
}

/// What an event of a run is to the [`Scanner`].
fn markup(source: &str, event: &Event<'_>, range: &Range<usize>) -> Markup {
    match event {
        Event::Start(Tag::Link { link_type, .. } | Tag::Image { link_type, .. }) => {
            Markup::LinkStart { angle: matches!(link_type, LinkType::Autolink | LinkType::Email) }
        }
        Event::End(TagEnd::Link | TagEnd::Image) => Markup::LinkEnd,
        Event::Start(_) | Event::End(_) => Markup::Edge,
        Event::Text(text) => Markup::Text { plain: is_plain(source, text, range) },
        _ => Markup::Leaf,
    }
}

/// What an event of a run is to [`reshape`].
fn shape(event: &Event<'_>) -> Shape {
    match event {
        Event::Start(_) => Shape::Start,
        Event::End(_) => Shape::End,
        Event::HardBreak => Shape::HardBreak,
        _ => Shape::Leaf,
    }
}

/// A queue of events that re-shaped ones are written to.
struct Queue<'q, 'a> {
    source: &'a str,
    out: &'q mut VecDeque<Spanned<'a>>,
}

impl<'a> Reshaped<Event<'a>> for Queue<'_, 'a> {
    fn element(&mut self, event: Event<'a>, range: Range<usize>) {
        self.out.push_back((event, range));
    }

    fn text(&mut self, range: Range<usize>) {
        self.out.push_back((Event::Text(CowStr::Borrowed(&self.source[range.clone()])), range));
    }

    fn soft_break(&mut self, range: Range<usize>) {
        self.out.push_back((Event::SoftBreak, range));
    }

    fn link(&mut self, href: String, range: Range<usize>) {
        self.out.push_back((autolink_start(href), range.clone()));
        self.out.push_back((Event::Text(CowStr::Borrowed(&self.source[range.clone()])), range.clone()));
        self.out.push_back((Event::End(TagEnd::Link), range));
    }
}
