"""linkscan.duckdb, with DuckDB from PyPI,
against `linkscan find --format jsonl` on the same generated records; and
Finder.find_arrow_lists, the per-row output they share."""

import duckdb
import pyarrow as pa
import pytest

import linkscan
import linkscan.duckdb
from engines import records_and_links


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    return records_and_links(tmp_path_factory.mktemp("engines"), 3000, seed=7)


def test_find_arrow_lists_is_find_arrow_by_row(expected):
    lines, want = expected
    finder = linkscan.Finder()
    strings = pa.chunked_array([lines[:1000], [None], lines[1000:]])
    for threads in (1, 2, 9):
        lists = finder.find_arrow_lists(strings, threads=threads)
        assert len(lists) == len(lines) + 1
        got = [None if row is None else [tuple(l.values()) for l in row] for row in lists.to_pylist()]
        assert got == want[:1000] + [None] + want[1000:]
    assert finder.find_arrow_lists(pa.array([], pa.string())).to_pylist() == []
    with pytest.raises(ValueError, match="threads"):
        finder.find_arrow_lists(strings, threads=0)


def test_duckdb_function(expected):
    lines, want = expected
    con = duckdb.connect()
    linkscan.duckdb.register(con)
    table = pa.table({"id": range(len(lines) + 1), "text": lines + [None]})
    con.register("records", table)
    rows = con.sql("SELECT id, links(text) FROM records ORDER BY id").fetchall()
    got = [None if links is None else [tuple(l.values()) for l in links] for _, links in rows]
    assert got == want + [None]
    linkscan.duckdb.register(con, "emails", kinds="email")
    emails = con.sql("SELECT count(*) FROM (SELECT unnest(emails(text)) AS l FROM records)").fetchall()[0][0]
    assert emails == sum(link[2] == "email" for row in want for link in row)
