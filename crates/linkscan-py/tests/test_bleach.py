"""linkscan.linkify_fragment and linkscan.bleach: links in the text of HTML.

Every output is parsed by html5lib (an HTML5 tree builder from PyPI that
shares no code with linkscan) next to its input, with scripting on and off:
the DOM is the input's but for the new anchors around text, the text a
browser shows is the same, and the new anchors are exactly the links
found, none inside another anchor or a skipped element. bleach (from PyPI)
is run on the same calls where both are meant to agree."""

import random
from pathlib import Path

import bleach as real_bleach
import html5lib
import pytest

import linkscan
from documented import run_as_written
from linkscan import Finder
from linkscan.bleach import DEFAULT_CALLBACKS, Linker, linkify, nofollow, target_blank

NEVER = {"a", "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
         "plaintext", "svg", "math", "select", "option", "optgroup", "datalist"}

PIECES = [
    "a.com", "x@y.org", "http://f.org/?q=1&r=2", "www.g.com/(x)", "&amp;", "&ampb.com", "&#x35", "&#59;",
    "&notit;", "&", "<p>", "</p>", "<a href='q'>", "</a>", "<a>", "<code>", "</code>", "<pre>", "</pre>",
    "<!-- c.com -->", "<!--", "-->", "<script>", "</script>", "<style>", "</style>", "<svg/>", "<svg>",
    "</svg>", "<math>", "</math>", "<![CDATA[d.com]]>", "<textarea>", "</textarea>", "<title>", "</title>",
    "<b title=\"e.com\">", "</b>", "<i>", "<table>", "<td>", "</td>", "</table>", "<object>", "</object>", "<select>", "<option>", "&lt;",
    "&gt", " ", "\n", "\r\n", "<", ">", "é", "日本。", "https://例子.中国/路径。", "/", "?", ";", ".", "\"",
    "'", "=", "(", ")", "</>", "</", "<!", "<?", "<br/>", "<img alt=h.com>", "&NotEqualTilde;", "ab", "1",
]


HOSTILE_PIECES = [
    "<noscript>", "</noscript>", "<noframes>", "</noframes>", "<noframe>", "<iframe>", "</iframe>", "<xmp>",
    "</xmp>", "<mi>", "<mtext>", "<foreignObject>", "</foreignObject>", "<desc>", "<font color=1>",
    "<annotation-xml encoding=text/html>", "<template>", "</template>", "<p title=\"", "\">", "<div>", "</div>",
]


def fragment(rng, pieces=PIECES):
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 30)))


def parse(html):
    # (As a document: html5lib's parseFragment with etree drops elements
    # foster-parented out of a table.)
    return html5lib.parse(html, treebuilder="etree", namespaceHTMLElements=False)


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else None


def walk(element, ancestors=()):
    """Each element with its ancestors' local names, in document order."""
    yield element, ancestors
    for child in element:
        yield from walk(child, ancestors + (local(element.tag),))


def shown_text(element):
    """The text a browser shows, in order (comments left out)."""
    parts = [] if not isinstance(element.tag, str) else [element.text or ""]
    for child in element:
        parts.append(shown_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def dom(html, scripting):
    """The DOM html5lib builds from `html` as a document, with scripting on
    or off (which decides what `<noscript>` holds)."""
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=True)
    return parser.parse(html, scripting=scripting)


def nodes(element):
    """`element` as nested lists, to compare: its tag, sorted attributes and
    children, with each new anchor (``data-new``) replaced by its text and
    adjacent text merged. A new anchor that holds an element fails."""
    if callable(element.tag):  # a comment (or processing instruction)
        return ["#comment", element.text]
    children = [element.text or ""]
    for child in element:
        if child.get("data-new") is not None:
            assert child.tag == "{http://www.w3.org/1999/xhtml}a", "a new anchor that is no HTML a"
            assert len(child) == 0, "a new anchor holds an element"
            children.append(child.text or "")
        else:
            children.append(nodes(child))
        children.append(child.tail or "")
    merged = []
    for child in children:
        if isinstance(child, str) and merged and isinstance(merged[-1], str):
            merged[-1] += child
        elif child != "":
            merged.append(child)
    return [element.tag, sorted(element.attrib.items()), merged]


def check(html, **options):
    """Linkifies `html`, recording each new link, and checks the DOM."""
    made = []

    def record(attrs, new):
        assert new is True
        attrs[(None, "data-new")] = str(len(made))
        made.append((attrs[(None, "href")], attrs["_text"]))
        return attrs

    out = linkscan.linkify_fragment(html, callbacks=[record], **options)
    for scripting in (True, False):
        assert nodes(dom(out, scripting)) == nodes(dom(html, scripting)), (scripting, html, out)
    before, after = parse(html), parse(out)
    assert shown_text(after) == shown_text(before), (html, out)
    anchors_before = [e for e, _ in walk(before) if local(e.tag) == "a"]
    anchors_after = [(e, up) for e, up in walk(after) if local(e.tag) == "a"]
    new = [(e, up) for e, up in anchors_after if e.get("data-new") is not None]
    assert len(anchors_after) == len(anchors_before) + len(made), (html, out)
    assert len(new) == len(made), (html, out)
    skipped = NEVER | set(options.get("skip_tags") or ("pre", "code"))
    for element, ancestors in new:
        href, text = made[int(element.get("data-new"))]
        assert element.get("href") == href
        assert shown_text(element) == text, (html, out)
        assert not skipped & set(ancestors), (html, out, ancestors)
        assert linkscan.Finder().find(text)[0].href == href
        assert not href.lower().startswith(("javascript:", "data:", "vbscript:"))
    return out, made


def test_generated_fragments_hold_exactly_the_intended_anchors():
    rng = random.Random(58)
    linked = 0
    for _ in range(3000):
        _, made = check(fragment(rng))
        linked += len(made)
    assert linked > 500  # the generator does reach links (934 with this seed)


def test_generated_hostile_fragments_keep_their_dom():
    """Foreign content, raw text, `<noscript>` and attribute values that
    end inside them, mixed at random: the DOM, scripting on and off, is the
    input's but for the new anchors."""
    rng = random.Random(39)
    linked = 0
    for _ in range(3000):
        _, made = check(fragment(rng, PIECES + HOSTILE_PIECES))
        linked += len(made)
    assert linked > 300


@pytest.mark.parametrize(
    "html",
    [
        "<a href=x>a.com <a>b.com</a> c.com",  # <a> inside <a>
        "<a>a.com",  # never closed
        "<p>a.com<b>b.com<i>c.com</p>d.com",  # misnested
        "<!-- a.com --> b.com <!-- c.com",  # unclosed comment
        "<![CDATA[a.com]]> b.com <svg><![CDATA[c.com]]></svg> d.com",
        "<script>a.com</script>b.com<style>c.com</style>",
        "<table>a.com<tr><td>b.com</td></tr></table>",  # foster-parented text
        "<select><option>a.com</select>b.com",
        "&amp;a.com &ampb.com &#x61;.com &lt;c.com&gt; d.com&#59; e.com&semi;",
        "<textarea>a.com</textarea><title>b.com</title><xmp>c.com</xmp> d.com",
        "<plaintext>a.com</plaintext>",
        "<img src=a.com alt='b.com'> <input value=c.com> d.com",
        "<p>日本語 https://ja.wikipedia.org/wiki/日本（国）。 <b>アルベルト@example.com</b></p>",
        "\0 a.com \r\n b.com \r c.com",
        "<a/>a.com</a>b.com",
        "<svg/>a.com",
        # Issue 39: each once linked inside an attribute a browser reads.
        "<noframe></noframes><p title=x.com/<img/src/onerror=alert(1)//>hello</p>",
        "<svg><style></svg><p title=\"</style></svg>x.com/<img/src/onerror=alert(1)//\">hi</p>",
        "<math><style></math><p title=\"</style></math>x.com/<img/src/onerror=alert(1)//\">hi</p>",
        "<p><noscript><p title=\"</noscript>x.com/x/onmouseover=alert(1)//\">",
        "<svg><![CDATA[a]>b</svg> x.com",
        "<svg><foreignObject><style></svg><p title=\"</style>x.com/\">z.org</p>",
        "<math><mi><style></math><p title=\"</style>x.com/<img onerror=alert(1)>\">",
        "<select><iframe><p title=\"</iframe>x.com/<img onerror=alert(1)>\">",
        "<noscript><img src=\"</noscript>x.com\">z.org</noscript> y.org",
        "<noscript><img src=a.png></noscript> y.org",
        "<template>a.com</p>",
    ],
)
def test_hostile_fragments(html):
    check(html)


def test_every_other_byte_is_kept():
    html = "<P CLASS=x>See   a.com&nbsp;<!--b.com--><br/>\r\n<i title='c.com'>d.com</I></P>"
    assert linkscan.linkify_fragment(html) == (
        "<P CLASS=x>See   <a href=\"https://a.com\">a.com</a>&nbsp;<!--b.com--><br/>\r\n"
        "<i title='c.com'><a href=\"https://d.com\">d.com</a></I></P>"
    )


def test_skip_tags_and_parse_email():
    assert linkscan.linkify_fragment("<pre>a.com</pre>") == "<pre>a.com</pre>"
    assert linkscan.linkify_fragment("<pre>a.com</pre>", skip_tags=[]) == (
        '<pre><a href="https://a.com">a.com</a></pre>'
    )
    assert linkscan.linkify_fragment("<b>a.com</b>", skip_tags=["B"]) == "<b>a.com</b>"
    assert linkscan.linkify_fragment("x@y.org", parse_email=False) == "x@y.org"
    assert linkscan.linkify_fragment("x@y.org", rel="nofollow", class_="l") == (
        '<a href="mailto:x@y.org" rel="nofollow" class="l">x@y.org</a>'
    )
    gfm = linkscan.linkify_fragment("www.a.com b.com", Finder("gfm"))
    assert gfm == '<a href="http://www.a.com">www.a.com</a> b.com'
    for html in ["<a href=x>a.com</a>", "<script>a.com</script>", "<textarea>a.com</textarea>"]:
        assert linkscan.linkify_fragment(html, skip_tags=[]) == html


def test_callbacks_set_veto_and_retext():
    def veto_b(attrs, new):
        return None if "b.com" in attrs[(None, "href")] else attrs

    def short(attrs, new):
        attrs["_text"] = attrs["_text"][:3] + "…"
        return attrs

    assert linkify("a.com b.com", callbacks=[veto_b]) == '<a href="https://a.com">a.com</a> b.com'
    assert linkify("a.com/long", callbacks=[short]) == '<a href="https://a.com/long">a.c…</a>'
    assert linkify("a.com", callbacks=[target_blank, nofollow]) == (
        '<a href="https://a.com" target="_blank" rel="nofollow">a.com</a>'
    )
    # A callback may change the href; a script target is never written.
    evil = lambda attrs, new: {**attrs, (None, "href"): "javascript:alert(1)"}  # noqa: E731
    assert linkify("a.com", callbacks=[evil]) == "a.com"
    with pytest.raises(ValueError, match="on… event handler"):
        linkify("a.com", callbacks=[lambda attrs, new: {**attrs, (None, "onclick"): "x()"}])
    with pytest.raises(ValueError, match=r"\(None, name\) tuples"):
        linkify("a.com", callbacks=[lambda attrs, new: {**attrs, "rel": "x"}])
    with pytest.raises(TypeError, match="dict of attributes or None"):
        linkify("a.com", callbacks=[lambda attrs, new: ["x"]])
    with pytest.raises(ZeroDivisionError):
        linkify("a.com", callbacks=[lambda attrs, new: 1 / 0])
    with pytest.raises(TypeError):
        linkify(b"a.com")


def test_linker_keeps_its_settings():
    linker = Linker(callbacks=[], skip_tags=["b"], parse_email=True)
    assert linker.linkify("<b>a.com</b> x@y.org") == '<b>a.com</b> <a href="mailto:x@y.org">x@y.org</a>'
    assert DEFAULT_CALLBACKS == [nofollow]


@pytest.mark.parametrize(
    "name, says",
    [("url_re", "finder=linkscan.Finder"), ("email_re", "parse_email=True"), ("recognized_tags", "skip_tags=")],
)
def test_bleach_parameters_without_a_counterpart_say_what_to_use(name, says):
    """bleach's own parameters are an error that names the way to do it here."""
    with pytest.raises(TypeError, match=f"Linker\\({name}=...\\) is bleach's;.*{says}"):
        Linker(**{name: object()})
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Linker(colour="red")


# bleach.linkify and linkscan.bleach.linkify on the same calls: the same
# output, or bleach's output here with the cause of the difference.
SAME = [
    "<pre>https://a.org</pre> https://b.org",
    "https://a.org/x?y=1&amp;z=2",
    "ftp://a.org/x.",
    "Mail <b>x@example.org</b>.",
]
SCHEME = "a link written without a scheme gets https:// (bleach: http://)"
DIVERGENCES = {
    "See example.com/a.": (SCHEME, 'See <a href="http://example.com/a" rel="nofollow">example.com/a</a>.'),
    'see (www.a.org/x) or "b.org"': (
        SCHEME,
        'see (<a href="http://www.a.org/x" rel="nofollow">www.a.org/x</a>) or '
        '"<a href="http://b.org" rel="nofollow">b.org</a>"',
    ),
    "Is it example.com?": (
        "UTS #58 leaves a final ? out of the link (bleach's regex keeps it)",
        'Is it <a href="http://example.com?" rel="nofollow">example.com?</a>',
    ),
    "東京 https://ja.wikipedia.org/wiki/日本（国）。": (
        "UTS #58 leaves the ideographic full stop 。 out of the link",
        '東京 <a href="https://ja.wikipedia.org/wiki/日本（国）。" rel="nofollow">'
        "https://ja.wikipedia.org/wiki/日本（国）。</a>",
    ),
    '<a href="/y">example.net</a>': (
        "callbacks see new links only: an anchor of the input is kept as it is (bleach adds rel to it)",
        '<a href="/y" rel="nofollow">example.net</a>',
    ),
    "<p title=http://a.org>x</p>": (
        "the input is not re-serialised (bleach writes it again through html5lib, quoting attributes)",
        '<p title="http://a.org">x</p>',
    ),
}


@pytest.mark.parametrize("html", SAME)
def test_same_as_bleach(html):
    options = dict(skip_tags=["pre"], parse_email=True)
    assert linkify(html, **options) == real_bleach.linkify(html, **options)


@pytest.mark.parametrize("html", list(DIVERGENCES))
def test_listed_differences_from_bleach(html):
    cause, theirs = DIVERGENCES[html]
    options = dict(skip_tags=["pre"], parse_email=True)
    assert real_bleach.linkify(html, **options) == theirs
    assert linkify(html, **options) != theirs, f"now as bleach: drop the listed cause {cause!r}"


def test_the_guide_example_runs_as_written():
    guide = (Path(__file__).parents[3] / "docs" / "python.md").read_text(encoding="utf-8")
    block = guide.split("## HTML in, HTML out")[1].split("```python\n")[1].split("```")[0]
    assert run_as_written(block) == 1
