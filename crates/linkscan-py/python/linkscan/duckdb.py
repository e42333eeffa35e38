"""DuckDB: a SQL function that finds the links of strings, a vectorised
Arrow UDF (no Python call per row).

>>> import duckdb, linkscan.duckdb
>>> con = duckdb.connect()
>>> linkscan.duckdb.register(con)
>>> con.sql("SELECT links('See a.com or x@y.org.') AS l").fetchall()[0][0][1]
{'start': 13, 'end': 20, 'kind': 'email', 'text': 'x@y.org', 'href': 'mailto:x@y.org'}
>>> con.sql("SELECT l.text FROM (SELECT unnest(links('a.com b.org')) AS l)").fetchall()
[('a.com',), ('b.org',)]
"""

import duckdb

from ._linkscan import Finder

__all__ = ["register", "LINKS_TYPE"]

#: What the function returns for each string: its links, in order (NULL for NULL).
LINKS_TYPE = duckdb.list_type(
    duckdb.struct_type({"start": "BIGINT", "end": "BIGINT", "kind": "VARCHAR", "text": "VARCHAR", "href": "VARCHAR"})
)


def register(connection, name="links", finder=None, **options):
    """Adds ``name(text VARCHAR)`` to ``connection``: the links of each
    string as a ``STRUCT(start, "end", kind, text, href)[]`` (offsets are
    string indices, as DuckDB's own). ``finder`` or ``options`` (those of
    ``linkscan.Finder``) choose what is found."""
    finder = finder if finder is not None else Finder(**options)

    def links(texts):
        # (DuckDB runs a call a vector of rows, on its own threads.)
        return finder.find_arrow_lists(texts, threads=1)

    connection.create_function(name, links, ["VARCHAR"], LINKS_TYPE, type="arrow", null_handling="special")
