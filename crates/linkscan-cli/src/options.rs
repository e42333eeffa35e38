//! The options every command that finds links shares, and the finder they
//! describe.

use clap::{Args, ValueEnum};
use linkscan::{Kinds, LinkFinder, Profile, Schemes, TldPolicy};
use std::io;

/// Which rule set finds links.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Dialect {
    /// Unicode UTS #58 (Unicode 18.0).
    Uts58,
    /// GitHub Flavored Markdown autolinks (cmark-gfm 0.29.0.gfm.13).
    Gfm,
    /// MD4C permissive autolinks.
    Md4c,
}

/// The built-in TLD policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Tlds {
    /// The IANA root-zone list built in.
    Iana,
    /// Any well-formed TLD.
    Any,
}

/// Options shared by `find`, `html` and `markdown`.
#[derive(Args, Debug, Clone)]
pub struct FinderOptions {
    /// The rule set.
    #[arg(long, value_enum, default_value_t = Dialect::Uts58)]
    pub dialect: Dialect,
    /// UTS #58: a named set of options; the options below change only
    /// themselves after it. default: UTS #58 where it decides, the reader
    /// where it does not (no final `?`, quotes end a scheme-less host,
    /// https://user:pass@host, _ after a scheme, foohttp:// read as http://,
    /// 'hi@x.com' without its quotes, @user@host is no address). strict: the
    /// spec's pseudo-code and the Unicode reference exactly. chat: default,
    /// plus --skip-file-names and handles (@user@example.social). docs:
    /// --require-scheme, --local-hosts and --ip-hosts.
    #[arg(long, value_name = "PROFILE", default_value = "default", value_parser = parse_profile)]
    pub profile: Profile,
    /// The kinds of link to find, comma-separated: url (with a scheme), www
    /// (without: `www.…` in GFM and MD4C, any domain in UTS #58), email,
    /// handle (UTS #58: @user@example.social). Default: url,www,email (and
    /// handle with --profile chat).
    #[arg(long, value_name = "KINDS", value_parser = parse_kinds)]
    pub kinds: Option<Kinds>,
    /// URLs need a scheme (the same as leaving `www` out of --kinds).
    #[arg(long)]
    pub require_scheme: bool,
    /// UTS #58: which top-level domains count: `iana` (the built-in list)
    /// or `any` (any well-formed TLD).
    #[arg(long, value_enum, default_value_t = Tlds::Iana)]
    pub tlds: Tlds,
    /// UTS #58: the top-level domains that count, one per line, as IANA
    /// publishes them (at most 1 MiB).
    #[arg(long, value_name = "FILE", conflicts_with = "tlds")]
    pub tlds_file: Option<std::path::PathBuf>,
    /// The scheme put before links found without one (default: https:// for
    /// UTS #58, http:// for GFM and MD4C). Script schemes (javascript:,
    /// vbscript:, data:) are refused.
    #[arg(long, value_name = "SCHEME", value_parser = parse_default_scheme)]
    pub default_scheme: Option<String>,
    /// GFM: end URLs by the UTS #58 rules (CJK punctuation, full-width
    /// brackets) instead of at the next space.
    #[arg(long)]
    pub unicode_ends: bool,
    /// UTS #58: also find IPv4 and [IPv6] hosts after an explicit scheme.
    #[arg(long)]
    pub ip_hosts: bool,
    /// UTS #58: the schemes a `scheme://` URL may have to be linked,
    /// comma-separated; `web` stands for the built-in list (http, https,
    /// ftp, ftps, sftp, ssh, git, ws, wss, irc, ircs, file, git+ssh,
    /// git+https, …). A host after another scheme is not linked.
    #[arg(long, value_name = "LIST", default_value = "web", value_parser = parse_schemes)]
    pub schemes: Schemes,
    /// UTS #58: after an explicit scheme, accept any well-formed host
    /// (http://localhost:3000, http://intranet/, https://x.internal/).
    #[arg(long)]
    pub local_hosts: bool,
    /// UTS #58: do not link scheme-less names that look like file names
    /// (README.md, setup.py, main.rs: two labels, the last a TLD that is a
    /// common file extension, no path); nic.md then needs a scheme or a path.
    #[arg(long)]
    pub skip_file_names: bool,
}

/// `web,gopher` → the built-in list and gopher; `https,ssh` → only those.
fn parse_schemes(s: &str) -> Result<Schemes, String> {
    let names: Vec<&str> = s.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    if names.is_empty() {
        return Err("no scheme named".into());
    }
    for name in &names {
        let valid = name.as_bytes()[0].is_ascii_alphabetic()
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(format!("{name:?} is not a scheme name (a letter, then letters, digits, + - .)"));
        }
        if !linkscan::html::is_safe_href(&format!("{name}:")) {
            return Err(format!("{name:?} is a script scheme; links are never given one"));
        }
    }
    let others = names.iter().filter(|n| !n.eq_ignore_ascii_case("web"));
    Ok(if names.iter().any(|n| n.eq_ignore_ascii_case("web")) {
        Schemes::web().with(others)
    } else {
        Schemes::only(others)
    })
}

fn parse_profile(s: &str) -> Result<Profile, String> {
    s.parse().map_err(|e: linkscan::ParseProfileError| e.to_string())
}

fn parse_kinds(s: &str) -> Result<Kinds, String> {
    let kinds: Kinds = s.parse().map_err(|e: linkscan::ParseKindsError| e.to_string())?;
    if kinds == Kinds::NONE {
        return Err("no kind named (url, www, email, handle)".into());
    }
    Ok(kinds)
}

/// A default scheme that would not make a script URL of a link.
fn parse_default_scheme(s: &str) -> Result<String, String> {
    if linkscan::html::is_safe_href(s) {
        Ok(s.to_string())
    } else {
        Err(format!("{s:?} is a script scheme; links are never given one"))
    }
}

/// The largest `--tlds` file: the IANA list is about 10 KB.
pub const MAX_TLD_FILE: u64 = 1 << 20;

/// Reads a TLD list file of at most [`MAX_TLD_FILE`] bytes.
fn read_tld_file(path: &std::path::Path) -> io::Result<String> {
    use std::io::Read;
    let error = |e: io::Error| io::Error::new(e.kind(), format!("--tlds-file {}: {e}", path.display()));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(error)?
        .take(MAX_TLD_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(error)?;
    if bytes.len() as u64 > MAX_TLD_FILE {
        return Err(error(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} KiB; a TLD list has one TLD per line", MAX_TLD_FILE >> 10),
        )));
    }
    String::from_utf8(bytes).map_err(|e| error(io::Error::new(io::ErrorKind::InvalidData, e)))
}

impl FinderOptions {
    /// Options that mean nothing in the chosen dialect, named with it.
    fn check(&self) -> Result<(), String> {
        let dialect = match self.dialect {
            Dialect::Uts58 => "uts58",
            Dialect::Gfm => "gfm",
            Dialect::Md4c => "md4c",
        };
        let uts58_only = [
            ("--profile", self.profile != Profile::Default),
            ("--kinds handle", self.kinds.is_some_and(|k| k.contains(Kinds::HANDLE))),
            ("--tlds", self.tlds != Tlds::Iana),
            ("--tlds-file", self.tlds_file.is_some()),
            ("--ip-hosts", self.ip_hosts),
            ("--local-hosts", self.local_hosts),
            ("--skip-file-names", self.skip_file_names),
            ("--schemes", self.schemes != Schemes::web()),
        ];
        for (flag, set) in uts58_only {
            if set && self.dialect != Dialect::Uts58 {
                return Err(format!("{flag} is a UTS #58 option: it means nothing with --dialect {dialect}"));
            }
        }
        if self.unicode_ends && self.dialect != Dialect::Gfm {
            return Err(format!("--unicode-ends is a GFM option: it means nothing with --dialect {dialect}"));
        }
        Ok(())
    }

    /// The finder these options describe; reads the TLD file if one is named.
    pub fn finder(&self) -> io::Result<LinkFinder> {
        self.check().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let mut finder = match self.dialect {
            Dialect::Uts58 => LinkFinder::new(),
            Dialect::Gfm => LinkFinder::gfm(),
            Dialect::Md4c => LinkFinder::md4c(),
        };
        if self.dialect == Dialect::Uts58 {
            finder = finder.profile(self.profile);
        }
        if let Some(kinds) = self.kinds {
            finder = finder.kinds(kinds);
        }
        finder = finder.unicode_ends(self.unicode_ends).schemes(self.schemes.clone());
        // A flag given turns its option on, over the profile.
        if self.ip_hosts {
            finder = finder.ip_hosts(true);
        }
        if self.local_hosts {
            finder = finder.local_hosts(true);
        }
        if self.skip_file_names {
            finder = finder.skip_file_names(true);
        }
        if self.require_scheme {
            finder = finder.require_scheme(true);
        }
        if let Some(scheme) = &self.default_scheme {
            finder = finder.default_scheme(scheme.clone());
        }
        let tlds = match (&self.tlds_file, self.tlds) {
            (Some(path), _) => TldPolicy::list(read_tld_file(path)?.lines()),
            (None, Tlds::Iana) => TldPolicy::Iana,
            (None, Tlds::Any) => TldPolicy::Any,
        };
        Ok(finder.tlds(tlds))
    }
}

/// How inputs are read: threads, and what to do with invalid UTF-8.
#[derive(Args, Debug, Clone)]
pub struct StreamOptions {
    /// Threads that process chunks of input, 1 to 64 (default: the number
    /// of CPUs, at most 8). Memory does not grow with it: at most 16 MiB of
    /// input and of output made from it are in flight.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    pub jobs: Option<u16>,
    #[command(flatten)]
    pub input: InputOptions,
}

/// Which inputs are read, and how: invalid UTF-8, binary files, walking.
#[derive(Args, Debug, Clone)]
pub struct InputOptions {
    /// Replace invalid UTF-8 with U+FFFD instead of stopping at it with an
    /// error (offsets then count the replaced text).
    #[arg(long)]
    pub lossy: bool,
    /// Search binary files too (a NUL byte in the first 64 KiB marks one;
    /// they are skipped otherwise, with a note when named), replacing
    /// invalid UTF-8.
    #[arg(short = 'a', long = "binary")]
    pub binary: bool,
    /// No notes on standard error about inputs that are skipped or cannot
    /// be read (the exit code still says 2 when one could not be read).
    /// Files found by walking a directory that are binary, or not UTF-8
    /// past some point, are skipped without a note anyway.
    #[arg(short = 's', long = "no-messages")]
    pub no_messages: bool,
    #[command(flatten)]
    pub walk: crate::walk::WalkOptions,
}

/// The most threads `-j` accepts.
const MAX_JOBS: i64 = 64;
/// The most threads used by default.
const DEFAULT_MAX_JOBS: usize = 8;

impl StreamOptions {
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()).min(DEFAULT_MAX_JOBS),
        }
    }
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// On a terminal, unless NO_COLOR is set or CLICOLOR is 0 (CLICOLOR_FORCE
    /// turns it on anywhere).
    Auto,
    Always,
    Never,
}

impl Color {
    /// The choice for standard output, with the environment read (once: a
    /// terminal check for every link printed cost a system call each).
    pub fn choice(self) -> anstream::ColorChoice {
        static AUTO: std::sync::OnceLock<anstream::ColorChoice> = std::sync::OnceLock::new();
        match self {
            Color::Always => anstream::ColorChoice::Always,
            Color::Never => anstream::ColorChoice::Never,
            Color::Auto => *AUTO.get_or_init(|| anstream::AutoStream::choice(&std::io::stdout())),
        }
    }

    pub fn enabled(self) -> bool {
        self.choice() != anstream::ColorChoice::Never
    }
}
