from typing import Any, Callable, Literal, NamedTuple, Optional, Sequence, TypedDict, Union

__version__: str
UNICODE_VERSION: str
TLD_LIST_VERSION: str

Dialect = Literal["uts58", "gfm", "md4c"]
Offsets = Literal["chars", "utf8", "utf16"]
Profile = Literal["default", "strict", "chat", "docs", "mail"]

class Link:
    """A link: offsets in the finder's unit (Python string indices by
    default), its kind, text, target and host. Hashable and picklable."""

    start: int
    end: int
    kind: Literal["url", "email", "handle"]
    text: str
    href: str
    host: str
    def __init__(
        self, start: int, end: int, kind: Literal["url", "email", "handle"], text: str, href: str, host: str
    ) -> None: ...

class Decision(TypedDict):
    """A decision of the scan: the rule (a stable id), the text it looked
    at, the rule's reason and reference, and whether it refuses."""

    rule: str
    start: int
    end: int
    text: str
    reason: str
    reference: str
    refuses: bool

class Candidate(TypedDict):
    """A candidate the scan considered (``Finder.explain``): the link, or
    None when refused, its text and the decisions about it."""

    link: Optional[Link]
    start: int
    end: int
    text: str
    decisions: list[Decision]

class Finder:
    """Finds links; build once, use for many texts.

    ``profile`` (UTS #58) names a set of options: ``"default"`` (the spec
    where it decides, the reader where it does not: no final ``?``, quotes
    end a scheme-less host, ``https://user:pass@host``, ``_`` after a
    scheme, ``foohttp://`` read as ``http://``, quotes around an address
    left out, ``@user@host`` is no address, file names and calls such as
    ``README.md`` and ``Date.now()`` are no links), ``"strict"`` (the spec's
    pseudo-code and the Unicode reference exactly), ``"chat"`` (default plus
    handles), ``"docs"`` (``require_scheme``, ``local_hosts`` and
    ``ip_hosts``) or ``"mail"`` (``wrapped_urls``: a URL wrapped across
    lines inside ``<…>``, quoted replies too, is one link, its ``href``
    joined). Options given (not None) change only
    themselves after it. ``kinds``: ``url``, ``www``, ``email``, ``handle``.
    ``schemes``: the schemes a ``scheme://`` URL may have; ``"web"`` stands
    for the built-in list. Options are checked as the CLI checks them: one
    that means nothing in the dialect, a script scheme or an empty list
    raises ``ValueError`` starting with the option's name.
    """

    def __init__(
        self,
        dialect: Dialect = "uts58",
        *,
        profile: Profile = "default",
        kinds: Optional[Union[str, Sequence[str]]] = None,
        require_scheme: Optional[bool] = None,
        tlds: Optional[Union[Literal["iana", "any"], Sequence[str]]] = None,
        default_scheme: Optional[str] = None,
        ip_hosts: Optional[bool] = None,
        unicode_ends: bool = False,
        local_hosts: Optional[bool] = None,
        skip_file_names: Optional[bool] = None,
        wrapped_urls: Optional[bool] = None,
        schemes: Optional[Sequence[str]] = None,
        offsets: Offsets = "chars",
    ) -> None: ...
    def find(self, text: str) -> list[Link]: ...
    def spans(self, text: str) -> list[tuple[str, Optional[Link]]]: ...
    def explain(self, text: str) -> list[Candidate]:
        """Each candidate the scan of ``text`` considers, in order: a link
        with the rules that made its start and end, or a candidate refused
        with the rule that refused it (offsets in the finder's unit; the
        rules: docs/detection.md)."""
        ...
    def stream(self) -> Stream:
        """A stream of text with this finder: each link once it is final."""
        ...
    def find_arrow(
        self, array: Any, *, threads: Optional[int] = None, errors: Literal["replace", "strict", "skip"] = "replace"
    ) -> Any:
        """A pyarrow string array (or chunked array, or any object with
        ``__arrow_c_array__``/``__arrow_c_stream__``) to a pyarrow Table
        with columns row, start, end, kind, text, href; found on up to
        ``threads`` threads (1..=64; default one per CPU, at most 8). A row
        whose bytes are not UTF-8 is read as ``bytes.decode("utf-8",
        "replace")`` reads it (``errors="replace"``), raises ``ValueError``
        naming the row (``"strict"``) or gives no links (``"skip"``). The
        schema's metadata records ``linkscan.version``,
        ``linkscan.unicode_version``, ``linkscan.tld_list_version`` and
        ``linkscan.finder`` (this finder's options as JSON)."""

class Stream:
    """Text that arrives a piece at a time: `feed` returns the links each
    piece made final, exactly those of the whole text, offsets into it."""

    frontier: int
    undecided: str
    def feed(self, text: str) -> list[Link]: ...
    def finish(self) -> list[Link]: ...
    def pending(self) -> list[Link]: ...

def find(text: str, **options: Any) -> list[Link]: ...
def linkify_html(
    text: str,
    finder: Optional[Finder] = None,
    *,
    rel: Optional[str] = None,
    target: Optional[str] = None,
    class_: Optional[str] = None,
) -> str: ...
def linkify_fragment(
    html: str,
    finder: Optional[Finder] = None,
    *,
    callbacks: Optional[list[Callable[[dict[Any, str], bool], Optional[dict[Any, str]]]]] = None,
    skip_tags: Optional[list[str]] = None,
    parse_email: bool = True,
    rel: Optional[str] = None,
    target: Optional[str] = None,
    class_: Optional[str] = None,
) -> str:
    """``html`` with ``<a href>`` around the links of its text (not in
    attributes, comments, ``<a>``, ``<script>``, ``skip_tags``: default
    ``pre`` and ``code``), every other character kept; ``callbacks`` as
    bleach's (``callback(attrs, True)`` returns the attributes or None)."""
def markdown_to_html(
    markdown: str,
    dialect: Dialect = "gfm",
    *,
    unsafe: bool = False,
    parser: Literal["pulldown-cmark", "comrak"] = "pulldown-cmark",
) -> str:
    """Markdown to HTML with autolinks; safe unless ``unsafe=True`` (raw
    HTML omitted, script link targets emptied, as cmark-gfm does).
    ``parser="comrak"``: a port of cmark-gfm, GitHub's blocks and HTML
    exactly; pulldown-cmark (the default) is faster."""
class DocumentLink(NamedTuple):
    """A link of a Markdown document; ``start``, ``end``: string indices of
    the whole construct; ``line``, ``column`` (characters): its start, 1-based."""

    kind: Literal["inline", "reference", "definition", "image", "autolink", "literal"]
    href: str
    text: str
    start: int
    end: int
    line: int
    column: int

def document_links(markdown: str, dialect: Dialect = "gfm") -> list[DocumentLink]:
    """Every link of a Markdown document, in document order; none in code."""
    ...

def display_url(url: str) -> str: ...
def display_email(address: str) -> str: ...
