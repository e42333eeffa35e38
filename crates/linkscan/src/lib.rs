//! Find links — URLs and email addresses — in plain text and Markdown, and
//! format URLs for people to read, following Unicode
//! [UTS #58](https://www.unicode.org/reports/tr58/) (Unicode 18.0).
//!
//! # Finding links
//!
//! A [`LinkFinder`] is built once with its options and used for any number
//! of texts; [`LinkFinder::links`] yields each [`Link`] with its byte
//! offsets, kind, text and target ([`Link::href`]).
//!
//! ```
//! use linkscan::LinkFinder;
//!
//! let finder = LinkFinder::new();
//! let text = "Docs: https://ja.wikipedia.org/wiki/日本（国）. Mail アルベルト@example.com!";
//! let links: Vec<&str> = finder.links(text).map(|l| l.as_str()).collect();
//! assert_eq!(links, ["https://ja.wikipedia.org/wiki/日本（国）", "アルベルト@example.com"]);
//! ```
//!
//! * **Dialects**: [`LinkFinder::new`] follows UTS #58; [`LinkFinder::gfm`]
//!   and [`LinkFinder::md4c`] are GitHub's and MD4C's Markdown autolinks,
//!   exactly as cmark-gfm and md4c find them.
//! * **Profiles** ([`Profile`]) name the choices UTS #58 leaves open:
//!   the default, `strict` (the spec's pseudo-code and the Unicode reference
//!   exactly), `chat`, `docs` and `mail` (URLs wrapped across lines, as
//!   mail writes them); [`LinkFinder::strict`] lists each rule with its
//!   reason.
//! * **Options**: which [`Kinds`], [`Schemes`] and TLDs ([`TldPolicy`])
//!   count, IP and local hosts, the default scheme, file names. Options a
//!   user writes (a command line, keyword arguments) are checked together
//!   by [`FinderOptions`], as linkscan's CLI and Python package check theirs.
//! * **Offsets** in chars or UTF-16 units: [`OffsetConverter`]. Text and
//!   links in turn: [`LinkFinder::spans`].
//! * **Text that is still arriving** (a chat answer, a log): [`LinkStream`]
//!   gives each link once it is final, exactly as in the whole text.
//! * **Why a link ends where it does**, and why a near-miss is none:
//!   [`LinkFinder::explain`] names the rule behind each decision
//!   ([`explain::Rule`]).
//! * **Many short texts** stored end to end (an Arrow string column):
//!   [`LinkFinder::row_links`] finds them together, each row's links as
//!   the row alone has them, with no set-up a row.
//!
//! ```
//! use linkscan::{LinkFinder, Profile};
//! let text = "Is it example.com? See README.md or ping @ann@chaos.social";
//! let found = |p: Profile| LinkFinder::new().profile(p).links(text).map(|l| l.href()).collect::<Vec<_>>();
//! assert_eq!(found(Profile::Default), ["https://example.com"]);
//! assert_eq!(found(Profile::Strict), ["https://example.com?", "https://README.md", "mailto:ann@chaos.social"]);
//! assert_eq!(found(Profile::Chat), ["https://example.com", "https://chaos.social/@ann"]);
//! ```
//!
//! The iterators borrow the finder, so a function that returns them keeps
//! the finder somewhere that outlives the call — a `static`, or its caller:
//!
//! ```
//! use linkscan::{Link, LinkFinder};
//! use std::sync::LazyLock;
//!
//! static FINDER: LazyLock<LinkFinder> = LazyLock::new(LinkFinder::new);
//!
//! fn links(text: &str) -> impl Iterator<Item = Link<'_>> {
//!     FINDER.links(text)
//! }
//! assert_eq!(links("see example.com").next().unwrap().as_str(), "example.com");
//! ```
//!
//! # Markdown
//!
//! With the feature `pulldown-cmark`, [`markdown`] renders Markdown with
//! the autolinks of the finder's dialect, decided on the source as
//! cmark-gfm decides them and safe by default
//! ([`markdown::MarkdownAutolinks`]); lists every link of a document with
//! its range ([`markdown::document_links`]); and adds autolinks to any
//! stream of pulldown-cmark events ([`markdown::Autolinks`]). With the
//! feature `comrak`, `comrak::autolink` puts the same autolinks into a
//! document comrak parsed, whose blocks are GitHub's exactly.
//!
//! # HTML and formatting
//!
//! [`html::linkify`] writes text as safe HTML with its links (never a
//! script target); with the feature `html-fragment`,
//! `html::linkify_fragment` links the text of HTML, every other byte kept;
//! [`format::display_url`] gives the form of a URL people
//! read — unescaped where that is safe, detected whole — and [`format`]
//! also has UTS #58's minimal escaping (§4) and email quoting (§5.3).
//!
//! ```
//! use linkscan::format::display_url;
//!
//! let shown = display_url("https://en.wikipedia.org/wiki/Anton%C3%ADn_Dvo%C5%99%C3%A1k");
//! assert_eq!(shown, "https://en.wikipedia.org/wiki/Antonín_Dvořák");
//! ```
//!
//! # The spec's building blocks
//!
//! [`spec`] has the UTS #58 character properties, the §3.5.1 termination
//! algorithm alone (to fix the links another detector found) and the
//! limits; [`idna`] (feature `idna`) reports what UTS #46 says of a host.
//!
//! # Coming from linkify 0.11
//!
//! | linkify 0.11 | linkscan |
//! |---|---|
//! | `LinkFinder::new()` (URLs need a scheme) | `LinkFinder::new().require_scheme(true)` |
//! | `.url_must_have_scheme(false)` | `LinkFinder::new()` (the default: `example.com/a` is found) |
//! | `.kinds(&[LinkKind::Email])` | `.kinds(Kinds::EMAIL)`; `Kinds::URL \| Kinds::WWW` for URLs with and without a scheme |
//! | `.email_domain_must_have_dot(false)` | none: a domain ends in an accepted TLD ([`TldPolicy::Any`] accepts any well-formed one) |
//! | `link.kind() == &LinkKind::Url` | `link.kind() == LinkKind::Url` |
//! | `link.as_str()`, `start()`, `end()` | the same (UTF-8 byte offsets); and [`Link::href`] adds `https://` or `mailto:` |
//! | `finder.spans(text)`, `span.kind()` | `finder.spans(text)`, `span.link()` |
//! | ASCII punctuation ends links | UTS #58: `https://ja.wikipedia.org/wiki/日本（国）。` ends before `。` and keeps `（国）` |
//!
//! # Features
//!
//! The crate is `no_std` (with `alloc`); its only required dependency is
//! `memchr`. Features: `std` (default) lets the scan and `memchr` pick the
//! fastest instructions of the CPU at run time (AVX2 where it has them);
//! `pulldown-cmark` adds
//! [`markdown`]; `comrak` adds `comrak` (autolinks over comrak's AST);
//! `idna` adds [`idna`] (UTS #46 host reports, Unicode hosts
//! in `display_url`); `html-fragment` adds `html::linkify_fragment` (links
//! in the text of HTML, a successor to bleach's `linkify`, over the
//! html5gum tokenizer).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Four modules use `unsafe`, for SSE2 and AVX2 (`separators`, `search`, `pqf`,
// `markdown_candidates`); none other may.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(feature = "comrak")]
#[cfg_attr(docsrs, doc(cfg(feature = "comrak")))]
pub mod comrak;
mod domain;
mod email;
pub mod explain;
mod finder;
pub mod format;
mod gfm;
mod host;
mod href;
pub mod html;
#[cfg(feature = "idna")]
#[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
pub mod idna;
mod links;
#[cfg(feature = "pulldown-cmark")]
#[cfg_attr(docsrs, doc(cfg(feature = "pulldown-cmark")))]
pub mod markdown;
#[cfg(any(feature = "pulldown-cmark", feature = "comrak"))]
mod markdown_candidates;
#[cfg(any(feature = "pulldown-cmark", feature = "comrak"))]
mod markdown_source;
mod md4c;
mod offsets;
mod options;
mod pqf;
mod punycode;
pub mod rows;
mod scan;
// (Inside the crate the properties are `crate::props`.)
pub(crate) use spec::props;
mod search;
mod separators;
pub mod spec;
pub mod stream;
#[rustfmt::skip]
mod tables;
mod tld_hash;
mod uts58;
mod wrapped;

pub use finder::{
    Context, Dialect, Edge, Kinds, Link, LinkFinder, LinkKind, ParseDialectError, ParseKindsError,
    ParseProfileError, Profile,
};
pub use host::{Schemes, TldList, TldPolicy};
pub use links::{Links, Span, Spans};
pub use offsets::{OffsetConverter, OffsetUnit};
pub use options::{FinderOptions, OptionError};
pub use rows::{RowLinks, RowOffsetError};
pub use stream::LinkStream;
pub use tables::{TLD_LIST_VERSION, UNICODE_VERSION};
