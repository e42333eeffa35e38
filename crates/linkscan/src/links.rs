//! Finding links: the iterators over a text's links and spans, and the
//! dispatch to the dialect whose scan state they keep.

use crate::finder::{Context, Dialect, Link, LinkFinder};
use crate::scan::Cursor;
use crate::wrapped::{self, Wrapped};
use crate::{gfm, md4c, uts58};

impl LinkFinder {
    /// The links in `text`, in order, never overlapping.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "a example.com/x b@c.org";
    /// let found: Vec<(usize, usize, &str)> = LinkFinder::new().links(text).map(|l| (l.start(), l.end(), l.as_str())).collect();
    /// assert_eq!(found, [(2, 15, "example.com/x"), (16, 23, "b@c.org")]);
    /// ```
    pub fn links<'f, 't>(&'f self, text: &'t str) -> Links<'f, 't> {
        self.links_in(text, Context::default())
    }

    /// The links in `text`, a piece of a document with `context` around it
    /// (used by the GFM and MD4C dialects; UTS #58 ignores it).
    ///
    /// ```
    /// use linkscan::{Context, Edge, LinkFinder};
    /// // A text run that follows other markup (say a code span) in a Markdown
    /// // paragraph: GFM links `www.` only after a line start, space or `*_~(`.
    /// let after_code = Context::new(Edge::Other, Edge::Block);
    /// assert_eq!(LinkFinder::gfm().links_in("www.example.com", after_code).count(), 0);
    /// assert_eq!(LinkFinder::gfm().links_in("www.example.com", Context::default()).count(), 1);
    /// ```
    pub fn links_in<'f, 't>(&'f self, text: &'t str, context: Context) -> Links<'f, 't> {
        let wrapped = if self.joins_wrapped_urls() { WrappedSearch::From(0) } else { WrappedSearch::Off };
        Links { finder: self, text, scan: DialectScan::new(self.dialect, context), wrapped }
    }

    /// The links of `text` without joining wrapped URLs (to check a joined one).
    pub(crate) fn plain_links<'f, 't>(&'f self, text: &'t str) -> Links<'f, 't> {
        Links { wrapped: WrappedSearch::Off, ..self.links(text) }
    }

    /// `text` cut into alternating text and link spans, which together
    /// cover it exactly.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::new();
    /// let spans: Vec<_> = finder.spans("a example.com b").map(|s| (s.as_str(), s.link().is_some())).collect();
    /// assert_eq!(spans, [("a ", false), ("example.com", true), (" b", false)]);
    /// ```
    pub fn spans<'f, 't>(&'f self, text: &'t str) -> Spans<'f, 't> {
        self.spans_in(text, Context::default())
    }

    /// [`LinkFinder::spans`] of a piece of a document with `context` around it.
    ///
    /// ```
    /// use linkscan::{Context, Edge, LinkFinder};
    /// let spans: Vec<_> = LinkFinder::md4c()
    ///     .spans_in("see www.example.com", Context::new(Edge::Block, Edge::EmphasisClose))
    ///     .map(|s| s.as_str())
    ///     .collect();
    /// assert_eq!(spans, ["see ", "www.example.com"]);
    /// ```
    pub fn spans_in<'f, 't>(&'f self, text: &'t str, context: Context) -> Spans<'f, 't> {
        Spans { links: self.links_in(text, context), pos: 0, pending: None }
    }
}

/// Where a scan of one text stands, in its dialect.
#[derive(Clone)]
pub(crate) enum DialectScan {
    Uts58(uts58::Scan),
    Gfm(gfm::Scan),
    Md4c(md4c::Scan),
}

impl DialectScan {
    /// A scan in `dialect` from the start of a text with `context` around it.
    pub(crate) fn new(dialect: Dialect, context: Context) -> DialectScan {
        let cursor = Cursor::new(context);
        match dialect {
            Dialect::Uts58 => DialectScan::Uts58(uts58::Scan::new(cursor)),
            Dialect::Gfm => DialectScan::Gfm(gfm::Scan::new(cursor)),
            Dialect::Md4c => DialectScan::Md4c(md4c::Scan::new(cursor)),
        }
    }

    pub(crate) fn cursor(&self) -> &Cursor {
        match self {
            DialectScan::Uts58(scan) => &scan.cursor,
            DialectScan::Gfm(scan) => &scan.cursor,
            DialectScan::Md4c(scan) => &scan.cursor,
        }
    }

    /// Later candidates neither start nor look back before `end`.
    pub(crate) fn skip_to(&mut self, end: usize) {
        match self {
            DialectScan::Uts58(scan) => scan.cursor.skip_to(end),
            DialectScan::Gfm(scan) => scan.cursor.skip_to(end),
            DialectScan::Md4c(scan) => scan.cursor.skip_to(end),
        }
    }
}

/// A placeholder while a scan is lent out (the smallest state).
impl Default for DialectScan {
    fn default() -> DialectScan {
        DialectScan::Md4c(md4c::Scan::default())
    }
}

impl core::fmt::Debug for DialectScan {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let cursor = self.cursor();
        f.debug_struct("Scan").field("pos", &cursor.pos).field("floor", &cursor.floor).finish()
    }
}

/// The links of a text, in order: see [`LinkFinder::links`].
#[derive(Clone, Debug)]
pub struct Links<'f, 't> {
    finder: &'f LinkFinder,
    text: &'t str,
    scan: DialectScan,
    wrapped: WrappedSearch,
}

/// The search for URLs wrapped across lines ([`LinkFinder::wrapped_urls`]).
#[derive(Clone, Copy, Debug)]
enum WrappedSearch {
    /// Not asked for.
    Off,
    /// None found yet after this offset.
    From(usize),
    /// The next one.
    Found(Wrapped),
    /// No more.
    Done,
}

impl<'f, 't> Links<'f, 't> {
    /// Goes on with `scan` over `text` (the Markdown adapter keeps a scan
    /// between calls, to yield one link at a time).
    #[cfg(feature = "pulldown-cmark")]
    pub(crate) fn resume(finder: &'f LinkFinder, text: &'t str, scan: DialectScan) -> Self {
        let mut links = finder.links(text);
        if let WrappedSearch::From(from) = &mut links.wrapped {
            *from = scan.cursor().floor;
        }
        Links { scan, ..links }
    }

    /// Where the scan stands, to resume it later.
    #[cfg(feature = "pulldown-cmark")]
    pub(crate) fn into_scan(self) -> DialectScan {
        self.scan
    }
}

impl<'t> Iterator for Links<'_, 't> {
    type Item = Link<'t>;

    fn next(&mut self) -> Option<Link<'t>> {
        if !matches!(self.wrapped, WrappedSearch::Off) {
            return self.next_with_wrapped();
        }
        self.next_plain()
    }
}

impl<'t> Links<'_, 't> {
    /// The next link, a wrapped URL first if it starts before it: the
    /// ordinary scan would find the first line of a wrapped URL alone.
    #[cold]
    #[inline(never)]
    fn next_with_wrapped(&mut self) -> Option<Link<'t>> {
        let floor = self.scan.cursor().floor;
        if let WrappedSearch::Found(w) = &self.wrapped
            && w.lt < floor
        {
            self.wrapped = WrappedSearch::From(floor);
        }
        if let WrappedSearch::From(from) = self.wrapped {
            let from = from.max(floor);
            self.wrapped = wrapped::next_wrapped(self.finder, self.text, from)
                .map_or(WrappedSearch::Done, WrappedSearch::Found);
        }
        let WrappedSearch::Found(w) = self.wrapped else { return self.next_plain() };
        let before = self.scan.clone();
        match self.next_plain() {
            Some(link) if link.start() < w.lt => Some(link),
            _ => {
                self.scan = before;
                self.scan.skip_to(w.close + 1);
                self.wrapped = WrappedSearch::From(w.close + 1);
                Some(w.link(self.text))
            }
        }
    }

    /// The next link of the ordinary scan.
    #[inline(always)]
    fn next_plain(&mut self) -> Option<Link<'t>> {
        let (finder, text) = (self.finder, self.text);
        match &mut self.scan {
            DialectScan::Uts58(scan) if scan.cursor.pos < text.len() => uts58::next_link(finder, text, scan),
            DialectScan::Gfm(scan) if scan.cursor.pos < text.len() => gfm::next_link(finder, text, scan),
            DialectScan::Md4c(scan) if scan.cursor.pos < text.len() => md4c::next_link(finder, text, scan),
            _ => None,
        }
    }
}

impl core::iter::FusedIterator for Links<'_, '_> {}

/// A piece of text: either plain text or a link. See [`LinkFinder::spans`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span<'a> {
    text: &'a str,
    start: usize,
    end: usize,
    link: Option<Link<'a>>,
}

impl<'a> Span<'a> {
    /// The byte offset where the span starts.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let spans: Vec<_> = LinkFinder::new().spans("a example.com").map(|s| (s.start(), s.end(), s.as_str(), s.link().is_some())).collect();
    /// assert_eq!(spans, [(0, 2, "a ", false), (2, 13, "example.com", true)]);
    /// ```
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset where the span ends.
    pub fn end(&self) -> usize {
        self.end
    }

    /// The span's text.
    pub fn as_str(&self) -> &'a str {
        &self.text[self.start..self.end]
    }

    /// The link, if this span is one.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let links: Vec<_> = LinkFinder::new().spans("a example.com").filter_map(|s| s.link().map(|l| l.href())).collect();
    /// assert_eq!(links, ["https://example.com"]);
    /// ```
    pub fn link(&self) -> Option<&Link<'a>> {
        self.link.as_ref()
    }
}

/// Alternating text and link spans: see [`LinkFinder::spans`].
#[derive(Clone, Debug)]
pub struct Spans<'f, 't> {
    links: Links<'f, 't>,
    pos: usize,
    pending: Option<Link<'t>>,
}

impl<'t> Iterator for Spans<'_, 't> {
    type Item = Span<'t>;

    fn next(&mut self) -> Option<Span<'t>> {
        let text = self.links.text;
        if self.pending.is_none() {
            self.pending = self.links.next();
        }
        let span = match &self.pending {
            Some(link) if link.start() > self.pos => {
                Span { text, start: self.pos, end: link.start(), link: None }
            }
            Some(_) => {
                let link = self.pending.take()?;
                Span { text, start: link.start(), end: link.end(), link: Some(link) }
            }
            None if self.pos < text.len() => Span { text, start: self.pos, end: text.len(), link: None },
            None => return None,
        };
        self.pos = span.end;
        Some(span)
    }
}

impl core::iter::FusedIterator for Spans<'_, '_> {}
