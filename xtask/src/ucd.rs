//! Parsers for the data files in `data/`.
//!
//! Shared by `cargo xtask gen` (which turns them into `tables.rs`) and by the
//! linkscan test that checks the generated tables against these files for
//! every code point. Standard library only.

use std::collections::BTreeMap;

/// One past the largest code point.
pub const CODE_POINTS: usize = 0x11_0000;

/// A `Link_Term` value as written in LinkTerm.txt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Term {
    Hard,
    Include,
    Soft,
    Open,
    Close,
}

impl Term {
    fn parse(s: &str) -> Option<Term> {
        Some(match s {
            "Hard" => Term::Hard,
            "Include" => Term::Include,
            "Soft" => Term::Soft,
            "Open" => Term::Open,
            "Close" => Term::Close,
            _ => return None,
        })
    }
}

/// Code points that the published LinkEmail.txt (17.0.0) lists but UTS #58
/// §6.1 excludes, with the reason. The generator follows the spec.
pub const LINK_EMAIL_ERRATA: &[(u32, &str)] = &[(
    0x2C,
    "U+002C COMMA: 17.0.0 LinkEmail.txt has the range 002A..0039, but the ASCII set of \
     UTS #58 §6.1 (RFC 5322 atext) has no comma; the draft 18.0 data and ICU drop it",
)];

/// The data lines of a UCD-style file: `(line number, fields)`, with
/// comments removed and fields split on `;` and trimmed.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let data = line.split('#').next().unwrap_or("").trim();
        (!data.is_empty()).then(|| (i + 1, data.split(';').map(str::trim).collect()))
    })
}

/// Parses `XXXX` or `XXXX..YYYY` into an inclusive range.
pub fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let hex = |h: &str| u32::from_str_radix(h, 16).map_err(|e| format!("bad code point {h:?}: {e}"));
    let (lo, hi) = match s.split_once("..") {
        Some((lo, hi)) => (hex(lo)?, hex(hi)?),
        None => (hex(s)?, hex(s)?),
    };
    if lo > hi || hi as usize >= CODE_POINTS {
        return Err(format!("bad range {s:?}"));
    }
    Ok((lo, hi))
}

fn at(line: usize, r: Result<(u32, u32), String>) -> Result<(u32, u32), String> {
    r.map_err(|e| format!("line {line}: {e}"))
}

/// LinkTerm.txt: the `Link_Term` value of every code point (unlisted: Hard).
pub fn parse_link_term(text: &str) -> Result<Vec<Term>, String> {
    let mut values = vec![Term::Hard; CODE_POINTS];
    for (line, fields) in data_lines(text) {
        let [range, value] = fields[..] else {
            return Err(format!("LinkTerm.txt line {line}: expected 2 fields"));
        };
        let (lo, hi) = at(line, parse_range(range))?;
        let term =
            Term::parse(value).ok_or_else(|| format!("LinkTerm.txt line {line}: unknown value {value:?}"))?;
        values[lo as usize..=hi as usize].fill(term);
    }
    Ok(values)
}

/// LinkBracket.txt: `(closer, opener)` pairs, sorted by closer.
pub fn parse_link_bracket(text: &str) -> Result<Vec<(u32, u32)>, String> {
    let mut pairs = BTreeMap::new();
    for (line, fields) in data_lines(text) {
        let [close, open] = fields[..] else {
            return Err(format!("LinkBracket.txt line {line}: expected 2 fields"));
        };
        let (close, _) = at(line, parse_range(close))?;
        let (open, _) = at(line, parse_range(open))?;
        if pairs.insert(close, open).is_some() {
            return Err(format!("LinkBracket.txt line {line}: duplicate closer"));
        }
    }
    Ok(pairs.into_iter().collect())
}

/// LinkEmail.txt exactly as published: `Link_Email` of every code point.
pub fn parse_link_email(text: &str) -> Result<Vec<bool>, String> {
    let mut values = vec![false; CODE_POINTS];
    for (line, fields) in data_lines(text) {
        let [range] = fields[..] else {
            return Err(format!("LinkEmail.txt line {line}: expected 1 field"));
        };
        let (lo, hi) = at(line, parse_range(range))?;
        values[lo as usize..=hi as usize].fill(true);
    }
    Ok(values)
}

/// `Link_Email` as UTS #58 §6.1 defines it: the published data with
/// [`LINK_EMAIL_ERRATA`] removed.
pub fn link_email_per_spec(text: &str) -> Result<Vec<bool>, String> {
    let mut values = parse_link_email(text)?;
    for &(cp, _) in LINK_EMAIL_ERRATA {
        values[cp as usize] = false;
    }
    Ok(values)
}

/// What the UTS #46 mapping table says about domain names.
pub struct Idna {
    /// Domain label characters: ASCII letters, digits and `-`; non-ASCII
    /// code points whose status is valid or deviation; and non-ASCII code
    /// points mapped to a sequence of such characters (so NBSP, mapped to a
    /// space, and `⒈`, mapped to `1.`, are not label characters).
    pub label: Vec<bool>,
    /// Label characters that IDNA2008 does not allow: valid with the `NV8`
    /// or `XV8` flag (punctuation such as `“ ” « » ¿`, symbols, emoji), or
    /// mapped to a sequence holding one.
    pub nv8: Vec<bool>,
    /// Label separators: `.` and the code points mapped to it.
    pub dot: Vec<bool>,
    /// Code points UTS #46 removes from a name (status `ignored`: U+00AD,
    /// variation selectors, …).
    pub ignored: Vec<bool>,
    /// What each mapped code point maps to.
    pub mapping: BTreeMap<u32, Vec<u32>>,
}

/// Parses UTS #46 `IdnaMappingTable.txt` (`RANGE ; STATUS [; MAPPING [; FLAG]]`).
pub fn parse_idna(text: &str) -> Result<Idna, String> {
    let mut status = vec![""; CODE_POINTS];
    let mut flagged = vec![false; CODE_POINTS];
    let mut mapping: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for (line, fields) in data_lines(text) {
        if fields.len() < 2 {
            return Err(format!("IdnaMappingTable.txt line {line}: expected 2 to 4 fields"));
        }
        let (lo, hi) = at(line, parse_range(fields[0]))?;
        status[lo as usize..=hi as usize].fill(fields[1]);
        if matches!(fields.get(3), Some(&("NV8" | "XV8"))) {
            flagged[lo as usize..=hi as usize].fill(true);
        }
        if fields[1] == "mapped" {
            let target = fields
                .get(2)
                .filter(|t| !t.is_empty())
                .ok_or_else(|| format!("IdnaMappingTable.txt line {line}: mapped without a target"))?
                .split_whitespace()
                .map(|h| at(line, parse_range(h)).map(|r| r.0))
                .collect::<Result<Vec<_>, _>>()?;
            for cp in lo..=hi {
                mapping.insert(cp, target.clone());
            }
        }
    }
    let ascii_label = |cp: u32| (cp < 0x80 && (cp as u8).is_ascii_alphanumeric()) || cp == u32::from(b'-');
    let valid = |cp: u32| cp >= 0x80 && matches!(status[cp as usize], "valid" | "deviation");
    let maps_to = |cp: u32| mapping.get(&cp).map(Vec::as_slice).unwrap_or_default();
    let mapped = |cp: u32| cp >= 0x80 && status[cp as usize] == "mapped";
    let label: Vec<bool> = (0..CODE_POINTS as u32)
        .map(|cp| {
            ascii_label(cp)
                || valid(cp)
                || (mapped(cp) && maps_to(cp).iter().all(|&t| ascii_label(t) || valid(t)))
        })
        .collect();
    let nv8 = (0..CODE_POINTS as u32)
        .map(|cp| {
            label[cp as usize]
                && ((valid(cp) && flagged[cp as usize])
                    || (mapped(cp) && maps_to(cp).iter().any(|&t| flagged[t as usize])))
        })
        .collect();
    let dot =
        (0..CODE_POINTS as u32).map(|cp| cp == u32::from(b'.') || maps_to(cp) == [u32::from(b'.')]).collect();
    let ignored = status.iter().map(|&s| s == "ignored").collect();
    Ok(Idna { label, nv8, dot, ignored, mapping })
}

/// The IANA TLD list: its date (from the `as of YYYY-MM-DD` header) and the
/// TLDs in lowercase A-label form, in file order.
pub fn parse_tlds(text: &str) -> Result<(String, Vec<String>), String> {
    let version = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| {
            l.split_once("as of ")
                .map(|(_, rest)| rest.trim_end_matches(|c: char| c == '.' || c.is_whitespace()))
                .or_else(|| l.strip_prefix("# Version ").and_then(|v| v.split(',').next()))
        })
        .ok_or("TLD list: no version in the header")?
        .to_string();
    let mut tlds = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !line.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(format!("TLD list line {}: not an A-label: {line:?}", i + 1));
        }
        tlds.push(line.to_ascii_lowercase());
    }
    Ok((version, tlds))
}

/// The non-ASCII code points that UTS #39's `confusables.txt` maps to a
/// single ASCII letter or digit (`а` → `a`, `ο` → `o`, `ӏ` → `l`), as
/// sorted inclusive ranges.
pub fn parse_latin_lookalikes(text: &str) -> Result<Vec<(u32, u32)>, String> {
    let mut points = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [source, target, ..] = fields[..] else {
            return Err(format!("confusables.txt:{}: expected `source ; target ; type`", n + 1));
        };
        let parse = |hex: &str| {
            u32::from_str_radix(hex, 16).map_err(|e| format!("confusables.txt:{}: {hex:?}: {e}", n + 1))
        };
        let source = parse(source)?;
        let target: Vec<u32> = target.split_whitespace().map(parse).collect::<Result<_, _>>()?;
        if source >= 0x80 && matches!(target[..], [t] if t < 0x80 && (t as u8).is_ascii_alphanumeric()) {
            points.push(source);
        }
    }
    points.sort_unstable();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for cp in points {
        match ranges.last_mut() {
            Some((_, hi)) if *hi + 1 == cp => *hi = cp,
            _ => ranges.push((cp, cp)),
        }
    }
    if ranges.is_empty() {
        return Err("confusables.txt: no code point confused with an ASCII letter or digit".into());
    }
    Ok(ranges)
}
