//! URLs wrapped inside delimiters across lines (RFC 3986, Appendix C):
//! mail and plain-text documents write
//!
//! ```text
//! <http://example.org/a/very/long/
//!  path>   and   > <URL:http://example.org/a/quoted/
//!                > reply>
//! ```
//!
//! and readers join them: the white space around each line break, and the
//! reply's quote markers (`>`) after it, are not part of the URL. A
//! [`LinkFinder`] with [`LinkFinder::wrapped_urls`] yields such a URL as
//! one link: its text as written, its target joined. Only a delimited URL
//! that does wrap is read here; one on a single line is an ordinary link.

use crate::finder::{Link, LinkFinder, LinkKind};
use alloc::string::String;

/// The most bytes from the `<` to the `>`: a longer candidate is no
/// wrapped URL (so a stream never holds more than this for one).
pub(crate) const MAX_WRAPPED: usize = 2048;

/// What the text says of a wrapped URL that may start at a `<`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Region {
    /// Closed by the `>` at `close`; the URL (after `<` and any `URL:`)
    /// runs from `start` to it.
    Closed { start: usize, close: usize },
    /// The text ends while it may still become one.
    Open,
    /// It is none, whatever follows.
    Dead,
}

/// The candidate at the `<` at `lt`, read on bytes (the CLI's buffers may
/// hold invalid UTF-8): `<`, an optional `URL:`, a letter (a scheme's
/// start), then anything but `<`, `>` and white space, except white space
/// runs that hold exactly one line break (and after it any quote markers
/// `>` of a reply), to a `>`. At least one line break, at most
/// [`MAX_WRAPPED`] bytes. It reads only what follows the `<`, so a stream
/// decides it as the whole text does.
pub(crate) fn region(text: &[u8], lt: usize) -> Region {
    let limit = text.len().min(lt + MAX_WRAPPED);
    let mut i = lt + 1;
    let prefix = b"url:";
    let after = &text[i..limit];
    if after.len() < prefix.len() && prefix[..after.len()].eq_ignore_ascii_case(after) {
        return open_unless_limited(text, lt);
    }
    if after.len() >= prefix.len() && after[..prefix.len()].eq_ignore_ascii_case(prefix) {
        i += prefix.len();
    }
    let start = i;
    match text.get(i) {
        None => return open_unless_limited(text, lt),
        Some(b) if b.is_ascii_alphabetic() => {}
        Some(_) => return Region::Dead,
    }
    let mut breaks = 0;
    while i < limit {
        match text[i] {
            b'>' if breaks > 0 => return Region::Closed { start, close: i },
            b'<' | b'>' => return Region::Dead,
            b' ' | b'\t' | b'\n' | b'\r' => {
                match white_run(&text[..limit], i) {
                    Run::Break(next) => i = next,
                    Run::Unfinished => return open_unless_limited(text, lt),
                    Run::Other => return Region::Dead,
                }
                breaks += 1;
            }
            _ => i += 1,
        }
    }
    open_unless_limited(text, lt)
}

/// Open if the text ends before the candidate's limit; dead if it reaches it.
fn open_unless_limited(text: &[u8], lt: usize) -> Region {
    if text.len() < lt + MAX_WRAPPED { Region::Open } else { Region::Dead }
}

/// How a run of white space inside a candidate reads.
enum Run {
    /// One line break, and the quote markers after it: the candidate goes
    /// on at this offset.
    Break(usize),
    /// The text ends inside the run.
    Unfinished,
    /// No line break, or two: not a wrapped URL.
    Other,
}

/// The white space run at `i`: spaces and tabs, one line break (`\r\n`,
/// `\n` or `\r`), then spaces, tabs and quote markers `>`. (So a `>`
/// that starts a line is a quote marker, never the end of a candidate.)
fn white_run(text: &[u8], mut i: usize) -> Run {
    while text.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
        i += 1;
    }
    match text.get(i) {
        None => return Run::Unfinished,
        Some(b'\r') => {
            i += 1;
            match text.get(i) {
                None => return Run::Unfinished,
                Some(b'\n') => i += 1,
                Some(_) => {}
            }
        }
        Some(b'\n') => i += 1,
        Some(_) => return Run::Other,
    }
    while text.get(i).is_some_and(|&b| matches!(b, b' ' | b'\t' | b'>')) {
        i += 1;
    }
    match text.get(i) {
        None => Run::Unfinished,
        Some(b'\n' | b'\r') => Run::Other,
        Some(_) => Run::Break(i),
    }
}

/// The URL's text without its line breaks: its only white space is
/// around them (see [`region`]), left out with the quote markers after
/// each.
pub(crate) fn join(text: &str) -> String {
    let mut joined = String::with_capacity(text.len());
    let mut after_break = false;
    for c in text.chars() {
        match c {
            ' ' | '\t' => {}
            '\n' | '\r' => after_break = true,
            '>' if after_break => {}
            c => {
                after_break = false;
                joined.push(c);
            }
        }
    }
    joined
}

/// A wrapped URL a finder accepts, not yet yielded. (Offsets only, so
/// that the iterator that keeps one owns no memory; the target is joined
/// again when the link is made.)
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wrapped {
    /// The `<` before it.
    pub(crate) lt: usize,
    /// Where the URL's text starts; it ends at the `>` at `close`.
    pub(crate) start: usize,
    pub(crate) close: usize,
}

impl Wrapped {
    /// The link, in `text`.
    pub(crate) fn link(self, text: &str) -> Link<'_> {
        Link::wrapped(text, (self.start, self.close), join(&text[self.start..self.close]))
    }
}

/// The first wrapped URL whose `<` is at or after `from` that `finder`
/// accepts: its joined text is one URL with its scheme, whole.
pub(crate) fn next_wrapped(finder: &LinkFinder, text: &str, mut from: usize) -> Option<Wrapped> {
    let bytes = text.as_bytes();
    while let Some(i) = memchr::memchr(b'<', &bytes[from..]) {
        let lt = from + i;
        from = lt + 1;
        let Region::Closed { start, close } = region(bytes, lt) else { continue };
        let href = join(&text[start..close]);
        let whole = finder.plain_links(&href).next().is_some_and(|link| {
            (link.start(), link.end()) == (0, href.len())
                && link.kind() == LinkKind::Url
                && link.href_prefix().is_empty()
        });
        if whole {
            return Some(Wrapped { lt, start, close });
        }
    }
    None
}

/// `cut` (where `text` may be cut for a finder that does not join wrapped
/// URLs: after white space) moved back, for one that does, before the `<`
/// of a candidate that spans it and may be closed later or is, so that no
/// wrapped URL is cut. `None`: no such cut before [`CUT_STEPS`] candidates
/// (candidates glued end to end, whose white space is all inside them), so
/// that each call costs at most that: the text is then held longer, never
/// cut wrong.
pub(crate) fn cut_before_candidates(text: &[u8], mut cut: usize) -> Option<usize> {
    for _ in 0..CUT_STEPS {
        let from = cut.saturating_sub(MAX_WRAPPED);
        let Some(lt) = memchr::memrchr(b'<', &text[from..cut]).map(|i| from + i) else { return Some(cut) };
        match region(text, lt) {
            Region::Closed { close, .. } if close < cut => return Some(cut),
            Region::Dead => return Some(cut),
            Region::Closed { .. } | Region::Open => {
                // (The white space just before the `<`, mostly.)
                let floor = lt.saturating_sub(MAX_WRAPPED);
                cut = floor + crate::stream::last_cut(&text[floor..lt])?;
            }
        }
    }
    None
}

/// The candidates [`cut_before_candidates`] steps back over at most.
const CUT_STEPS: usize = 4;
