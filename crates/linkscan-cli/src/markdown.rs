//! `linkscan markdown`: Markdown to HTML with autolinks.

use crate::find::read_input;
use crate::options::{Dialect, FinderOptions};
use linkscan::markdown::Autolinks;
use pulldown_cmark::{Options, Parser, html};
use std::io::{self, Write};
use std::process::ExitCode;

/// Renders each file (standard input for `-` or none) to standard output.
pub fn run(mut files: Vec<String>, options: &FinderOptions) -> io::Result<ExitCode> {
    if files.is_empty() {
        files.push("-".into());
    }
    let finder = options.finder()?;
    let extensions = if options.dialect == Dialect::Gfm {
        Options::ENABLE_TABLES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_FOOTNOTES
    } else {
        Options::empty()
    };
    let mut out = io::stdout().lock();
    let mut failed = false;
    for name in &files {
        let text = match read_input(name) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("linkscan: {name}: {e}");
                failed = true;
                continue;
            }
        };
        let mut page = String::with_capacity(text.len() * 3 / 2);
        html::push_html(&mut page, Autolinks::new(Parser::new_ext(&text, extensions), &finder));
        out.write_all(page.as_bytes())?;
    }
    out.flush()?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
