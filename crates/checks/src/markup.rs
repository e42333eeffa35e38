//! Generated markup-heavy Markdown and the comparison of autolinks, shared
//! by the differential tests against cmark-gfm and md4c.

pub use crate::corpora::Rng;

/// Links as (href, text), in order.
pub type Links = Vec<(String, String)>;

/// Runs `command` with `input` on its standard input; its standard output.
pub fn output_of(command: &mut std::process::Command, input: &str) -> Vec<u8> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("the program runs");
    let mut stdin = child.stdin.take().expect("its standard input");
    let input = input.to_string();
    // Written from another thread: a large input would fill the pipe while
    // the program's output fills the other.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("its output");
    writer.join().expect("the writer").expect("writing its input");
    assert!(output.status.success(), "{command:?} failed");
    output.stdout
}

/// The links of `with` that are not in `without`: each link of `without`
/// is matched, in order, with the next equal link of `with` (a link that
/// an autolink swallowed is missing from `with`).
pub fn added(with: Links, without: &Links) -> Links {
    let mut rest = &without[..];
    with.into_iter()
        .filter(|link| match rest.iter().position(|l| l == link) {
            Some(i) => {
                rest = &rest[i + 1..];
                false
            }
            None => true,
        })
        .collect()
}

pub fn autolinks_per_block(with: Vec<Links>, without: Vec<Links>) -> Vec<Links> {
    assert_eq!(with.len(), without.len(), "the same blocks with and without autolinks");
    with.into_iter().zip(&without).map(|(w, wo)| added(w, wo)).collect()
}

const URLS: &[&str] = &[
    "https://a.com/x",
    "http://b.org/p_q_r",
    "https://c.io/src/__init__.py",
    "www.d.net/a*b*c",
    "www.e.com",
    "ftp://f.org/x~y~",
    "http://g.com/a(b)c",
    "https://h.org/?q=1&copy;",
    "www.i.com/a\\.",
    "https://j.com/`k`",
    "mailto:u@k.org",
    "v@l.org",
    "HTTP://M.COM/Y",
    "xhttp://n.com",
    "www.o_p.com",
    "https://q.com/x]",
    "www.r.com/_s_",
    "https://t.com/**u**",
];

const MARKUP: &[&str] = &[
    "_",
    "*",
    "**",
    "~~",
    "~",
    "`",
    "[",
    "]",
    "(",
    ")",
    "![",
    "&copy;",
    "&amp;",
    "&#x3A;",
    "\\",
    "\\*",
    "\\_",
    "\\[",
    "<b>",
    "</b>",
    "<http://w.com>",
    "<x@y.org>",
    "[z](http://v.com)",
    "](w)",
    ".",
    ",",
    ":",
    ";",
    "!",
    "?",
    "'",
    "\"",
    "<",
    ">",
    "|",
];

const WORDS: &[&str] = &["see", "a", "the", "x", "www", "http", "com", "é", "日本"];

/// One generated paragraph: URLs, markup and words, glued or spaced, on
/// one line or several (a soft or hard break, then a word that cannot
/// start a block), a quarter of them in a block quote.
pub fn case(rng: &mut Rng) -> String {
    let mut paragraph = String::from("x ");
    for _ in 0..3 + rng.next_u64() % 10 {
        let token = match rng.next_u64() % 20 {
            0..=7 => rng.pick(URLS),
            8..=15 => rng.pick(MARKUP),
            16..=18 => rng.pick(WORDS),
            _ => rng.pick(&["\ny ", "\\\ny ", "  \ny "]),
        };
        paragraph.push_str(token);
        if rng.next_u64() % 5 < 3 {
            paragraph.push(' ');
        }
    }
    if rng.next_u64().is_multiple_of(4) {
        let quote = rng.pick(&["> ", ">"]);
        paragraph = paragraph.lines().map(|line| format!("{quote}{line}")).collect::<Vec<_>>().join("\n");
    }
    paragraph
}
