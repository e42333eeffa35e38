//! Differential test: the MD4C dialect of `MarkdownAutolinks` against
//! md4c's own `md2html` with `--fpermissive-autolinks` (md4c master
//! `c4be862`), on generated paragraphs: the markup-heavy ones of the
//! cmark-gfm differential, and plain text dense in what md4c's permissive
//! scan reacts to (`%`, backslash escapes, delimiters at every edge).
//!
//! md4c has no release on a package registry that CI reaches, so what
//! `md2html` made of the generated document is recorded in
//! `tests/data/md4c/differential-md2html.txt` (the autolinks of each
//! paragraph) and CI compares against the record. To check the record
//! against md2html itself, or remake it after md4c changes, build md2html
//! from md4c's repository and point `MD2HTML` at it (`MD4C_RECORD=1`
//! rewrites the record):
//!
//! ```sh
//! git clone https://github.com/mity/md4c && cd md4c && git checkout c4be862
//! cc -O2 -Isrc -DMD_VERSION_MAJOR=0 -DMD_VERSION_MINOR=5 -DMD_VERSION_RELEASE=3 \
//!     src/md4c.c src/md4c-html.c src/entity.c md2html/md2html.c md2html/cmdline.c -o /tmp/md2html
//! MD2HTML=/tmp/md2html cargo test -p linkscan-checks --test md4c_differential -- --ignored --nocapture
//! ```

use linkscan::LinkFinder;
use linkscan::markdown::MarkdownAutolinks;
use linkscan_checks::markup::{Links, Rng, autolinks_per_block, case, output_of};
use pulldown_cmark::{Options, Parser, html};
use std::process::Command;

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// The links of each paragraph of HTML: `<a href="…">text</a>`, the text
/// without tags; a paragraph per `<p>`.
fn html_links(html: &str) -> Vec<Links> {
    let mut blocks: Vec<Links> = Vec::new();
    for paragraph in html.split("<p>").skip(1) {
        let mut links = Vec::new();
        let mut rest = paragraph;
        while let Some(at) = rest.find("<a href=\"") {
            rest = &rest[at + 9..];
            let href_end = rest.find('"').expect("the end of href");
            let href = unescape(&rest[..href_end]);
            let text_start = rest.find('>').expect("the end of <a>") + 1;
            let text_end = rest.find("</a>").expect("</a>");
            let mut text = String::new();
            let mut in_tag = false;
            for c in rest[text_start..text_end].chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    _ if !in_tag => text.push(c),
                    _ => {}
                }
            }
            links.push((href, unescape(&text)));
            rest = &rest[text_end..];
        }
        blocks.push(links);
    }
    blocks
}

fn md2html(markdown: &str, permissive: bool) -> Vec<Links> {
    let program =
        std::env::var("MD2HTML").expect("MD2HTML names md4c's md2html (see the file's documentation)");
    let mut command = Command::new(program);
    if permissive {
        command.arg("--fpermissive-autolinks");
    }
    html_links(&String::from_utf8(output_of(&mut command, markdown)).expect("UTF-8 HTML"))
}

fn ours(markdown: &str) -> Vec<Links> {
    let finder = LinkFinder::md4c();
    let mut with = String::new();
    html::push_html(&mut with, MarkdownAutolinks::new(markdown, Options::empty(), &finder));
    let mut without = String::new();
    html::push_html(&mut without, Parser::new(markdown));
    autolinks_per_block(html_links(&with), html_links(&without))
}

/// Plain text dense in what md4c's permissive scan reacts to.
fn dense_case(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "a", "b1", "x", ".", "@", "-", "+", "_", "~", "%", "%20", "/", ":", "?", "#", "=", "&", "(", ")",
        "\\", "\\[", "\\.", "\\_", "\\-", "\\(", "\\{", "\\*", "\\[.", "\\(-", "*", "http://", "https://",
        "www.", "y.n", "c.org", "x@y.n", " ", "!", ",", ";", "'",
    ];
    let n = 2 + rng.next_u64() % 12;
    let text: String = (0..n).map(|_| rng.pick(PIECES)).collect();
    format!("p {}", text.trim_end_matches('\\').trim())
}

/// The generated paragraphs, in the recorded order.
fn generated() -> Vec<String> {
    let mut rng = Rng(0x5eed_cafe_f00d_0001);
    let mut cases: Vec<String> = (0..20_000).map(|_| case(&mut rng)).collect();
    let mut rng = Rng(0x5eed_cafe_f00d_0003);
    cases.extend((0..20_000).map(|_| dense_case(&mut rng)));
    cases
}

const RECORD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/md4c/differential-md2html.txt");

/// The record's form: a line per autolink, `paragraph<TAB>href<TAB>text`,
/// with `\`, tab and line feed escaped as `\\`, `\t` and `\n`.
fn write_record(links: &[Links]) -> String {
    let escape = |s: &str| s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n");
    let mut out = String::from(
        "# The autolinks md4c's md2html (master c4be862, --fpermissive-autolinks) makes in each paragraph\n\
         # of crates/checks/tests/md4c_differential.rs's generated document. Generated; do not edit.\n",
    );
    for (i, paragraph) in links.iter().enumerate() {
        for (href, text) in paragraph {
            out.push_str(&format!("{i}\t{}\t{}\n", escape(href), escape(text)));
        }
    }
    out
}

fn read_record(record: &str, paragraphs: usize) -> Vec<Links> {
    let unescape = |s: &str| {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            match (c, c == '\\') {
                (_, true) => out.push(match chars.next() {
                    Some('t') => '\t',
                    Some('n') => '\n',
                    Some(other) => other,
                    None => '\\',
                }),
                (c, false) => out.push(c),
            }
        }
        out
    };
    let mut links = vec![Links::new(); paragraphs];
    for line in record.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.splitn(3, '\t');
        let (Some(i), Some(href), Some(text)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("a record line without three fields: {line:?}");
        };
        links[i.parse::<usize>().expect("a paragraph number")].push((unescape(href), unescape(text)));
    }
    links
}

/// Compares ours with md4c's autolinks, paragraph by paragraph; every
/// disagreement must have a known cause.
fn compare(cases: &[String], ours: &[Links], theirs: &[Links]) {
    assert_eq!(ours.len(), theirs.len(), "the same paragraphs");
    let differing: Vec<usize> = (0..ours.len()).filter(|&i| ours[i] != theirs[i]).collect();
    let (known, unexplained): (Vec<usize>, Vec<usize>) =
        differing.iter().partition(|&&i| known_cause(&cases[i], &ours[i], &theirs[i]).is_some());
    println!(
        "md4c differential, generated: {} paragraphs, {} agree ({:.2}%); {} with a known cause: {}",
        ours.len(),
        ours.len() - differing.len(),
        (ours.len() - differing.len()) as f64 * 100.0 / ours.len() as f64,
        known.len(),
        known_cause("", &Vec::new(), &vec![("w".into(), String::new())]).unwrap_or_default()
    );
    for &i in unexplained.iter().take(40) {
        println!("  {:?}\n    ours: {:?}\n    md4c: {:?}", cases.get(i), ours[i], theirs[i]);
    }
    assert!(unexplained.is_empty(), "{} disagreements without a known cause", unexplained.len());
    assert!((ours.len() - differing.len()) * 1000 >= ours.len() * 995, "agreement under 99.5%");
}

#[test]
fn md4c_autolinks_agree_with_recorded_md2html() {
    let cases = generated();
    let record = std::fs::read_to_string(RECORD).expect("the md2html record");
    let theirs = read_record(&record, cases.len());
    compare(&cases, &ours(&cases.join("\n\n")), &theirs);
}

#[test]
#[ignore = "needs md4c's md2html: MD2HTML=/path/to/md2html cargo test -p linkscan-checks --test md4c_differential -- --ignored"]
fn md4c_autolinks_agree_with_md2html_and_the_record() {
    let cases = generated();
    let document = cases.join("\n\n");
    let theirs = autolinks_per_block(md2html(&document, true), md2html(&document, false));
    compare(&cases, &ours(&document), &theirs);
    let record = write_record(&theirs);
    if std::env::var_os("MD4C_RECORD").is_some() {
        std::fs::write(RECORD, &record).expect("write the record");
    }
    assert_eq!(
        std::fs::read_to_string(RECORD).ok(),
        Some(record),
        "the record is md2html's (MD4C_RECORD=1 remakes it)"
    );
}

/// The known cause of a disagreement: md4c made links inside a link's
/// text. Its output then holds an `<a>` inside an `<a>` (the generated
/// links all point to `w`), which this comparison reads as a changed link,
/// or md4c's extra links are all inside a `[…](w)` of the case.
fn known_cause(case: &str, ours: &Links, theirs: &Links) -> Option<&'static str> {
    let link_texts: Vec<&str> =
        case.split("](w)").filter_map(|before| before.rfind('[').map(|open| &before[open..])).collect();
    let only_theirs: Vec<_> = theirs.iter().filter(|l| !ours.contains(l)).collect();
    let only_ours = ours.iter().any(|l| !theirs.contains(l));
    let inside_link = !only_theirs.is_empty()
        && !only_ours
        && only_theirs.iter().all(|(_, text)| link_texts.iter().any(|t| t.contains(text.as_str())));
    (theirs.iter().any(|(href, _)| href == "w") || inside_link).then_some(
        "md4c makes permissive autolinks inside a link's text (an <a> in an <a>, which HTML forbids); \
         linkscan, as cmark-gfm, leaves link text alone",
    )
}
