//! A progress bar on standard error, shown only when it is a terminal,
//! standard output is not, and the input is large (never in pipes or CI).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// Inputs smaller than this in total get no bar.
const LARGE: u64 = 64 << 20;

pub struct Progress(Option<ProgressBar>);

/// Whether a bar is drawn: for large input, on a terminal standard error,
/// and never when standard output is a terminal too — the bar would be
/// drawn into the middle of the results.
fn shown(total: u64, stderr_is_terminal: bool, stdout_is_terminal: bool) -> bool {
    total >= LARGE && stderr_is_terminal && !stdout_is_terminal
}

impl Progress {
    /// A bar for `total` bytes of input (the named files': a walk is not
    /// sized before it is searched).
    pub fn new(total: u64) -> Progress {
        if !shown(total, std::io::stderr().is_terminal(), std::io::stdout().is_terminal()) {
            return Progress(None);
        }
        let bar = ProgressBar::new(total);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
        {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    pub fn advance(&self, bytes: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(bytes);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LARGE, shown};

    #[test]
    fn the_bar_never_draws_into_results() {
        assert!(shown(LARGE, true, false));
        assert!(!shown(LARGE, true, true), "stdout on the same terminal");
        assert!(!shown(LARGE, false, false), "stderr in a pipe or file");
        assert!(!shown(LARGE - 1, true, false), "small input");
    }
}
