//! The benchmark corpora, generated with a fixed seed: the same on every
//! run and machine. Used by `benches/find.rs` and, through the `corpora`
//! binary, by the Python package's benchmark.

/// A small deterministic generator (xorshift64*), so corpora (and the
/// differential tests' cases) are the same on every run and machine.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next_u64() % items.len() as u64) as usize]
    }
}

const WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "to",
    "in",
    "is",
    "was",
    "that",
    "for",
    "on",
    "as",
    "with",
    "by",
    "he",
    "at",
    "from",
    "his",
    "an",
    "were",
    "are",
    "which",
    "this",
    "also",
    "be",
    "or",
    "has",
    "had",
    "first",
    "one",
    "their",
    "its",
    "new",
    "after",
    "who",
    "they",
    "have",
    "her",
    "she",
    "two",
    "been",
    "other",
    "when",
    "there",
    "all",
    "during",
    "into",
    "school",
    "time",
    "may",
    "years",
    "more",
    "most",
    "only",
    "over",
    "city",
    "some",
    "world",
    "would",
    "where",
    "later",
    "up",
    "such",
    "used",
    "many",
    "can",
    "state",
    "about",
    "national",
    "out",
    "known",
    "university",
    "united",
    "then",
    "made",
    "government",
    "e.g.",
    "i.e.",
];

const LINKS: &[&str] = &[
    "https://www.example.com/path/to/page.html",
    "example.org",
    "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    "http://docs.rs/memchr/2.7.4/memchr/",
    "john.doe@example.com",
    "www.rust-lang.org/learn?tab=book#intro",
    "github.com/rust-lang/rust/issues/12345",
    "mailto:support@example.net",
];

/// English-like prose; a link after every `link_every` words (0: none).
fn prose(size: usize, link_every: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut text = String::with_capacity(size + 64);
    let mut words = 0;
    while text.len() < size {
        words += 1;
        if link_every > 0 && words % link_every == 0 {
            text.push_str(rng.pick(LINKS));
        } else {
            text.push_str(rng.pick(WORDS));
        }
        text.push_str(match rng.next_u64() % 16 {
            0 => ". ",
            1 => ", ",
            2 if words % 7 == 0 => ".\n",
            _ => " ",
        });
    }
    text
}

/// The LinkDetectionTest.txt lines (markers removed) embedded in prose:
/// many scripts, IDN domains, CJK punctuation, full-width brackets.
fn multilingual(size: usize) -> String {
    let data =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/LinkDetectionTest.txt"))
            .expect("data/LinkDetectionTest.txt");
    let lines: Vec<String> = data
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.replace(['⸠', '⸡'], ""))
        .collect();
    let mut rng = Rng(7);
    let mut text = String::with_capacity(size + 256);
    let filler = prose(4096, 0, 11);
    let mut k = 0;
    while text.len() < size {
        text.push_str(&lines[k % lines.len()]);
        text.push(' ');
        let at = (rng.next_u64() % 3500) as usize;
        let at = (at..filler.len()).find(|&i| filler.is_char_boundary(i)).unwrap_or(0);
        text.push_str(&filler[at..(at + 300).min(filler.len())]);
        text.push('\n');
        k += 1;
    }
    text
}

/// The hostile families: inputs that make naive detectors go quadratic.
fn hostile(family: &str, size: usize) -> String {
    let unit = match family {
        "a-dot" => "a.",
        "a-at" => "a@",
        "dot-com" => ".com",
        "open-paren-path" => "(",
        "label-run" => "abcdefghij",
        "at-colon-slash" => "@:/",
        "http-scheme" => "http://",
        "dot-com-at" => "a.com@",
        _ => unreachable!("unknown family"),
    };
    let prefix = match family {
        "open-paren-path" => "https://example.com/",
        "label-run" => "x.",
        _ => "",
    };
    let mut text = String::from(prefix);
    while text.len() < size {
        text.push_str(unit);
    }
    if family == "label-run" {
        text.push_str(".com");
    }
    text
}

const HOSTILE: &[&str] = &[
    "a-dot",
    "a-at",
    "dot-com",
    "open-paren-path",
    "label-run",
    "at-colon-slash",
    "http-scheme",
    "dot-com-at",
];

/// The benchmark corpora, 1 MiB each: generated prose without links, with
/// a link every ~60 words and every third word (`link-dense`), the UTS #58
/// test lines in prose (`multilingual`), Japanese prose, and the hostile
/// families.
pub fn corpora() -> Vec<(&'static str, String)> {
    const SIZE: usize = 1 << 20;
    vec![
        ("prose-no-links", prose(SIZE, 0, 1)),
        ("prose-with-links", prose(SIZE, 60, 2)),
        ("link-dense", prose(SIZE, 3, 3)),
        ("multilingual", multilingual(SIZE)),
        ("cjk-no-links", "東京は日本の首都であり、世界最大の都市圏の一つです。".repeat(SIZE / 75)),
    ]
    .into_iter()
    .chain(HOSTILE.iter().map(|f| (*f, hostile(f, SIZE))))
    .collect()
}

/// The real-text corpora, where installed: the Debian Reference manual as
/// plain text in Japanese, Chinese, German and French (Debian packages
/// `debian-reference-ja`, `-zh-cn`, `-de`, `-fr`; GPL-2+), which
/// `bash benches/real-text.sh` installs and unpacks into
/// `target/real-text/`. Not committed; each one absent is left out.
pub fn real_corpora() -> Vec<(String, String)> {
    ["ja", "zh-cn", "de", "fr"]
        .iter()
        .filter_map(|lang| {
            let path =
                format!("{}/../../target/real-text/debian-reference.{lang}.txt", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).ok()?;
            Some((format!("debian-reference-{lang}"), text))
        })
        .collect()
}

/// [`corpora`], then [`real_corpora`]: what the benchmarks run on.
pub fn benchmark_corpora() -> Vec<(String, String)> {
    corpora().into_iter().map(|(name, text)| (name.to_string(), text)).chain(real_corpora()).collect()
}
