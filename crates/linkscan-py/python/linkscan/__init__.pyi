from typing import Any, Literal, Optional, Sequence, Union

__version__: str
UNICODE_VERSION: str
TLD_LIST_VERSION: str

Dialect = Literal["uts58", "gfm", "md4c"]
Offsets = Literal["chars", "utf8", "utf16"]

class Link:
    """A link: offsets in the finder's unit (Python string indices by default)."""

    start: int
    end: int
    kind: Literal["url", "email"]
    text: str
    href: str

class Finder:
    """Finds links; build once, use for many texts."""

    def __init__(
        self,
        dialect: Dialect = "uts58",
        *,
        kinds: Optional[Union[str, Sequence[str]]] = None,
        require_scheme: bool = False,
        tlds: Optional[Union[Literal["iana", "any"], Sequence[str]]] = None,
        default_scheme: Optional[str] = None,
        ip_hosts: bool = False,
        unicode_ends: bool = False,
        local_hosts: bool = False,
        skip_file_names: bool = False,
        schemes: Optional[Sequence[str]] = None,
        offsets: Offsets = "chars",
    ) -> None: ...
    def find(self, text: str) -> list[Link]: ...
    def spans(self, text: str) -> list[tuple[str, Optional[Link]]]: ...
    def find_arrow(self, array: Any, *, threads: Optional[int] = None) -> Any:
        """A pyarrow string array (or chunked array, or any object with
        ``__arrow_c_array__``/``__arrow_c_stream__``) to a pyarrow Table
        with columns row, start, end, kind, text, href; found on up to
        ``threads`` threads (1..=64; default one per CPU, at most 8)."""

def find(text: str, **options: Any) -> list[Link]: ...
def linkify_html(
    text: str,
    finder: Optional[Finder] = None,
    *,
    rel: Optional[str] = None,
    target: Optional[str] = None,
    class_: Optional[str] = None,
) -> str: ...
def markdown_to_html(markdown: str, dialect: Dialect = "gfm") -> str: ...
def display_url(url: str) -> str: ...
def display_email(address: str) -> str: ...
