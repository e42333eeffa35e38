//! What every dialect's scan keeps — where the next search starts, the
//! floor no later link starts or looks back before, the markup around the
//! text — and a search whose last answer is kept. Each dialect keeps the
//! rest of its state in its own module.

use crate::finder::{Context, Link, LinkFinder, LinkKind};

/// Where a scan of one text stands.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cursor {
    /// Where the next trigger search starts.
    pub(crate) pos: usize,
    /// The offset before which no later link may start (the end of the
    /// previous link or rejected candidate).
    pub(crate) floor: usize,
    /// What surrounds the text.
    pub(crate) context: Context,
}

impl Cursor {
    /// A scan from the start of a text with `context` around it.
    pub(crate) fn new(context: Context) -> Cursor {
        Cursor { context, ..Cursor::default() }
    }

    /// Later candidates neither start nor look back before `end`.
    pub(crate) fn skip_to(&mut self, end: usize) {
        self.floor = self.floor.max(end);
        self.pos = self.pos.max(end);
    }

    /// Records a link from `start` to `end` and moves past it (see
    /// [`Link::found`]).
    #[inline(always)]
    pub(crate) fn link<'t>(
        &mut self,
        finder: &LinkFinder,
        text: &'t str,
        (start, end): (usize, usize),
        kind: LinkKind,
        scheme: bool,
    ) -> Link<'t> {
        self.skip_to(end);
        Link::found(finder, text, (start, end), kind, scheme)
    }
}

/// The first occurrence of `needle` (non-empty) in `haystack`. `memmem`
/// pays for building a searcher, which short texts (a Markdown text run)
/// do not repay: they search for the first byte with `memchr` instead.
#[inline]
pub(crate) fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if haystack.len() >= 256 {
        return memchr::memmem::find(haystack, needle);
    }
    let mut pos = 0;
    while let Some(i) = memchr::memchr(needle[0], &haystack[pos..]) {
        if haystack[pos + i..].starts_with(needle) {
            return Some(pos + i);
        }
        pos += i + 1;
    }
    None
}

/// A search for one needle whose last answer is kept: asked again for a
/// position not past that answer, it answers without searching, so each
/// needle's searches cover the text once in all.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) enum Cached {
    /// Not searched yet.
    #[default]
    Unknown,
    /// The next match is here.
    At(usize),
    /// No match after the position last searched from.
    Never,
}

impl Cached {
    /// The next match at or after `pos`, by `search` (which finds the first
    /// match in `bytes[pos..]`).
    #[inline]
    pub(crate) fn next(&mut self, pos: usize, search: impl FnOnce(usize) -> Option<usize>) -> Option<usize> {
        match *self {
            Cached::At(at) if at >= pos => return Some(at),
            Cached::Never => return None,
            _ => {}
        }
        let found = search(pos).map(|i| pos + i);
        *self = found.map_or(Cached::Never, Cached::At);
        found
    }
}
