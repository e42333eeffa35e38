//! A progress bar on standard error, shown only when it is a terminal and
//! the input is large (never in pipes or CI).

use crate::input::Input;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// Inputs smaller than this in total get no bar.
const LARGE: u64 = 64 << 20;

pub struct Progress(Option<ProgressBar>);

impl Progress {
    pub fn new(inputs: &[Input]) -> Progress {
        let total: u64 = inputs.iter().filter_map(Input::size).sum();
        if total < LARGE || !std::io::stderr().is_terminal() {
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
