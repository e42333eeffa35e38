//! Safe HTML with links: from plain text ([`linkify`]) or, with the
//! `html-fragment` feature, from HTML ([`linkify_fragment`]).

use crate::finder::LinkFinder;
pub use crate::href::is_safe_href;
use alloc::string::String;

#[cfg(feature = "html-fragment")]
mod fragment;
#[cfg(feature = "html-fragment")]
mod tree;
#[cfg(feature = "html-fragment")]
#[cfg_attr(docsrs, doc(cfg(feature = "html-fragment")))]
pub use fragment::{
    Anchor, DEFAULT_SKIP_TAGS, FragmentOptions, NEVER_LINKED, is_anchor_attribute, linkify_fragment,
    linkify_fragment_with,
};

/// Attributes for the `<a>` elements [`linkify_with`] writes. Values are
/// attribute-escaped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HtmlOptions<'o> {
    /// `rel`, e.g. `"nofollow noopener"`.
    pub rel: Option<&'o str>,
    /// `target`, e.g. `"_blank"`.
    pub target: Option<&'o str>,
    /// `class`.
    pub class: Option<&'o str>,
}

impl<'o> HtmlOptions<'o> {
    /// No attributes besides `href`.
    ///
    /// ```
    /// use linkscan::{html::{linkify_with, HtmlOptions}, LinkFinder};
    /// let options = HtmlOptions::new().rel("nofollow").class("link");
    /// assert_eq!(
    ///     linkify_with("x.com", &LinkFinder::new(), &options),
    ///     "<a href=\"https://x.com\" rel=\"nofollow\" class=\"link\">x.com</a>"
    /// );
    /// ```
    pub const fn new() -> Self {
        HtmlOptions { rel: None, target: None, class: None }
    }

    /// With this `rel` attribute.
    ///
    /// ```
    /// use linkscan::{html::{linkify_with, HtmlOptions}, LinkFinder};
    /// let html = linkify_with("x.com", &LinkFinder::new(), &HtmlOptions::new().rel("nofollow"));
    /// assert_eq!(html, "<a href=\"https://x.com\" rel=\"nofollow\">x.com</a>");
    /// ```
    #[must_use]
    pub const fn rel(mut self, rel: &'o str) -> Self {
        self.rel = Some(rel);
        self
    }

    /// With this `target` attribute.
    ///
    /// ```
    /// use linkscan::{html::{linkify_with, HtmlOptions}, LinkFinder};
    /// let html = linkify_with("x.com", &LinkFinder::new(), &HtmlOptions::new().target("_blank"));
    /// assert_eq!(html, "<a href=\"https://x.com\" target=\"_blank\">x.com</a>");
    /// ```
    #[must_use]
    pub const fn target(mut self, target: &'o str) -> Self {
        self.target = Some(target);
        self
    }

    /// With this `class` attribute.
    ///
    /// ```
    /// use linkscan::{html::{linkify_with, HtmlOptions}, LinkFinder};
    /// let html = linkify_with("x.com", &LinkFinder::new(), &HtmlOptions::new().class("link"));
    /// assert_eq!(html, "<a href=\"https://x.com\" class=\"link\">x.com</a>");
    /// ```
    #[must_use]
    pub const fn class(mut self, class: &'o str) -> Self {
        self.class = Some(class);
        self
    }
}

/// `text`, HTML-escaped, with `<a href="…">` around each link `finder`
/// finds.
///
/// ```
/// use linkscan::{html, LinkFinder};
///
/// let html = html::linkify("See example.com/a?b=1&c=\"2\" or <x@example.org>.", &LinkFinder::new());
/// assert_eq!(
///     html,
///     "See <a href=\"https://example.com/a?b=1&amp;c=&quot;2\">example.com/a?b=1&amp;c=&quot;2</a>&quot; \
///      or &lt;<a href=\"mailto:x@example.org\">x@example.org</a>&gt;."
/// );
/// ```
pub fn linkify(text: &str, finder: &LinkFinder) -> String {
    linkify_with(text, finder, &HtmlOptions::default())
}

/// [`linkify`] with attributes for the links.
///
/// Whatever the input and options, the output never holds an element or
/// attribute other than `<a>` with `href`, `rel`, `target` and `class`, and
/// never an `href` whose scheme is `javascript:`, `data:` or `vbscript:`
/// (a link with such a target is written as plain text).
///
/// ```
/// use linkscan::html::{linkify_with, HtmlOptions};
/// use linkscan::LinkFinder;
///
/// let options = HtmlOptions::new().rel("nofollow").target("_blank");
/// assert_eq!(
///     linkify_with("example.com", &LinkFinder::new(), &options),
///     "<a href=\"https://example.com\" rel=\"nofollow\" target=\"_blank\">example.com</a>"
/// );
/// ```
pub fn linkify_with(text: &str, finder: &LinkFinder, options: &HtmlOptions<'_>) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut pos = 0;
    // No href is a script target: the finder never yields one (see
    // `LinkFinder::default_scheme`).
    for link in finder.links(text) {
        let href = link.href();
        escape_html(&mut out, &text[pos..link.start()]);
        out.push_str("<a href=\"");
        escape_html(&mut out, &href);
        out.push('"');
        for (name, value) in [("rel", options.rel), ("target", options.target), ("class", options.class)] {
            if let Some(value) = value {
                write_attribute(&mut out, name, value);
            }
        }
        out.push('>');
        escape_html(&mut out, link.as_str());
        out.push_str("</a>");
        pos = link.end();
    }
    escape_html(&mut out, &text[pos..]);
    out
}

/// Appends ` name="value"`, the value escaped.
fn write_attribute(out: &mut String, name: &str, value: &str) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    escape_html(out, value);
    out.push('"');
}

/// Appends text with `&`, `<` and `>` escaped and nothing else changed
/// (what a browser shows of it is `s`).
#[cfg(feature = "html-fragment")]
fn escape_text(out: &mut String, s: &str) {
    escape_by(out, s, escape_text_byte);
}

/// What [`escape_text`] writes for `b`, if not `b` itself.
#[cfg(feature = "html-fragment")]
fn escape_text_byte(b: u8) -> Option<&'static str> {
    match b {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        _ => None,
    }
}

/// Appends `s` with each byte for which `entity` gives a replacement (an
/// ASCII byte) replaced.
fn escape_by(out: &mut String, s: &str, entity: impl Fn(u8) -> Option<&'static str>) {
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        if let Some(entity) = entity(b) {
            out.push_str(&s[last..i]);
            out.push_str(entity);
            last = i + 1;
        }
    }
    out.push_str(&s[last..]);
}

/// Appends `s` with `&`, `<`, `>`, `"` and `'` escaped, safe in element
/// content and in quoted attribute values. NUL and the other C0 controls
/// HTML does not allow in text (all but tab, line feed, form feed and
/// carriage return), and DEL, become U+FFFD, as CommonMark and cmark-gfm
/// write NUL.
///
/// ```
/// let mut out = String::new();
/// linkscan::html::escape_html(&mut out, "<a href='x'>&</a>\0");
/// assert_eq!(out, "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;\u{FFFD}");
/// ```
pub fn escape_html(out: &mut String, s: &str) {
    escape_by(out, s, |b| match b {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        b'"' => Some("&quot;"),
        b'\'' => Some("&#39;"),
        b'\t' | b'\n' | 0x0C | b'\r' => None,
        0..0x20 | 0x7F => Some("\u{FFFD}"),
        _ => None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TldPolicy;

    #[test]
    fn script_schemes_are_never_written_as_hrefs() {
        for scheme in ["javascript:", "JavaScript:", " \u{1}java\tscript:", "data:", "VBScript:"] {
            let finder = LinkFinder::new().default_scheme(String::from(scheme));
            let html = linkify("alert.com/x", &finder);
            assert_eq!(html, "alert.com/x", "{scheme:?}");
            assert!(!is_safe_href(&alloc::format!("{scheme}alert.com")));
        }
        for href in ["https://x.com", "mailto:a@b.c", "x.com", "javascriptx:1", "data-x:1", ""] {
            assert!(is_safe_href(href), "{href}");
        }
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let options = HtmlOptions::new().rel("a\"b").class("<c>");
        let finder = LinkFinder::new().tlds(TldPolicy::Any);
        assert_eq!(
            linkify_with("<b>x.com/'&'</b>", &finder, &options),
            "&lt;b&gt;<a href=\"https://x.com/&#39;&amp;\" rel=\"a&quot;b\" class=\"&lt;c&gt;\">\
             x.com/&#39;&amp;</a>&#39;&lt;/b&gt;"
        );
        assert_eq!(linkify("", &finder), "");
        assert_eq!(linkify("no links & <tags>", &finder), "no links &amp; &lt;tags&gt;");
    }
}
