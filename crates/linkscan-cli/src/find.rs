//! `linkscan find`: the links in text files, streamed.

use crate::input::Position;
use crate::options::{FinderOptions, StreamOptions};
use crate::pipeline::{self, Result as Step};
use clap::ValueEnum;
use linkscan::{LinkFinder, OffsetConverter, OffsetUnit};
use std::collections::HashSet;
use std::io::{self, Write};
use std::process::ExitCode;

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

/// What `find` prints, and how.
pub struct Settings {
    pub format: Format,
    pub offsets: Offsets,
    pub count: bool,
    pub unique: bool,
    pub host_report: bool,
    pub color: bool,
}

/// The result of one chunk.
struct Found {
    out: Vec<u8>,
    links: u64,
    hrefs: Vec<String>,
}

const MAGENTA: &str = "\x1b[35m";
const GREEN: &str = "\x1b[32m";
const BOLD_RED: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

impl crate::pipeline::Weight for Found {
    fn weight(&self) -> usize {
        self.out.capacity() + self.hrefs.iter().map(String::capacity).sum::<usize>()
    }
}

/// Formats the links of one chunk.
fn process(finder: &LinkFinder, settings: &Settings, file: &str, text: &str, start: Position) -> Found {
    let mut found = Found { out: Vec::new(), links: 0, hrefs: Vec::new() };
    let unit = settings.offsets.index();
    let mut conv = OffsetConverter::new(text, settings.offsets.unit());
    let base = start.units()[unit];
    let (mut line, mut line_start, mut cursor) = (start.line, start.line_start[unit], 0);
    let mut file_json = b"{\"file\":".to_vec();
    json_string(&mut file_json, file);
    let out = &mut found.out;
    for link in finder.links(text) {
        found.links += 1;
        if settings.unique {
            found.hrefs.push(link.href().into_owned());
            continue;
        }
        if settings.count {
            continue;
        }
        if settings.format == Format::Marked {
            out.extend_from_slice(&text.as_bytes()[cursor..link.start()]);
            out.extend_from_slice("⸠".as_bytes());
            out.extend_from_slice(link.as_str().as_bytes());
            out.extend_from_slice("⸡".as_bytes());
            cursor = link.end();
            continue;
        }
        let gap = &text.as_bytes()[cursor..link.start()];
        if let Some(nl) = memchr::memrchr(b'\n', gap) {
            line += memchr::memchr_iter(b'\n', gap).count() as u64;
            line_start = base + conv.convert(cursor + nl + 1) as u64;
        }
        cursor = link.end();
        let (s, e) = (base + conv.convert(link.start()) as u64, base + conv.convert(link.end()) as u64);
        let _ = match settings.format {
            Format::Text if settings.color => writeln!(
                out,
                "{MAGENTA}{file}{RESET}:{GREEN}{line}{RESET}:{}: {BOLD_RED}{}{RESET}",
                s - line_start + 1,
                link.as_str()
            ),
            Format::Text => writeln!(out, "{file}:{line}:{}: {}", s - line_start + 1, link.as_str()),
            Format::Tsv => writeln!(
                out,
                "{}\t{line}\t{s}\t{e}\t{}\t{}\t{}",
                tsv_field(file),
                link.kind().as_str(),
                link.as_str(),
                link.href()
            ),
            Format::Jsonl | Format::Marked => {
                out.extend_from_slice(&file_json);
                for (key, value) in [(&b",\"line\":"[..], line), (b",\"start\":", s), (b",\"end\":", e)] {
                    out.extend_from_slice(key);
                    push_number(out, value);
                }
                out.extend_from_slice(b",\"kind\":\"");
                out.extend_from_slice(link.kind().as_str().as_bytes());
                out.extend_from_slice(b"\",\"text\":");
                json_string(out, link.as_str());
                out.extend_from_slice(b",\"href\":");
                json_string(out, &link.href());
                if settings.host_report {
                    let report = link.host_report();
                    out.extend_from_slice(b",\"host\":");
                    json_string(out, link.host());
                    out.extend_from_slice(b",\"host_ascii\":");
                    match &report.ascii {
                        Some(ascii) => json_string(out, ascii),
                        None => out.extend_from_slice(b"null"),
                    }
                    let suspicious: &[u8] = if report.is_suspicious() { b"true" } else { b"false" };
                    out.extend_from_slice(b",\"suspicious_host\":");
                    out.extend_from_slice(suspicious);
                }
                out.extend_from_slice(b"}\n");
                Ok(())
            }
        };
    }
    if settings.format == Format::Marked && !settings.count && !settings.unique {
        out.extend_from_slice(&text.as_bytes()[cursor..]);
    }
    found
}

/// Appends `n` in decimal.
fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// A file name in a TSV field: tabs, newlines and backslashes escaped.
fn tsv_field(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

/// Appends `s` as a JSON string.
pub fn json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        return;
    }
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1F => b"",
            _ => continue,
        };
        out.extend_from_slice(&s.as_bytes()[last..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.extend_from_slice(escape);
        }
        last = i + 1;
    }
    out.extend_from_slice(&s.as_bytes()[last..]);
    out.push(b'"');
}

/// `linkscan find`.
pub fn run(
    files: Vec<std::ffi::OsString>,
    settings: &Settings,
    options: &FinderOptions,
    stream: &StreamOptions,
) -> io::Result<ExitCode> {
    let inputs = crate::inputs(files, &stream.input.walk)?;
    let finder = options.finder()?;
    let progress = crate::progress::Progress::new(&inputs);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (mut failed, mut total, mut per_input) = (false, 0u64, 0u64);
    let mut seen: HashSet<String> = HashSet::new();
    let several = inputs.len() > 1;
    pipeline::run(
        &inputs,
        stream.jobs(),
        (stream.input.lossy, settings.offsets != Offsets::Bytes, stream.input.binary),
        |input, text, start| process(&finder, settings, &inputs[input].display, text, start),
        |step| {
            match step {
                Step::Output { output, bytes, .. } => {
                    progress.advance(bytes);
                    total += output.links;
                    per_input += output.links;
                    if settings.unique {
                        for href in output.hrefs {
                            if !seen.contains(&href) {
                                writeln!(out, "{href}")?;
                                seen.insert(href);
                            }
                        }
                    } else {
                        out.write_all(&output.out)?;
                    }
                }
                Step::Error { input, message } => {
                    crate::report(&mut out, &inputs[input], &message)?;
                    failed = true;
                }
                Step::Idle => out.flush()?,
                Step::Skipped { input, message } => {
                    out.flush()?;
                    eprintln!("linkscan: {}: {message}", inputs[input].display);
                }
                Step::End { input } => {
                    if settings.count && !settings.unique {
                        if several {
                            writeln!(out, "{}:{per_input}", inputs[input].display)?;
                        } else {
                            writeln!(out, "{per_input}")?;
                        }
                    }
                    per_input = 0;
                }
            }
            Ok(())
        },
    )
    .map_err(crate::output_error)?;
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

#[cfg(test)]
mod tests {
    use super::json_string;

    #[test]
    fn json_strings_are_escaped() {
        let mut out = Vec::new();
        json_string(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(String::from_utf8(out).unwrap(), "\"a\\\"b\\\\c\\n\\u0001é\"");
    }
}
