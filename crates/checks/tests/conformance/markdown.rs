//! The GFM and MD4C autolink suites, through pulldown-cmark, the
//! `Autolinks` adapter and pulldown-cmark's HTML writer. HTML is compared
//! after the test runners' normalisation; the examples listed in
//! `RENDERER_ONLY` differ only in how pulldown-cmark renders something that
//! is not an autolink, and for them the links (href and text, in order) and
//! the plain text are compared instead.

use crate::html_normalize::{links_and_text, normalize};
use crate::{Report, read_repo};
use linkscan::markdown::{Autolinks, MarkdownAutolinks, gfm_options};
use linkscan::{Kinds, LinkFinder};
use pulldown_cmark::{Options, Parser, html};

/// Examples (file, line of the opening fence) whose expected HTML differs
/// from pulldown-cmark's only outside autolinks, with the reason.
const RENDERER_ONLY: &[(&str, usize, &str)] = &[(
    "gfm/extensions.txt",
    541,
    "pulldown-cmark writes a `\"` in text as `\"`, cmark-gfm as `&quot;` (the paragraph \
     `\"http://google.com\"`); normalize.py keeps the two apart. The 32 paragraphs' links agree.",
)];

/// One example of a spec-format file.
pub struct Example {
    /// Line of the opening fence.
    pub line: usize,
    /// The current `##` heading.
    pub section: String,
    pub markdown: String,
    pub html: String,
    /// md4c: the command-line flags after a second `.` line.
    pub flags: Vec<String>,
}

const FENCE: &str = "````````````````````````````````";

/// Parses the CommonMark spec-test format (with md4c's optional flags part;
/// fences may be indented; `→` stands for a tab).
pub fn examples(text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        if let Some(heading) = line.strip_prefix('#') {
            section = heading.trim_start_matches('#').trim().to_string();
            continue;
        }
        if !line.trim().strip_prefix(FENCE).is_some_and(|rest| rest.starts_with(" example")) {
            continue;
        }
        let mut parts = vec![String::new()];
        for (_, line) in lines.by_ref() {
            if line.trim() == FENCE {
                break;
            }
            if line.trim() == "." {
                parts.push(String::new());
                continue;
            }
            let part = parts.last_mut().expect("a part");
            part.push_str(&line.replace('→', "\t"));
            part.push('\n');
        }
        let flags =
            parts.get(2).map(|f| f.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        out.push(Example {
            line: n + 1,
            section: section.clone(),
            markdown: parts[0].clone(),
            html: parts.get(1).cloned().unwrap_or_default(),
            flags,
        });
    }
    out
}

/// The kinds md4c's command-line flags turn on.
fn kinds_of(flags: &[String]) -> Kinds {
    flags.iter().fold(Kinds::NONE, |kinds, flag| {
        kinds
            | match flag.as_str() {
                "--fpermissive-url-autolinks" => Kinds::URL,
                "--fpermissive-www-autolinks" => Kinds::WWW,
                "--fpermissive-email-autolinks" => Kinds::EMAIL,
                "--fpermissive-autolinks" => Kinds::ALL,
                _ => Kinds::NONE,
            }
    })
}

/// Renders `markdown` with pulldown-cmark and autolinks from `finder`:
/// `MarkdownAutolinks`, and the event adapter `Autolinks`, which must agree
/// on every example.
pub fn render(markdown: &str, finder: &LinkFinder, gfm_extensions: bool) -> String {
    let options = if gfm_extensions { gfm_options() } else { Options::empty() };
    let mut out = String::new();
    html::push_html(&mut out, MarkdownAutolinks::new(markdown, options, finder));
    let mut events = String::new();
    html::push_html(&mut events, Autolinks::new(Parser::new_ext(markdown, options), finder));
    assert_eq!(out, events, "MarkdownAutolinks and Autolinks differ on {markdown:?}");
    out
}

fn check(report: &mut Report, file: &str, example: &Example, finder: &LinkFinder, gfm_extensions: bool) {
    let actual = render(&example.markdown, finder, gfm_extensions);
    if example.html.trim() == "<IGNORE>" {
        report.case(file, example.line, false, true, String::new);
        return;
    }
    let exact = normalize(&actual) == normalize(&example.html);
    let listed = RENDERER_ONLY.iter().find(|(f, line, _)| *f == file && *line == example.line);
    let ok = match listed {
        // A listed example must still differ (else the listing is stale) and
        // agree on links and plain text.
        Some(_) => !exact && links_and_text(&actual) == links_and_text(&example.html),
        None => exact,
    };
    report.case(file, example.line, listed.is_some(), ok, || {
        format!(
            "{}\n      markdown {:?}\n      expected {}\n      actual   {}",
            if listed.is_some() {
                "listed renderer-only difference: links or text differ, or now identical"
            } else {
                ""
            },
            example.markdown,
            normalize(&example.html),
            normalize(&actual)
        )
    });
}

pub fn run(report: &mut Report) {
    // GFM: the extension's spec section, and the Autolinks and Interop
    // sections of extensions.txt (run with all of cmark-gfm's extensions).
    let gfm = LinkFinder::gfm();
    let file = "gfm/autolinks-extension.txt";
    let all = examples(&read_repo(&format!("tests/data/{file}")));
    assert_eq!(all.len(), 11, "{file}: spec examples 621-631");
    for example in &all {
        check(report, file, example, &gfm, true);
    }
    let file = "gfm/extensions.txt";
    let chosen: Vec<Example> = examples(&read_repo(&format!("tests/data/{file}")))
        .into_iter()
        .filter(|e| e.section == "Autolinks" || e.section == "Interop")
        .collect();
    assert_eq!(chosen.len(), 5, "{file}: 3 Autolinks and 2 Interop examples");
    for example in &chosen {
        check(report, file, example, &gfm, true);
    }
    // MD4C: its spec and regressions, with the flags each example names.
    for file in ["md4c/spec-permissive-autolinks.txt", "md4c/regressions-autolinks.txt"] {
        for example in examples(&read_repo(&format!("tests/data/{file}"))) {
            let finder = LinkFinder::md4c().kinds(kinds_of(&example.flags));
            check(report, file, &example, &finder, false);
        }
    }
    // md4c's older GFM-style tests: the GFM dialect with the kinds named.
    for file in [
        "md4c/legacy/permissive-email-autolinks.txt",
        "md4c/legacy/permissive-url-autolinks.txt",
        "md4c/legacy/permissive-www-autolinks.txt",
    ] {
        for example in examples(&read_repo(&format!("tests/data/{file}"))) {
            let finder = LinkFinder::gfm().kinds(kinds_of(&example.flags));
            check(report, file, &example, &finder, false);
        }
    }
}
