//! The options every command that finds links shares, and the finder they
//! describe.

use clap::{Args, ValueEnum};
use linkscan::{Kinds, LinkFinder, TldPolicy};
use std::io;

/// Which rule set finds links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Dialect {
    /// Unicode UTS #58 (Unicode 17.0).
    Uts58,
    /// GitHub Flavored Markdown autolinks (cmark-gfm 0.29.0.gfm.13).
    Gfm,
    /// MD4C permissive autolinks.
    Md4c,
}

/// Options shared by `find`, `html` and `markdown`.
#[derive(Args, Debug, Clone)]
pub struct FinderOptions {
    /// The rule set.
    #[arg(long, value_enum, default_value_t = Dialect::Uts58)]
    pub dialect: Dialect,
    /// The kinds of link to find, comma-separated: url (with a scheme), www
    /// (without: `www.…` in GFM and MD4C, any domain in UTS #58), email.
    #[arg(long, value_name = "KINDS", default_value = "url,www,email", value_parser = parse_kinds)]
    pub kinds: Kinds,
    /// URLs need a scheme (the same as leaving `www` out of --kinds).
    #[arg(long)]
    pub require_scheme: bool,
    /// UTS #58: which top-level domains count: `iana` (the built-in list),
    /// `any` (any well-formed TLD) or a FILE with one TLD per line, as IANA
    /// publishes them.
    #[arg(long, value_name = "iana|any|FILE", default_value = "iana")]
    pub tlds: String,
    /// The scheme put before links found without one (default: https:// for
    /// UTS #58, http:// for GFM and MD4C).
    #[arg(long, value_name = "SCHEME")]
    pub default_scheme: Option<String>,
    /// GFM: end URLs by the UTS #58 rules (CJK punctuation, full-width
    /// brackets) instead of at the next space.
    #[arg(long)]
    pub unicode_ends: bool,
    /// UTS #58: also find IPv4 and [IPv6] hosts after http:// or https://.
    #[arg(long)]
    pub ip_hosts: bool,
}

fn parse_kinds(s: &str) -> Result<Kinds, String> {
    s.parse().map_err(|e: linkscan::ParseKindsError| e.to_string())
}

impl FinderOptions {
    /// The finder these options describe; reads the TLD file if one is named.
    pub fn finder(&self) -> io::Result<LinkFinder> {
        let mut finder = match self.dialect {
            Dialect::Uts58 => LinkFinder::new(),
            Dialect::Gfm => LinkFinder::gfm(),
            Dialect::Md4c => LinkFinder::md4c(),
        };
        finder = finder.kinds(self.kinds).unicode_ends(self.unicode_ends).ip_hosts(self.ip_hosts);
        if self.require_scheme {
            finder = finder.require_scheme(true);
        }
        if let Some(scheme) = &self.default_scheme {
            finder = finder.default_scheme(scheme.clone());
        }
        let tlds = match self.tlds.as_str() {
            "iana" => TldPolicy::Iana,
            "any" => TldPolicy::Any,
            path => {
                let list = std::fs::read_to_string(path)
                    .map_err(|e| io::Error::new(e.kind(), format!("--tlds {path}: {e}")))?;
                TldPolicy::list(list.lines())
            }
        };
        Ok(finder.tlds(tlds))
    }
}

/// How inputs are read: threads, and what to do with invalid UTF-8.
#[derive(Args, Debug, Clone)]
pub struct StreamOptions {
    /// Threads that process chunks of input (default: the number of CPUs).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
    /// Replace invalid UTF-8 with U+FFFD instead of stopping at it with an
    /// error (offsets then count the replaced text).
    #[arg(long)]
    pub lossy: bool,
}

impl StreamOptions {
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1)
    }
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

impl Color {
    pub fn enabled(self) -> bool {
        use std::io::IsTerminal;
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var("TERM").map_or(true, |t| t != "dumb")
            }
        }
    }
}
