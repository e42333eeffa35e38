//! Conformance: every example of every conformance file is a case. Prints
//! the pass counts per file and fails if any case fails.
//!
//! Known errata of the data (and, for the Markdown suites, renderer-only
//! differences) are listed in each file's module by line, with the reason;
//! for them the test asserts what the specification gives (or compares the
//! links and text).

mod detection;
mod formatting;
mod html_normalize;
mod markdown;
#[path = "../../../linkscan/tests/common/percent.rs"]
mod percent;

use std::collections::BTreeMap;
use std::process::ExitCode;

/// Reads a file from the repository's `data/` directory.
pub fn read_data(name: &str) -> String {
    read_repo(&format!("data/{name}"))
}

/// Reads a file by its path from the top of the repository.
pub fn read_repo(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    std::fs::read_to_string(format!("{root}{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[derive(Default)]
struct Counts {
    pass: usize,
    errata: usize,
    fail: usize,
}

/// Pass counts per file (or per file and way of running it), and failures.
#[derive(Default)]
pub struct Report {
    counts: BTreeMap<String, Counts>,
    failures: Vec<String>,
}

impl Report {
    /// Records one case. `erratum`: the expectation is the corrected one.
    pub fn case(
        &mut self,
        what: &str,
        line: usize,
        erratum: bool,
        ok: bool,
        detail: impl FnOnce() -> String,
    ) {
        let counts = self.counts.entry(what.to_string()).or_default();
        match (ok, erratum) {
            (true, false) => counts.pass += 1,
            (true, true) => counts.errata += 1,
            (false, _) => {
                counts.fail += 1;
                self.failures.push(format!("FAIL {what} line {line}:\n      {}", detail()));
            }
        }
    }
}

fn main() -> ExitCode {
    let mut report = Report::default();
    detection::run(&mut report);
    formatting::run(&mut report);
    markdown::run(&mut report);

    for failure in &report.failures {
        println!("{failure}");
    }
    println!("\nconformance:");
    let (mut passed, mut failed) = (0, 0);
    for (what, c) in &report.counts {
        println!(
            "  {what}: {} of {} pass ({} as written, {} listed exceptions), {} fail",
            c.pass + c.errata,
            c.pass + c.errata + c.fail,
            c.pass,
            c.errata,
            c.fail
        );
        passed += c.pass + c.errata;
        failed += c.fail;
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
