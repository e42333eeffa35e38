//! `linkscan html`: text to HTML with links, streamed; or the text of HTML
//! linked, a document at a time.

use crate::input::Reading;
use crate::options::{FinderOptions, StreamOptions};
use crate::pipeline::{self, Result as Step};
use linkscan::LinkFinder;
use linkscan::html::{FragmentOptions, HtmlOptions, escape_html, linkify_fragment, linkify_with};
use std::io::{self, Write};
use std::process::ExitCode;

/// What `html` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum From {
    /// Plain text, escaped.
    Text,
    /// HTML: its text is linked, every other byte kept.
    Html,
}

/// Attributes, page wrapping and input kind for `html`.
pub struct Settings {
    pub rel: Option<String>,
    pub target: Option<String>,
    pub class: Option<String>,
    pub page: bool,
    pub from: From,
    pub skip_tags: Vec<String>,
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
    if settings.from == From::Html {
        if settings.page {
            let message = "--page: the input is a page already (--from html)";
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        return linkify_documents(inputs, settings, attrs, &finder, stream);
    }
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
        Reading {
            utf8: stream.input.utf8(),
            count_units: false,
            count_lines: false,
            search_binary: stream.input.binary,
            wrapped_urls: finder.joins_wrapped_urls(),
        },
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
                        crate::notes::note(&input.display, &message);
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

/// `html --from html`: each input read whole, its text linked.
fn linkify_documents(
    inputs: crate::walk::Inputs,
    settings: &Settings,
    attributes: HtmlOptions<'_>,
    finder: &LinkFinder,
    stream: &StreamOptions,
) -> io::Result<ExitCode> {
    let skip_tags: Vec<&str> =
        settings.skip_tags.iter().map(String::as_str).filter(|t| !t.is_empty()).collect();
    let mut options = FragmentOptions::new();
    options.attributes = attributes;
    options.skip_tags = &skip_tags;
    crate::markdown::render_each(inputs, &stream.input, |html| linkify_fragment(html, finder, &options))
}
