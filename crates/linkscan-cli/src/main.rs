//! The `linkscan` command-line tool.

mod find;
mod markdown;
mod options;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use options::FinderOptions;
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
        #[arg(long, value_enum, default_value_t = find::Format::Jsonl)]
        format: find::Format,
        #[command(flatten)]
        options: FinderOptions,
    },
    /// Render Markdown to HTML with autolinks (pulldown-cmark).
    ///
    /// With --dialect gfm, GitHub's extensions are on too: tables,
    /// strikethrough, task lists and footnotes. Raw HTML in the input is
    /// passed through, as CommonMark specifies. Each file is read whole.
    #[command(after_help = "Examples:\n  \
        printf 'Visit www.commonmark.org/a.b.\\n' | linkscan markdown --dialect gfm\n  \
        → <p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n  \
        linkscan markdown --dialect md4c --kinds url,email README.md > README.html")]
    Markdown {
        /// Markdown files; `-` or none for standard input.
        files: Vec<String>,
        #[command(flatten)]
        options: FinderOptions,
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

fn main() -> ExitCode {
    let matches = Cli::command().version(version()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Format { urls, email } => format(urls, email),
        Command::Find { files, format, options } => find::run(files, format, &options),
        Command::Markdown { files, options } => markdown::run(files, &options),
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
