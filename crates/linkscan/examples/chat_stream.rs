//! A chat answer arriving a few characters at a time, shown as safe HTML
//! with its links: the code a front-end can copy.
//!
//! What is before the stream's frontier is final: its HTML is appended
//! once and never changes, so a link appears as soon as the white space
//! after it arrives and never flickers. The text after the frontier is
//! shown escaped, as plain text, until it is decided.
//!
//! `cargo run -p linkscan --example chat_stream` prints each step (the
//! final HTML, then the provisional tail in brackets) and checks that the
//! end result is `html::linkify` of the whole answer.

use linkscan::html::{escape_html, is_safe_href, linkify};
use linkscan::{LinkFinder, LinkStream, Profile};

/// One message being rendered as it streams in.
struct Message {
    stream: LinkStream,
    /// The text so far (the stream keeps only its undecided end).
    text: String,
    /// The HTML of the text before the frontier: only ever appended to.
    html: String,
    /// Where the text that `html` covers ends.
    rendered: usize,
}

impl Message {
    fn new(finder: LinkFinder) -> Self {
        Message { stream: LinkStream::new(finder), text: String::new(), html: String::new(), rendered: 0 }
    }

    /// Adds a token; appends the HTML it made final to `html`.
    fn push(&mut self, token: &str) {
        self.text.push_str(token);
        let links: Vec<_> =
            self.stream.feed(token).map(|l| (l.start, l.end, l.link.href().into_owned())).collect();
        self.render(links, self.stream.frontier());
    }

    /// Ends the message.
    fn finish(&mut self) {
        let links: Vec<_> =
            self.stream.finish().map(|l| (l.start, l.end, l.link.href().into_owned())).collect();
        self.render(links, self.text.len());
    }

    /// Appends the text up to `frontier`, with `links`, to `html`.
    fn render(&mut self, links: Vec<(usize, usize, String)>, frontier: usize) {
        for (start, end, href) in links {
            escape_html(&mut self.html, &self.text[self.rendered..start]);
            // (The finder never yields a script target; checked all the same.)
            if is_safe_href(&href) {
                self.html.push_str("<a href=\"");
                escape_html(&mut self.html, &href);
                self.html.push_str("\">");
                escape_html(&mut self.html, &self.text[start..end]);
                self.html.push_str("</a>");
            } else {
                escape_html(&mut self.html, &self.text[start..end]);
            }
            self.rendered = end;
        }
        escape_html(&mut self.html, &self.text[self.rendered..frontier]);
        self.rendered = frontier;
    }

    /// What to show now: the final HTML, then the rest as plain text.
    fn provisional_tail(&self) -> String {
        let mut tail = String::new();
        escape_html(&mut tail, &self.text[self.rendered..]);
        tail
    }
}

fn main() {
    let answer = "Sure! The docs are at https://docs.rs/linkscan/latest/linkscan/ and the \
                  repository's README (see www.example.org/readme.md). For Japanese, try \
                  https://ja.wikipedia.org/wiki/日本（国）。 Questions? Write to アルベルト@example.com, \
                  or <script>alert(1)</script> is shown as text.";
    let finder = LinkFinder::new().profile(Profile::Chat);
    let mut message = Message::new(finder.clone());
    // Tokens of 1 to 10 characters, as a model's output arrives.
    let (mut rest, mut seed) = (answer, 7u64);
    while !rest.is_empty() {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let chars = 1 + (seed >> 60) as usize % 10;
        let len = rest.char_indices().nth(chars).map_or(rest.len(), |(i, _)| i);
        let (token, after) = rest.split_at(len);
        let before = message.html.clone();
        message.push(token);
        // Never a flicker: what was shown as final stays as it was.
        assert!(message.html.starts_with(&before));
        println!("{}[{}]", message.html, message.provisional_tail());
        rest = after;
    }
    message.finish();
    assert_eq!(message.html, linkify(answer, &finder));
    println!("{}", message.html);
}
