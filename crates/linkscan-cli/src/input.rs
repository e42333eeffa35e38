//! Reading inputs in chunks that no link crosses.
//!
//! A chunk ends just after a newline, or else after other white space
//! that ends links (space, tab, CR: not form feed or vertical tab, which a
//! GFM link takes in): no link of any dialect contains such white space, so
//! finding links chunk by chunk gives what finding them in the whole text
//! gives — but for md4c, which reads the character before a link, at a
//! chunk that starts after a space in a line longer than a chunk or on a
//! slow stream (`linkscan::LinkStream` keeps that space; a chunk does not).
//! A line with no white space longer than [`MAX_CHUNK`] is cut at a
//! character boundary there; a link across that cut is found in two pieces
//! (or not at all).

use crate::options::Utf8;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

/// The size a chunk aims at.
pub const CHUNK: usize = 256 << 10;
/// The most a stream (pipe, terminal) is asked for in one read: a pipe's
/// usual capacity, so that a read returning less means the writer is slower
/// than we are.
const STREAM_READ: usize = 64 << 10;

/// A finder that joins wrapped URLs, for [`linkscan::stream::cut_for`]
/// (which asks only that of it).
static WRAPPING: std::sync::LazyLock<linkscan::LinkFinder> =
    std::sync::LazyLock::new(|| linkscan::LinkFinder::new().wrapped_urls(true));

/// The largest chunk: how far a line without white space may grow before it
/// is cut.
pub const MAX_CHUNK: usize = 16 << 20;

/// Where a chunk starts in its input: offsets from the start of the input
/// in each unit, the 1-based line number, and where that line starts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Position {
    pub bytes: u64,
    pub chars: u64,
    pub utf16: u64,
    pub line: u64,
    pub line_start: [u64; 3],
}

impl Position {
    pub fn units(&self) -> [u64; 3] {
        [self.bytes, self.chars, self.utf16]
    }

    /// The start of an input whose text begins with `text`: line 1, which
    /// starts after a byte-order mark (a mark is in no column, as ripgrep
    /// counts them; offsets still count it).
    pub fn at_start_of(text: &str) -> Position {
        let mark = if text.starts_with('\u{FEFF}') { units("\u{FEFF}".as_bytes()) } else { [0; 3] };
        Position { line: 1, line_start: mark, ..Position::default() }
    }
}

/// Counts of a piece of text in bytes, chars and UTF-16 units.
pub fn units(text: &[u8]) -> [u64; 3] {
    let chars = text.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64;
    let astral = text.iter().filter(|&&b| b >= 0xF0).count() as u64;
    [text.len() as u64, chars, chars + astral]
}

/// An input: standard input, or a file.
#[derive(Clone)]
pub struct Input {
    /// The file; `None` for standard input.
    pub path: Option<PathBuf>,
    /// How it is shown in output (lossy for a name that is not UTF-8).
    pub display: String,
    /// Why it cannot be read, when that is known before opening it.
    failure: Option<String>,
    /// Found by walking a directory (not named): a byte that is not UTF-8
    /// in it reads as a space, not an error, and skipping it as binary
    /// goes without a note.
    pub walked: bool,
}

impl Input {
    pub fn stdin() -> Input {
        Input { path: None, display: "<stdin>".into(), failure: None, walked: false }
    }

    pub fn file(path: PathBuf) -> Input {
        // (`to_str` first: its UTF-8 check reads a word at a time, where
        // `to_string_lossy`'s reads a byte at a time, for each file walked.)
        let display = path.to_str().map_or_else(|| path.to_string_lossy().into_owned(), str::to_owned);
        Input { path: Some(path), display, failure: None, walked: false }
    }

    /// A file found by walking a directory.
    pub fn walked(path: PathBuf) -> Input {
        Input { walked: true, ..Input::file(path) }
    }

    /// Its name as the system spells it (bytes that need not be UTF-8, on
    /// Unix), for `-0` output that `xargs -0` hands back to the system.
    pub fn raw_name(&self) -> std::borrow::Cow<'_, [u8]> {
        #[cfg(unix)]
        if let Some(path) = &self.path {
            use std::os::unix::ffi::OsStrExt;
            return std::borrow::Cow::Borrowed(path.as_os_str().as_bytes());
        }
        std::borrow::Cow::Borrowed(self.display.as_bytes())
    }

    /// An input that cannot be read, for `message`.
    pub fn failed(path: PathBuf, message: String) -> Input {
        Input { failure: Some(message), ..Input::file(path) }
    }

    /// Opens it; a directory is an error.
    pub fn open(&self) -> io::Result<Source> {
        if let Some(message) = &self.failure {
            return Err(io::Error::other(message.clone()));
        }
        let Some(path) = &self.path else {
            return Ok(Source {
                reader: Box::new(io::stdin()),
                stream: !stdin_is_a_file(),
                walked: false,
                size: None,
            });
        };
        let file = File::open(path)?;
        let metadata = file.metadata()?;
        if metadata.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        let file_size = metadata.is_file().then_some(metadata.len());
        Ok(Source {
            reader: Box::new(file),
            stream: !metadata.is_file(),
            walked: self.walked,
            size: file_size,
        })
    }
}

/// An open input.
pub struct Source {
    pub reader: Box<dyn Read + Send>,
    /// A pipe, terminal or socket, whose data may come slowly: what it has
    /// sent is processed as soon as it ends a line, not when a chunk is full.
    pub stream: bool,
    /// See [`Input::walked`].
    pub walked: bool,
    /// Its size, for a file: the first read is sized by it (a small file
    /// is not read into 256 KiB of zeroed memory), and a file that starts
    /// with a UTF-16 byte-order mark is transcoded (as ripgrep reads it).
    pub size: Option<u64>,
}

/// Whether standard input is a regular file (`< file`), read in full
/// chunks like a named file.
fn stdin_is_a_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .and_then(|fd| File::from(fd).metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// What reading produces, in order.
pub enum Piece {
    /// Text that ends at a place no link crosses.
    Text { text: Text, start: Position },
    /// The input cannot be read (any further).
    Error(String),
    /// A note on the input, not an error: it is not read (a binary file),
    /// or bytes in it that are not UTF-8 are read as spaces.
    Note(String),
}

/// How much of a file's start is looked at for a NUL byte, the mark of a
/// binary file (as ripgrep and grep decide).
const BINARY_PROBE: usize = 64 << 10;

/// What is said of a binary file that is not read.
pub const BINARY_SKIPPED: &str = "binary file skipped (-a searches it)";

/// Whether `start`, the beginning of a file, marks it as binary.
pub fn is_binary(start: &[u8]) -> bool {
    memchr::memchr(0, &start[..start.len().min(BINARY_PROBE)]).is_some()
}

/// A chunk's text in the buffer it was read into: `buffer[..len]`, UTF-8.
/// The bytes after it, up to the buffer's length, are room already
/// initialized: given back ([`Text::into_buffer`]), the buffer is read into
/// again without zeroing that room (a walk reads file after file into the
/// same buffers; zeroing each file's room first was an eighth of its
/// instructions).
pub struct Text {
    buffer: Vec<u8>,
    len: usize,
}

impl Text {
    /// `buffer[..len]` as text where it is UTF-8 (checked by SIMD), else
    /// the error `String::from_utf8` gives of those bytes, which says where
    /// they are not.
    fn checked(mut buffer: Vec<u8>, len: usize) -> Result<Text, std::string::FromUtf8Error> {
        if simdutf8::basic::from_utf8(&buffer[..len]).is_err() {
            buffer.truncate(len);
            return String::from_utf8(buffer).map(Text::from);
        }
        Ok(Text { buffer, len })
    }

    /// Its memory (what a chunk holds, whatever its length).
    pub fn capacity(&self) -> usize {
        self.buffer.capacity()
    }

    /// The buffer, for another chunk to be read into.
    pub fn into_buffer(self) -> Vec<u8> {
        self.buffer
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text { len: text.len(), buffer: text.into_bytes() }
    }
}

impl std::ops::Deref for Text {
    type Target = str;

    #[allow(unsafe_code)]
    fn deref(&self) -> &str {
        // SAFETY: `buffer[..len]` was found to be UTF-8 when the text was
        // made (`Text::checked`, or a `String`'s), and neither changes after.
        unsafe { std::str::from_utf8_unchecked(&self.buffer[..self.len]) }
    }
}

/// `bytes` with each byte of every sequence that is not UTF-8 made a space.
pub(crate) fn invalid_as_spaces(mut bytes: Vec<u8>) -> String {
    let mut from = 0;
    while let Err(e) = std::str::from_utf8(&bytes[from..]) {
        let bad = from + e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - bad);
        bytes[bad..bad + len].fill(b' ');
        from = bad + len;
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// The note on the first byte of a named input that is not UTF-8, at
/// byte offset `at`.
pub(crate) fn invalid_utf8_note(at: u64) -> String {
    format!("invalid UTF-8 at byte {at}, read as a space (--lossy: U+FFFD; --strict-utf8: stop)")
}

/// The error at the first byte of a named input that is not UTF-8, at
/// byte offset `at`, with `--strict-utf8`.
pub(crate) fn invalid_utf8_error(at: u64) -> String {
    format!("invalid UTF-8 at byte {at} (--strict-utf8; without it, such bytes read as spaces)")
}

/// Buffers an input is done with, for the next: the one read into last
/// and a chunk's given back.
#[derive(Default)]
pub struct Buffers {
    read: Option<Vec<u8>>,
    spare: Option<Vec<u8>>,
}

impl Buffers {
    /// A chunk's buffer given back, for an input to read into.
    pub fn of(buffer: Vec<u8>) -> Buffers {
        Buffers { read: Some(buffer), spare: None }
    }

    /// Whether it holds no buffer.
    pub fn is_empty(&self) -> bool {
        self.read.is_none() && self.spare.is_none()
    }
}

/// How an input is read.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// What invalid UTF-8 becomes.
    pub utf8: Utf8,
    /// Whether char and UTF-16 offsets are wanted (counting them costs).
    pub count_units: bool,
    /// Whether line numbers are wanted (counting a chunk's lines costs a
    /// pass over it: `-c` does without).
    pub count_lines: bool,
    /// Search a binary file (true) or skip it.
    pub search_binary: bool,
    /// Whether the finder joins URLs wrapped across lines: a chunk then
    /// never ends inside a `<…>` that may hold one
    /// (`linkscan::stream::cut_for`).
    pub wrapped_urls: bool,
}

/// Cuts an input into chunks.
pub struct Chunker {
    reader: Box<dyn Read + Send>,
    stream: bool,
    /// The input read and not yet cut off, `buf[..filled]`; the bytes after
    /// are room already initialized (zeroed once, or left from an earlier
    /// chunk in a recycled buffer), read into without zeroing it again.
    buf: Vec<u8>,
    filled: usize,
    position: Position,
    utf8: Utf8,
    /// Whether invalid UTF-8 was noted (once an input).
    noted: bool,
    done: bool,
    /// An error or a note to report after the text before it.
    pending: Option<Piece>,
    /// Whether char and UTF-16 offsets are wanted (counting them costs).
    count_units: bool,
    /// See [`Reading::count_lines`].
    count_lines: bool,
    /// Search a binary file (true) or skip it; and whether the start of
    /// the input was looked at.
    search_binary: bool,
    probed: bool,
    /// See [`Reading::wrapped_urls`].
    wrapped_urls: bool,
    walked: bool,
    /// A chunk's buffer given back ([`Chunker::recycle`]), for the next.
    spare: Option<Vec<u8>>,
    /// The input's size, when it is a file (until it is found to be
    /// UTF-16, whose text has another size).
    size: Option<u64>,
    /// Whether its first bytes are still to be looked at for a UTF-16
    /// byte-order mark (files only).
    sniff: bool,
}

impl Chunker {
    /// `reading`: how to read it. `buffers`:
    /// those an earlier input is done with ([`Chunker::into_buffers`]),
    /// read into if large enough, so that input after input reads into the
    /// same memory, not zeroed again.
    pub fn new(
        source: Source,
        Reading { utf8, count_units, count_lines, search_binary, wrapped_urls }: Reading,
        buffers: Buffers,
    ) -> Chunker {
        // A file is read into room of its size (and one byte, to see its
        // end), up to a chunk: small files touch little memory. A buffer
        // too small for it is replaced by one with room for a chunk, which
        // serves every input after it (memory is touched, page by page,
        // only as far as it is read into; a buffer made to each size in
        // turn cost a walk most of its page faults).
        let room = source.size.map_or(CHUNK + 4096, |size| (size as usize + 1).min(CHUNK + 4096));
        let Buffers { read, spare } = buffers;
        let (read, spare) = (read.unwrap_or_default(), spare.unwrap_or_default());
        let (read, spare) = if read.capacity() >= spare.capacity() { (read, spare) } else { (spare, read) };
        let (buf, spare) =
            if read.capacity() >= room { (read, spare) } else { (Vec::with_capacity(CHUNK + 4096), read) };
        Chunker {
            reader: source.reader,
            stream: source.stream,
            buf,
            filled: 0,
            position: Position { line: 1, ..Position::default() },
            utf8,
            noted: false,
            done: false,
            pending: None,
            count_units,
            count_lines,
            search_binary,
            probed: false,
            wrapped_urls,
            walked: source.walked,
            spare: (spare.capacity() > 0).then_some(spare),
            size: source.size,
            sniff: source.size.is_some(),
        }
    }

    /// The buffers it holds, for the next input's chunker (an input of
    /// more than a chunk reads into two in turn: keeping both saves the
    /// next such input fresh pages).
    pub fn into_buffers(self) -> Buffers {
        Buffers { read: (self.buf.capacity() > 0).then_some(self.buf), spare: self.spare }
    }

    /// Takes back the buffer of a chunk that is done with, so that the
    /// next chunk is read into memory already in use (no new allocation,
    /// no fresh pages); one grown for a long line is let go.
    pub fn recycle(&mut self, buffer: Vec<u8>) {
        if buffer.capacity() <= 2 * (CHUNK + 4096) {
            self.spare = Some(buffer);
        }
    }

    /// Reads until `buf` holds at least `want` bytes or the input ends
    /// (true). A file is asked for all that is missing at once: one system
    /// call a chunk, into room already initialized (`read_to_end` would
    /// make five reads, from 8 KiB doubling). A stream is read
    /// [`STREAM_READ`] bytes at a time, and a read that finds less waiting,
    /// if it holds white space that ends links, ends the chunk: slow input
    /// (a chat answer arriving word by word) is processed as it comes, each
    /// link as soon as the white space after it arrives; fast input in full
    /// chunks.
    fn fill(&mut self, want: usize) -> io::Result<bool> {
        while self.filled < want {
            // A file read as large as it was when opened: no read to see
            // its end. (A size of 0 may be a file of /proc: read on.)
            if self.size.is_some_and(|size| size > 0 && self.position.bytes + self.filled as u64 >= size) {
                return Ok(true);
            }
            let before = self.filled;
            let ask = if self.stream { (want - before).min(STREAM_READ) } else { want - before };
            if self.buf.len() < before + ask {
                self.buf.resize(before + ask, 0);
            }
            match self.reader.read(&mut self.buf[before..before + ask]) {
                // A file that ends before the size it had when opened was
                // cut short while it was read: what was read of it may be
                // only part of what it said.
                Ok(0) => {
                    let read = self.position.bytes + self.filled as u64;
                    return match self.size.filter(|&size| read < size) {
                        Some(size) => Err(io::Error::other(format!(
                            "the file changed while it was read: it ended at byte {read} of the {size} it had when opened"
                        ))),
                        None => Ok(true),
                    };
                }
                Ok(n) => {
                    self.filled += n;
                    if self.stream
                        && n < ask
                        && linkscan::stream::last_cut(&self.buf[before..self.filled]).is_some()
                    {
                        return Ok(false);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }

    /// Where to cut `buf`: after its last newline (a line start reads as
    /// the start of a text in every dialect), else after its last other
    /// white space that ends links (`linkscan::stream::last_cut`), either
    /// moved back before a `<…>` that may hold a URL wrapped across it
    /// when the finder joins them (`linkscan::stream::cut_for`); else (a
    /// chunk that may not grow) its last char boundary.
    fn cut(&self, at_end: bool) -> Option<usize> {
        let buf = &self.buf[..self.filled];
        if at_end {
            return Some(buf.len());
        }
        let cut = memchr::memrchr(b'\n', buf).map(|nl| nl + 1).or_else(|| linkscan::stream::last_cut(buf));
        let cut = match cut {
            Some(cut) if self.wrapped_urls => linkscan::stream::cut_for(&WRAPPING, buf, cut),
            cut => cut,
        };
        if let Some(cut) = cut {
            return Some(cut);
        }
        if buf.len() < MAX_CHUNK {
            return None;
        }
        let mut cut = buf.len();
        while cut > buf.len() - 4 && (buf[cut - 1] as i8) < -0x40 {
            cut -= 1;
        }
        // Back over a lead byte whose sequence is not complete.
        if cut > 0 && buf[cut - 1] >= 0xC0 {
            cut -= 1;
        }
        Some(if cut == 0 { buf.len() } else { cut })
    }

    /// The next piece, or `None` at the end.
    pub fn next_piece(&mut self) -> Option<Piece> {
        if let Some(piece) = self.pending.take() {
            return Some(piece);
        }
        if self.done {
            return None;
        }
        // As much as is left of a file of known size (and a byte more, to
        // see its end), up to a chunk.
        let left = self.size.map_or(usize::MAX, |size| size.saturating_sub(self.position.bytes) as usize);
        let mut want = CHUNK.min(left.saturating_add(1));
        let (cut, at_end) = loop {
            let at_end = match self.fill(want) {
                Ok(end) => end,
                // The text read before the error is still searched.
                Err(e) if self.filled > 0 => {
                    (self.done, self.pending) = (true, Some(Piece::Error(e.to_string())));
                    true
                }
                Err(e) => {
                    self.done = true;
                    return Some(Piece::Error(e.to_string()));
                }
            };
            if std::mem::take(&mut self.sniff) {
                let reader = std::mem::replace(&mut self.reader, Box::new(io::empty()));
                match crate::utf16::transcoder(&self.buf[..self.filled], reader) {
                    Ok(utf8) => {
                        (self.reader, self.filled, self.size) = (utf8, 0, None);
                        want = CHUNK;
                        continue;
                    }
                    Err(reader) => self.reader = reader,
                }
            }
            if at_end && self.filled == 0 {
                self.done = true;
                return None;
            }
            match self.cut(at_end) {
                Some(cut) => break (cut, at_end),
                None => want = (want * 2).min(MAX_CHUNK),
            }
        };
        if !self.probed {
            self.probed = true;
            if is_binary(&self.buf[..self.filled]) {
                if !self.search_binary {
                    self.done = true;
                    return Some(Piece::Note(BINARY_SKIPPED.into()));
                }
                self.utf8 = Utf8::Lossy; // a binary file searched anyway: invalid UTF-8 is replaced
            }
        }
        // The next chunk's buffer starts with room for a whole chunk, so
        // reading it does not grow (and copy) it step by step; at the end
        // of the input there is no next chunk.
        let room = if at_end { 0 } else { CHUNK + 4096 };
        let mut rest = self.spare.take().unwrap_or_default();
        let tail = &self.buf[cut..self.filled];
        if rest.len() < tail.len() {
            rest.resize(tail.len(), 0);
        }
        rest[..tail.len()].copy_from_slice(tail);
        rest.reserve(room.saturating_sub(rest.len()));
        self.filled = tail.len();
        let bytes = std::mem::replace(&mut self.buf, rest);
        let text = match Text::checked(bytes, cut) {
            Ok(text) => text,
            Err(e) if self.utf8 == Utf8::Lossy => {
                Text::from(String::from_utf8_lossy(e.as_bytes()).into_owned())
            }
            // A file found by walking (a Latin-1 page, say) is read on: each
            // byte that is not UTF-8 reads as a space, which ends any link
            // there, and offsets stay those of the file's bytes.
            Err(e) if self.walked => Text::from(invalid_as_spaces(e.into_bytes())),
            // A named one too, with a note the first time, as ripgrep
            // searches on past such bytes.
            Err(e) if self.utf8 == Utf8::ReadOn => {
                if !std::mem::replace(&mut self.noted, true) {
                    let at = self.position.bytes + e.utf8_error().valid_up_to() as u64;
                    self.pending = Some(Piece::Note(invalid_utf8_note(at)));
                }
                Text::from(invalid_as_spaces(e.into_bytes()))
            }
            Err(e) => {
                // The text before the invalid byte is still read.
                self.done = true;
                let valid = e.utf8_error().valid_up_to();
                self.pending = Some(Piece::Error(invalid_utf8_error(self.position.bytes + valid as u64)));
                let mut bytes = e.into_bytes();
                bytes.truncate(valid);
                Text::from(String::from_utf8(bytes).unwrap_or_default())
            }
        };
        if self.position.bytes == 0 {
            self.position = Position::at_start_of(&text);
        }
        let start = self.position;
        self.advance(text.as_bytes());
        Some(Piece::Text { text, start })
    }

    /// Moves the position past `text`.
    fn advance(&mut self, text: &[u8]) {
        let units = |t: &[u8]| if self.count_units { units(t) } else { [t.len() as u64; 3] };
        let counts = units(text);
        let none = crate::lines::Newlines { count: 0, last: None };
        let newlines = if self.count_lines { crate::lines::newlines(text, 0, text.len()) } else { none };
        if let Some(nl) = newlines.last {
            let tail = units(&text[nl + 1..]);
            let after = [self.position.bytes, self.position.chars, self.position.utf16];
            for k in 0..3 {
                self.position.line_start[k] = after[k] + counts[k] - tail[k];
            }
            self.position.line += newlines.count;
        }
        self.position.bytes += counts[0];
        self.position.chars += counts[1];
        self.position.utf16 += counts[2];
    }
}

#[cfg(test)]
mod invalid_bytes {
    use super::invalid_as_spaces;

    #[test]
    fn each_invalid_byte_becomes_one_space() {
        assert_eq!(invalid_as_spaces(b"caf\xe9 x.com".to_vec()), "caf  x.com");
        assert_eq!(invalid_as_spaces(b"a\xe6\x97b\xf0\x9f\x98".to_vec()), "a  b   ");
        assert_eq!(invalid_as_spaces("東京 ok".as_bytes().to_vec()), "東京 ok");
        for bytes in [&b"\xff\xfe"[..], b"\xed\xa0\x80x", b"\xc3"] {
            assert_eq!(invalid_as_spaces(bytes.to_vec()).len(), bytes.len());
        }
    }
}

#[cfg(test)]
mod changed_while_read {
    use super::{Buffers, Chunker, Piece, Reading, Source, Utf8};

    /// A file that ends before the size it had when opened (cut short
    /// while read) gives the text it had, then an error that says so.
    #[test]
    fn a_file_cut_short_is_an_error_after_its_text() {
        let text = b"see example.com and more\n".repeat(4);
        for (size, cut_short) in [(text.len() as u64 + 4096, true), (text.len() as u64, false)] {
            let source = Source {
                reader: Box::new(std::io::Cursor::new(text.clone())),
                stream: false,
                walked: false,
                size: Some(size),
            };
            let mut chunker = Chunker::new(
                source,
                Reading {
                    utf8: Utf8::Strict,
                    count_units: false,
                    count_lines: true,
                    search_binary: false,
                    wrapped_urls: false,
                },
                Buffers::default(),
            );
            let mut pieces = Vec::new();
            while let Some(piece) = chunker.next_piece() {
                pieces.push(match piece {
                    Piece::Text { text, .. } => format!("text {}", text.len()),
                    Piece::Error(e) => e,
                    Piece::Note(why) => why,
                });
            }
            let mut expected = vec![format!("text {}", text.len())];
            if cut_short {
                expected.push(format!(
                    "the file changed while it was read: it ended at byte {} of the {size} it had when opened",
                    text.len()
                ));
            }
            assert_eq!(pieces, expected);
        }
    }
}

#[cfg(test)]
mod reused_buffers {
    use super::{Buffers, Chunker, Piece, Reading, Source, Utf8};

    /// Inputs read one after another into the same buffers (whose room is
    /// not zeroed again) give each its own text, whatever the input before
    /// left in them: longer, shorter, with links or without.
    #[test]
    fn each_input_reads_as_its_own_text() {
        let inputs: Vec<Vec<u8>> = vec![
            b"see example.com and more\n".repeat(2000),
            b"short\n".to_vec(),
            Vec::new(),
            "東京.jp x\n".repeat(900).into_bytes(),
            b"a@b.org".to_vec(),
            b"mid sized www.x.org\n".repeat(40),
        ];
        let mut buffers = Buffers::default();
        for (size_known, input) in [true, false].into_iter().flat_map(|k| inputs.iter().map(move |i| (k, i)))
        {
            let source = Source {
                reader: Box::new(std::io::Cursor::new(input.clone())),
                stream: false,
                walked: true,
                size: size_known.then_some(input.len() as u64),
            };
            let reading = Reading {
                utf8: Utf8::Strict,
                count_units: false,
                count_lines: true,
                search_binary: false,
                wrapped_urls: false,
            };
            let mut chunker = Chunker::new(source, reading, std::mem::take(&mut buffers));
            let mut read = String::new();
            while let Some(piece) = chunker.next_piece() {
                match piece {
                    Piece::Text { text, .. } => {
                        read.push_str(&text);
                        chunker.recycle(text.into_buffer());
                    }
                    Piece::Error(e) | Piece::Note(e) => panic!("{e}"),
                }
            }
            assert_eq!(read.as_bytes(), &input[..]);
            buffers = chunker.into_buffers();
        }
    }
}
