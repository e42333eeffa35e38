//! `cargo xtask corpus MB`: a reproducible corpus of English-like prose
//! with links (about one in 40 words, of many kinds, some that simple
//! regexes cut wrong), written to standard output. For the CLI benchmark.

use std::io::{self, Write};

const WORDS: &[&str] = &[
    "the", "of", "and", "to", "in", "is", "was", "that", "for", "on", "as", "with", "by", "he", "at", "from",
    "his", "an", "were", "are", "which", "this", "also", "be", "or", "has", "had", "first", "one", "their",
    "its", "new", "after", "who", "they", "have", "her", "she", "two", "been", "other", "when", "there",
    "all", "during", "into", "school", "time", "may", "years", "more", "most", "only", "over", "city",
];

const LINKS: &[&str] = &[
    "https://www.example.com/path/to/page.html",
    "(see https://en.wikipedia.org/wiki/Rust_(programming_language)).",
    "http://docs.rs/memchr/2.7.4/memchr/,",
    "john.doe@example.com",
    "www.rust-lang.org/learn?tab=book#intro",
    "github.com/rust-lang/rust/issues/12345.",
    "https://ja.wikipedia.org/wiki/東京。",
    "<https://example.org/a?b=1&c=2>",
    "アルベルト@example.com",
    "https://例子.中国/路径",
];

pub fn write(megabytes: usize) -> Result<(), String> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let (mut written, mut words) = (0, 0u64);
    let limit = megabytes << 20;
    while written < limit {
        words += 1;
        let r = next();
        let word = if r % 40 == 0 {
            LINKS[(r >> 8) as usize % LINKS.len()]
        } else {
            WORDS[(r >> 8) as usize % WORDS.len()]
        };
        let sep = match (r >> 20) % 16 {
            0 => ". ",
            1 => ", ",
            _ if words % 13 == 0 => "\n",
            _ => " ",
        };
        out.write_all(word.as_bytes())
            .and_then(|_| out.write_all(sep.as_bytes()))
            .map_err(|e| e.to_string())?;
        written += word.len() + sep.len();
    }
    out.flush().map_err(|e| e.to_string())
}
