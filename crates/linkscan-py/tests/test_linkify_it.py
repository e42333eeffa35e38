"""linkscan.linkify_it.LinkifyIt as markdown-it-py's linkifier: markdown-it-py
(from PyPI) renders its own linkify fixtures with it. Every case must give
the fixture's HTML, or the output listed below with the cause of the
difference."""

from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.utils import read_fixture_file

from linkscan import Finder
from linkscan.linkify_it import LinkifyIt

FIXTURES = read_fixture_file(Path(__file__).parent / "fixtures" / "markdown-it-py" / "linkify.md")

# UTS #58 finds a host after `/` or `:/`; linkify-it finds a link written
# without a scheme only where no `/` or `:` is before it. markdown-it-py
# hands the linkifier the text after a backslash escape on its own, so an
# escaped scheme leaves `//example.com` to it.
AFTER_SLASH = "UTS #58 finds a host right after `/` (linkify-it: not after `/` or `:`)"
DIVERGENCES = {
    "escapes not allowed at comma": (
        '<p>https://<a href="http://example.com">example.com</a></p>\n',
        AFTER_SLASH,
    ),
    "escapes not allowed at slashes": (
        '<p>https://<a href="http://aa.org">aa.org</a> <a href="https://bb.org">https://bb.org</a></p>\n',
        AFTER_SLASH,
    ),
    "coverage, prefix not valid": (
        '<p>http:/<a href="http://example.com/">example.com/</a></p>\n',
        AFTER_SLASH,
    ),
}


def markdown_it():
    md = MarkdownIt().enable("linkify")
    md.options["linkify"] = True
    md.linkify = LinkifyIt()
    return md


@pytest.mark.parametrize("line, title, source, expected", FIXTURES, ids=[f[1] for f in FIXTURES])
def test_markdown_it_py_fixtures(line, title, source, expected):
    rendered = markdown_it().render(source)
    if title in DIVERGENCES:
        known, cause = DIVERGENCES[title]
        assert rendered == known, f"line {line}: a listed difference changed ({cause})"
        assert rendered.rstrip() != expected.rstrip(), f"line {line}: no longer differs; remove it from the list"
    else:
        assert rendered.rstrip() == expected.rstrip(), f"line {line}"


def test_every_fixture_was_read():
    assert len(FIXTURES) == 31 and all(title in {f[1] for f in FIXTURES} for title in DIVERGENCES)


def test_uts58_links_in_markdown():
    md = markdown_it()
    assert md.render("見て https://example.com/日本。") == (
        '<p>見て <a href="https://example.com/%E6%97%A5%E6%9C%AC">https://example.com/日本</a>。</p>\n'
    )
    assert md.render("（例子.中国）と www.example.com。") == (
        '<p>（<a href="http://xn--fsqu00a.xn--fiqs8s">例子.中国</a>）と '
        '<a href="http://www.example.com">www.example.com</a>。</p>\n'
    )


def test_the_api_markdown_it_py_calls():
    linkify = LinkifyIt()
    assert not linkify.pretest("no separator here") and linkify.match("no separator here") is None
    text = "see example.com, https://b.org/x and c@d.net"
    assert linkify.pretest(text) and linkify.test(text)
    found = [(m.schema, m.index, m.last_index, m.raw, m.text, m.url) for m in linkify.match(text)]
    assert found == [
        ("", 4, 15, "example.com", "example.com", "http://example.com"),
        ("https:", 17, 32, "https://b.org/x", "https://b.org/x", "https://b.org/x"),
        ("mailto:", 37, 44, "c@d.net", "c@d.net", "mailto:c@d.net"),
    ]
    # At the start only, with a scheme, and no further than the first space.
    assert linkify.match_at_start("https://b.org/x and more").last_index == 15
    assert linkify.match_at_start("example.com") is None and linkify.match_at_start("x https://b.org") is None
    assert linkify.test_schema_at("see http://a.org/", "http:", 9) == len("//a.org/")


def test_options_schemas_and_tlds():
    text = "example.com a@b.org http://10.0.0.1/ gopher://c.org/x"
    kinds = lambda l: [m.raw for m in (l.match(text) or [])]
    assert kinds(LinkifyIt()) == ["example.com", "a@b.org"]
    assert kinds(LinkifyIt(options={"fuzzyLink": False})) == ["a@b.org"]
    assert kinds(LinkifyIt(options={"fuzzy_email": False})) == ["example.com"]
    assert kinds(LinkifyIt(options={"fuzzyIP": True})) == ["example.com", "a@b.org", "http://10.0.0.1/"]
    assert kinds(LinkifyIt().add("gopher:", "http:")) == ["example.com", "a@b.org", "gopher://c.org/x"]
    assert kinds(LinkifyIt().add("gopher:", "http:").add("gopher:", None)) == ["example.com", "a@b.org"]
    assert kinds(LinkifyIt().tlds(["org"])) == ["a@b.org"]
    assert kinds(LinkifyIt(finder=Finder(kinds="email"))) == ["a@b.org"]
    # A finder given decides alone: options beside it are refused, not
    # applied to a new finder that would silently replace it.
    with pytest.raises(ValueError, match="Finder it was given"):
        LinkifyIt(options={"fuzzyLink": False}, finder=Finder(kinds="email"))
    with pytest.raises(ValueError, match="Finder it was given"):
        LinkifyIt(finder=Finder()).add("gopher:", "http:")
    with pytest.raises(ValueError, match="schemes"):
        LinkifyIt().add("javascript:", "http:")
    with pytest.raises(ValueError, match="keep_old"):
        LinkifyIt().tlds(["x"], keep_old=True)
    with pytest.raises(ValueError, match="fuzzyAll"):
        LinkifyIt(options={"fuzzyAll": True})
