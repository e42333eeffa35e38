//! How a browser's tree construction reads an HTML fragment, as far as
//! linking its text goes: which tokenizer state each start tag leaves
//! (raw text after `<style>` in HTML, but not inside `<svg>` or `<math>`),
//! whether `<![CDATA[` opens a CDATA section (in foreign content only), and
//! which text may be linked.
//!
//! The tokenizer is html5gum's; [`Reader`] is the emitter that makes these
//! decisions for it, from a model of the stack of open elements that is
//! exact where it decides (foreign content, integration points, raw-text
//! elements) and, where a fragment goes past what it models (an end tag in
//! foreign content that would close HTML elements below it, tables or
//! `<select>` inside an integration point, formatting elements a browser may
//! reconstruct inside one, `<noscript>` whose content two parsers read
//! differently with scripting on and off), goes *blind*: no text after that
//! point is linked, so the rest of the fragment is copied as it was and is
//! read by every parser as it would have been.

use super::fragment::Skipped;
use alloc::collections::VecDeque;
use alloc::vec::Vec;
use html5gum::{DefaultEmitter, Emitter, Error, State, Token, Tokenizer};

/// A token and what may be done with it.
pub(super) struct Item {
    pub token: Token<usize>,
    /// A text token whose text may be linked.
    pub linkable: bool,
    /// From here on nothing is linked.
    pub blind: bool,
}

/// The namespace of an open element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Namespace {
    Html,
    Svg,
    MathMl,
}

/// An element open inside foreign content (from the outermost `<svg>` or
/// `<math>` in): a foreign element, or an HTML one inside an integration
/// point.
#[derive(Debug)]
struct Open {
    namespace: Namespace,
    /// The tag name as the tokenizer gives it (ASCII lowercase).
    name: Vec<u8>,
    /// An HTML integration point (SVG `foreignObject`, `desc`, `title`;
    /// MathML `annotation-xml` with an HTML encoding).
    html_integration: bool,
    /// A MathML text integration point (`mi`, `mo`, `mn`, `ms`, `mtext`).
    text_integration: bool,
}

/// Start tags that leave foreign content (HTML's "breakout" tags; `font`
/// only with `color`, `face` or `size`).
const BREAKOUT: &[&[u8]] = &[
    b"b",
    b"big",
    b"blockquote",
    b"body",
    b"br",
    b"center",
    b"code",
    b"dd",
    b"div",
    b"dl",
    b"dt",
    b"em",
    b"embed",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"head",
    b"hr",
    b"i",
    b"img",
    b"li",
    b"listing",
    b"menu",
    b"meta",
    b"nobr",
    b"ol",
    b"p",
    b"pre",
    b"ruby",
    b"s",
    b"small",
    b"span",
    b"strong",
    b"strike",
    b"sub",
    b"sup",
    b"table",
    b"tt",
    b"u",
    b"ul",
    b"var",
];

/// HTML elements that have no content.
const VOID: &[&[u8]] = &[
    b"area",
    b"base",
    b"basefont",
    b"bgsound",
    b"br",
    b"col",
    b"embed",
    b"frame",
    b"hr",
    b"image",
    b"img",
    b"input",
    b"keygen",
    b"link",
    b"meta",
    b"param",
    b"source",
    b"track",
    b"wbr",
];

/// The formatting elements: a browser reopens one closed out of turn
/// ("reconstructs" it) before the next text or element.
const FORMATTING: &[&[u8]] = &[
    b"a", b"b", b"big", b"code", b"em", b"font", b"i", b"nobr", b"s", b"small", b"strike", b"strong", b"tt",
    b"u",
];

/// Start tags whose effect depends on the insertion mode (tables, forms,
/// `<select>`, `<template>`) or on the document's own elements: the model
/// follows none of them where it must be exact.
const INSERTION_MODE_TAGS: &[&[u8]] = &[
    b"table",
    b"caption",
    b"colgroup",
    b"tbody",
    b"thead",
    b"tfoot",
    b"tr",
    b"td",
    b"th",
    b"select",
    b"option",
    b"optgroup",
    b"template",
    b"form",
    b"frameset",
    b"body",
    b"html",
    b"head",
];

/// Start tags whose effect inside an integration point this model does not
/// follow (they close or move elements by the insertion mode), besides
/// [`INSERTION_MODE_TAGS`]: blind there.
const UNMODELLED_IN_FOREIGN: &[&[u8]] = &[
    b"rb",
    b"rp",
    b"rt",
    b"rtc",
    b"noscript",
    b"plaintext",
    b"li",
    b"dd",
    b"dt",
    b"a",
    b"button",
    b"nobr",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"math",
    b"svg",
];

/// Start tags that close an open `p` (in button scope).
const CLOSES_P: &[&[u8]] = &[
    b"address",
    b"article",
    b"aside",
    b"blockquote",
    b"center",
    b"details",
    b"dialog",
    b"dir",
    b"div",
    b"dl",
    b"fieldset",
    b"figcaption",
    b"figure",
    b"footer",
    b"header",
    b"hgroup",
    b"main",
    b"menu",
    b"nav",
    b"ol",
    b"p",
    b"search",
    b"section",
    b"summary",
    b"ul",
    b"pre",
    b"listing",
    b"xmp",
    b"hr",
];

/// The tokenizer state an HTML start tag leaves, as the HTML standard's
/// tree construction switches it ("in body" and the modes that defer to
/// it); `<noscript>` as with scripting on.
fn html_state(name: &[u8]) -> Option<State> {
    match name {
        b"textarea" | b"title" => Some(State::RcData),
        b"plaintext" => Some(State::PlainText),
        b"script" => Some(State::ScriptData),
        b"style" | b"iframe" | b"xmp" | b"noembed" | b"noframes" | b"noscript" => Some(State::RawText),
        _ => None,
    }
}

/// The model of the open elements (see the module's comment).
pub(super) struct Model {
    /// The skipped elements and containers open outside foreign content.
    skipped: Skipped,
    /// The elements open inside foreign content; empty outside it.
    foreign: Vec<Open>,
    /// The formatting elements open outside foreign content.
    formatting: Formatting,
    /// Where the content of an open `<noscript>` starts (read as raw text).
    noscript: Option<usize>,
    /// Past what the model follows: nothing more is linked.
    blind: bool,
}

impl Model {
    fn new(skipped: Skipped) -> Model {
        Model {
            skipped,
            foreign: Vec::new(),
            formatting: Formatting::default(),
            noscript: None,
            blind: false,
        }
    }

    /// Whether text here may be linked.
    fn linkable(&self) -> bool {
        !self.blind && self.foreign.is_empty() && !self.skipped.any()
    }

    /// Whether the current node is a foreign element (where `<![CDATA[`
    /// opens a CDATA section).
    fn in_foreign_element(&self) -> bool {
        self.foreign.last().is_some_and(|open| open.namespace != Namespace::Html)
    }

    /// Whether a token at the current node is read by HTML's rules rather
    /// than foreign content's: inside an HTML element, or a start tag (or
    /// text) at an integration point.
    fn html_rules_for_start(&self, name: &[u8]) -> bool {
        match self.foreign.last() {
            None => true,
            Some(open) => {
                open.namespace == Namespace::Html
                    || open.html_integration
                    || (open.text_integration && name != b"mglyph" && name != b"malignmark")
                    || (open.namespace == Namespace::MathMl
                        && open.name == b"annotation-xml"
                        && name == b"svg")
            }
        }
    }

    /// Text at the current node (its content is not needed).
    fn text(&mut self) {
        // At an integration point text is HTML's, and a browser first
        // reconstructs the formatting elements closed out of turn.
        if self.formatting.disturbed
            && self
                .foreign
                .last()
                .is_some_and(|o| o.namespace == Namespace::Html || o.html_integration || o.text_integration)
        {
            self.blind = true;
        }
    }

    /// A start tag; the tokenizer state it leaves.
    fn start_tag(&mut self, source: &str, tag: &html5gum::StartTag<usize>) -> Option<State> {
        if self.blind {
            return None;
        }
        let name: &[u8] = &tag.name;
        if self.foreign.is_empty() {
            return self.html_start(source, tag);
        }
        if self.html_rules_for_start(name) {
            return self.html_start_in_foreign(tag);
        }
        let breakout = BREAKOUT.contains(&name)
            || (name == b"font"
                && [&b"color"[..], b"face", b"size"].iter().any(|a| tag.attributes.contains_key(*a)));
        if breakout {
            self.pop_to_html_or_integration_point();
            return self.start_tag(source, tag);
        }
        let namespace = self.foreign.last().map_or(Namespace::Svg, |o| o.namespace);
        if !tag.self_closing {
            self.foreign.push(foreign_element(namespace, tag));
        }
        None
    }

    /// A start tag outside foreign content.
    fn html_start(&mut self, source: &str, tag: &html5gum::StartTag<usize>) -> Option<State> {
        let name: &[u8] = &tag.name;
        let state = html_state(name);
        let foreign = name == b"svg" || name == b"math";
        // `<select>`'s content is read differently by parsers old and new
        // (raw text or no element at all); `<frameset>` (in a document)
        // ignores the raw-text elements after it.
        if ((state.is_some() || foreign) && self.skipped.is_open(b"select")) || name == b"frameset" {
            self.blind = true;
            return None;
        }
        if foreign {
            if !tag.self_closing {
                let namespace = if name == b"svg" { Namespace::Svg } else { Namespace::MathMl };
                self.foreign.push(foreign_element(namespace, tag));
            }
            return None;
        }
        self.formatting.start(name);
        if name == b"noscript" {
            self.noscript = Some(tag.span.end.min(source.len()));
        }
        self.skipped.open(name);
        state
    }

    /// A start tag read by HTML's rules inside foreign content.
    fn html_start_in_foreign(&mut self, tag: &html5gum::StartTag<usize>) -> Option<State> {
        let name: &[u8] = &tag.name;
        let open_html = self.foreign.iter().rev().take_while(|o| o.namespace == Namespace::Html);
        let p_open = open_html.clone().any(|o| o.name == b"p");
        if self.formatting.disturbed
            || INSERTION_MODE_TAGS.contains(&name)
            || UNMODELLED_IN_FOREIGN.contains(&name)
            || (p_open && CLOSES_P.contains(&name))
        {
            // (`svg` and `math` here would open foreign content inside the
            // HTML of foreign content: not followed, to keep the model small.)
            self.blind = true;
            return None;
        }
        if !VOID.contains(&name) {
            let open = Open {
                namespace: Namespace::Html,
                name: name.to_vec(),
                html_integration: false,
                text_integration: false,
            };
            self.foreign.push(open);
        }
        html_state(name)
    }

    /// Pops foreign elements until the current node is HTML or an
    /// integration point (or foreign content has ended).
    fn pop_to_html_or_integration_point(&mut self) {
        while let Some(open) = self.foreign.last() {
            if open.namespace == Namespace::Html || open.html_integration || open.text_integration {
                break;
            }
            self.foreign.pop();
        }
    }

    /// An end tag (of `source`, which the end of a `<noscript>` reads
    /// again).
    fn end_tag(&mut self, source: &str, tag: &html5gum::EndTag<usize>) {
        if self.blind {
            return;
        }
        let name: &[u8] = &tag.name;
        let Some(current) = self.foreign.last() else {
            if name == b"noscript"
                && let Some(start) = self.noscript.take()
                && !noscript_reads_alike(
                    source.get(start..tag.span.end).unwrap_or(""),
                    tag.span.start.saturating_sub(start),
                )
            {
                self.blind = true;
            }
            self.formatting.end(name);
            self.skipped.close(name);
            return;
        };
        if current.namespace == Namespace::Html {
            // Inside an integration point: only the current element's own
            // end tag is followed.
            if current.name == name {
                self.foreign.pop();
            } else {
                self.blind = true;
            }
            return;
        }
        if name == b"p" || name == b"br" {
            // Parsers written before 2023 read these as any other end tag
            // (they do not leave foreign content); browsers and html5ever
            // now do: past what all read alike.
            self.blind = true;
            return;
        }
        // Foreign content's end tag: the nearest foreign element of that
        // name closes, with every element opened inside it; one that would
        // reach an HTML element first is HTML's to decide.
        for i in (0..self.foreign.len()).rev() {
            if self.foreign[i].name == name {
                self.foreign.truncate(i);
                return;
            }
            if i == 0 || self.foreign[i - 1].namespace == Namespace::Html {
                self.blind = true;
                return;
            }
        }
    }
}

/// The formatting elements open outside foreign content, and whether one
/// may have been closed out of turn. A browser keeps such an element in its
/// list of active formatting elements and opens it again ("reconstructs"
/// it) before the next text or element, inside foreign content's
/// integration points too, where the model would then no longer know the
/// current node. Followed while a formatting element is open: the elements
/// opened since, each closed by its own end tag in turn; anything else
/// (an end tag out of turn, a start tag that closes elements) may close one
/// out of turn.
#[derive(Default)]
struct Formatting {
    /// How many are open.
    open: u32,
    /// The elements open since the first of them was opened.
    stack: Vec<Vec<u8>>,
    /// One may have been closed out of turn.
    disturbed: bool,
}

/// Start tags that may close elements other than by their end tag.
const CLOSES_ELEMENTS: &[&[u8]] = &[
    b"li",
    b"dd",
    b"dt",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"table",
    b"caption",
    b"colgroup",
    b"col",
    b"tbody",
    b"thead",
    b"tfoot",
    b"tr",
    b"td",
    b"th",
    b"button",
    b"a",
    b"nobr",
    b"select",
    b"option",
    b"optgroup",
    b"rb",
    b"rp",
    b"rt",
    b"rtc",
    b"form",
    b"body",
    b"html",
    b"head",
    b"frameset",
    b"textarea",
    b"input",
    b"keygen",
    b"plaintext",
];

impl Formatting {
    fn start(&mut self, name: &[u8]) {
        let formatting = FORMATTING.contains(&name);
        if self.open > 0 && (CLOSES_P.contains(&name) || CLOSES_ELEMENTS.contains(&name)) {
            self.disturbed = true;
        }
        if (self.open > 0 || formatting) && !VOID.contains(&name) {
            self.stack.push(name.to_vec());
            self.open += u32::from(formatting);
        }
    }

    fn end(&mut self, name: &[u8]) {
        if self.open == 0 {
            return;
        }
        if self.stack.last().is_some_and(|last| last == name) {
            self.stack.pop();
            if FORMATTING.contains(&name) {
                self.open -= 1;
                if self.open == 0 {
                    self.stack.clear();
                    self.disturbed = false;
                }
            }
        } else {
            self.disturbed = true;
        }
    }
}

/// A foreign element for `tag`, in `namespace`.
fn foreign_element(namespace: Namespace, tag: &html5gum::StartTag<usize>) -> Open {
    let name: &[u8] = &tag.name;
    let html_integration = match namespace {
        Namespace::Svg => matches!(name, b"foreignobject" | b"desc" | b"title"),
        Namespace::MathMl => {
            name == b"annotation-xml"
                && tag.attributes.get(&b"encoding"[..]).is_some_and(|v| {
                    v.value.eq_ignore_ascii_case(b"text/html")
                        || v.value.eq_ignore_ascii_case(b"application/xhtml+xml")
                })
        }
        Namespace::Html => false,
    };
    let text_integration =
        namespace == Namespace::MathMl && matches!(name, b"mi" | b"mo" | b"mn" | b"ms" | b"mtext");
    Open { namespace, name: name.to_vec(), html_integration, text_integration }
}

/// Whether a `<noscript>`'s content, read as raw text (scripting on), ends
/// where the same bytes read as HTML (scripting off) end it too, with the
/// same elements open: `source` is the content and its end tag, which
/// starts at `end`. The content may hold text, comments and elements
/// opened and closed in turn; nothing that switches the tokenizer, nothing
/// foreign, no table or form ([`INSERTION_MODE_TAGS`]).
fn noscript_reads_alike(source: &str, end: usize) -> bool {
    const REFUSED: &[&[u8]] = &[b"svg", b"math", b"col", b"frame", b"image"];
    let mut open: Vec<html5gum::HtmlString> = Vec::new();
    let mut last = None;
    for token in Tokenizer::new_with_emitter(source, DefaultEmitter::<usize>::new_with_span()) {
        let Ok(token) = token;
        match &token {
            Token::StartTag(tag) => {
                let name: &[u8] = &tag.name;
                if html_state(name).is_some()
                    || INSERTION_MODE_TAGS.contains(&name)
                    || REFUSED.contains(&name)
                {
                    return false;
                }
                if !VOID.contains(&name) {
                    open.push(tag.name.clone());
                }
            }
            Token::EndTag(tag) if tag.span.start < end => match open.pop() {
                Some(name) if name == tag.name => {}
                _ => return false,
            },
            Token::Error(_) => continue,
            _ => {}
        }
        last = Some(token);
    }
    open.is_empty()
        && matches!(last, Some(Token::EndTag(tag)) if tag.span.start == end && &*tag.name == b"noscript")
}

/// The emitter: html5gum's own, with the state after each start tag, and
/// CDATA, decided by the [`Model`], and each token marked as it may be
/// linked.
pub(super) struct Reader<'a> {
    source: &'a str,
    inner: DefaultEmitter<usize>,
    /// Tokens the inner emitter had made before the last tag, with their
    /// marks (made before the tag changed the model).
    ready: VecDeque<Item>,
    model: Model,
}

impl<'a> Reader<'a> {
    pub(super) fn new(source: &'a str, skipped: Skipped) -> Reader<'a> {
        Reader {
            source,
            inner: DefaultEmitter::new_with_span(),
            ready: VecDeque::new(),
            model: Model::new(skipped),
        }
    }

    /// Marks a token by the model as it is now.
    fn mark(&mut self, token: Token<usize>) -> Item {
        if let Token::String(_) = token {
            self.model.text();
        }
        let linkable = matches!(token, Token::String(_)) && self.model.linkable();
        Item { token, linkable, blind: self.model.blind }
    }
}

/// Emitter methods that go to html5gum's own emitter as they are.
macro_rules! forward {
    ($($name:ident($($arg:ident: $type:ty),*);)*) => {
        $(fn $name(&mut self, $($arg: $type),*) {
            self.inner.$name($($arg),*);
        })*
    };
}

impl Emitter for Reader<'_> {
    type Token = Item;

    forward! {
        set_last_start_tag(last_start_tag: Option<&[u8]>);
        emit_eof();
        init_string();
        emit_string(c: &[u8]);
        init_start_tag();
        init_end_tag();
        init_comment();
        emit_current_comment();
        emit_current_doctype();
        set_self_closing();
        set_force_quirks();
        push_tag_name(s: &[u8]);
        push_comment(s: &[u8]);
        push_doctype_name(s: &[u8]);
        init_doctype();
        init_attribute();
        init_attribute_value();
        push_attribute_name(s: &[u8]);
        push_attribute_value(s: &[u8]);
        set_doctype_public_identifier(value: &[u8]);
        set_doctype_system_identifier(value: &[u8]);
        push_doctype_public_identifier(s: &[u8]);
        push_doctype_system_identifier(s: &[u8]);
        start_open_tag();
        move_position(offset: isize);
    }

    fn emit_error(&mut self, _: Error) {}

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<Item> {
        if let Some(item) = self.ready.pop_front() {
            return Some(item);
        }
        let token = self.inner.pop_token()?;
        Some(self.mark(token))
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        let _ = self.inner.emit_current_tag();
        // The tokens made before the tag are marked by the model as it
        // was; then the tag changes it.
        let mut state = None;
        while let Some(token) = self.inner.pop_token() {
            let item = match &token {
                Token::StartTag(start) => {
                    state = self.model.start_tag(self.source, start);
                    Item { token, linkable: false, blind: self.model.blind }
                }
                Token::EndTag(end) => {
                    self.model.end_tag(self.source, end);
                    Item { token, linkable: false, blind: self.model.blind }
                }
                _ => self.mark(token),
            };
            self.ready.push_back(item);
        }
        if state.is_some() {
            self.inner.init_string();
        }
        state
    }

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        self.inner.current_is_appropriate_end_tag_token()
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&mut self) -> bool {
        self.model.in_foreign_element()
    }
}
