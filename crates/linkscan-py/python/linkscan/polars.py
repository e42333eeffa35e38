"""Polars: an expression that finds the links of a string column, run on
whole batches (no Python call per row).

>>> import polars as pl, linkscan.polars
>>> df = pl.DataFrame({"text": ["See a.com or x@y.org.", None]})
>>> df.with_columns(links=linkscan.polars.links("text"))["links"].to_list()[0][1]
{'start': 13, 'end': 20, 'kind': 'email', 'text': 'x@y.org', 'href': 'mailto:x@y.org'}
>>> df.select(linkscan.polars.links("text")).explode("text").unnest("text")["href"].to_list()
['https://a.com', 'mailto:x@y.org', None]
"""

import polars as pl

from ._linkscan import Finder

__all__ = ["links", "LINKS_DTYPE"]

#: The type of each row's links.
LINKS_DTYPE = pl.List(
    pl.Struct({"start": pl.Int64, "end": pl.Int64, "kind": pl.String, "text": pl.String, "href": pl.String})
)


def links(column, finder=None, **options):
    """The links of each string of ``column`` (a name or an expression) as
    a list of structs (``start``, ``end``, ``kind``, ``text``, ``href``;
    offsets are string indices), null for a null string. ``finder`` or
    ``options`` (those of ``linkscan.Finder``) choose what is found."""
    finder = finder if finder is not None else Finder(**options)
    expr = pl.col(column) if isinstance(column, str) else column

    def batch(series):
        found = pl.from_arrow(finder.find_arrow_lists(series))
        return found.alias(series.name).cast(LINKS_DTYPE)

    return expr.map_batches(batch, return_dtype=LINKS_DTYPE)
