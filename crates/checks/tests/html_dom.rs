//! The HTML linkifier against an independent tree builder (html5ever):
//! on hostile fragments and on random ones made of HTML's hardest tokens,
//! the DOM of the output is the DOM of the input but for the anchors added
//! around text, with scripting on and off, as a fragment of `<body>` and
//! as a document.

use linkscan::LinkFinder;
use linkscan::html::{Anchor, is_safe_href, linkify_fragment_with};
use linkscan_checks::html_dom::{Context, MARK, same_but_anchors};
use proptest::prelude::*;

/// `html` linked by `finder`, each anchor marked for the oracle.
fn linkify(html: &str, finder: &LinkFinder, skip: &[&str]) -> String {
    let out = linkify_fragment_with(html, finder, skip, |link| {
        Ok::<_, ()>(Some(Anchor {
            href: link.href().into_owned(),
            attributes: vec![(MARK.into(), String::new())],
            text: None,
        }))
    });
    out.expect("the anchor never fails")
}

fn check(html: &str, finder: &LinkFinder) -> Result<String, String> {
    let out = linkify(html, finder, &["pre", "code"]);
    for context in [Context::Body, Context::Document] {
        same_but_anchors(html, &out, context).map_err(|e| format!("{context:?}: {e}"))?;
    }
    Ok(out)
}

/// The attacks of issue 39, each once linked inside an attribute or raw
/// text, and their siblings.
const HOSTILE: &[&str] = &[
    "<noframe></noframes><p title=x.com/<img/src/onerror=alert(1)//>hello</p>",
    "<noframes></noframes><p title=x.com/<img/src/onerror=alert(1)//>hello</p>",
    "<svg><style></svg><p title=\"</style></svg>x.com/<img/src/onerror=alert(1)//\">hi</p>",
    "<math><style></math><p title=\"</style></math>x.com/<img/src/onerror=alert(1)//\">hi</p>",
    "<p><noscript><p title=\"</noscript>x.com/x/onmouseover=alert(1)//\">",
    "<svg><![CDATA[a]>b</svg> x.com",
    "<svg><![CDATA[</svg><p title=\"]]></svg>x.com/<img onerror=alert(1)>\">",
    "<math><mi><style></math><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<svg><foreignObject><style></svg><p title=\"</style>x.com/\">z.org</p>",
    "<svg><desc><textarea></svg><p title=\"</textarea>x.com/\">z.org</p>",
    "<math><annotation-xml encoding=\"text/html\"><xmp></math><p title=\"</xmp>x.com\">z.org",
    "<math><annotation-xml><xmp></math><p title=\"</xmp>x.com\">z.org",
    "<svg><p><style><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<svg></p><style><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<svg><font color=red><style><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<svg><font><style><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<select><style><p title=\"</style>x.com/<img onerror=alert(1)>\">",
    "<select><iframe><p title=\"</iframe>x.com/<img onerror=alert(1)>\">",
    "<select><svg><![CDATA[</select><p title=\"]]>x.com\">",
    "<table><style><p title=\"</style>x.com\">z.org",
    "<template><style></template><p title=\"</style>x.com\">z.org",
    "<noembed><p title=\"</noembed>x.com\">z.org",
    "<iframe><p title=\"</iframe>x.com\">z.org",
    "<xmp><p title=\"</xmp>x.com\">z.org",
    "<textarea><p title=\"</textarea>x.com\">z.org",
    "<title><p title=\"</title>x.com\">z.org",
    "<script><!--<script></script><p title=\"</script>x.com\">z.org",
    "<script><!--<script></script></script><p title=\"x.com\">z.org",
    "<noscript><img src=\"</noscript>x.com\">z.org</noscript> y.org",
    "<noscript><!--</noscript>x.com-->z.org</noscript> y.org",
    "<noscript><p>enable z.org</p></noscript> y.org",
    "<noscript><img src=a.png></noscript> y.org",
    "<noscript><a href=/x></noscript> y.org",
    "<noscript><code></noscript> y.org",
    "<noscript><style></noscript>x.org</style> y.org",
    "<plaintext></plaintext>x.com",
    "<a href=/x>x.com<a>y.com</a>",
    "<a href=/x><p></a>y.com",
    "<p><a href=/x>x.com</p>y.com",
    "<a><table><td></a>y.com</td></table>z.com",
    "<table>x.com<tr>y.com<td>z.com</td></tr></table>",
    "<table><caption>x.com</caption><colgroup>y.com</table>",
    "<template><tr>x.com</template>",
    "<svg><a>x.com</a></svg>y.com",
    "<math><mtext>x.com</mtext></math>y.com",
    "<svg><script>x.com</script></svg>y.com",
    "<svg/><style>x.com</style>y.com",
    "<math/>x.com",
    "<div><svg><path></div>x.com",
    "<svg><g></G><style></svg>x.com",
    "<svg><foreignObject><div></svg>x.com</div></foreignObject></svg>y.com",
    "<svg><foreignObject><p></foreignObject>x.com</p></foreignObject></svg>y.com",
    "&ampx.com&lt;/p&gt;",
    "<p title='x.com'>y.com&#x2f;<b>z.com</b>",
    "<!-- x.com --!><p title=\"--><img onerror=alert(1)>\">y.com",
    "<!--> x.com",
    "<? x.com ?> y.com",
    "<!x.com> y.com",
    "</x.com> y.com",
    "<x.com> y.com",
    "<p title=\"a\"x.com>y.com",
    "<br/x.com>y.com",
    "x.com/<img/src/onerror=alert(1)//",
    "x.com/&lt;img/src/onerror=alert(1)//",
    "http://x.com/\"><img src=x onerror=alert(1)>",
    "<frameset>x.com",
    "<body>x.com<head><title>y.com",
    "<html><head><noscript><style>x.com</style></noscript></head><body>y.com",
    "<image src=x>x.com",
    "<isindex>x.com",
    "<listing>x.com</listing><pre>\ny.com</pre>",
];

#[test]
fn hostile_fragments_keep_their_dom() {
    let finders = [LinkFinder::new(), LinkFinder::gfm(), LinkFinder::md4c()];
    let mut failures = Vec::new();
    for html in HOSTILE {
        for finder in &finders {
            if let Err(e) = check(html, finder) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        HOSTILE.len() * 3,
        failures.join("\n\n")
    );
    println!(
        "{} hostile fragments, 3 dialects, 2 contexts, scripting on and off: the same DOM",
        HOSTILE.len()
    );
}

/// bleach's own test inputs (its linkify, clean and XSS cases; see
/// `tests/data/SUITES-PROVENANCE.md`) keep their DOM in every dialect.
#[test]
fn bleach_test_inputs_keep_their_dom() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/bleach/cases.jsonl");
    let cases = std::fs::read_to_string(path).expect("the bleach cases");
    let finders = [LinkFinder::new(), LinkFinder::gfm(), LinkFinder::md4c()];
    let (mut count, mut failures) = (0, Vec::new());
    for line in cases.lines() {
        let html: String = serde_json::from_str(line).expect("a JSON string a line");
        for finder in &finders {
            if let Err(e) = check(&html, finder) {
                failures.push(e);
            }
        }
        count += 1;
    }
    assert_eq!(count, 513);
    assert!(failures.is_empty(), "{} failed:\n{}", failures.len(), failures.join("\n\n"));
    println!("{count} inputs of bleach's tests, 3 dialects: the same DOM");
}

/// Links are still found where a browser shows text.
#[test]
fn text_a_browser_shows_is_linked() {
    let finder = LinkFinder::new();
    let linked = |html: &str| linkify(html, &finder, &[]);
    assert!(linked("<svg></svg>x.com").contains("href"));
    assert!(linked("<svg><style></style></svg>x.com").contains("href"));
    assert!(linked("<noscript><img src=a.png></noscript> y.org").contains("href=\"https://y.org\""));
    assert!(linked("<p><noscript>x</noscript>y.org</p>").contains("href=\"https://y.org\""));
    assert!(linked("<svg><![CDATA[</svg>]]></svg>y.org").contains("href=\"https://y.org\""));
    assert!(linked("<table><td>x.com</td></table>").contains("href"));
}

/// The pieces random fragments are made of: HTML's hardest tokens.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "x.com",
        "a@b.org",
        "http://f.org/?q=1",
        "www.g.com",
        " ",
        "\n",
        "\r",
        "\0",
        "&amp;",
        "&ampy.com",
        "&lt;",
        "&#x2f;",
        "&#13",
        "&",
        "<",
        ">",
        "/",
        "\"",
        "'",
        "=",
        "<p>",
        "</p>",
        "<p title=\"",
        "<p title='",
        "<p title=",
        "\">",
        "'>",
        "<a href=/x>",
        "<a>",
        "</a>",
        "<b>",
        "</b>",
        "<div>",
        "</div>",
        "<br/>",
        "</br>",
        "<img src=x>",
        "<code>",
        "</code>",
        "<pre>",
        "</pre>",
        "<!--",
        "-->",
        "--!>",
        "<!-->",
        "<!",
        "<?",
        "</",
        "</>",
        "<![CDATA[",
        "]]>",
        "]>",
        "<script>",
        "</script>",
        "<!--<script>",
        "<style>",
        "</style>",
        "<textarea>",
        "</textarea>",
        "<title>",
        "</title>",
        "<xmp>",
        "</xmp>",
        "<iframe>",
        "</iframe>",
        "<noembed>",
        "</noembed>",
        "<noframes>",
        "</noframes>",
        "<noframe>",
        "<noscript>",
        "</noscript>",
        "<plaintext>",
        "<svg>",
        "</svg>",
        "<svg/>",
        "<math>",
        "</math>",
        "<mi>",
        "</mi>",
        "<mtext>",
        "<mglyph>",
        "<annotation-xml encoding=text/html>",
        "<annotation-xml>",
        "</annotation-xml>",
        "<foreignObject>",
        "</foreignObject>",
        "<desc>",
        "</desc>",
        "<g>",
        "</g>",
        "<font color=1>",
        "<font>",
        "</font>",
        "<table>",
        "</table>",
        "<tr>",
        "<td>",
        "</td>",
        "<caption>",
        "<colgroup>",
        "<select>",
        "</select>",
        "<option>",
        "<template>",
        "</template>",
        "<li>",
        "<h1>",
        "<form>",
        "</form>",
        "<object>",
        "</object>",
        "<body>",
        "<head>",
        "<html>",
        "<frameset>",
        "<image>",
        "<input>",
        "<button>",
        "<nobr>",
        "<marquee>",
        "<ul>",
        "<dd>",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Random fragments of hostile tokens keep their DOM.
    #[test]
    fn random_fragments_keep_their_dom(pieces in prop::collection::vec(piece(), 0..24), dialect in 0..3u8) {
        let html = pieces.concat();
        let finder = match dialect { 0 => LinkFinder::new(), 1 => LinkFinder::gfm(), _ => LinkFinder::md4c() };
        let out = check(&html, &finder).map_err(TestCaseError::fail)?;
        // Every anchor added has a safe href.
        for part in out.split("<a href=\"").skip(1) {
            let href = part.split('"').next().unwrap_or_default();
            prop_assert!(is_safe_href(href), "{:?}", href);
        }
    }
}
