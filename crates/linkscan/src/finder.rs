//! The public detection API: [`LinkFinder`] and its options, the [`Links`]
//! and [`Spans`] iterators, [`Link`] and [`Span`].

use crate::host::TldPolicy;
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::BitOr;

/// The rule set a [`LinkFinder`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Unicode UTS #58 (Unicode 17.0): the default.
    Uts58,
}

/// What a link is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// A URL, with or without a scheme (`https://example.com`, `example.com/a`).
    Url,
    /// An email address, with or without `mailto:`.
    Email,
}

impl LinkKind {
    /// `"url"` or `"email"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            LinkKind::Url => "url",
            LinkKind::Email => "email",
        }
    }
}

/// A set of link kinds to look for, as md4c's flags divide them.
///
/// ```
/// use linkscan::Kinds;
/// let kinds: Kinds = "url,email".parse().unwrap();
/// assert_eq!(kinds, Kinds::URL | Kinds::EMAIL);
/// assert!(!kinds.contains(Kinds::WWW));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kinds(u8);

impl Kinds {
    /// URLs with a scheme (`https://…`; in the GFM and MD4C dialects also
    /// `ftp://…`, and `mailto:`/`xmpp:` forms in GFM).
    pub const URL: Kinds = Kinds(1);
    /// URLs without a scheme: `www.…` in GFM and MD4C; any domain with an
    /// accepted TLD (`example.com/…`) in UTS #58.
    pub const WWW: Kinds = Kinds(2);
    /// Email addresses.
    pub const EMAIL: Kinds = Kinds(4);
    /// All kinds: the default.
    pub const ALL: Kinds = Kinds(7);
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// Whether every kind of `other` is in `self`.
    pub const fn contains(self, other: Kinds) -> bool {
        self.0 & other.0 == other.0
    }

    /// `self` without the kinds of `other`.
    pub const fn without(self, other: Kinds) -> Kinds {
        Kinds(self.0 & !other.0)
    }
}

impl BitOr for Kinds {
    type Output = Kinds;
    fn bitor(self, rhs: Kinds) -> Kinds {
        Kinds(self.0 | rhs.0)
    }
}

/// An unknown name in a list of kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseKindsError(String);

impl fmt::Display for ParseKindsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown link kind {:?} (expected url, www or email)", self.0)
    }
}

impl core::error::Error for ParseKindsError {}

impl core::str::FromStr for Kinds {
    type Err = ParseKindsError;

    /// Parses a comma-separated list of `url`, `www` and `email`.
    fn from_str(s: &str) -> Result<Kinds, ParseKindsError> {
        s.split(',').map(str::trim).filter(|k| !k.is_empty()).try_fold(Kinds::NONE, |kinds, k| {
            Ok(kinds
                | match k {
                    "url" => Kinds::URL,
                    "www" => Kinds::WWW,
                    "email" => Kinds::EMAIL,
                    _ => return Err(ParseKindsError(k.into())),
                })
        })
    }
}

/// Finds links in text. Build it once with its options, use it for any
/// number of texts; it holds no state between calls.
///
/// ```
/// use linkscan::{LinkFinder, LinkKind};
///
/// let finder = LinkFinder::new();
/// let text = "（https://ja.wikipedia.org/wiki/日本）を見て。Or mail アルベルト@example.com.";
/// let links: Vec<_> = finder.links(text).collect();
/// assert_eq!(links[0].as_str(), "https://ja.wikipedia.org/wiki/日本");
/// assert_eq!(links[1].as_str(), "アルベルト@example.com");
/// assert_eq!(links[1].kind(), LinkKind::Email);
/// assert_eq!(links[1].href(), "mailto:アルベルト@example.com");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkFinder {
    pub(crate) dialect: Dialect,
    pub(crate) kinds: Kinds,
    pub(crate) tlds: TldPolicy,
    pub(crate) default_scheme: Cow<'static, str>,
    pub(crate) ip_hosts: bool,
}

impl Default for LinkFinder {
    fn default() -> Self {
        LinkFinder::new()
    }
}

impl LinkFinder {
    /// The UTS #58 dialect with its defaults: all kinds, the built-in IANA
    /// TLD list, `https://` before scheme-less links, no IP hosts. These
    /// defaults pass every case of the Unicode 17.0 LinkDetectionTest.txt.
    pub fn new() -> LinkFinder {
        LinkFinder {
            dialect: Dialect::Uts58,
            kinds: Kinds::ALL,
            tlds: TldPolicy::Iana,
            default_scheme: Cow::Borrowed("https://"),
            ip_hosts: false,
        }
    }

    /// The dialect this finder follows.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Look only for these kinds of link.
    pub fn kinds(mut self, kinds: Kinds) -> Self {
        self.kinds = kinds;
        self
    }

    /// With `true`, URLs need a scheme (`https://…`): the same as leaving
    /// [`Kinds::WWW`] out. Email addresses are still found. Only `://` and
    /// `@` then start a candidate (which is much faster); a scheme-less URL
    /// no longer claims its text, so in `example.com/a@b.org` the whole
    /// `example.com/a` is read as an email local part (§5.2).
    pub fn require_scheme(mut self, require: bool) -> Self {
        self.kinds = if require { self.kinds.without(Kinds::WWW) } else { self.kinds | Kinds::WWW };
        self
    }

    /// Which top-level domains make a link (default: the IANA list).
    pub fn tlds(mut self, policy: TldPolicy) -> Self {
        self.tlds = policy;
        self
    }

    /// The scheme [`Link::href`] puts before a URL found without one
    /// (default `https://` for UTS #58).
    pub fn default_scheme(mut self, scheme: impl Into<Cow<'static, str>>) -> Self {
        self.default_scheme = scheme.into();
        self
    }

    /// Also find IPv4 (`http://192.0.2.1/`) and bracketed IPv6
    /// (`https://[2001:db8::1]:8080/`) hosts after an explicit `http://` or
    /// `https://`. Off by default (UTS #58 links need a domain).
    pub fn ip_hosts(mut self, enable: bool) -> Self {
        self.ip_hosts = enable;
        self
    }

    /// The links in `text`, in order, never overlapping.
    pub fn links<'f, 't>(&'f self, text: &'t str) -> Links<'f, 't> {
        Links { finder: self, text, scan: Scan::default() }
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
        Spans { links: self.links(text), pos: 0, pending: None }
    }
}

/// The state of one scan: where the next trigger search starts, and the
/// offset before which no later link may start (the end of the previous
/// link or rejected candidate).
#[derive(Default)]
pub(crate) struct Scan {
    pub(crate) pos: usize,
    pub(crate) floor: usize,
    /// The next `://` (IP hosts only).
    pub(crate) scheme: Cached,
    /// The next `。`, and the next `．` or `｡`.
    pub(crate) ideographic_stop: Cached,
    pub(crate) fullwidth_stop: Cached,
    /// The run of local-part characters looked at last: `(from, end,
    /// whether an @ and a domain follow)`.
    local_run: (usize, usize, bool),
}

impl Scan {
    /// Later candidates neither start nor look back before `end`.
    pub(crate) fn skip_to(&mut self, end: usize) {
        self.floor = self.floor.max(end);
        self.pos = self.pos.max(end);
    }

    /// Records a link from `start` to `end` and moves past it. `scheme`:
    /// whether a URL has one (an email's `mailto:` is seen here).
    pub(crate) fn link<'t>(
        &mut self,
        finder: &LinkFinder,
        text: &'t str,
        (start, end): (usize, usize),
        kind: LinkKind,
        scheme: bool,
    ) -> Link<'t> {
        self.skip_to(end);
        let mailto = || text.get(start..start + 7).is_some_and(|s| s.eq_ignore_ascii_case("mailto:"));
        let prefix = match kind {
            LinkKind::Email if mailto() => Cow::Borrowed(""),
            LinkKind::Email => Cow::Borrowed("mailto:"),
            LinkKind::Url if scheme => Cow::Borrowed(""),
            LinkKind::Url => finder.default_scheme.clone(),
        };
        Link { text, start, end, kind, prefix }
    }

    /// Whether the text from `from` runs through local-part characters
    /// (not `/ ? #`, which would start a path) to an `@` before a domain:
    /// then a domain that ends at `from` is part of an email address.
    /// Positions inside one run share the answer, so each run is read once.
    pub(crate) fn before_at_sign(&mut self, text: &str, from: usize) -> bool {
        let (start, end, found) = self.local_run;
        if (start..=end).contains(&from) && end > 0 {
            return found;
        }
        let bytes = text.as_bytes();
        let mut i = from;
        while i < bytes.len() && !matches!(bytes[i], b'@' | b'/' | b'?' | b'#') {
            let (bits, len) = crate::props::bits_at(text, i);
            if bits & crate::props::EMAIL_BIT == 0 {
                break;
            }
            i += len;
        }
        let found = bytes.get(i) == Some(&b'@')
            && i + 1 < bytes.len()
            && crate::props::bits_at(text, i + 1).0 & crate::props::LABEL_BIT != 0;
        self.local_run = (from, i, found);
        found
    }
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

/// A link found in a text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link<'a> {
    text: &'a str,
    start: usize,
    end: usize,
    kind: LinkKind,
    /// What [`Link::href`] puts before the link text.
    prefix: Cow<'static, str>,
}

impl<'a> Link<'a> {
    /// The byte offset of the link's first byte in the text.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset just after the link's last byte.
    pub fn end(&self) -> usize {
        self.end
    }

    /// Whether it is a URL or an email address.
    pub fn kind(&self) -> LinkKind {
        self.kind
    }

    /// The link as it stands in the text.
    pub fn as_str(&self) -> &'a str {
        &self.text[self.start..self.end]
    }

    /// The link target: the text itself when it has a scheme; otherwise the
    /// finder's default scheme before a URL (`https://example.com`), or
    /// `mailto:` before an email address.
    pub fn href(&self) -> Cow<'a, str> {
        if self.prefix.is_empty() {
            Cow::Borrowed(self.as_str())
        } else {
            let mut href = String::with_capacity(self.prefix.len() + self.end - self.start);
            href.push_str(&self.prefix);
            href.push_str(self.as_str());
            Cow::Owned(href)
        }
    }
}

/// The links of a text, in order: see [`LinkFinder::links`].
#[derive(Clone, Debug)]
pub struct Links<'f, 't> {
    finder: &'f LinkFinder,
    text: &'t str,
    scan: Scan,
}

impl Clone for Scan {
    fn clone(&self) -> Self {
        Scan {
            pos: self.pos,
            floor: self.floor,
            scheme: self.scheme,
            ideographic_stop: self.ideographic_stop,
            fullwidth_stop: self.fullwidth_stop,
            local_run: self.local_run,
        }
    }
}

impl fmt::Debug for Scan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scan").field("pos", &self.pos).field("floor", &self.floor).finish()
    }
}

impl<'t> Iterator for Links<'_, 't> {
    type Item = Link<'t>;

    fn next(&mut self) -> Option<Link<'t>> {
        if self.scan.pos >= self.text.len() {
            return None;
        }
        match self.finder.dialect {
            Dialect::Uts58 => crate::uts58::next_link(self.finder, self.text, &mut self.scan),
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
            Some(link) if link.start > self.pos => {
                Span { text, start: self.pos, end: link.start, link: None }
            }
            Some(_) => {
                let link = self.pending.take()?;
                Span { text, start: link.start, end: link.end, link: Some(link) }
            }
            None if self.pos < text.len() => Span { text, start: self.pos, end: text.len(), link: None },
            None => return None,
        };
        self.pos = span.end;
        Some(span)
    }
}

impl core::iter::FusedIterator for Spans<'_, '_> {}
