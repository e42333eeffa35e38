//! Autolinks for [comrak] (feature `comrak`): GitHub-exact documents.
//!
//! comrak is a port of cmark-gfm, GitHub's Markdown parser: it builds the
//! blocks cmark-gfm builds (footnotes, task lists, tables, HTML blocks, …).
//! [`autolink`] adds linkscan's autolinks to a document comrak parsed with
//! its own `autolink` extension off; [`markdown_to_html`] does the whole
//! round (parse, autolink, render) in one call.
//!
//! With a GFM finder ([`LinkFinder::gfm`]), URL and `www.` links are
//! decided on the source as cmark-gfm 0.29.0.gfm.13 decides them, by the
//! same scan the pulldown-cmark adapter uses (over emphasis, entities and
//! code-span backticks, never while a `[` is open), from each inline
//! element's source position; email addresses are found on the decoded
//! text, as cmark-gfm finds them. With other finders (MD4C, UTS #58), all
//! links are found on the decoded text of each run of text nodes, with the
//! markup at its edges as [`Context`].
//!
//! Safe by default as comrak is: raw HTML and script link targets are
//! comrak's to omit (its `render.unsafe`); an autolink never has a script
//! target.
//!
//! ```
//! use linkscan::LinkFinder;
//!
//! let mut options = comrak::Options::default();
//! options.extension.table = true;
//! let html = linkscan::comrak::markdown_to_html("See http://localhost:3000/admin.", &options, &LinkFinder::gfm());
//! assert_eq!(html, "<p>See <a href=\"http://localhost:3000/admin\">http://localhost:3000/admin</a>.</p>\n");
//! ```
//!
//! [comrak]: https://crates.io/crates/comrak

use crate::finder::{Context, Dialect, Edge, Kinds, LinkFinder};
use crate::markdown_candidates;
use crate::markdown_source::{Finding, Markup, Reshaped, Scanner, Shape, SourceLink, container_end, reshape};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use comrak::nodes::{AstNode, LineColumn, NodeLink, NodeValue, Sourcepos};
use comrak::{Arena, Options};
use core::cell::Cell;
use core::ops::Range;

/// comrak's options for GitHub's Markdown: tables, strikethrough, task
/// lists and footnotes (as [`crate::markdown::gfm_options`] for
/// pulldown-cmark); safe, as comrak is by default.
///
/// ```
/// use linkscan::LinkFinder;
/// let html = linkscan::comrak::markdown_to_html("- [x] ~~www.x.org~~", &linkscan::comrak::gfm_options(), &LinkFinder::gfm());
/// assert_eq!(html, "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> <del><a href=\"http://www.x.org\">www.x.org</a></del></li>\n</ul>\n");
/// ```
pub fn gfm_options() -> Options<'static> {
    let mut options = Options::default();
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.tasklist = true;
    options.extension.footnotes = true;
    options
}

/// comrak's options for `finder`'s dialect: [`gfm_options`] for a GFM
/// finder, CommonMark's for the others; safe (raw HTML and script link
/// targets omitted) unless `allow_unsafe`.
///
/// ```
/// use linkscan::LinkFinder;
/// let options = linkscan::comrak::options_for(&LinkFinder::md4c(), true);
/// assert!(!options.extension.table && options.render.r#unsafe);
/// let html = linkscan::comrak::markdown_to_html("<b>Hi</b> www.x.org", &options, &LinkFinder::md4c());
/// assert_eq!(html, "<p><b>Hi</b> <a href=\"http://www.x.org\">www.x.org</a></p>\n");
/// ```
pub fn options_for(finder: &LinkFinder, allow_unsafe: bool) -> Options<'static> {
    let mut options = if finder.dialect() == Dialect::Gfm { gfm_options() } else { Options::default() };
    options.render.r#unsafe = allow_unsafe;
    options
}

/// Parses `markdown` with comrak `options` (its `autolink` extension
/// turned off), adds the autolinks `finder` finds, and renders HTML with
/// `options`.
///
/// ```
/// use linkscan::LinkFinder;
/// let options = comrak::Options::default();
/// let html = linkscan::comrak::markdown_to_html("HTTP://www.example.com/ and <b>hi</b>", &options, &LinkFinder::gfm());
/// assert_eq!(html, "<p><a href=\"HTTP://www.example.com/\">HTTP://www.example.com/</a> and <!-- raw HTML omitted -->hi<!-- raw HTML omitted --></p>\n");
/// ```
pub fn markdown_to_html(markdown: &str, options: &Options<'_>, finder: &LinkFinder) -> String {
    let arena = Arena::new();
    let mut parse = options.clone();
    parse.extension.autolink = false;
    let root = comrak::parse_document(&arena, markdown, &parse);
    autolink(&arena, root, markdown, &parse, finder);
    let mut html = String::new();
    comrak::format_html(root, options, &mut html).expect("writing to a String cannot fail");
    html
}

/// Adds the autolinks `finder` finds to `root`, a document comrak parsed
/// from `markdown` with `options` (parse it with `extension.autolink` off:
/// links comrak made are kept, and nothing is linked inside them). New
/// nodes come from `arena` and carry their source positions.
///
/// ```
/// use comrak::{Arena, Options, format_html, parse_document};
/// use linkscan::LinkFinder;
///
/// let markdown = "- [ ] ship https://a.org/src/__init__.py\n- [x] mail ops@a.org";
/// let mut options = Options::default();
/// options.extension.tasklist = true;
/// let arena = Arena::new();
/// let root = parse_document(&arena, markdown, &options);
/// linkscan::comrak::autolink(&arena, root, markdown, &options, &LinkFinder::gfm());
/// let mut html = String::new();
/// format_html(root, &options, &mut html).unwrap();
/// assert!(html.contains("<a href=\"https://a.org/src/__init__.py\">https://a.org/src/__init__.py</a>"));
/// assert!(html.contains("<a href=\"mailto:ops@a.org\">ops@a.org</a>"));
/// ```
pub fn autolink<'a>(
    arena: &'a Arena<'a>,
    root: &'a AstNode<'a>,
    markdown: &str,
    options: &Options<'_>,
    finder: &LinkFinder,
) {
    let containers = inline_containers(root);
    let mut pass = Pass {
        arena,
        source: markdown,
        positions: SourcePositions::new(markdown, options),
        candidates: if finder.dialect() == Dialect::Gfm {
            markdown_candidates::candidates(markdown).urls
        } else {
            Vec::new()
        },
        scanner: Scanner::default(),
        elements: Vec::new(),
        links: Vec::new(),
    };
    let decoded = if finder.dialect() == Dialect::Gfm {
        // URL and `www.` links from the source; email addresses on the text.
        Cow::Owned(finder.clone().kinds(finder.asked_kinds & Kinds::EMAIL))
    } else {
        Cow::Borrowed(finder)
    };
    for container in containers {
        // (Its position stays as it is when its inlines are re-shaped.)
        let whole = pass.positions.range(markdown, &container.data().sourcepos);
        if !pass.candidates.is_empty()
            && let Some(whole) = whole.clone()
        {
            pass.source_links(container, whole, finder);
        }
        let source = whole.map(|range| &markdown[range]);
        if !decoded.kinds.is_empty() && may_have_decoded_links(source, &decoded) {
            decoded_links(arena, container, (markdown, &pass.positions), &decoded);
        }
    }
}

/// The blocks under `root` that hold inlines (paragraphs, headings, table
/// cells, …), in document order; their inlines are not walked.
fn inline_containers<'a>(root: &'a AstNode<'a>) -> Vec<&'a AstNode<'a>> {
    let (mut containers, mut stack) = (Vec::new(), vec![root]);
    while let Some(node) = stack.pop() {
        let value = &node.data().value;
        if value.contains_inlines() {
            containers.push(node);
        } else if value.block() {
            // (Pushed last first: popped in order.)
            let at = stack.len();
            stack.extend(node.children());
            stack[at..].reverse();
        }
    }
    containers
}

/// The source pass over a document's inline containers.
struct Pass<'a, 's> {
    arena: &'a Arena<'a>,
    source: &'s str,
    positions: SourcePositions,
    /// Where `://` and `www.` are in the source.
    candidates: Vec<usize>,
    scanner: Scanner,
    /// The container's elements, in order.
    elements: Vec<Element<'a>>,
    links: Vec<SourceLink>,
}

/// An inline element of a container, as the source scan sees it.
#[derive(Clone)]
struct Element<'a> {
    node: &'a AstNode<'a>,
    kind: Kind,
    range: Range<usize>,
}

impl<'a> Element<'a> {
    fn new(node: &'a AstNode<'a>, kind: Kind, range: Range<usize>) -> Self {
        Element { node, kind, range }
    }
}

/// What an element is.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// The start or end of a node with children.
    Start,
    End,
    /// A leaf node.
    Leaf,
    /// A piece of a text node (comrak joins adjacent text nodes: the text
    /// of an entity or escape with the text around it); `literal` is its
    /// part of the node's text, `plain` whether it is its source.
    Piece {
        literal: (usize, usize),
        plain: bool,
    },
}

impl<'a> Pass<'a, '_> {
    /// Finds the URL and `www.` links of `container`, at `whole` in the
    /// source, as cmark-gfm does, and re-shapes its nodes around them.
    fn source_links(&mut self, container: &'a AstNode<'a>, whole: Range<usize>, finder: &LinkFinder) {
        // (A binary search: containers are not always in source order, a
        // footnote's definition goes to the end.)
        let first = self.candidates.partition_point(|&c| c < whole.start);
        if self.candidates.get(first).is_none_or(|&c| c >= whole.end) {
            return;
        }
        // A table cell's `\|` is `|` before its inlines are parsed (by
        // cmark-gfm and by comrak, whose positions inside count from the
        // cell's start in the text without the backslashes).
        let cell = matches!(container.data().value, NodeValue::TableCell)
            && self.source[whole.clone()].contains("\\|");
        let (text, base, candidates) = if cell {
            let text = self.source[whole.clone()].replace("\\|", "|");
            let candidates = markdown_candidates::candidates(&text).urls;
            (Cow::Owned(text), whole.start, Cow::Owned(candidates))
        } else {
            (Cow::Borrowed(self.source), 0, Cow::Borrowed(&self.candidates[..]))
        };
        self.elements.clear();
        if !flatten(&mut self.elements, &self.positions, (self.source, &text, base), container) {
            return;
        }
        let Some(start) = self.elements.iter().map(|e| e.range.start).min() else { return };
        let last = self.elements.iter().map(|e| e.range.end).max().unwrap_or(start);
        let end = container_end(&text, start, last);
        self.scanner.restart(start);
        self.links.clear();
        let mut next = candidates.partition_point(|&c| c < start);
        for element in &self.elements {
            let finding = Finding {
                finder,
                candidates: &candidates,
                next_candidate: &mut next,
                end,
                links: &mut self.links,
            };
            self.scanner.element(&text, markup(element), &element.range, finding);
        }
        if self.links.is_empty() {
            return;
        }
        for element in &self.elements {
            element.node.detach();
        }
        let mut out = Rebuild {
            arena: self.arena,
            text: &text,
            base,
            positions: &self.positions,
            source: self.source,
            open: vec![container],
        };
        let elements = core::mem::take(&mut self.elements);
        reshape(
            &text,
            &mut self.links,
            elements.iter().map(|e| (e.clone(), e.range.clone())),
            shape,
            &mut out,
        );
        self.elements = elements;
    }
}

/// Lists the inline elements under `node` in order, with their ranges in
/// `text` (which starts at byte `base` of `source`); false when one has
/// none that fits (then no link is made). (A walk with a stack of its own:
/// inlines nest as deep as a document's delimiters go.)
fn flatten<'a>(
    elements: &mut Vec<Element<'a>>,
    positions: &SourcePositions,
    (source, text, base): (&str, &str, usize),
    node: &'a AstNode<'a>,
) -> bool {
    let mut open: Vec<(&'a AstNode<'a>, Range<usize>)> = Vec::new();
    let mut next = node.first_child();
    loop {
        let Some(child) = next else {
            let Some((parent, range)) = open.pop() else { return true };
            elements.push(Element::new(parent, Kind::End, range));
            next = parent.next_sibling();
            continue;
        };
        let Some(range) = positions.range_in(source, text, base, &child.data().sourcepos) else {
            return false;
        };
        if matches!(child.data().value, NodeValue::Text(_)) {
            pieces(elements, child, text, range);
        } else if let Some(first) = child.first_child() {
            elements.push(Element::new(child, Kind::Start, range.clone()));
            open.push((child, range));
            next = Some(first);
            continue;
        } else {
            elements.push(Element::new(child, Kind::Leaf, range));
        }
        next = child.next_sibling();
    }
}

/// The pieces of text node `node`, at `range` of `text`: runs that are
/// their source, and what an escape or entity became.
fn pieces<'a>(elements: &mut Vec<Element<'a>>, node: &'a AstNode<'a>, text: &str, range: Range<usize>) {
    let data = node.data();
    let NodeValue::Text(literal) = &data.value else { return };
    let source = &text[range.clone()];
    if source == literal.as_ref() {
        let piece = Kind::Piece { literal: (0, literal.len()), plain: true };
        elements.push(Element::new(node, piece, range));
        return;
    }
    for (from, to, literal, plain) in align(source, literal) {
        let piece = Kind::Piece { literal, plain };
        elements.push(Element::new(node, piece, range.start + from..range.start + to));
    }
}

/// Splits text `literal` whose source is `source` into pieces: `(start,
/// end, literal range, plain)`, source offsets relative to `source`. A
/// backslash escape is the piece of its character alone (the backslash
/// belongs to no piece, as in cmark-gfm's own text nodes); an entity is a
/// piece that is not plain, and so is a run of smart punctuation; where the
/// two stop agreeing otherwise (a replacement the parser made), the rest is
/// one piece that is not plain.
fn align(source: &str, literal: &str) -> Vec<(usize, usize, (usize, usize), bool)> {
    let (s, l) = (source.as_bytes(), literal.as_bytes());
    let mut pieces = Vec::new();
    let (mut i, mut j) = (0, 0);
    let (mut plain_i, mut plain_j) = (0, 0);
    let flush = |pieces: &mut Vec<_>, i: usize, j: usize, plain_i: usize, plain_j: usize| {
        if i > plain_i {
            pieces.push((plain_i, i, (plain_j, j), true));
        }
    };
    while i < s.len() {
        if s[i] == b'\\' && s.get(i + 1).is_some_and(u8::is_ascii_punctuation) && l.get(j) == s.get(i + 1) {
            flush(&mut pieces, i, j, plain_i, plain_j);
            pieces.push((i + 1, i + 2, (j, j + 1), true));
            (i, j) = (i + 2, j + 1);
            (plain_i, plain_j) = (i, j);
            continue;
        }
        if s[i] == b'&'
            && let Some(end) = entity_end(&s[i..]).map(|n| i + n)
            && !l[j..].starts_with(&s[i..end])
            && let Some(len) = decoded_len(&literal[j..], &s[end..])
        {
            flush(&mut pieces, i, j, plain_i, plain_j);
            pieces.push((i, end, (j, j + len), false));
            (i, j) = (end, j + len);
            (plain_i, plain_j) = (i, j);
            continue;
        }
        let c = source[i..].chars().next().map_or(1, char::len_utf8);
        if l.get(j..j + c) != Some(&s[i..i + c]) {
            flush(&mut pieces, i, j, plain_i, plain_j);
            // Smart punctuation (`parse.smart`): a run of `-.'"` became
            // dashes, an ellipsis, curly quotes; the text goes on after it.
            let source_run = s[i..].iter().take_while(|b| b"-.'\"".contains(b)).count();
            let literal_run: usize = literal[j..]
                .chars()
                .take_while(|c| "-.'\"\u{2013}\u{2014}\u{2026}\u{2018}\u{2019}\u{201C}\u{201D}".contains(*c))
                .map(char::len_utf8)
                .sum();
            if source_run == 0 || literal_run == 0 {
                pieces.push((i, s.len(), (j, l.len()), false));
                return pieces;
            }
            pieces.push((i, i + source_run, (j, j + literal_run), false));
            (i, j) = (i + source_run, j + literal_run);
            (plain_i, plain_j) = (i, j);
            continue;
        }
        (i, j) = (i + c, j + c);
    }
    flush(&mut pieces, i, j, plain_i, plain_j);
    if j < l.len() {
        // Text the source does not hold: kept with the last piece.
        match pieces.last_mut() {
            Some(last) => (last.2.1, last.3) = (l.len(), false),
            None => pieces.push((0, s.len(), (0, l.len()), false)),
        }
    }
    pieces
}

/// The length of the character reference at the start of `bytes`
/// (`&name;`, `&#123;`, `&#x1F;`), if it has the shape of one.
fn entity_end(bytes: &[u8]) -> Option<usize> {
    let rest = &bytes[1..];
    let (body, most) = match rest {
        [b'#', b'x' | b'X', ..] => (&rest[2..], 6),
        [b'#', ..] => (&rest[1..], 7),
        _ => (rest, 31),
    };
    let n = body.iter().take(most + 1).take_while(|b| b.is_ascii_alphanumeric()).count();
    let head = bytes.len() - body.len();
    (n > 0 && n <= most && body.get(n) == Some(&b';')).then_some(head + n + 1)
}

/// How many bytes of `literal` an entity decoded to (one or two
/// characters), seeing what the source has after it.
fn decoded_len(literal: &str, after: &[u8]) -> Option<usize> {
    let mut chars = literal.char_indices().map(|(i, c)| i + c.len_utf8());
    let one = chars.next()?;
    let two = chars.next();
    let fits = |len: usize| match after.first() {
        None => len == literal.len(),
        Some(b'&' | b'\\') => true,
        Some(&b) => literal.as_bytes().get(len) == Some(&b),
    };
    if fits(one) { Some(one) } else { two.filter(|&two| fits(two)) }
}

/// What an element is to the source scan.
fn markup(element: &Element<'_>) -> Markup {
    match element.kind {
        Kind::Piece { plain, .. } => Markup::Text { plain },
        Kind::Leaf => Markup::Leaf,
        Kind::Start | Kind::End => match &element.node.data().value {
            NodeValue::Link(_) | NodeValue::Image(_) | NodeValue::WikiLink(_)
                if element.kind == Kind::End =>
            {
                Markup::LinkEnd
            }
            NodeValue::Link(link) => Markup::LinkStart { angle: is_angle_autolink(element.node, link) },
            NodeValue::Image(_) | NodeValue::WikiLink(_) => Markup::LinkStart { angle: false },
            _ => Markup::Edge,
        },
    }
}

/// Whether a link is an angle autolink (`<https://…>`): its text is its
/// target, and it starts with `<`.
fn is_angle_autolink(node: &AstNode<'_>, link: &NodeLink) -> bool {
    let Some(text) = node.first_child() else { return false };
    let text = text.data();
    let literal = text.value.text().unwrap_or_default();
    !literal.is_empty()
        && (link.url == literal || link.url.strip_prefix("mailto:") == Some(literal))
        && node.data().sourcepos.start.column + 1 == text.sourcepos.start.column
}

/// What an element is to re-shaping.
fn shape(element: &Element<'_>) -> Shape {
    match element.kind {
        Kind::Start => Shape::Start,
        Kind::End => Shape::End,
        Kind::Leaf if matches!(element.node.data().value, NodeValue::LineBreak) => Shape::HardBreak,
        Kind::Leaf | Kind::Piece { .. } => Shape::Leaf,
    }
}

/// Builds a container's children anew from re-shaped elements.
struct Rebuild<'a, 's> {
    arena: &'a Arena<'a>,
    /// The text the elements' ranges are in, from byte `base` of `source`.
    text: &'s str,
    base: usize,
    source: &'s str,
    positions: &'s SourcePositions,
    /// The container, and the nodes open in it.
    open: Vec<&'a AstNode<'a>>,
}

impl<'a> Rebuild<'a, '_> {
    fn append(&mut self, value: NodeValue, range: &Range<usize>) -> &'a AstNode<'a> {
        let node = self.arena.alloc(value.into());
        node.data_mut().sourcepos = self.sourcepos(range);
        self.open.last().expect("the container").append(node);
        node
    }

    /// The source position of `range` of the text.
    fn sourcepos(&self, range: &Range<usize>) -> Sourcepos {
        let range = self.base + range.start..(self.base + range.end).min(self.source.len());
        self.positions.sourcepos(self.source, &range)
    }
}

impl<'a> Reshaped<Element<'a>> for Rebuild<'a, '_> {
    fn element(&mut self, element: Element<'a>, range: Range<usize>) {
        match element.kind {
            Kind::Start => {
                self.open.last().expect("the container").append(element.node);
                self.open.push(element.node);
            }
            Kind::End => {
                // (Never the container itself: ends come after their starts.)
                if self.open.len() > 1 {
                    self.open.pop();
                }
            }
            Kind::Leaf => self.open.last().expect("the container").append(element.node),
            Kind::Piece { literal: (from, to), .. } => {
                let text = match &element.node.data().value {
                    NodeValue::Text(text) => String::from(&text[from..to]),
                    _ => String::new(),
                };
                self.append(NodeValue::Text(text.into()), &range);
            }
        }
    }

    fn text(&mut self, range: Range<usize>) {
        let text = String::from(&self.text[range.clone()]);
        self.append(NodeValue::Text(text.into()), &range);
    }

    fn soft_break(&mut self, range: Range<usize>) {
        self.append(NodeValue::SoftBreak, &range);
    }

    fn link(&mut self, href: String, range: Range<usize>) {
        let link = self.append(autolink_value(href), &range);
        let text = self.arena.alloc(NodeValue::Text(String::from(&self.text[range.clone()]).into()).into());
        text.data_mut().sourcepos = self.sourcepos(&range);
        link.append(text);
    }
}

/// Whether the decoded text of a container whose source is `source` (if
/// known) may hold a link of `finder`: its source may (decoding an escape
/// keeps the character; an entity may become any).
fn may_have_decoded_links(source: Option<&str>, finder: &LinkFinder) -> bool {
    let Some(text) = source else { return true };
    if finder.kinds == Kinds::EMAIL {
        memchr::memchr2(b'&', b'@', text.as_bytes()).is_some()
    } else {
        finder.may_have_links(text) || memchr::memchr(b'&', text.as_bytes()).is_some()
    }
}

/// Finds links on the decoded text of `container`'s runs of adjacent text
/// nodes (outside links, and for other dialects than GFM outside images),
/// and splits the runs around them.
fn decoded_links<'a>(
    arena: &'a Arena<'a>,
    container: &'a AstNode<'a>,
    (source, positions): (&str, &SourcePositions),
    finder: &LinkFinder,
) {
    let mut stack = vec![container];
    let (mut run, mut text) = (Vec::new(), String::new());
    while let Some(parent) = stack.pop() {
        let mut child = parent.first_child();
        while let Some(node) = child {
            let is_text = matches!(node.data().value, NodeValue::Text(_));
            if !is_text {
                let skip = match node.data().value {
                    NodeValue::Link(_) | NodeValue::WikiLink(_) => true,
                    // cmark-gfm links an address in an image description
                    // (which renders as the same alt text).
                    NodeValue::Image(_) => finder.dialect() != Dialect::Gfm,
                    _ => false,
                };
                if !skip {
                    stack.push(node);
                }
                child = node.next_sibling();
                continue;
            }
            // The run of text nodes from `node`.
            run.clear();
            run.push(node);
            while let Some(next) = run.last().and_then(|n| n.next_sibling()) {
                if !matches!(next.data().value, NodeValue::Text(_)) {
                    break;
                }
                run.push(next);
            }
            child = run.last().and_then(|n| n.next_sibling());
            text.clear();
            for node in &run {
                text.push_str(node.data().value.text().unwrap_or_default());
            }
            if !finder.may_have_links(&text) {
                continue;
            }
            let context =
                Context::new(edge_before(container, run[0]), edge_after(container, run[run.len() - 1]));
            let links: Vec<(usize, usize, String)> = finder
                .links_in(&text, context)
                .map(|l| (l.start(), l.end(), l.href().into_owned()))
                .collect();
            if links.is_empty() {
                continue;
            }
            let map = TextMap::new(&run, source, positions);
            let first = run[0];
            let new = |value: NodeValue, range: Range<usize>| -> &'a AstNode<'a> {
                let node = arena.alloc(value.into());
                node.data_mut().sourcepos = map.sourcepos(range);
                node
            };
            let text_node =
                |range: Range<usize>| new(NodeValue::Text(String::from(&text[range.clone()]).into()), range);
            let mut at = 0;
            for (start, end, href) in links {
                if start > at {
                    first.insert_before(text_node(at..start));
                }
                let link = new(autolink_value(href), start..end);
                link.append(text_node(start..end));
                first.insert_before(link);
                at = end;
            }
            if at < text.len() {
                first.insert_before(text_node(at..text.len()));
            }
            for node in &run {
                node.detach();
            }
        }
    }
}

/// Where the joined text of a run of text nodes comes from in the source:
/// each piece of each node (see [`align`]), so that a link's source
/// position is exact where its text is its source, and covers a whole
/// entity or escape where not.
struct TextMap<'p> {
    /// `(text offset, source range, plain)` of each piece, in order.
    pieces: Vec<(usize, Range<usize>, bool)>,
    positions: &'p SourcePositions,
    source: &'p str,
    /// The run's first node's position (where no piece is known).
    fallback: Sourcepos,
}

impl<'p> TextMap<'p> {
    fn new(run: &[&AstNode<'_>], source: &'p str, positions: &'p SourcePositions) -> Self {
        let mut pieces = Vec::new();
        let mut at = 0;
        for node in run {
            let data = node.data();
            let literal = data.value.text().unwrap_or_default();
            if let Some(range) = positions.range(source, &data.sourcepos) {
                for (from, to, (l_from, _), plain) in align(&source[range.clone()], literal) {
                    pieces.push((at + l_from, range.start + from..range.start + to, plain));
                }
            }
            at += literal.len();
        }
        TextMap { pieces, positions, source, fallback: run[0].data().sourcepos }
    }

    /// The source offset of text offset `at` (a start, or an `end`).
    fn offset(&self, at: usize, end: bool) -> Option<usize> {
        let i = self.pieces.partition_point(|(start, _, _)| *start <= at - usize::from(end && at > 0));
        let (start, range, plain) = self.pieces.get(i.checked_sub(1)?)?;
        Some(match (plain, end) {
            (true, _) => (range.start + (at - start)).min(range.end),
            (false, false) => range.start,
            (false, true) => range.end,
        })
    }

    /// The source position of text range `range` (not empty).
    fn sourcepos(&self, range: Range<usize>) -> Sourcepos {
        match (self.offset(range.start, false), self.offset(range.end, true)) {
            (Some(start), Some(end)) if start < end => self.positions.sourcepos(self.source, &(start..end)),
            _ => self.fallback,
        }
    }
}

/// An autolink to `href` (its text is its child).
fn autolink_value(href: String) -> NodeValue {
    NodeValue::Link(alloc::boxed::Box::new(NodeLink { url: href, title: String::new() }))
}

/// Whether a node is emphasis-like markup (what GFM and MD4C look at).
fn is_emphasis(node: &AstNode<'_>) -> bool {
    matches!(node.data().value, NodeValue::Emph | NodeValue::Strong | NodeValue::Strikethrough)
}

/// What precedes `node` (in `container`), for the finder.
fn edge_before<'a>(container: &'a AstNode<'a>, node: &'a AstNode<'a>) -> Edge {
    match node.previous_sibling() {
        Some(previous) if matches!(previous.data().value, NodeValue::SoftBreak | NodeValue::LineBreak) => {
            Edge::Line
        }
        Some(previous) if is_emphasis(previous) => Edge::EmphasisClose,
        Some(_) => Edge::Other,
        None => match node.parent() {
            Some(parent) if core::ptr::eq(parent, container) => Edge::Block,
            Some(parent) if is_emphasis(parent) => Edge::EmphasisOpen,
            _ => Edge::Other,
        },
    }
}

/// What follows `node` (in `container`), for the finder.
fn edge_after<'a>(container: &'a AstNode<'a>, node: &'a AstNode<'a>) -> Edge {
    match node.next_sibling() {
        Some(next) if matches!(next.data().value, NodeValue::SoftBreak | NodeValue::LineBreak) => Edge::Line,
        Some(next) if is_emphasis(next) => Edge::EmphasisOpen,
        Some(_) => Edge::Other,
        None => match node.parent() {
            Some(parent) if core::ptr::eq(parent, container) => Edge::Block,
            Some(parent) if is_emphasis(parent) => Edge::EmphasisClose,
            _ => Edge::Other,
        },
    }
}

/// comrak's source positions (line and column) as byte offsets of the
/// text it parsed, and back.
///
/// ```
/// use comrak::{Arena, Options, parse_document};
/// use linkscan::comrak::SourcePositions;
///
/// let markdown = "# Title\n\n> see *this*\n";
/// let options = Options::default();
/// let arena = Arena::new();
/// let root = parse_document(&arena, markdown, &options);
/// let positions = SourcePositions::new(markdown, &options);
/// let emphasis = root.descendants().find(|n| matches!(n.data().value, comrak::nodes::NodeValue::Emph)).unwrap();
/// let range = positions.range(markdown, &emphasis.data().sourcepos).unwrap();
/// assert_eq!(&markdown[range], "*this*");
/// ```
#[derive(Debug)]
pub struct SourcePositions {
    /// Where each line starts (comrak ends a line at `\n`, `\r\n` or `\r`).
    line_starts: Vec<usize>,
    /// Columns count characters, not bytes (`parse.sourcepos_chars`).
    chars: bool,
    /// In characters: the last place counted, `(line start, byte offset,
    /// characters before it in its line)`. Positions are asked for mostly
    /// in order: counting on from there keeps a long line linear.
    counted: Cell<(usize, usize, usize)>,
}

impl SourcePositions {
    /// The positions of `markdown`, which comrak parses with `options`
    /// (columns count characters with `parse.sourcepos_chars`, else bytes).
    pub fn new(markdown: &str, options: &Options<'_>) -> Self {
        let (source, chars) = (markdown, options.parse.sourcepos_chars);
        let bytes = source.as_bytes();
        let mut line_starts = vec![0];
        if memchr::memchr(b'\r', bytes).is_none() {
            line_starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
        } else {
            for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
                if bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n') {
                    line_starts.push(i + 1);
                }
            }
        }
        SourcePositions { line_starts, chars, counted: Cell::new((0, 0, 0)) }
    }

    /// Where to count characters from in the line starting at `line_start`
    /// for a place at least `at` (a byte offset, or a character count when
    /// `by_chars`): the last place counted, if it is in that line before it.
    fn count_from(&self, line_start: usize, at: usize, by_chars: bool) -> (usize, usize) {
        let (line, byte, chars) = self.counted.get();
        let before = if by_chars { chars <= at } else { byte <= at };
        if line == line_start && before { (byte, chars) } else { (line_start, 0) }
    }

    /// The byte offset of `column` (1-based) of `line`.
    fn offset(&self, source: &str, at: LineColumn) -> Option<usize> {
        let line_start = *self.line_starts.get(at.line.checked_sub(1)?)?;
        let column = at.column.checked_sub(1)?;
        if !self.chars {
            return Some(line_start + column);
        }
        let (byte, chars) = self.count_from(line_start, column, true);
        let line_end = self.line_starts.get(at.line).map_or(source.len(), |&s| s);
        let rest = source.get(byte..line_end)?;
        let offset = byte + rest.char_indices().nth(column - chars).map_or(rest.len(), |(i, _)| i);
        self.counted.set((line_start, offset, column));
        Some(offset)
    }

    /// The byte range of `sourcepos` in `markdown` (the text these are
    /// the positions of), if it is one: `None` for a node comrak gives no
    /// position, or one outside the text.
    pub fn range(&self, markdown: &str, sourcepos: &Sourcepos) -> Option<Range<usize>> {
        self.range_in(markdown, markdown, 0, sourcepos)
    }

    /// The byte range of `sourcepos` (its end column is its last byte's,
    /// or its last character's) in `text`, which starts at byte `base` of
    /// `source`, if it is one of `text`.
    fn range_in(&self, source: &str, text: &str, base: usize, sourcepos: &Sourcepos) -> Option<Range<usize>> {
        let start = self.offset(source, sourcepos.start)?.checked_sub(base)?;
        let last = self.offset(source, sourcepos.end)?.checked_sub(base)?;
        let mut end = last + 1;
        while end < text.len() && !text.is_char_boundary(end) {
            end += 1;
        }
        (start <= end && end <= text.len() && text.is_char_boundary(start)).then_some(start..end)
    }

    /// The source position of byte range `range` of `source` (its end
    /// that of its last byte, or with character columns its last character).
    fn sourcepos(&self, source: &str, range: &Range<usize>) -> Sourcepos {
        let at = |mut offset: usize| {
            let line = self.line_starts.partition_point(|&s| s <= offset);
            let line_start = self.line_starts[line - 1];
            if !self.chars {
                return LineColumn { line, column: offset - line_start + 1 };
            }
            // (A table cell's text lacks the backslashes of its `\|`: an
            // offset counted in it may fall inside a character here.)
            offset = offset.min(source.len());
            while !source.is_char_boundary(offset) {
                offset -= 1;
            }
            let (byte, chars) = self.count_from(line_start, offset, false);
            let chars = chars + source[byte..offset].chars().count();
            self.counted.set((line_start, offset, chars));
            LineColumn { line, column: chars + 1 }
        };
        Sourcepos { start: at(range.start), end: at(range.end.max(range.start + 1) - 1) }
    }
}
