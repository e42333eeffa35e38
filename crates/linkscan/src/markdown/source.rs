//! GFM autolinks decided on the Markdown source, as cmark-gfm decides them.
//!
//! cmark-gfm finds `www.` and `http(s)://`/`ftp://` links while it parses
//! inlines, on the raw text of each inline container: when its parser
//! reaches a `:` or `w` as text (not inside a code span, raw HTML, an
//! angle autolink, an entity or an escape, and with no `[` or `![` open),
//! it scans forward to white space or `<` over whatever markup follows, and
//! trims the end (`autolink_delim`). [`SourcePass`] does the same over
//! pulldown-cmark's events and their source ranges: it learns from the
//! events where code spans, HTML, links, entities and escapes are, finds
//! the links on the source, and re-shapes the events so that each link
//! covers exactly its raw text. Email addresses are found, as cmark-gfm's
//! `postprocess_text` finds them, on the decoded text of the inline
//! containers that hold an `@` (by the event adapter's core).
//!
//! Only what a link may change is held back: the events of blocks without
//! a `://`, `www.` or `@` pass as they come; a container's events
//! are held unread until one holds a candidate in its text (or is markup
//! around one), and go as they were once no candidate is left but those
//! inside a link, image, code span or HTML; a container with such an
//! event is buffered whole, read for links and re-shaped.
//! (`MarkdownAutolinks::without_shortcuts` turns these shortcuts off: the
//! property tests hold them to that plain path.)
//!
//! What re-shaping cannot make exact (cmark-gfm would parse the rest of
//! the paragraph again around the link; pulldown-cmark has already parsed
//! it): an emphasis, link or code span cut by a link's edge keeps its part
//! outside the link as literal text, and its delimiters are not paired
//! again with others.

use super::adapter::SpannedAutolinks;
use super::{Spanned, at_signs, holds_from, is_block_edge, is_escape, skip_before, url_candidates};
use crate::finder::{Kinds, LinkFinder};
use crate::gfm;
use alloc::borrow::Cow;
use alloc::collections::VecDeque;
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
        let candidates = url_candidates(source);
        SourcePass {
            source,
            events,
            finder,
            emails: finder.clone().kinds(finder.asked_kinds & Kinds::EMAIL),
            candidates,
            ats: at_signs(source),
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
        // cmark-gfm's inline content ends before trailing spaces and tabs,
        // which pulldown-cmark may leave in the last text (a heading's tab),
        // but keeps a vertical tab or form feed there, which pulldown-cmark
        // leaves out of its last text.
        let end = self.run.back().map_or(0, |(_, r)| r.end).max(start);
        let tail = self.source.as_bytes()[end..]
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c'));
        let end = end + tail.count();
        let end = start + self.source[start..end].trim_end_matches([' ', '\t']).len();
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
            self.scanner.event(self.source, (event, range), finding);
        }
        if self.links.is_empty() {
            core::mem::swap(&mut self.run, &mut self.reshaped);
        } else {
            Reshape::new(self.source, &mut self.links, &mut self.reshaped).events(self.run.drain(..));
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

/// A link found on the source: its range and target.
struct SourceLink {
    range: Range<usize>,
    href: alloc::string::String,
}

/// How a `Link` or `Image` start counted on the bracket stack.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Opened {
    /// An angle autolink (`<https://…>`): nothing inside is text.
    Angle,
    /// A `[` or `![` cmark-gfm pushed.
    Bracket,
    /// Inside an autolink already made: cmark-gfm never saw it.
    Swallowed,
}

/// What looking for links needs: the finder, where `://` and `www.` are
/// (a link can only be made at the `:` of one or the first `w` of the
/// other), where the container ends, and the links found so far.
struct Finding<'s> {
    finder: &'s LinkFinder,
    candidates: &'s [usize],
    /// The first candidate not before the last event looked at (events
    /// come in order: the candidates are read once a run).
    next_candidate: &'s mut usize,
    end: usize,
    links: &'s mut Vec<SourceLink>,
}

/// cmark-gfm's view of an inline container as its events go by: what is
/// open, and where the last link ended.
#[derive(Default)]
struct Scanner {
    /// The container's first byte.
    start: usize,
    /// Brackets open (cmark-gfm's bracket stack: every `]` pops one), angle
    /// autolinks open, and how each open link or image counted.
    brackets: usize,
    angles: usize,
    opened: Vec<Opened>,
    /// Where the last link ended: no later link starts or looks back before.
    consumed: usize,
    /// Where the last leaf event (text, code span, …) ended: a backslash
    /// after it that no event covers escapes the next text's first byte
    /// (the container's first text may follow its escaping backslash).
    leaf_end: usize,
}

impl Scanner {
    /// A scanner for a container starting at byte `start`.
    fn restart(&mut self, start: usize) {
        self.opened.clear();
        *self = Scanner {
            start,
            consumed: start,
            opened: core::mem::take(&mut self.opened),
            ..Scanner::default()
        };
    }

    /// Takes in one event of the container and finds the URL and `www.`
    /// links cmark-gfm makes in its text, in order.
    fn event(&mut self, source: &str, (event, range): (&Event<'_>, &Range<usize>), finding: Finding<'_>) {
        let bytes = source.as_bytes();
        // The raw text this event covers, from where cmark-gfm reads it as
        // text: a plain text (after an escaped first byte); the rest of a
        // code span, HTML, entity, … that a link cut short.
        let from = match event {
            Event::Start(Tag::Link { link_type, .. } | Tag::Image { link_type, .. }) => {
                self.opened.push(if range.start < self.consumed {
                    Opened::Swallowed
                } else if matches!(link_type, LinkType::Autolink | LinkType::Email) {
                    self.angles += 1;
                    Opened::Angle
                } else {
                    self.brackets += 1;
                    Opened::Bracket
                });
                None
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                match self.opened.pop() {
                    Some(Opened::Angle) => self.angles -= 1,
                    Some(Opened::Bracket) => self.brackets = self.brackets.saturating_sub(1),
                    _ => {}
                }
                None
            }
            Event::Start(_) | Event::End(_) => None,
            Event::Text(text) if self.angles == 0 && is_plain(source, text, range) => {
                let p = range.start.max(self.consumed);
                let escaped = p == range.start && p > self.leaf_end && is_escape(bytes, p);
                Some(if escaped { p + 1 } else { p })
            }
            _ if range.start < self.consumed && self.consumed < range.end => Some(self.consumed),
            _ => None,
        };
        if !matches!(event, Event::Start(_) | Event::End(_)) {
            self.leaf_end = range.end;
        }
        let Some(p) = from.filter(|&p| p < range.end) else { return };
        // The brackets and candidates of `p..range.end`, in order; after a
        // link, from its end.
        let candidates = finding.candidates;
        let mut brackets_at = brackets_in(bytes, p, range.end);
        let mut next_candidate = *finding.next_candidate;
        if next_candidate > 0 && candidates[next_candidate - 1] >= p {
            next_candidate = candidates.partition_point(|&c| c < p);
        }
        skip_before(candidates, &mut next_candidate, p);
        loop {
            let candidate = candidates.get(next_candidate).copied().filter(|&c| c < range.end);
            let at = match (brackets_at.peek().copied(), candidate) {
                (Some(b), Some(c)) if b < c => b,
                (_, Some(c)) => c,
                (Some(b), None) => b,
                (None, None) => break,
            };
            if candidate != Some(at) {
                brackets_at.next();
                if bytes[at] == b'[' {
                    self.brackets += 1;
                } else {
                    self.brackets = self.brackets.saturating_sub(1);
                }
                continue;
            }
            next_candidate += 1;
            if self.brackets > 0 || at < self.consumed {
                continue;
            }
            let (start, chunk) = (self.start, &source[self.start..finding.end]);
            let www_may_start = at == start || may_precede_www(bytes, start, at, range.start);
            let found = gfm::link_at_special_char(
                finding.finder,
                chunk,
                at - start,
                self.consumed - start,
                www_may_start,
            );
            if let Some(link) = found {
                let link_range = start + link.start()..start + link.end();
                self.consumed = link_range.end;
                finding.links.push(SourceLink { range: link_range, href: link.href().into_owned() });
                // Go on after the link: what it took in is not markup. (The
                // searches go on where they were: each byte is looked at once.)
                while brackets_at.next_if(|&b| b < self.consumed).is_some() {}
                skip_before(candidates, &mut next_candidate, self.consumed);
            }
        }
        *finding.next_candidate = next_candidate;
    }
}

/// Where `[` and `]` are in `bytes[from..to]`.
fn brackets_in(
    bytes: &[u8],
    from: usize,
    to: usize,
) -> core::iter::Peekable<impl Iterator<Item = usize> + '_> {
    memchr::memchr2_iter(b'[', b']', &bytes[from..to]).map(move |i| from + i).peekable()
}

/// Whether cmark-gfm allows a `www.` link at `p` (not the container's
/// first byte) by what precedes it: white space or `*_~(`, or a line start
/// (in the source, a container prefix such as `>` may stand between — but
/// only outside the text event, which starts at `text_start`: in
/// `a\n    >www.x` the `>` is the continuation line's text).
fn may_precede_www(bytes: &[u8], start: usize, p: usize, text_start: usize) -> bool {
    if gfm::may_precede_www(bytes[p - 1]) {
        return true;
    }
    p <= text_start
        && bytes[start..p]
            .iter()
            .rposition(|&b| !matches!(b, b' ' | b'\t' | b'>'))
            .is_some_and(|i| bytes[start + i] == b'\n')
}

/// What becomes of an inline element (`Start` … `End`) cut by links.
#[derive(Clone, Copy)]
enum Fate {
    /// Kept: its delimiters are outside every link.
    Keep,
    /// Both delimiters are link text: its start and end go, its contents stay.
    Drop,
    /// Its opening delimiter is link text: the rest of its closing syntax
    /// after the link becomes text at its end.
    CloseAsText,
}

/// Re-shapes a run's events around the links found on its source.
struct Reshape<'s, 'a> {
    source: &'a str,
    /// The links, in order (each target taken when its link is yielded).
    links: &'s mut [SourceLink],
    out: &'s mut VecDeque<Spanned<'a>>,
    /// The first link not yet yielded.
    next_link: usize,
    /// The source offset the events yielded so far reach.
    pos: usize,
}

impl<'s, 'a> Reshape<'s, 'a> {
    fn new(source: &'a str, links: &'s mut [SourceLink], out: &'s mut VecDeque<Spanned<'a>>) -> Self {
        Reshape { source, links, out, next_link: 0, pos: 0 }
    }

    /// The link holding source offset `at`, if one does.
    fn link_at(&self, at: usize) -> Option<usize> {
        let i = self.links.partition_point(|l| l.range.end <= at);
        (i < self.links.len() && self.links[i].range.start <= at).then_some(i)
    }

    /// Yields the links that start before `at` and are not yet yielded.
    fn links_before(&mut self, at: usize) {
        while let Some(link) = self.links.get_mut(self.next_link).filter(|l| l.range.start < at) {
            let range = link.range.clone();
            self.out.push_back((
                Event::Start(Tag::Link {
                    link_type: LinkType::Autolink,
                    dest_url: CowStr::from(core::mem::take(&mut link.href)),
                    title: CowStr::Borrowed(""),
                    id: CowStr::Borrowed(""),
                }),
                range.clone(),
            ));
            self.out.push_back((Event::Text(CowStr::Borrowed(&self.source[range.clone()])), range.clone()));
            self.out.push_back((Event::End(TagEnd::Link), range.clone()));
            self.pos = self.pos.max(range.end);
            self.next_link += 1;
        }
    }

    /// Yields source text `range` as a text event.
    fn text(&mut self, range: Range<usize>) {
        if !range.is_empty() {
            self.pos = self.pos.max(range.end);
            self.out.push_back((Event::Text(CowStr::Borrowed(&self.source[range.clone()])), range));
        }
    }

    fn events(mut self, run: impl Iterator<Item = Spanned<'a>>) {
        let mut fates: Vec<Fate> = Vec::new();
        // Inside an element wholly within one link: how deep.
        let mut skipping = 0usize;
        let mut events = run.peekable();
        while let Some((event, range)) = events.next() {
            if skipping > 0 {
                match event {
                    Event::Start(_) => skipping += 1,
                    Event::End(_) => skipping -= 1,
                    _ => {}
                }
                continue;
            }
            match event {
                Event::Start(tag) => {
                    let open = self.link_at(range.start);
                    let close = self.link_at(range.end.saturating_sub(1).max(range.start));
                    self.links_before(range.start);
                    let fate = match (open, close) {
                        (Some(a), Some(b)) if a == b => {
                            skipping = 1;
                            continue;
                        }
                        (Some(_), Some(_)) => Fate::Drop,
                        (Some(_), None) => Fate::CloseAsText,
                        (None, Some(b)) => {
                            // The opening syntax, up to the first child or
                            // the link, is text; the closing is link text.
                            let first_child = events.peek().map_or(range.end, |(_, r)| r.start);
                            self.text(range.start..first_child.min(self.links[b].range.start));
                            Fate::Drop
                        }
                        (None, None) => {
                            self.out.push_back((Event::Start(tag), range));
                            Fate::Keep
                        }
                    };
                    fates.push(fate);
                }
                Event::End(tag) => match fates.pop() {
                    Some(Fate::Keep) | None => {
                        self.links_before(range.end);
                        self.out.push_back((Event::End(tag), range));
                    }
                    Some(Fate::Drop) => {}
                    Some(Fate::CloseAsText) => {
                        self.links_before(range.end);
                        self.text(self.pos.max(range.start)..range.end);
                    }
                },
                leaf => self.leaf(leaf, range),
            }
        }
        self.links_before(usize::MAX);
    }

    /// Yields a text, code span, break, … with the links that cut it: the
    /// parts outside links as they were (or as raw text when cut).
    fn leaf(&mut self, event: Event<'a>, range: Range<usize>) {
        let mut at = range.start;
        if let Some(previous) = self.next_link.checked_sub(1) {
            at = at.max(self.links[previous].range.end);
        }
        let mut cut = at > range.start;
        while let Some(link) = self.links.get(self.next_link).filter(|l| l.range.start < range.end) {
            let link = link.range.clone();
            if link.start > at {
                self.piece(&event, at..link.start);
            }
            self.links_before(link.end);
            if link.end > range.start {
                cut = true;
            }
            at = at.max(link.end);
        }
        if !cut {
            self.pos = self.pos.max(range.end);
            self.out.push_back((event, range));
        } else if at < range.end {
            self.piece(&event, at..range.end);
        }
    }

    /// The part `range` of a leaf event that a link cut.
    fn piece(&mut self, event: &Event<'a>, range: Range<usize>) {
        match event {
            // A backslash hard break whose backslash went into a link:
            // the line ending alone is a soft break.
            Event::HardBreak => {
                if self.source[range.clone()].contains('\n') {
                    self.pos = self.pos.max(range.end);
                    self.out.push_back((Event::SoftBreak, range));
                }
            }
            _ => self.text(range),
        }
    }
}
