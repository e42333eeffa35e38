//! The `linkscan` command-line tool.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

/// The version line: the tool's version and the data it was built with.
fn version() -> String {
    let (major, minor, update) = linkscan::UNICODE_VERSION;
    format!(
        "{} (UTS #58, Unicode {major}.{minor}.{update}; IANA TLD list {})",
        env!("CARGO_PKG_VERSION"),
        linkscan::TLD_LIST_VERSION
    )
}

/// Find links (URLs and email addresses) in text, and format URLs for people to read.
#[derive(Parser)]
#[command(name = "linkscan", about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Find the links in text files (standard input when no FILE or `-`).
    #[command(after_help = "Examples:\n  \
        printf 'See www.example.com/αβγ). Or mail アルベルト@example.com.\\n' | linkscan find --format marked\n  \
        → See ⸠www.example.com/αβγ⸡). Or mail ⸠アルベルト@example.com⸡.\n  \
        linkscan find --format jsonl notes.txt")]
    Find {
        /// Files to read; `-` or none for standard input.
        files: Vec<String>,
        /// Output format: `jsonl` (one JSON object per link: file, line, start,
        /// end, kind, text, href) or `marked` (the input with ⸠ and ⸡ around
        /// each link, as in LinkDetectionTest.txt).
        #[arg(long, value_enum, default_value_t = FindFormat::Jsonl)]
        format: FindFormat,
    },
    /// Print the display form of each URL: readable, minimally escaped (UTS #58 §4).
    ///
    /// Percent-escapes of UTF-8 in the path, query and fragment are decoded
    /// unless they stand for syntax; what would end a detected link early
    /// (spaces, unmatched brackets, a final `.`) stays escaped. The scheme and
    /// host are printed as given.
    #[command(after_help = "Examples:\n  \
        linkscan format 'https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88'\n  \
        → https://ja.wikipedia.org/wiki/アルベルト\n  \
        linkscan format 'https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6.'\n  \
        → https://example.com/αβγ/δ.εζ%2E\n  \
        linkscan format --email 'john doe@example.com'\n  \
        → \"john doe\"@example.com\n  \
        printf '%s\\n' URL1 URL2 | linkscan format")]
    Format {
        /// URLs to format; read one per line from standard input when none are given.
        urls: Vec<String>,
        /// Treat each argument as an email address and quote its local part
        /// where UTS #58 §5.3 requires it.
        #[arg(long)]
        email: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FindFormat {
    Jsonl,
    Marked,
}

fn main() -> ExitCode {
    let matches = Cli::command().version(version()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Format { urls, email } => format(urls, email),
        Command::Find { files, format } => find(files, format),
    };
    match result {
        Ok(code) => code,
        // `linkscan … | head` closes the pipe: stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("linkscan: {e}");
            ExitCode::from(2)
        }
    }
}

/// `linkscan format`: one display form per input line or argument. An
/// input that cannot be formatted is reported on stderr and the exit code
/// is 2; the others are still printed.
fn format(args: Vec<String>, email: bool) -> io::Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut failed = false;
    let mut one = |input: &str, out: &mut dyn Write| -> io::Result<()> {
        if email {
            match linkscan::format::display_email(input) {
                Ok(shown) => writeln!(out, "{shown}")?,
                Err(e) => {
                    eprintln!("linkscan: {input:?}: {e}");
                    failed = true;
                }
            }
        } else {
            writeln!(out, "{}", linkscan::format::display_url(input))?;
        }
        Ok(())
    };
    if args.is_empty() {
        for line in io::stdin().lock().lines() {
            let line = line.map_err(|e| io::Error::new(e.kind(), format!("standard input: {e}")))?;
            one(line.trim_end_matches('\r'), &mut out)?;
        }
    } else {
        for arg in &args {
            one(arg, &mut out)?;
        }
    }
    out.flush()?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

/// Reads a file, or standard input for `-`.
fn read_input(name: &str) -> io::Result<String> {
    let bytes = if name == "-" {
        let mut buf = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut buf)?;
        buf
    } else {
        std::fs::read(name)?
    };
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
        )
    })
}

/// `linkscan find`.
fn find(mut files: Vec<String>, format: FindFormat) -> io::Result<ExitCode> {
    if files.is_empty() {
        files.push("-".into());
    }
    let finder = linkscan::LinkFinder::new();
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut found, mut failed) = (0usize, false);
    for name in &files {
        let text = match read_input(name) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("linkscan: {name}: {e}");
                failed = true;
                continue;
            }
        };
        let display = if name == "-" { "<stdin>" } else { name.as_str() };
        let mut pos = 0;
        let mut line = 1;
        for link in finder.links(&text) {
            found += 1;
            match format {
                FindFormat::Marked => {
                    out.write_all(&text.as_bytes()[pos..link.start()])?;
                    write!(out, "⸠{}⸡", link.as_str())?;
                }
                FindFormat::Jsonl => {
                    line += text.as_bytes()[pos..link.start()].iter().filter(|&&b| b == b'\n').count();
                    out.write_all(b"{\"file\":")?;
                    json_string(&mut out, display)?;
                    write!(
                        out,
                        ",\"line\":{line},\"start\":{},\"end\":{},\"kind\":\"{}\",\"text\":",
                        link.start(),
                        link.end(),
                        link.kind().as_str()
                    )?;
                    json_string(&mut out, link.as_str())?;
                    out.write_all(b",\"href\":")?;
                    json_string(&mut out, &link.href())?;
                    out.write_all(b"}\n")?;
                }
            }
            pos = link.start();
            if format == FindFormat::Marked {
                pos = link.end();
            }
        }
        if format == FindFormat::Marked {
            out.write_all(&text.as_bytes()[pos..])?;
        }
    }
    out.flush()?;
    Ok(ExitCode::from(if failed {
        2
    } else if found == 0 {
        1
    } else {
        0
    }))
}

/// Writes `s` as a JSON string.
fn json_string(out: &mut impl Write, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
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
        out.write_all(&s.as_bytes()[last..i])?;
        if escape.is_empty() {
            write!(out, "\\u{b:04x}")?;
        } else {
            out.write_all(escape)?;
        }
        last = i + 1;
    }
    out.write_all(&s.as_bytes()[last..])?;
    out.write_all(b"\"")
}
