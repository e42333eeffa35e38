//! Notes on standard error — an input skipped or unreadable, an error —
//! written from this one place. Writing them can fail (standard error
//! closed or full): that is an error that ends the run with exit code 2,
//! never a panic.

use std::fmt::Display;
use std::io::{self, Write};

/// Writes `linkscan: {what}: {message}` and a newline on standard error.
pub fn note(what: &dyn Display, message: &dyn Display) -> io::Result<()> {
    writeln!(io::stderr().lock(), "linkscan: {what}: {message}")
        .map_err(|e| io::Error::new(e.kind(), format!("writing standard error: {e}")))
}

/// The last word of a run that failed: written if standard error takes it
/// (there is no one left to tell if it does not).
pub fn last_word(message: &dyn Display) {
    let _ = writeln!(io::stderr().lock(), "linkscan: {message}");
}
