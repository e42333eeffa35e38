//! linkscan without `std`: this crate is `#![no_std]` and uses linkscan
//! with default features off, so the workspace build fails if the library
//! ever needs `std` for its core (no target without `std` is installed on
//! the CI machine to build for).

#![no_std]

extern crate alloc;

use alloc::string::String;
use alloc::vec::Vec;

/// The links of `text`, and its display form as HTML: the core API.
pub fn links_and_html(text: &str) -> (Vec<(usize, usize)>, String) {
    let finder = linkscan::LinkFinder::new();
    let links = finder.links(text).map(|l| (l.start(), l.end())).collect();
    (links, linkscan::html::linkify(text, &finder))
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_links() {
        let (links, html) = super::links_and_html("see example.com");
        assert_eq!(links, [(4, 15)]);
        assert_eq!(html, "see <a href=\"https://example.com\">example.com</a>");
    }
}
