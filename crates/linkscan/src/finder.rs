//! The public detection API: [`LinkFinder`] and its options, the [`Links`]
//! and [`Spans`] iterators, [`Link`] and [`Span`].

use crate::host::{Schemes, TldPolicy};
use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Sub};

/// The rule set a [`LinkFinder`] follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Unicode UTS #58 (Unicode 18.0): the default.
    Uts58,
    /// GitHub Flavored Markdown's autolink extension, as cmark-gfm
    /// 0.29.0.gfm.13 behaves.
    Gfm,
    /// MD4C's permissive autolinks, as md4c master behaves.
    Md4c,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 3] = [Dialect::Uts58, Dialect::Gfm, Dialect::Md4c];

    /// `"uts58"`, `"gfm"` or `"md4c"`: the name [`FromStr`](core::str::FromStr) reads.
    ///
    /// ```
    /// use linkscan::Dialect;
    /// assert_eq!("gfm".parse::<Dialect>(), Ok(Dialect::Gfm));
    /// assert_eq!(Dialect::Md4c.as_str(), "md4c");
    /// assert_eq!("x".parse::<Dialect>().unwrap_err().to_string(), "\"x\" is not uts58, gfm or md4c");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Dialect::Uts58 => "uts58",
            Dialect::Gfm => "gfm",
            Dialect::Md4c => "md4c",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown dialect name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDialectError(String);

impl fmt::Display for ParseDialectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not uts58, gfm or md4c", self.0)
    }
}

impl core::error::Error for ParseDialectError {}

impl core::str::FromStr for Dialect {
    type Err = ParseDialectError;

    /// Parses a dialect's name.
    fn from_str(s: &str) -> Result<Dialect, ParseDialectError> {
        Dialect::ALL.into_iter().find(|d| d.as_str() == s).ok_or_else(|| ParseDialectError(s.into()))
    }
}

/// What is next to one edge of a piece of text in a document. The GFM and
/// MD4C dialects look at the characters around a link; at the edge of a
/// text run in a Markdown document those are markup, which this describes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Edge {
    /// The start or end of a block (paragraph, heading, table cell, …) or
    /// of the whole text.
    #[default]
    Block,
    /// A line break (soft or hard).
    Line,
    /// An emphasis, strong emphasis or strikethrough mark that opens here.
    EmphasisOpen,
    /// An emphasis, strong emphasis or strikethrough mark that closes here.
    EmphasisClose,
    /// Any other markup: a code span, a link, inline HTML, a footnote
    /// reference, …
    Other,
}

/// What is before and after a piece of text (see [`Edge`]).
///
/// ```
/// use linkscan::{Context, Edge, LinkFinder};
/// // A text run between `*` and `*` in a Markdown document: GFM links a
/// // `www.` link right after an emphasis mark; MD4C wants one there too.
/// let context = Context::new(Edge::EmphasisOpen, Edge::EmphasisClose);
/// let link = LinkFinder::md4c().links_in("www.example.com", context).next().unwrap();
/// assert_eq!(link.as_str(), "www.example.com");
/// assert_eq!(LinkFinder::md4c().links_in("www.example.com", Context::new(Edge::Other, Edge::Other)).count(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Context {
    /// What precedes the text.
    pub before: Edge,
    /// What follows the text.
    pub after: Edge,
}

impl Context {
    /// The context with `before` and `after`.
    ///
    /// ```
    /// use linkscan::{Context, Edge, LinkFinder};
    /// // Text right after an emphasis opener (`*www.x.org`): GFM links `www.` there.
    /// let context = Context::new(Edge::EmphasisOpen, Edge::Block);
    /// assert_eq!(LinkFinder::gfm().links_in("www.x.org", context).count(), 1);
    /// ```
    pub const fn new(before: Edge, after: Edge) -> Context {
        Context { before, after }
    }
}

/// What a link is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkKind {
    /// A URL, with or without a scheme (`https://example.com`, `example.com/a`).
    Url,
    /// An email address, with or without `mailto:`.
    Email,
    /// A fediverse handle, `@user@example.social` (UTS #58 dialect, only
    /// when [`Kinds::HANDLE`] is asked for). Its [`href`](Link::href) is the
    /// profile page, `https://example.social/@user`.
    Handle,
}

impl LinkKind {
    /// `"url"`, `"email"` or `"handle"`.
    ///
    /// ```
    /// use linkscan::{LinkFinder, LinkKind};
    /// let link = LinkFinder::new().links("a@b.org").next().unwrap();
    /// assert_eq!((link.kind().as_str(), link.kind().to_string()), ("email", "email".to_string()));
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            LinkKind::Url => "url",
            LinkKind::Email => "email",
            LinkKind::Handle => "handle",
        }
    }
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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

impl Default for Kinds {
    /// [`Kinds::DEFAULT`].
    fn default() -> Kinds {
        Kinds::DEFAULT
    }
}

impl Kinds {
    /// URLs with a scheme (`https://…`; in the GFM and MD4C dialects also
    /// `ftp://…`, and `mailto:`/`xmpp:` forms in GFM).
    pub const URL: Kinds = Kinds(1);
    /// URLs without a scheme: `www.…` in GFM and MD4C; any domain with an
    /// accepted TLD (`example.com/…`) in UTS #58.
    pub const WWW: Kinds = Kinds(2);
    /// Email addresses.
    pub const EMAIL: Kinds = Kinds(4);
    /// Fediverse handles, `@user@example.social` (UTS #58 dialect). Not in
    /// [`Kinds::DEFAULT`]: without it such a handle is no link at all (not
    /// an email address), as readers expect.
    pub const HANDLE: Kinds = Kinds(8);
    /// URLs with and without a scheme, and email addresses: the default.
    pub const DEFAULT: Kinds = Kinds(7);
    /// Every kind, handles too.
    pub const ALL: Kinds = Kinds(15);
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// Whether every kind of `other` is in `self`.
    ///
    /// ```
    /// use linkscan::Kinds;
    /// assert!(Kinds::DEFAULT.contains(Kinds::URL | Kinds::EMAIL));
    /// assert!(!Kinds::DEFAULT.contains(Kinds::HANDLE));
    /// ```
    pub const fn contains(self, other: Kinds) -> bool {
        self.0 & other.0 == other.0
    }

    /// `self` without the kinds of `other`.
    ///
    /// ```
    /// use linkscan::Kinds;
    /// assert_eq!(Kinds::ALL.without(Kinds::HANDLE), Kinds::DEFAULT);
    /// ```
    pub const fn without(self, other: Kinds) -> Kinds {
        Kinds(self.0 & !other.0)
    }

    /// Whether no kind is in the set.
    ///
    /// ```
    /// use linkscan::Kinds;
    /// assert!(Kinds::NONE.is_empty() && !Kinds::EMAIL.is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for Kinds {
    type Output = Kinds;
    fn bitor(self, rhs: Kinds) -> Kinds {
        Kinds(self.0 | rhs.0)
    }
}

impl BitOrAssign for Kinds {
    fn bitor_assign(&mut self, rhs: Kinds) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Kinds {
    type Output = Kinds;
    fn bitand(self, rhs: Kinds) -> Kinds {
        Kinds(self.0 & rhs.0)
    }
}

impl Sub for Kinds {
    type Output = Kinds;
    fn sub(self, rhs: Kinds) -> Kinds {
        self.without(rhs)
    }
}

impl fmt::Display for Kinds {
    /// The comma-separated names that [`FromStr`](core::str::FromStr) reads back.
    ///
    /// ```
    /// use linkscan::Kinds;
    /// assert_eq!((Kinds::URL | Kinds::EMAIL).to_string(), "url,email");
    /// assert_eq!((Kinds::DEFAULT - Kinds::WWW).to_string().parse::<Kinds>(), Ok(Kinds::URL | Kinds::EMAIL));
    /// assert_eq!(Kinds::ALL.to_string(), "url,www,email,handle");
    /// assert!(Kinds::NONE.is_empty() && Kinds::NONE.to_string().is_empty());
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names =
            [(Kinds::URL, "url"), (Kinds::WWW, "www"), (Kinds::EMAIL, "email"), (Kinds::HANDLE, "handle")];
        let mut first = true;
        for (kind, name) in names {
            if self.contains(kind) {
                if !first {
                    f.write_str(",")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// An unknown name in a list of kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseKindsError(String);

impl fmt::Display for ParseKindsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown link kind {:?} (expected url, www, email or handle)", self.0)
    }
}

impl core::error::Error for ParseKindsError {}

impl core::str::FromStr for Kinds {
    type Err = ParseKindsError;

    /// Parses a comma-separated list of `url`, `www`, `email` and `handle`.
    fn from_str(s: &str) -> Result<Kinds, ParseKindsError> {
        s.split(',').map(str::trim).filter(|k| !k.is_empty()).try_fold(Kinds::NONE, |kinds, k| {
            Ok(kinds
                | match k {
                    "url" => Kinds::URL,
                    "www" => Kinds::WWW,
                    "email" => Kinds::EMAIL,
                    "handle" => Kinds::HANDLE,
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
    /// The kinds looked for: see [`LinkFinder::kinds_wanted`].
    pub(crate) kinds: Kinds,
    pub(crate) asked_kinds: Kinds,
    require_scheme: bool,
    pub(crate) tlds: TldPolicy,
    pub(crate) default_scheme: Cow<'static, str>,
    pub(crate) ip_hosts: bool,
    pub(crate) unicode_ends: bool,
    pub(crate) schemes: Schemes,
    pub(crate) local_hosts: bool,
    pub(crate) file_names: bool,
    /// UTS #58 only: join URLs wrapped across lines inside `<…>`.
    pub(crate) wrapped_urls: bool,
    /// UTS #58 only: decide where the spec is silent or contradicts itself
    /// as a reader expects (see [`LinkFinder::strict`]).
    pub(crate) reader: bool,
}

impl Default for LinkFinder {
    fn default() -> Self {
        LinkFinder::new()
    }
}

impl LinkFinder {
    /// The UTS #58 dialect with its defaults ([`Profile::Default`]): URLs
    /// and email addresses, the built-in IANA TLD list, `https://` before
    /// scheme-less links, no IP or local hosts, and the reader's rules where
    /// UTS #58 is silent (see [`LinkFinder::strict`]). These defaults pass
    /// every case of the Unicode 18.0 and 17.0 LinkDetectionTest.txt.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::new();
    /// let found: Vec<_> = finder.links("see example.com or a@b.org").map(|l| l.href()).collect();
    /// assert_eq!(found, ["https://example.com", "mailto:a@b.org"]);
    /// ```
    pub fn new() -> LinkFinder {
        LinkFinder {
            dialect: Dialect::Uts58,
            kinds: Kinds::DEFAULT,
            asked_kinds: Kinds::DEFAULT,
            require_scheme: false,
            tlds: TldPolicy::Iana,
            default_scheme: Cow::Borrowed("https://"),
            ip_hosts: false,
            unicode_ends: false,
            schemes: Schemes::web(),
            local_hosts: false,
            file_names: true,
            wrapped_urls: false,
            reader: true,
        }
    }

    /// Sets every option a [`Profile`] names, leaving the dialect, the TLD
    /// policy and the schemes as they are. Options set after it change
    /// only themselves.
    ///
    /// ```
    /// use linkscan::{LinkFinder, Profile};
    /// let chat = LinkFinder::new().profile(Profile::Chat);
    /// let found: Vec<_> = chat.links("Read README.md, ping @ann@chaos.social or see example.com?").map(|l| l.href()).collect();
    /// assert_eq!(found, ["https://chaos.social/@ann", "https://example.com"]);
    /// let docs = LinkFinder::new().profile(Profile::Docs);
    /// assert_eq!(docs.links("Edit main.rs, then open http://localhost:8080/app.").next().unwrap().as_str(), "http://localhost:8080/app");
    /// ```
    #[must_use]
    pub fn profile(self, profile: Profile) -> Self {
        let (kinds, require_scheme, file_names, local, strict) = match profile {
            Profile::Default | Profile::Mail => (Kinds::DEFAULT, false, true, false, false),
            Profile::Strict => (Kinds::DEFAULT, false, false, false, true),
            Profile::Chat => (Kinds::DEFAULT | Kinds::HANDLE, false, true, false, false),
            Profile::Docs => (Kinds::DEFAULT, true, true, true, false),
        };
        self.strict(strict)
            .kinds(kinds)
            .require_scheme(require_scheme)
            .skip_file_names(file_names)
            .local_hosts(local)
            .ip_hosts(local)
            .wrapped_urls(profile == Profile::Mail)
    }

    /// UTS #58 only. With `true`, follow the §3.5.1 pseudo-code and the
    /// Unicode reference implementation exactly (for conformance work).
    /// With `false` (the default), decide where the spec is silent or
    /// contradicts itself as a reader expects:
    ///
    /// * **A final `?`** is not part of the link: Table 3-2 gives `?` as
    ///   *the* example of a Soft character (`…アインシュタイン??` ends
    ///   before `??`), while the pseudo-code takes a `?` that starts the
    ///   query even when nothing follows. A part initiator that is itself
    ///   Soft, followed by Soft code points and then Hard ones or the end,
    ///   is left out.
    /// * **Quotes and other punctuation end a host written without a
    ///   scheme**: its labels are IDNA2008's (UTS #46 valid, less the NV8
    ///   code points, as §8 suggests), so `“example.com”` and
    ///   `«example.com»` give `example.com`. After an explicit scheme the
    ///   labels are UTS #46's, as the reference reads them (`https://i❤.ws`).
    /// * **User names and passwords** (`https://user:pass@host/`): the
    ///   whole URL is a link; [`Link::host`] is the host after the `@`.
    /// * **`_` after an explicit scheme**, as the WHATWG host parser takes
    ///   it (`https://my_bucket.storage.example.com/`); a scheme-less
    ///   `my_site.example.com` is still no link.
    /// * **A scheme glued to letters** (`foohttp://example.com`) is read
    ///   from the allowed scheme (`http://example.com`).
    /// * **Handles** (`@user@example.social`) are not email addresses.
    /// * **Quotes and brackets around an address** (`'hi@example.com'`,
    ///   `{joe@example.com}`) are not part of it (§8 allows such boundary
    ///   adjustment); `o'brien@example.com` keeps its `'`.
    /// * **File names and calls are code** ([`LinkFinder::skip_file_names`],
    ///   an option of its own: `strict(true)` turns it off, and it may be
    ///   set again after).
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "Is it example.com? Mail 'hi@example.com' or see “link.com/foo” and README.md";
    /// let found: Vec<_> = LinkFinder::new().links(text).map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["example.com", "hi@example.com", "link.com/foo"]);
    /// let found: Vec<_> = LinkFinder::new().strict(true).links(text).map(|l| l.as_str()).collect();
    /// assert_eq!(found, ["example.com?", "'hi@example.com", "“link.com/foo", "README.md"]);
    /// ```
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.reader = !strict;
        self.file_names = !strict;
        self
    }

    /// GitHub Flavored Markdown autolinks, exactly as cmark-gfm
    /// 0.29.0.gfm.13: `www.` links, `http://`, `https://` and `ftp://` URLs,
    /// email addresses (also after `mailto:` and `xmpp:`); `www.` links only
    /// at a line start, after white space or after `*` `_` `~` `(`. The
    /// default scheme is `http://`. TLDs are not checked.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::gfm();
    /// let link = finder.links("Visit www.commonmark.org/a.b.").next().unwrap();
    /// assert_eq!((link.as_str(), link.href().as_ref()), ("www.commonmark.org/a.b", "http://www.commonmark.org/a.b"));
    /// ```
    pub fn gfm() -> LinkFinder {
        LinkFinder { dialect: Dialect::Gfm, default_scheme: Cow::Borrowed("http://"), ..LinkFinder::new() }
    }

    /// MD4C's permissive autolinks (md4c master): URLs with `http://`,
    /// `https://` or `ftp://`, `www.` links and email addresses, each set off
    /// from the surrounding text (white space, `(` `{` `[` before; `)` `}`
    /// `]` `.` `!` `?` `,` `;` after) and made of the strict character sets
    /// md4c allows; a candidate that breaks a rule is not a link at all.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::md4c();
    /// assert_eq!(finder.links("Have you ever visited http://zombo.com?").next().unwrap().as_str(), "http://zombo.com");
    /// assert_eq!(finder.links(":john.doe@example.com").count(), 0);
    /// ```
    pub fn md4c() -> LinkFinder {
        LinkFinder { dialect: Dialect::Md4c, default_scheme: Cow::Borrowed("http://"), ..LinkFinder::new() }
    }

    /// GFM only: keep GFM's rules for where a link starts, but end a URL or
    /// `www.` link by UTS #58 (§3.5 termination after a UTS #58 host), so
    /// that `（https://example.com/x）です` and `https://example.com/x。`
    /// end where a reader expects. Off by default.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "（https://example.com/x）です";
    /// assert_eq!(LinkFinder::gfm().links(text).next().unwrap().as_str(), "https://example.com/x）です");
    /// assert_eq!(LinkFinder::gfm().unicode_ends(true).links(text).next().unwrap().as_str(), "https://example.com/x");
    /// ```
    #[must_use]
    pub fn unicode_ends(mut self, enable: bool) -> Self {
        self.unicode_ends = enable;
        self
    }

    /// The dialect this finder follows.
    ///
    /// ```
    /// use linkscan::{Dialect, LinkFinder};
    /// assert_eq!(LinkFinder::gfm().dialect(), Dialect::Gfm);
    /// ```
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Look only for these kinds of link (default [`Kinds::DEFAULT`]).
    ///
    /// ```
    /// use linkscan::{Kinds, LinkFinder};
    /// let finder = LinkFinder::new().kinds(Kinds::EMAIL);
    /// assert_eq!(finder.links("example.com a@b.org").map(|l| l.as_str()).collect::<Vec<_>>(), ["a@b.org"]);
    /// ```
    #[must_use]
    pub fn kinds(mut self, kinds: Kinds) -> Self {
        self.asked_kinds = kinds;
        self.kinds = self.kinds_wanted();
        self
    }

    /// With `true`, URLs need a scheme (`https://…`): the same as leaving
    /// [`Kinds::WWW`] out, whatever [`kinds`](LinkFinder::kinds) says, in
    /// either order. Email addresses are still found. Only `://` and `@`
    /// then start a candidate (which is much faster); a scheme-less URL no
    /// longer claims its text, so in `example.com/a@b.org` the whole
    /// `example.com/a` is read as an email local part (§5.2).
    ///
    /// ```
    /// use linkscan::{Kinds, LinkFinder};
    /// let finder = LinkFinder::new().require_scheme(true);
    /// assert_eq!(finder.links("example.com https://example.org").count(), 1);
    /// // Turning it off does not add kinds that were not asked for.
    /// let emails = LinkFinder::new().kinds(Kinds::EMAIL).require_scheme(false);
    /// assert_eq!(emails.links("example.com a@b.org").count(), 1);
    /// ```
    #[must_use]
    pub fn require_scheme(mut self, require: bool) -> Self {
        self.require_scheme = require;
        self.kinds = self.kinds_wanted();
        self
    }

    /// Which top-level domains make a link (default: the IANA list).
    ///
    /// ```
    /// use linkscan::{LinkFinder, TldPolicy};
    /// assert_eq!(LinkFinder::new().links("see example.test").count(), 0);
    /// assert_eq!(LinkFinder::new().tlds(TldPolicy::Any).links("see example.test").count(), 1);
    /// assert_eq!(LinkFinder::new().tlds(TldPolicy::list(["test"])).links("example.test example.com").count(), 1);
    /// ```
    #[must_use]
    pub fn tlds(mut self, policy: TldPolicy) -> Self {
        self.tlds = policy;
        self
    }

    /// The scheme [`Link::href`] puts before a URL found without one
    /// (default `https://` for UTS #58, `http://` for GFM and MD4C).
    ///
    /// The one safety rule every writer of an href relies on lives here: a
    /// scheme that would make a script target (`javascript:`, `vbscript:`,
    /// `data:`, in any case or obfuscation a browser reads through; see
    /// [`is_safe_href`](crate::html::is_safe_href)) is refused, and the
    /// URLs it would be put before are then not found at all. So no link
    /// this finder yields has a script target, whatever its options.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::new().default_scheme("http://");
    /// assert_eq!(finder.links("example.com").next().unwrap().href(), "http://example.com");
    /// let refused = LinkFinder::gfm().default_scheme("JavaScript:");
    /// assert_eq!(refused.links("www.x.com https://y.org").map(|l| l.href()).collect::<Vec<_>>(), ["https://y.org"]);
    /// ```
    #[must_use]
    pub fn default_scheme(mut self, scheme: impl Into<Cow<'static, str>>) -> Self {
        self.default_scheme = scheme.into();
        self.kinds = self.kinds_wanted();
        self
    }

    /// The kinds looked for: those asked for, less scheme-less URLs when a
    /// scheme is required or the default scheme would make a script target.
    fn kinds_wanted(&self) -> Kinds {
        let no_www = self.require_scheme || !crate::href::is_safe_href(&self.default_scheme);
        if no_www { self.asked_kinds.without(Kinds::WWW) } else { self.asked_kinds }
    }

    /// Also find IPv4 (`http://192.0.2.1/`) and bracketed IPv6
    /// (`https://[2001:db8::1]:8080/`) hosts after an explicit scheme on the
    /// [`schemes`](LinkFinder::schemes) list. Off by default (UTS #58 links
    /// need a domain).
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "http://192.0.2.1/status and https://[2001:db8::1]:8080/";
    /// assert_eq!(LinkFinder::new().links(text).count(), 0);
    /// assert_eq!(LinkFinder::new().ip_hosts(true).links(text).count(), 2);
    /// ```
    #[must_use]
    pub fn ip_hosts(mut self, enable: bool) -> Self {
        self.ip_hosts = enable;
        self
    }

    /// UTS #58: the schemes a URL written with `scheme://` may have to be
    /// linked (default [`Schemes::web`]); a host after any other scheme is
    /// not linked at all. The link always keeps its own scheme:
    /// [`Link::href`] never changes it. (GFM and MD4C have their own fixed
    /// schemes.)
    ///
    /// ```
    /// use linkscan::{LinkFinder, Schemes};
    /// let finder = LinkFinder::new().schemes(Schemes::web().with(["gopher"]));
    /// assert_eq!(finder.links("gopher://example.com/1").count(), 1);
    /// assert_eq!(LinkFinder::new().links("gopher://example.com/1").count(), 0);
    /// ```
    #[must_use]
    pub fn schemes(mut self, schemes: Schemes) -> Self {
        self.schemes = schemes;
        self
    }

    /// UTS #58: after an explicit, allowed `scheme://`, accept any
    /// well-formed host, not only domains with an accepted TLD:
    /// `http://localhost:3000/x`, `http://intranet/`,
    /// `https://my-service.internal/` (labels of domain label characters,
    /// none empty or starting or ending with `-`). Off by default.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "Run it at http://localhost:3000/x.";
    /// assert_eq!(LinkFinder::new().links(text).count(), 0);
    /// assert_eq!(LinkFinder::new().local_hosts(true).links(text).next().unwrap().as_str(), "http://localhost:3000/x");
    /// ```
    #[must_use]
    pub fn local_hosts(mut self, enable: bool) -> Self {
        self.local_hosts = enable;
        self
    }

    /// UTS #58: do not link a scheme-less name that reads as code (on by
    /// default; off with [`LinkFinder::strict`]`(true)`, and in
    /// [`Profile::Strict`]):
    ///
    /// * **a file name**: two labels, the last a TLD that is also a file
    ///   extension far more often than a domain in text
    ///   ([`FILE_EXTENSION_TLDS`](crate::spec::FILE_EXTENSION_TLDS): `md`,
    ///   `py`, `rs`, `sh`, `ts`, `tf`, `zip`, …), and no path after it:
    ///   `README.md`, `guide.md#install`, and `main.rs:12`, a code
    ///   location. UTS #58 §8 names `helpers.py` as a case an
    ///   implementation may refrain from linking;
    /// * **a call**: a name directly followed by `(` (`Date.now()`).
    ///
    /// The text makes such a name a domain with a scheme, `www.`, a third
    /// label or a path: `https://nic.md`, `www.nic.md`, `docs.rs/linkscan`.
    /// A bare `docs.rs` is no link (in real text it names the site in
    /// badges' alt text far more often than it is meant as a link).
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let finder = LinkFinder::new();
    /// assert_eq!(finder.links("Edit README.md and setup.py; see nic.md/about or https://nic.md").count(), 2);
    /// assert_eq!(finder.links("see main.rs:12, guide.md#install and Date.now()").count(), 0);
    /// assert_eq!(finder.skip_file_names(false).links("see main.rs:12").count(), 1);
    /// ```
    #[must_use]
    pub fn skip_file_names(mut self, enable: bool) -> Self {
        self.file_names = enable;
        self
    }

    /// UTS #58: read a URL wrapped across lines inside `<…>` (or
    /// `<URL:…>`), as mail and plain-text documents write long URLs (RFC
    /// 3986, Appendix C), as one link: [`Link::as_str`] is the text as
    /// written, line breaks and all, and [`Link::href`] joins it, leaving
    /// out the spaces and tabs around each line break and the quote
    /// markers (`>`) of a quoted reply after it. Only a URL with its scheme
    /// that is whole once joined, at most 2,048 bytes from `<` to `>`,
    /// without blank lines; one on a single line is an ordinary link. On in
    /// [`Profile::Mail`], off by default. A [`LinkStream`](crate::LinkStream)
    /// holds the text after an unclosed `<` until it knows.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "> See <http://example.org/a/very/long/\n>   path/index.html> now.";
    /// let link = LinkFinder::new().wrapped_urls(true).links(text).next().unwrap();
    /// assert_eq!(link.as_str(), "http://example.org/a/very/long/\n>   path/index.html");
    /// assert_eq!(link.href(), "http://example.org/a/very/long/path/index.html");
    /// assert!(link.is_wrapped());
    /// // Without the option, only the first line is a link.
    /// assert_eq!(LinkFinder::new().links(text).next().unwrap().as_str(), "http://example.org/a/very/long/");
    /// ```
    #[must_use]
    pub fn wrapped_urls(mut self, enable: bool) -> Self {
        self.wrapped_urls = enable;
        self
    }

    /// Whether [`LinkFinder::links`] joins URLs wrapped across lines: the
    /// option [`LinkFinder::wrapped_urls`], in the UTS #58 dialect.
    ///
    /// ```
    /// use linkscan::{LinkFinder, Profile};
    /// assert!(LinkFinder::new().profile(Profile::Mail).joins_wrapped_urls());
    /// assert!(!LinkFinder::gfm().wrapped_urls(true).joins_wrapped_urls());
    /// ```
    pub fn joins_wrapped_urls(&self) -> bool {
        self.wrapped_urls && self.dialect == Dialect::Uts58
    }

    /// A quick test: false means `text` has no link (no byte that could
    /// start one: a label separator for UTS #58, or `://` with local or IP
    /// hosts; `:`, `@` or `www.` for GFM and MD4C). True means it may have
    /// one.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// assert!(!LinkFinder::new().may_have_links("no dots, no links"));
    /// assert!(LinkFinder::new().may_have_links("example.com"));
    /// assert!(LinkFinder::new().local_hosts(true).may_have_links("http://localhost:3000/"));
    /// ```
    pub fn may_have_links(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        let mut pos = 0;
        match self.dialect {
            // A local or IP host needs no label separator (`http://localhost/`,
            // `http://[::1]/`), only its `://`.
            Dialect::Uts58
                if (self.local_hosts || self.ip_hosts) && memchr::memmem::find(bytes, b"://").is_some() =>
            {
                return true;
            }
            Dialect::Uts58 => {
                while let Some(i) = memchr::memchr3(b'.', 0xE3, 0xEF, &bytes[pos..]) {
                    let at = pos + i;
                    // A separator before white space or the end (a full
                    // stop) parts no labels.
                    if let Some(len) = crate::domain::separator_at(text, at)
                        && bytes.get(at + len).is_some_and(|b| !b.is_ascii_whitespace())
                    {
                        return true;
                    }
                    pos = at + 1;
                }
            }
            // Email addresses alone (the Markdown adapter after links made on
            // the source): an `@` is needed.
            Dialect::Gfm | Dialect::Md4c
                if !self.kinds.contains(Kinds::URL) && !self.kinds.contains(Kinds::WWW) =>
            {
                return self.kinds.contains(Kinds::EMAIL) && memchr::memchr(b'@', bytes).is_some();
            }
            Dialect::Gfm | Dialect::Md4c => {
                // `www.` is found by its dot, rarer than `w` in prose.
                while let Some(i) = memchr::memchr3(b':', b'@', b'.', &bytes[pos..]) {
                    let at = pos + i;
                    if bytes[at] != b'.' || (at >= 3 && &bytes[at - 3..at] == b"www") {
                        return true;
                    }
                    pos = at + 1;
                }
            }
        }
        false
    }
}

/// The profile page of the handle `@user@domain`: `https://domain/@user`.
fn handle_href(handle: &str) -> String {
    let (user, domain) = handle[1..].split_once('@').unwrap_or((handle, ""));
    let mut href = String::with_capacity(handle.len() + 9);
    href.push_str("https://");
    href.push_str(domain);
    href.push_str("/@");
    href.push_str(user);
    href
}

/// A named set of options: one word for a coherent policy. Every option
/// stays settable alone after it. Each binding (CLI `--profile`, Python
/// `profile=`) offers the same names.
///
/// ```
/// use linkscan::{LinkFinder, Profile};
/// let profile: Profile = "chat".parse().unwrap();
/// assert_eq!((profile, profile.as_str()), (Profile::Chat, "chat"));
/// assert_eq!(LinkFinder::new().profile(Profile::Default), LinkFinder::new());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// UTS #58 where it decides, the reader where it does not (see
    /// [`LinkFinder::strict`]): the defaults of [`LinkFinder::new`].
    #[default]
    Default,
    /// The §3.5.1 pseudo-code and the Unicode reference implementation
    /// exactly, for conformance work: [`LinkFinder::strict`]`(true)`.
    Strict,
    /// Prose people type in chat and mail: the defaults, plus fediverse
    /// handles ([`Kinds::HANDLE`]).
    Chat,
    /// Technical documentation, full of file names and code: URLs need a
    /// scheme ([`LinkFinder::require_scheme`]), and then local and IP hosts
    /// are links too (`http://localhost:8080/`, `http://192.0.2.1/`);
    /// email addresses are still found.
    Docs,
    /// Mail and plain-text documents: the defaults, plus URLs wrapped
    /// across lines inside `<…>` or `<URL:…>`, in quoted replies too
    /// ([`LinkFinder::wrapped_urls`]).
    Mail,
}

impl Profile {
    /// Every profile, in the order `--help` lists them.
    pub const ALL: [Profile; 5] =
        [Profile::Default, Profile::Strict, Profile::Chat, Profile::Docs, Profile::Mail];

    /// The profile's name: `default`, `strict`, `chat`, `docs` or `mail`.
    ///
    /// ```
    /// use linkscan::Profile;
    /// assert_eq!(Profile::Chat.as_str(), "chat");
    /// assert_eq!("chat".parse::<Profile>(), Ok(Profile::Chat));
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Strict => "strict",
            Profile::Chat => "chat",
            Profile::Docs => "docs",
            Profile::Mail => "mail",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown profile name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseProfileError(String);

impl fmt::Display for ParseProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown profile {:?} (expected default, strict, chat, docs or mail)", self.0)
    }
}

impl core::error::Error for ParseProfileError {}

impl core::str::FromStr for Profile {
    type Err = ParseProfileError;

    /// Parses a profile's name.
    fn from_str(s: &str) -> Result<Profile, ParseProfileError> {
        Profile::ALL.into_iter().find(|p| p.as_str() == s.trim()).ok_or_else(|| ParseProfileError(s.into()))
    }
}

/// A link found in a text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link<'a> {
    text: &'a str,
    start: usize,
    end: usize,
    kind: LinkKind,
    /// What [`Link::href`] puts before the link text (for a handle or a
    /// wrapped URL, the whole target).
    prefix: Cow<'static, str>,
    /// A URL wrapped across lines: its target is `prefix` alone.
    wrapped: bool,
}

/// A link without its text: see [`Link::detach`].
#[derive(Clone, Debug)]
pub(crate) struct DetachedLink {
    start: usize,
    end: usize,
    kind: LinkKind,
    prefix: Cow<'static, str>,
    wrapped: bool,
}

impl DetachedLink {
    /// The link in `text`, a copy of the piece of the link's own text from
    /// byte `from` (its offsets then count from there).
    pub(crate) fn attach(self, text: &str, from: usize) -> Link<'_> {
        let (start, end) = (self.start - from, self.end - from);
        Link { text, start, end, kind: self.kind, prefix: self.prefix, wrapped: self.wrapped }
    }
}

impl<'a> Link<'a> {
    /// The link from `start` to `end` of `text` a finder found. `scheme`:
    /// whether the link text has its scheme (`https:`, `mailto:`, `xmpp:`),
    /// else `href` adds one.
    #[inline(always)]
    pub(crate) fn found(
        finder: &LinkFinder,
        text: &'a str,
        (start, end): (usize, usize),
        kind: LinkKind,
        scheme: bool,
    ) -> Link<'a> {
        let prefix = match kind {
            _ if scheme => Cow::Borrowed(""),
            LinkKind::Email => Cow::Borrowed("mailto:"),
            LinkKind::Url => finder.default_scheme.clone(),
            LinkKind::Handle => Cow::Owned(handle_href(&text[start..end])),
        };
        Link { text, start, end, kind, prefix, wrapped: false }
    }

    /// A URL wrapped across lines, from `start` to `end` of `text`, whose
    /// target is `href` (the text joined).
    pub(crate) fn wrapped(text: &'a str, (start, end): (usize, usize), href: String) -> Link<'a> {
        Link { text, start, end, kind: LinkKind::Url, prefix: Cow::Owned(href), wrapped: true }
    }

    /// The link apart from its text (to keep it after the text is gone).
    pub(crate) fn detach(self) -> DetachedLink {
        let Link { start, end, kind, prefix, wrapped, .. } = self;
        DetachedLink { start, end, kind, prefix, wrapped }
    }

    /// The byte offset of the link's first byte in the text.
    ///
    /// ```
    /// use linkscan::{LinkFinder, LinkKind};
    /// let link = LinkFinder::new().links("日本 example.com").next().unwrap();
    /// assert_eq!((link.start(), link.end(), link.kind(), link.as_str()), (7, 18, LinkKind::Url, "example.com"));
    /// ```
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte offset just after the link's last byte.
    #[inline]
    pub fn end(&self) -> usize {
        self.end
    }

    /// Whether it is a URL or an email address.
    #[inline]
    pub fn kind(&self) -> LinkKind {
        self.kind
    }

    /// The link as it stands in the text (for a [wrapped](Link::is_wrapped)
    /// URL, with its line breaks).
    #[inline]
    pub fn as_str(&self) -> &'a str {
        &self.text[self.start..self.end]
    }

    /// Whether this is a URL wrapped across lines inside `<…>`
    /// ([`LinkFinder::wrapped_urls`]): its [`href`](Link::href) is its text
    /// joined, not its text.
    ///
    /// ```
    /// use linkscan::{LinkFinder, Profile};
    /// let link = LinkFinder::new().profile(Profile::Mail).links("<https://example.org/a/\n  b>").next().unwrap();
    /// assert!(link.is_wrapped());
    /// assert_eq!((link.href_prefix(), link.href_rest()), ("https://example.org/a/b", ""));
    /// ```
    #[inline]
    pub fn is_wrapped(&self) -> bool {
        self.wrapped
    }

    /// The host of the link, as written: the host a browser goes to. For a
    /// URL, what follows the scheme's `//` (or the start) and any user
    /// name, up to a port, path, query or fragment — where the WHATWG URL
    /// Standard ends it, so after `http`, `https` and the other special
    /// schemes a `\` ends it as `/` does; never a URL inside the path or
    /// query. For an email address, the domain after its `@`; for a handle,
    /// its domain. (Of a [wrapped](Link::is_wrapped) URL, read from the
    /// URL joined, as its [`href`](Link::href) is.)
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let hosts: Vec<_> = LinkFinder::new()
    ///     .links("https://user.example.com:8080/x and mailto:a@b.org?cc=c@d.org and a.org/?u=https://b.org")
    ///     .map(|l| l.host())
    ///     .collect();
    /// assert_eq!(hosts, ["user.example.com", "b.org", "a.org"]);
    /// // GFM links `https://a.org\@b.org`; a browser goes to a.org.
    /// assert_eq!(LinkFinder::gfm().links("https://a.org\\@b.org/").next().unwrap().host(), "a.org");
    /// ```
    pub fn host(&self) -> Cow<'a, str> {
        if self.wrapped {
            Cow::Owned(host_of(&self.prefix, self.kind, false).into())
        } else {
            Cow::Borrowed(host_of(self.as_str(), self.kind, !self.prefix.is_empty()))
        }
    }

    /// What UTS #46 says about each label of the [host](Link::host), and
    /// whether a label mixes scripts as homographs do (feature `idna`).
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let link = LinkFinder::new().links("https://xn--pple-43d.com/login").next().unwrap();
    /// assert!(link.host_report().is_suspicious()); // a Cyrillic а among Latin letters
    /// ```
    #[cfg(feature = "idna")]
    #[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
    pub fn host_report(&self) -> crate::idna::HostReport {
        crate::idna::report(&self.host(), self.user())
    }

    /// The user name of a URL written with one (`https://user:pass@host/`),
    /// without the password.
    #[cfg(feature = "idna")]
    fn user(&self) -> Option<&str> {
        let authority = match self.kind {
            LinkKind::Url if self.wrapped => authority_of(&self.prefix, false)?,
            LinkKind::Url => authority_of(self.as_str(), !self.prefix.is_empty())?,
            _ => return None,
        };
        let userinfo = &authority[..authority.rfind('@')?];
        Some(userinfo.split_once(':').map_or(userinfo, |(user, _)| user))
    }

    /// What [`Link::href`] puts before [`Link::href_rest`]: empty when the
    /// text has a scheme, else the default scheme or `mailto:` (for a
    /// handle or a [wrapped](Link::is_wrapped) URL, the whole target). For writers that build the target in
    /// place rather than allocate it.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let prefixes: Vec<_> = LinkFinder::new().links("example.com https://b.org a@c.org").map(|l| l.href_prefix().to_owned()).collect();
    /// assert_eq!(prefixes, ["https://", "", "mailto:"]);
    /// ```
    #[inline]
    pub fn href_prefix(&self) -> &str {
        &self.prefix
    }

    /// What [`Link::href`] puts after [`Link::href_prefix`]: the link text
    /// (empty for a handle or a wrapped URL, whose target is not their text).
    ///
    /// ```
    /// use linkscan::{Kinds, LinkFinder};
    /// let finder = LinkFinder::new().kinds(Kinds::ALL);
    /// let parts: Vec<_> = finder.links("a@c.org @ann@chaos.social").map(|l| [l.href_prefix().to_owned(), l.href_rest().to_owned()]).collect();
    /// assert_eq!(parts, [["mailto:", "a@c.org"], ["https://chaos.social/@ann", ""]]);
    /// ```
    #[inline]
    pub fn href_rest(&self) -> &'a str {
        if self.kind == LinkKind::Handle || self.wrapped { "" } else { self.as_str() }
    }

    /// The link target: the text itself when it has a scheme; otherwise the
    /// finder's default scheme before a URL (`https://example.com`), or
    /// `mailto:` before an email address.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let hrefs: Vec<_> = LinkFinder::new().links("example.com/a https://b.org a@c.org").map(|l| l.href().into_owned()).collect();
    /// assert_eq!(hrefs, ["https://example.com/a", "https://b.org", "mailto:a@c.org"]);
    /// ```
    pub fn href(&self) -> Cow<'a, str> {
        let rest = self.href_rest();
        if self.href_prefix().is_empty() {
            Cow::Borrowed(rest)
        } else {
            let mut href = String::with_capacity(self.prefix.len() + rest.len());
            href.push_str(&self.prefix);
            href.push_str(rest);
            Cow::Owned(href)
        }
    }
}

impl fmt::Display for Link<'_> {
    /// The link as it stands in the text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The host of a link of `kind` whose target is `target` (see [`Link::host`]);
/// `scheme_less`: a URL without its scheme.
fn host_of(target: &str, kind: LinkKind, scheme_less: bool) -> &str {
    let host = match kind {
        // An address's domain follows its first `@` (`mailto:a@b.org?cc=c@d.org`).
        LinkKind::Email => target.find('@').map_or(target, |at| &target[at + 1..]),
        LinkKind::Handle => target.rfind('@').map_or(target, |at| &target[at + 1..]),
        LinkKind::Url => match authority_of(target, scheme_less) {
            Some(authority) => authority.rfind('@').map_or(authority, |at| &authority[at + 1..]),
            None => return "",
        },
    };
    let end = if host.starts_with('[') {
        host.find(']').map_or(host.len(), |i| i + 1)
    } else {
        host.bytes().position(|b| matches!(b, b':' | b'/' | b'?' | b'#')).unwrap_or(host.len())
    };
    &host[..end]
}

/// A URL's authority (user information, host and port) as a browser reads
/// it: a URL without a scheme gets a special one.
fn authority_of(url: &str, scheme_less: bool) -> Option<&str> {
    crate::host::authority(url, scheme_less).map(|range| &url[range])
}
