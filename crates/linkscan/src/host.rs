//! What a host is beside its labels, shared by the dialects: the
//! top-level-domain policy, file names, ports, schemes and IP literals.
//! (A domain's labels are read in [`domain`](crate::domain).)

use crate::domain::{Domain, label_end, separator_at};
use crate::props::{
    DOT_BIT, LABEL_BIT, TLD_MAX_CHARS, TLD_MIN_CHARS, bits_at, is_label_char, is_link_email, is_tld,
    lowercase_into,
};
use crate::punycode;
use alloc::string::String;
use alloc::vec::Vec;

/// Which top-level domains make a domain name a link.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum TldPolicy {
    /// The IANA root-zone list built into the library
    /// ([`TLD_LIST_VERSION`](crate::TLD_LIST_VERSION)), in A-label and
    /// U-label form, any letter case. The default.
    #[default]
    Iana,
    /// Any syntactically valid TLD: two or more ASCII letters, an A-label
    /// (`xn--…`), or letters and marks of any script (no digits, hyphens or
    /// symbols).
    Any,
    /// The caller's own list (see [`TldPolicy::list`]).
    List(TldList),
}

/// A caller's list of top-level domains, matched in any letter case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TldList {
    /// Lowercase entries, sorted by bytes.
    sorted: Vec<String>,
    /// The longest entry in bytes, and in code points.
    longest: usize,
    longest_chars: usize,
    shortest_chars: usize,
}

impl TldList {
    /// Whether the list has no entry: no link could be found with it.
    pub(crate) fn is_empty(&self) -> bool {
        self.sorted.is_empty()
    }
}

impl TldPolicy {
    /// A policy that accepts exactly these TLDs, e.g. the lines of an IANA
    /// `tlds-alpha-by-domain.txt`: any letter case; an `XN--` entry matches
    /// its U-label too; leading dots and surrounding white space are
    /// ignored; empty entries and `#` comments are skipped.
    ///
    /// ```
    /// use linkscan::TldPolicy;
    /// let policy = TldPolicy::list(["# Version 2026", "COM", ".example", ""]);
    /// assert_eq!(policy, TldPolicy::list(["example", "com"]));
    /// assert!(TldPolicy::list(["XN--P1AI"]).accepts("РФ"));
    /// ```
    pub fn list<I, S>(tlds: I) -> TldPolicy
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut sorted: Vec<String> = Vec::new();
        for tld in tlds {
            let tld = tld.as_ref().trim().trim_start_matches('.').to_lowercase();
            if tld.is_empty() || tld.starts_with('#') {
                continue;
            }
            if let Some(unicode) = tld.strip_prefix("xn--").and_then(punycode::decode) {
                sorted.push(unicode.to_lowercase());
            }
            sorted.push(tld);
        }
        sorted.sort_unstable();
        sorted.dedup();
        let longest = sorted.iter().map(String::len).max().unwrap_or(0);
        let longest_chars = sorted.iter().map(|t| t.chars().count()).max().unwrap_or(0);
        let shortest_chars = sorted.iter().map(|t| t.chars().count()).min().unwrap_or(0);
        TldPolicy::List(TldList { sorted, longest, longest_chars, shortest_chars })
    }

    /// No accepted TLD has fewer code points than this.
    pub(crate) fn min_chars(&self) -> usize {
        match self {
            TldPolicy::Iana => TLD_MIN_CHARS,
            TldPolicy::Any => 2, // `is_well_formed_tld`
            TldPolicy::List(list) => list.shortest_chars,
        }
    }

    /// No accepted TLD has more code points than this. (Lowercasing never
    /// makes a label shorter in code points, so a longer label cannot match.)
    pub(crate) fn max_chars(&self) -> usize {
        match self {
            TldPolicy::Iana => TLD_MAX_CHARS,
            TldPolicy::Any => 63, // a DNS label has at most 63 octets, so at most 63 code points
            TldPolicy::List(list) => list.longest_chars,
        }
    }

    /// Whether an accepted TLD may start with the ASCII byte `byte`: a
    /// letter for the IANA list and well-formed TLDs (no digit, hyphen or
    /// symbol starts one), any label character for a caller's list.
    #[inline(always)]
    pub(crate) fn may_start_with_ascii(&self, byte: u8) -> bool {
        match self {
            TldPolicy::Iana | TldPolicy::Any => byte.is_ascii_alphabetic(),
            TldPolicy::List(_) => crate::props::ascii_bits(byte) & crate::props::LABEL_BIT != 0,
        }
    }

    /// Whether a label starting at byte `at` of `text` may be an accepted
    /// TLD: a test before reading the label (in CJK prose a `。` comes
    /// every few dozen bytes, followed by words no TLD starts with). False
    /// only when no accepted TLD, in any letter case or mapped form, starts
    /// so.
    #[inline(always)]
    pub(crate) fn may_start_at(&self, text: &str, at: usize) -> bool {
        let TldPolicy::Iana = self else { return at < text.len() };
        // The code point decoded from its bytes where it has three (CJK)
        // or two: below U+10000, the generated bits answer.
        match text.as_bytes().get(at..).unwrap_or_default() {
            &[b0 @ 0xE0..=0xEF, b1, b2, ..] => tld_may_start_with_three_bytes([b0, b1, b2]),
            [byte @ 0..0x80, ..] => self.may_start_with_ascii(*byte),
            [b0 @ 0xC0..=0xDF, b1, ..] => {
                tld_may_start_with_bmp(u16::from(b0 & 0x1F) << 6 | u16::from(b1 & 0x3F))
            }
            [] => false,
            _ => astral_tld_may_start_at(text, at),
        }
    }

    /// Whether `label` is an accepted top-level domain.
    ///
    /// ```
    /// use linkscan::TldPolicy;
    /// let list = TldPolicy::list(["test", "internal"]);
    /// assert!(list.accepts("TEST") && !list.accepts("com"));
    /// assert!(TldPolicy::Iana.accepts("com") && TldPolicy::Any.accepts("anything"));
    /// ```
    #[inline]
    pub fn accepts(&self, label: &str) -> bool {
        match self {
            TldPolicy::Iana => is_tld(label),
            TldPolicy::Any => is_well_formed_tld(label),
            TldPolicy::List(list) => list.contains(label),
        }
    }
}

impl TldList {
    /// Whether `label`, lowercased, is an entry. (Out of line: its buffer
    /// would otherwise be cleared for every IANA lookup too.)
    #[inline(never)]
    fn contains(&self, label: &str) -> bool {
        let mut buf = [0u8; 256];
        let buf = &mut buf[..self.longest.min(256)];
        lowercase_into(label, buf)
            .is_some_and(|lower| self.sorted.binary_search_by(|t| t.as_bytes().cmp(lower)).is_ok())
    }
}

/// Whether an IANA TLD, in any letter case or mapped form, starts with
/// the non-ASCII code point `first`.
fn tld_may_start_with(first: char) -> bool {
    let lower = first.to_lowercase().next().unwrap_or(first);
    crate::tables::TLD_FIRST_CHARS.binary_search(&lower).is_ok()
        || crate::tables::TLD_MAPPING.binary_search_by_key(&first, |&(from, _)| from).is_ok()
}

/// [`TldPolicy::may_start_at`] for the IANA list where a code point of
/// four bytes starts.
#[cold]
fn astral_tld_may_start_at(text: &str, at: usize) -> bool {
    text.get(at..).and_then(|rest| rest.chars().next()).is_some_and(tld_may_start_with)
}

/// [`tld_may_start_with`] for the code point of three UTF-8 bytes (the
/// first `0xE0..=0xEF`): most CJK characters.
#[inline(always)]
pub(crate) fn tld_may_start_with_three_bytes([b0, b1, b2]: [u8; 3]) -> bool {
    tld_may_start_with_bmp(u16::from(b0 & 0x0F) << 12 | u16::from(b1 & 0x3F) << 6 | u16::from(b2 & 0x3F))
}

/// [`tld_may_start_with`] for a code point below U+10000, by the generated
/// bits.
#[inline]
fn tld_may_start_with_bmp(cp: u16) -> bool {
    let block = crate::tables::TLD_START_BLOCKS[usize::from(cp / 64)];
    crate::tables::TLD_START_BITS[usize::from(block)] >> (cp % 64) & 1 != 0
}

/// Whether `label` is a TLD `policy` accepts, as written or after the
/// UTS #46 mapping of its non-ASCII code points (`ＣＯＭ` is `com`, Arabic
/// presentation forms their letters), as the domain's other labels are read.
#[inline]
pub(crate) fn tld_accepted(policy: &TldPolicy, label: &str) -> bool {
    policy.accepts(label) || (!label.is_ascii() && mapped_tld_accepted(policy, label))
}

/// [`tld_accepted`] for a non-ASCII label that is not an entry as written.
#[inline(never)]
fn mapped_tld_accepted(policy: &TldPolicy, label: &str) -> bool {
    let mapping = |c: char| {
        let table = crate::tables::TLD_MAPPING;
        table.binary_search_by_key(&c, |&(from, _)| from).ok().map(|k| table[k].1)
    };
    // Most labels have nothing to map: no string is built for them, and
    // the code points before the first that maps are copied as they are.
    let Some(first) = label.char_indices().find_map(|(i, c)| mapping(c).map(|_| i)) else {
        return false;
    };
    let mut mapped = String::with_capacity(label.len());
    mapped.push_str(&label[..first]);
    for c in label[first..].chars() {
        match mapping(c) {
            Some(to) => mapped.push_str(to),
            None => mapped.push(c),
        }
    }
    policy.accepts(&mapped)
}

/// Two or more ASCII letters, an A-label, or a label of letters and marks.
fn is_well_formed_tld(label: &str) -> bool {
    if let Some(puny) = label.get(..4).filter(|p| p.eq_ignore_ascii_case("xn--")).map(|_| &label[4..]) {
        return !puny.is_empty() && puny.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    }
    label.chars().count() >= 2
        && label.chars().all(|c| {
            // XID_Continue (Link_Email outside ASCII) less digits: letters and marks.
            c.is_ascii_alphabetic()
                || (!c.is_ascii() && is_label_char(c) && !c.is_numeric() && is_link_email(c))
        })
}

/// Top-level domains that are also file extensions seen in text far more
/// often than two-label domains under them: `README.md`, `setup.py`,
/// `main.rs`, `install.sh`, `index.ts`, `main.tf`, `libc.so`, `foo.cc`,
/// `configure.ac`, `archive.zip`, … (Moldova, Paraguay, Serbia, Saint
/// Helena, the French Southern Territories, …). Left out, because their
/// two-label domains are what text names (measured on real text, see
/// docs/detection.md): `ai` (`character.ai`), `app` (`bsky.app`), `in`
/// (`amazon.in`), `pl` (`allegro.pl`), `am` (`news.am`). See
/// [`LinkFinder::skip_file_names`](crate::LinkFinder::skip_file_names).
pub const FILE_EXTENSION_TLDS: &[&str] = &[
    "ac", "as", "bz", "cc", "cr", "cs", "md", "mk", "ml", "pm", "ps", "py", "rs", "sc", "sh", "so", "st",
    "tf", "ts", "mov", "zip",
];

/// Whether the scheme-less `domain` (no `scheme://` before it) reads as
/// code rather than as a host, unless it starts with `www.`:
///
/// * **a call**: a name directly followed by `(` (`Date.now()`,
///   `self.inner.run(x)`), which no host is;
/// * **a file name**: two labels, the last a [`FILE_EXTENSION_TLDS`]
///   entry (any case), with no path after it (also after a port):
///   `README.md`, `guide.md#install`, `setup.py?`, and `main.rs:12`, a
///   code location. `pqf_end` gives where the path, query or fragment
///   starting at an offset ends.
///
/// The first tests are inline: most candidates fail them.
#[inline(always)]
pub(crate) fn reads_as_code(text: &str, domain: Domain, pqf_end: impl FnOnce(usize) -> usize) -> bool {
    let (tld_start, tld_end) = domain.tld;
    let call = text.as_bytes().get(tld_end) == Some(&b'(');
    (call || (domain.labels == 2 && is_file_extension(&text.as_bytes()[tld_start..tld_end])))
        && code_unless_host(text, domain, call, pqf_end)
}

/// [`reads_as_code`] for a call or a file name's TLD: not if `www.` or a
/// path says host.
fn code_unless_host(text: &str, domain: Domain, call: bool, pqf_end: impl FnOnce(usize) -> usize) -> bool {
    let Domain { start, tld: (_, tld_end), .. } = domain;
    let bytes = text.as_bytes();
    let www = bytes[start..].get(..3).is_some_and(|w| w.eq_ignore_ascii_case(b"www"))
        && separator_at(text, start + 3).is_some();
    if www || call {
        return !www;
    }
    // A path, also after a port; `:12` alone is a code location
    // (`main.rs:12`), and `:` alone punctuation.
    let digits = match bytes.get(tld_end) {
        Some(b':') => bytes[tld_end + 1..].iter().take_while(|b| b.is_ascii_digit()).count(),
        _ => 0,
    };
    let after = if digits > 0 { tld_end + 1 + digits } else { tld_end };
    !(bytes.get(after) == Some(&b'/') && pqf_end(after) > after)
}

/// Whether `tld` is a [`FILE_EXTENSION_TLDS`] entry, in any case: a bit
/// a pair of letters for the two-letter ones, a comparison each for the
/// three-letter ones. Most candidates' TLDs are none.
#[inline]
fn is_file_extension(tld: &[u8]) -> bool {
    /// The three-letter entries.
    const THREE: usize = {
        let (mut n, mut i) = (0, 0);
        while i < FILE_EXTENSION_TLDS.len() {
            n += (FILE_EXTENSION_TLDS[i].len() == 3) as usize;
            i += 1;
        }
        n
    };
    /// Bit `b` of entry `a`: the two-letter entry of letters `a`, `b`
    /// (0–25); then the three-letter entries.
    const TABLES: ([u32; 26], [[u8; 3]; THREE]) = {
        let (mut pairs, mut threes, mut n, mut i) = ([0u32; 26], [[0u8; 3]; THREE], 0, 0);
        while i < FILE_EXTENSION_TLDS.len() {
            match *FILE_EXTENSION_TLDS[i].as_bytes() {
                [a, b] => pairs[(a - b'a') as usize] |= 1 << (b - b'a'),
                [a, b, c] => {
                    threes[n] = [a, b, c];
                    n += 1;
                }
                _ => panic!("file extension TLDs have two or three letters"),
            }
            i += 1;
        }
        (pairs, threes)
    };
    let letter = |b: u8| b.is_ascii_alphabetic().then(|| b.to_ascii_lowercase());
    match *tld {
        [a, b] => match (letter(a), letter(b)) {
            (Some(a), Some(b)) => TABLES.0[usize::from(a - b'a')] & (1 << (b - b'a')) != 0,
            _ => false,
        },
        [a, b, c] => {
            TABLES.1.contains(&[a.to_ascii_lowercase(), b.to_ascii_lowercase(), c.to_ascii_lowercase()])
        }
        _ => false,
    }
}

/// What follows a host at a `:`.
pub(crate) enum Port {
    /// No port: no `:`, or a `:` not followed by a digit.
    None,
    /// An empty port (`:` before a path, query or fragment, which URLs
    /// allow: `http://example.org:/x`) that ends at this byte offset.
    Empty(usize),
    /// A port `:1` to `:65535` that ends at this byte offset.
    Ends(usize),
    /// Too many digits or out of range: the host is not a link.
    Invalid,
}

/// The port at byte `i` of `text`.
pub(crate) fn port_at(text: &str, i: usize) -> Port {
    let bytes = text.as_bytes();
    if bytes.get(i) != Some(&b':') {
        return Port::None;
    }
    let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return if matches!(bytes.get(i + 1), Some(b'/' | b'?' | b'#')) {
            Port::Empty(i + 1)
        } else {
            Port::None
        };
    }
    let value = bytes[i + 1..i + 1 + digits].iter().take(6).fold(0u32, |v, b| v * 10 + u32::from(b - b'0'));
    if digits <= 5 && (1..=65535).contains(&value) { Port::Ends(i + 1 + digits) } else { Port::Invalid }
}

/// The schemes a URL's explicit `scheme://` may have for it to be linked.
///
/// The built-in list ([`Schemes::web`], the default) holds the web's common
/// schemes: `http`, `https`, `ftp`, `ftps`, `sftp`, `ssh`, `git`, `ws`,
/// `wss`, `irc`, `ircs`, `file`, and the version-control forms `git+ssh`,
/// `git+https`, `git+http`, `git+file`, `svn+ssh`, `svn+https`, `svn+http`,
/// `hg+https`, `hg+http`, `hg+ssh`, `bzr+ssh`, `bzr+https`. A host after a
/// scheme that is not on the list is not linked at all: a link never has a
/// target other than its text. Matched in any letter case.
///
/// ```
/// use linkscan::{LinkFinder, Schemes};
/// let finder = LinkFinder::new();
/// assert_eq!(finder.links("My ftp://example.com/file site").next().unwrap().href(), "ftp://example.com/file");
/// assert_eq!(finder.links("see gopher://example.com/x").count(), 0);
/// let finder = LinkFinder::new().schemes(Schemes::web().with(["gopher"]));
/// assert_eq!(finder.links("see gopher://example.com/x").next().unwrap().as_str(), "gopher://example.com/x");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Schemes {
    /// Lowercase names besides (or, with `web` false, instead of) the built-in list.
    extra: Vec<String>,
    web: bool,
}

/// The built-in scheme list, lowercase.
const WEB_SCHEMES: [&str; 24] = [
    "http",
    "https",
    "ftp",
    "ftps",
    "sftp",
    "ssh",
    "git",
    "ws",
    "wss",
    "irc",
    "ircs",
    "file",
    "git+ssh",
    "git+https",
    "git+http",
    "git+file",
    "svn+ssh",
    "svn+https",
    "svn+http",
    "hg+https",
    "hg+http",
    "hg+ssh",
    "bzr+ssh",
    "bzr+https",
];

/// A name of at most 15 bytes as one number: its bytes, zeros, and its
/// length in the last byte (so that a name and the same name with a NUL
/// after it differ).
const fn scheme_key(name: &[u8]) -> u128 {
    let mut bytes = [0u8; 16];
    let mut i = 0;
    while i < name.len() && i < 15 {
        bytes[i] = name[i];
        i += 1;
    }
    bytes[15] = name.len() as u8;
    u128::from_le_bytes(bytes)
}

/// [`WEB_SCHEMES`] as numbers, for comparisons of one instruction or two.
const WEB_SCHEME_KEYS: [u128; WEB_SCHEMES.len()] = {
    let mut keys = [0u128; WEB_SCHEMES.len()];
    let mut i = 0;
    while i < WEB_SCHEMES.len() {
        keys[i] = scheme_key(WEB_SCHEMES[i].as_bytes());
        i += 1;
    }
    keys
};

/// Whether `name` (any case) is in the built-in scheme list.
#[inline]
fn is_web_scheme(name: &str) -> bool {
    if name.len() > 9 {
        return false; // longer than any built-in name
    }
    // `http` and `https` (most schemes written) first, four bytes as one
    // number: `| 0x20` lowercases these letters and makes no other byte one.
    let bytes = name.as_bytes();
    let http = bytes.first_chunk::<4>().is_some_and(|&head| {
        u32::from_le_bytes(head) | 0x2020_2020 == u32::from_le_bytes(*b"http")
            && (bytes.len() == 4 || bytes.len() == 5 && bytes[4] | 0x20 == b's')
    });
    if http {
        return true;
    }
    let mut key = [0u8; 16];
    key[..name.len()].copy_from_slice(bytes);
    key.make_ascii_lowercase();
    key[15] = name.len() as u8;
    WEB_SCHEME_KEYS.contains(&u128::from_le_bytes(key))
}

impl Schemes {
    /// The built-in list of the web's common schemes (the default).
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().accepts("https") && Schemes::web().accepts("git+ssh"));
    /// assert!(!Schemes::web().accepts("javascript"));
    /// ```
    pub fn web() -> Schemes {
        Schemes { extra: Vec::new(), web: true }
    }

    /// Exactly these schemes (names without `://`, any case).
    ///
    /// ```
    /// use linkscan::Schemes;
    /// let https = Schemes::only(["https"]);
    /// assert!(https.accepts("HTTPS") && !https.accepts("http"));
    /// ```
    pub fn only<I: IntoIterator<Item = S>, S: AsRef<str>>(names: I) -> Schemes {
        Schemes { extra: Vec::new(), web: false }.with(names)
    }

    /// These schemes too.
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().with(["gopher"]).accepts("gopher"));
    /// ```
    #[must_use]
    pub fn with<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, names: I) -> Schemes {
        // A script scheme is never one: no link has a script target (the
        // rule `html::is_safe_href` states), whatever the list says.
        let names = names.into_iter().map(|n| n.as_ref().trim_end_matches("://").to_ascii_lowercase());
        self.extra.extend(names.filter(|n| !n.is_empty() && crate::href::is_safe_href(&[n, ":"].concat())));
        self
    }

    /// Whether a URL with scheme `name` (without `://`) is linked. A script
    /// scheme (`javascript`, `data`, `vbscript`) never is, even when listed.
    ///
    /// ```
    /// use linkscan::Schemes;
    /// assert!(Schemes::web().accepts("wss") && !Schemes::web().accepts("gopher"));
    /// assert!(!Schemes::only(["javascript", "https"]).accepts("javascript"));
    /// ```
    pub fn accepts(&self, name: &str) -> bool {
        (self.web && is_web_scheme(name)) || self.extra.iter().any(|s| s.eq_ignore_ascii_case(name))
    }
}

/// The bytes of a scheme name: letters, digits, `+`, `-`, `.`.
const SCHEME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.');
        b += 1;
    }
    table
};

/// The start of the `scheme://` that ends at byte `end` (just after its
/// `//`), not before `floor`. A scheme name is RFC 3986's: a letter, then
/// letters, digits, `+`, `-`, `.`; characters before the first letter of a
/// run of such characters are not part of it (`1.http://` has the scheme
/// `http`).
pub(crate) fn scheme_before(text: &str, end: usize, floor: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if end < floor + 4 || !bytes[..end].ends_with(b"://") {
        return None;
    }
    let colon = end - 3;
    // `http://` and `https://` (most schemes written), read at once.
    let name = &bytes[floor..colon];
    let len = if name[name.len() - 1] | 0x20 == b's' { 5 } else { 4 };
    if let Some(http) = name.len().checked_sub(len)
        && let Some(&head) = name[http..].first_chunk::<4>()
        && u32::from_le_bytes(head) | 0x2020_2020 == u32::from_le_bytes(*b"http")
        && (http == 0 || !SCHEME_BYTES[usize::from(name[http - 1])])
    {
        return Some(floor + http);
    }
    scheme_name_before(bytes, colon, floor)
}

/// Where the `:` after the scheme name `url` starts with is (RFC 3986: a
/// letter, then letters, digits, `+`, `-`, `.`), or `None` without one.
pub(crate) fn scheme_colon(url: &str) -> Option<usize> {
    let bytes = url.as_bytes();
    let colon = bytes.iter().position(|&b| !SCHEME_BYTES[usize::from(b)])?;
    (bytes[colon] == b':' && colon > 0 && bytes[0].is_ascii_alphabetic()).then_some(colon)
}

/// The byte range of a URL's authority (user information, host, port) as
/// a browser reads it (the WHATWG URL Standard), or `None` for an opaque
/// URL (`news:a.b`). `scheme_less`: the URL starts with its authority and
/// gets a special default scheme (`example.com/a`). After a special scheme
/// (`http`, `https`, `ws`, `wss`, `ftp`) any run of `/` and `\` comes before
/// the authority, and `\` ends it as `/` does: `https://a.org\@b.org/` goes to
/// `a.org`.
pub(crate) fn authority(url: &str, scheme_less: bool) -> Option<core::ops::Range<usize>> {
    let bytes = url.as_bytes();
    let (start, special) = if scheme_less {
        (0, true)
    } else {
        let colon = scheme_colon(url)?;
        let scheme = &url[..colon];
        let special = ["http", "https", "ws", "wss", "ftp"].iter().any(|s| s.eq_ignore_ascii_case(scheme));
        let after = colon + 1;
        if special {
            (after + bytes[after..].iter().take_while(|&&b| b == b'/' || b == b'\\').count(), true)
        } else if bytes[after..].starts_with(b"//") {
            // `file://` and the rest: two slashes, then the authority.
            (after + 2, scheme.eq_ignore_ascii_case("file"))
        } else {
            return None;
        }
    };
    let end = bytes[start..]
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
        .map_or(bytes.len(), |n| start + n);
    Some(start..end)
}

/// The start of the scheme name that ends at the `:` at `colon`, not
/// before `floor`, read back a byte at a time.
fn scheme_name_before(bytes: &[u8], colon: usize, floor: usize) -> Option<usize> {
    let run = bytes[floor..colon]
        .iter()
        .rposition(|&b| !SCHEME_BYTES[usize::from(b)])
        .map_or(floor, |i| floor + i + 1);
    Some(run + bytes[run..colon].iter().position(u8::is_ascii_alphabetic)?)
}

/// Where the accepted scheme of the `scheme://` whose name starts at byte
/// `start` and ends at `colon` starts: `start` if `schemes` accepts the
/// name; with `glued`, else the longest accepted name that ends it and
/// starts with a letter (`foohttp://` is `http://`), among its last 32
/// bytes.
#[inline(always)]
pub(crate) fn accepted_scheme(
    schemes: &Schemes,
    text: &str,
    start: usize,
    colon: usize,
    glued: bool,
) -> Option<usize> {
    if schemes.accepts(&text[start..colon]) {
        Some(start)
    } else if glued {
        glued_scheme(schemes, text, start, colon)
    } else {
        None
    }
}

/// The glued case of [`accepted_scheme`].
#[cold]
fn glued_scheme(schemes: &Schemes, text: &str, start: usize, colon: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    (start.max(colon.saturating_sub(32)) + 1..colon)
        .find(|&s| bytes[s].is_ascii_alphabetic() && schemes.accepts(&text[s..colon]))
}

/// The end of an IPv4 address (four decimal octets, no leading zeros) or a
/// bracketed IPv6 address at byte `i`, if one is there and is not followed
/// by a label character or separator.
pub(crate) fn ip_host_end(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let end = if bytes.get(i) == Some(&b'[') {
        let close = i + 1 + bytes[i + 1..].iter().take(48).position(|&b| b == b']')?;
        ipv6_valid(&bytes[i + 1..close]).then_some(close + 1)?
    } else {
        let mut j = i;
        for octet in 0..4 {
            if octet > 0 {
                (bytes.get(j) == Some(&b'.')).then_some(())?;
                j += 1;
            }
            let digits = bytes[j..].iter().take(4).take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[j..j + digits].iter().fold(0u32, |v, b| v * 10 + u32::from(b - b'0'));
            if digits == 0 || digits > 3 || value > 255 || (digits > 1 && bytes[j] == b'0') {
                return None;
            }
            j += digits;
        }
        j
    };
    let glued = end < text.len() && bits_at(text, end).0 & (LABEL_BIT | DOT_BIT) != 0 && {
        // A trailing dot ends a sentence; a dot before more labels does not.
        separator_at(text, end).is_none_or(|n| label_end(text, end + n) > end + n)
    };
    (!glued).then_some(end)
}

/// RFC 4291 text form: up to eight groups of 1–4 hex digits, at most one
/// `::`, optionally ending in an IPv4 address.
fn ipv6_valid(s: &[u8]) -> bool {
    let text = match core::str::from_utf8(s) {
        Ok(t) if !t.is_empty() => t,
        _ => return false,
    };
    let (head, tail, compressed) = match text.split_once("::") {
        Some((h, t)) => (h, t, true),
        None => (text, "", false),
    };
    if compressed && tail.contains("::") {
        return false;
    }
    let mut groups = 0;
    for (k, side) in [head, tail].into_iter().enumerate() {
        if side.is_empty() {
            continue;
        }
        let parts: Vec<&str> = side.split(':').collect();
        for (n, part) in parts.iter().enumerate() {
            let last = n + 1 == parts.len() && (k == 1 || !compressed);
            if last && part.contains('.') {
                if ip_host_end(part, 0) != Some(part.len()) {
                    return false;
                }
                groups += 2;
            } else if (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit()) {
                groups += 1;
            } else {
                return false;
            }
        }
    }
    if compressed { groups <= 7 } else { groups == 8 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    /// The table and the search agree with the list, in any case.
    #[test]
    fn file_extensions_are_the_list() {
        for tld in ["a", "com", "org", "io", "md5", "xn--p1ai", "m.", "Z\u{e9}", "zz", "mo", "ziP2"] {
            assert!(!is_file_extension(tld.as_bytes()), "{tld}");
        }
        for e in FILE_EXTENSION_TLDS {
            assert!(
                is_file_extension(e.as_bytes()) && is_file_extension(e.to_ascii_uppercase().as_bytes()),
                "{e}"
            );
        }
        let pairs = (b'a'..=b'z').flat_map(|a| (b'a'..=b'z').map(move |b| [a, b]));
        let found = pairs.filter(|p| is_file_extension(p)).count();
        assert_eq!(found, FILE_EXTENSION_TLDS.iter().filter(|e| e.len() == 2).count());
    }

    /// The built-in schemes are accepted as their keys are compared, in any
    /// case, and nothing else is.
    #[test]
    fn the_web_schemes_are_the_list() {
        let web = Schemes::web();
        for name in WEB_SCHEMES {
            assert!(web.accepts(name) && web.accepts(&name.to_ascii_uppercase()), "{name}");
            assert!(!Schemes::only(["gopher"]).accepts(name), "{name}");
        }
        for name in
            ["", "gopher", "httpss", "git+httpsx", "mailto", "javascript", "http:", "bzr+ftp", "ftp\0"]
        {
            assert!(!web.accepts(name), "{name}");
        }
    }

    /// The quick reading of `http://` and `https://` back from their end
    /// finds the scheme the byte-at-a-time reading does, in random runs of
    /// scheme bytes and others, from every floor.
    #[test]
    fn reading_http_back_agrees_with_the_plain_reading() {
        let pieces = ["http", "https", "HTTPs", "s", "S", "h", "1", ".", "+", " ", "é", "x", "://", "t"];
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut found = 0;
        for _ in 0..200_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mut text: String =
                (0..rng % 6).map(|k| pieces[(rng >> (8 + 4 * k)) as usize % pieces.len()]).collect();
            text.push_str("://");
            for floor in (0..=text.len()).filter(|&f| text.is_char_boundary(f)) {
                let plain = (text.len() >= floor + 4)
                    .then(|| scheme_name_before(text.as_bytes(), text.len() - 3, floor))
                    .flatten();
                assert_eq!(scheme_before(&text, text.len(), floor), plain, "{text:?} from {floor}");
                found += usize::from(plain.is_some());
            }
        }
        assert!(found > 100_000, "{found}");
    }

    /// The quick test for `http` and `https` answers as the list does for
    /// every ASCII byte in every place of them.
    #[test]
    fn the_http_test_agrees_with_the_list() {
        for name in ["http", "https", "HTTPS"] {
            for at in 0..name.len() {
                for b in 0..0x80u8 {
                    let mut bytes = name.as_bytes().to_vec();
                    bytes[at] = b;
                    let name = core::str::from_utf8(&bytes).unwrap_or_default();
                    let listed = WEB_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(name));
                    assert_eq!(is_web_scheme(name), listed, "{name:?}");
                }
            }
        }
    }

    /// The generated bits say what the code point lookups say, for every
    /// non-ASCII code point below U+10000 (with this build's letter cases).
    #[test]
    fn tld_start_bits_agree_with_the_lookups() {
        for cp in 0x80..=0xFFFFu16 {
            if let Some(c) = char::from_u32(u32::from(cp)) {
                assert_eq!(tld_may_start_with_bmp(cp), tld_may_start_with(c), "U+{cp:04X}");
            }
        }
    }

    /// `may_start_at` decodes each non-ASCII code point from its bytes as
    /// `char` does.
    #[test]
    fn tld_start_test_decodes_every_code_point() {
        let mut buf = [0u8; 4];
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let text = c.encode_utf8(&mut buf);
            assert_eq!(
                TldPolicy::Iana.may_start_at(text, 0),
                tld_may_start_with(c),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    /// The quick test never rejects a label that is a TLD: every IANA TLD,
    /// in lower and upper case, and every code point mapped into one, may
    /// start one; and for code points it rejects (CJK prose's, digits,
    /// punctuation), no label they start, followed by the rest of any TLD,
    /// is accepted.
    #[test]
    fn tld_start_test_rejects_no_tld() {
        let iana = TldPolicy::Iana;
        for tld in crate::tables::TLDS {
            let upper: String = tld.chars().flat_map(char::to_uppercase).collect();
            assert!(iana.may_start_at(tld, 0), "{tld}");
            assert!(iana.may_start_at(&upper, 0), "{upper}");
        }
        for (from, _) in crate::tables::TLD_MAPPING {
            let mut label = String::new();
            label.push(from);
            assert!(iana.may_start_at(&label, 0), "{from:?}");
        }
        let rests: alloc::vec::Vec<&str> = crate::tables::TLDS
            .iter()
            .filter_map(|t| t.char_indices().nth(1).map(|(i, _)| &t[i..]))
            .collect();
        let mut rejected = 0;
        for c in "東京は日本の首都であり、世界最大の都市圏の一つです。「」（）0123456789-_.é".chars()
        {
            let mut label = String::new();
            label.push(c);
            if iana.may_start_at(&label, 0) {
                continue;
            }
            rejected += 1;
            for rest in &rests {
                label.truncate(c.len_utf8());
                label.push_str(rest);
                assert!(!tld_accepted(&iana, &label), "{label:?} is a TLD but {c:?} was rejected");
            }
        }
        assert!(rejected > 30, "the sample holds code points the test rejects");
    }
}
