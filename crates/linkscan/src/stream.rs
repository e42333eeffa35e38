//! Links in text that is still arriving: [`LinkStream`].
//!
//! No link of any dialect takes in a space, tab, line feed or carriage
//! return, and what a finder decides next to one never depends on what lies
//! beyond it. So the links of a text are those of its pieces cut at such
//! white space, each piece read with the white space on both sides: the
//! stream keeps only the text since the last white space (and that white
//! space), and every link before it is final. That offset is the
//! *frontier*.

use crate::finder::{LinkFinder, LinkKind};
use crate::offsets::{OffsetConverter, OffsetUnit};
use alloc::string::String;
use alloc::vec::{Drain, Vec};

/// Whether the text may be cut after byte `b` without changing a link:
/// the white space that every dialect ends links at (not U+000B or
/// U+000C, which a GFM link takes in, as cmark-gfm's does).
#[inline]
fn is_cut(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Where `text` may be cut without changing any of its links, whatever
/// follows: after its last space, tab, line feed or carriage return
/// (`None` without one). The links of `text[..cut]` and those of
/// `text[cut - 1..]` (the white space kept in front, as the finders of
/// every dialect look at the character before a link; offsets moved by
/// `cut - 1`) are the links of `text`, with every option.
///
/// ```
/// use linkscan::stream::last_cut;
/// assert_eq!(last_cut(b"see example.com and exam"), Some(20));
/// assert_eq!(last_cut(b"example.com/a"), None);
/// ```
pub fn last_cut(text: &[u8]) -> Option<usize> {
    text.iter().rposition(|&b| is_cut(b)).map(|i| i + 1)
}

/// A link found in a stream, with offsets into the whole text fed so far
/// (in the stream's [`OffsetUnit`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamLink {
    /// Where the link starts.
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// What kind of link it is.
    pub kind: LinkKind,
    /// Its text, as written.
    pub text: String,
    /// Where it points ([`Link::href`](crate::Link::href)).
    pub href: String,
}

/// Finds links in text fed a piece at a time — a chat answer arriving token
/// by token, a terminal's output, a pipe — and gives each link once it is
/// final: exactly the links [`LinkFinder::links`] finds in the whole text,
/// with the same offsets, however the text is cut.
///
/// A link is final when the white space after it arrives (or at
/// [`finish`](LinkStream::finish)); [`frontier`](LinkStream::frontier)
/// says up to where nothing can change any more, and
/// [`pending`](LinkStream::pending) shows the links the text after it
/// would have if it ended now (for a link drawn "in progress"). The stream
/// holds only the text after the frontier (a word, mostly: a run without
/// white space is held whole), and reads each byte once for a cut and once
/// for links: linear in the input whatever the chunks.
///
/// ```
/// use linkscan::{stream::LinkStream, LinkFinder};
///
/// let mut stream = LinkStream::new(LinkFinder::new());
/// let mut found = Vec::new();
/// for token in ["Docs at exa", "mple.com/gu", "ide. Mail a", "@b.org"] {
///     found.extend(stream.feed(token).map(|l| l.text));
/// }
/// assert_eq!(found, ["example.com/guide"]); // final: white space followed it
/// assert_eq!(stream.pending()[0].text, "a@b.org"); // if the text ended here
/// found.extend(stream.finish().map(|l| l.text));
/// assert_eq!(found, ["example.com/guide", "a@b.org"]);
/// ```
#[derive(Clone, Debug)]
pub struct LinkStream {
    finder: LinkFinder,
    unit: OffsetUnit,
    /// The text after the frontier (no cut in it), after `lead` bytes of
    /// the white space before it.
    held: String,
    lead: usize,
    /// The frontier, in `unit`.
    frontier: usize,
    /// The start of a UTF-8 sequence that the next bytes may complete.
    partial: Vec<u8>,
    /// The links made final by the last call, until drained.
    found: Vec<StreamLink>,
}

impl LinkStream {
    /// A stream whose links `finder` decides, with byte offsets.
    pub fn new(finder: LinkFinder) -> Self {
        LinkStream {
            finder,
            unit: OffsetUnit::Bytes,
            held: String::new(),
            lead: 0,
            frontier: 0,
            partial: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Offsets in `unit` (chars for Python, UTF-16 for JavaScript) instead
    /// of bytes.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder, OffsetUnit};
    /// let mut stream = LinkStream::new(LinkFinder::new()).offsets(OffsetUnit::Utf16);
    /// let link = stream.feed("😀 example.com ").next().unwrap();
    /// assert_eq!((link.start, link.end), (3, 14));
    /// ```
    #[must_use]
    pub fn offsets(mut self, unit: OffsetUnit) -> Self {
        self.unit = unit;
        self
    }

    /// Adds `chunk` to the text; yields the links it made final, in order.
    /// (Links not taken from the iterator are dropped with it.)
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// assert_eq!(stream.feed("see example.").count(), 0);
    /// let link = stream.feed("org, then").next().unwrap();
    /// assert_eq!((link.start, link.end, link.href.as_str()), (4, 15, "https://example.org"));
    /// ```
    pub fn feed(&mut self, chunk: &str) -> Drain<'_, StreamLink> {
        self.push(chunk);
        self.found.drain(..)
    }

    /// [`feed`](LinkStream::feed) for bytes: a chunk may end inside a
    /// UTF-8 sequence (the stream keeps its start for the next chunk);
    /// bytes that are not UTF-8 are read as U+FFFD, as
    /// [`String::from_utf8_lossy`] reads the whole input, and offsets count
    /// that text.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// let bytes = "東京.jp and".as_bytes();
    /// assert_eq!(stream.feed_bytes(&bytes[..4]).count(), 0); // inside 京
    /// assert_eq!(stream.feed_bytes(&bytes[4..]).next().unwrap().text, "東京.jp");
    /// ```
    pub fn feed_bytes(&mut self, bytes: &[u8]) -> Drain<'_, StreamLink> {
        let joined;
        let bytes = if self.partial.is_empty() {
            bytes
        } else {
            self.partial.extend_from_slice(bytes);
            joined = core::mem::take(&mut self.partial);
            &joined[..]
        };
        let mut chunks = bytes.utf8_chunks().peekable();
        while let Some(chunk) = chunks.next() {
            self.push(chunk.valid());
            let invalid = chunk.invalid();
            if invalid.is_empty() {
                continue;
            }
            // The end of the input may be a sequence not yet complete.
            let incomplete = chunks.peek().is_none()
                && core::str::from_utf8(invalid).is_err_and(|e| e.error_len().is_none());
            if incomplete {
                self.partial.extend_from_slice(invalid);
            } else {
                self.push("\u{FFFD}");
            }
        }
        self.found.drain(..)
    }

    /// Ends the text: yields the links of the text after the frontier. The
    /// stream is then empty, ready for a new text (offsets from 0).
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// assert_eq!(stream.feed("mail a@b.org").count(), 0);
    /// assert_eq!(stream.finish().next().unwrap().text, "a@b.org");
    /// assert_eq!(stream.frontier(), 0);
    /// ```
    pub fn finish(&mut self) -> Drain<'_, StreamLink> {
        if !self.partial.is_empty() {
            self.partial.clear();
            self.held.push('\u{FFFD}');
        }
        self.decide_held();
        self.held.clear();
        self.lead = 0;
        self.frontier = 0;
        self.found.drain(..)
    }

    /// The frontier: the offset (in the stream's unit) before which no
    /// later input can add, change or remove a link. It never goes back.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// let _ = stream.feed("see www.exam");
    /// assert_eq!(stream.frontier(), 4);
    /// ```
    pub fn frontier(&self) -> usize {
        self.frontier
    }

    /// The text after the frontier, which later input may still change.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// let _ = stream.feed("see www.exam");
    /// assert_eq!(stream.undecided(), "www.exam");
    /// ```
    pub fn undecided(&self) -> &str {
        &self.held[self.lead..]
    }

    /// The links of the text after the frontier if it ended now: not final
    /// (more text may lengthen, shorten or remove them), for showing a link
    /// in progress. Costs a scan of that text.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// let _ = stream.feed("see https://example.com/a.");
    /// assert_eq!(stream.pending()[0].text, "https://example.com/a");
    /// ```
    pub fn pending(&self) -> Vec<StreamLink> {
        let mut out = Vec::new();
        collect(&self.finder, &self.held, self.lead, self.unit, self.frontier, &mut out);
        out
    }

    /// Adds text: what ends at its last white space is decided.
    fn push(&mut self, text: &str) {
        let Some(cut) = last_cut(text.as_bytes()) else {
            self.held.push_str(text);
            return;
        };
        if self.held.is_empty() {
            // The start of the stream, read where it is: no copy.
            self.decide(text.split_at(cut).0, 0);
        } else {
            self.held.push_str(&text[..cut]);
            self.decide_held();
        }
        // The rest is read after the white space before it, as in the
        // whole text.
        self.held.clear();
        self.held.push_str(&text[cut - 1..]);
        self.lead = 1;
    }

    /// Decides all the text held (ending at a cut, or at the end).
    fn decide_held(&mut self) {
        let held = core::mem::take(&mut self.held);
        self.decide(&held, self.lead);
        // Its allocation serves again.
        self.held = held;
    }

    /// Finds the links of `text`, whose first `lead` bytes are before the
    /// frontier and which ends at a cut (or the end): they are final.
    /// Moves the frontier to its end.
    fn decide(&mut self, text: &str, lead: usize) {
        self.frontier += collect(&self.finder, text, lead, self.unit, self.frontier, &mut self.found);
    }
}

/// Appends the links of `text` to `out`, its offsets in `unit` from
/// `base` after the first `lead` bytes (white space: no link starts in
/// them, and each is a unit); gives the length of the rest in `unit`.
fn collect(
    finder: &LinkFinder,
    text: &str,
    lead: usize,
    unit: OffsetUnit,
    base: usize,
    out: &mut Vec<StreamLink>,
) -> usize {
    let mut units = OffsetConverter::new(text, unit);
    let base = base - lead;
    for link in finder.links(text) {
        out.push(StreamLink {
            start: base + units.convert(link.start()),
            end: base + units.convert(link.end()),
            kind: link.kind(),
            text: link.as_str().into(),
            href: link.href().into_owned(),
        });
    }
    units.convert(text.len()) - lead
}
