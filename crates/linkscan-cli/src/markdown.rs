//! `linkscan markdown`: Markdown to HTML with autolinks.

use crate::input::Input;
use crate::options::{Dialect, FinderOptions};
use linkscan::markdown::{Autolinks, gfm_options};
use pulldown_cmark::{Options, Parser, html};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// Reads a whole input as UTF-8.
fn read_whole(input: &Input) -> io::Result<String> {
    let mut bytes = Vec::new();
    input.open()?.reader.read_to_end(&mut bytes)?;
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
        )
    })
}

/// Renders each file (standard input for `-` or none) to standard output.
pub fn run(files: Vec<String>, options: &FinderOptions) -> io::Result<ExitCode> {
    let inputs = crate::inputs(files);
    let finder = options.finder()?;
    let extensions = if options.dialect == Dialect::Gfm { gfm_options() } else { Options::empty() };
    let mut out = io::stdout().lock();
    let mut failed = false;
    for input in &inputs {
        let text = match read_whole(input) {
            Ok(text) => text,
            Err(e) => {
                crate::report(&mut out, input, &e).map_err(crate::output_error)?;
                failed = true;
                continue;
            }
        };
        let mut page = String::with_capacity(text.len() * 3 / 2);
        html::push_html(&mut page, Autolinks::new(Parser::new_ext(&text, extensions), &finder));
        out.write_all(page.as_bytes()).map_err(crate::output_error)?;
    }
    out.flush().map_err(crate::output_error)?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
