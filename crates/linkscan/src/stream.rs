//! Links in text that is still arriving: [`LinkStream`].
//!
//! No link of any dialect takes in a space, tab, line feed or carriage
//! return, and what a finder decides next to one never depends on what lies
//! beyond it. So the links of a text are those of its pieces cut at such
//! white space, each piece read with the white space on both sides: the
//! stream keeps only the text since the last white space (and that white
//! space), and every link before it is final. That offset is the
//! *frontier*.

use crate::finder::{Link, LinkFinder};
use crate::links::Links;
use crate::offsets::{OffsetConverter, OffsetUnit};
use crate::separators::Separators;
use crate::uts58;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// The decided text a stream keeps before it drops it (see
/// [`LinkStream::compact`]).
const COMPACT: usize = 4096;

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
#[inline]
pub fn last_cut(text: &[u8]) -> Option<usize> {
    // In prose the last white space is a word from the end: the last 64
    // bytes are read eight at a time (a call of `memrchr3` costs more
    // than that in setting up), the rest searched.
    let near = text.len().saturating_sub(64);
    if let Some(cut) = last_cut_in_words(&text[near..]) {
        return Some(near + cut);
    }
    let text = &text[..near];
    if text.is_empty() {
        return None;
    }
    // (A carriage return alone is rare: looked for after the others.)
    let common = memchr::memrchr3(b' ', b'\n', b'\t', text).map_or(0, |i| i + 1);
    let cr = memchr::memrchr(b'\r', &text[common..]).map_or(0, |i| common + i + 1);
    let cut = common.max(cr);
    (cut > 0).then_some(cut)
}

/// [`last_cut`] eight bytes at a time from the end: in each, the bytes
/// below `0x21` (white space or a control character) are found at once,
/// exactly (`(b & 0x7F) + 0x5F` carries into the top bit for every other
/// byte below `0x80`, and into no other byte), and tried from the last.
#[inline]
fn last_cut_in_words(text: &[u8]) -> Option<usize> {
    // (Not U+000B or U+000C, which a GFM link takes in, as cmark-gfm's does.)
    let white = |b: &u8| matches!(b, b' ' | b'\n' | b'\t' | b'\r');
    let (head, eights) = text.as_rchunks::<8>();
    for (k, eight) in eights.iter().enumerate().rev() {
        let w = u64::from_le_bytes(*eight);
        let mut below_0x21 =
            !(((w & 0x7F7F_7F7F_7F7F_7F7F) + 0x5F5F_5F5F_5F5F_5F5F) | w) & 0x8080_8080_8080_8080;
        while below_0x21 != 0 {
            let i = 7 - below_0x21.leading_zeros() as usize / 8;
            if white(&eight[i]) {
                return Some(head.len() + 8 * k + i + 1);
            }
            below_0x21 &= !(0x80 << (8 * i));
        }
    }
    head.iter().rposition(white).map(|i| i + 1)
}

/// `cut` (a cut of [`last_cut`]'s, or one after a line break) for
/// `finder`: the same, unless `finder` joins URLs wrapped across lines
/// ([`LinkFinder::wrapped_urls`]) and a `<` before `cut` may open one that
/// spans it (closed after it, or not closed yet); then the last cut before
/// that `<`, or `None` without one (or when four such candidates in a row
/// span each cut before them: the text is then held longer, never cut
/// inside one). A candidate is at most 2,048 bytes.
///
/// ```
/// use linkscan::{stream::{cut_for, last_cut}, LinkFinder, Profile};
/// let text = b"see <http://example.org/long/\n path";
/// let cut = last_cut(text).unwrap();
/// assert_eq!(cut_for(&LinkFinder::new(), text, cut), Some(cut));
/// assert_eq!(cut_for(&LinkFinder::new().profile(Profile::Mail), text, cut), Some(4));
/// ```
pub fn cut_for(finder: &LinkFinder, text: &[u8], cut: usize) -> Option<usize> {
    if finder.joins_wrapped_urls() { crate::wrapped::cut_before_candidates(text, cut) } else { Some(cut) }
}

/// A final link of a stream: where it is in the whole text, and the link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamLink<'a> {
    /// Where the link starts in the whole text fed so far (in the stream's
    /// [`OffsetUnit`]).
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// The link: its text, kind and target (its own byte offsets count
    /// from the piece of text it was found in).
    pub link: Link<'a>,
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
/// holds the text after the frontier (a word, mostly: a run without white
/// space is held whole) and, until the next call or up to 4 KiB, the text
/// decided before it. It copies each byte once and reads it once for
/// links, whatever the chunks: linear in the input. (With a finder whose
/// every link has a label separator — UTS #58 without IP hosts, local
/// hosts or wrapped URLs, the default — each decided piece is first
/// searched for a separator a domain may end at, and given to the finder
/// only when it has one: read twice then.)
///
/// ```
/// use linkscan::{stream::LinkStream, LinkFinder};
///
/// let mut stream = LinkStream::new(LinkFinder::new());
/// let mut found = Vec::new();
/// for token in ["Docs at exa", "mple.com/gu", "ide. Mail a", "@b.org"] {
///     found.extend(stream.feed(token).map(|l| l.link.as_str().to_owned()));
/// }
/// assert_eq!(found, ["example.com/guide"]); // final: white space followed it
/// assert_eq!(stream.pending().next().unwrap().link.as_str(), "a@b.org"); // if the text ended here
/// found.extend(stream.finish().map(|l| l.link.as_str().to_owned()));
/// assert_eq!(found, ["example.com/guide", "a@b.org"]);
/// ```
#[derive(Clone, Debug)]
pub struct LinkStream {
    finder: LinkFinder,
    /// Whether every link of `finder` has a label separator
    /// ([`uts58::links_need_separators`]), and whether it joins URLs
    /// wrapped across lines: asked of every piece, known once.
    needs_separators: bool,
    joins_wrapped_urls: bool,
    unit: OffsetUnit,
    /// From `start`: the text after the frontier, after `lead` bytes of
    /// the white space before it; before `start`, text decided, dropped
    /// once there is enough of it to be worth moving the rest ([`COMPACT`];
    /// until then it is where the decided text is read, and the bytes
    /// before the frontier that the separator search's windows read in
    /// place). `cut`: where the text up to its last cut ends in it.
    held: String,
    start: usize,
    lead: usize,
    cut: Option<usize>,
    /// The frontier, in `unit`.
    frontier: usize,
    /// The start of a UTF-8 sequence that the next bytes may complete.
    partial: Vec<u8>,
}

impl LinkStream {
    /// A stream whose links `finder` decides, with byte offsets.
    ///
    /// ```
    /// use linkscan::{LinkFinder, LinkStream};
    /// let mut stream = LinkStream::new(LinkFinder::gfm());
    /// assert_eq!(stream.feed("see www.x.org ").next().unwrap().start, 4);
    /// ```
    pub fn new(finder: LinkFinder) -> Self {
        LinkStream {
            needs_separators: uts58::links_need_separators(&finder),
            joins_wrapped_urls: finder.joins_wrapped_urls(),
            finder,
            unit: OffsetUnit::Bytes,
            held: String::new(),
            start: 0,
            lead: 0,
            cut: None,
            frontier: 0,
            partial: Vec::new(),
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

    /// Adds `chunk` to the text; yields the links it made final, in order
    /// (found as the iterator is read; those not read are dropped with it).
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// assert_eq!(stream.feed("see example.").count(), 0);
    /// let link = stream.feed("org, then").next().unwrap();
    /// assert_eq!((link.start, link.end), (4, 15));
    /// assert_eq!(link.link.href(), "https://example.org");
    /// ```
    pub fn feed<'s>(&'s mut self, chunk: &'s str) -> FinalLinks<'s> {
        // (After `feed_bytes` ended inside a UTF-8 sequence, the sequence
        // is cut short: it reads as U+FFFD.)
        if !self.partial.is_empty() {
            self.partial.clear();
            self.push("\u{FFFD}");
        }
        let cut = last_cut(chunk.as_bytes());
        if self.held.len() == self.start
            && let Some(cut) = cut.and_then(|cut| cut_for(&self.finder, chunk.as_bytes(), cut))
        {
            // The start of a text (a whole one, often), read where it is.
            let (decided, _) = chunk.split_at(cut);
            let base = self.frontier;
            self.frontier += length_in(chunk, 0..cut, self.unit);
            self.held.clear();
            self.held.push_str(&chunk[cut - 1..]);
            (self.start, self.lead) = (0, 1);
            return FinalLinks::new(&self.finder, decided, 0, self.unit, base);
        }
        self.compact();
        // (The chunk's last cut is looked for once.)
        if let Some(cut) = cut {
            self.cut = Some(self.held.len() + cut);
        }
        self.held.push_str(chunk);
        self.settle()
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
    /// assert_eq!(stream.feed_bytes(&bytes[4..]).next().unwrap().link.as_str(), "東京.jp");
    /// ```
    pub fn feed_bytes(&mut self, bytes: &[u8]) -> FinalLinks<'_> {
        let joined;
        let mut rest = if self.partial.is_empty() {
            bytes
        } else {
            self.partial.extend_from_slice(bytes);
            joined = core::mem::take(&mut self.partial);
            &joined[..]
        };
        loop {
            match core::str::from_utf8(rest) {
                Ok(text) => {
                    self.push(text);
                    break;
                }
                Err(e) => {
                    let (valid, after) = rest.split_at(e.valid_up_to());
                    self.push(core::str::from_utf8(valid).unwrap_or_default());
                    match e.error_len() {
                        Some(invalid) => {
                            self.push("\u{FFFD}");
                            rest = &after[invalid..];
                        }
                        // The start of a sequence the next bytes may complete.
                        None => {
                            self.partial.extend_from_slice(after);
                            break;
                        }
                    }
                }
            }
        }
        self.settle()
    }

    /// Ends the text: yields the links of the text after the frontier. The
    /// stream is then empty, ready for a new text (offsets from 0).
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// assert_eq!(stream.feed("mail a@b.org").count(), 0);
    /// assert_eq!(stream.finish().next().unwrap().link.as_str(), "a@b.org");
    /// assert_eq!(stream.frontier(), 0);
    /// ```
    pub fn finish(&mut self) -> FinalLinks<'_> {
        if !self.partial.is_empty() {
            self.partial.clear();
            self.held.push('\u{FFFD}');
        }
        self.cut = Some(self.held.len());
        let (base, lead, decided) = self.decide();
        // Nothing is held after it: the next text starts afresh.
        (self.start, self.lead, self.frontier) = (self.held.len(), 0, 0);
        self.final_links(base, lead, decided)
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
        &self.held[self.start + self.lead..]
    }

    /// The links of the text after the frontier if it ended now: not final
    /// (more text may lengthen, shorten or remove them), for showing a link
    /// in progress. Costs a scan of that text.
    ///
    /// ```
    /// use linkscan::{stream::LinkStream, LinkFinder};
    /// let mut stream = LinkStream::new(LinkFinder::new());
    /// let _ = stream.feed("see https://example.com/a.");
    /// assert_eq!(stream.pending().next().unwrap().link.as_str(), "https://example.com/a");
    /// ```
    pub fn pending(&self) -> FinalLinks<'_> {
        FinalLinks::new(&self.finder, &self.held[self.start..], self.lead, self.unit, self.frontier)
    }

    /// Adds text, noting its last cut.
    fn push(&mut self, text: &str) {
        self.compact();
        if let Some(cut) = last_cut(text.as_bytes()) {
            self.cut = Some(self.held.len() + cut);
        }
        self.held.push_str(text);
    }

    /// Drops the decided text before `start` once it is [`COMPACT`] bytes
    /// or more (or the text has ended), so that moving the rest costs
    /// less than a byte for each byte dropped.
    fn compact(&mut self) {
        if self.start >= COMPACT || self.start == self.held.len() {
            self.held.drain(..self.start);
            self.cut = self.cut.map(|cut| cut - self.start);
            self.start = 0;
        }
    }

    /// The links that [`LinkStream::decide`] made final: up to the last
    /// cut, or before a wrapped URL that may span it ([`cut_for`]).
    #[inline(always)]
    fn settle(&mut self) -> FinalLinks<'_> {
        // ([`cut_for`] with its test first: every piece comes here, and for
        // other finders this is one branch, not a match on its answer.)
        if let Some(cut) = self.cut
            && self.joins_wrapped_urls
        {
            let held = &self.held.as_bytes()[self.start..];
            match crate::wrapped::cut_before_candidates(held, cut - self.start) {
                Some(safe) if safe > self.lead => self.cut = Some(self.start + safe),
                // (Nothing to decide yet: the cut is kept for later.)
                _ => return FinalLinks::none(self.unit, self.frontier),
            }
        }
        let (base, lead, decided) = self.decide();
        self.final_links(base, lead, decided)
    }

    /// The links of the held text in `decided` (see [`LinkStream::decide`]).
    fn final_links(&self, base: usize, lead: usize, decided: Range<usize>) -> FinalLinks<'_> {
        if decided.is_empty() {
            // (Most pieces: no text to slice or to read.)
            return FinalLinks::none(self.unit, base);
        }
        FinalLinks::new(&self.finder, &self.held[decided], lead, self.unit, base)
    }

    /// Decides the text held up to its last cut, if it has one: the links
    /// in it are final, the frontier moves to its end, and the text after
    /// it is held after the white space before it (read as in the whole
    /// text). Gives the frontier before, the white space before it in the
    /// text decided, and where that text is in `held` (none when it surely
    /// has no link).
    #[inline(always)]
    fn decide(&mut self) -> (usize, usize, Range<usize>) {
        let (base, lead, start) = (self.frontier, self.lead, self.start);
        let Some(cut) = self.cut.take() else { return (base, lead, start..start) };
        // (At the end of the text, perhaps no white space.)
        let white = cut > start && self.held.as_bytes()[cut - 1].is_ascii_whitespace();
        let keep = if white { cut - 1 } else { cut };
        self.frontier += length_in(&self.held, start..cut, self.unit) - lead;
        (self.start, self.lead) = (keep, cut - keep);
        if self.has_no_links(start + lead, cut) { (base, lead, cut..cut) } else { (base, lead, start..cut) }
    }

    /// Whether the held text from `from` to `cut` surely has no link: for
    /// a finder whose every link has a label separator ([`uts58`]'s test),
    /// when the separator search finds none there (white space before
    /// `cut`, or the text's end). A piece of prose mostly has none a domain
    /// may end at: it is then passed over without a call of the finder.
    #[inline(always)]
    fn has_no_links(&self, from: usize, cut: usize) -> bool {
        self.needs_separators && !Separators::any_before(&self.held, from, cut, &self.finder.tlds)
    }
}

/// The length of `text[bytes]` in `unit` (in bytes, with no slice made).
fn length_in(text: &str, bytes: Range<usize>, unit: OffsetUnit) -> usize {
    match unit {
        OffsetUnit::Bytes => bytes.len(),
        unit => OffsetConverter::new(&text[bytes.clone()], unit).convert(bytes.len()),
    }
}

/// The links a call of [`LinkStream`] made final (or, from
/// [`LinkStream::pending`], those of the undecided text), in order.
#[derive(Debug)]
pub struct FinalLinks<'s> {
    /// (`None` for no text: most calls decide none.)
    links: Option<Links<'s, 's>>,
    units: OffsetConverter<'s>,
    /// The stream offset of the text's byte `lead` (where the text starts
    /// but for white space before the frontier: one unit a byte).
    base: usize,
    lead: usize,
}

impl<'s> FinalLinks<'s> {
    fn new(finder: &'s LinkFinder, text: &'s str, lead: usize, unit: OffsetUnit, base: usize) -> Self {
        let links = (!text.is_empty()).then(|| finder.links(text));
        FinalLinks { links, units: OffsetConverter::new(text, unit), base, lead }
    }

    /// No links.
    fn none(unit: OffsetUnit, base: usize) -> Self {
        FinalLinks { links: None, units: OffsetConverter::new("", unit), base, lead: 0 }
    }
}

impl<'s> Iterator for FinalLinks<'s> {
    type Item = StreamLink<'s>;

    #[inline]
    fn next(&mut self) -> Option<StreamLink<'s>> {
        let link = self.links.as_mut()?.next()?;
        let at = |units: &mut OffsetConverter<'_>, byte| self.base + units.convert(byte) - self.lead;
        Some(StreamLink {
            start: at(&mut self.units, link.start()),
            end: at(&mut self.units, link.end()),
            link,
        })
    }
}
