//! Notes on standard error — an input skipped or unreadable, an error —
//! written from this one place. Writing them can fail (standard error
//! closed or full): as grep, the run goes on (results keep coming on
//! standard output) and ends with exit code 2; never a panic.

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a note could not be written.
static LOST: AtomicBool = AtomicBool::new(false);

/// Writes `linkscan: {what}: {message}` and a newline on standard error;
/// if that fails, the run goes on and [`lost`] says so at its end.
pub fn note(what: &dyn Display, message: &dyn Display) {
    if writeln!(io::stderr().lock(), "linkscan: {what}: {message}").is_err() {
        LOST.store(true, Ordering::Relaxed);
    }
}

/// Whether a note could not be written (the run then exits with 2).
pub fn lost() -> bool {
    LOST.load(Ordering::Relaxed)
}

/// The last word of a run that failed: written if standard error takes it
/// (there is no one left to tell if it does not).
pub fn last_word(message: &dyn Display) {
    let _ = writeln!(io::stderr().lock(), "linkscan: {message}");
}
