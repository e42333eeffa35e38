//! The `linkscan` command-line tool.

// `unsafe` is used by `input::utf8_string` and `lines::avx2` only.
#![deny(unsafe_code)]

mod explain;
mod find;
mod html;
mod input;
mod lines;
mod markdown;
mod memory;
mod notes;
mod options;
mod pipeline;
mod progress;
mod utf16;
mod walk;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use options::{FinderOptions, StreamOptions};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: memory::Allocator = memory::Allocator;

/// The version line: the tool's version and the data it was built with.
fn version() -> String {
    let (major, minor, update) = linkscan::UNICODE_VERSION;
    format!(
        "{} (UTS #58, Unicode {major}.{minor}.{update}; IANA TLD list {})",
        env!("CARGO_PKG_VERSION"),
        linkscan::TLD_LIST_VERSION
    )
}

/// Find links (URLs and email addresses) in text and Markdown, and format
/// URLs for people to read.
///
/// Exit codes: 0 links found (or none asked for), 1 no link found (find),
/// 2 an error (the other inputs are still processed).
#[derive(Parser)]
#[command(name = "linkscan", about, long_about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Find the links in text files (standard input when no FILE or `-`).
    ///
    /// Inputs are read in chunks cut at white space, which no link contains,
    /// so memory stays bounded whatever the size; a single line with no white
    /// space longer than 16 MiB is cut there, and a link across that cut is
    /// found in pieces. Chunks are processed on several threads (-j); output
    /// keeps the order of the inputs. Offsets count from the start of each
    /// input; LINE is 1-based, COL (text format) 1-based in the --offsets unit.
    #[command(after_help = "Examples:\n  \
        printf 'See www.example.com/αβγ). Or mail アルベルト@example.com.\\n' | linkscan find --format marked\n  \
        → See ⸠www.example.com/αβγ⸡). Or mail ⸠アルベルト@example.com⸡.\n  \
        linkscan find notes.txt                           notes.txt:3:14: https://example.com/x\n  \
        linkscan find --format jsonl --offsets utf16 *.txt > links.jsonl\n  \
        linkscan find --unique --require-scheme mail.txt  distinct hrefs, one per line\n  \
        linkscan find -l -t md .                          the Markdown files that have links\n  \
        linkscan find -o --kinds email . | sort -u        every email address under .\n  \
        linkscan find --count -j 2 big.log")]
    Find {
        /// Files or directories to read (directories are walked as ripgrep
        /// walks them); `-` for standard input, which is also the default
        /// unless it is a terminal (then the current directory is searched).
        files: Vec<std::ffi::OsString>,
        #[command(flatten)]
        settings: find::Settings,
        #[command(flatten)]
        stream: StreamOptions,
        #[command(flatten)]
        options: FinderOptions,
    },
    /// Write text as HTML: escaped, with `<a href>` around each link; or,
    /// with --from html, link the text of HTML.
    ///
    /// hrefs are attribute-escaped and never use the javascript:, data: or
    /// vbscript: schemes. Text streams like `find`. HTML is read whole
    /// (each input up to 256 MiB) and only its text is linked: not
    /// attribute values or comments, nor the text of a, script, style,
    /// textarea, title, svg, math and select elements, nor of those
    /// --skip-tags names; every other byte is kept as it was.
    #[command(after_help = "Examples:\n  \
        printf 'Docs: example.com/a?b=1&c=2 <x@y.org>\\n' | linkscan html\n  \
        → Docs: <a href=\"https://example.com/a?b=1&amp;c=2\">example.com/a?b=1&amp;c=2</a> &lt;<a href=\"mailto:x@y.org\">x@y.org</a>&gt;\n  \
        linkscan html --page --rel 'nofollow noopener' --target _blank chat.log > chat.html\n  \
        printf '<p title=\"a.com\">See b.com/?x&amp;y <code>c.com</code></p>\\n' | linkscan html --from html\n  \
        → <p title=\"a.com\">See <a href=\"https://b.com/?x&amp;y\">b.com/?x&amp;y</a> <code>c.com</code></p>")]
    Html {
        /// Files or directories to read (directories are walked as ripgrep
        /// walks them); `-` for standard input, which is also the default
        /// unless it is a terminal (then the current directory is searched).
        files: Vec<std::ffi::OsString>,
        /// The rel attribute of each link.
        #[arg(long)]
        rel: Option<String>,
        /// The target attribute of each link.
        #[arg(long)]
        target: Option<String>,
        /// The class attribute of each link.
        #[arg(long)]
        class: Option<String>,
        /// Wrap the output in a minimal standalone HTML page (UTF-8), each
        /// input in a <pre>.
        #[arg(long)]
        page: bool,
        /// What the input is: plain text, or HTML whose text is linked.
        #[arg(long, value_enum, default_value_t = html::From::Text)]
        from: html::From,
        /// With --from html: the elements whose text is not linked, besides
        /// those never linked (comma-separated; empty for none).
        #[arg(
            long,
            value_name = "TAGS",
            value_delimiter = ',',
            default_value = "pre,code",
            requires = "from"
        )]
        skip_tags: Vec<String>,
        #[command(flatten)]
        stream: StreamOptions,
        #[command(flatten)]
        options: FinderOptions,
    },
    /// Render Markdown to HTML with autolinks (pulldown-cmark, or comrak).
    ///
    /// With --dialect gfm, GitHub's extensions are on too: tables,
    /// strikethrough, task lists and footnotes. --parser comrak builds
    /// GitHub's blocks exactly (comrak is a port of cmark-gfm) and writes
    /// comrak's HTML; pulldown-cmark is faster. Safe by default, as
    /// cmark-gfm is: raw HTML is written `<!-- raw HTML omitted -->` and a
    /// link or image whose target is a script (javascript:, vbscript:,
    /// data:) gets an empty one; --unsafe keeps both. Each file is read
    /// whole.
    #[command(after_help = "Examples:\n  \
        printf 'Visit www.commonmark.org/a.b.\\n' | linkscan markdown --dialect gfm\n  \
        → <p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n  \
        linkscan markdown --dialect md4c --kinds url,email README.md > README.html")]
    Markdown {
        /// Keep raw HTML and script link targets as written (only for
        /// documents you trust), as cmark-gfm's --unsafe does.
        #[arg(long = "unsafe")]
        allow_unsafe: bool,
        /// The Markdown parser.
        #[arg(long, value_enum, default_value_t)]
        parser: markdown::MarkdownParser,
        /// Markdown files or directories; `-` or none for standard input.
        files: Vec<std::ffi::OsString>,
        #[command(flatten)]
        input: options::InputOptions,
        #[command(flatten)]
        options: FinderOptions,
    },
    /// Explain each link and near-miss in a text: the rules that decided
    /// where a link starts and ends, or why a candidate is no link.
    ///
    /// The text is the arguments (joined by spaces), or --file, or standard
    /// input (at most 16 MiB). Offsets are bytes. Each rule has a stable
    /// id; docs/detection.md lists them all.
    #[command(after_help = "Examples:\n  \
        linkscan explain 'See example.com/a_(b)?. Or example.notatld'\n  \
        → link 4-21 \"example.com/a_(b)\" → https://example.com/a_(b)\n  \
        →   domain 4-15 \"example.com\": starts at its domain's first label: no scheme is written (UTS #58 §3.2)\n  \
        →   …\n  \
        linkscan explain --dialect gfm --format jsonl -f README.md")]
    Explain {
        /// The text to explain (the arguments joined by spaces).
        texts: Vec<String>,
        #[command(flatten)]
        settings: explain::Settings,
        #[command(flatten)]
        options: FinderOptions,
    },
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(after_help = "Examples:\n  \
        linkscan completions bash > ~/.local/share/bash-completion/completions/linkscan\n  \
        linkscan completions zsh > ~/.zfunc/_linkscan\n  \
        linkscan completions fish > ~/.config/fish/completions/linkscan.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff): `linkscan man | man -l -` for the
    /// tool, `linkscan man find` for a command (linkscan-find(1)), with
    /// every option of it.
    Man {
        /// The command whose page to print (find, html, markdown, format,
        /// explain, completions); none: the tool's.
        command: Option<String>,
    },
    /// Print the display form of each URL: readable, minimally escaped (UTS #58 §4).
    ///
    /// Percent-escapes of UTF-8 in the path, query and fragment are decoded
    /// unless they stand for syntax; what would end a detected link early
    /// (spaces, unmatched brackets, a final `.`) stays escaped. The scheme is
    /// printed as given; a host's A-labels (xn--…) in Unicode where that is
    /// safe (valid, no mixing of scripts as homographs do).
    #[command(after_help = "Examples:\n  \
        linkscan format 'https://ja.wikipedia.org/wiki/%E3%82%A2%E3%83%AB%E3%83%99%E3%83%AB%E3%83%88'\n  \
        → https://ja.wikipedia.org/wiki/アルベルト\n  \
        linkscan format 'https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6.'\n  \
        → https://example.com/αβγ/δ.εζ%2E\n  \
        linkscan format --email 'john doe@example.com'\n  \
        → \"john doe\"@example.com\n  \
        linkscan format 'https://xn--fsqu00a.xn--fiqs8s/'\n  \
        → https://例子.中国/\n  \
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

/// The inputs named on the command line (see [`walk::inputs`]).
pub fn inputs(files: Vec<std::ffi::OsString>, walk: &walk::WalkOptions) -> io::Result<walk::Inputs> {
    walk::inputs(files, walk).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
}

/// Reports on standard error that `input` cannot be read (any further),
/// after flushing what was written for the inputs before it.
pub fn report(out: &mut impl Write, input: &input::Input, message: &dyn std::fmt::Display) -> io::Result<()> {
    out.flush()?;
    notes::note(&input.display, message);
    Ok(())
}

/// An error writing standard output, said as such.
pub fn output_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("writing standard output: {e}"))
}

// A standard output closed by the caller (`>&-`) is not told apart from
// `/dev/null`: the Rust runtime opens `/dev/null` read-write in its place,
// exactly as Python's `subprocess.DEVNULL` and Rust's `Stdio::null()` hand
// it over, so output then goes nowhere, as it does with ripgrep.
fn main() -> ExitCode {
    let matches = match Cli::command().version(version()).try_get_matches() {
        Ok(matches) => matches,
        // --help and --version: their output can fail like any other.
        Err(e) if !e.use_stderr() => {
            return match e.print().and_then(|()| io::stdout().flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // `linkscan find --help | head -1`: stop quietly, as output does.
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    notes::last_word(&output_error(e));
                    ExitCode::from(2)
                }
            };
        }
        Err(e) => e.exit(),
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let walk = match &cli.command {
        Command::Find { stream, .. } | Command::Html { stream, .. } => Some(&stream.input.walk),
        Command::Markdown { input, .. } => Some(&input.walk),
        _ => None,
    };
    if walk.is_some_and(|walk| walk.type_list) {
        return match walk::print_type_list(&mut io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                notes::last_word(&output_error(e));
                ExitCode::from(2)
            }
        };
    }
    let result = match cli.command {
        Command::Find { files, settings, stream, options } => find::run(files, &settings, &options, &stream),
        Command::Html { files, rel, target, class, page, from, skip_tags, stream, options } => {
            let settings = html::Settings { rel, target, class, page, from, skip_tags };
            html::run(files, &settings, &options, &stream)
        }
        Command::Markdown { allow_unsafe, parser, files, input, options } => {
            markdown::run(files, &input, &options, allow_unsafe, parser)
        }
        Command::Format { urls, email } => format(urls, email),
        Command::Explain { texts, settings, options } => explain::run(texts, &settings, &options),
        Command::Completions { shell } => {
            // (Made in memory first: `generate` panics when writing fails,
            // `> /dev/full` say; writing it here is an error like any other.)
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "linkscan", &mut script);
            let mut out = io::stdout().lock();
            out.write_all(&script)
                .and_then(|()| out.flush())
                .map_err(output_error)
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Man { command } => man(command.as_deref()),
    };
    match result {
        // A note that standard error did not take: the run went on, and
        // says by its exit code that something was not said.
        Ok(_) if notes::lost() => ExitCode::from(2),
        Ok(code) => code,
        // `linkscan … | head` closes the pipe: stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            notes::last_word(&e);
            ExitCode::from(2)
        }
    }
}

/// `linkscan man [COMMAND]`: the tool's page, or a command's
/// (`linkscan-find`), which the tool's page names.
fn man(command: Option<&str>) -> io::Result<ExitCode> {
    let tool = Cli::command().version(version());
    let page = match command {
        None => tool,
        Some(name) => {
            let Some(sub) = tool.find_subcommand(name) else {
                let names: Vec<_> = tool.get_subcommands().map(|c| c.get_name().to_string()).collect();
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("no command {name:?} (expected one of {})", names.join(", ")),
                ));
            };
            let mut sub = sub.clone().version(version());
            sub = sub.name(format!("linkscan-{name}")).bin_name(format!("linkscan {name}"));
            sub
        }
    };
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page).render(&mut out).and_then(|()| out.flush()).map_err(output_error)?;
    Ok(ExitCode::SUCCESS)
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
                Ok(shown) => writeln!(out, "{shown}").map_err(output_error)?,
                Err(e) => {
                    notes::note(&format_args!("{input:?}"), &e);
                    failed = true;
                }
            }
        } else {
            writeln!(out, "{}", linkscan::format::display_url(input)).map_err(output_error)?;
        }
        Ok(())
    };
    if args.is_empty() {
        // A line at most MAX_LINE bytes long: `format < /dev/zero` is an
        // error, not memory without end.
        const MAX_LINE: usize = 1 << 20;
        let stdin_error = |e: io::Error| io::Error::new(e.kind(), format!("standard input: {e}"));
        let mut stdin = io::stdin().lock();
        let (mut line, mut number) = (Vec::new(), 0u64);
        loop {
            line.clear();
            let read = io::Read::take(&mut stdin, MAX_LINE as u64 + 1).read_until(b'\n', &mut line);
            if read.map_err(stdin_error)? == 0 {
                break;
            }
            number += 1;
            if line.len() > MAX_LINE {
                return Err(stdin_error(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("line {number} is longer than {MAX_LINE} bytes"),
                )));
            }
            let text = std::str::from_utf8(&line).map_err(|e| {
                stdin_error(io::Error::new(io::ErrorKind::InvalidData, format!("line {number}: {e}")))
            })?;
            one(text.trim_end_matches('\n').trim_end_matches('\r'), &mut out)?;
        }
    } else {
        for arg in &args {
            one(arg, &mut out)?;
        }
    }
    out.flush().map_err(output_error)?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
