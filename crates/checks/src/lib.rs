//! Workspace-level checks of linkscan (not published): the conformance
//! files, the generated tables against the data files, the comrak and
//! cmark-gfm differentials (this builds cmark-gfm: [`oracle`]), criterion benchmarks against peers — and, here, the
//! README's Rust examples, run as doctests so the README stays true.

pub mod corpora;
pub mod markup;
pub mod oracle;

#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
