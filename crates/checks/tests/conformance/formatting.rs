//! UTS #58 LinkFormattingTest.txt (18.0.0, and 17.0.0 with the ten results
//! 18.0 superseded): every pair is a case.
//!
//! The input of each case is built from its `# {𝑺=… 𝑯=… 𝑷=…}` structure line
//! (the "fully escaped" line is ambiguous: it leaves literal `/ & = #` inside
//! parts raw). Each case runs twice: through `escape_parts` with the parts'
//! syntax characters escaped as §4.1 requires, and through `display_url`
//! with the whole URL percent-escaped as a browser would (two ways: the
//! WHATWG percent-encode sets, and `encodeURIComponent` for every piece).

use crate::{Report, read_data};
use linkscan::format::Part;
use linkscan::format::{display_url, escape_parts};

/// Expected lines of the 17.0.0 file that 18.0 superseded, by line number,
/// with what §4.1 gives (and the 18.0 file expects). All ten leave the
/// final Soft code point of the last part unescaped, which §4.1 escapes
/// (and the file's own "Escape soft at end of Path" cases do too);
/// unicodetools PR #1417 fixed the generator, and Unicode keeps published
/// files as they are.
const SUPERSEDED_17: &[(usize, &str)] = &[
    (189, "https://bo.wikipedia.org/wiki/སའི་གོ་ལ%E0%BC%8D"), // final ། U+0F0D
    (205, "https://mni.wikipedia.org/wiki/ꯅ꯭ꯌꯨ_ꯌꯣꯔ꯭ꯛ_ꯁꯤꯇꯤꯒꯤ_ꯌꯨ.ꯑꯦꯁ%2E"), // final .
    (209, "https://azb.wikipedia.org/wiki/واشینقتن،_دی.سی%2E"), // final .
    (213, "https://mad.wikipedia.org/wiki/Tasè%E2%80%99"),  // final ’ U+2019
    (221, "https://vep.wikipedia.org/wiki/Brüssel%27"),     // final '
    (229, "https://ja.wikibooks.org/wiki/植物学/植物とはどのような生き物か%EF%BC%9F"), // final ？ U+FF1F
    (241, "https://new.wikipedia.org/wiki/विन्सेन्ट_भ्यान_ग%3A"), // final :
    (249, "https://ks.wikipedia.org/wiki/شارٕک%DB%94"),      // final ۔ U+06D4
    (257, "https://am.wikipedia.org/wiki/«የሰብዓዊ_መብት_አቀፋዊ_መግለጽ%C2%BB"), // final » U+00BB
    (269, "https://it.wikibooks.org/wiki/Questo_è_l'ebraismo%21"), // final !
];

/// One test pair and the URL structure its comment line describes.
struct Case {
    /// Line number of the expected (minimally escaped) line.
    line: usize,
    expected: String,
    url: Url,
}

#[derive(Default)]
struct Url {
    scheme: String,
    host: String,
    path: Vec<String>,
    query: Vec<(String, Option<String>)>,
    fragment: Option<String>,
    directives: Vec<String>,
}

const MARKERS: [&str; 7] = ["𝑺=", "𝑯=", "𝑷=", "𝑸=", "𝑽=", "𝑭=", "𝑫="];

/// Parses `𝑺=https:// 𝑯=example.com 𝑷=αβ γ 𝑸=θ 𝑽=ι` (values may contain
/// spaces: a value runs until " " followed by the next marker).
fn parse_structure(s: &str) -> Result<Url, String> {
    let mut starts: Vec<(usize, &str)> = MARKERS
        .iter()
        .flat_map(|m| s.match_indices(m).filter(|(i, _)| *i == 0 || s[..*i].ends_with(' ')))
        .collect();
    starts.sort();
    let mut url = Url::default();
    for (k, &(i, marker)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(s.len(), |&(next, _)| next - 1);
        let value = s[i + marker.len()..end].to_string();
        match marker {
            "𝑺=" => url.scheme = value,
            "𝑯=" => url.host = value,
            "𝑷=" => url.path.push(value),
            "𝑸=" => url.query.push((value, None)),
            "𝑽=" => url.query.last_mut().ok_or("𝑽 before 𝑸")?.1 = Some(value),
            "𝑭=" => url.fragment = Some(value),
            _ => url.directives.push(value),
        }
    }
    if url.scheme.is_empty() || url.host.is_empty() {
        return Err(format!("no scheme or host in {s:?}"));
    }
    Ok(url)
}

fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((n, line)) = lines.next() {
        let Some(structure) = line.strip_prefix("# {") else { continue };
        let structure =
            structure.trim_end().strip_suffix('}').ok_or(format!("line {n}: no closing brace"))?;
        let mut data = lines.by_ref().filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (_, _fully_escaped) = data.next().ok_or(format!("line {n}: no source line"))?;
        let (line, expected) = data.next().ok_or(format!("line {n}: no result line"))?;
        let url = parse_structure(structure).map_err(|e| format!("line {n}: {e}"))?;
        cases.push(Case { line, expected: expected.to_string(), url });
    }
    Ok(cases)
}

/// Percent-escapes the ASCII characters of `s` for which `escape` is true,
/// a `%` followed by two hex digits (it would read as an escape), the `:`
/// of a literal `:~:` when `in_fragment`, and, with `all_non_ascii`, every
/// non-ASCII code point.
fn escaped(s: &str, escape: impl Fn(u8) -> bool, all_non_ascii: bool, in_fragment: bool) -> String {
    let mut out = String::new();
    for (i, c) in s.char_indices() {
        let rest = &s[i + c.len_utf8()..];
        let percent_escape = c == '%' && rest.bytes().take(2).filter(u8::is_ascii_hexdigit).count() == 2;
        let directive = in_fragment && c == ':' && rest.starts_with("~:");
        if (c.is_ascii() && escape(c as u8))
            || percent_escape
            || directive
            || (!c.is_ascii() && all_non_ascii)
        {
            for b in c.to_string().bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// How the pieces of a URL are escaped before they are put together.
#[derive(Clone, Copy)]
enum Escaping {
    /// §4.1's precondition: only the syntax characters of each part.
    Syntax,
    /// A browser: the WHATWG percent-encode sets plus syntax, all non-ASCII.
    Whatwg,
    /// `encodeURIComponent` on every piece: all but `A-Za-z0-9-_.!~*'()`.
    Component,
}

impl Escaping {
    /// Escapes one piece: `syntax` are the characters that are syntax in
    /// its part, `whatwg` the part's WHATWG percent-encode set (beyond C0
    /// controls and space).
    fn piece(self, s: &str, syntax: &[u8], whatwg: &[u8], in_fragment: bool) -> String {
        match self {
            Escaping::Syntax => escaped(s, |b| syntax.contains(&b), false, in_fragment),
            Escaping::Whatwg => escaped(
                s,
                |b| b <= b' ' || b == 0x7F || syntax.contains(&b) || whatwg.contains(&b),
                true,
                in_fragment,
            ),
            Escaping::Component => {
                escaped(s, |b| !(b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)), true, in_fragment)
            }
        }
    }

    fn parts(self, url: &Url) -> Vec<(Part, String)> {
        const WHATWG_PATH: &[u8] = b"\"<>`{}^|";
        const WHATWG_QUERY: &[u8] = b"\"<>'";
        const WHATWG_FRAGMENT: &[u8] = b"\"<>`";
        let mut parts = Vec::new();
        if !url.path.is_empty() {
            let segments: Vec<String> =
                url.path.iter().map(|p| self.piece(p, b"/?#", WHATWG_PATH, false)).collect();
            parts.push((Part::Path, segments.join("/")));
        }
        if !url.query.is_empty() {
            let q = |s: &str| self.piece(s, b"+#=&", WHATWG_QUERY, false);
            let pairs: Vec<String> = url
                .query
                .iter()
                .map(|(k, v)| match v {
                    Some(v) => format!("{}={}", q(k), q(v)),
                    None => q(k),
                })
                .collect();
            parts.push((Part::Query, pairs.join("&")));
        }
        if url.fragment.is_some() || !url.directives.is_empty() {
            let f = url.fragment.as_deref().unwrap_or("");
            parts.push((Part::Fragment, self.piece(f, b"", WHATWG_FRAGMENT, true)));
        }
        for d in &url.directives {
            parts.push((Part::FragmentDirective, self.piece(d, b"&,", WHATWG_FRAGMENT, true)));
        }
        parts
    }
}

fn check(report: &mut Report, what: &str, case: &Case, errata: &[(usize, &str)], actual: &str) {
    let erratum = errata.iter().find(|(line, _)| *line == case.line);
    let expected = erratum.map_or(case.expected.as_str(), |(_, fixed)| fixed);
    report.case(what, case.line, erratum.is_some(), actual == expected, || {
        format!("expected {expected}\n      actual   {actual}")
    });
}

pub fn run(report: &mut Report) {
    let current = parse_cases(&read_data("LinkFormattingTest.txt")).expect("LinkFormattingTest.txt parses");
    assert_eq!(current.len(), 55, "LinkFormattingTest.txt 18.0.0 has 55 pairs");
    let old = parse_cases(&read_data("17.0.0/LinkFormattingTest.txt")).expect("17.0.0 file parses");
    assert_eq!(old.len(), 55, "LinkFormattingTest.txt 17.0.0 has 55 pairs");
    for (line, fixed) in SUPERSEDED_17 {
        assert!(old.iter().any(|c| c.line == *line), "superseded line {line} is not a case");
        assert!(current.iter().any(|c| c.expected == *fixed), "18.0 does not expect {fixed}");
    }
    run_cases(report, "LinkFormattingTest.txt 18.0.0", &current, &[]);
    run_cases(report, "LinkFormattingTest.txt 17.0.0", &old, SUPERSEDED_17);
}

fn run_cases(report: &mut Report, file: &str, cases: &[Case], errata: &[(usize, &str)]) {
    for case in cases {
        let head = format!("{}{}", case.url.scheme, case.url.host);
        let parts = Escaping::Syntax.parts(&case.url);
        let refs: Vec<(Part, &str)> = parts.iter().map(|(p, s)| (*p, s.as_str())).collect();
        let what = format!("{file} escape_parts");
        check(report, &what, case, errata, &format!("{head}{}", escape_parts(&refs)));
        for (name, escaping) in [("WHATWG", Escaping::Whatwg), ("encodeURIComponent", Escaping::Component)] {
            let mut url = head.clone();
            for (part, text) in escaping.parts(&case.url) {
                url.push_str(part.initiator());
                url.push_str(&text);
            }
            let what = format!("{file} display_url ({name}-escaped input)");
            check(report, &what, case, errata, &display_url(&url));
        }
    }
}
