"""linkscan.polars, with Polars from PyPI: its plugin and its Python
route against `linkscan find --format jsonl` on the same generated records
and against Finder.find_arrow_lists. Needs only Polars and pyarrow, so CI
also runs it with the oldest Polars the docs name."""

import polars as pl
import pytest

import linkscan
import linkscan.polars
from engines import records_and_links


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    return records_and_links(tmp_path_factory.mktemp("polars"), 3000, seed=7)


def rows_of(series):
    return [None if row is None else [tuple(l.values()) for l in row] for row in series.to_list()]


def test_polars_runs_the_plugin():
    # This Polars is one the docs name as supported: no fall-back here.
    assert linkscan.polars.native(), linkscan.polars._native


def streaming(lazy):
    """`lazy` collected by the streaming engine (`streaming=True` before Polars 1.23)."""
    try:
        return lazy.collect(engine="streaming")
    except (TypeError, ValueError):
        return lazy.collect(streaming=True)


@pytest.mark.parametrize("native", [True, False])
def test_polars_expression(expected, native):
    lines, want = expected
    df = pl.DataFrame({"text": lines + [None]})
    out = df.with_columns(links=linkscan.polars.links("text", native=native))
    assert out.schema["links"] == linkscan.polars.LINKS_DTYPE
    assert rows_of(out["links"]) == want + [None]
    lazy = df.lazy().select(linkscan.polars.links(pl.col("text"), dialect="gfm", native=native)).collect()
    assert len(lazy) == len(lines) + 1


def test_polars_plugin_is_find_arrow_lists(expected):
    lines, _ = expected
    # Several chunks, nulls, empty strings, a frame in the streaming engine,
    # the namespace, and options of every kind of value (through pickle).
    chunked = pl.concat([pl.DataFrame({"text": lines[:700] + [None, ""]}), pl.DataFrame({"text": lines[700:]})],
                        rechunk=False)
    assert chunked["text"].n_chunks() == 2
    texts = chunked["text"].to_arrow()
    for options in [{}, {"dialect": "gfm"}, {"kinds": ["email", "url"], "offsets": "utf16"},
                    {"profile": "chat", "tlds": ["org", "io"]}, {"require_scheme": True, "ip_hosts": True},
                    {"schemes": ["web", "ftp"], "default_scheme": "http", "skip_file_names": False},
                    {"profile": "mail", "local_hosts": True}, {"dialect": "gfm", "unicode_ends": True}]:
        finder = linkscan.Finder(**options)
        want = rows_of(pl.from_arrow(finder.find_arrow_lists(texts)))
        eager = chunked.select(linkscan.polars.links("text", native=True, **options))
        assert rows_of(eager["text"]) == want, options
        streamed = streaming(chunked.lazy().select(pl.col("text").linkscan.links(finder)))
        assert rows_of(streamed["text"]) == want, options


def test_polars_plugin_edges():
    links = linkscan.polars.links
    assert pl.DataFrame({"t": []}, schema={"t": pl.String}).select(links("t"))["t"].to_list() == []
    assert pl.DataFrame({"t": [None, None]}, schema={"t": pl.String}).select(links("t"))["t"].to_list() == [None, None]
    # The output keeps the input's name; an expression's alias works.
    assert pl.DataFrame({"t": ["a.com"]}).select(links(pl.col("t").str.to_uppercase()).alias("u"))["u"].to_list() == [
        [{"start": 0, "end": 5, "kind": "url", "text": "A.COM", "href": "https://A.COM"}]]
    # A column of another type: a clear error, no crash.
    with pytest.raises(pl.exceptions.ComputeError, match="expected a string column, got Int64"):
        pl.DataFrame({"n": [1, 2]}).select(links("n"))
    # Bad options fail where the expression is made, as Finder's do.
    with pytest.raises(ValueError, match="^dialect"):
        links("t", dialect="commonmark")
    # Many rows: more than one part a thread.
    big = pl.DataFrame({"t": ["See https://example.com/" + str(i) + " and x@y.org " * 10 for i in range(60000)]})
    out = big.select(links("t"))["t"]
    assert out.list.len().sum() == 60000 * 11 and out[59999][0]["text"] == "https://example.com/59999"


def test_polars_falls_back_with_a_warning(monkeypatch):
    monkeypatch.setattr(linkscan.polars, "_PLUGIN", linkscan.polars._PLUGIN.with_name("no-such-library.so"))
    monkeypatch.setattr(linkscan.polars, "_native", None)
    monkeypatch.delattr(linkscan.polars._use_plugin, "warned", raising=False)
    df = pl.DataFrame({"t": ["See a.com or x@y.org.", None]})
    with pytest.warns(RuntimeWarning, match=r"refused linkscan's plugin .*through Python instead"):
        out = df.select(linkscan.polars.links("t"))
    assert not linkscan.polars.native()
    assert rows_of(out["t"]) == [[(4, 9, "url", "a.com", "https://a.com"), (13, 20, "email", "x@y.org", "mailto:x@y.org")], None]
    monkeypatch.delattr(linkscan.polars._use_plugin, "warned")
