//! `linkscan markdown`: Markdown to HTML with autolinks.

use crate::input::Input;
use crate::options::{FinderOptions, InputOptions};
use linkscan::LinkFinder;
use linkscan::markdown::{DocumentLinkKind, MarkdownAutolinks};
use pulldown_cmark::html;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// What reading a whole input gives.
pub(crate) enum Whole {
    Text(String),
    /// Not read, for this reason: a binary file, or invalid UTF-8 in a
    /// file found by walking.
    Skipped(String),
}

/// The largest document read whole, Markdown or HTML (`markdown
/// /dev/zero` is an error, not memory without end).
const MAX_DOCUMENT: u64 = 256 << 20;

/// Reads a whole input as UTF-8 (invalid UTF-8 replaced with `lossy`, and
/// in a binary file searched with `-a`); a binary file is skipped unless
/// `binary`.
pub(crate) fn read_whole(input: &Input, options: &InputOptions) -> io::Result<Whole> {
    let mut bytes = Vec::new();
    input.open()?.reader.take(MAX_DOCUMENT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_DOCUMENT {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB: a document is read whole", MAX_DOCUMENT >> 20),
        ));
    }
    // A file that starts with a UTF-16 byte-order mark: its text.
    let bytes = crate::utf16::whole(bytes)?;
    let is_binary = crate::input::is_binary(&bytes);
    if is_binary && !options.binary {
        return Ok(Whole::Skipped(crate::input::BINARY_SKIPPED.into()));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Whole::Text(text)),
        Err(e) if options.lossy || is_binary => {
            Ok(Whole::Text(String::from_utf8_lossy(e.as_bytes()).into_owned()))
        }
        Err(e) if input.walked => Ok(Whole::Text(crate::input::invalid_as_spaces(e.into_bytes()))),
        Err(e) if !options.strict_utf8 => {
            let note = crate::input::invalid_utf8_note(e.utf8_error().valid_up_to() as u64);
            if !options.no_messages {
                crate::notes::note(&input.display, &note);
            }
            Ok(Whole::Text(crate::input::invalid_as_spaces(e.into_bytes())))
        }
        Err(e) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            crate::input::invalid_utf8_error(e.utf8_error().valid_up_to() as u64),
        )),
    }
}

/// The Markdown parser that builds a document's blocks and inlines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum MarkdownParser {
    /// pulldown-cmark: the fastest.
    #[default]
    PulldownCmark,
    /// comrak, a port of cmark-gfm: GitHub's blocks exactly (footnotes,
    /// task lists, tables, HTML blocks), its HTML.
    Comrak,
}

/// Renders each input to standard output with `parser`; safe unless
/// `allow_unsafe`.
pub fn run(
    files: Vec<std::ffi::OsString>,
    input_options: &InputOptions,
    options: &FinderOptions,
    allow_unsafe: bool,
    parser: MarkdownParser,
) -> io::Result<ExitCode> {
    let inputs = crate::inputs(files, &input_options.walk)?;
    let finder = options.finder()?;
    let extensions = linkscan::markdown::options_for(&finder);
    let comrak_options = linkscan::comrak::options_for(&finder, allow_unsafe);
    render_each(inputs, input_options, |text| match parser {
        MarkdownParser::PulldownCmark => {
            let mut page = String::with_capacity(text.len() * 3 / 2);
            let events = MarkdownAutolinks::new(text, extensions, &finder).allow_unsafe(allow_unsafe);
            html::push_html(&mut page, events);
            page
        }
        MarkdownParser::Comrak => linkscan::comrak::markdown_to_html(text, &comrak_options, &finder),
    })
}

/// A link of a document parsed by comrak: its kind, text, destination and
/// source range. (comrak keeps no reference definitions: none is listed.)
pub(crate) struct ComrakLink {
    pub kind: DocumentLinkKind,
    pub text: String,
    pub destination: String,
    pub range: std::ops::Range<usize>,
}

/// Every link and image of `text` parsed by comrak with `finder`'s
/// dialect, with linkscan's autolinks, in source order.
pub(crate) fn comrak_links(text: &str, finder: &LinkFinder) -> Vec<ComrakLink> {
    use comrak::nodes::NodeValue;
    let options = linkscan::comrak::options_for(finder, false);
    let arena = comrak::Arena::new();
    let root = comrak::parse_document(&arena, text, &options);
    linkscan::comrak::autolink(&arena, root, text, &options, finder);
    let positions = linkscan::comrak::SourcePositions::new(text, &options);
    let mut links = Vec::new();
    for node in root.descendants() {
        let data = node.data();
        let (NodeValue::Link(link) | NodeValue::Image(link)) = &data.value else { continue };
        let Some(range) = positions.range(text, &data.sourcepos) else { continue };
        let source = &text[range.clone()];
        let kind = if matches!(data.value, NodeValue::Image(_)) {
            DocumentLinkKind::Image
        } else if source.starts_with('<') {
            DocumentLinkKind::Autolink
        } else if !source.starts_with('[') {
            DocumentLinkKind::Literal
        } else if source.ends_with(')') {
            DocumentLinkKind::Inline
        } else {
            DocumentLinkKind::Reference
        };
        let mut link_text = String::new();
        for d in node.descendants().skip(1) {
            match &d.data().value {
                NodeValue::Text(t) => link_text.push_str(t),
                NodeValue::Code(c) => link_text.push_str(&c.literal),
                _ => {}
            }
        }
        links.push(ComrakLink { kind, text: link_text, destination: link.url.clone(), range });
    }
    links.sort_by_key(|link| link.range.start);
    links
}

/// Reads each input whole and writes what `render` makes of it to standard
/// output: a note for a file skipped (unless walked), a report for one that
/// cannot be read (exit 2 at the end), as `markdown` and `html --from
/// html` do.
pub(crate) fn render_each(
    inputs: impl Iterator<Item = Input>,
    options: &InputOptions,
    mut render: impl FnMut(&str) -> String,
) -> io::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut failed = false;
    for input in inputs {
        let text = match read_whole(&input, options) {
            Ok(Whole::Text(text)) => text,
            Ok(Whole::Skipped(why)) => {
                if !input.walked && !options.no_messages {
                    out.flush().map_err(crate::output_error)?;
                    crate::notes::note(&input.display, &why);
                }
                continue;
            }
            Err(e) => {
                if !options.no_messages {
                    crate::report(&mut out, &input, &e)?;
                }
                failed = true;
                continue;
            }
        };
        out.write_all(render(&text).as_bytes()).map_err(crate::output_error)?;
    }
    out.flush().map_err(crate::output_error)?;
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
