//! UTS #58 LinkDetectionTest.txt (17.0.0): every data line is a case.
//! Remove `⸠` `⸡`, detect, put them back around each link, compare.
//! The text is used exactly as read (it holds a ZWNJ and a decomposed `é`).

use crate::{Report, read_data};
use linkscan::LinkFinder;

/// The line with `⸠` before and `⸡` after each link `finder` finds.
pub fn marked(finder: &LinkFinder, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut pos = 0;
    for link in finder.links(text) {
        out.push_str(&text[pos..link.start()]);
        out.push('⸠');
        out.push_str(link.as_str());
        out.push('⸡');
        pos = link.end();
    }
    out.push_str(&text[pos..]);
    out
}

/// The data lines (not empty, not comments), with their line numbers.
pub fn cases(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

pub fn run(report: &mut Report) {
    let text = read_data("LinkDetectionTest.txt");
    let cases = cases(&text);
    // 344 lines plus one holding a single space.
    assert_eq!(cases.len(), 345, "LinkDetectionTest.txt 17.0.0 data lines");
    let finder = LinkFinder::new();
    for (line, expected) in cases {
        let input = expected.replace(['⸠', '⸡'], "");
        let actual = marked(&finder, &input);
        report.case("LinkDetectionTest.txt", line, false, actual == expected, || {
            format!("expected {expected}\n      actual   {actual}")
        });
    }
}
