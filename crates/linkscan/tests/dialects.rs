//! The GFM and MD4C dialects beyond their suites: context at text edges,
//! GFM with Unicode ends, kinds and hrefs.

use linkscan::{Context, Edge, Kinds, LinkFinder, LinkKind};

fn found(finder: &LinkFinder, text: &str, context: Context) -> Vec<(String, String)> {
    finder.links_in(text, context).map(|l| (l.as_str().to_string(), l.href().into_owned())).collect()
}

fn texts(finder: &LinkFinder, text: &str) -> Vec<String> {
    finder.links(text).map(|l| l.as_str().to_string()).collect()
}

const BLOCK: Context = Context::new(Edge::Block, Edge::Block);

#[test]
fn gfm_www_links_need_a_delimiter_before_them() {
    let gfm = LinkFinder::gfm();
    assert_eq!(
        texts(&gfm, "x www.a.com (www.b.com *www.c.com _www.d.com ~www.e.com"),
        ["www.a.com", "www.b.com", "www.c.com", "www.d.com", "www.e.com"]
    );
    assert_eq!(texts(&gfm, "xwww.a.com :www.b.com"), Vec::<String>::new());
    // At the start of a text run, the markup before it decides.
    for (before, linked) in [
        (Edge::Block, true),
        (Edge::Line, true),
        (Edge::EmphasisOpen, true),
        (Edge::EmphasisClose, true),
        (Edge::Other, false),
    ] {
        let context = Context::new(before, Edge::Block);
        assert_eq!(!found(&gfm, "www.a.com", context).is_empty(), linked, "{before:?}");
    }
    // URLs and emails need nothing before them.
    let other = Context::new(Edge::Other, Edge::Other);
    assert_eq!(found(&gfm, "http://a.com x@y.org", other).len(), 2);
}

/// Found with cmark-gfm 0.29.0.gfm.13 built from its released sources (the
/// expectations are its output on the same lines).
#[test]
fn gfm_white_space_and_escapes_as_cmark_gfm_13() {
    let gfm = LinkFinder::gfm();
    // Vertical tab and form feed are not white space to `cmark_isspace`:
    // they neither end a link nor may precede `www.`.
    assert_eq!(texts(&gfm, "a http://a.com\x0Cb \x0Bwww.y.com"), ["http://a.com\x0Cb"]);
    // In a domain, form feed ends the check (Unicode white space to
    // cmark), vertical tab does not; the link then runs on to white space.
    assert_eq!(texts(&gfm, "www.a\x0Bb.com www.a\x0Cb.com"), ["www.a\x0Bb.com", "www.a\x0Cb.com"]);
    // U+2028 and U+0085 are neither white space nor punctuation to cmark.
    assert_eq!(texts(&gfm, "www.a\u{2028}b.com"), ["www.a\u{2028}b.com"]);
    // `check_domain` classifies the character after a backslash and keeps
    // the backslash: `_x` is the last segment here, so no link.
    assert_eq!(texts(&gfm, "www.c.net\\._x www.a\\b.com"), ["www.a\\b.com"]);
    assert_eq!(texts(&gfm, "http://a.com\\*b"), ["http://a.com\\*b"]);
    // `autolink_delim` trims `&letters;` (not digits) as an entity.
    assert_eq!(texts(&gfm, "www.a.com/&x1; www.a.com/&amp;"), ["www.a.com/&x1", "www.a.com/"]);
}

#[test]
fn gfm_hrefs_and_kinds() {
    let gfm = LinkFinder::gfm();
    assert_eq!(
        found(&gfm, "www.a.com https://b.org c@d.io mailto:e@f.gg xmpp:g@h.jj/r", BLOCK),
        [
            ("www.a.com".into(), "http://www.a.com".into()),
            ("https://b.org".into(), "https://b.org".into()),
            ("c@d.io".into(), "mailto:c@d.io".into()),
            ("mailto:e@f.gg".into(), "mailto:e@f.gg".into()),
            ("xmpp:g@h.jj/r".into(), "xmpp:g@h.jj/r".into()),
        ]
    );
    let kinds = |k: Kinds| texts(&LinkFinder::gfm().kinds(k), "www.a.com http://b.org c@d.io");
    assert_eq!(kinds(Kinds::WWW), ["www.a.com"]);
    assert_eq!(kinds(Kinds::URL), ["http://b.org"]);
    assert_eq!(kinds(Kinds::EMAIL), ["c@d.io"]);
    // An email inside a URL link is part of the URL.
    assert_eq!(texts(&gfm, "http://a.com/x@b.org"), ["http://a.com/x@b.org"]);
    assert_eq!(gfm.links("x@y.org").next().unwrap().kind(), LinkKind::Email);
}

#[test]
fn gfm_unicode_ends_follow_uts58() {
    let plain = LinkFinder::gfm();
    let unicode = LinkFinder::gfm().unicode_ends(true);
    let cases = [
        ("（https://example.com/x）です", "https://example.com/x）です", "https://example.com/x"),
        ("https://example.com/x。", "https://example.com/x。", "https://example.com/x"),
        (
            "www.example.com/日本「東京」です。",
            "www.example.com/日本「東京」です。",
            "www.example.com/日本「東京」です",
        ),
        ("See https://example.com/a_(b).", "https://example.com/a_(b)", "https://example.com/a_(b)"),
        ("https://例子.中国/路径。", "https://例子.中国/路径。", "https://例子.中国/路径"),
        ("https://example.com.", "https://example.com", "https://example.com"),
        ("https://example.com:8080/x<y", "https://example.com:8080/x", "https://example.com:8080/x"),
    ];
    for (text, gfm, uts58) in cases {
        assert_eq!(texts(&plain, text), [gfm], "gfm: {text}");
        assert_eq!(texts(&unicode, text), [uts58], "unicode ends: {text}");
    }
}

#[test]
fn md4c_candidates_are_delimited_on_both_sides() {
    let md4c = LinkFinder::md4c();
    assert_eq!(
        texts(&md4c, "(a@b.co) [https://x.org] {www.y.com}, z@w.io!"),
        ["a@b.co", "https://x.org", "www.y.com", "z@w.io"]
    );
    assert_eq!(texts(&md4c, "x:a@b.co a@b.co: https://x.org/a:b"), Vec::<String>::new());
    // `**john.doe@example.com**`: emphasis marks around the text run.
    let inside = Context::new(Edge::EmphasisOpen, Edge::EmphasisClose);
    assert_eq!(found(&md4c, "john.doe@example.com", inside).len(), 1);
    for context in [
        Context::new(Edge::Other, Edge::Block),
        Context::new(Edge::EmphasisClose, Edge::Block),
        Context::new(Edge::Block, Edge::EmphasisOpen),
        Context::new(Edge::Block, Edge::Other),
    ] {
        assert!(found(&md4c, "john.doe@example.com", context).is_empty(), "{context:?}");
    }
}

#[test]
fn md4c_segments_follow_its_character_rules() {
    let md4c = LinkFinder::md4c();
    for linked in [
        "https://example.com/images/branding/logo_272x92.png",
        "https://www.google.com/search?q=md4c+markdown",
        "https://example.com#fragment",
        "https://example.com/~username",
        "https://codereview.qt-project.org/c/qt/qtwayland/+/545836",
        "https://example.com/dir/",
        "a.b+c@d-e.fg",
        // md4c's code does not check the spec prose's "last component has
        // at least two characters" (md2html, master, links it).
        "a@b.c",
    ] {
        assert_eq!(texts(&md4c, linked), [linked]);
    }
    for rejected in [
        "john__doe@example.com",
        "a@localhost",
        "https://a..b.com",
        "https://-a.com",
        "https://a.com/x(y)",
        "ssh://example.com",
        "HTTP://example.com",
        "a@b.co-",
    ] {
        assert_eq!(texts(&md4c, rejected), Vec::<String>::new(), "{rejected}");
    }
    assert_eq!(texts(&md4c, "https://x.com/search?q=(a(b)c)"), ["https://x.com/search?q=(a(b)c)"]);
    assert_eq!(texts(&md4c, "(https://x.com/search?q=(a))"), ["https://x.com/search?q=(a)"]);
    assert_eq!(texts(&md4c, "https://x.com/search?q=(a"), Vec::<String>::new());
}

/// After a rejected address, cmark-gfm resumes where its domain scan
/// stopped: the next local part reaches back no further (found by the
/// dense plain-text differential against cmark-gfm).
#[test]
fn gfm_email_resumes_where_the_rejected_domain_stopped() {
    let found = |text: &str| -> Vec<(String, String)> {
        LinkFinder::gfm().links(text).map(|l| (l.as_str().to_string(), l.href().into_owned())).collect()
    };
    let pair = |text: &str, href: &str| vec![(text.to_string(), href.to_string())];
    assert_eq!(found("a@b.@c.org"), pair(".@c.org", "mailto:.@c.org"));
    assert_eq!(found("x@mailto:a@b.c"), pair("a@b.c", "mailto:a@b.c"));
    assert_eq!(found("a-b+@xmpp:a@b.c/d"), pair("a@b.c", "mailto:a@b.c"));
    assert_eq!(found("1@-xmpp:a@b.c/d"), pair("a@b.c", "mailto:a@b.c"));
}

/// md4c master accepts `%` in a path (commit 38592ac, 2026-06-06, code
/// only: no spec example).
#[test]
fn md4c_takes_percent_in_a_path() {
    let link = LinkFinder::md4c().links("see https://example.com/a%20b here").next().unwrap();
    assert_eq!(link.as_str(), "https://example.com/a%20b");
}
