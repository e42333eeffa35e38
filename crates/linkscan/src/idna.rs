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
}

impl HostReport {
    /// Whether a label is invalid or mixes scripts: worth a warning before
    /// a user follows the link.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let report = |text: &str| LinkFinder::new().links(text).next().unwrap().host_report();
    /// assert!(!report("https://例子.中国/").is_suspicious());
    /// assert!(report("https://xn--pple-43d.com/").is_suspicious());
    /// ```
    pub fn is_suspicious(&self) -> bool {
        self.ascii.is_none() || self.labels.iter().any(|l| !l.valid || l.mixed_scripts)
    }
}

/// The report on `host` (labels separated by `.` `。` `．` `｡`), with the
/// `user` name written before it, if any.
pub(crate) fn report(host: &str, user: Option<&str>) -> HostReport {
    let normalized: String = host.chars().map(|c| if is_separator(c) { '.' } else { c }).collect();
    let ascii = idna::domain_to_ascii(&normalized).ok();
    let (unicode, _) = idna::domain_to_unicode(&normalized);
    let labels = unicode
        .split('.')
        .map(|label| LabelReport {
            label: label.into(),
            valid: label_valid(label),
            mixed_scripts: mixes_scripts(label),
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

/// The host of a URL's head (`scheme://user@host:port`) shown for people:
/// each A-label whose Unicode form is valid and does not mix scripts is
/// written as that U-label; everything else as it is.
pub(crate) fn display_host(head: &str) -> String {
    let host_start = head.find("//").map_or(0, |i| i + 2);
    let host_start = head[host_start..].rfind('@').map_or(host_start, |i| host_start + i + 1);
    let host_end = if head[host_start..].starts_with('[') {
        head.len()
    } else {
        head[host_start..].find(':').map_or(head.len(), |i| host_start + i)
    };
    let host = &head[host_start..host_end];
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
                (result.is_ok() && !unicode.contains('.') && !mixes_scripts(&unicode)).then_some(unicode)
            });
        out.push_str(decoded.as_deref().unwrap_or(label));
    }
    out.push_str(&head[host_end..]);
    out
}
