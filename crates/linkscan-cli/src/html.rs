//! `linkscan html`: text to HTML with links, streamed.

use crate::options::{FinderOptions, StreamOptions};
use crate::pipeline::{self, Result as Step};
use linkscan::html::{HtmlOptions, escape_html, linkify_with};
use std::io::{self, Write};
use std::process::ExitCode;

/// Attributes and page wrapping for `html`.
pub struct Settings {
    pub rel: Option<String>,
    pub target: Option<String>,
    pub class: Option<String>,
    pub page: bool,
}

/// `linkscan html`.
pub fn run(
    files: Vec<std::ffi::OsString>,
    settings: &Settings,
    options: &FinderOptions,
    stream: &StreamOptions,
) -> io::Result<ExitCode> {
    // (The page's title: the names given, not the files a walk finds.)
    let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
    let inputs = crate::inputs(files, &stream.input.walk)?;
    let finder = options.finder()?;
    let mut attrs = HtmlOptions::new();
    attrs.rel = settings.rel.as_deref();
    attrs.target = settings.target.as_deref();
    attrs.class = settings.class.as_deref();
    let progress = crate::progress::Progress::new(inputs.named_size);
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if settings.page {
        let mut title = String::new();
        escape_html(&mut title, &names.join(", "));
        write!(
            out,
            "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n</head>\n<body>\n"
        )?;
    }
    // Whether the input being written has begun its `<pre>`.
    let mut started = false;
    let mut failed = false;
    pipeline::run(
        inputs,
        stream.jobs(),
        (stream.input.lossy, false, stream.input.binary),
        |_, text, _| linkify_with(text, &finder, &attrs),
        |step| {
            match step {
                Step::Output { output, bytes, .. } => {
                    progress.advance(bytes);
                    if settings.page && !started {
                        started = true;
                        out.write_all(b"<pre>")?;
                    }
                    out.write_all(output.as_bytes())?;
                }
                Step::Error { input, message } => {
                    if !stream.input.no_messages {
                        crate::report(&mut out, &input, &message)?;
                    }
                    failed = true;
                }
                Step::Idle => out.flush()?,
                Step::Skipped { input, message } => {
                    if !input.walked && !stream.input.no_messages {
                        out.flush()?;
                        crate::notes::note(&input.display, &message)?;
                    }
                }
                Step::End { .. } => {
                    if settings.page && std::mem::take(&mut started) {
                        out.write_all(b"</pre>\n")?;
                    }
                }
            }
            Ok(())
        },
    )
    .map_err(crate::output_error)?;
    if settings.page {
        out.write_all(b"</body>\n</html>\n")?;
    }
    progress.finish();
    out.flush().map_err(crate::output_error)?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
