//! `linkscan find`: the links in text files, streamed.

use crate::input::{Position, Reading};
use crate::options::{FinderOptions, StreamOptions};
use crate::pipeline::{self, Result as Step};
use clap::ValueEnum;
use linkscan::markdown::document_links;
use linkscan::{Link, LinkFinder, OffsetConverter, OffsetUnit};
use std::collections::HashSet;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Mutex;

/// Output formats of `find`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `FILE:LINE:COL: link`, one link per line (coloured on a terminal).
    Text,
    /// One JSON object per link: file, line, start, end, kind, text, href.
    Jsonl,
    /// Tab-separated: file, line, start, end, kind, text, href.
    Tsv,
    /// The input with ⸠ and ⸡ around each link.
    Marked,
}

/// Units for `start`, `end` and the column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Offsets {
    /// UTF-8 bytes.
    Bytes,
    /// Unicode scalar values (Python, Rust chars).
    Chars,
    /// UTF-16 code units (JavaScript, Java).
    Utf16,
}

impl Offsets {
    fn index(self) -> usize {
        self as usize
    }

    fn unit(self) -> OffsetUnit {
        match self {
            Offsets::Bytes => OffsetUnit::Bytes,
            Offsets::Chars => OffsetUnit::Chars,
            Offsets::Utf16 => OffsetUnit::Utf16,
        }
    }
}

/// What distinct values `--unique` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UniqueBy {
    /// The link target (`https://` added to `example.com`).
    Href,
    /// The link as written.
    Text,
}

/// The arguments of `find` that say what is printed, and how.
#[derive(clap::Args, Debug, Clone)]
pub struct Settings {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The same as --format jsonl.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Unit of start, end and column.
    #[arg(long, value_enum, default_value_t = Offsets::Bytes)]
    pub offsets: Offsets,
    /// Print only the number of links (per input when there are several;
    /// with --unique, the number of distinct links).
    #[arg(short = 'c', long)]
    pub count: bool,
    /// Print each distinct link once, in order of first appearance: by
    /// href (the default), or by text (`--unique=text`).
    #[arg(short = 'u', long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "href")]
    pub unique: Option<UniqueBy>,
    /// Print the name of each input that has a link, once.
    #[arg(short = 'l', long, conflicts_with_all = ["count", "unique", "only_matching", "quiet"])]
    pub files_with_links: bool,
    /// Print nothing; exit 0 as soon as a link is found, 1 if none is.
    #[arg(short = 'q', long, conflicts_with_all = ["count", "unique", "only_matching"])]
    pub quiet: bool,
    /// Print only each link, one per line, as the text format shows it: its
    /// text (with --markdown, its destination; a URL wrapped across lines,
    /// joined).
    #[arg(short = 'o', long, conflicts_with_all = ["count", "unique"])]
    pub only_matching: bool,
    /// Follow each file name with a NUL byte instead of `:` or a newline
    /// (text format, --count, -l), and end each link of -o and --unique
    /// with one, for `xargs -0` (hrefs may hold quotes and backslashes).
    #[arg(short = '0', long)]
    pub null: bool,
    /// Read each input as a Markdown document and list its links: inline,
    /// reference, definition, image, autolink (`<…>`) and literal (found by
    /// the dialect), with their destinations; none in code. Inputs are read
    /// whole.
    #[arg(long, conflicts_with = "host_report")]
    pub markdown: bool,
    /// With --markdown, the parser: pulldown-cmark, or comrak (GitHub's
    /// blocks exactly; it keeps no reference definitions, so none is listed).
    #[arg(long, value_enum, default_value_t, requires = "markdown")]
    pub parser: crate::markdown::MarkdownParser,
    /// tsv: a first line naming the columns.
    #[arg(long)]
    pub header: bool,
    /// jsonl: add what UTS #46 says of each link's host: "host",
    /// "host_ascii" (A-labels; null when invalid) and "suspicious_host"
    /// (an invalid label, or one that mixes scripts like a homograph).
    #[arg(long)]
    pub host_report: bool,
    /// Colour the text format (auto: on a terminal, unless NO_COLOR is set
    /// or CLICOLOR=0; CLICOLOR_FORCE forces it).
    #[arg(long, value_enum, default_value_t = crate::options::Color::Auto)]
    pub color: crate::options::Color,
}

impl Settings {
    /// The format, with --json and -o folded in.
    fn format(&self) -> Format {
        if self.json { Format::Jsonl } else { self.format }
    }

    /// Whether each link is written as it is found: not with --count, -l,
    /// -q or --unique (which write what they gather at the end).
    fn writes_each_link(&self) -> bool {
        !(self.unique.is_some() || self.count || self.quiet || self.files_with_links)
    }

    /// Whether each link is written with its line and column: as
    /// [`Settings::writes_each_link`], but not with -o or --format marked
    /// (the input's lines are then not counted).
    fn writes_positions(&self) -> bool {
        self.writes_each_link() && !self.only_matching && self.format() != Format::Marked
    }

    /// Combinations that mean nothing, named with both flags.
    pub fn check(&self) -> Result<(), String> {
        let format = self.format();
        let needs = |set: bool, flag: &str, want: Format, name: &str| {
            if set && format != want {
                let given = clap::ValueEnum::to_possible_value(&format).map(|v| v.get_name().to_owned());
                Err(format!("{flag} goes with --format {name}, not --format {}", given.unwrap_or_default()))
            } else {
                Ok(())
            }
        };
        needs(self.header, "--header", Format::Tsv, "tsv")?;
        needs(self.host_report, "--host-report", Format::Jsonl, "jsonl")?;
        needs(self.only_matching, "--only-matching", Format::Text, "text")?;
        if format == Format::Marked && (self.count || self.unique.is_some() || self.files_with_links) {
            return Err(
                "--format marked prints the whole input; it does not go with --count, --unique or -l".into(),
            );
        }
        Ok(())
    }
}

/// The result of one chunk.
struct Found {
    out: Vec<u8>,
    links: u64,
    /// The distinct values of --unique, in order.
    keys: Vec<String>,
}

/// Output buffers already written out, kept for the chunks to come: a
/// chunk's output goes into memory already in use, not into a new
/// allocation whose fresh pages the kernel must provide (with several
/// threads, a buffer freed by the writer is not the workers' to reuse,
/// and each chunk's output costs page faults). It holds no more buffers
/// than were in flight at once, which the pipeline's budget bounds.
#[derive(Default)]
struct Spares(Mutex<Vec<Vec<u8>>>);

impl Spares {
    /// An empty buffer: a spare one, whatever its size (a chunk's output
    /// is rarely as long as its text, and one that is grows it), or a new
    /// one with room for `capacity` bytes. (Freeing a spare too small for
    /// the text and making a larger one, file after file of a walk, was
    /// most of its page faults.)
    fn take(&self, capacity: usize) -> Vec<u8> {
        match self.0.lock().ok().and_then(|mut spares| spares.pop()) {
            Some(buf) => buf,
            None => Vec::with_capacity(capacity),
        }
    }

    /// Keeps `buf` for [`Spares::take`], unless a long line made it large.
    fn give(&self, mut buf: Vec<u8>) {
        if buf.capacity() <= 4 * crate::input::CHUNK {
            buf.clear();
            if let Ok(mut spares) = self.0.lock() {
                spares.push(buf);
            }
        }
    }
}

impl crate::pipeline::Weight for Found {
    fn weight(&self) -> usize {
        self.out.capacity() + self.keys.iter().map(String::capacity).sum::<usize>()
    }
}

/// Writes the records of one chunk of text (or one Markdown document) in
/// the chosen format: positions counted from the chunk's start.
struct Records<'s> {
    settings: &'s Settings,
    format: Format,
    file: &'s str,
    /// `{"file":"…"` for JSON Lines (empty for other formats).
    file_json: Vec<u8>,
    text: &'s str,
    conv: OffsetConverter<'s>,
    /// The chunk's first offset and line, and where that line starts, in
    /// the --offsets unit.
    base: u64,
    line: u64,
    line_start: u64,
    /// Where the line count has reached (a record's start: records come in
    /// order of their starts, and Markdown links may nest).
    counted: usize,
    /// How far --format marked has copied the text.
    copied: usize,
    found: Found,
}

impl<'s> Records<'s> {
    /// Records written into `out`.
    fn new(settings: &'s Settings, file: &'s str, text: &'s str, start: Position, out: Vec<u8>) -> Self {
        let unit = settings.offsets.index();
        let format = settings.format();
        // (Made only where it is written: a walk has a chunk a file.)
        let file_json = if format == Format::Jsonl { file_object(file) } else { Vec::new() };
        Records {
            settings,
            format,
            file,
            file_json,
            text,
            conv: OffsetConverter::new(text, settings.offsets.unit()),
            base: start.units()[unit],
            line: start.line,
            line_start: start.line_start[unit],
            counted: 0,
            copied: 0,
            found: Found { out, links: 0, keys: Vec::new() },
        }
    }

    /// One link at `text[start..end]` of the input: its `kind`, `text` and
    /// `href` fields (the href in two pieces, prefix and rest, so that it is
    /// not built for each link); `shown` by the text format and `-o`;
    /// `link` for --host-report.
    fn record(
        &mut self,
        (start, end): (usize, usize),
        [kind, text, href_prefix, href_rest, shown]: [&str; 5],
        link: Option<&Link<'_>>,
    ) {
        let settings = self.settings;
        self.found.links += 1;
        match settings.unique {
            Some(UniqueBy::Href) => self.found.keys.push([href_prefix, href_rest].concat()),
            Some(UniqueBy::Text) => self.found.keys.push(text.to_string()),
            None => {}
        }
        if !settings.writes_each_link() {
            return;
        }
        let out = &mut self.found.out;
        if self.format == Format::Marked {
            // A link nested in one already marked (Markdown) is not marked again.
            if start >= self.copied {
                out.extend_from_slice(&self.text.as_bytes()[self.copied..start]);
                out.extend_from_slice("⸠".as_bytes());
                out.extend_from_slice(&self.text.as_bytes()[start..end]);
                out.extend_from_slice("⸡".as_bytes());
                self.copied = end;
            }
            return;
        }
        if settings.only_matching {
            out.extend_from_slice(shown.as_bytes());
            out.push(if settings.null { 0 } else { b'\n' });
            return;
        }
        let gap = crate::lines::newlines(self.text.as_bytes(), self.counted, start);
        if let Some(last) = gap.last {
            self.line += gap.count;
            self.line_start = self.base + self.conv.convert(last + 1) as u64;
        }
        self.counted = start;
        let s = self.base + self.conv.convert(start) as u64;
        let e = s + match settings.offsets {
            Offsets::Bytes => end - start,
            _ => OffsetConverter::new(&self.text[start..end], settings.offsets.unit()).convert(end - start),
        } as u64;
        let (line, col, file) = (self.line, s - self.line_start + 1, self.file);
        let separator = if settings.null { "\0" } else { ":" };
        let _ = match self.format {
            Format::Text if settings.color.enabled() => writeln!(
                out,
                "{MAGENTA}{file}{RESET}{separator}{GREEN}{line}{RESET}:{col}: {BOLD_RED}{shown}{RESET}"
            ),
            Format::Text => writeln!(out, "{file}{separator}{line}:{col}: {shown}"),
            Format::Tsv => writeln!(
                out,
                "{}\t{line}\t{col}\t{s}\t{e}\t{kind}\t{}\t{}",
                tsv_field(file),
                tsv_field(text),
                tsv_field(&[href_prefix, href_rest].concat())
            ),
            Format::Jsonl | Format::Marked => {
                let report = link.filter(|_| settings.host_report);
                json_record(
                    out,
                    &self.file_json,
                    [line, col, s, e],
                    [kind, text, href_prefix, href_rest],
                    report,
                );
                Ok(())
            }
        };
    }

    /// The chunk's output: with --format marked, the rest of the text.
    fn finish(mut self) -> Found {
        if self.format == Format::Marked && !self.settings.quiet {
            self.found.out.extend_from_slice(&self.text.as_bytes()[self.copied..]);
        }
        self.found
    }
}

/// Formats the links of one chunk, into a buffer from `spares`.
fn process(
    finder: &LinkFinder,
    settings: &Settings,
    spares: &Spares,
    file: &str,
    text: &str,
    start: Position,
) -> Found {
    let mut records = Records::new(settings, file, text, start, spares.take(text.len()));
    for link in finder.links(text) {
        let text = link.as_str();
        // (A URL wrapped across lines is shown joined, on one line.)
        let shown = if link.is_wrapped() { link.href_prefix() } else { text };
        let fields = [link.kind().as_str(), text, link.href_prefix(), link.href_rest(), shown];
        records.record((link.start(), link.end()), fields, Some(&link));
    }
    records.finish()
}

/// Formats the links of one Markdown document (--markdown): kind `inline`,
/// `reference`, `definition`, `image`, `autolink` or `literal`; its text is
/// the link text; the text format and `-o` show its destination.
fn process_markdown(finder: &LinkFinder, settings: &Settings, file: &str, text: &str) -> Found {
    let start = Position::at_start_of(text);
    let mut records = Records::new(settings, file, text, start, Vec::with_capacity(text.len()));
    if settings.parser == crate::markdown::MarkdownParser::Comrak {
        for link in crate::markdown::comrak_links(text, finder) {
            let fields = [link.kind.as_str(), &link.text, "", &link.destination, &link.destination];
            records.record((link.range.start, link.range.end), fields, None);
        }
        return records.finish();
    }
    let extensions = linkscan::markdown::options_for(finder);
    for link in document_links(text, extensions, finder) {
        let fields = [link.kind.as_str(), &link.text, "", &link.destination, &link.destination];
        records.record((link.range.start, link.range.end), fields, None);
    }
    records.finish()
}

/// The `--host-report` fields of a JSON object.
fn push_host_report(out: &mut Vec<u8>, link: &linkscan::Link<'_>) {
    let report = link.host_report();
    out.extend_from_slice(b",\"host\":");
    json_string(out, &link.host());
    out.extend_from_slice(b",\"host_ascii\":");
    match &report.ascii {
        Some(ascii) => json_string(out, ascii),
        None => out.extend_from_slice(b"null"),
    }
    let suspicious: &[u8] = if report.is_suspicious() { b"true" } else { b"false" };
    out.extend_from_slice(b",\"suspicious_host\":");
    out.extend_from_slice(suspicious);
}

pub(crate) const MAGENTA: &str = "\x1b[35m";
pub(crate) const GREEN: &str = "\x1b[32m";
pub(crate) const BOLD_RED: &str = "\x1b[1;31m";
pub(crate) const RESET: &str = "\x1b[0m";

/// One JSON Lines record; `report`: the link whose host report is added
/// (--host-report). The text and the href are tested for what JSON escapes
/// once each (the href's rest is mostly the text itself), and copied as
/// they are where nothing is (the rule); the record's room is made at once.
fn json_record(
    out: &mut Vec<u8>,
    file_json: &[u8],
    [line, col, start, end]: [u64; 4],
    [kind, text, href_prefix, href_rest]: [&str; 4],
    report: Option<&Link<'_>>,
) {
    let text_plain = !needs_escape(text.as_bytes());
    let href_plain = !needs_escape(href_prefix.as_bytes())
        && if std::ptr::eq(href_rest, text) { text_plain } else { !needs_escape(href_rest.as_bytes()) };
    out.reserve(file_json.len() + NUMBERS_ROOM + text.len() + href_prefix.len() + href_rest.len() + 32);
    out.extend_from_slice(file_json);
    // The numbers go into room of a fixed size, cut to length after: one
    // change of the vector's length, not one for each piece (each a store
    // that the next piece's load waits for).
    let at = out.len();
    out.extend_from_slice(&[0; NUMBERS_ROOM]);
    let room = &mut out[at..];
    let mut len = 0;
    for (name, n) in
        [(&b",\"line\":"[..], line), (b",\"col\":", col), (b",\"start\":", start), (b",\"end\":", end)]
    {
        room[len..len + name.len()].copy_from_slice(name);
        len += name.len();
        len += put_decimal(&mut room[len..], n);
    }
    room[len..len + 9].copy_from_slice(b",\"kind\":\"");
    out.truncate(at + len + 9);
    out.extend_from_slice(kind.as_bytes());
    out.extend_from_slice(b"\",\"text\":");
    if text_plain {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        json_string(out, text);
    }
    out.extend_from_slice(b",\"href\":");
    if href_plain {
        out.push(b'"');
        out.extend_from_slice(href_prefix.as_bytes());
        out.extend_from_slice(href_rest.as_bytes());
        out.push(b'"');
    } else {
        json_string_of(out, &[href_prefix, href_rest]);
    }
    if let Some(link) = report {
        push_host_report(out, link);
    }
    out.extend_from_slice(b"}\n");
}

/// The room [`json_record`] makes for its numbers: four names and numbers
/// of up to 20 digits, the name of the kind's field, and the seven bytes
/// [`put_decimal`] may write after a number.
const NUMBERS_ROOM: usize = 4 * (8 + 20) + 9 + 7;

/// Appends `n` in decimal.
fn push_decimal(out: &mut Vec<u8>, n: u64) {
    let at = out.len();
    out.extend_from_slice(&[0; 24]);
    let len = put_decimal(&mut out[at..], n);
    out.truncate(at + len);
}

/// Writes `n` in decimal at the start of `room`, which has room for its
/// digits and seven bytes more (the bytes after the digits are
/// overwritten); returns the number of digits. Below 10⁸ (lines, columns,
/// offsets in files under 100 MB) the digits are made at once by
/// [`eight_digits`], with no chain of divisions, and written as one
/// eight-byte store (a copy of known size, where a copy of the digits'
/// length would be a call); their number is that of the digits after the
/// leading zeros.
#[inline]
fn put_decimal(room: &mut [u8], n: u64) -> usize {
    if n >= 100_000_000 {
        return put_long_decimal(room, n);
    }
    let digits = eight_digits(n as u32);
    // The leading zeros' bits (the last digit is kept, so that 0 is "0").
    let zeros = (digits | 1 << 56).trailing_zeros() & !7;
    room[..8].copy_from_slice(&((digits + u64::from_ne_bytes([b'0'; 8])) >> zeros).to_le_bytes());
    8 - (zeros / 8) as usize
}

/// [`put_decimal`] from 10⁸: the digits of `n / 10⁸` (one, below 10⁹:
/// offsets in files under 1 GB), then eight more.
#[inline(never)]
fn put_long_decimal(room: &mut [u8], n: u64) -> usize {
    let high = n / 100_000_000;
    let first = if high < 10 {
        room[0] = b'0' + high as u8;
        1
    } else {
        put_decimal(room, high)
    };
    let low = eight_digits((n % 100_000_000) as u32) + u64::from_ne_bytes([b'0'; 8]);
    room[first..first + 8].copy_from_slice(&low.to_le_bytes());
    first + 8
}

/// The eight decimal digits of `n` (below 10⁸, with leading zeros) as the
/// bytes of a little-endian number, the first digit lowest, each byte the
/// digit's value (`b'0'` not added): `n` split into two halves of four
/// digits in the 32-bit lanes of one number, each lane into two pairs of
/// digits in 16-bit lanes, each pair into two digits in bytes — the lanes
/// divided at once, each by a multiplication and a shift that equal the
/// division on the lane's range.
fn eight_digits(n: u32) -> u64 {
    let v = u64::from(n / 10_000) | (u64::from(n % 10_000) << 32);
    // x / 100 = (x * 10486) >> 20 for x < 10⁴.
    let hundreds = ((v * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let v = hundreds | ((v - hundreds * 100) << 16);
    // x / 10 = (x * 103) >> 10 for x < 100.
    let tens = ((v * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((v - tens * 10) << 8)
}

/// A TSV field: tabs, newlines and backslashes escaped.
fn tsv_field(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

/// The start of a JSON object naming an input: `{"file":"…"` (its other
/// fields and `}` follow).
fn file_object(name: &str) -> Vec<u8> {
    let mut object = b"{\"file\":".to_vec();
    json_string(&mut object, name);
    object
}

/// Appends `s` as a JSON string.
pub fn json_string(out: &mut Vec<u8>, s: &str) {
    json_string_of(out, &[s]);
}

/// Appends the pieces, joined, as one JSON string.
fn json_string_of(out: &mut Vec<u8>, pieces: &[&str]) {
    out.push(b'"');
    for s in pieces {
        push_escaped(out, s);
    }
    out.push(b'"');
}

/// The bytes of `w` that JSON escapes — control characters, `"` and `\`
/// — as the high bits of its bytes. The lowest bit set is exact; those
/// above it may be wrong (a borrow carries into the byte above).
fn escapes_in(w: u64) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Bytes below `n` (at most 0x80) have their high bit set in this.
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH;
    below(w, 0x20) | below(w ^ (ONES * u64::from(b'"')), 1) | below(w ^ (ONES * u64::from(b'\\')), 1)
}

/// Whether JSON escapes `b`.
fn escapes(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether `s` has a byte that JSON escapes. Eight bytes at a time, as
/// bits of one number (links are short, and rarely need escaping: a
/// vector loop spends most of its time in its tail); the last eight
/// overlap the others where the length is not a multiple of eight.
fn needs_escape(s: &[u8]) -> bool {
    if s.len() < 8 {
        return s.iter().any(|&b| escapes(b));
    }
    let last = u64::from_ne_bytes(s[s.len() - 8..].try_into().unwrap_or_default());
    s.chunks_exact(8)
        .map(|w| u64::from_ne_bytes(w.try_into().unwrap_or_default()))
        .fold(escapes_in(last), |any, w| any | escapes_in(w))
        != 0
}

/// Where the first byte of `s[from..]` that JSON escapes is, eight bytes
/// at a time (a manual page's links have a `\-` every few words).
fn next_escape(s: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(word) = s.get(at..at + 8) {
        let found = escapes_in(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    s[at..].iter().position(|&b| escapes(b)).map(|i| at + i)
}

/// Appends `s` escaped for a JSON string.
fn push_escaped(out: &mut Vec<u8>, s: &str) {
    let s = s.as_bytes();
    let mut copied = 0;
    while let Some(at) = next_escape(s, copied) {
        out.extend_from_slice(&s[copied..at]);
        let _ = match s[at] {
            b'"' => out.write_all(b"\\\""),
            b'\\' => out.write_all(b"\\\\"),
            b'\n' => out.write_all(b"\\n"),
            b'\r' => out.write_all(b"\\r"),
            b'\t' => out.write_all(b"\\t"),
            b => write!(out, "\\u{b:04x}"),
        };
        copied = at + 1;
    }
    out.extend_from_slice(&s[copied..]);
}

/// Stops the pipeline once `-q` has its answer.
fn found_one() -> io::Error {
    io::Error::other("linkscan: a link was found")
}

/// `linkscan find`.
pub fn run(
    files: Vec<std::ffi::OsString>,
    settings: &Settings,
    options: &FinderOptions,
    stream: &StreamOptions,
) -> io::Result<ExitCode> {
    settings.check().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let inputs = crate::inputs(files, &stream.input.walk)?;
    let finder = options.finder()?;
    let format = settings.format();
    let progress = crate::progress::Progress::new(inputs.named_size);
    // Coloured output goes through anstream (Windows consoles); plain output
    // as it is (anstream's stripping would also drop the NULs of -0 and the
    // control characters --format marked copies).
    let stdout: Box<dyn Write> = match settings.color.choice() {
        anstream::ColorChoice::Never => Box::new(io::stdout().lock()),
        choice => Box::new(anstream::AutoStream::new(io::stdout().lock(), choice)),
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let (mut failed, mut total, mut per_input) = (false, 0u64, 0u64);
    let mut seen: HashSet<String> = HashSet::new();
    let spares = Spares::default();
    let several = inputs.several;
    let end = if settings.null { "\0" } else { "\n" };
    if settings.header && format == Format::Tsv {
        writeln!(out, "file\tline\tcol\tstart\tend\tkind\ttext\thref")?;
    }
    let write = |step: Step<Found>| {
        match step {
            Step::Output { input, output, bytes, .. } => {
                progress.advance(bytes);
                total += output.links;
                if settings.quiet && total > 0 {
                    return Err(found_one());
                }
                if settings.files_with_links && per_input == 0 && output.links > 0 {
                    let name = &input.display;
                    if format == Format::Jsonl {
                        let mut object = file_object(name);
                        object.extend_from_slice(b"}\n");
                        out.write_all(&object)?;
                    } else if settings.null {
                        out.write_all(&input.raw_name())?;
                        out.write_all(b"\0")?;
                    } else if settings.color.enabled() {
                        write!(out, "{MAGENTA}{name}{RESET}{end}")?;
                    } else {
                        write!(out, "{name}{end}")?;
                    }
                }
                per_input += output.links;
                for key in output.keys {
                    if seen.contains(&key) {
                        continue;
                    }
                    if !settings.count {
                        write_unique(&mut out, format, settings.unique, &key, end)?;
                    }
                    seen.insert(key);
                }
                out.write_all(&output.out)?;
                spares.give(output.out);
            }
            Step::Idle => out.flush()?,
            Step::Skipped { input, message } => {
                if !input.walked && !stream.input.no_messages {
                    out.flush()?;
                    crate::notes::note(&input.display, &message);
                }
            }
            Step::Error { input, message } => {
                if !stream.input.no_messages {
                    crate::report(&mut out, &input, &message)?;
                }
                failed = true;
            }
            Step::End { input } => {
                // (A walked file without links is left out of the counts, as
                // ripgrep leaves it out; one named is counted, 0 too.)
                if settings.count && settings.unique.is_none() && (per_input > 0 || !input.walked) {
                    let name = &input.display;
                    match format {
                        Format::Jsonl => {
                            let mut object = file_object(name);
                            object.extend_from_slice(b",\"count\":");
                            push_decimal(&mut object, per_input);
                            object.extend_from_slice(b"}\n");
                            out.write_all(&object)?;
                        }
                        _ if several && settings.null => {
                            out.write_all(&input.raw_name())?;
                            writeln!(out, "\0{per_input}")?
                        }
                        _ if several && settings.color.enabled() => {
                            writeln!(out, "{MAGENTA}{name}{RESET}:{per_input}")?
                        }
                        _ if several => writeln!(out, "{name}:{per_input}")?,
                        _ => writeln!(out, "{per_input}")?,
                    }
                }
                per_input = 0;
            }
        }
        Ok(())
    };
    let result = if settings.markdown {
        markdown_documents(
            inputs,
            &stream.input,
            |input, text| process_markdown(&finder, settings, &input.display, text),
            write,
        )
    } else {
        pipeline::run(
            inputs,
            stream.jobs(),
            Reading {
                utf8: stream.input.utf8(),
                count_units: settings.offsets != Offsets::Bytes,
                count_lines: settings.writes_positions(),
                search_binary: stream.input.binary,
                wrapped_urls: finder.joins_wrapped_urls(),
            },
            |input, text, start| process(&finder, settings, &spares, &input.display, text, start),
            write,
        )
    };
    match result {
        Err(e) if settings.quiet && e.to_string() == found_one().to_string() => return Ok(ExitCode::SUCCESS),
        other => other.map_err(crate::output_error)?,
    }
    if settings.count && settings.unique.is_some() {
        if format == Format::Jsonl {
            writeln!(out, "{{\"count\":{}}}", seen.len())?;
        } else {
            writeln!(out, "{}", seen.len())?;
        }
    }
    progress.finish();
    out.flush().map_err(crate::output_error)?;
    Ok(ExitCode::from(if failed {
        2
    } else if total == 0 {
        1
    } else {
        0
    }))
}

/// `--markdown`: each input read whole, in order, its links listed by
/// `process`; the results go to `write` as the pipeline's do.
fn markdown_documents(
    inputs: impl Iterator<Item = crate::input::Input>,
    options: &crate::options::InputOptions,
    process: impl Fn(&crate::input::Input, &str) -> Found,
    mut write: impl FnMut(Step<Found>) -> io::Result<()>,
) -> io::Result<()> {
    for input in inputs {
        let input = std::sync::Arc::new(input);
        match crate::markdown::read_whole(&input, options) {
            Ok(crate::markdown::Whole::Text(text)) => {
                let output = process(&input, &text);
                let bytes = text.len() as u64;
                write(Step::Output { input: input.clone(), output, bytes, weight: 0 })?;
            }
            Ok(crate::markdown::Whole::Skipped(message)) => {
                write(Step::Skipped { input: input.clone(), message })?
            }
            Err(e) => write(Step::Error { input: input.clone(), message: e.to_string() })?,
        }
        write(Step::End { input })?;
    }
    Ok(())
}

/// One distinct value of `--unique`: a line, or a JSON object.
fn write_unique(
    out: &mut impl Write,
    format: Format,
    by: Option<UniqueBy>,
    key: &str,
    end: &str,
) -> io::Result<()> {
    if format != Format::Jsonl {
        return write!(out, "{key}{end}");
    }
    let mut object = if by == Some(UniqueBy::Text) { b"{\"text\":".to_vec() } else { b"{\"href\":".to_vec() };
    json_string(&mut object, key);
    object.extend_from_slice(b"}\n");
    out.write_all(&object)
}

#[cfg(test)]
mod tests {
    use super::json_string;

    /// The eight-byte test says what a byte-by-byte test says, for every
    /// length to 40 and every byte in every place.
    #[test]
    fn the_escape_test_agrees_with_each_byte() {
        for len in 0..40 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s = vec![b'a'; len];
                    s[at] = b;
                    let plain = s.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\');
                    assert_eq!(super::needs_escape(&s), plain, "{len} {at} {b:#x}");
                }
            }
        }
    }

    /// The first byte to escape is found where a byte-by-byte look finds
    /// it, from every place, with a second one (whose borrow may mark
    /// bytes above it) anywhere.
    #[test]
    fn the_next_escape_is_found_where_each_byte_says() {
        for len in 0..24 {
            for first in 0..len {
                for second in 0..len {
                    for (x, y) in [(b'"', 0u8), (b'\\', b'\n'), (0x1F, b'"'), (b'\t', 0x20)] {
                        let mut s = vec![b'a'; len];
                        s[first] = x;
                        s[second] = y;
                        for from in 0..=len {
                            let plain = s[from..].iter().position(|&b| super::escapes(b)).map(|i| from + i);
                            assert_eq!(super::next_escape(&s, from), plain, "{s:?} {from}");
                        }
                    }
                }
            }
        }
    }

    /// Every number of digits, and its neighbours, written as `format!` does.
    #[test]
    fn decimals_are_written_as_format_writes_them() {
        let mut values = vec![0, u64::MAX, u64::MAX - 1];
        let mut power = 1u64;
        for _ in 0..20 {
            values.extend([power - 1, power, power + 1, power.saturating_mul(7) / 3]);
            power = power.saturating_mul(10);
        }
        let mut n = 1u64;
        for _ in 0..10_000 {
            n = n.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            values.push(n >> (n % 64));
        }
        // Every value of each lane of `eight_digits`: the low half's four
        // digits and the high half's.
        values.extend(0..1_000_000);
        values.extend((0..10_000).map(|k| k * 10_000 + 9_999));
        for value in values {
            let mut out = b"x".to_vec();
            super::push_decimal(&mut out, value);
            assert_eq!(out, format!("x{value}").into_bytes(), "{value}");
        }
    }

    /// The numbers' room holds the longest numbers; the record is the one
    /// `format!` makes.
    #[test]
    fn records_hold_numbers_of_every_length() {
        for n in [0, 7, 12_345_678, 123_456_789, u64::MAX] {
            let mut out = b"x".to_vec();
            let fields = ["url", "a.com/\"", "http://", "a.com/\""];
            super::json_record(
                &mut out,
                b"{\"file\":\"f\"",
                [n, n.wrapping_add(1), n / 2, u64::MAX - n],
                fields,
                None,
            );
            let expected = format!(
                "x{{\"file\":\"f\",\"line\":{n},\"col\":{},\"start\":{},\"end\":{},\"kind\":\"url\",\
                 \"text\":\"a.com/\\\"\",\"href\":\"http://a.com/\\\"\"}}\n",
                n.wrapping_add(1),
                n / 2,
                u64::MAX - n
            );
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = Vec::new();
        json_string(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(String::from_utf8(out).unwrap(), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
