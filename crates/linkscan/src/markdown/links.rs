//! Every link of a Markdown document, with where it is in the source: what
//! link checkers and site generators need.

use super::MarkdownAutolinks;
use crate::finder::LinkFinder;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd};

/// What kind of link a [`DocumentLink`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DocumentLinkKind {
    /// `[text](destination)`.
    Inline,
    /// `[text][label]`, `[label][]` or `[label]`: a use of a definition.
    Reference,
    /// `[label]: destination`: a reference definition.
    Definition,
    /// `![alt](destination)`, or an image by reference.
    Image,
    /// `<https://…>` or `<a@b.org>`.
    Autolink,
    /// A URL or email address in the text, linked by the dialect's rules
    /// (GFM's "autolink literals").
    Literal,
}

impl DocumentLinkKind {
    /// Its name in lower case: `inline`, `reference`, `definition`,
    /// `image`, `autolink` or `literal`.
    ///
    /// ```
    /// use linkscan::markdown::DocumentLinkKind;
    /// assert_eq!(DocumentLinkKind::Literal.as_str(), "literal");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentLinkKind::Inline => "inline",
            DocumentLinkKind::Reference => "reference",
            DocumentLinkKind::Definition => "definition",
            DocumentLinkKind::Image => "image",
            DocumentLinkKind::Autolink => "autolink",
            DocumentLinkKind::Literal => "literal",
        }
    }
}

impl core::fmt::Display for DocumentLinkKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A link of a Markdown document: see [`document_links`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DocumentLink<'a> {
    /// What kind of link it is.
    pub kind: DocumentLinkKind,
    /// Where it points, as a renderer writes it: `mailto:` before an email
    /// address; `https://` (the finder's default scheme) before a
    /// scheme-less literal.
    pub destination: CowStr<'a>,
    /// Its text: a link's text, an image's description, a definition's
    /// label (inline markup left out).
    pub text: String,
    /// Where it is in the source: byte offsets, the whole construct
    /// (`[text](destination)`, `<…>`, the literal itself, the definition).
    pub range: Range<usize>,
}

/// Every link of `markdown`, parsed by pulldown-cmark with `options`, in
/// source order: inline links, images, reference definitions and their
/// uses, angle autolinks, and the autolink literals `finder` finds (as
/// [`MarkdownAutolinks`] does). Nothing inside code blocks or code spans.
///
/// ```
/// use linkscan::markdown::{document_links, gfm_options, DocumentLinkKind};
/// use linkscan::LinkFinder;
///
/// let markdown = "See [the docs](https://a.org/d) and www.b.net.\n\n```\nhttps://not.this\n```\n\n[x]: https://c.org\n";
/// let links = document_links(markdown, gfm_options(), &LinkFinder::gfm());
/// let found: Vec<_> = links.iter().map(|l| (l.kind, &*l.destination, &markdown[l.range.clone()])).collect();
/// assert_eq!(found, [
///     (DocumentLinkKind::Inline, "https://a.org/d", "[the docs](https://a.org/d)"),
///     (DocumentLinkKind::Literal, "http://www.b.net", "www.b.net"),
///     (DocumentLinkKind::Definition, "https://c.org", "[x]: https://c.org"),
/// ]);
/// ```
pub fn document_links<'a>(markdown: &'a str, options: Options, finder: &LinkFinder) -> Vec<DocumentLink<'a>> {
    let parser = Parser::new_ext(markdown, options);
    let mut links: Vec<DocumentLink<'a>> = parser
        .reference_definitions()
        .iter()
        .map(|(label, definition)| DocumentLink {
            kind: DocumentLinkKind::Definition,
            destination: CowStr::from(String::from(&*definition.dest)),
            text: String::from(label),
            range: definition.span.clone(),
        })
        .collect();
    // Links and images open, innermost last: their place in `links` (an
    // image's description or a link's text goes into every open one).
    let mut open: Vec<usize> = Vec::new();
    for (event, range) in MarkdownAutolinks::from_parser(markdown, parser, finder).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { link_type, dest_url, .. } | Tag::Image { link_type, dest_url, .. }) => {
                let image = markdown[range.start..].starts_with("![");
                let kind = match link_type {
                    _ if image => DocumentLinkKind::Image,
                    LinkType::Inline => DocumentLinkKind::Inline,
                    LinkType::Autolink | LinkType::Email if markdown[range.start..].starts_with('<') => {
                        DocumentLinkKind::Autolink
                    }
                    LinkType::Autolink | LinkType::Email => DocumentLinkKind::Literal,
                    _ => DocumentLinkKind::Reference,
                };
                let destination = match link_type {
                    LinkType::Email => CowStr::from(alloc::format!("mailto:{dest_url}")),
                    _ => dest_url,
                };
                open.push(links.len());
                links.push(DocumentLink { kind, destination, text: String::new(), range });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                open.pop();
            }
            Event::Text(text) | Event::Code(text) => {
                for &i in &open {
                    links[i].text.push_str(&text);
                }
            }
            _ => {}
        }
    }
    links.sort_by_key(|link| link.range.start);
    links
}
