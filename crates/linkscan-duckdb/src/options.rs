//! `linkscan_links`' options: `key=value` pairs separated by white space
//! (`'dialect=gfm kinds=url,email'`), each set by the library's
//! [`FinderOptions::set`] (the keys those of the Python `Finder`).

use linkscan::{Dialect, FinderOptions, LinkFinder};

/// The finder `options` describe, or why not (naming the option).
pub(crate) fn finder(options: &str) -> Result<LinkFinder, String> {
    let mut finder_options = FinderOptions::new(Dialect::Uts58);
    for pair in options.split_whitespace() {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            format!("linkscan: {pair:?} is not key=value (as in 'dialect=gfm kinds=email')")
        })?;
        finder_options.set(key, value).map_err(|e| format!("linkscan: {e}"))?;
    }
    finder_options.finder().map_err(|e| format!("linkscan: {e}"))
}
