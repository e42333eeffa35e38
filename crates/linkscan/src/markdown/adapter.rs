//! The event adapter's core: links found on the decoded text of
//! pulldown-cmark events, each event carrying its source range.
//!
//! Adjacent text events are merged into one run (appending: linear in the
//! text, however many events); the run's links are found one at a time (a
//! kept [`Scan`]), so the events queued never exceed one link's, however
//! long the paragraph. Where the text came from is kept per merged event,
//! so that a link's range points into the source (exactly within a text
//! that is its source; a decoded entity or escape maps as a whole).

use super::{Spanned, autolink_start, edge_after, edge_before, is_block_edge};
use crate::finder::{Context, Edge, LinkFinder};
use crate::links::{DialectScan, Links};
use crate::markdown_source::{holds_from, is_escape, merge_sorted};
use alloc::borrow::Cow;
use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

/// Links found on decoded text; see the [module documentation](self).
pub(crate) struct SpannedAutolinks<'f, 'a, I: Iterator<Item = Spanned<'a>>> {
    events: I,
    /// The event after a text run, read to merge texts and learn the edge.
    lookahead: Option<Spanned<'a>>,
    pub(crate) finder: Cow<'f, LinkFinder>,
    /// Events produced but not yet yielded.
    queue: VecDeque<Spanned<'a>>,
    /// How many links or images we are inside.
    in_link: usize,
    /// Inside a code block or metadata block.
    in_literal: bool,
    /// What the last event yielded means for text after it.
    before: Edge,
    /// A run of text whose links are being yielded one at a time.
    run: Option<Run<'a>>,
    /// MD4C over events with their source ranges (this source): entities
    /// and escapes are marks, which a link neither crosses nor touches
    /// (md4c resolves them before it looks for links).
    marks_in: Option<&'a str>,
    /// There: where `://`, `www.` or `@` occurs, in order. A link holds
    /// one as written (a mark is never part of a link), so the events of a
    /// block without one pass as they come.
    candidates: Vec<usize>,
    next_candidate: usize,
    /// Events ending by here are in such a block.
    quiet_until: usize,
    /// Whether blocks without candidates pass as they come (off: the
    /// plain path the property tests hold this shortcut to).
    pub(crate) shortcuts: bool,
}

/// A text run being linkified.
struct Run<'a> {
    text: CowStr<'a>,
    /// Where its text came from: the source range of the whole run, and,
    /// when events were merged, (offset in `text`, source range) of each.
    whole: Range<usize>,
    merged: Vec<(usize, Range<usize>)>,
    scan: DialectScan,
    /// Where the text not yet yielded starts.
    pos: usize,
}

impl<'a> Run<'a> {
    /// The source offset of text offset `at` (the start of a character):
    /// exact within a text that is its source (same length), else the start
    /// (or, for an `end`, the end) of the event it came from.
    fn source(&self, at: usize, end: bool) -> usize {
        let single = [(0, self.whole.clone())];
        let sources = if self.merged.is_empty() { &single[..] } else { &self.merged[..] };
        let i = sources.partition_point(|(offset, _)| if end { *offset < at } else { *offset <= at });
        let (offset, range) = &sources[i.saturating_sub(1)];
        let next = sources.get(i).map_or(self.text.len(), |(o, _)| *o);
        if next - offset == range.len() {
            range.start + (at - offset)
        } else if end {
            range.end
        } else {
            range.start
        }
    }

    /// `text[start..end]` (borrowed from the source where the run's text
    /// is) as an event with its source range.
    fn piece(&self, start: usize, end: usize) -> Spanned<'a> {
        let text = match &self.text {
            CowStr::Borrowed(b) => CowStr::Borrowed(&b[start..end]),
            other => CowStr::from(String::from(&other[start..end])),
        };
        (Event::Text(text), self.source(start, false)..self.source(end, true))
    }
}

impl<'f, 'a, I: Iterator<Item = Spanned<'a>>> SpannedAutolinks<'f, 'a, I> {
    pub(crate) fn new(events: I, finder: Cow<'f, LinkFinder>) -> Self {
        SpannedAutolinks {
            events,
            lookahead: None,
            finder,
            queue: VecDeque::new(),
            in_link: 0,
            in_literal: false,
            before: Edge::Block,
            run: None,
            marks_in: None,
            candidates: Vec::new(),
            next_candidate: 0,
            quiet_until: 0,
            shortcuts: true,
        }
    }

    /// Entities and escapes as MD4C's resolved marks (for events whose
    /// ranges in `source` are known).
    pub(crate) fn with_resolved_marks(mut self, source: &'a str) -> Self {
        self.marks_in = Some(source);
        let found = crate::markdown_candidates::candidates(source);
        let ats: Vec<usize> = found.signs.into_iter().filter(|&i| source.as_bytes()[i] == b'@').collect();
        self.candidates = merge_sorted(&found.urls, &ats);
        self
    }

    /// Whether the event at `range` is in a block without candidates, or
    /// starts one (then the rest of it is, too).
    #[inline]
    fn quiet(&mut self, event: &Event<'_>, range: &Range<usize>) -> bool {
        if self.marks_in.is_none() || !self.shortcuts {
            return false;
        }
        if range.end <= self.quiet_until {
            return true;
        }
        if matches!(event, Event::Start(_))
            && is_block_edge(event)
            && !holds_from(&self.candidates, &mut self.next_candidate, range)
        {
            self.quiet_until = range.end;
            return true;
        }
        false
    }

    /// The events queued at the moment (for `Debug`).
    pub(crate) fn queued(&self) -> usize {
        self.queue.len()
    }

    /// The events for one run of text: the text itself when it has no
    /// link, else nothing (its first link's events are queued, and the rest
    /// of the run is kept to go on with). Kept out of line: the hot path of
    /// `next` stays small.
    #[inline(never)]
    /// `floor`: where links may start and backward scans stop (past a
    /// first character that is one of MD4C's resolved marks).
    fn linkify(&mut self, run: Run<'a>, after: Edge, floor: usize) -> Option<Spanned<'a>> {
        // (With the source's candidates known, one look; else a scan.)
        let none = if self.marks_in.is_some() && self.shortcuts {
            !holds_from(&self.candidates, &mut self.next_candidate, &run.whole)
        } else {
            !self.finder.may_have_links(&run.text)
        };
        if none {
            return Some((Event::Text(run.text), run.whole));
        }
        let mut scan = DialectScan::new(self.finder.dialect(), Context::new(self.before, after));
        scan.skip_to(floor);
        self.run = Some(Run { scan, ..run });
        self.advance();
        None
    }

    /// Queues the events up to and including the run's next link, or, when
    /// it has no more, the rest of its text (and ends the run).
    fn advance(&mut self) {
        let Some(run) = &mut self.run else { return };
        let mut links = Links::resume(&self.finder, &run.text, core::mem::take(&mut run.scan));
        let next = links.next().map(|link| (link.start(), link.end(), link.href().into_owned()));
        run.scan = links.into_scan();
        if let Some((start, end, href)) = next {
            if start > run.pos {
                self.queue.push_back(run.piece(run.pos, start));
            }
            let (text, range) = run.piece(start, end);
            self.queue.push_back((autolink_start(href), range.clone()));
            self.queue.push_back((text, range.clone()));
            self.queue.push_back((Event::End(TagEnd::Link), range));
            run.pos = end;
            return;
        }
        if let Some(run) = self.run.take() {
            if run.pos == 0 {
                // No link at all: the text as it came.
                self.queue.push_back((Event::Text(run.text), run.whole));
            } else if run.pos < run.text.len() {
                self.queue.push_back(run.piece(run.pos, run.text.len()));
            }
        }
    }
}

impl<'a, I: Iterator<Item = Spanned<'a>>> Iterator for SpannedAutolinks<'_, 'a, I> {
    type Item = Spanned<'a>;

    #[inline]
    fn next(&mut self) -> Option<Spanned<'a>> {
        loop {
            if let Some(event) = self.queue.pop_front() {
                return Some(event);
            }
            if self.run.is_some() {
                self.advance();
                continue;
            }
            let (event, range) =
                if self.lookahead.is_some() { self.lookahead.take()? } else { self.events.next()? };
            if self.quiet(&event, &range) {
                self.before = edge_before(&event);
                return Some((event, range));
            }
            match event {
                // An entity, for MD4C a resolved mark: no link takes it in
                // or touches it.
                Event::Text(text) if self.marks_in.is_some() && text.len() != range.len() => {
                    self.before = Edge::Other;
                    return Some((Event::Text(text), range));
                }
                Event::Text(text) if self.in_link == 0 && !self.in_literal => {
                    // Merge the text events that follow into one buffer
                    // (for MD4C, only those that go on in the source: an
                    // escape or an entity between them is a mark).
                    let mut text = text;
                    let mut whole = range.clone();
                    let mut merged_sources = Vec::new();
                    let mut merged: Option<String> = None;
                    loop {
                        match self.events.next() {
                            Some((Event::Text(more), more_range))
                                if self.marks_in.is_none()
                                    || (more_range.start == whole.end && more.len() == more_range.len()) =>
                            {
                                let buffer = merged.get_or_insert_with(|| {
                                    merged_sources.push((0, range.clone()));
                                    String::from(&*text)
                                });
                                merged_sources.push((buffer.len(), more_range.clone()));
                                buffer.push_str(&more);
                                whole.end = whole.end.max(more_range.end);
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
                    let mut after = match (&self.lookahead, self.marks_in) {
                        // A backslash hard break is an escape, a mark, to md4c.
                        (Some((Event::HardBreak, r)), Some(source))
                            if source[r.clone()].starts_with('\\') =>
                        {
                            Edge::Other
                        }
                        (lookahead, _) => edge_after(lookahead.as_ref().map(|(e, _)| e)),
                    };
                    if let Some(source) = self.marks_in {
                        // md4c looks at the character next to a link first:
                        // white space and some punctuation set it off,
                        // whatever markup they belong to (`x@y.org![i](p)`).
                        let bytes = source.as_bytes();
                        let sets_off = |b: Option<&u8>, set: &[u8]| {
                            b.is_some_and(|b| b.is_ascii_whitespace() || set.contains(b))
                        };
                        if after == Edge::Other && sets_off(bytes.get(whole.end), b")}].!?,;") {
                            after = Edge::Line;
                        }
                        if self.before == Edge::Other
                            && sets_off(whole.start.checked_sub(1).map(|i| &bytes[i]), b"({[")
                        {
                            self.before = Edge::Line;
                        }
                    }
                    // A run that starts with a backslash-escaped character:
                    // to md4c that character is a resolved mark, where its
                    // scans stop (`\[.x@y.n` is no link: the scan back stops
                    // at the mark and gives back the `.`).
                    let escaped =
                        self.marks_in.is_some_and(|source| is_escape(source.as_bytes(), whole.start));
                    let run =
                        Run { text, whole, merged: merged_sources, scan: DialectScan::default(), pos: 0 };
                    let event = self.linkify(run, after, usize::from(escaped));
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
            return Some((event, range));
        }
    }
}
