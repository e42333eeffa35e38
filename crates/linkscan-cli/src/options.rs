//! The options every command that finds links shares, and the finder they
//! describe.

use clap::{Args, ValueEnum};
use linkscan::{Kinds, LinkFinder, OptionError, Profile, TldPolicy};
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
    /// spec's pseudo-code and the Unicode reference exactly (also
    /// --no-skip-file-names). chat: default, plus handles
    /// (@user@example.social). docs: --require-scheme, --local-hosts and
    /// --ip-hosts. mail: default, plus --wrapped-urls.
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
    #[arg(long, value_name = "SCHEME")]
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
    /// git+https, …; the default). A host after another scheme is not
    /// linked.
    #[arg(long, value_name = "LIST", value_parser = parse_schemes)]
    pub schemes: Option<SchemeNames>,
    /// UTS #58: after an explicit scheme, accept any well-formed host
    /// (http://localhost:3000, http://intranet/, https://x.internal/).
    #[arg(long)]
    pub local_hosts: bool,
    /// UTS #58: do not link scheme-less names that read as code (the
    /// default but in --profile strict): file names (README.md, setup.py,
    /// main.rs:12: two labels, the last a TLD far more often a file
    /// extension, no path) and calls (Date.now()); nic.md then needs a
    /// scheme, www. or a path.
    #[arg(long, overrides_with = "no_skip_file_names")]
    pub skip_file_names: bool,
    /// UTS #58: link scheme-less names that read as code, as the spec's
    /// letter does (README.md is then https://README.md).
    #[arg(long, overrides_with = "skip_file_names")]
    pub no_skip_file_names: bool,
    /// UTS #58: join a URL wrapped across lines inside <…> or <URL:…> (RFC
    /// 3986 Appendix C; quoted replies' > markers too): one link, its href
    /// without the line breaks (on in --profile mail).
    #[arg(long)]
    pub wrapped_urls: bool,
}

/// The scheme names of `--schemes`, as written (`web,gopher`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeNames(Vec<String>);

/// `web,gopher` → `["web", "gopher"]`: the names are checked with the
/// other options ([`linkscan::FinderOptions`]).
fn parse_schemes(s: &str) -> Result<SchemeNames, String> {
    Ok(SchemeNames(s.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect()))
}

fn parse_profile(s: &str) -> Result<Profile, String> {
    s.parse().map_err(|e: linkscan::ParseProfileError| e.to_string())
}

fn parse_kinds(s: &str) -> Result<Kinds, String> {
    s.parse().map_err(|e: linkscan::ParseKindsError| e.to_string())
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
    /// The finder these options describe, checked by the library as every
    /// binding's are; reads the TLD file if one is named.
    pub fn finder(&self) -> io::Result<LinkFinder> {
        let dialect = match self.dialect {
            Dialect::Uts58 => linkscan::Dialect::Uts58,
            Dialect::Gfm => linkscan::Dialect::Gfm,
            Dialect::Md4c => linkscan::Dialect::Md4c,
        };
        let flag = |set: bool| set.then_some(true);
        let mut options = linkscan::FinderOptions::new(dialect);
        options.profile = Some(self.profile);
        options.kinds = self.kinds;
        options.require_scheme = flag(self.require_scheme);
        options.tlds = match (&self.tlds_file, self.tlds) {
            (Some(path), _) => Some(TldPolicy::list(read_tld_file(path)?.lines())),
            (None, Tlds::Iana) => None,
            (None, Tlds::Any) => Some(TldPolicy::Any),
        };
        options.default_scheme.clone_from(&self.default_scheme);
        options.ip_hosts = flag(self.ip_hosts);
        options.unicode_ends = flag(self.unicode_ends);
        options.local_hosts = flag(self.local_hosts);
        options.skip_file_names = match (self.skip_file_names, self.no_skip_file_names) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        options.wrapped_urls = flag(self.wrapped_urls);
        options.schemes = self.schemes.as_ref().map(|names| names.0.clone());
        options.finder().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, self.flag_error(&e)))
    }

    /// `e` with its option named as the command line names it (`--ip-hosts`).
    fn flag_error(&self, e: &OptionError) -> String {
        let flag = match e.option {
            "tlds" if self.tlds_file.is_some() => "tlds-file".to_string(),
            option => option.replace('_', "-"),
        };
        format!("--{flag}: {}", e.message)
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
    /// Replace invalid UTF-8 with U+FFFD (offsets then count the replaced
    /// text). Without it, each byte that is not UTF-8 reads as a space,
    /// which ends any link there (offsets stay those of the file's bytes),
    /// with a note the first time in a named input.
    #[arg(long, conflicts_with = "strict_utf8")]
    pub lossy: bool,
    /// Stop at the first byte of a named input or standard input that is
    /// not UTF-8, with an error (exit 2); the text before it is read.
    #[arg(long)]
    pub strict_utf8: bool,
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

impl InputOptions {
    /// What to do with invalid UTF-8.
    pub fn utf8(&self) -> Utf8 {
        match (self.lossy, self.strict_utf8) {
            (true, _) => Utf8::Lossy,
            (_, true) => Utf8::Strict,
            _ => Utf8::ReadOn,
        }
    }
}

/// What is done with bytes that are not UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf8 {
    /// Replaced with U+FFFD (`--lossy`).
    Lossy,
    /// Each read as a space; a note the first time in a named input.
    ReadOn,
    /// An error in a named input (`--strict-utf8`); walked files read on.
    Strict,
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
