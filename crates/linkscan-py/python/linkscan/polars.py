"""Polars: an expression that finds the links of a string column, run
natively on Polars' own threads (an expression plugin in linkscan's
native module: no Python call per batch, no GIL), lazily and in the
streaming engine alike.

>>> import polars as pl, linkscan.polars
>>> df = pl.DataFrame({"text": ["See a.com or x@y.org.", None]})
>>> df.with_columns(links=linkscan.polars.links("text"))["links"].to_list()[0][1]
{'start': 13, 'end': 20, 'kind': 'email', 'text': 'x@y.org', 'href': 'mailto:x@y.org'}
>>> df.select(pl.col("text").linkscan.links()).explode("text").unnest("text")["href"].to_list()
['https://a.com', 'mailto:x@y.org', None]

The plugin runs on Polars 1.10 and later (CI tests 1.10.0 and 2.1.0).
Where the running Polars refuses it or runs it wrong, ``links`` says so
once (a ``RuntimeWarning``) and runs ``Finder.find_arrow_lists`` on each
batch instead: the same links, through Python.
"""

import warnings
from pathlib import Path

import polars as pl

from . import _linkscan
from ._linkscan import Finder

__all__ = ["links", "native", "LINKS_DTYPE"]

#: The type of each row's links.
LINKS_DTYPE = pl.List(
    pl.Struct({"start": pl.Int64, "end": pl.Int64, "kind": pl.String, "text": pl.String, "href": pl.String})
)

_PLUGIN = Path(_linkscan.__file__)
_native = None


def _plugin_links(expr, finder):
    (dialect,), options = finder.__getnewargs_ex__()
    from polars.plugins import register_plugin_function

    return register_plugin_function(
        plugin_path=_PLUGIN,
        function_name="links",
        args=expr,
        kwargs={"dialect": dialect, **options},
        is_elementwise=True,
    )


def native():
    """Whether this Polars runs linkscan's plugin right (tried once, on two
    rows); if not, the ``RuntimeWarning`` that ``links`` gives says why."""
    global _native
    if _native is None:
        # (Polars before 1.10 drops a plugin's last row when it is null.)
        want = [[{"start": 0, "end": 5, "kind": "url", "text": "a.com", "href": "https://a.com"}], None]
        try:
            got = pl.DataFrame({"t": ["a.com", None]}).select(_plugin_links(pl.col("t"), Finder()))["t"].to_list()
            _native = True if got == want else f"Polars {pl.__version__} ran linkscan's plugin wrong (gave {got!r})"
        except Exception as e:  # noqa: BLE001 -- any refusal means the Python route
            _native = f"Polars {pl.__version__} refused linkscan's plugin ({type(e).__name__}: {e})"
    return _native is True


def links(column, finder=None, *, native=None, **options):
    """The links of each string of ``column`` (a name or an expression) as
    a list of structs (``start``, ``end``, ``kind``, ``text``, ``href``;
    offsets are string indices), null for a null string. ``finder`` or
    ``options`` (those of ``linkscan.Finder``) choose what is found.
    ``native``: ``None`` (the plugin where Polars runs it), ``True`` (the
    plugin or an error) or ``False`` (``map_batches`` through Python)."""
    finder = finder if finder is not None else Finder(**options)
    expr = pl.col(column) if isinstance(column, str) else column
    use_plugin = _use_plugin() if native is None else native
    if use_plugin:
        return _plugin_links(expr, finder)

    def batch(series):
        # (A Polars before 1.3 gives a Series no Arrow PyCapsule interface.)
        arrow = series if hasattr(series, "__arrow_c_stream__") else series.to_arrow()
        found = pl.from_arrow(finder.find_arrow_lists(arrow))
        return found.alias(series.name).cast(LINKS_DTYPE)

    return expr.map_batches(batch, return_dtype=LINKS_DTYPE)


def _use_plugin():
    if native():
        return True
    if not getattr(_use_plugin, "warned", False):
        _use_plugin.warned = True
        warnings.warn(f"{_native}; linkscan.polars runs through Python instead", RuntimeWarning, stacklevel=3)
    return False


@pl.api.register_expr_namespace("linkscan")
class LinkscanNamespace:
    """``pl.col("text").linkscan.links(...)``: ``linkscan.polars.links`` of the expression."""

    def __init__(self, expr):
        self._expr = expr

    def links(self, finder=None, **options):
        """The links of each string (see ``linkscan.polars.links``)."""
        return links(self._expr, finder, **options)
