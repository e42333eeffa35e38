//! GFM autolinks decided on the Markdown source (`MarkdownAutolinks`), and
//! every link of a document (`document_links`). The expected HTML is what
//! cmark-gfm 0.29.0.gfm.13 (built from its released sources, `-e autolink
//! -e strikethrough`) writes for the same Markdown; `crates/checks` runs
//! the full differential against it.

#![cfg(feature = "pulldown-cmark")]

use linkscan::LinkFinder;
use linkscan::markdown::{Autolinks, DocumentLinkKind, MarkdownAutolinks, document_links, gfm_options};
use pulldown_cmark::{Event, Parser, Tag, html};

fn render(markdown: &str) -> String {
    let mut out = String::new();
    html::push_html(&mut out, MarkdownAutolinks::new(markdown, gfm_options(), &LinkFinder::gfm()));
    out
}

fn render_events(markdown: &str) -> String {
    let mut out = String::new();
    html::push_html(&mut out, Autolinks::new(Parser::new_ext(markdown, gfm_options()), &LinkFinder::gfm()));
    out
}

#[test]
fn links_are_decided_on_the_source_as_cmark_gfm_decides_them() {
    let cases = [
        (
            "See https://github.com/o/r/blob/main/src/__init__.py now",
            "<p>See <a href=\"https://github.com/o/r/blob/main/src/__init__.py\">https://github.com/o/r/blob/main/src/__init__.py</a> now</p>\n",
        ),
        (
            "see www.example.com/*foo*/bar",
            "<p>see <a href=\"http://www.example.com/*foo*/bar\">www.example.com/*foo*/bar</a></p>\n",
        ),
        // No URL or `www.` autolink while a `[` is open.
        ("(the docs)[https://a.com/x]", "<p>(the docs)[https://a.com/x]</p>\n"),
        // Entities stay raw in the link (and `&name;` ends are trimmed raw).
        (
            "https://a.com&copy;b",
            "<p><a href=\"https://a.com&amp;copy;b\">https://a.com&amp;copy;b</a></p>\n",
        ),
        ("http&#x3A;//example.com", "<p>http://example.com</p>\n"),
        // A backslash is link text; the escape it would have made is gone.
        ("www.example.com/a\\.", "<p><a href=\"http://www.example.com/a%5C\">www.example.com/a\\</a>.</p>\n"),
        ("a https://a.com/x\\\nb", "<p>a <a href=\"https://a.com/x%5C\">https://a.com/x\\</a>\nb</p>\n"),
        // The code span's backtick is swallowed into the link.
        ("https://a.com`]`", "<p><a href=\"https://a.com%60%5D%60\">https://a.com`]`</a></p>\n"),
        // Container prefixes are not inline source: a line start allows `www.`.
        (
            "> quote\n>www.b.com and x\\_http://y.com",
            "<blockquote>\n<p>quote\n<a href=\"http://www.b.com\">www.b.com</a> and x_<a href=\"http://y.com\">http://y.com</a></p>\n</blockquote>\n",
        ),
        // Emails on the decoded text, as cmark-gfm's postprocess_text.
        ("mail *a@b.org*", "<p>mail <em><a href=\"mailto:a@b.org\">a@b.org</a></em></p>\n"),
    ];
    for (markdown, cmark_gfm) in cases {
        assert_eq!(render(markdown), cmark_gfm, "{markdown:?}");
    }
}

/// MD4C decides its permissive autolinks after entities, escapes and
/// emphasis are resolved: a link neither crosses nor touches them, unless
/// white space or allowed punctuation sets it off. The expected HTML is
/// md4c's `md2html --fpermissive-autolinks` (master) on the same Markdown,
/// written as pulldown-cmark writes it (`<img … />`, a hard break `<br />`).
#[test]
fn md4c_links_follow_md4c_on_entities_escapes_and_emphasis() {
    let finder = LinkFinder::md4c();
    let render = |markdown: &str| {
        let mut out = String::new();
        html::push_html(
            &mut out,
            MarkdownAutolinks::new(markdown, pulldown_cmark::Options::empty(), &finder),
        );
        out
    };
    let cases = [
        ("http&#x3A;//example.com", "<p>http://example.com</p>\n"),
        ("www.example.com/a\\.", "<p>www.example.com/a.</p>\n"),
        (
            "See https://a.org/src/__init__.py now",
            "<p>See https://a.org/src/<strong>init</strong>.py now</p>\n",
        ),
        (
            "x@y.org![i](p.png) and \\(www.a.com)",
            "<p><a href=\"mailto:x@y.org\">x@y.org</a><img src=\"p.png\" alt=\"i\" /> and (<a href=\"http://www.a.com\">www.a.com</a>)</p>\n",
        ),
        ("see www.b.com\\\nnext", "<p>see www.b.com<br />\nnext</p>\n"),
        ("see .v@l.org", "<p>see <a href=\"mailto:.v@l.org\">.v@l.org</a></p>\n"),
    ];
    for (markdown, md4c) in cases {
        assert_eq!(render(markdown), md4c, "{markdown:?}");
    }
}

/// What re-shaping pulldown-cmark's events cannot make exact: cmark-gfm
/// pairs the `*` before `a` with the `*` after `b` once the link has taken
/// the one between; pulldown-cmark had paired the first two, and the events
/// are not parsed again, so both stay literal.
#[test]
fn a_delimiter_pair_cut_by_a_link_is_not_paired_again() {
    let cmark_gfm = "<p><em>a <a href=\"https://a.com/*b\">https://a.com/*b</a></em> c</p>\n";
    let ours = "<p>*a <a href=\"https://a.com/*b\">https://a.com/*b</a>* c</p>\n";
    assert_ne!(ours, cmark_gfm);
    assert_eq!(render("*a https://a.com/*b* c"), ours);
}

/// The event adapter sees decoded text: what it gets wrong, kept as
/// documented.
#[test]
fn the_event_adapter_is_approximate_where_the_source_decides() {
    let markdown = "See https://a.org/src/__init__.py and (x)[https://b.org/y]";
    let events = render_events(markdown);
    assert!(events.contains("<a href=\"https://a.org/src/\">https://a.org/src/</a><strong>init</strong>.py"));
    assert!(events.contains("<a href=\"https://b.org/y%5D\">"), "{events}");
    let source = render(markdown);
    assert!(source.contains("<a href=\"https://a.org/src/__init__.py\">"));
    assert!(!source.contains("https://b.org/y%5D"), "{source}");
}

#[test]
fn offsets_point_into_the_source() {
    let markdown = "# A *b*\n\n> see https://x.org/__a__ and &amp; c@d.org\n";
    let finder = LinkFinder::gfm();
    let links: Vec<&str> = MarkdownAutolinks::new(markdown, gfm_options(), &finder)
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Start(Tag::Link { .. })))
        .map(|(_, range)| &markdown[range])
        .collect();
    // (`autolink_delim` trims the trailing `__`.)
    assert_eq!(links, ["https://x.org/__a", "c@d.org"]);
}

#[test]
fn document_links_lists_every_kind_with_its_place() {
    let markdown = "\
# Links

An [inline](https://a.org \"t\") link, a [reference][r], a [collapsed][] and a [shortcut].
![an image](img.png) <https://b.org> <e@f.org> www.c.net and g@h.org.

`https://in.code` and

```
https://in.a.code.block
```

    https://indented.code

[r]: https://d.org
[collapsed]: https://e.org
[shortcut]: <https://f.org>
";
    let links = document_links(markdown, gfm_options(), &LinkFinder::gfm());
    let got: Vec<_> = links
        .iter()
        .map(|l| (l.kind, l.destination.as_ref(), l.text.as_str(), &markdown[l.range.clone()]))
        .collect();
    use DocumentLinkKind::*;
    assert_eq!(
        got,
        [
            (Inline, "https://a.org", "inline", "[inline](https://a.org \"t\")"),
            (Reference, "https://d.org", "reference", "[reference][r]"),
            // (pulldown-cmark's range of a collapsed reference leaves out `[]`.)
            (Reference, "https://e.org", "collapsed", "[collapsed]"),
            (Reference, "https://f.org", "shortcut", "[shortcut]"),
            (Image, "img.png", "an image", "![an image](img.png)"),
            (Autolink, "https://b.org", "https://b.org", "<https://b.org>"),
            (Autolink, "mailto:e@f.org", "e@f.org", "<e@f.org>"),
            (Literal, "http://www.c.net", "www.c.net", "www.c.net"),
            (Literal, "mailto:g@h.org", "g@h.org", "g@h.org"),
            (Definition, "https://d.org", "r", "[r]: https://d.org"),
            (Definition, "https://e.org", "collapsed", "[collapsed]: https://e.org"),
            (Definition, "https://f.org", "shortcut", "[shortcut]: <https://f.org>"),
        ]
    );
    // Other dialects find their literals (UTS #58: `a.org`-style hosts too).
    let uts58 = document_links("see example.com/x", gfm_options(), &LinkFinder::new());
    assert_eq!(uts58.len(), 1);
    assert_eq!((uts58[0].kind, uts58[0].destination.as_ref()), (Literal, "https://example.com/x"));
}

/// A backslash-escaped character is one of md4c's resolved marks: its
/// scan back stops there and gives back a leading delimiter, so
/// `\[.x@y.n` is no link while `\[x@y.n` and `[.x@y.n` are (md2html,
/// md4c master c4be862).
#[test]
fn md4c_scans_stop_at_an_escape() {
    let finder = LinkFinder::md4c();
    let html = |md: &str| {
        let mut out = String::new();
        pulldown_cmark::html::push_html(
            &mut out,
            MarkdownAutolinks::new(md, pulldown_cmark::Options::empty(), &finder),
        );
        out
    };
    assert_eq!(html("\\[.x@y.n"), "<p>[.x@y.n</p>\n");
    assert_eq!(html("\\[-x@y.n"), "<p>[-x@y.n</p>\n");
    assert_eq!(html("\\[x@y.n"), "<p>[<a href=\"mailto:x@y.n\">x@y.n</a></p>\n");
    assert_eq!(html("[.x@y.n"), "<p>[<a href=\"mailto:.x@y.n\">.x@y.n</a></p>\n");
}

/// Local and IP hosts have no label separator: a text run with only such a
/// link is still read (the adapter's quick test once skipped it, losing
/// the link in the `docs` profile).
#[test]
fn local_and_ip_hosts_without_a_dot_are_linked_in_markdown() {
    let finder = LinkFinder::new().profile(linkscan::Profile::Docs);
    for url in ["http://localhost:3000/x", "http://[::1]:8080/"] {
        let markdown = format!("Run it at {url} now.");
        let expected: Vec<_> = finder.links(&markdown).map(|l| l.href().into_owned()).collect();
        assert_eq!(expected, [url]);
        let mut html = String::new();
        html::push_html(
            &mut html,
            MarkdownAutolinks::new(&markdown, pulldown_cmark::Options::empty(), &finder),
        );
        // (pulldown-cmark's writer escapes `[` and `]` in an href as %5B and %5D.)
        assert!(html.contains(&format!("\">{url}</a>")), "{html}");
    }
}
