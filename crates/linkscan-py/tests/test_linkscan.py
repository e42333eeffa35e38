"""The Python API: the UTS #58 conformance file through it, offsets in every
unit, every function and option, bad input, and find_arrow against find."""

import pathlib
import random
import struct

import pyarrow as pa
import pytest

import linkscan
from documented import run_as_written

ROOT = pathlib.Path(__file__).resolve().parents[3]


def detection_cases():
    text = (ROOT / "data" / "LinkDetectionTest.txt").read_text(encoding="utf-8")
    return [
        (number, line)
        for number, line in enumerate(text.split("\n"), start=1)
        if line and not line.startswith("#")
    ]


def marked(finder, text):
    out, pos = [], 0
    for link in finder.find(text):
        out += [text[pos : link.start], "⸠", text[link.start : link.end], "⸡"]
        pos = link.end
    return "".join(out + [text[pos:]])


CASES = detection_cases()


def test_the_conformance_file_has_every_case():
    assert len(CASES) == 345


@pytest.mark.parametrize("number,expected", CASES, ids=[str(n) for n, _ in CASES])
def test_link_detection_test_line(number, expected):
    text = expected.replace("⸠", "").replace("⸡", "")
    assert marked(linkscan.Finder(), text) == expected


def test_offsets_in_every_unit_on_astral_and_cjk_text():
    text = "😀 𝑷 例子.中国/路径。 アルベルト@example.com"
    for unit, measure in [
        ("chars", len),
        ("utf8", lambda s: len(s.encode("utf-8"))),
        ("utf16", lambda s: len(s.encode("utf-16-le")) // 2),
    ]:
        links = linkscan.Finder(offsets=unit).find(text)
        assert [l.text for l in links] == ["例子.中国/路径", "アルベルト@example.com"]
        for link in links:
            at = text.index(link.text)
            assert (link.start, link.end) == (measure(text[:at]), measure(text[: at + len(link.text)]))
    # Python string indices by default: slicing gives the link.
    for link in linkscan.find(text):
        assert text[link.start : link.end] == link.text


def test_links_spans_and_kinds():
    link = linkscan.find("mail a@b.org")[0]
    assert (link.kind, link.text, link.href) == ("email", "a@b.org", "mailto:a@b.org")
    assert repr(link).startswith("Link(start=5, end=12")
    assert link == linkscan.find("mail a@b.org")[0]
    spans = linkscan.Finder().spans("a x.com b")
    assert [(piece, l and l.text) for piece, l in spans] == [("a ", None), ("x.com", "x.com"), (" b", None)]
    with pytest.raises(AttributeError):
        link.start = 3  # frozen


def test_every_option():
    f = linkscan.Finder
    assert [l.text for l in f(kinds="email").find("x.com a@b.org")] == ["a@b.org"]
    assert [l.text for l in f(kinds=["url"]).find("x.com https://y.org")] == ["https://y.org"]
    assert [l.text for l in f(require_scheme=True).find("x.com https://y.org")] == ["https://y.org"]
    assert f(tlds="any").find("a.test")[0].text == "a.test"
    assert f(tlds=["test"]).find("a.test a.com")[0].text == "a.test"
    assert f(default_scheme="http://").find("x.com")[0].href == "http://x.com"
    assert f(ip_hosts=True).find("http://10.0.0.1/x")[0].text == "http://10.0.0.1/x"
    assert f(local_hosts=True).find("http://localhost:3000/")[0].text == "http://localhost:3000/"
    assert f().find("README.md") == [] and f(profile="strict", skip_file_names=True).find("README.md") == []
    assert [l.text for l in f(skip_file_names=False).find("README.md")] == ["README.md"]
    assert f(schemes=["https", "gopher"]).find("gopher://a.com/x")[0].text == "gopher://a.com/x"
    assert f("gfm").find("www.commonmark.org/a.b.")[0].href == "http://www.commonmark.org/a.b"
    assert f("gfm", unicode_ends=True).find("（https://example.com/x）です")[0].text == "https://example.com/x"
    assert f("md4c").find(":john.doe@example.com") == []


def test_profiles():
    text = "See README.md, http://localhost:3000/, example.com? or @a@b.social"

    def found(**options):
        return [l.text for l in linkscan.Finder(**options).find(text)]

    assert found() == ["example.com"]
    assert found(profile="strict") == ["README.md", "example.com?", "a@b.social"]
    assert found(profile="chat") == ["example.com", "@a@b.social"]
    assert found(profile="docs") == ["http://localhost:3000/"]
    # Options given change only themselves after the profile.
    assert found(profile="docs", local_hosts=False) == []
    assert found(profile="chat", skip_file_names=False) == ["README.md", "example.com", "@a@b.social"]
    handle = linkscan.Finder(profile="chat").find("@a@b.social")[0]
    assert (handle.kind, handle.href) == ("handle", "https://b.social/@a")
    assert [l.text for l in linkscan.Finder(kinds="url,www,email,handle").find("@a@b.social")] == ["@a@b.social"]
    table = linkscan.Finder(profile="chat").find_arrow(pa.array(["ping @a@b.social", "x.com?"]))
    assert table.column("kind").to_pylist() == ["handle", "url"]
    assert table.column("href").to_pylist() == ["https://b.social/@a", "https://x.com"]


def test_other_functions():
    assert linkscan.linkify_html("x.com <b>", rel="nofollow") == '<a href="https://x.com" rel="nofollow">x.com</a> &lt;b&gt;'
    assert linkscan.linkify_html("www.x.org", linkscan.Finder("gfm"), class_="l") == (
        '<a href="http://www.x.org" class="l">www.x.org</a>'
    )
    assert linkscan.markdown_to_html("Visit www.commonmark.org/a.b.") == (
        '<p>Visit <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>.</p>\n'
    )
    assert "<a href" in linkscan.markdown_to_html("see x.com", dialect="uts58")
    # Safe by default, as cmark-gfm is without --unsafe.
    risky = "[a](javascript:alert(1)) <b>x</b>\n"
    assert linkscan.markdown_to_html(risky) == (
        '<p><a href="">a</a> <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n'
    )
    assert linkscan.markdown_to_html(risky, unsafe=True) == '<p><a href="javascript:alert(1)">a</a> <b>x</b></p>\n'
    assert linkscan.linkify_html("a\x00x.com") == 'a\ufffd<a href="https://x.com">x.com</a>'
    # Through comrak (a port of cmark-gfm): GitHub's blocks and HTML, still safe by default.
    assert linkscan.markdown_to_html("- [x] ~~www.x.org~~", parser="comrak") == (
        '<ul>\n<li><input type="checkbox" checked="" disabled="" /> '
        '<del><a href="http://www.x.org">www.x.org</a></del></li>\n</ul>\n'
    )
    assert linkscan.markdown_to_html("HTTP://www.example.com/", parser="comrak") == (
        '<p><a href="HTTP://www.example.com/">HTTP://www.example.com/</a></p>\n'
    )
    assert linkscan.markdown_to_html(risky, parser="comrak") == (
        '<p><a href="">a</a> <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n'
    )
    assert linkscan.markdown_to_html(risky, parser="comrak", unsafe=True) == (
        '<p><a href="javascript:alert(1)">a</a> <b>x</b></p>\n'
    )
    assert linkscan.markdown_to_html("a x@y.org", "md4c", parser="comrak") == (
        '<p>a <a href="mailto:x@y.org">x@y.org</a></p>\n'
    )
    with pytest.raises(ValueError):
        linkscan.Finder("gfm", default_scheme=" JavaScript:")
    assert linkscan.display_url("https://example.com/%CE%B1%CE%B2%CE%B3.") == "https://example.com/αβγ%2E"
    assert linkscan.display_url("https://xn--fsqu00a.xn--fiqs8s/") == "https://例子.中国/"
    assert linkscan.display_email("john doe@example.com") == '"john doe"@example.com'
    assert linkscan.__version__ and linkscan.UNICODE_VERSION == "18.0.0" and linkscan.TLD_LIST_VERSION


@pytest.mark.parametrize(
    "call",
    [
        lambda: linkscan.Finder("commonmark"),
        lambda: linkscan.Finder(kinds="ftp"),
        lambda: linkscan.Finder(kinds=""),
        lambda: linkscan.Finder(tlds="some"),
        lambda: linkscan.Finder(offsets="bytes"),
        lambda: linkscan.Finder("gfm", tlds="any"),
        lambda: linkscan.Finder(profile="chatty"),
        lambda: linkscan.Finder("gfm", profile="chat"),
        lambda: linkscan.Finder("md4c", kinds="handle"),
        lambda: linkscan.Finder("uts58", unicode_ends=True),
        lambda: linkscan.Finder(default_scheme="javascript:"),
        lambda: linkscan.Finder(schemes=["javascript"]),
        lambda: linkscan.Finder(schemes=["https", "Data"]),
        lambda: linkscan.Finder(schemes=[""]),
        lambda: linkscan.Finder(tlds=[]),
        lambda: linkscan.markdown_to_html("x", dialect="rst"),
        lambda: linkscan.markdown_to_html("x", parser="cmark"),
        lambda: linkscan.display_email("a\x01b@example.com"),
    ],
)
def test_bad_options_are_value_errors_naming_the_option(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize(
    "option, call",
    [
        ("kinds", lambda: linkscan.Finder(kinds="")),
        ("kinds", lambda: linkscan.Finder("md4c", kinds="handle")),
        ("tlds", lambda: linkscan.Finder("gfm", tlds="any")),
        ("tlds", lambda: linkscan.Finder(tlds=["", "# a comment"])),
        ("profile", lambda: linkscan.Finder("gfm", profile="chat")),
        ("unicode_ends", lambda: linkscan.Finder("md4c", unicode_ends=True)),
        ("ip_hosts", lambda: linkscan.Finder("gfm", ip_hosts=True)),
        ("default_scheme", lambda: linkscan.Finder(default_scheme="vbscript:")),
        ("schemes", lambda: linkscan.Finder(schemes=["https", "Data"])),
        ("schemes", lambda: linkscan.Finder(schemes=["1http"])),
        ("schemes", lambda: linkscan.Finder(schemes=[])),
    ],
)
def test_option_errors_start_with_the_option_as_the_cli_words_them(option, call):
    # The library checks both (FinderOptions); the CLI names the option --flag-name.
    with pytest.raises(ValueError) as error:
        call()
    message = str(error.value)
    assert message.startswith(option + ": "), message


def test_web_in_schemes_is_the_built_in_list():
    text = "gopher://a.com/x ssh://b.org/y"
    assert [l.text for l in linkscan.Finder(schemes=["web", "gopher"]).find(text)] == [
        "gopher://a.com/x",
        "ssh://b.org/y",
    ]
    assert [l.text for l in linkscan.Finder(schemes=["gopher://"]).find(text)] == ["gopher://a.com/x"]


def test_the_distribution_names_its_licences_and_urls():
    from importlib import metadata

    meta = metadata.metadata("linkscan")
    assert meta["License-Expression"] == "MIT AND Unicode-3.0"
    assert sorted(meta.get_all("License-File")) == ["LICENSE-MIT", "LICENSE-UNICODE"]
    files = {f.name for f in metadata.files("linkscan")}
    assert {"LICENSE-MIT", "LICENSE-UNICODE"} <= files
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert urls["Repository"].startswith("https://") and "Documentation" in urls


def test_bad_types():
    with pytest.raises(TypeError):
        linkscan.Finder().find(b"bytes are not text")
    with pytest.raises(TypeError):
        linkscan.Finder().find(None)
    with pytest.raises(TypeError):
        linkscan.Finder(kinds=3)
    with pytest.raises(TypeError):
        linkscan.Finder().find_arrow(pa.array([1, 2]))


def test_huge_strings():
    text = "a.b " * 500_000 + "see example.com"
    assert [l.text for l in linkscan.find(text)] == ["example.com"]
    assert linkscan.find("x" * 10_000_000) == []


def generated_corpus(n, seed=7):
    rng = random.Random(seed)
    words = ["the", "of", "x.com", "https://例子.中国/路径", "a@b.org", "😀", "www.example.org/a_(b)", "e.g.", "東京。"]
    return [None if rng.random() < 0.05 else " ".join(rng.choice(words) for _ in range(rng.randint(0, 12))) for _ in range(n)]


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_find_arrow_agrees_with_find(arrow_type):
    texts = generated_corpus(3000)
    finder = linkscan.Finder()
    expected = [
        {"row": row, "start": l.start, "end": l.end, "kind": l.kind, "text": l.text, "href": l.href}
        for row, text in enumerate(texts)
        if text is not None
        for l in finder.find(text)
    ]
    array = pa.array(texts, type=arrow_type)
    assert finder.find_arrow(array).to_pylist() == expected
    # A chunked array: rows count across chunks.
    chunked = pa.chunked_array([array.slice(0, 1000), array.slice(1000)])
    assert finder.find_arrow(chunked).to_pylist() == expected
    # Offsets in UTF-16 units too.
    utf16 = linkscan.Finder(offsets="utf16")
    assert utf16.find_arrow(array).column("end").to_pylist() == [
        l.end for t in texts if t is not None for l in utf16.find(t)
    ]


# Pieces that make detectors look across a row's edges: a scheme, `www.`,
# `@`, quotes, brackets, trailing punctuation, CJK stops, line breaks.
EDGE_PIECES = [
    "a.com", "http://", "https://x.org/", "www.", "www.a.org", "@", "b@c.org", "@u@h.social", "mailto:", "“",
    "”", "\"", "'", "(", ")", "[", "]", "<", ">", ".", ",", "?", "!", ":", ";", "/", "-", "_", "~", "*", "日本",
    "。", "（", "）", "\n", "\r", " ", "\t", "xn--p1ai", ".рф", "1.2.3.4", "localhost:80", "README.md", "é", "😀",
    "%E3", "#", "&", "a", "1",
]


def edge_rows(rng, n):
    return [None if rng.random() < 0.03 else "".join(rng.choice(EDGE_PIECES) for _ in range(rng.randrange(0, 9)))
            for _ in range(n)]


@pytest.mark.parametrize(
    "options",
    [
        {}, {"dialect": "gfm"}, {"dialect": "gfm", "unicode_ends": True}, {"dialect": "md4c"},
        {"profile": "strict"}, {"profile": "chat"}, {"profile": "docs"}, {"require_scheme": True},
        {"tlds": "any", "ip_hosts": True, "local_hosts": True}, {"offsets": "utf16"}, {"offsets": "utf8"},
    ],
)
def test_find_arrow_blocks_of_short_rows_agree_with_each_row_alone(options):
    # Short rows are searched together, a line each: each must still get
    # exactly the links it has alone, whatever the rows around it.
    rng = random.Random(str(options))
    finder = linkscan.Finder(**options)
    for _ in range(4):
        texts = edge_rows(rng, 5000)
        expected = [
            {"row": row, "start": l.start, "end": l.end, "kind": l.kind, "text": l.text, "href": l.href}
            for row, text in enumerate(texts)
            if text is not None
            for l in finder.find(text)
        ]
        assert finder.find_arrow(pa.array(texts), threads=1).to_pylist() == expected


def test_find_arrow_threads_agree():
    # About 2.5 MB: enough for the rows to be split among up to 9 threads
    # (parts of at least 256 KiB); a long row in the middle and nulls at
    # the edges test the cuts.
    texts = [None] + generated_corpus(40_000, seed=11) + [None]
    texts[20_000] = "x.org " * 100_000
    finder = linkscan.Finder(offsets="utf16")
    expected = [
        {"row": row, "start": l.start, "end": l.end, "kind": l.kind, "text": l.text, "href": l.href}
        for row, text in enumerate(texts)
        if text is not None
        for l in finder.find(text)
    ]
    # (As string_view, Polars' layout, the rows are copied in blocks of
    # 256 KiB, spread over the threads.)
    for array in (pa.array(texts), pa.array(texts, pa.string_view())):
        for threads in (1, 2, 3, 9, 64):
            assert finder.find_arrow(array, threads=threads).to_pylist() == expected, (array.type, threads)
        assert finder.find_arrow(array).to_pylist() == expected


@pytest.mark.parametrize("threads", [0, 65, -1])
def test_find_arrow_bad_threads(threads):
    with pytest.raises((ValueError, OverflowError), match="threads|negative"):
        linkscan.Finder().find_arrow(pa.array(["a.com"]), threads=threads)


def test_find_arrow_nulls_and_empty():
    table = linkscan.Finder().find_arrow(pa.array([None, None], type=pa.string()))
    assert table.num_rows == 0 and table.column_names == ["row", "start", "end", "kind", "text", "href"]
    assert linkscan.Finder().find_arrow(pa.array([], type=pa.string())).num_rows == 0


def test_find_arrow_takes_any_arrow_c_interface_object():
    # Not only pyarrow's types: anything with __arrow_c_array__ or
    # __arrow_c_stream__ (Polars, DuckDB, nanoarrow...), and nothing else.
    class ArrayOnly:
        def __init__(self, array):
            self.array = array

        def __arrow_c_array__(self, requested_schema=None):
            return self.array.__arrow_c_array__(requested_schema)

    class StreamOnly:
        def __init__(self, chunked):
            self.chunked = chunked

        def __arrow_c_stream__(self, requested_schema=None):
            return self.chunked.__arrow_c_stream__(requested_schema)

    texts = ["see a.com", None, "mail b@c.org", "x.net and y.org"]
    finder = linkscan.Finder()
    expected = finder.find_arrow(pa.array(texts))
    assert finder.find_arrow(ArrayOnly(pa.array(texts))) == expected
    chunked = pa.chunked_array([pa.array(texts[:2]), pa.array([], pa.string()), pa.array(texts[2:])])
    assert finder.find_arrow(StreamOnly(chunked)) == expected
    assert finder.find_arrow(StreamOnly(pa.chunked_array([], pa.large_string()))).num_rows == 0
    with pytest.raises(TypeError, match="__arrow_c_array__"):
        finder.find_arrow(texts)


def test_find_arrow_says_how_its_links_were_found():
    import json

    for finder, options in [
        (linkscan.Finder(), {"dialect": "uts58", "profile": "default"}),
        (linkscan.Finder("gfm", unicode_ends=True), {"dialect": "gfm", "unicode_ends": True}),
        (linkscan.Finder(tlds=["test"], kinds=["url"]), {"tlds": ["test"], "kinds": ["url"]}),
    ]:
        for texts in (["see a.test and b.com"], [None]):  # with links, and the shared table without
            metadata = finder.find_arrow(pa.array(texts, pa.string())).schema.metadata
            assert metadata[b"linkscan.version"].decode() == linkscan.__version__
            assert metadata[b"linkscan.unicode_version"].decode() == linkscan.UNICODE_VERSION
            assert metadata[b"linkscan.tld_list_version"].decode() == linkscan.TLD_LIST_VERSION
            recorded = json.loads(metadata[b"linkscan.finder"])
            assert options.items() <= recorded.items(), recorded
            assert linkscan.Finder(recorded.pop("dialect"), **recorded).find("a.test b.com") == finder.find(
                "a.test b.com"
            )


def test_find_arrow_one_schema_for_every_shape():
    # No links (a table made once and shared), links from one part of the
    # rows (imported as one record batch), links from several parts (a
    # stream): the same schema and the same rows as `find`.
    finder = linkscan.Finder()
    quiet = "no links in this line " * 30_000
    shapes = {
        "none": [quiet, None],
        "one part": ["see a.com", None],
        "one part of two": [quiet, "a.com " * 100_000],
        "two parts": ["a.com " * 100_000, "b.org " * 100_000],
    }
    schema = finder.find_arrow(pa.array(["x"])).schema
    assert str(schema.field("kind").type) == "dictionary<values=string, indices=int8, ordered=0>"
    for name, texts in shapes.items():
        table = finder.find_arrow(pa.array(texts), threads=2)
        assert table.schema == schema, name
        expected = [(row, l.start, l.href) for row, t in enumerate(texts) if t for l in finder.find(t)]
        got = list(zip(*(table.column(c).to_pylist() for c in ("row", "start", "href"))))
        assert got == expected, name


STREAM_TEXTS = [
    "Docs at https://ja.wikipedia.org/wiki/日本（国）。 Mail アルベルト@example.com, see www.example.org/a.",
    "😀 emoji then example.com/x and a@b.org\n and (https://a.org/x_(y)) end",
    " .v@l.org x -b@c.de\tz",
]


@pytest.mark.parametrize("dialect", ["uts58", "gfm", "md4c"])
def test_stream_gives_the_links_of_the_whole_however_cut(dialect):
    rng = random.Random(58)
    for unit in ["chars", "utf16", "utf8"]:
        finder = linkscan.Finder(dialect, offsets=unit)
        for text in STREAM_TEXTS:
            expected = finder.find(text)
            for _ in range(50):
                stream = finder.stream()
                cuts = sorted(rng.randrange(len(text) + 1) for _ in range(rng.randrange(8)))
                found, last, frontier = [], 0, 0
                for cut in [*cuts, len(text)]:
                    found += stream.feed(text[last:cut])
                    assert stream.frontier >= frontier
                    assert all(link.end <= stream.frontier for link in found)
                    frontier, last = stream.frontier, cut
                found += stream.finish()
                assert found == expected, (text, cuts)


def test_stream_pending_and_undecided():
    stream = linkscan.Finder().stream()
    assert stream.feed("see https://example.com/a") == []
    assert stream.undecided == "https://example.com/a"
    assert [link.text for link in stream.pending()] == ["https://example.com/a"]
    assert stream.frontier == 4
    assert [link.href for link in stream.feed(" next")] == ["https://example.com/a"]


def test_stream_from_an_async_generator():
    import asyncio

    async def tokens():
        for token in ["Read exa", "mple.com/do", "cs then ", "mail a@", "b.org"]:
            yield token

    async def links():
        stream = linkscan.Finder().stream()
        found = []
        async for token in tokens():
            found += [link.text for link in stream.feed(token)]
        return found + [link.text for link in stream.finish()]

    assert asyncio.run(links()) == ["example.com/docs", "a@b.org"]


BAD_BYTES = [
    b"caf\xe9 https://a.org/x",
    b"\xff\xfe example.com",
    b"https://b.org/\xc3",
    b"\xe6\x97 mail a@b.org",
    b"\xed\xa0\x80 www.c.net",
    b"ok example.com \xf0\x9f\x98",
]


def _binary_as_string(rows, view=False):
    """A pyarrow string (or string_view) array over bytes that need not be
    UTF-8: what C-data producers (and Spark's StringType) may hand over."""
    binary = pa.array(rows, type=pa.binary_view() if view else pa.binary())
    return pa.Array.from_buffers(pa.string_view() if view else pa.string(), len(binary), binary.buffers())


@pytest.mark.parametrize("view", [False, True])
def test_find_arrow_never_reads_bad_bytes_as_text(view):
    finder = linkscan.Finder()
    rows = [b"fine example.com", *BAD_BYTES, None]
    array = _binary_as_string(rows, view)
    table = finder.find_arrow(array)
    expected = []
    for i, raw in enumerate(rows):
        if raw is None:
            continue
        for link in finder.find(raw.decode("utf-8", "replace")):
            expected.append((i, link.start, link.end, link.text, link.href))
    got = list(zip(*(table.column(c).to_pylist() for c in ["row", "start", "end", "text", "href"])))
    assert got == expected
    for text in table.column("text").to_pylist() + table.column("href").to_pylist():
        text.encode("utf-8")  # every string valid
    # "skip": the bad rows give nothing; "strict": the first bad row is named.
    skipped = finder.find_arrow(array, errors="skip")
    assert skipped.column("row").to_pylist() == [0]
    with pytest.raises(ValueError, match="row 1 is not UTF-8"):
        finder.find_arrow(array, errors="strict")
    with pytest.raises(ValueError, match="errors"):
        finder.find_arrow(array, errors="ignore")


def test_find_arrow_string_view_outside_its_buffers():
    """A view whose bytes lie past its data buffer (a producer's bug): an
    error naming the row, never a read outside the buffer."""
    view = struct.pack("<iIii", 20, 0x61616161, 0, 100)
    array = pa.Array.from_buffers(pa.string_view(), 1, [None, pa.py_buffer(view), pa.py_buffer(b"a" * 10)])
    for errors in ("replace", "skip", "strict"):
        with pytest.raises(ValueError, match="row 0 has a view outside its buffers"):
            linkscan.Finder().find_arrow(array, errors=errors)


def test_find_arrow_rows_cut_inside_a_character():
    """Values that are UTF-8 as a whole, with a row boundary inside a
    character: each row is read alone, as its own bytes decode."""
    values = "é x.com 日本 y.org".encode()
    cuts = [0, 1, 9, 11, len(values)]  # inside é, then inside 日
    offsets = pa.py_buffer(b"".join(c.to_bytes(4, "little") for c in cuts))
    array = pa.Array.from_buffers(pa.string(), len(cuts) - 1, [None, offsets, pa.py_buffer(values)])
    rows = [values[a:b] for a, b in zip(cuts, cuts[1:])]
    finder = linkscan.Finder()
    expected = [
        (i, link.text, link.start)
        for i, raw in enumerate(rows)
        for link in finder.find(raw.decode("utf-8", "replace"))
    ]
    # The same rows as string_view: UTF-8 when copied end to end, not row by row.
    for array in (array, _binary_as_string(rows, view=True)):
        table = finder.find_arrow(array)
        assert list(zip(*(table.column(c).to_pylist() for c in ["row", "text", "start"]))) == expected
        with pytest.raises(ValueError, match="row 0 is not UTF-8"):
            finder.find_arrow(array, errors="strict")
    assert [t for _, t, _ in expected] == ["x.com", "y.org"]


def test_find_arrow_random_cuts_of_valid_text():
    """UTF-8 text cut into rows at random bytes, some inside characters:
    every row gives the links of its own bytes decoded."""
    rng = random.Random(58)
    pieces = ["日本.jp/", "é", "x.com", " ", "a@b.org", "😀", "www.c.net", "。", "https://d.org/ü"]
    for _ in range(20):
        values = "".join(rng.choice(pieces) for _ in range(200)).encode()
        cuts = sorted({0, len(values), *(rng.randrange(len(values)) for _ in range(30))})
        offsets = pa.py_buffer(b"".join(c.to_bytes(4, "little") for c in cuts))
        array = pa.Array.from_buffers(pa.string(), len(cuts) - 1, [None, offsets, pa.py_buffer(values)])
        finder = linkscan.Finder()
        expected = [
            (i, link.start, link.text)
            for i, (a, b) in enumerate(zip(cuts, cuts[1:]))
            for link in finder.find(values[a:b].decode("utf-8", "replace"))
        ]
        table = finder.find_arrow(array, threads=2)
        assert list(zip(*(table.column(c).to_pylist() for c in ["row", "start", "text"]))) == expected
        # As string_view (Polars' strings), with nulls: the rows copied end to
        # end and checked at once where they can be, one by one where not.
        rows = [None if rng.random() < 0.1 else values[a:b] for a, b in zip(cuts, cuts[1:])]
        expected = [(i, link.start, link.text) for i, row in enumerate(rows) if row is not None
                    for link in finder.find(row.decode("utf-8", "replace"))]
        table = finder.find_arrow(_binary_as_string(rows, view=True), threads=2)
        assert list(zip(*(table.column(c).to_pylist() for c in ["row", "start", "text"]))) == expected


def test_find_arrow_string_view_blocks_agree_with_rows_read_one_by_one():
    """Above 256 KiB, string_view rows are copied and searched in blocks:
    the same links as each row found alone, valid or not, null or not."""
    rng = random.Random(41)
    pieces = [b"x.com ", b"a@b.org ", "日本。".encode(), "é".encode(), b"https://d.org/p ", b"w" * 40]
    rows = [None if rng.random() < 0.05 else b"".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
            for _ in range(40_000)]
    # Most blocks are UTF-8 (read at once); one has bad bytes, one a
    # character cut between two rows (UTF-8 as a whole, not row by row).
    rows[10_000:10_003] = [b"bad \xff x.org", b"\xe6\x97 y.org", b"z.org \xf0\x9f"]
    rows[30_000:30_002] = [b"c.org \xe6\x97", b"\xa5 d.org"]
    finder = linkscan.Finder()
    expected = [(i, link.start, link.text) for i, row in enumerate(rows) if row is not None
                for link in finder.find(row.decode("utf-8", "replace"))]
    for threads in (1, 3):
        table = finder.find_arrow(_binary_as_string(rows, view=True), threads=threads)
        assert list(zip(*(table.column(c).to_pylist() for c in ["row", "start", "text"]))) == expected


def test_find_arrow_chunks_each_read_as_they_can_be():
    """A column of several chunks: each is read in place where it can be
    (sliced ones too), row by row where a row is cut inside a character;
    rows are numbered through the column, in both outputs."""
    values = "é x.com 日本 y.org".encode()
    cuts = [0, 1, 9, 11, len(values)]
    offsets = pa.py_buffer(b"".join(c.to_bytes(4, "little") for c in cuts))
    cut = pa.Array.from_buffers(pa.string(), len(cuts) - 1, [None, offsets, pa.py_buffer(values)])
    texts = ["see a.com", None, "b@c.org and www.d.net", "", "e.com."]
    chunks = [pa.array(texts), cut, pa.array(texts).slice(2), pa.array([], pa.string()), pa.array(texts[:1])]
    rows = texts + [values[a:b].decode("utf-8", "replace") for a, b in zip(cuts, cuts[1:])] + texts[2:] + texts[:1]
    finder = linkscan.Finder()
    expected = [(i, l.start, l.text) for i, text in enumerate(rows) if text is not None for l in finder.find(text)]
    table = finder.find_arrow(pa.chunked_array(chunks))
    assert list(zip(*(table.column(c).to_pylist() for c in ["row", "start", "text"]))) == expected
    lists = finder.find_arrow_lists(pa.chunked_array(chunks))
    assert len(lists) == len(rows)
    assert [None if ls is None else [l["text"] for l in ls] for ls in lists.to_pylist()] == [
        None if text is None else [l.text for l in finder.find(text)] for text in rows
    ]
    assert len(finder.find_arrow_lists(pa.chunked_array([], pa.string()))) == 0


def test_find_arrow_random_bytes_never_crash():
    rng = random.Random(26)
    finder = linkscan.Finder("gfm")
    pieces = [b"http://", b"www.", b"@", b".com", b" ", b"a", b"\xe6\x97\xa5", b"\xc3", b"\xff", b"\x80", b"\xed\xa0\x80"]
    rows = [b"".join(rng.choice(pieces) for _ in range(rng.randrange(12))) for _ in range(2000)]
    table = finder.find_arrow(_binary_as_string(rows), threads=2)
    expected = sum(len(finder.find(r.decode("utf-8", "replace"))) for r in rows)
    assert table.num_rows == expected


def test_finders_and_links_pickle_and_links_hash():
    import pickle

    for finder in [
        linkscan.Finder(),
        linkscan.Finder("gfm", unicode_ends=True, offsets="utf16"),
        linkscan.Finder(profile="chat", kinds="url,email,handle", tlds=["test", "com"], schemes=["https"]),
        linkscan.Finder("md4c", kinds=["email"]),
    ]:
        text = "😀 https://example.com/a x.test a@b.com @ann@chaos.social www.c.org"
        again = pickle.loads(pickle.dumps(finder))
        assert again.find(text) == finder.find(text)
    links = linkscan.find("see https://user@gitlab.com/x and a@b.org")
    assert [link.host for link in links] == ["gitlab.com", "b.org"]
    assert pickle.loads(pickle.dumps(links)) == links
    assert len({*links, *linkscan.find("see https://user@gitlab.com/x and a@b.org")}) == 2
    with pytest.raises(ValueError, match="kind"):
        linkscan.Link(0, 1, "phone", "x", "x", "x")


def test_document_links():
    md = "# Ünïcode\n\n[Docs](https://a.org/d), www.b.net and ![logo](l.png).\n\n[r]: https://c.org\n"
    links = linkscan.document_links(md)
    assert [(k, d) for k, d, *_ in links] == [
        ("inline", "https://a.org/d"),
        ("literal", "http://www.b.net"),
        ("image", "l.png"),
        ("definition", "https://c.org"),
    ]
    kind, destination, text, start, end, line, column = links[1]
    assert (md[start:end], text) == ("www.b.net", "www.b.net")
    # Named, with the line and column (characters) of each start.
    assert [(l.kind, l.line, l.column) for l in links] == [
        ("inline", 3, 1), ("literal", 3, 26), ("image", 3, 40), ("definition", 5, 1)]
    assert links[0]._fields == ("kind", "href", "text", "start", "end", "line", "column")
    assert links[0].href == "https://a.org/d" and links[0].text == "Docs"
    assert linkscan.document_links("x\n\u00fc\u00fc www.a.org")[0][5:] == (2, 4)
    with pytest.raises(ValueError, match="dialect"):
        linkscan.document_links(md, dialect="rst")


def test_readme_python_runs_as_written():
    readme = (pathlib.Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python\n")[1].split("\n## ")[0]
    blocks = [part.split("```")[0] for part in section.split("```python\n")[1:]]
    assert len(blocks) == 2
    assert sum(run_as_written(block) for block in blocks) == 3


def test_mail_joins_urls_wrapped_across_lines():
    """The mail profile (or wrapped_urls=True) reads a URL wrapped inside
    <...> across lines as one link: its text as written, its href joined,
    the same in find, find_arrow and a stream; other dialects refuse it."""
    text = "> See <https://example.org/a/very/\n>   long/path> and x.org"
    mail = linkscan.Finder(profile="mail")
    links = mail.find(text)
    assert [(l.text, l.href) for l in links] == [
        ("https://example.org/a/very/\n>   long/path", "https://example.org/a/very/long/path"),
        ("x.org", "https://x.org")]
    assert text[links[0].start:links[0].end] == links[0].text
    assert [(l.text, l.href) for l in linkscan.Finder(wrapped_urls=True).find(text)] == \
        [(l.text, l.href) for l in links]
    assert [l.text for l in linkscan.Finder().find(text)] == ["https://example.org/a/very/", "x.org"]
    table = mail.find_arrow(pa.array([text]))
    assert table.column("href").to_pylist() == ["https://example.org/a/very/long/path", "https://x.org"]
    stream, streamed = mail.stream(), []
    for piece in [text[:20], text[20:35], text[35:]]:
        streamed += stream.feed(piece)
    streamed += stream.finish()
    assert [(l.start, l.href) for l in streamed] == [(l.start, l.href) for l in links]
    with pytest.raises(ValueError, match="^wrapped_urls"):
        linkscan.Finder("gfm", wrapped_urls=True)


def test_a_finder_says_its_options():
    """repr shows every option that is not its default, as Python writes
    it (so that it makes the same finder again); help(Finder) explains
    each option at run time."""
    Finder = linkscan.Finder
    assert repr(Finder()) == "Finder()"
    assert repr(Finder(profile="chat", require_scheme=True)) == "Finder(profile='chat', require_scheme=True)"
    assert repr(Finder("gfm", unicode_ends=True, offsets="utf16")) == "Finder('gfm', unicode_ends=True, offsets='utf16')"
    for finder in [Finder(kinds=["url", "email"], tlds=["com"], default_scheme="http://"), Finder("md4c"),
                   Finder(profile="docs", schemes=["web", "gopher"], ip_hosts=False, skip_file_names=True)]:
        again = eval(repr(finder), {"Finder": Finder})
        assert repr(again) == repr(finder)
        assert [l.href for l in again.find("a.com x@y.org gopher://g.org/x")] == \
            [l.href for l in finder.find("a.com x@y.org gopher://g.org/x")]
    for option in ["dialect", "profile", "kinds", "require_scheme", "tlds", "default_scheme", "ip_hosts",
                   "unicode_ends", "local_hosts", "skip_file_names", "wrapped_urls", "schemes", "offsets"]:
        assert f"\n{option}" in Finder.__doc__, option
