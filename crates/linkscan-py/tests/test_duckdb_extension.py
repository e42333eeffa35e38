"""The DuckDB loadable extension (crates/linkscan-duckdb), built here with
cargo and given its metadata footer, loaded into DuckDB from PyPI with
unsigned extensions allowed: its links against `linkscan find --format
jsonl` and Finder.find_arrow_lists on the same rows, with every kind of
option, NULLs, DuckDB's threads, and errors."""

import pathlib
import subprocess
import sys

import duckdb
import pyarrow as pa
import pytest

import linkscan
from engines import ROOT, records_and_links

CRATE = ROOT / "crates" / "linkscan-duckdb"


@pytest.fixture(scope="module")
def extension(tmp_path_factory):
    subprocess.run(["cargo", "build", "--release", "--locked", "-q", "--manifest-path", str(CRATE / "Cargo.toml")],
                   check=True)
    platform = duckdb.sql("PRAGMA platform").fetchall()[0][0]
    out = tmp_path_factory.mktemp("duckdb") / "linkscan.duckdb_extension"
    subprocess.run([sys.executable, str(CRATE / "package.py"), platform, str(out)], check=True)
    return out


@pytest.fixture()
def con(extension):
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    return con


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    return records_and_links(tmp_path_factory.mktemp("duckdb-records"), 3000, seed=5)


def rows_of(values):
    return [None if row is None else [tuple(l.values()) for l in row] for row in values]


def test_links_are_the_cli_links(con, expected):
    lines, want = expected
    con.register("records", pa.table({"id": range(len(lines) + 1), "text": lines + [None]}))
    got = [row for _, row in con.sql("SELECT id, linkscan_links(text) FROM records ORDER BY id").fetchall()]
    assert rows_of(got) == want + [None]
    # unnest makes a row a link.
    count = con.sql("SELECT count(*) FROM (SELECT unnest(linkscan_links(text)) FROM records)").fetchall()[0][0]
    assert count == sum(len(row) for row in want)


@pytest.mark.parametrize("options", [
    {}, {"dialect": "gfm"}, {"dialect": "md4c"}, {"kinds": "email,url"}, {"profile": "chat", "tlds": "org,io"},
    {"require_scheme": True, "ip_hosts": True}, {"schemes": "web,ftp", "default_scheme": "http"},
    {"profile": "mail", "local_hosts": True, "skip_file_names": False}, {"dialect": "gfm", "unicode_ends": True},
])
def test_options_are_finders(con, expected, options):
    lines, _ = expected
    text = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())
    python = {k: v.split(",") if k in ("tlds", "schemes") else v for k, v in options.items()}
    want = rows_of(linkscan.Finder(**python).find_arrow_lists(pa.array(lines + [None])).to_pylist())
    con.register("records", pa.table({"id": range(len(lines) + 1), "text": lines + [None]}))
    got = [row for _, row in con.sql("SELECT id, linkscan_links(text, $o) FROM records ORDER BY id",
                                     params={"o": text}).fetchall()]
    assert rows_of(got) == want, text


def test_options_that_differ_between_rows(con):
    # A finder a row where the options column is not one value.
    rows = [("www.a.org b.org x@y.org", "dialect=gfm"), ("www.a.org b.org x@y.org", "kinds=email"), (None, ""),
            ("see http://intranet/x", "profile=docs"), ("see http://intranet/x", "")] * 700
    con.register("varied", pa.table({"id": range(len(rows)), "t": [t for t, _ in rows], "o": [o for _, o in rows]}))
    got = [links for _, links in con.sql("SELECT id, linkscan_links(t, o) FROM varied ORDER BY id").fetchall()]
    options = {"dialect=gfm": {"dialect": "gfm"}, "kinds=email": {"kinds": "email"}, "": {}, "profile=docs": {"profile": "docs"}}
    want = [None if t is None else [(l.start, l.end, l.kind, l.text, l.href) for l in linkscan.Finder(**options[o]).find(t)]
            for t, o in rows]
    assert rows_of(got) == want
    assert len({len(row) for row in want if row is not None}) > 1  # the options do differ


def test_many_rows_on_many_threads(con):
    con.execute("SET threads = 4")
    n = 300_000
    got = con.sql(f"""SELECT count(*), sum(len(linkscan_links(t))), max(linkscan_links(t)[1].href)
                      FROM (SELECT 'see https://example.com/' || i || ' or x@y.org' AS t FROM range({n}) r(i))""").fetchall()
    assert got == [(n, 2 * n, f"https://example.com/{99999}")]


@pytest.mark.parametrize("options, message", [
    ("dialect=commonmark", "dialect"), ("colour=red", "options: \"colour\" is not one"), ("gfm", "is not key=value"),
    ("dialect=gfm ip_hosts=true", "ip_hosts"), ("require_scheme=yes", "is not true or false"),
])
def test_bad_options_are_errors(con, options, message):
    with pytest.raises(duckdb.Error, match=message):
        con.sql("SELECT linkscan_links('a.com', $o)", params={"o": options}).fetchall()


def test_the_footer_is_checked(extension, tmp_path):
    # Without its footer, DuckDB refuses the library: the footer is what loads it.
    bare = tmp_path / "bare.duckdb_extension"
    bare.write_bytes(pathlib.Path(extension).read_bytes()[:-534])
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    with pytest.raises(duckdb.Error):
        con.execute(f"LOAD '{bare}'")
