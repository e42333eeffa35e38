//! Autolinks for [pulldown-cmark] (feature `pulldown-cmark`).
//!
//! [`MarkdownAutolinks`] parses Markdown and yields pulldown-cmark's
//! events with autolinks, decided as the dialect's reference parser
//! decides them: for GFM, URL and `www.` links on the source, as cmark-gfm
//! does (see its documentation). Its
//! [`into_offset_iter`](MarkdownAutolinks::into_offset_iter) gives each
//! event's source range.
//!
//! [`document_links`] lists every link of a document — inline, reference,
//! image, definition, angle autolink, autolink literal — with its range.
//!
//! [`Autolinks`] wraps any iterator of pulldown-cmark events, for pipelines
//! that have events but not their source, and yields the same events with
//! the links a [`LinkFinder`] finds turned into link events. It merges
//! adjacent text events first; leaves the text of code blocks, links,
//! images and metadata blocks alone (code spans and HTML are not text
//! events); and tells the finder what markup is at each edge of a text run
//! ([`Context`](crate::Context)), so that GFM's rule on what may precede a
//! `www.` link and MD4C's delimiter rules see what the original parsers
//! see. It is approximate where the dialect decides on the source: it sees
//! text after pulldown-cmark has decoded entities and escapes and taken
//! emphasis, code-span backticks and brackets as markup, so
//! `https://a.org/src/__init__.py` ends at `src/` (then bold `init`),
//! `https://a.com&copy;b` links `©`, and a URL inside an unmatched `[` is
//! linked — what [`MarkdownAutolinks`] gets right.
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

use crate::finder::{Dialect, Edge, LinkFinder};
use crate::html::is_safe_href;
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use pulldown_cmark::{CowStr, Event, OffsetIter, Options, Parser, Tag, TagEnd};

mod adapter;
mod links;
mod source;
use adapter::SpannedAutolinks;
pub use links::{DocumentLink, DocumentLinkKind, document_links};
use source::SourcePass;

/// An event and the source range it comes from.
pub(crate) type Spanned<'a> = (Event<'a>, Range<usize>);

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

/// The pulldown-cmark options for `finder`'s dialect: [`gfm_options`] for
/// a GFM finder, CommonMark's (none) for the others.
///
/// ```
/// use linkscan::{markdown::{gfm_options, options_for}, LinkFinder};
/// assert_eq!(options_for(&LinkFinder::gfm()), gfm_options());
/// assert!(options_for(&LinkFinder::md4c()).is_empty());
/// ```
pub fn options_for(finder: &LinkFinder) -> Options {
    if finder.dialect() == Dialect::Gfm { gfm_options() } else { Options::empty() }
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
///
/// Safe by default, as cmark-gfm is without `--unsafe`: raw HTML (blocks
/// and inline) is replaced by `<!-- raw HTML omitted -->`, and a link or
/// image whose destination is a script target (`javascript:`, `vbscript:`,
/// `data:`; see [`is_safe_href`]) gets an empty
/// one. [`allow_unsafe`](MarkdownAutolinks::allow_unsafe) keeps both as
/// written, for trusted documents. Autolinks never have a script target.
/// U+0000 in text is U+FFFD, as CommonMark requires.
///
/// ```
/// use linkscan::{markdown::MarkdownAutolinks, LinkFinder};
/// use pulldown_cmark::{html, Options};
///
/// let markdown = "[a](javascript:alert(1)) <b>x</b>\n\n<script>alert(2)</script>\n";
/// let (finder, mut safe, mut raw) = (LinkFinder::gfm(), String::new(), String::new());
/// html::push_html(&mut safe, MarkdownAutolinks::new(markdown, Options::empty(), &finder));
/// assert_eq!(safe, "<p><a href=\"\">a</a> <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n<!-- raw HTML omitted -->\n");
/// html::push_html(&mut raw, MarkdownAutolinks::new(markdown, Options::empty(), &finder).allow_unsafe(true));
/// assert_eq!(raw, "<p><a href=\"javascript:alert(1)\">a</a> <b>x</b></p>\n<script>alert(2)</script>\n");
/// ```
pub struct MarkdownAutolinks<'f, 'a> {
    events: Inner<'f, 'a>,
    safety: Safety,
}

/// Whether events are made safe, and where in an HTML block they are.
#[derive(Clone, Copy, Debug)]
struct Safety {
    allow_unsafe: bool,
    in_html_block: bool,
    /// Whether text may hold U+0000 (false when the source is known to
    /// have none: then no text is looked at).
    nul: bool,
}

impl Default for Safety {
    fn default() -> Safety {
        Safety { allow_unsafe: false, in_html_block: false, nul: true }
    }
}

/// What safe mode writes for raw HTML, as cmark-gfm does.
const RAW_HTML_OMITTED: &str = "<!-- raw HTML omitted -->";

impl Safety {
    /// Whether every event passes as it is: unsafe events allowed, and no
    /// U+0000 to replace.
    #[inline(always)]
    fn passes_all(&self) -> bool {
        self.allow_unsafe && !self.nul
    }

    /// Makes `event` safe, unless unsafe events are allowed, and, always,
    /// replaces U+0000 in text by U+FFFD, as CommonMark requires; whether
    /// it is kept (`false`: dropped). Most events pass as they are, after a
    /// look. (In place: an event moved through an `Option` here is copied,
    /// 80 bytes, at every event.)
    #[inline(always)]
    fn keeps(&mut self, event: &mut Event<'_>) -> bool {
        let changes = match &*event {
            Event::Text(text) | Event::Code(text) => self.nul && text.as_bytes().contains(&0),
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                !self.allow_unsafe && !is_safe_href(dest_url)
            }
            Event::Start(Tag::HtmlBlock)
            | Event::End(TagEnd::HtmlBlock)
            | Event::Html(_)
            | Event::InlineHtml(_) => !self.allow_unsafe,
            _ => false,
        };
        !changes || self.change(event)
    }

    /// [`Safety::keeps`] for an event that changes.
    #[cold]
    #[inline(never)]
    fn change(&mut self, event: &mut Event<'_>) -> bool {
        *event = match core::mem::replace(event, Event::SoftBreak) {
            Event::Text(text) => Event::Text(text.replace('\0', "\u{FFFD}").into()),
            Event::Code(code) => Event::Code(code.replace('\0', "\u{FFFD}").into()),
            Event::Start(Tag::HtmlBlock) => {
                self.in_html_block = true;
                Event::Html(CowStr::Borrowed("<!-- raw HTML omitted -->\n"))
            }
            Event::End(TagEnd::HtmlBlock) => {
                self.in_html_block = false;
                return false;
            }
            Event::Html(_) if self.in_html_block => return false,
            Event::Html(_) | Event::InlineHtml(_) => Event::InlineHtml(CowStr::Borrowed(RAW_HTML_OMITTED)),
            Event::Start(Tag::Link { link_type, title, id, .. }) => {
                Event::Start(Tag::Link { link_type, dest_url: CowStr::Borrowed(""), title, id })
            }
            Event::Start(Tag::Image { link_type, title, id, .. }) => {
                Event::Start(Tag::Image { link_type, dest_url: CowStr::Borrowed(""), title, id })
            }
            event => event,
        };
        true
    }
}

/// The pass that finds the links: on the source (GFM), or on decoded text.
/// (One lives per parse, used for every event: not boxed.)
#[allow(clippy::large_enum_variant)]
enum Inner<'f, 'a> {
    Source(SourcePass<'f, 'a>),
    Decoded(SpannedAutolinks<'f, 'a, OffsetIter<'a>>),
}

impl<'a> Inner<'_, 'a> {
    /// The next event: the source pass's hot path inlined, the decoded
    /// pass (rare, large) called.
    #[inline]
    fn next(&mut self) -> Option<Spanned<'a>> {
        match self {
            Inner::Source(pass) => pass.next(),
            Inner::Decoded(adapter) => Self::next_decoded(adapter),
        }
    }

    /// [`Inner::next`] without the range.
    #[inline]
    fn next_event(&mut self) -> Option<Event<'a>> {
        match self {
            Inner::Source(pass) => pass.next_event(),
            Inner::Decoded(adapter) => Self::next_decoded(adapter).map(|(event, _)| event),
        }
    }

    #[inline(never)]
    fn next_decoded(adapter: &mut SpannedAutolinks<'_, 'a, OffsetIter<'a>>) -> Option<Spanned<'a>> {
        adapter.next()
    }

    fn finder(&self) -> &LinkFinder {
        match self {
            Inner::Source(pass) => pass.finder,
            Inner::Decoded(adapter) => &adapter.finder,
        }
    }
}

impl<'f, 'a> MarkdownAutolinks<'f, 'a> {
    /// Parses `markdown` with pulldown-cmark `options`; `finder` decides
    /// what is a link.
    ///
    /// ```
    /// use linkscan::{markdown::{gfm_options, MarkdownAutolinks}, LinkFinder};
    /// let mut html = String::new();
    /// let finder = LinkFinder::gfm();
    /// pulldown_cmark::html::push_html(&mut html, MarkdownAutolinks::new("Go to www.x.org.", gfm_options(), &finder));
    /// assert_eq!(html, "<p>Go to <a href=\"http://www.x.org\">www.x.org</a>.</p>\n");
    /// ```
    pub fn new(markdown: &'a str, options: Options, finder: &'f LinkFinder) -> Self {
        Self::from_parser(markdown, Parser::new_ext(markdown, options), finder)
    }

    /// The same over a parser of `markdown` the caller made (pulldown-cmark's
    /// own default parser, with no callback for broken links).
    ///
    /// ```
    /// use linkscan::{markdown::MarkdownAutolinks, LinkFinder};
    /// use pulldown_cmark::Parser;
    /// let markdown = "~~www.x.org~~"; // no strikethrough in plain CommonMark
    /// let finder = LinkFinder::gfm();
    /// let mut html = String::new();
    /// pulldown_cmark::html::push_html(&mut html, MarkdownAutolinks::from_parser(markdown, Parser::new(markdown), &finder));
    /// assert_eq!(html, "<p>~~<a href=\"http://www.x.org\">www.x.org</a>~~</p>\n");
    /// ```
    pub fn from_parser(markdown: &'a str, parser: Parser<'a>, finder: &'f LinkFinder) -> Self {
        let events = parser.into_offset_iter();
        let events = match finder.dialect() {
            Dialect::Gfm => Inner::Source(SourcePass::new(markdown, events, finder)),
            Dialect::Md4c => Inner::Decoded(
                SpannedAutolinks::new(events, Cow::Borrowed(finder)).with_resolved_marks(markdown),
            ),
            _ => Inner::Decoded(SpannedAutolinks::new(events, Cow::Borrowed(finder))),
        };
        let nul = memchr::memchr(0, markdown.as_bytes()).is_some();
        MarkdownAutolinks { events, safety: Safety { nul, ..Safety::default() } }
    }

    /// With `true`, keep raw HTML and authors' link and image destinations
    /// as written — script targets included — as cmark-gfm does with
    /// `--unsafe`: only for documents you trust. Autolinks still never have
    /// a script target.
    ///
    /// ```
    /// use linkscan::{markdown::{gfm_options, MarkdownAutolinks}, LinkFinder};
    /// let finder = LinkFinder::gfm();
    /// let render = |allow: bool| {
    ///     let mut html = String::new();
    ///     let events = MarkdownAutolinks::new("<b>hi</b>", gfm_options(), &finder).allow_unsafe(allow);
    ///     pulldown_cmark::html::push_html(&mut html, events);
    ///     html
    /// };
    /// assert_eq!(render(false), "<p><!-- raw HTML omitted -->hi<!-- raw HTML omitted --></p>\n");
    /// assert_eq!(render(true), "<p><b>hi</b></p>\n");
    /// ```
    #[must_use]
    pub fn allow_unsafe(mut self, allow: bool) -> Self {
        self.safety.allow_unsafe = allow;
        self
    }

    /// The same events by the plain path, without the shortcuts that let
    /// events of blocks without candidates pass untouched (for tests that
    /// hold the shortcuts to it).
    #[doc(hidden)]
    pub fn without_shortcuts(mut self) -> Self {
        match &mut self.events {
            Inner::Source(pass) => pass.shortcuts = false,
            Inner::Decoded(adapter) => adapter.shortcuts = false,
        }
        self
    }

    /// The events with their source ranges, as pulldown-cmark's
    /// `into_offset_iter` gives them; a link made here spans its text
    /// (within decoded text: its exact bytes where the text is its source,
    /// else the entities and escapes it covers, whole).
    ///
    /// ```
    /// use linkscan::{markdown::{gfm_options, MarkdownAutolinks}, LinkFinder};
    /// use pulldown_cmark::{Event, Tag};
    ///
    /// let markdown = "# Title\n\nMail a@b.org or see www.c.net.";
    /// let finder = LinkFinder::gfm();
    /// let links: Vec<_> = MarkdownAutolinks::new(markdown, gfm_options(), &finder)
    ///     .into_offset_iter()
    ///     .filter(|(event, _)| matches!(event, Event::Start(Tag::Link { .. })))
    ///     .map(|(_, range)| &markdown[range])
    ///     .collect();
    /// assert_eq!(links, ["a@b.org", "www.c.net"]);
    /// ```
    pub fn into_offset_iter(self) -> MarkdownOffsetIter<'f, 'a> {
        MarkdownOffsetIter { events: self.events, safety: self.safety }
    }
}

impl<'a> Iterator for MarkdownAutolinks<'_, 'a> {
    type Item = Event<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Event<'a>> {
        if self.safety.passes_all() {
            return self.events.next_event();
        }
        loop {
            let mut next = self.events.next_event();
            if self.safety.keeps(next.as_mut()?) {
                return next;
            }
        }
    }
}

impl core::fmt::Debug for MarkdownAutolinks<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MarkdownAutolinks").field("finder", self.events.finder()).finish_non_exhaustive()
    }
}

/// [`MarkdownAutolinks`]' events with their source ranges.
pub struct MarkdownOffsetIter<'f, 'a> {
    events: Inner<'f, 'a>,
    safety: Safety,
}

impl<'a> Iterator for MarkdownOffsetIter<'_, 'a> {
    type Item = (Event<'a>, Range<usize>);

    #[inline]
    fn next(&mut self) -> Option<(Event<'a>, Range<usize>)> {
        loop {
            let (mut event, range) = self.events.next()?;
            if self.safety.keeps(&mut event) {
                return Some((event, range));
            }
        }
    }
}

impl core::fmt::Debug for MarkdownOffsetIter<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MarkdownOffsetIter").field("finder", self.events.finder()).finish_non_exhaustive()
    }
}

/// Events with autolinks inserted: see the [module documentation](self).
/// Safe by default, as [`MarkdownAutolinks`] is: raw HTML omitted, script
/// link and image targets emptied, unless
/// [`allow_unsafe`](Autolinks::allow_unsafe).
pub struct Autolinks<'f, 'a, I: Iterator<Item = Event<'a>>> {
    events: SpannedAutolinks<'f, 'a, NoOffsets<I>>,
    safety: Safety,
}

/// Events without source ranges, given empty ones.
struct NoOffsets<I>(I);

impl<'a, I: Iterator<Item = Event<'a>>> Iterator for NoOffsets<I> {
    type Item = Spanned<'a>;

    #[inline]
    fn next(&mut self) -> Option<Spanned<'a>> {
        self.0.next().map(|event| (event, 0..0))
    }
}

impl<'a, I: Iterator<Item = Event<'a>>> core::fmt::Debug for Autolinks<'_, 'a, I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Autolinks")
            .field("finder", &*self.events.finder)
            .field("queued", &self.events.queued())
            .finish_non_exhaustive()
    }
}

impl<'f, 'a, I: Iterator<Item = Event<'a>>> Autolinks<'f, 'a, I> {
    /// Wraps `events`; `finder` decides what is a link (use
    /// [`LinkFinder::gfm`] or [`LinkFinder::md4c`] for those dialects).
    ///
    /// ```
    /// use linkscan::{markdown::Autolinks, LinkFinder};
    /// let finder = LinkFinder::md4c();
    /// let mut html = String::new();
    /// pulldown_cmark::html::push_html(&mut html, Autolinks::new(pulldown_cmark::Parser::new("**a@b.org**"), &finder));
    /// assert_eq!(html, "<p><strong><a href=\"mailto:a@b.org\">a@b.org</a></strong></p>\n");
    /// ```
    pub fn new<E: IntoIterator<IntoIter = I>>(events: E, finder: &'f LinkFinder) -> Self {
        let events = SpannedAutolinks::new(NoOffsets(events.into_iter()), Cow::Borrowed(finder));
        Autolinks { events, safety: Safety::default() }
    }

    /// With `true`, pass raw HTML and authors' link and image destinations
    /// through as they come (see [`MarkdownAutolinks::allow_unsafe`]).
    ///
    /// ```
    /// use linkscan::{markdown::Autolinks, LinkFinder};
    /// let finder = LinkFinder::gfm();
    /// let mut html = String::new();
    /// let events = Autolinks::new(pulldown_cmark::Parser::new("[x](javascript:alert(1))"), &finder);
    /// pulldown_cmark::html::push_html(&mut html, events);
    /// assert_eq!(html, "<p><a href=\"\">x</a></p>\n"); // safe by default
    /// ```
    #[must_use]
    pub fn allow_unsafe(mut self, allow: bool) -> Self {
        self.safety.allow_unsafe = allow;
        self
    }
}

impl<'a, I: Iterator<Item = Event<'a>>> Iterator for Autolinks<'_, 'a, I> {
    type Item = Event<'a>;

    #[inline]
    fn next(&mut self) -> Option<Event<'a>> {
        loop {
            let (mut event, _) = self.events.next()?;
            if self.safety.keeps(&mut event) {
                return Some(event);
            }
        }
    }
}

/// The start of an autolink to `href`, as both passes write it.
pub(crate) fn autolink_start(href: String) -> Event<'static> {
    Event::Start(Tag::Link {
        link_type: pulldown_cmark::LinkType::Autolink,
        dest_url: CowStr::from(href),
        title: CowStr::Borrowed(""),
        id: CowStr::Borrowed(""),
    })
}

/// What an event before a text run means for it.
pub(crate) fn edge_before(event: &Event<'_>) -> Edge {
    match event {
        Event::SoftBreak | Event::HardBreak => Edge::Line,
        Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough) => Edge::EmphasisOpen,
        Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough) => Edge::EmphasisClose,
        Event::Start(_) | Event::End(_) if is_block_edge(event) => Edge::Block,
        _ => Edge::Other,
    }
}

/// What an event after a text run (or the end of events) means for it.
pub(crate) fn edge_after(event: Option<&Event<'_>>) -> Edge {
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

/// Where `@` occurs in `source`, written or as a character reference
/// (`&#64;`, `&#x40;`, `&commat;`), which cmark-gfm decodes before it looks
/// for email addresses: those of `signs`, the places of its `@`s and `&`s
/// in order.
fn at_signs(source: &str, mut signs: Vec<usize>) -> Vec<usize> {
    let bytes = source.as_bytes();
    signs.retain(|&i| bytes[i] == b'@' || is_at_sign_reference(&bytes[i..]));
    signs
}

/// Whether `bytes` start with a character reference to `@`: `&commat;`,
/// or a numeric one as CommonMark reads them (1–7 decimal digits, 1–6
/// hexadecimal ones).
fn is_at_sign_reference(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"&commat;") {
        return true;
    }
    let Some(rest) = bytes.strip_prefix(b"&#") else { return false };
    let (digits, radix, most) = match rest.first() {
        Some(b'x' | b'X') => (&rest[1..], 16, 6),
        _ => (rest, 10, 7),
    };
    let n =
        digits.iter().take_while(|d| d.is_ascii_digit() || (radix == 16 && d.is_ascii_hexdigit())).count();
    (1..=most).contains(&n)
        && digits.get(n) == Some(&b';')
        && digits[..n].iter().try_fold(0u32, |v, &d| Some(v * radix + char::from(d).to_digit(radix)?))
            == Some(64)
}
