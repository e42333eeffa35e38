//! UTS #58 LinkDetectionTest.txt (18.0.0, and 17.0.0 still): every data
//! line is a case.
//! Remove `⸠` `⸡`, detect, put them back around each link, compare.
//! The text is used exactly as read (it holds a ZWNJ and a decomposed `é`).

use crate::{Report, read_data};
use linkscan::{Kinds, LinkFinder, Profile, TldPolicy};

#[path = "../../../linkscan/tests/common/marked.rs"]
mod marked;
pub use marked::marked;

/// The data lines (not empty, not comments), with their line numbers.
pub fn cases(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

/// The one line whose expectation depends on the TLD list: the last label
/// is a well-formed A-label but not an IANA TLD. With `TldPolicy::Any` it
/// is linked (the file's header allows implementations to differ here).
const IANA_ONLY_LINE: usize = 414;

pub fn run(report: &mut Report) {
    for (version, file) in [("18.0.0", "LinkDetectionTest.txt"), ("17.0.0", "17.0.0/LinkDetectionTest.txt")] {
        run_file(report, version, &read_data(file));
    }
}

fn run_file(report: &mut Report, version: &str, text: &str) {
    let cases = cases(text);
    // 344 lines plus one holding a single space.
    assert_eq!(cases.len(), 345, "LinkDetectionTest.txt {version} data lines");
    let iana_lines = read_data("tlds-alpha-by-domain.txt");
    let finders = [
        ("", LinkFinder::new()),
        (
            " (profile strict: the pseudo-code and the reference exactly)",
            LinkFinder::new().profile(Profile::Strict),
        ),
        (
            " (every option set to its default explicitly)",
            LinkFinder::new()
                .kinds(Kinds::ALL)
                .require_scheme(false)
                .tlds(TldPolicy::Iana)
                .default_scheme("https://")
                .ip_hosts(false)
                .strict(false),
        ),
        (" (IP hosts on)", LinkFinder::new().ip_hosts(true)),
        (" (local hosts on)", LinkFinder::new().local_hosts(true)),
        (" (the IANA list as a caller's list)", LinkFinder::new().tlds(TldPolicy::list(iana_lines.lines()))),
    ];
    for (how, finder) in &finders {
        let what = format!("LinkDetectionTest.txt {version}{how}");
        for &(line, expected) in &cases {
            let input = expected.replace(['⸠', '⸡'], "");
            let actual = marked(finder, &input);
            report.case(&what, line, false, actual == expected, || {
                format!("expected {expected}\n      actual   {actual}")
            });
        }
    }
    // Any well-formed TLD: only the A-label line changes.
    let any = LinkFinder::new().tlds(TldPolicy::Any);
    for &(line, expected) in &cases {
        let input = expected.replace(['⸠', '⸡'], "");
        let actual = marked(&any, &input);
        let ok = if line == IANA_ONLY_LINE {
            actual == "Lorem ipsum ⸠موريتانيا.xn-----ctdbabcfhu9c2b9l1acccr4c⸡ dolor sit amet"
        } else {
            actual == expected
        };
        let what = format!("LinkDetectionTest.txt {version} (TldPolicy::Any; line 414 linked)");
        report.case(&what, line, false, ok, || format!("expected {expected}\n      actual   {actual}"));
    }
}
