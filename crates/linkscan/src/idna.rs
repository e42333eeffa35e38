//! UTS #46 for hosts (feature `idna`, with the [`idna`] crate): whether
//! each label of a link's host is valid, whether a label mixes scripts the
//! way homograph attacks do, and the host's A-label and Unicode forms.
//!
//! ```
//! use linkscan::LinkFinder;
//!
//! let link = LinkFinder::new().links("Sign in at https://xn--pple-43d.com/login").next().unwrap();
//! let report = link.host_report();
//! assert_eq!(report.unicode, "аpple.com"); // a Cyrillic а
//! assert!(report.labels[0].mixed_scripts && report.is_suspicious());
//! let link = LinkFinder::new().links("例子.中国/路径").next().unwrap();
//! assert_eq!(link.host_report().ascii.as_deref(), Some("xn--fsqu00a.xn--fiqs8s"));
//! assert!(!link.host_report().is_suspicious());
//! ```
//!
//! [`idna`]: https://crates.io/crates/idna

use alloc::string::String;
use alloc::vec::Vec;
use icu_properties::CodePointMapData;
use icu_properties::props::Script;

/// What UTS #46 and script mixing say about a host: see
/// [`Link::host_report`](crate::Link::host_report).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostReport {
    /// The host in A-label form (UTS #46 ToASCII), or `None` when UTS #46
    /// processing finds an error.
    pub ascii: Option<String>,
    /// The host in Unicode (UTS #46 ToUnicode; labels with errors as
    /// written).
    pub unicode: String,
    /// Each label, in order.
    pub labels: Vec<LabelReport>,
    /// The user name written before the host (`https://user:pass@host`),
    /// without the password. (A user name that could be taken for a host,
    /// `https://bbc.co.uk@evil.com/`, makes no link at all.)
    pub user: Option<String>,
}

/// One label of a [`HostReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LabelReport {
    /// The label in Unicode.
    pub label: String,
    /// Whether UTS #46 processing of the label finds no error.
    pub valid: bool,
    /// Whether the label mixes scripts that no language writes together
    /// (UTS #39's "highly restrictive" level: one script, or Latin with Han
    /// and Hiragana/Katakana, Han and Bopomofo, or Han and Hangul) — the
    /// mark of a homograph such as `аpple` with a Cyrillic `а`.
    pub mixed_scripts: bool,
    /// Whether the label, all in one script other than Latin, is made of
    /// look-alikes of ASCII letters and digits alone (UTS #39's
    /// confusables: Cyrillic `аррӏе` for `apple`), under a top-level
    /// domain not of that script's languages (`.com`, but not `.ru` or
    /// `.рф`): a whole-script homograph.
    pub confusable_with_latin: bool,
}

impl HostReport {
    /// Whether a label is invalid, mixes scripts or passes for a Latin one:
    /// worth a warning before a user follows the link.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let report = |text: &str| LinkFinder::new().links(text).next().unwrap().host_report();
    /// assert!(!report("https://例子.中国/").is_suspicious());
    /// assert!(report("https://xn--pple-43d.com/").is_suspicious());
    /// assert!(report("https://xn--80ak6aa92e.com/").is_suspicious()); // аррӏе, all Cyrillic
    /// assert!(!report("https://xn--80ak6aa92e.xn--p1ai/").is_suspicious()); // under .рф
    /// ```
    pub fn is_suspicious(&self) -> bool {
        self.ascii.is_none()
            || self.labels.iter().any(|l| !l.valid || l.mixed_scripts || l.confusable_with_latin)
    }
}

/// The report on `host` (labels separated by `.` `。` `．` `｡`), with the
/// `user` name written before it, if any.
pub(crate) fn report(host: &str, user: Option<&str>) -> HostReport {
    let normalized: String = host.chars().map(|c| if is_separator(c) { '.' } else { c }).collect();
    let ascii = idna::domain_to_ascii(&normalized).ok();
    let (unicode, _) = idna::domain_to_unicode(&normalized);
    let tld = top_level(&unicode);
    let labels = unicode
        .split('.')
        .map(|label| LabelReport {
            label: label.into(),
            valid: label_valid(label),
            mixed_scripts: mixes_scripts(label),
            confusable_with_latin: confusable_with_latin(label, tld),
        })
        .collect();
    HostReport { ascii, unicode, labels, user: user.map(String::from) }
}

/// Whether UTS #46 processing (as URLs use it: no STD3 rules, no DNS
/// length check) accepts `label`.
fn label_valid(label: &str) -> bool {
    !label.is_empty() && idna::domain_to_ascii(label).is_ok()
}

fn is_separator(c: char) -> bool {
    matches!(c, '.' | '。' | '．' | '｡')
}

/// Whether `label` mixes scripts beyond UTS #39's highly restrictive level.
fn mixes_scripts(label: &str) -> bool {
    let scripts = CodePointMapData::<Script>::new();
    let mut seen: Vec<Script> = Vec::new();
    for c in label.chars() {
        let script = scripts.get(c);
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown) && !seen.contains(&script)
        {
            seen.push(script);
        }
    }
    if seen.len() <= 1 {
        return false;
    }
    let allowed: [&[Script]; 3] = [
        &[Script::Latin, Script::Han, Script::Hiragana, Script::Katakana],
        &[Script::Latin, Script::Han, Script::Bopomofo],
        &[Script::Latin, Script::Han, Script::Hangul],
    ];
    !allowed.iter().any(|set| seen.iter().all(|s| set.contains(s)))
}

/// The last label of a host in Unicode (before a final `.`, if any).
fn top_level(host: &str) -> &str {
    host.strip_suffix('.').unwrap_or(host).rsplit('.').next().unwrap_or("")
}

/// ASCII country-code TLDs of the languages written in Cyrillic and Greek,
/// under which a name in that script is the language's own (a browser's
/// IDN display policy allows them: Chromium and Firefox do alike).
const CYRILLIC_TLDS: &[&str] = &["bg", "by", "kg", "kz", "mk", "mn", "rs", "ru", "su", "tj", "ua", "uz"];
const GREEK_TLDS: &[&str] = &["cy", "gr"];

/// Whether `label` is a whole-script homograph of a Latin label under the
/// top-level domain `tld` (see [`LabelReport::confusable_with_latin`]).
fn confusable_with_latin(label: &str, tld: &str) -> bool {
    let scripts = CodePointMapData::<Script>::new();
    let mut script = None;
    for c in label.chars() {
        if c.is_ascii() {
            // A Latin letter makes the label Latin (or mixed, which
            // `mixes_scripts` tells); digits and `-` look as they are.
            if c.is_ascii_alphabetic() {
                return false;
            }
            continue;
        }
        let s = scripts.get(c);
        if matches!(s, Script::Common | Script::Inherited) {
            continue;
        }
        if s == Script::Latin || script.is_some_and(|seen| seen != s) || !is_latin_lookalike(c) {
            return false;
        }
        script = Some(s);
    }
    let Some(script) = script else { return false };
    let own_tld = tld.chars().any(|c| !c.is_ascii() && scripts.get(c) == script)
        || (script == Script::Cyrillic && CYRILLIC_TLDS.contains(&tld))
        || (script == Script::Greek && GREEK_TLDS.contains(&tld));
    !own_tld
}

/// Whether UTS #39 confuses `c` with an ASCII letter or digit.
fn is_latin_lookalike(c: char) -> bool {
    let ranges = crate::tables::LATIN_LOOKALIKES;
    let k = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(k).is_some_and(|&(lo, _)| lo <= c)
}

/// The host of a URL's head (`scheme://user@host:port`) shown for people,
/// as a browser's IDN display policy shows it: each A-label whose Unicode
/// form is valid, does not mix scripts (UTS #39 "highly restrictive") and
/// is no whole-script homograph of a Latin label is written as that
/// U-label; everything else as it is.
pub(crate) fn display_host(head: &str) -> String {
    let host_start = head.find("//").map_or(0, |i| i + 2);
    let host_start = head[host_start..].rfind('@').map_or(host_start, |i| host_start + i + 1);
    let host_end = if head[host_start..].starts_with('[') {
        head.len()
    } else {
        head[host_start..].find(':').map_or(head.len(), |i| host_start + i)
    };
    let host = &head[host_start..host_end];
    let tld_label = top_level(host);
    let tld = if crate::domain::is_a_label(tld_label.as_bytes()) {
        idna::domain_to_unicode(tld_label).0
    } else {
        tld_label.to_ascii_lowercase()
    };
    let mut out = String::with_capacity(head.len());
    out.push_str(&head[..host_start]);
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        // Only an A-label as the finder reads one (ASCII, its Punycode
        // decoding to label characters): the `idna` crate maps what it
        // decodes, so `xn--…／c\0` would show a `/` that makes the rest a path.
        let decoded = crate::domain::is_a_label(label.as_bytes())
            .then(|| idna::domain_to_unicode(label))
            .and_then(|(unicode, result)| {
                let shown = result.is_ok()
                    && !unicode.contains('.')
                    && !mixes_scripts(&unicode)
                    && !confusable_with_latin(&unicode, &tld);
                shown.then_some(unicode)
            });
        out.push_str(decoded.as_deref().unwrap_or(label));
    }
    out.push_str(&head[host_end..]);
    out
}
