"""DataFusion: a SQL function that finds the links of strings, a vectorised
Arrow UDF (one Python call a batch of rows, not a row).

>>> import datafusion, linkscan.datafusion
>>> ctx = datafusion.SessionContext()
>>> linkscan.datafusion.register(ctx)
>>> ctx.sql("SELECT links('See a.com or x@y.org.') AS l").to_pydict()["l"][0][1]
{'start': 13, 'end': 20, 'kind': 'email', 'text': 'x@y.org', 'href': 'mailto:x@y.org'}
>>> ctx.sql("SELECT unnest(links('a.com b.org'))['text'] AS t").to_pydict()
{'t': ['a.com', 'b.org']}
"""

import datafusion
import pyarrow as pa

from ._linkscan import Finder

__all__ = ["links", "register", "LINKS_TYPE"]

#: What the function returns for each string: its links, in order (NULL for NULL).
LINKS_TYPE = Finder().find_arrow_lists(pa.array([], pa.string())).type


def links(finder=None, *, name="links", **options):
    """The function ``name(text)``: the links of each string as a
    ``list<struct<start, end, kind, text, href>>`` (offsets are string
    indices). ``finder`` or ``options`` (those of ``linkscan.Finder``)
    choose what is found. Register it with ``SessionContext.register_udf``.

    It takes ``Utf8View`` strings, which DataFusion reads from Parquet and
    CSV by default; other strings are cast to them."""
    finder = finder if finder is not None else Finder(**options)

    def find(texts):
        # (DataFusion runs a call a batch of rows, on its own threads.)
        return finder.find_arrow_lists(texts, threads=1).combine_chunks()

    return datafusion.udf(find, [pa.string_view()], LINKS_TYPE, "immutable", name=name)


def register(ctx, name="links", finder=None, **options):
    """Adds ``links(finder, name=name, **options)`` to the ``SessionContext``
    ``ctx``."""
    ctx.register_udf(links(finder, name=name, **options))
