//! Links in the text of an HTML fragment: HTML in, HTML out.
//!
//! The fragment is read by html5gum, a WHATWG tokenizer that reports where
//! each token is in the source, its state after each tag decided as a
//! browser's tree construction decides it ([`super::tree`]: raw text after
//! `<style>` in HTML but not in SVG, CDATA only in foreign content,
//! `<noscript>` with scripting on and off). Links are found
//! in the text between tags, as the browser would show it (`&amp;` is `&`),
//! and every byte outside the links' anchors is copied as it was: tags,
//! attributes, comments, character references. A character reference that
//! a link's edge cuts through (`&ampexample.com`) is written again as the
//! characters it stands for, escaped; the text a browser shows is the same.

use super::tree::Reader;
use super::{escape_by, escape_html, escape_text, escape_text_byte, is_safe_href, write_attribute};
use crate::{Link, LinkFinder};
use alloc::string::String;
use alloc::vec::Vec;
use core::convert::Infallible;
use core::ops::Range;
use html5gum::{Token, Tokenizer};

/// Elements whose text is never linked, whatever the options: an anchor
/// (no link inside a link); the elements whose content is raw text, where
/// an `<a>` would be shown as text (`script`, `style`, `textarea`, `title`,
/// …); `noscript`, whose content is raw text or HTML as scripting is on or
/// off; SVG and MathML, where `<a>` is not HTML's; and the parts of a
/// `<select>`, whose content parsers old and new read differently.
pub const NEVER_LINKED: &[&str] = &[
    "a",
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
    "svg",
    "math",
    "select",
    "option",
    "optgroup",
    "datalist",
];

/// The elements [`FragmentOptions::new`] does not link in, besides
/// [`NEVER_LINKED`]: code and preformatted text.
pub const DEFAULT_SKIP_TAGS: &[&str] = &["pre", "code"];

/// What [`linkify_fragment`] writes and where it does not look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FragmentOptions<'o> {
    /// `rel`, `target` and `class` of the anchors written.
    pub attributes: super::HtmlOptions<'o>,
    /// Elements whose text is not linked, besides [`NEVER_LINKED`] (tag
    /// names, any case).
    pub skip_tags: &'o [&'o str],
}

impl<'o> FragmentOptions<'o> {
    /// No attributes besides `href`; [`DEFAULT_SKIP_TAGS`] skipped.
    pub const fn new() -> Self {
        FragmentOptions { attributes: super::HtmlOptions::new(), skip_tags: DEFAULT_SKIP_TAGS }
    }
}

impl Default for FragmentOptions<'_> {
    fn default() -> Self {
        Self::new()
    }
}

/// The anchor to write around one link, as [`linkify_fragment_with`]'s
/// caller decides it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    /// The `href`. An unsafe one ([`is_safe_href`]: a script target)
    /// leaves the link as text.
    pub href: String,
    /// Further attributes, written in order after `href`. One whose name is
    /// not a valid attribute name, is `href`, or is an event handler
    /// (`on…`) is left out.
    pub attributes: Vec<(String, String)>,
    /// What the anchor shows instead of the link's own text (escaped).
    pub text: Option<String>,
}

/// `html`, an HTML fragment or document, with `<a href="…">` around each
/// link `finder` finds in its text (not in attribute values, comments, or
/// the elements of [`NEVER_LINKED`] and `options.skip_tags`). Every other
/// byte is kept as it was; never a script href; linear time.
///
/// ```
/// use linkscan::html::{linkify_fragment, FragmentOptions, HtmlOptions};
/// use linkscan::LinkFinder;
///
/// let mut options = FragmentOptions::new();
/// options.attributes = HtmlOptions::new().rel("nofollow");
/// let html = linkify_fragment(
///     "<p title=\"a.com\">See b.com/?x=1&amp;y=2, <code>c.com</code>, <a href=\"/d\">d.com</a></p>",
///     &LinkFinder::new(),
///     &options,
/// );
/// assert_eq!(
///     html,
///     "<p title=\"a.com\">See <a href=\"https://b.com/?x=1&amp;y=2\" rel=\"nofollow\">b.com/?x=1&amp;y=2</a>, \
///      <code>c.com</code>, <a href=\"/d\">d.com</a></p>"
/// );
/// ```
pub fn linkify_fragment(html: &str, finder: &LinkFinder, options: &FragmentOptions<'_>) -> String {
    let attributes = options.attributes;
    let anchor = |link: &Link<'_>| {
        let named = [("rel", attributes.rel), ("target", attributes.target), ("class", attributes.class)];
        let attributes = named.into_iter().filter_map(|(n, v)| Some((n.into(), v?.into()))).collect();
        Ok::<_, Infallible>(Some(Anchor { href: link.href().into_owned(), attributes, text: None }))
    };
    match linkify_fragment_with(html, finder, options.skip_tags, anchor) {
        Ok(html) => html,
        Err(never) => match never {},
    }
}

/// [`linkify_fragment`] with the anchor of each link decided by `anchor`:
/// `Ok(None)` leaves the link as text, an error ends the work and is
/// returned. The link it is given is in the text as a browser shows it
/// (character references decoded).
///
/// ```
/// use linkscan::html::{linkify_fragment_with, Anchor};
/// use linkscan::{LinkFinder, LinkKind};
///
/// let html = linkify_fragment_with("a.com or b@c.org", &LinkFinder::new(), &[], |link| {
///     Ok::<_, ()>((link.kind() == LinkKind::Url).then(|| Anchor {
///         href: link.href().into_owned(),
///         attributes: vec![("target".into(), "_blank".into())],
///         text: None,
///     }))
/// });
/// assert_eq!(html.unwrap(), "<a href=\"https://a.com\" target=\"_blank\">a.com</a> or b@c.org");
/// ```
pub fn linkify_fragment_with<E>(
    html: &str,
    finder: &LinkFinder,
    skip_tags: &[&str],
    mut anchor: impl FnMut(&Link<'_>) -> Result<Option<Anchor>, E>,
) -> Result<String, E> {
    let reader = Reader::new(html, Skipped::new(skip_tags));
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    // The bytes of `html` before this are in `out`.
    let mut copied = 0;
    for item in Tokenizer::new_with_emitter(html, reader) {
        let Ok(item) = item;
        if item.blind {
            // Past what the reader follows: the rest is copied as it is.
            break;
        }
        if let (Token::String(text), true) = (&item.token, item.linkable) {
            let (start, end) = (text.span.start, text.span.end);
            // (A span out of order or off a character's edge would be a
            // tokenizer bug: that text is then left as it is.)
            let (Some(raw), Ok(decoded)) = (html.get(start..end), core::str::from_utf8(&text.value)) else {
                continue;
            };
            if start < copied {
                continue;
            }
            out.push_str(&html[copied..start]);
            linkify_text(&mut out, raw, decoded, finder, &mut anchor)?;
            copied = end;
        }
    }
    out.push_str(&html[copied..]);
    Ok(out)
}

/// Where the tokenizer is, as far as linking goes: the skipped elements
/// open, and the containers open that limit what an end tag closes
/// (tables and their parts, `object`, `template`, …). Text a table holds
/// of its own — between `<table>` or `<tr>` and a cell — is not linked:
/// the parser moves it out of the table, and an anchor there would not stay
/// around it. An end tag closes a skipped element only when no container
/// opened since is still open, as the parser's scope has it (`</code>`
/// inside a table inside `<code>` closes nothing): where the two disagree,
/// more is skipped, never less.
pub(super) struct Skipped {
    names: Vec<String>,
    /// For each name, its elements open: the number of containers open
    /// when each was opened.
    open: Vec<Vec<u32>>,
    /// How many skipped elements are open in all.
    total: u32,
    /// The containers open, innermost last (an index of `CONTAINERS`).
    containers: Vec<u8>,
    /// How many of each are open.
    containers_open: [u32; CONTAINERS.len()],
    /// A `<template>` was the last start tag: its content is read in the
    /// "in template" mode, where an `<a>` would change how the end tags
    /// after it are read (they are ignored there, but not in an anchor).
    template_first: bool,
}

/// Elements that have no content (a start tag opens nothing).
const VOID: &[&str] =
    &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"];

/// The elements an end tag does not close across: the first five hold no
/// text of their own, the others do.
const CONTAINERS: [&str; 12] = [
    "table", "tbody", "thead", "tfoot", "tr", "td", "th", "caption", "applet", "marquee", "object",
    "template",
];
const HOLD_TEXT: usize = 5;

impl Skipped {
    fn new(skip_tags: &[&str]) -> Skipped {
        // (SVG and MathML are foreign content, which the reader follows.)
        let names: Vec<String> = NEVER_LINKED
            .iter()
            .chain(skip_tags)
            .map(|name| name.to_ascii_lowercase())
            .filter(|name| !VOID.contains(&name.as_str()) && name != "svg" && name != "math")
            .collect();
        let open = alloc::vec![Vec::new(); names.len()];
        Skipped {
            open,
            names,
            total: 0,
            containers: Vec::new(),
            containers_open: [0; CONTAINERS.len()],
            template_first: false,
        }
    }

    fn index(&self, name: &[u8]) -> Option<usize> {
        self.names.iter().position(|n| n.as_bytes() == name)
    }

    /// A start tag (in HTML a `/` before its `>` means nothing: `<a/>`
    /// opens an `a`).
    pub(super) fn open(&mut self, name: &[u8]) {
        self.template_first = name == b"template";
        if let Some(i) = self.index(name) {
            self.open[i].push(self.containers.len() as u32);
            self.total += 1;
        }
        if let Some(c) = CONTAINERS.iter().position(|c| c.as_bytes() == name) {
            self.containers.push(c as u8);
            self.containers_open[c] += 1;
        }
    }

    /// Whether an element of this name, skipped, is open.
    pub(super) fn is_open(&self, name: &[u8]) -> bool {
        self.index(name).is_some_and(|i| !self.open[i].is_empty())
    }

    pub(super) fn close(&mut self, name: &[u8]) {
        self.template_first &= name != b"template";
        let depth = self.containers.len() as u32;
        if let Some(i) = self.index(name).filter(|&i| self.open[i].last() == Some(&depth)) {
            self.open[i].pop();
            self.total -= 1;
        }
        // (Closes the containers open inside it too; only when it is open,
        // so each is closed once: linear.)
        let container = CONTAINERS.iter().position(|c| c.as_bytes() == name);
        if let Some(c) = container.filter(|&c| self.containers_open[c] > 0) {
            while let Some(inner) = self.containers.pop() {
                self.containers_open[usize::from(inner)] -= 1;
                if usize::from(inner) == c {
                    break;
                }
            }
        }
    }

    /// Whether text here is not to be linked.
    pub(super) fn any(&self) -> bool {
        self.total > 0
            || self.template_first
            || self.containers.last().is_some_and(|&c| usize::from(c) < HOLD_TEXT)
    }
}

/// Writes one text token, `raw` in the source and `decoded` as a browser
/// shows it, with anchors around its links.
fn linkify_text<E>(
    out: &mut String,
    raw: &str,
    decoded: &str,
    finder: &LinkFinder,
    anchor: &mut impl FnMut(&Link<'_>) -> Result<Option<Anchor>, E>,
) -> Result<(), E> {
    let mut links = finder.links(decoded).peekable();
    // Most text has no link: it is copied, its pieces never read.
    if links.peek().is_none() {
        out.push_str(raw);
        return Ok(());
    }
    let (whole, pieces);
    let units: &[Unit] = if raw == decoded {
        whole = [Unit { raw: 0..raw.len(), decoded: 0..raw.len(), literal: true }];
        &whole
    } else if let Some(found) = units(raw, decoded) {
        pieces = found;
        &pieces
    } else {
        // (Never seen: see `units`.) The text stays as it was.
        out.push_str(raw);
        return Ok(());
    };
    let mut writer = Writer { raw, decoded, units, next: 0 };
    let mut at = 0;
    for link in links {
        let Some(anchor) = anchor(&link)? else { continue };
        if !is_safe_href(&anchor.href) {
            continue;
        }
        writer.write(out, at..link.start());
        end_open_markup(out);
        out.push_str("<a href=\"");
        escape_html(out, &anchor.href);
        out.push('"');
        for (name, value) in &anchor.attributes {
            if is_anchor_attribute(name) {
                write_attribute(out, name, value);
            }
        }
        out.push('>');
        match &anchor.text {
            Some(text) => {
                escape_text(out, text);
                writer.skip(link.end());
            }
            None => writer.write(out, link.start()..link.end()),
        }
        end_open_markup(out);
        out.push_str("</a>");
        at = link.end();
    }
    writer.write(out, at..decoded.len());
    Ok(())
}

/// Whether an [`Anchor`] may have an attribute of this name besides its
/// href: a valid attribute name, not `href` and not an event handler
/// (`on…`).
///
/// ```
/// use linkscan::html::is_anchor_attribute;
/// assert!(is_anchor_attribute("rel") && is_anchor_attribute("data-x"));
/// assert!(!is_anchor_attribute("onclick") && !is_anchor_attribute("HREF") && !is_anchor_attribute("a b"));
/// ```
pub fn is_anchor_attribute(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes.iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.'))
        && bytes[0].is_ascii_alphabetic()
        && !name.eq_ignore_ascii_case("href")
        && !bytes.get(..2).is_some_and(|p| p.eq_ignore_ascii_case(b"on"))
}

/// A piece of a text token: bytes of the source and what they show.
/// A literal piece shows its own bytes; another is one character reference
/// (with the letters and digits after it), one line break written `\r`
/// or `\r\n`, or a `</>`, which shows nothing.
#[derive(Debug, PartialEq, Eq)]
struct Unit {
    raw: Range<usize>,
    decoded: Range<usize>,
    literal: bool,
}

/// The pieces of a text token whose source `raw` differs from its text
/// `decoded`, each reference decoded on its own by the tokenizer; `None` if
/// they do not add up to `decoded`.
fn units(raw: &str, decoded: &str) -> Option<Vec<Unit>> {
    let bytes = raw.as_bytes();
    let mut units = Vec::new();
    let (mut r, mut d) = (0, 0);
    while r < raw.len() {
        let special = memchr::memchr3(b'&', b'\r', b'<', &bytes[r..]).map_or(raw.len(), |i| r + i);
        let (end, literal) = if special > r {
            (special, true)
        } else if bytes[r] == b'<' {
            // `</>` is nothing (and does not end the text); another `<` is itself.
            if raw[r..].starts_with("</>") { (r + 3, false) } else { (r + 1, true) }
        } else if bytes[r] == b'\r' {
            (r + 1 + usize::from(bytes.get(r + 1) == Some(&b'\n')), false)
        } else {
            let mut end = r + 1;
            while bytes.get(end).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'#') {
                end += 1;
            }
            (end + usize::from(bytes.get(end) == Some(&b';')), false)
        };
        let piece = &raw[r..end];
        let shown = if literal { piece.into() } else { decode(piece) };
        if !decoded.get(d..)?.starts_with(shown.as_str()) {
            return None;
        }
        units.push(Unit { raw: r..end, decoded: d..d + shown.len(), literal });
        (r, d) = (end, d + shown.len());
    }
    (d == decoded.len()).then_some(units)
}

/// The text `piece` shows on its own, as the tokenizer reads it.
fn decode(piece: &str) -> String {
    let mut text = String::new();
    for token in Tokenizer::new(piece) {
        let Ok(token) = token;
        if let Token::String(s) = token {
            text.push_str(&String::from_utf8_lossy(&s.value));
        }
    }
    text
}

/// Before a tag is written: text that ends with `</`, `<!` or `<?` (at
/// the end of the input, the tokenizer's text) would open markup with the
/// tag's `<`; its `<` is written `&lt;` (the text shown is the same).
fn end_open_markup(out: &mut String) {
    let Some(lt) = out.rfind('<') else { return };
    let after = &out.as_bytes()[lt + 1..];
    if !after.is_empty() && after.iter().all(|b| matches!(b, b'/' | b'!' | b'?' | b'-')) {
        out.replace_range(lt..=lt, "&lt;");
    }
}

/// Whether `out` ends with `&` and letters, digits or `#`: a reference
/// that what follows may still extend.
fn ends_in_open_reference(out: &str) -> bool {
    let bytes = out.as_bytes();
    let run = bytes.iter().rev().take_while(|b| b.is_ascii_alphanumeric() || **b == b'#').count();
    bytes.len() > run && bytes[bytes.len() - run - 1] == b'&'
}

/// Appends part of what a reference or line break shows, escaped so that
/// it shows the same: a carriage return (`&#13`) as a reference, since the
/// tokenizer reads a literal one as a line feed.
fn escape_cut(out: &mut String, text: &str) {
    escape_by(out, text, |b| match b {
        b'\r' => Some("&#13;"),
        b => escape_text_byte(b),
    });
}

/// Writes ranges of a text token's decoded text, in order, as their source
/// where whole pieces are written, escaped where a range cuts a piece.
struct Writer<'a> {
    raw: &'a str,
    decoded: &'a str,
    units: &'a [Unit],
    /// The first piece not wholly written.
    next: usize,
}

impl Writer<'_> {
    fn write(&mut self, out: &mut String, range: Range<usize>) {
        // (A piece that shows nothing goes with the text before it.)
        let before_end = |u: &&Unit| u.decoded.start < range.end || u.decoded == (range.end..range.end);
        while let Some(unit) = self.units.get(self.next).filter(before_end) {
            let (start, end) = (unit.decoded.start.max(range.start), unit.decoded.end.min(range.end));
            if unit.literal {
                let shift = |i: usize| unit.raw.start + (i - unit.decoded.start);
                out.push_str(&self.raw[shift(start)..shift(end)]);
            } else if (start, end) == (unit.decoded.start, unit.decoded.end) {
                out.push_str(&self.raw[unit.raw.clone()]);
            } else {
                // (Its first character as a reference where it would be
                // read as part of a reference written before without `;`.)
                let text = &self.decoded[start..end];
                let first = text.chars().next().unwrap_or(' ');
                let rest = if ends_in_open_reference(out)
                    && (first.is_ascii_alphanumeric() || matches!(first, '#' | ';'))
                {
                    out.push_str(&alloc::format!("&#x{:X};", u32::from(first)));
                    &text[1..]
                } else {
                    text
                };
                escape_cut(out, rest);
            }
            if unit.decoded.end > range.end {
                return;
            }
            self.next += 1;
        }
    }

    /// Passes over the text up to `end` without writing it.
    fn skip(&mut self, end: usize) {
        while self.units.get(self.next).is_some_and(|u| u.decoded.end <= end) {
            self.next += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use proptest::prelude::*;

    fn linkify(html: &str) -> String {
        linkify_fragment(html, &LinkFinder::new(), &FragmentOptions::new())
    }

    #[test]
    fn text_is_linked_and_every_other_byte_kept() {
        let cases = [
            ("a.com", "<a href=\"https://a.com\">a.com</a>"),
            (
                "<p class=x>See <b>a.com</b>.</p><!-- b.com -->",
                "<p class=x>See <b><a href=\"https://a.com\">a.com</a></b>.</p><!-- b.com -->",
            ),
            // Entities: decoded for the href, kept in the text.
            ("a.com/?x&amp;y", "<a href=\"https://a.com/?x&amp;y\">a.com/?x&amp;y</a>"),
            ("a.com/&#x41;&#66", "<a href=\"https://a.com/AB\">a.com/&#x41;&#66</a>"),
            ("&lt;a.com&gt;", "&lt;<a href=\"https://a.com\">a.com</a>&gt;"),
            // A reference cut by the link's edge is written as its text.
            ("&ampa.com", "&amp;<a href=\"https://a.com\">a.com</a>"),
            ("&#x35&#x35http://a.com", "&#x35&#x35;<a href=\"http://a.com\">http://a.com</a>"),
            ("&lt;</>a.com", "&lt;</><a href=\"https://a.com\">a.com</a>"),
            // Text that ends the input with `</` or `<!`: its `<` escaped
            // before a tag is written after it.
            ("http://a.org/x</", "<a href=\"http://a.org/x&lt;/\">http://a.org/x&lt;/</a>"),
            ("a.com <!", "<a href=\"https://a.com\">a.com</a> <!"),
            // Attribute values, comments and CDATA outside foreign content are not text.
            (
                "<img alt='a.com' src=\"b.com\"><![CDATA[c.com]]>",
                "<img alt='a.com' src=\"b.com\"><![CDATA[c.com]]>",
            ),
            // Line breaks as they were.
            ("x\r\na.com\ry", "x\r\n<a href=\"https://a.com\">a.com</a>\ry"),
            // A carriage return by reference, cut from the letters after
            // it, stays a reference: a literal one would read as `\n`.
            ("&#13a.com", "&#13;<a href=\"https://a.com\">a.com</a>"),
            ("&#x0Dwww.a.com", "&#13;<a href=\"https://www.a.com\">www.a.com</a>"),
        ];
        for (html, expected) in cases {
            assert_eq!(linkify(html), expected, "{html:?}");
        }
    }

    #[test]
    fn skipped_elements_and_anchors_are_not_linked() {
        let unchanged = [
            "<a href=\"/x\">a.com <b>b.com</b></a>",
            "<pre>a.com</pre><code>b.com</code><CODE>c.com</CODE>",
            "<script>var a = 'a.com</p>';</script><style>/* b.com */</style>",
            "<textarea>a.com</textarea><title>b.com</title>",
            "<svg><text>a.com</text></svg><math><mi>b.com</mi></math>",
            "<select><option>a.com</option></select>",
            // An anchor not closed: nothing after it is linked.
            "<a>x <p>a.com",
            // `<a/>` opens an anchor in HTML.
            "<a/>a.com",
            "<plaintext>a.com</plaintext>b.com",
            // A table's own text is moved out of it by the parser.
            "<table>a.com<tr>b.com<td></td></tr></table>",
            // `</code>` does not close across a table: the cell is in the code.
            "<code><table><td></code>a.com</td></table>b.com",
        ];
        for html in unchanged {
            assert_eq!(linkify(html), html, "{html:?}");
        }
        assert_eq!(linkify("<svg/>a.com"), "<svg/><a href=\"https://a.com\">a.com</a>");
        assert_eq!(linkify("<a>x</a>a.com"), "<a>x</a><a href=\"https://a.com\">a.com</a>");
        assert_eq!(
            linkify("<table><tr><td>a.com<table></table>b</td></tr></table>c.com"),
            "<table><tr><td><a href=\"https://a.com\">a.com</a><table></table>b</td></tr></table>\
             <a href=\"https://c.com\">c.com</a>"
        );
        // `pre` and `code` are only the default.
        let options = FragmentOptions { skip_tags: &["B"], ..FragmentOptions::new() };
        assert_eq!(
            linkify_fragment("<b>a.com</b><pre>b.com</pre>", &LinkFinder::new(), &options),
            "<b>a.com</b><pre><a href=\"https://b.com\">b.com</a></pre>"
        );
        // A void element given as one to skip opens nothing.
        let options = FragmentOptions { skip_tags: &["br"], ..FragmentOptions::new() };
        assert_eq!(
            linkify_fragment("<br>a.com", &LinkFinder::new(), &options),
            "<br><a href=\"https://a.com\">a.com</a>"
        );
    }

    #[test]
    fn anchors_are_as_the_caller_decides_and_never_unsafe() {
        let anchor = |link: &Link<'_>| {
            Ok::<_, ()>(match link.as_str() {
                "a.com" => Some(Anchor { href: "javascript:alert(1)".into(), ..Anchor::default() }),
                "b.com" => None,
                _ => Some(Anchor {
                    href: link.href().into_owned(),
                    attributes: vec![
                        ("rel".into(), "no\"follow".into()),
                        ("onclick".into(), "x()".into()),
                        ("HREF".into(), "y".into()),
                        ("a b".into(), "z".into()),
                    ],
                    text: Some("<c>".into()),
                }),
            })
        };
        let html = linkify_fragment_with("a.com b.com c.com", &LinkFinder::new(), &[], anchor);
        assert_eq!(
            html.unwrap(),
            "a.com b.com <a href=\"https://c.com\" rel=\"no&quot;follow\">&lt;c&gt;</a>"
        );
        let failed = linkify_fragment_with("a.com", &LinkFinder::new(), &[], |_| Err("stop"));
        assert_eq!(failed, Err("stop"));
    }

    fn fragment() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "a.com",
            "x@y.org",
            "http://f.org/?q=1",
            "www.g.com",
            "&amp;",
            "&ampb.com",
            "&#x35",
            "&#59;",
            "&notit;",
            "&",
            "<p>",
            "</p>",
            "<a>",
            "</a>",
            "<!-- c.com -->",
            "<svg>",
            "</svg>",
            "<![CDATA[d.com]]>",
            "<b title=\"e.com\">",
            "&lt;",
            " ",
            "\r\n",
            "\r",
            "<",
            ">",
            "é",
            "日本。",
            "/",
            "?",
            ";",
            ".",
            "\"",
            "'",
            "=",
            "(",
            ")",
            "\0",
            "&NotEqualTilde;",
            "&#0;",
            "&#x80;",
            "&#13",
            "&#x0D",
            "&#1",
            "</>",
            "</",
            "<!",
            "<?",
            "&gt",
            "ab",
            "1",
        ]);
        prop::collection::vec(pieces, 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Every text token that may be linked has pieces that add up: no
        /// text is left unlinked for want of a mapping to its source. (That
        /// the output's DOM is the input's but for the anchors is checked
        /// against html5ever, in `crates/checks/tests/html_dom.rs`.)
        #[test]
        fn every_text_token_maps_to_its_source(html in fragment()) {
            for item in Tokenizer::new_with_emitter(html.as_str(), Reader::new(&html, Skipped::new(&[]))) {
                let Ok(item) = item;
                if let (Token::String(text), true) = (&item.token, item.linkable) {
                    let raw = &html[text.span.start..text.span.end];
                    let decoded = core::str::from_utf8(&text.value).unwrap();
                    prop_assert!(raw == decoded || units(raw, decoded).is_some(), "{:?} / {:?}", raw, decoded);
                }
            }
        }
    }

    #[test]
    fn units_map_references_and_line_breaks() {
        let found = units("x&amp;y\r\nz&#59", "x&y\nz;").unwrap();
        let pieces: Vec<_> = found.iter().map(|u| (u.raw.clone(), u.decoded.clone(), u.literal)).collect();
        assert_eq!(
            pieces,
            [
                (0..1, 0..1, true),
                (1..6, 1..2, false),
                (6..7, 2..3, true),
                (7..9, 3..4, false),
                (9..10, 4..5, true),
                (10..14, 5..6, false)
            ]
        );
        assert_eq!(units("&amp;", "x"), None);
    }
}
