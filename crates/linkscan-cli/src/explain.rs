//! `linkscan explain`: each candidate the scan of a text considers, with
//! the rules that decided it ([`linkscan::LinkFinder::explain`]).

use crate::find::{BOLD_RED, GREEN, MAGENTA, RESET, json_string};
use crate::options::{Color, FinderOptions};
use clap::{Args, ValueEnum};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The most text read from a file or standard input: explaining is for a
/// text that surprised someone, not for a corpus.
const MAX_TEXT: u64 = 1 << 24;

/// `explain`'s own options.
#[derive(Args, Debug)]
pub struct Settings {
    /// Read the text from this file (`-`: standard input) instead of the
    /// arguments.
    #[arg(short = 'f', long = "file", value_name = "FILE", conflicts_with = "texts")]
    pub file: Option<std::path::PathBuf>,
    /// text: a candidate a line and its decisions indented under it;
    /// jsonl: a JSON object a candidate.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Colour the text format (auto: on a terminal, unless NO_COLOR is set
    /// or CLICOLOR=0; CLICOLOR_FORCE forces it).
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

/// How candidates are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Jsonl,
}

/// Explains each text (the arguments, joined by spaces as one text; else
/// the file or standard input). Exit 0 if a link was found, 1 if not.
pub fn run(texts: Vec<String>, settings: &Settings, options: &FinderOptions) -> io::Result<ExitCode> {
    let finder = options.finder()?;
    let text = match (&settings.file, texts.is_empty()) {
        (Some(path), _) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path).map_err(|e| in_input(e, &path.display()))?;
            read_text(file).map_err(|e| in_input(e, &path.display()))?
        }
        (Some(_), _) | (None, true) => {
            read_text(io::stdin().lock()).map_err(|e| in_input(e, &"standard input"))?
        }
        (None, false) => texts.join(" "),
    };
    let candidates = finder.explain(&text);
    let colour = settings.color.enabled();
    let stdout: Box<dyn Write> = match settings.color.choice() {
        anstream::ColorChoice::Never => Box::new(io::stdout().lock()),
        choice => Box::new(anstream::AutoStream::new(io::stdout().lock(), choice)),
    };
    let mut out = io::BufWriter::new(stdout);
    let mut buf = Vec::new();
    for candidate in &candidates {
        buf.clear();
        match settings.format {
            Format::Text => text_lines(&mut buf, &text, candidate, colour),
            Format::Jsonl => json_line(&mut buf, &text, candidate),
        }
        out.write_all(&buf).map_err(crate::output_error)?;
    }
    out.flush().map_err(crate::output_error)?;
    let found = candidates.iter().any(|c| c.link.is_some());
    Ok(if found { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `e` said with the input it came from.
fn in_input(e: io::Error, input: &dyn std::fmt::Display) -> io::Error {
    io::Error::new(e.kind(), format!("{input}: {e}"))
}

/// A whole text of at most [`MAX_TEXT`] bytes, UTF-8 (or UTF-16 with a
/// byte-order mark, as the other commands read it). Invalid UTF-8 is an
/// error that says where: the offsets explained are the text's own.
fn read_text(input: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    input.take(MAX_TEXT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT {
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("longer than {MAX_TEXT} bytes")));
    }
    String::from_utf8(crate::utf16::whole(bytes)?).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        io::Error::new(io::ErrorKind::InvalidData, format!("invalid UTF-8 at byte {at}"))
    })
}

/// A text's bytes as a quoted string, control characters escaped.
fn quoted(s: &str) -> String {
    format!("{s:?}")
}

/// The text format: `link START-END "TEXT" → HREF` or `no link START-END
/// "TEXT"`, then one line a decision: its rule id, bytes, reason and
/// reference.
fn text_lines(out: &mut Vec<u8>, text: &str, candidate: &linkscan::explain::Candidate<'_>, colour: bool) {
    let range = candidate.range();
    let paint = |style: &'static str| if colour { (style, RESET) } else { ("", "") };
    let shown = quoted(&text[range.clone()]);
    let _ = match &candidate.link {
        Some(link) => {
            let (g, r) = paint(GREEN);
            writeln!(out, "{g}link{r} {}-{} {shown} → {}", range.start, range.end, link.href())
        }
        None => {
            let (b, r) = paint(BOLD_RED);
            writeln!(out, "{b}no link{r} {}-{} {shown}", range.start, range.end)
        }
    };
    for decision in &candidate.decisions {
        let about = decision.rule.about();
        let (m, r) = paint(MAGENTA);
        let at = &decision.range;
        let _ = writeln!(
            out,
            "  {m}{}{r} {}-{} {}: {} ({})",
            about.id,
            at.start,
            at.end,
            quoted(&text[at.clone()]),
            about.reason,
            about.reference
        );
    }
}

/// The jsonl format: `{"link": bool, "start", "end", "text", "href"
/// (links), "decisions": [{"rule", "start", "end", "text", "reason",
/// "reference", "refuses"}]}`.
fn json_line(out: &mut Vec<u8>, text: &str, candidate: &linkscan::explain::Candidate<'_>) {
    let range = candidate.range();
    let _ = write!(
        out,
        "{{\"link\":{},\"start\":{},\"end\":{},\"text\":",
        candidate.link.is_some(),
        range.start,
        range.end
    );
    json_string(out, &text[range]);
    if let Some(link) = &candidate.link {
        out.extend_from_slice(b",\"kind\":");
        json_string(out, link.kind().as_str());
        out.extend_from_slice(b",\"href\":");
        json_string(out, &link.href());
    }
    out.extend_from_slice(b",\"decisions\":[");
    for (i, decision) in candidate.decisions.iter().enumerate() {
        let about = decision.rule.about();
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"rule\":");
        json_string(out, about.id);
        let _ = write!(out, ",\"start\":{},\"end\":{},\"text\":", decision.range.start, decision.range.end);
        json_string(out, &text[decision.range.clone()]);
        out.extend_from_slice(b",\"reason\":");
        json_string(out, about.reason);
        out.extend_from_slice(b",\"reference\":");
        json_string(out, about.reference);
        let _ = write!(out, ",\"refuses\":{}}}", about.refuses);
    }
    out.extend_from_slice(b"]}\n");
}
