"""linkify-it-py's API over linkscan, for markdown-it-py.

markdown-it-py's ``linkify`` rules call ``pretest``, ``test``, ``match`` and
``match_at_start`` of ``md.linkify``; set it to a :class:`LinkifyIt` and its
links are UTS #58's (CJK punctuation and full-width brackets end them,
hosts in any script):

>>> from markdown_it import MarkdownIt
>>> md = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")
>>> md.linkify = LinkifyIt()
>>> md.render("見て https://example.com/日本。")
'<p>見て <a href="https://example.com/%E6%97%A5%E6%9C%AC">https://example.com/日本</a>。</p>\\n'

>>> [(m.index, m.last_index, m.schema, m.url) for m in LinkifyIt().match("see example.com, b@c.org")]
[(4, 15, '', 'http://example.com'), (17, 24, 'mailto:', 'mailto:b@c.org')]
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ._linkscan import Finder

__all__ = ["LinkifyIt", "Match"]

# A link has a label separator in its host, or a `:` (IPv6 hosts, local
# hosts after a scheme) or `@`: text with none of them has none.
_MAY_LINK = re.compile("[.:@\u3002\uff0e\uff61]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_SPACE = re.compile(r"\s")
# linkify-it's option names (linkify-it-py takes both spellings).
_OPTION_NAMES = {"fuzzyLink": "fuzzy_link", "fuzzyEmail": "fuzzy_email", "fuzzyIP": "fuzzy_ip"}


class Match:
    """A link found, as linkify-it-py gives it: ``schema`` (``""`` for a
    link written without one, ``"mailto:"`` for an address), ``index`` and
    ``last_index`` (Python string indices), ``raw`` and ``text`` (the link
    as written) and ``url`` (its target)."""

    __slots__ = ("schema", "index", "last_index", "raw", "text", "url")

    def __init__(self, schema: str, index: int, last_index: int, raw: str, url: str) -> None:
        self.schema = schema
        self.index = index
        self.last_index = last_index
        self.raw = raw
        self.text = raw
        self.url = url

    def __repr__(self) -> str:
        return f"Match(schema={self.schema!r}, index={self.index}, last_index={self.last_index}, url={self.url!r})"


class LinkifyIt:
    """linkify-it-py's ``LinkifyIt`` over a linkscan ``Finder``.

    ``finder`` (default: UTS #58 with ``http://`` before links written
    without a scheme, as linkify-it does) decides what a link is.
    ``options`` take linkify-it's names: ``fuzzy_link`` (links without a
    scheme), ``fuzzy_email`` (addresses), ``fuzzy_ip`` (IP hosts). With a
    ``finder`` given, its options are that finder's: ``schemas``,
    ``options``, ``set``, ``add`` and ``tlds`` raise ``ValueError``.
    """

    def __init__(self, schemas: Optional[dict] = None, options: Optional[dict] = None, *, finder: Optional[Finder] = None):
        self._options: dict[str, Any] = {"default_scheme": "http://"}
        self._extra_schemes: list[str] = []
        self._finder = finder
        self._finder_given = finder is not None
        self._last: tuple[str, list[Match]] = ("", [])
        for name, definition in (schemas or {}).items():
            self.add(name, definition)
        if options:
            self.set(options)
        if finder is None:
            self._rebuild()

    def _rebuild(self) -> None:
        if self._finder_given:
            raise ValueError("this LinkifyIt uses the Finder it was given: make that Finder with these options")
        options = dict(self._options)
        if self._extra_schemes:
            options["schemes"] = ["web", *self._extra_schemes]
        self._finder = Finder(**options)
        self._last = ("", [])

    def set(self, options: dict) -> "LinkifyIt":
        """linkify-it's options: ``fuzzy_link`` (or ``fuzzyLink``),
        ``fuzzy_email``, ``fuzzy_ip``; others are refused."""
        for name, value in options.items():
            key = _OPTION_NAMES.get(name, name)
            if key == "fuzzy_link":
                self._options["require_scheme"] = not value
            elif key == "fuzzy_email":
                self._options["kinds"] = "url,www,email" if value else "url,www"
            elif key == "fuzzy_ip":
                self._options["ip_hosts"] = bool(value)
            else:
                raise ValueError(f"{name}: not an option linkscan's LinkifyIt takes (fuzzy_link, fuzzy_email, fuzzy_ip)")
        self._rebuild()
        return self

    def add(self, schema: str, definition: Any) -> "LinkifyIt":
        """Allows ``schema`` (``"git:"``) in ``scheme://`` links (a definition
        that is a schema name or a dict); ``None`` leaves it out again. The
        scheme is checked as every scheme is (never a script scheme)."""
        name = schema.rstrip(":/").lower()
        if name in self._extra_schemes:
            self._extra_schemes.remove(name)
        if definition is not None:
            self._extra_schemes.append(name)
        self._rebuild()
        return self

    def tlds(self, tlds: Any, keep_old: bool = False) -> "LinkifyIt":
        """The TLDs that make a link: a list of them (or one), instead of
        the built-in IANA list. ``keep_old=True`` (add them to it) raises
        ``ValueError``: pass the whole list, or ``Finder(tlds="any")``."""
        listed = [tlds] if isinstance(tlds, str) else list(tlds)
        if keep_old:
            raise ValueError("tlds: keep_old=True is not supported; pass the whole list, or a Finder with tlds='any'")
        self._options["tlds"] = listed
        self._rebuild()
        return self

    def pretest(self, text: str) -> bool:
        """Whether ``text`` may hold a link (a quick test: no false "no")."""
        return _MAY_LINK.search(text) is not None

    def test(self, text: str) -> bool:
        """Whether ``text`` holds a link."""
        return bool(self._matches(text))

    def match(self, text: str) -> Optional[list[Match]]:
        """The links of ``text``, or ``None``."""
        return self._matches(text) or None

    def match_at_start(self, text: str) -> Optional[Match]:
        """The link with a scheme that starts ``text``, if one does. Only
        the text before the first white space is read (no link goes past
        it), so markdown-it-py's call at each ``://`` costs its word."""
        if not _SCHEME.match(text):
            return None
        space = _SPACE.search(text)
        word = text[: space.start()] if space else text
        found = self._matches(word)
        return found[0] if found and found[0].index == 0 and found[0].schema else None

    def test_schema_at(self, text: str, schema: str, pos: int) -> int:
        """The length of the link after ``schema`` at ``pos``, or 0."""
        found = self.match_at_start(schema + text[pos:])
        return found.last_index - len(schema) if found else 0

    def _matches(self, text: str) -> list[Match]:
        if self._last[0] == text:
            return self._last[1]
        matches = [_match(link) for link in self._finder.find(text)] if self.pretest(text) else []
        self._last = (text, matches)
        return matches


def _match(link: Any) -> Match:
    if link.kind == "email":
        schema = "mailto:"
    else:
        scheme = _SCHEME.match(link.text)
        schema = scheme.group(0).lower() if scheme and link.href.lower().startswith(scheme.group(0).lower()) else ""
    return Match(schema, link.start, link.end, link.text, link.href)
