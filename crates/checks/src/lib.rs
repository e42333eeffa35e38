//! Workspace-level checks of linkscan (not published): the conformance
//! files, the generated tables against the data files, the comrak and
//! cmark-gfm differentials (this builds cmark-gfm: [`oracle`]), criterion benchmarks against peers — and, here, the
//! Rust examples of the README and the guide (`docs/`), run as doctests
//! so they stay true.

pub mod corpora;
pub mod html_dom;
pub mod markup;
pub mod oracle;
pub mod pieces;

#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guide's pages, doctested as the README is.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../../../docs/library.md")]
    pub struct Library;
    #[doc = include_str!("../../../docs/detection.md")]
    pub struct Detection;
    #[doc = include_str!("../../../docs/cli.md")]
    pub struct Cli;
    #[doc = include_str!("../../../docs/python.md")]
    pub struct Python;
    #[doc = include_str!("../../../docs/conformance.md")]
    pub struct Conformance;
    #[doc = include_str!("../../../docs/speed.md")]
    pub struct Speed;
    #[doc = include_str!("../../../docs/contributing.md")]
    pub struct Contributing;
}
