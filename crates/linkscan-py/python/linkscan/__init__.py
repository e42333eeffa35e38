"""Find links — URLs and email addresses — in text and Markdown.

linkscan implements Unicode UTS #58 (link detection, minimal escaping,
email), GitHub's and MD4C's Markdown autolink dialects and safe HTML
output, in Rust. Offsets are Python string indices by default.

>>> import linkscan
>>> [link.text for link in linkscan.find("See example.com/a. Mail アルベルト@example.com!")]
['example.com/a', 'アルベルト@example.com']
>>> linkscan.find("x https://例子.中国/路径。")[0].end
18
>>> linkscan.display_url("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC")
'https://ja.wikipedia.org/wiki/東京'

For batches, ``Finder.find_arrow`` takes a pyarrow string array and returns
a pyarrow Table of links (``row``, ``start``, ``end``, ``kind``, ``text``,
``href``) without a Python loop per string: the function to use inside
Spark's ``mapInArrow`` or Ray Data's ``map_batches``.
"""

from typing import NamedTuple

from ._linkscan import (
    TLD_LIST_VERSION,
    UNICODE_VERSION,
    Finder,
    Link,
    Stream,
    __version__,
    display_email,
    display_url,
    document_links as _document_links,
    linkify_fragment,
    linkify_html,
    markdown_to_html,
)
from . import bleach, linkify_it

__all__ = [
    "Finder",
    "Link",
    "Stream",
    "find",
    "linkify_html",
    "linkify_fragment",
    "markdown_to_html",
    "document_links",
    "DocumentLink",
    "display_url",
    "display_email",
    "__version__",
    "UNICODE_VERSION",
    "TLD_LIST_VERSION",
    "linkify_it",
    "bleach",
]


class DocumentLink(NamedTuple):
    """A link of a Markdown document (``document_links``): its ``kind``
    (``inline``, ``reference``, ``definition``, ``image``, ``autolink``,
    ``literal``), ``href`` (the destination), ``text``, ``start`` and
    ``end`` (string indices of the whole construct), and the ``line`` and
    ``column`` (in characters) of its start, 1-based."""

    kind: str
    href: str
    text: str
    start: int
    end: int
    line: int
    column: int


def document_links(markdown, dialect="gfm"):
    """Every link of a Markdown document, in document order, as
    ``DocumentLink`` named tuples; none in code.

    >>> link = document_links("# Title\\n\\nSee [docs](https://a.org/d).")[0]
    >>> (link.kind, link.href, link.text, link.line, link.column)
    ('inline', 'https://a.org/d', 'docs', 3, 5)
    """
    return [DocumentLink(*row) for row in _document_links(markdown, dialect)]


def find(text, **options):
    """The links of ``text``; ``options`` are ``Finder``'s (built each call:
    keep a ``Finder`` for many texts).

    >>> [(l.start, l.end, l.kind, l.href) for l in find("a b@c.org")]
    [(2, 9, 'email', 'mailto:b@c.org')]
    """
    return Finder(**options).find(text)
