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
//! covers exactly its raw text. Email addresses are left to the event
//! adapter ([`Autolinks`](super::Autolinks)), which finds them on decoded
//! text as cmark-gfm's `postprocess_text` does.
//!
//! What re-shaping cannot make exact (cmark-gfm would parse the rest of
//! the paragraph again around the link; pulldown-cmark has already parsed
//! it): an emphasis, link or code span cut by a link's edge keeps its part
//! outside the link as literal text, and its delimiters are not paired
//! again with others.

use super::{Spanned, is_block_edge};
use crate::finder::LinkFinder;
use crate::gfm;
use alloc::collections::VecDeque;
use alloc::vec::Vec;
use core::ops::Range;
use pulldown_cmark::{CowStr, Event, LinkType, OffsetIter, Tag, TagEnd};

/// pulldown-cmark's events with offsets, GFM URL and `www.` autolinks made
/// on the source (see the [module documentation](self)).
pub(crate) struct SourcePass<'f, 'a> {
    source: &'a str,
    events: OffsetIter<'a>,
    finder: &'f LinkFinder,
    /// Where `://` or `www.` occurs in the source, in order: a block with
    /// none in its range is passed through as it comes.
    candidates: Vec<usize>,
    /// Inline events ending before this offset are in a block without
    /// candidates.
    quiet_until: usize,
    /// Inside a code block or metadata block.
    in_literal: bool,
    /// The inline events of the container being read.
    run: Vec<Spanned<'a>>,
    /// Events ready to be yielded.
    out: VecDeque<Spanned<'a>>,
}

impl<'f, 'a> SourcePass<'f, 'a> {
    /// The pass over `events`, the offset iterator of a parser of `source`;
    /// when not `active`, the events pass as they come.
    pub(crate) fn new(source: &'a str, events: OffsetIter<'a>, finder: &'f LinkFinder, active: bool) -> Self {
        let mut candidates = Vec::new();
        if active {
            candidates.extend(memchr::memmem::find_iter(source.as_bytes(), "://"));
            candidates.extend(memchr::memmem::find_iter(source.as_bytes(), "www."));
            candidates.sort_unstable();
        }
        SourcePass {
            source,
            events,
            finder,
            candidates,
            quiet_until: 0,
            in_literal: false,
            run: Vec::new(),
            out: VecDeque::new(),
        }
    }

    /// Whether `range` of the source holds a `://` or `www.`.
    fn has_candidate(&self, range: &Range<usize>) -> bool {
        let i = self.candidates.partition_point(|&c| c < range.start);
        self.candidates.get(i).is_some_and(|&c| c < range.end)
    }

    /// Finds the links of the buffered run and queues its events, re-shaped.
    fn flush_run(&mut self) {
        let run = core::mem::take(&mut self.run);
        let links = find_links(self.source, self.finder, &run);
        if links.is_empty() {
            self.out.extend(run);
        } else {
            Reshape::new(self.source, &links, &mut self.out).events(run);
        }
    }
}

impl<'a> Iterator for SourcePass<'_, 'a> {
    type Item = Spanned<'a>;

    fn next(&mut self) -> Option<Spanned<'a>> {
        loop {
            if let Some(event) = self.out.pop_front() {
                return Some(event);
            }
            let Some((event, range)) = self.events.next() else {
                if self.run.is_empty() {
                    return None;
                }
                self.flush_run();
                continue;
            };
            if is_inline(&event) && !self.in_literal {
                if self.run.is_empty() && range.end <= self.quiet_until {
                    return Some((event, range));
                }
                self.run.push((event, range));
                continue;
            }
            if !self.run.is_empty() {
                self.flush_run();
            }
            match &event {
                Event::Start(Tag::CodeBlock(_) | Tag::MetadataBlock(_)) => self.in_literal = true,
                Event::End(TagEnd::CodeBlock | TagEnd::MetadataBlock(_)) => self.in_literal = false,
                Event::Start(_) if range.end > self.quiet_until && !self.has_candidate(&range) => {
                    self.quiet_until = range.end;
                }
                _ => {}
            }
            self.out.push_back((event, range));
        }
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
#[derive(Clone, Copy, PartialEq)]
enum Opened {
    /// An angle autolink (`<https://…>`): nothing inside is text.
    Angle,
    /// A `[` or `![` cmark-gfm pushed.
    Bracket,
    /// Inside an autolink already made: cmark-gfm never saw it.
    Swallowed,
}

/// The URL and `www.` links cmark-gfm makes in an inline container whose
/// events are `run`, in order.
fn find_links(source: &str, finder: &LinkFinder, run: &[Spanned<'_>]) -> Vec<SourceLink> {
    let bytes = source.as_bytes();
    let start = run.first().map_or(0, |(_, r)| r.start);
    let end = run.iter().map(|(_, r)| r.end).max().unwrap_or(start);
    let chunk = &source[start..end];
    let mut links = Vec::new();
    // Brackets open (cmark-gfm's bracket stack: every `]` pops one), angle
    // autolinks open, and how each open link or image counted.
    let (mut brackets, mut angles) = (0usize, 0usize);
    let mut opened: Vec<Opened> = Vec::new();
    // Where the last link ended: no later link starts or looks back before.
    let mut consumed = start;
    // Where the last leaf event (text, code span, …) ended: a backslash
    // after it that no event covers escapes the next text's first byte
    // (the container's first text may follow its escaping backslash).
    let mut leaf_end = 0;
    for (event, range) in run {
        // The raw text this event covers, from where cmark-gfm reads it as
        // text: a plain text (after an escaped first byte); the rest of a
        // code span, HTML, entity, … that a link cut short.
        let from = match event {
            Event::Start(tag) => {
                if let Tag::Link { link_type, .. } | Tag::Image { link_type, .. } = tag {
                    opened.push(if range.start < consumed {
                        Opened::Swallowed
                    } else if matches!(link_type, LinkType::Autolink | LinkType::Email) {
                        angles += 1;
                        Opened::Angle
                    } else {
                        brackets += 1;
                        Opened::Bracket
                    });
                }
                None
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                match opened.pop() {
                    Some(Opened::Angle) => angles -= 1,
                    Some(Opened::Bracket) => brackets = brackets.saturating_sub(1),
                    _ => {}
                }
                None
            }
            Event::End(_) => None,
            Event::Text(text) if angles == 0 && is_plain(source, text, range) => {
                let p = range.start.max(consumed);
                let escaped = p == range.start && p > leaf_end && is_escape(bytes, p);
                Some(if escaped { p + 1 } else { p })
            }
            _ if range.start < consumed && consumed < range.end => Some(consumed),
            _ => None,
        };
        if !matches!(event, Event::Start(_) | Event::End(_)) {
            leaf_end = range.end;
        }
        let Some(mut p) = from else { continue };
        while p < range.end {
            match bytes[p] {
                b'[' => brackets += 1,
                b']' => brackets = brackets.saturating_sub(1),
                b':' | b'w' if brackets == 0 => {
                    let www_may_start = p == start || may_precede_www(bytes, start, p);
                    if let Some(link) =
                        gfm::link_at_special_char(finder, chunk, p - start, consumed - start, www_may_start)
                    {
                        let range = start + link.start()..start + link.end();
                        consumed = range.end;
                        p = range.end;
                        links.push(SourceLink { range, href: link.href().into_owned() });
                        continue;
                    }
                }
                _ => {}
            }
            p += 1;
        }
    }
    links
}

/// Whether the byte at `p`, the first of a text event, follows a backslash
/// that escapes it: pulldown-cmark starts a text at an escaped ASCII
/// punctuation character, and no event covers the backslash (the caller
/// checks that the last event ended before it).
fn is_escape(bytes: &[u8], p: usize) -> bool {
    p > 0 && p < bytes.len() && bytes[p - 1] == b'\\' && bytes[p].is_ascii_punctuation()
}

/// Whether cmark-gfm allows a `www.` link at `p` (not the container's
/// first byte) by what precedes it: white space or `*_~(`, or a line start
/// (in the source, a container prefix such as `>` may stand between).
fn may_precede_www(bytes: &[u8], start: usize, p: usize) -> bool {
    if gfm::may_precede_www(bytes[p - 1]) {
        return true;
    }
    bytes[start..p]
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
    links: &'s [SourceLink],
    out: &'s mut VecDeque<Spanned<'a>>,
    /// The first link not yet yielded.
    next_link: usize,
    /// The source offset the events yielded so far reach.
    pos: usize,
}

impl<'s, 'a> Reshape<'s, 'a> {
    fn new(source: &'a str, links: &'s [SourceLink], out: &'s mut VecDeque<Spanned<'a>>) -> Self {
        Reshape { source, links, out, next_link: 0, pos: 0 }
    }

    /// The link holding source offset `at`, if one does.
    fn link_at(&self, at: usize) -> Option<usize> {
        let i = self.links.partition_point(|l| l.range.end <= at);
        (i < self.links.len() && self.links[i].range.start <= at).then_some(i)
    }

    /// Yields the links that start before `at` and are not yet yielded.
    fn links_before(&mut self, at: usize) {
        while let Some(link) = self.links.get(self.next_link).filter(|l| l.range.start < at) {
            let range = link.range.clone();
            self.out.push_back((
                Event::Start(Tag::Link {
                    link_type: LinkType::Autolink,
                    dest_url: CowStr::from(link.href.clone()),
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

    fn events(mut self, run: Vec<Spanned<'a>>) {
        let mut fates: Vec<Fate> = Vec::new();
        // Inside an element wholly within one link: how deep.
        let mut skipping = 0usize;
        let mut events = run.into_iter().peekable();
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
