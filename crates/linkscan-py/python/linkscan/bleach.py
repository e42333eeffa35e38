"""``bleach.linkify``'s API over linkscan: links in the text of HTML.

bleach reached its end of life in 2026; its ``linkify`` found links with a
regular expression and rewrote the whole fragment through html5lib. This
module keeps the call and the callbacks, and finds links as UTS #58 does
(CJK punctuation, quotes and trailing ``?`` stay out of links), in the
text only, every other character of the input kept as it was.

Migrating is one import::

    from bleach import linkify            # before
    from linkscan.bleach import linkify   # after

>>> linkify('<p title="a.com">See example.com/a?b=1&amp;c=2.</p>')
'<p title="a.com">See <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow">example.com/a?b=1&amp;c=2</a>.</p>'
>>> linkify("x@example.org", parse_email=True)
'<a href="mailto:x@example.org">x@example.org</a>'

What differs from bleach (each a choice, listed in docs/python.md):
callbacks see new links only (an ``<a>`` already in the input is kept as
it is, not rewritten); the input is not re-serialised (bleach rewrote
quotes, entities and unclosed tags); a scheme-less link gets ``https://``
(bleach wrote ``http://``); ``url_re``, ``email_re`` and
``recognized_tags`` have no counterpart: pass a ``linkscan.Finder``
instead.
"""

from ._linkscan import linkify_fragment

__all__ = ["linkify", "Linker", "nofollow", "target_blank", "DEFAULT_CALLBACKS"]

_HREF = (None, "href")


def nofollow(attrs, new=False):
    """Adds ``nofollow`` to a link's ``rel`` (not to ``mailto:`` links)."""
    if attrs.get(_HREF, "").startswith("mailto:"):
        return attrs
    rel = [value for value in attrs.get((None, "rel"), "").split() if value]
    if "nofollow" not in (value.lower() for value in rel):
        rel.append("nofollow")
    attrs[(None, "rel")] = " ".join(rel)
    return attrs


def target_blank(attrs, new=False):
    """Opens a web link in a new tab: ``target="_blank"`` (not for
    ``mailto:`` links)."""
    if not attrs.get(_HREF, "").startswith("mailto:"):
        attrs[(None, "target")] = "_blank"
    return attrs


DEFAULT_CALLBACKS = [nofollow]


# bleach's parameters with no counterpart here, and what to use instead.
_INSTEAD = {
    "url_re": "linkscan finds URLs as UTS #58 does, not by a regular expression: pass "
    "finder=linkscan.Finder(...) to choose what is linked (profile=, kinds=, tlds=, require_scheme=, "
    "local_hosts=, ip_hosts=)",
    "email_re": "linkscan finds addresses as UTS #58 §5 does, not by a regular expression: parse_email=True "
    "links them, and finder=linkscan.Finder(kinds=...) chooses the kinds",
    "recognized_tags": "linkscan reads every tag as a browser's parser does, so it needs no list of known "
    "tags: skip_tags= names the elements whose text is not linked",
}


class Linker:
    """bleach's ``Linker``: the settings kept for many calls of
    ``linkify``. ``finder``: a ``linkscan.Finder`` for other dialects,
    kinds or TLD policies (default: UTS #58). bleach's ``url_re``,
    ``email_re`` and ``recognized_tags`` raise a ``TypeError`` that says
    what to use instead."""

    def __init__(self, callbacks=DEFAULT_CALLBACKS, skip_tags=None, parse_email=False, finder=None, **bleach_only):
        for name in bleach_only:
            if name in _INSTEAD:
                raise TypeError(f"Linker({name}=...) is bleach's; {_INSTEAD[name]}")
            raise TypeError(f"Linker() got an unexpected keyword argument {name!r}")
        self.callbacks = list(callbacks or [])
        self.skip_tags = list(skip_tags or [])
        self.parse_email = parse_email
        self.finder = finder

    def linkify(self, text):
        """``text``, an HTML fragment, with the links of its text linked."""
        if not isinstance(text, str):
            raise TypeError("argument must be of text type")
        return linkify_fragment(
            text,
            self.finder,
            callbacks=self.callbacks,
            skip_tags=self.skip_tags,
            parse_email=self.parse_email,
        )


def linkify(text, callbacks=DEFAULT_CALLBACKS, skip_tags=None, parse_email=False):
    """``text``, an HTML fragment, with ``<a href>`` around the links of its
    text, as ``bleach.linkify`` is called: ``callbacks`` set or veto each
    new link's attributes (default: ``rel="nofollow"``), ``skip_tags`` are
    elements whose text is not linked (``a``, ``script``, ``style``,
    ``textarea`` and the like never are), ``parse_email`` links email
    addresses too."""
    return Linker(callbacks, skip_tags, parse_email).linkify(text)
