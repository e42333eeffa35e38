//! Find links — URLs and email addresses — in plain text, and format URLs
//! for people to read, following Unicode
//! [UTS #58](https://www.unicode.org/reports/tr58/) (Unicode 18.0).
//!
//! * [`props`]: the UTS #58 character properties (`Link_Term`,
//!   `Link_Bracket`, `Link_Email`), domain label characters and the
//!   built-in IANA top-level-domain list.
//! * [`LinkFinder`]: finds links in text ([`LinkFinder::links`],
//!   [`LinkFinder::spans`]), with options for kinds, schemes, TLDs and IP hosts;
//!   [`OffsetConverter`] turns its byte offsets into char or UTF-16 offsets.
//! * [`html`]: safe HTML with links for plain text.
//! * [`format`]: minimal escaping of a URL's path, query and fragment
//!   (§4.1), the display form of a whole URL, and email local-part quoting
//!   (§5.3).
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
//! ```
//! use linkscan::format::display_url;
//!
//! let shown = display_url("https://en.wikipedia.org/wiki/Anton%C3%ADn_Dvo%C5%99%C3%A1k");
//! assert_eq!(shown, "https://en.wikipedia.org/wiki/Antonín_Dvořák");
//! ```
//!
//! UTS #58 decides where a link ends; where it is silent (where a link
//! starts, which schemes count) or contradicts itself (a final `?`),
//! linkscan decides as a reader expects. [`Profile`]s name the policies:
//! the default, `strict` (the spec's pseudo-code and the Unicode reference
//! exactly), `chat` and `docs`; [`LinkFinder::strict`] lists each rule
//! with its reason.
//!
//! ```
//! use linkscan::{LinkFinder, Profile};
//! let text = "Is it example.com? See README.md or ping @ann@chaos.social";
//! let found = |p: Profile| LinkFinder::new().profile(p).links(text).map(|l| l.href()).collect::<Vec<_>>();
//! assert_eq!(found(Profile::Default), ["https://example.com", "https://README.md"]);
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
//! ## Coming from linkify 0.11
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
//! The crate is `no_std` (with `alloc`); its only required dependency is
//! `memchr`. Features: `std` (default) lets the scan and `memchr` pick the
//! fastest instructions of the CPU at run time (AVX2 where it has them);
//! `pulldown-cmark` adds
//! [`markdown`]; `idna` adds [`idna`] (UTS #46 host reports, Unicode hosts
//! in `display_url`).

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Three modules use `unsafe`, for SSE2 and AVX2 (`separators`, `search`, `pqf`); none other may.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod email;
mod finder;
pub mod format;
mod gfm;
mod host;
pub mod html;
#[cfg(feature = "idna")]
#[cfg_attr(docsrs, doc(cfg(feature = "idna")))]
pub mod idna;
#[cfg(feature = "pulldown-cmark")]
#[cfg_attr(docsrs, doc(cfg(feature = "pulldown-cmark")))]
pub mod markdown;
mod md4c;
mod offsets;
mod pqf;
pub mod props;
mod punycode;
mod search;
mod separators;
pub mod stream;
#[rustfmt::skip]
mod tables;
mod tld_hash;
mod uts58;

pub use finder::{
    Context, Dialect, Edge, Kinds, Link, LinkFinder, LinkKind, Links, ParseKindsError, ParseProfileError,
    Profile, Span, Spans,
};
pub use host::{FILE_EXTENSION_TLDS, MAX_LABEL_LEN, MAX_NAME_LEN, Schemes, TldList, TldPolicy};
pub use offsets::{OffsetConverter, OffsetUnit};
pub use pqf::{BRACKET_STACK_LIMIT, Part, path_query_fragment_end};
pub use stream::LinkStream;
pub use tables::{TLD_LIST_VERSION, UNICODE_VERSION};
