//! comrak's options for what `linkscan::markdown::gfm_options` turns on in
//! pulldown-cmark — tables, strikethrough, task lists, footnotes — with its
//! autolink extension on or off (shared by the comrak differential, the
//! Markdown benchmark and the instruction counts).

pub fn comrak_gfm_options(autolink: bool) -> comrak::Options<'static> {
    let mut options = comrak::Options::default();
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.tasklist = true;
    options.extension.footnotes = true;
    options.extension.autolink = autolink;
    options
}
