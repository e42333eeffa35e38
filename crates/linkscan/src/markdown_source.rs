//! GFM's URL and `www.` autolinks decided on a Markdown source, as
//! cmark-gfm decides them, for any parser that can say where its inline
//! markup is (the pulldown-cmark and comrak adapters).
//!
//! cmark-gfm finds `www.` and `http(s)://`/`ftp://` links while it parses
//! inlines, on the raw text of each inline container: when its parser
//! reaches a `:` or `w` as text (not inside a code span, raw HTML, an
//! angle autolink, an entity or an escape, and with no `[` or `![` open),
//! it scans forward to white space or `<` over whatever markup follows, and
//! trims the end (`autolink_delim`). An adapter tells the [`Scanner`] what
//! each inline element of a container is ([`Markup`]) and where it is in
//! the source; the scanner finds the links on the source. [`reshape`] then
//! re-shapes the container's elements so that each link covers exactly its
//! raw text, writing them to a [`Reshaped`] the adapter provides.
//!
//! What re-shaping cannot make exact (cmark-gfm would parse the rest of
//! the container again around the link; the adapter's parser has already
//! parsed it): an emphasis, link or code span cut by a link's edge keeps
//! its part outside the link as literal text, and its delimiters are not
//! paired again with others.

use crate::finder::LinkFinder;
use crate::gfm;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// What an inline element of a container is to the [`Scanner`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Markup {
    /// The start of a link or image: an angle autolink (`<https://…>`,
    /// nothing inside is text) or not (a `[` or `![` cmark-gfm pushed).
    LinkStart { angle: bool },
    /// The end of a link or image.
    LinkEnd,
    /// The start or end of other markup (emphasis, strikethrough, …).
    Edge,
    /// Text: `plain` when it is its source itself (not decoded from an
    /// entity, not a replacement), where cmark-gfm reads it as text.
    Text { plain: bool },
    /// Any other leaf: a code span, HTML, a break, a footnote reference, …
    Leaf,
}

/// A link found on the source: its range and target.
pub(crate) struct SourceLink {
    pub(crate) range: Range<usize>,
    pub(crate) href: String,
}

/// How a link or image start counted on the bracket stack.
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
pub(crate) struct Finding<'s> {
    pub(crate) finder: &'s LinkFinder,
    pub(crate) candidates: &'s [usize],
    /// The first candidate not before the last element looked at
    /// (elements come in order: the candidates are read once a container).
    pub(crate) next_candidate: &'s mut usize,
    /// Where the container ends ([`container_end`]).
    pub(crate) end: usize,
    pub(crate) links: &'s mut Vec<SourceLink>,
}

/// cmark-gfm's view of an inline container as its elements go by: what is
/// open, and where the last link ended.
#[derive(Default)]
pub(crate) struct Scanner {
    /// The container's first byte.
    start: usize,
    /// Brackets open (cmark-gfm's bracket stack: every `]` pops one), angle
    /// autolinks open, and how each open link or image counted.
    brackets: usize,
    angles: usize,
    opened: Vec<Opened>,
    /// Where the last link ended: no later link starts or looks back before.
    consumed: usize,
    /// Where the last leaf (text, code span, …) ended: a backslash after it
    /// that no element covers escapes the next text's first byte (the
    /// container's first text may follow its escaping backslash).
    leaf_end: usize,
}

impl Scanner {
    /// A scanner for a container starting at byte `start`.
    pub(crate) fn restart(&mut self, start: usize) {
        self.opened.clear();
        *self = Scanner {
            start,
            consumed: start,
            opened: core::mem::take(&mut self.opened),
            ..Scanner::default()
        };
    }

    /// Takes in one element of the container, `source[range]`, and finds
    /// the URL and `www.` links cmark-gfm makes in its text, in order.
    pub(crate) fn element(
        &mut self,
        source: &str,
        markup: Markup,
        range: &Range<usize>,
        finding: Finding<'_>,
    ) {
        let bytes = source.as_bytes();
        // The raw text this element covers, from where cmark-gfm reads it as
        // text: a plain text (after an escaped first byte); the rest of a
        // code span, HTML, entity, … that a link cut short.
        let from = match markup {
            Markup::LinkStart { angle } => {
                self.opened.push(if range.start < self.consumed {
                    Opened::Swallowed
                } else if angle {
                    self.angles += 1;
                    Opened::Angle
                } else {
                    self.brackets += 1;
                    Opened::Bracket
                });
                None
            }
            Markup::LinkEnd => {
                match self.opened.pop() {
                    Some(Opened::Angle) => self.angles -= 1,
                    Some(Opened::Bracket) => self.brackets = self.brackets.saturating_sub(1),
                    _ => {}
                }
                None
            }
            Markup::Edge => None,
            Markup::Text { plain: true } if self.angles == 0 => {
                let p = range.start.max(self.consumed);
                let escaped = p == range.start && p > self.leaf_end && is_escape(bytes, p);
                Some(if escaped { p + 1 } else { p })
            }
            _ if range.start < self.consumed && self.consumed < range.end => Some(self.consumed),
            _ => None,
        };
        if !matches!(markup, Markup::LinkStart { .. } | Markup::LinkEnd | Markup::Edge) {
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

/// Where an inline container whose last element ends at `end` ends as
/// cmark-gfm sees it: before trailing spaces and tabs, which a parser may
/// leave in its last text (a heading's tab), but after a vertical tab or
/// form feed there, which it may leave out of its last text.
pub(crate) fn container_end(source: &str, start: usize, end: usize) -> usize {
    let end = end.max(start);
    let tail = source.as_bytes()[end..].iter().take_while(|b| matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c'));
    let end = end + tail.count();
    start + source[start..end].trim_end_matches([' ', '\t']).len()
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
/// only outside the text element, which starts at `text_start`: in
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

/// What an inline element is to [`reshape`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Shape {
    /// The start of an element with children (emphasis, a link, …).
    Start,
    /// Its end.
    End,
    /// A hard line break (a cut one may leave a soft break).
    HardBreak,
    /// Any other leaf.
    Leaf,
}

/// Where [`reshape`] writes a container's elements, re-shaped.
pub(crate) trait Reshaped<E> {
    /// An element as it was.
    fn element(&mut self, element: E, range: Range<usize>);
    /// Source text `range` as a text.
    fn text(&mut self, range: Range<usize>);
    /// A soft line break at `range`.
    fn soft_break(&mut self, range: Range<usize>);
    /// A link to `href` whose text is source text `range`.
    fn link(&mut self, href: String, range: Range<usize>);
}

/// What becomes of an inline element (start … end) cut by links.
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

/// Writes a container's `elements` (with their source ranges, in order)
/// to `out`, re-shaped around `links` (in order, not empty; each target
/// taken when its link is written): an element wholly inside a link goes;
/// one a link's edge cuts loses its delimiters (the part outside the link
/// stays as literal text); a leaf a link cuts becomes its source text.
pub(crate) fn reshape<E>(
    source: &str,
    links: &mut [SourceLink],
    elements: impl Iterator<Item = (E, Range<usize>)>,
    shape: impl Fn(&E) -> Shape,
    out: &mut impl Reshaped<E>,
) {
    let mut state = Reshape { source, links, out, next_link: 0, pos: 0 };
    let mut fates: Vec<Fate> = Vec::new();
    // Inside an element wholly within one link: how deep.
    let mut skipping = 0usize;
    let mut elements = elements.peekable();
    while let Some((element, range)) = elements.next() {
        let shape = shape(&element);
        if skipping > 0 {
            match shape {
                Shape::Start => skipping += 1,
                Shape::End => skipping -= 1,
                _ => {}
            }
            continue;
        }
        match shape {
            Shape::Start => {
                let open = state.link_at(range.start);
                let close = state.link_at(range.end.saturating_sub(1).max(range.start));
                state.links_before(range.start);
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
                        let first_child = elements.peek().map_or(range.end, |(_, r)| r.start);
                        state.text(range.start..first_child.min(state.links[b].range.start));
                        Fate::Drop
                    }
                    (None, None) => {
                        state.out.element(element, range);
                        Fate::Keep
                    }
                };
                fates.push(fate);
            }
            Shape::End => match fates.pop() {
                Some(Fate::Keep) | None => {
                    state.links_before(range.end);
                    state.out.element(element, range);
                }
                Some(Fate::Drop) => {}
                Some(Fate::CloseAsText) => {
                    state.links_before(range.end);
                    state.text(state.pos.max(range.start)..range.end);
                }
            },
            Shape::HardBreak | Shape::Leaf => state.leaf(element, shape, range),
        }
    }
    state.links_before(usize::MAX);
}

/// [`reshape`]'s state.
struct Reshape<'s, O> {
    source: &'s str,
    links: &'s mut [SourceLink],
    out: &'s mut O,
    /// The first link not yet written.
    next_link: usize,
    /// The source offset the elements written so far reach.
    pos: usize,
}

impl<O> Reshape<'_, O> {
    /// The link holding source offset `at`, if one does.
    fn link_at(&self, at: usize) -> Option<usize> {
        let i = self.links.partition_point(|l| l.range.end <= at);
        (i < self.links.len() && self.links[i].range.start <= at).then_some(i)
    }

    /// Writes the links that start before `at` and are not yet written.
    fn links_before<E>(&mut self, at: usize)
    where
        O: Reshaped<E>,
    {
        while let Some(link) = self.links.get_mut(self.next_link).filter(|l| l.range.start < at) {
            let range = link.range.clone();
            self.out.link(core::mem::take(&mut link.href), range.clone());
            self.pos = self.pos.max(range.end);
            self.next_link += 1;
        }
    }

    /// Writes source text `range` as a text.
    fn text<E>(&mut self, range: Range<usize>)
    where
        O: Reshaped<E>,
    {
        if !range.is_empty() {
            self.pos = self.pos.max(range.end);
            self.out.text(range);
        }
    }

    /// Writes a text, code span, break, … with the links that cut it: the
    /// parts outside links as they were (or as raw text when cut).
    fn leaf<E>(&mut self, element: E, shape: Shape, range: Range<usize>)
    where
        O: Reshaped<E>,
    {
        let mut at = range.start;
        if let Some(previous) = self.next_link.checked_sub(1) {
            at = at.max(self.links[previous].range.end);
        }
        let mut cut = at > range.start;
        while let Some(link) = self.links.get(self.next_link).filter(|l| l.range.start < range.end) {
            let link = link.range.clone();
            if link.start > at {
                self.piece(shape, at..link.start);
            }
            self.links_before(link.end);
            if link.end > range.start {
                cut = true;
            }
            at = at.max(link.end);
        }
        if !cut {
            self.pos = self.pos.max(range.end);
            self.out.element(element, range);
        } else if at < range.end {
            self.piece(shape, at..range.end);
        }
    }

    /// The part `range` of a leaf that a link cut.
    fn piece<E>(&mut self, shape: Shape, range: Range<usize>)
    where
        O: Reshaped<E>,
    {
        // A backslash hard break whose backslash went into a link: the line
        // ending alone is a soft break.
        if shape == Shape::HardBreak {
            if self.source[range.clone()].contains('\n') {
                self.pos = self.pos.max(range.end);
                self.out.soft_break(range);
            }
        } else {
            self.text(range);
        }
    }
}

/// Whether the byte at `p`, the first of a text event, follows a backslash
/// that escapes it: pulldown-cmark starts a text at an escaped ASCII
/// punctuation character, and no event covers the backslash (the caller
/// checks that the last event ended before it).
pub(crate) fn is_escape(bytes: &[u8], p: usize) -> bool {
    p > 0 && p < bytes.len() && bytes[p - 1] == b'\\' && bytes[p].is_ascii_punctuation()
}

/// Whether the sorted `positions` have one in `range`, looking from
/// `next`, which moves to the first not before `range.start` (ranges
/// asked in order of their starts: one pass over the positions in all).
#[cfg(feature = "pulldown-cmark")]
pub(crate) fn holds_from(positions: &[usize], next: &mut usize, range: &Range<usize>) -> bool {
    skip_before(positions, next, range.start);
    positions.get(*next).is_some_and(|&c| c < range.end)
}

/// Moves `next` past the sorted `positions` before `end`.
pub(crate) fn skip_before(positions: &[usize], next: &mut usize, end: usize) {
    while positions.get(*next).is_some_and(|&c| c < end) {
        *next += 1;
    }
}

/// The positions of two sorted lists, in order.
pub(crate) fn merge_sorted(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            merged.push(a[i]);
            i += 1;
        } else {
            merged.push(b[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&a[i..]);
    merged.extend_from_slice(&b[j..]);
    merged
}
