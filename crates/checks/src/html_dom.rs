//! The oracle of the HTML linkifier (`linkscan::html::linkify_fragment`):
//! html5ever, a tree builder that shares no code with linkscan, builds the
//! DOM a browser builds from the input and from the output, with scripting
//! on and off, and [`same_but_anchors`] says whether they differ by
//! anything but the anchors the linkifier added around text.
//!
//! The anchors added carry [`MARK`] (the tests give it to each anchor), so
//! an `<a>` the input had is never taken for one added: an added anchor is
//! an HTML `a` with that attribute whose children are text alone, and it
//! stands for its text.

use html5ever::tendril::TendrilSink;
use html5ever::tree_builder::TreeBuilderOpts;
use html5ever::{ParseOpts, QualName, local_name, ns, parse_document, parse_fragment};
use markup5ever_rcdom::{Handle, NodeData, RcDom};

/// The attribute the tests put on every anchor they let the linkifier add.
pub const MARK: &str = "data-linkscan-added-5f1c";

/// A node of the DOM, as compared: elements with their namespace, name,
/// attributes (sorted) and children (a template's contents as its
/// children), text, comments, doctypes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// An element.
    Element { namespace: String, name: String, attributes: Vec<(String, String)>, children: Vec<Node> },
    /// A text node.
    Text(String),
    /// A comment.
    Comment(String),
    /// A doctype or processing instruction, by its text.
    Other(String),
}

/// How the HTML is parsed: as a fragment in a `<body>` (what a page that
/// inserts it does) or as a whole document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// `innerHTML` of a `<body>`.
    Body,
    /// A document.
    Document,
}

/// The DOM html5ever builds from `html`.
pub fn dom(html: &str, context: Context, scripting: bool) -> Vec<Node> {
    let opts = ParseOpts {
        tree_builder: TreeBuilderOpts { scripting_enabled: scripting, ..TreeBuilderOpts::default() },
        ..ParseOpts::default()
    };
    let parsed = match context {
        Context::Body => {
            let body = QualName::new(None, ns!(html), local_name!("body"));
            parse_fragment(RcDom::default(), opts, body, Vec::new(), scripting).one(html)
        }
        Context::Document => parse_document(RcDom::default(), opts).one(html),
    };
    children(&parsed.document)
}

fn children(handle: &Handle) -> Vec<Node> {
    handle.children.borrow().iter().map(node).collect()
}

fn node(handle: &Handle) -> Node {
    match &handle.data {
        NodeData::Element { name, attrs, template_contents, .. } => {
            let mut attributes: Vec<(String, String)> = attrs
                .borrow()
                .iter()
                .map(|a| {
                    let prefix = a.name.prefix.as_ref().map_or(String::new(), |p| format!("{p}:"));
                    (format!("{prefix}{}", a.name.local), a.value.to_string())
                })
                .collect();
            attributes.sort();
            let children = match &*template_contents.borrow() {
                Some(contents) => children(contents),
                None => children(handle),
            };
            Node::Element {
                namespace: name.ns.to_string(),
                name: name.local.to_string(),
                attributes,
                children,
            }
        }
        NodeData::Text { contents } => Node::Text(contents.borrow().to_string()),
        NodeData::Comment { contents } => Node::Comment(contents.to_string()),
        NodeData::Doctype { name, public_id, system_id } => {
            Node::Other(format!("doctype {name} {public_id} {system_id}"))
        }
        NodeData::ProcessingInstruction { target, contents } => {
            Node::Other(format!("pi {target} {contents}"))
        }
        NodeData::Document => Node::Other("document".into()),
    }
}

/// `nodes` with each added anchor replaced by its text and adjacent text
/// merged; `Err` names an anchor marked as added that holds more than text
/// (the linkifier moved an element into it) or is not where an `a` goes.
pub fn without_added_anchors(nodes: &[Node]) -> Result<Vec<Node>, String> {
    let mut out: Vec<Node> = Vec::new();
    let push_text = |out: &mut Vec<Node>, text: &str| match out.last_mut() {
        Some(Node::Text(last)) => last.push_str(text),
        _ => out.push(Node::Text(text.into())),
    };
    for node in nodes {
        match node {
            Node::Element { namespace, name, attributes, children } => {
                if attributes.iter().any(|(n, _)| n == MARK) {
                    if namespace != "http://www.w3.org/1999/xhtml" || name != "a" {
                        return Err(format!("the mark on <{name}> ({namespace})"));
                    }
                    for child in children {
                        let Node::Text(text) = child else {
                            return Err(format!("an added anchor holds {child:?}"));
                        };
                        push_text(&mut out, text);
                    }
                } else {
                    let children = without_added_anchors(children)?;
                    out.push(Node::Element {
                        namespace: namespace.clone(),
                        name: name.clone(),
                        attributes: attributes.clone(),
                        children,
                    });
                }
            }
            Node::Text(text) => push_text(&mut out, text),
            other => out.push(other.clone()),
        }
    }
    Ok(out)
}

/// Whether `output`'s DOM is `input`'s but for anchors added around text
/// (marked with [`MARK`]), parsed in `context` with scripting on and off;
/// `Err` says how they differ.
pub fn same_but_anchors(input: &str, output: &str, context: Context) -> Result<(), String> {
    for scripting in [true, false] {
        let before = dom(input, context, scripting);
        let after = without_added_anchors(&dom(output, context, scripting))?;
        let before = without_added_anchors(&before)?;
        if before != after {
            return Err(format!(
                "scripting {}: the DOMs differ\n input: {input:?}\noutput: {output:?}\n{}",
                if scripting { "on" } else { "off" },
                first_difference(&before, &after)
            ));
        }
    }
    Ok(())
}

/// Where two lists of nodes first differ, for a failure's message.
fn first_difference(a: &[Node], b: &[Node]) -> String {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            if let (
                Node::Element { name: n1, children: c1, attributes: a1, .. },
                Node::Element { name: n2, children: c2, attributes: a2, .. },
            ) = (x, y)
                && n1 == n2
                && a1 == a2
            {
                return format!("in <{n1}>: {}", first_difference(c1, c2));
            }
            return format!("{x:?}\n  vs {y:?}");
        }
    }
    format!(
        "{} nodes vs {}: {:?}",
        a.len(),
        b.len(),
        if a.len() > b.len() { &a[b.len()..] } else { &b[a.len()..] }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_anchors_stand_for_their_text() {
        let input = "<p>see x.com now</p>";
        let output = format!("<p>see <a href=\"https://x.com\" {MARK}>x.com</a> now</p>");
        assert_eq!(same_but_anchors(input, &output, Context::Body), Ok(()));
        // An anchor the input did not have, unmarked, is a difference.
        let unmarked = "<p>see <a href=\"https://x.com\">x.com</a> now</p>";
        assert!(same_but_anchors(input, unmarked, Context::Body).is_err());
        // An attribute broken out of is a difference.
        let input = "<p title=\"x.com/<img onerror=alert(1)>\">hi</p>";
        let output =
            format!("<p title=\"<a href=\"https://x.com/\" {MARK}>x.com/<img onerror=alert(1)></a>\">hi</p>");
        assert!(same_but_anchors(input, &output, Context::Body).is_err());
        // Scripting decides what <noscript> holds.
        let input = "<noscript><p title=\"</noscript>x.com\">";
        let output = format!("<noscript><p title=\"</noscript><a {MARK}>x.com</a>\">");
        let error = same_but_anchors(input, &output, Context::Body).unwrap_err();
        assert!(error.starts_with("scripting off"), "{error}");
    }
}
