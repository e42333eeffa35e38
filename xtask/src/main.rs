//! Project tasks.
//!
//! `cargo xtask gen` regenerates `crates/linkscan/src/tables.rs` from the
//! files in `data/`; `cargo xtask gen --check` fails if that file is stale.
//! Both cross-check the UTS #58 property files against an independent
//! derivation from Unicode 18.0 character properties and report every
//! difference.
//!
//! `cargo xtask bench-table` prints the README's benchmark tables from the
//! results criterion left in `target/criterion`; `cargo xtask corpus MB`
//! writes the CLI benchmark's corpus; `cargo xtask linearity [FILTER]`
//! counts the instructions of every hostile-input case at two sizes under
//! callgrind and fails when one grows faster than the input; `cargo xtask
//! instructions [FILTER]` is the deterministic benchmark (instructions per
//! byte under callgrind, linkscan next to its peers). `cargo xtask wasm`
//! builds the npm package's WebAssembly module.

extern crate alloc;

mod bench_table;
mod corpus;
mod crosscheck;
mod instructions;
mod linearity;
#[path = "../../crates/linkscan/src/punycode.rs"]
mod punycode;
#[path = "../../crates/linkscan/src/tld_hash.rs"]
mod tld_hash;
mod trie;
mod ucd;
mod wasm;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use trie::{BLOCK_SHIFT, CHUNK_SHIFT, Trie};
use ucd::Term;

// The byte stored for each code point. `props.rs` reads these constants
// from the generated file, so they are defined only here.
const TERM_CODES: [(Term, &str, u8); 5] = [
    (Term::Hard, "TERM_HARD", 0),
    (Term::Include, "TERM_INCLUDE", 1),
    (Term::Soft, "TERM_SOFT", 2),
    (Term::Open, "TERM_OPEN", 3),
    (Term::Close, "TERM_CLOSE", 4),
];
const TERM_MASK: u8 = 0x07;
const PQF_CLOSER: u8 = 0xFF;
const HOST_END: u8 = 0;
const HOST_LABEL: u8 = 1;
const HOST_DOT: u8 = 2;
const HOST_WIDE: u8 = 3;
const EMAIL_BIT: u8 = 0x08;
const LABEL_BIT: u8 = 0x10;
const DOT_BIT: u8 = 0x20;
const PUNCT_BIT: u8 = 0x40;
const NV8_BIT: u8 = 0x80;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args[..] {
        ["gen"] => generate(false),
        ["gen", "--check"] => generate(true),
        ["bench-table"] => bench_table::print(&root().join("target/criterion")),
        ["linearity"] => linearity::check(&root(), ""),
        ["linearity", filter] => linearity::check(&root(), filter),
        ["instructions"] => instructions::run(&root(), ""),
        ["instructions", filter] => instructions::run(&root(), filter),
        ["wasm"] => wasm::build(&root()),
        ["corpus", megabytes] => {
            megabytes.parse().map_err(|e| format!("corpus size: {e}")).and_then(corpus::write)
        }
        _ => Err("usage: cargo xtask gen [--check] | cargo xtask bench-table | cargo xtask corpus MB \
                      | cargo xtask linearity [FILTER] | cargo xtask instructions [FILTER] | cargo xtask wasm"
            .to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask is inside the repository").to_path_buf()
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn generate(check: bool) -> Result<(), String> {
    let root = root();
    let data = root.join("data");
    let term = ucd::parse_link_term(&read(&data.join("LinkTerm.txt"))?)?;
    let bracket = ucd::parse_link_bracket(&read(&data.join("LinkBracket.txt"))?)?;
    let email_text = read(&data.join("LinkEmail.txt"))?;
    let email = ucd::link_email_per_spec(&email_text)?;
    let idna = ucd::parse_idna(&read(&data.join("IdnaMappingTable.txt"))?)?;
    let (tld_version, tlds) = ucd::parse_tlds(&read(&data.join("tlds-alpha-by-domain.txt"))?)?;
    let latin_lookalikes = ucd::parse_latin_lookalikes(&read(&data.join("confusables.txt"))?)?;

    let derived = crosscheck::derive();
    cross_check(&derived, &term, &bracket, &email, &ucd::parse_link_email(&email_text)?)?;

    let values: Vec<u8> = (0..ucd::CODE_POINTS)
        .map(|cp| {
            let code = TERM_CODES.iter().find(|(t, _, _)| *t == term[cp]).map_or(0, |c| c.2);
            code | if email[cp] { EMAIL_BIT } else { 0 }
                | if idna.label[cp] { LABEL_BIT } else { 0 }
                | if idna.dot[cp] { DOT_BIT } else { 0 }
                | if derived.punctuation[cp] { PUNCT_BIT } else { 0 }
                | if idna.nv8[cp] { NV8_BIT } else { 0 }
        })
        .collect();
    let trie = Trie::build(&values)?;
    let mut all_tlds = Vec::new();
    for tld in &tlds {
        all_tlds.push(tld.clone());
        if let Some(puny) = tld.strip_prefix("xn--") {
            all_tlds.push(
                punycode::decode(puny).ok_or_else(|| format!("TLD list: invalid Punycode in {tld:?}"))?,
            );
        }
    }
    all_tlds.sort();
    all_tlds.dedup();

    // UTS #46 mappings of non-ASCII code points to characters that occur in
    // TLDs: enough to look up a label written in another form
    // (`ＣＯＭ`, Arabic presentation forms) as the TLD it maps to.
    let tld_chars: std::collections::BTreeSet<char> = all_tlds.iter().flat_map(|t| t.chars()).collect();
    let mut tld_mapping = Vec::new();
    for (&cp, target) in &idna.mapping {
        let target: String = target.iter().map(|&t| char_of(t)).collect::<Result<_, _>>()?;
        if cp >= 0x80 && target.chars().all(|c| tld_chars.contains(&c)) {
            tld_mapping.push((char_of(cp)?, target));
        }
    }

    let shown_escaped = ranges(&derived.shown_escaped);
    let source = render(
        &values[..128],
        &trie,
        &bracket,
        &tld_version,
        &all_tlds,
        &tld_mapping,
        [&ranges(&idna.ignored), &shown_escaped, &latin_lookalikes],
    )?;
    let target = root.join("crates/linkscan/src/tables.rs");
    eprintln!(
        "tables: trie {} bytes ({} blocks), {} bracket pairs, {} TLDs ({} with U-labels), TLD list {tld_version}",
        trie.size_in_bytes(),
        trie.data.len() >> BLOCK_SHIFT,
        bracket.len(),
        tlds.len(),
        all_tlds.len(),
    );
    if check {
        let current = std::fs::read_to_string(&target).unwrap_or_default();
        if current != source {
            return Err(format!("{} is stale: run `cargo xtask gen`", target.display()));
        }
        eprintln!("{} is up to date", target.display());
    } else {
        std::fs::write(&target, source).map_err(|e| format!("{}: {e}", target.display()))?;
        eprintln!("wrote {}", target.display());
    }
    Ok(())
}

/// Compares the data files with the derivation from character properties.
/// Known errata are reported as such; any other difference is an error.
fn cross_check(
    derived: &crosscheck::Derived,
    term: &[Term],
    bracket: &[(u32, u32)],
    email: &[bool],
    email_published: &[bool],
) -> Result<(), String> {
    let mut diffs = crosscheck::differences("Link_Term", term, &derived.term);
    diffs.extend(crosscheck::differences("Link_Email", email, &derived.email));
    if bracket != derived.bracket.as_slice() {
        for pair in bracket.iter().filter(|p| !derived.bracket.contains(p)) {
            diffs.push(format!(
                "Link_Bracket: data file has U+{:04X} -> U+{:04X}, derived does not",
                pair.0, pair.1
            ));
        }
        for pair in derived.bracket.iter().filter(|p| !bracket.contains(p)) {
            diffs.push(format!(
                "Link_Bracket: derived has U+{:04X} -> U+{:04X}, data file does not",
                pair.0, pair.1
            ));
        }
    }
    for &(cp, why) in ucd::LINK_EMAIL_ERRATA {
        let state = if email_published[cp as usize] {
            "present in the data, removed"
        } else {
            "no longer in the data"
        };
        eprintln!("erratum (Link_Email U+{cp:04X}, {state}): {why}");
    }
    if diffs.is_empty() {
        eprintln!(
            "cross-check: LinkTerm.txt, LinkBracket.txt and LinkEmail.txt agree with Unicode 18.0 properties"
        );
        Ok(())
    } else {
        for d in &diffs {
            eprintln!("cross-check difference: {d}");
        }
        Err(format!("{} cross-check differences between data/ and Unicode 18.0 properties", diffs.len()))
    }
}

fn array<T: std::fmt::Display>(out: &mut String, decl: &str, items: &[T], per_line: usize) {
    let _ = writeln!(out, "{decl}; {}] = [", items.len());
    for line in items.chunks(per_line) {
        out.push_str("   ");
        for item in line {
            let _ = write!(out, " {item},");
        }
        out.push('\n');
    }
    out.push_str("];\n\n");
}

fn render(
    ascii: &[u8],
    trie: &Trie,
    bracket: &[(u32, u32)],
    tld_version: &str,
    tlds: &[String],
    tld_mapping: &[(char, String)],
    [ignored, shown_escaped, latin_lookalikes]: [&[Range]; 3],
) -> Result<String, String> {
    let mut out = String::new();
    out.push_str(
        "// @generated by `cargo xtask gen` (xtask/src/main.rs) from the files in data/.\n\
         // Do not edit: change the generator or the data and run it again.\n\n",
    );
    out.push_str("/// The Unicode version of the UTS #58 property data (LinkTerm.txt, LinkBracket.txt, LinkEmail.txt).\n");
    out.push_str("pub const UNICODE_VERSION: (u8, u8, u8) = (18, 0, 0);\n\n");
    out.push_str("/// The date of the built-in IANA top-level-domain list.\n");
    let _ = writeln!(out, "pub const TLD_LIST_VERSION: &str = {tld_version:?};\n");
    out.push_str("// Layout of the byte stored per code point.\n");
    let _ = writeln!(out, "pub(crate) const TERM_MASK: u8 = {TERM_MASK:#04x};");
    out.push_str("// Link_Term values (under TERM_MASK); any other value is Hard.\n");
    for (_, name, code) in TERM_CODES.iter().filter(|t| t.0 != Term::Hard) {
        let _ = writeln!(out, "pub(crate) const {name}: u8 = {code};");
    }
    let _ =
        writeln!(out, "/// Link_Email=Yes (UTS #58 §6.1; the 17.0.0 file's comma erratum is fixed in 18.0).");
    let _ = writeln!(out, "pub(crate) const EMAIL_BIT: u8 = {EMAIL_BIT:#04x};");
    let _ = writeln!(
        out,
        "/// A domain label character (UTS #46 valid, deviation, or mapped to valid; ASCII [A-Za-z0-9-])."
    );
    let _ = writeln!(out, "pub(crate) const LABEL_BIT: u8 = {LABEL_BIT:#04x};");
    let _ = writeln!(out, "/// A label separator: `.` or a code point UTS #46 maps to it.");
    let _ = writeln!(out, "pub(crate) const DOT_BIT: u8 = {DOT_BIT:#04x};");
    let _ = writeln!(
        out,
        "/// General_Category P* (Unicode 18.0 via icu_properties 2.4): punctuation for the GFM dialect."
    );
    let _ = writeln!(out, "pub(crate) const PUNCT_BIT: u8 = {PUNCT_BIT:#04x};");
    let _ = writeln!(
        out,
        "/// A label character IDNA2008 does not allow (UTS #46 NV8/XV8: punctuation, symbols, emoji)."
    );
    let _ = writeln!(out, "pub(crate) const NV8_BIT: u8 = {NV8_BIT:#04x};\n");
    let _ = writeln!(out, "pub(crate) const BLOCK_SHIFT: u32 = {BLOCK_SHIFT};");
    let _ = writeln!(out, "pub(crate) const CHUNK_SHIFT: u32 = {CHUNK_SHIFT};\n");

    out.push_str("/// The property byte of each ASCII code point.\n");
    array(&mut out, "pub(crate) static ASCII: [u8", &hex_bytes(ascii), 16);
    // The bytes a path, query or fragment reads without a second look:
    // ASCII Link_Term Hard, Include or Soft, but not `/ ? # = & : ,`
    // (syntax in some part).
    let quick =
        [Term::Hard, Term::Include, Term::Soft].map(|t| TERM_CODES.iter().find(|c| c.0 == t).map(|c| c.2));
    let pqf: Vec<String> = (0..=255u8)
        .map(|b| {
            let term = (b < 0x80).then(|| ascii[usize::from(b)] & TERM_MASK);
            match term {
                Some(code) if quick.contains(&Some(code)) && !b"/?#=&:,".contains(&b) => code,
                _ => PQF_CLOSER,
            }
        })
        .map(|code| format!("{code:#04x}"))
        .collect();
    out.push_str(
        "/// The Link_Term code (Hard, `TERM_INCLUDE` or `TERM_SOFT`) of each ASCII\n\
         /// byte of those three that no URL part treats as syntax (not\n\
         /// `/ ? # = & : ,`); `PQF_CLOSER` for the others: look closer.\n",
    );
    array(&mut out, "pub(crate) static PQF_ASCII: [u8", &pqf, 16);
    out.push_str("/// The `PQF_ASCII` entry of a byte to look at closer.\n");
    let _ = writeln!(out, "pub(crate) const PQF_CLOSER: u8 = {PQF_CLOSER:#04x};\n");
    // What each byte is to a host read byte by byte.
    let host: Vec<String> = (0..=255u8)
        .map(|b| match b {
            0x80.. => HOST_WIDE,
            b'.' => HOST_DOT,
            _ if ascii[usize::from(b)] & LABEL_BIT != 0 => HOST_LABEL,
            _ => HOST_END,
        })
        .map(|class| class.to_string())
        .collect();
    out.push_str(
        "/// What each byte is in a host: `HOST_END` (ASCII, in no label), `HOST_LABEL`\n\
         /// (an ASCII label character), `HOST_DOT` (`.`), `HOST_WIDE` (not ASCII).\n",
    );
    array(&mut out, "pub(crate) static HOST_ASCII: [u8", &host, 32);
    for (name, value) in
        [("HOST_END", HOST_END), ("HOST_LABEL", HOST_LABEL), ("HOST_DOT", HOST_DOT), ("HOST_WIDE", HOST_WIDE)]
    {
        let _ = writeln!(out, "pub(crate) const {name}: u8 = {value};");
    }
    out.push('\n');
    out.push_str("/// Trie level 1: `cp >> CHUNK_SHIFT` to a chunk of `TRIE_CHUNKS`.\n");
    array(&mut out, "pub(crate) static TRIE_INDEX: [u8", &trie.index1, 16);
    out.push_str("/// Trie level 2: chunks of block numbers into `TRIE_BLOCKS`.\n");
    array(&mut out, "pub(crate) static TRIE_CHUNKS: [u16", &trie.index2, 16);
    out.push_str("/// Trie level 3: blocks of property bytes.\n");
    array(&mut out, "pub(crate) static TRIE_BLOCKS: [u8", &hex_bytes(&trie.data), 16);

    out.push_str(
        "/// Link_Bracket: `(closer, opener)` for every Link_Term=Close code point, sorted by closer.\n",
    );
    let pairs: Vec<String> = bracket
        .iter()
        .map(|&(c, o)| Ok(format!("({:?}, {:?})", char_of(c)?, char_of(o)?)))
        .collect::<Result<_, String>>()?;
    array(&mut out, "pub(crate) static BRACKETS: [(char, char)", &pairs, 4);

    let max = tlds.iter().map(String::len).max().unwrap_or(0);
    out.push_str("/// The longest entry of `TLDS`, in bytes.\n");
    let _ = writeln!(out, "pub(crate) const TLD_MAX_LEN: usize = {max};\n");
    let min_chars = tlds.iter().map(|t| t.chars().count()).min().unwrap_or(0);
    out.push_str("/// The shortest entry of `TLDS`, in code points.\n");
    let _ = writeln!(out, "pub(crate) const TLD_MIN_CHARS: usize = {min_chars};\n");
    let max_chars = tlds.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    out.push_str("/// The longest entry of `TLDS`, in code points.\n");
    let _ = writeln!(out, "pub(crate) const TLD_MAX_CHARS: usize = {max_chars};\n");
    out.push_str(
        "/// The IANA TLDs, lowercase, as A-labels and (for `xn--` entries) U-labels, sorted by bytes.\n",
    );
    let quoted: Vec<String> = tlds.iter().map(|t| format!("{t:?}")).collect();
    array(&mut out, "pub(crate) static TLDS: [&str", &quoted, 8);
    out.push_str(
        "/// Open addressing over `TLDS` by `tld_hash::tld_slot`, linear probing:\n\
         /// each slot holds an index into `TLDS` plus one, or 0 (empty).\n",
    );
    array(&mut out, "pub(crate) static TLD_TABLE: [u16", &tld_table(tlds)?, 16);
    out.push_str(
        "/// UTS #46 mappings of non-ASCII code points whose targets occur in `TLDS`,\n\
         /// sorted by code point: a TLD written in another form maps to its entry.\n",
    );
    let pairs: Vec<String> = tld_mapping.iter().map(|(c, t)| format!("({c:?}, {t:?})")).collect();
    array(&mut out, "pub(crate) static TLD_MAPPING: [(char, &str)", &pairs, 6);
    let mut firsts: Vec<char> =
        tlds.iter().filter_map(|t| t.chars().next()).filter(|c| !c.is_ascii()).collect();
    firsts.sort_unstable();
    firsts.dedup();
    out.push_str(
        "/// The first code points of the non-ASCII entries of `TLDS`, sorted: a\n\
         /// label starting with none of them (nor with an ASCII letter, nor with\n\
         /// a code point `TLD_MAPPING` maps) is no TLD.\n",
    );
    // The same test for the code points below U+10000 as bits, in blocks
    // of 64: a block's index into the distinct non-empty blocks (0: none).
    let mut blocks = vec![0u64; 0x10000 / 64];
    for cp in 0x80..0x10000u32 {
        let Some(c) = char::from_u32(cp) else { continue };
        let lower = c.to_lowercase().next().unwrap_or(c);
        if firsts.binary_search(&lower).is_ok()
            || tld_mapping.binary_search_by_key(&c, |(from, _)| *from).is_ok()
        {
            blocks[cp as usize / 64] |= 1 << (cp % 64);
        }
    }
    let mut bits = vec![0u64];
    let index: Vec<String> = blocks
        .iter()
        .map(|&b| {
            let i = bits.iter().position(|&x| x == b).unwrap_or_else(|| {
                bits.push(b);
                bits.len() - 1
            });
            i.to_string()
        })
        .collect();
    let firsts: Vec<String> = firsts.iter().map(|c| format!("{c:?}")).collect();
    array(&mut out, "pub(crate) static TLD_FIRST_CHARS: [char", &firsts, 12);
    if bits.len() > 256 {
        return Err(format!(
            "{} distinct blocks of TLD first code points: more than a u8 indexes",
            bits.len()
        ));
    }
    out.push_str(
        "/// `TLD_FIRST_CHARS`, their other letter cases and the code points\n\
         /// `TLD_MAPPING` maps, below U+10000: bit `c % 64` of\n\
         /// `TLD_START_BITS[TLD_START_BLOCKS[c / 64]]` is set for each.\n",
    );
    array(&mut out, "pub(crate) static TLD_START_BLOCKS: [u8", &index, 32);
    out.push_str(
        "/// The distinct blocks of `TLD_START_BLOCKS`, the empty one first, then\n\
         /// empty ones up to 256: any `u8` indexes it, with no bounds check.\n",
    );
    bits.resize(256, 0);
    let bits: Vec<String> = bits.iter().map(|x| format!("{x:#018x}")).collect();
    array(&mut out, "pub(crate) static TLD_START_BITS: [u64", &bits, 4);
    // The entries of two and three ASCII letters as bit sets: most labels
    // looked up are such, and a bit is cheaper than a hash.
    let (mut two, mut three) = (vec![0u32; 26], vec![0u32; 26 * 26]);
    let letter = |b: u8| usize::from(b - b'a');
    for tld in tlds.iter().map(String::as_bytes).filter(|t| t.iter().all(u8::is_ascii_lowercase)) {
        match *tld {
            [a, b] => two[letter(a)] |= 1 << letter(b),
            [a, b, c] => three[letter(a) * 26 + letter(b)] |= 1 << letter(c),
            _ => {}
        }
    }
    out.push_str(
        "/// The entries of `TLDS` of two ASCII letters: bit `b` of entry `a` is\n\
         /// set for the TLD of letters `a` and `b` (`0` for `a`).\n",
    );
    let hex = |v: &[u32]| v.iter().map(|x| format!("{x:#09x}")).collect::<Vec<_>>();
    array(&mut out, "pub(crate) static TLDS_OF_TWO_LETTERS: [u32", &hex(&two), 8);
    out.push_str(
        "/// The entries of `TLDS` of three ASCII letters: bit `c` of entry\n\
         /// `a * 26 + b` is set for the TLD of letters `a`, `b` and `c`.\n",
    );
    array(&mut out, "pub(crate) static TLDS_OF_THREE_LETTERS: [u32", &hex(&three), 8);
    // The lengths of the entries that begin and end with ASCII letters, by
    // those letters: most labels looked up in the hash table are no TLD
    // (`.unwrap`, `.html`), and one bit tells most of them.
    let mut by_ends = vec![0u32; 26 * 26];
    for tld in tlds.iter().map(String::as_bytes) {
        if let (Some(&a), Some(&z)) = (tld.first(), tld.last())
            && a.is_ascii_lowercase()
            && z.is_ascii_lowercase()
        {
            by_ends[letter(a) * 26 + letter(z)] |= 1 << tld.len().min(31);
        }
    }
    out.push_str(
        "/// The lengths of the entries of `TLDS` that begin and end with ASCII\n\
         /// letters: bit `n` (`31` for 31 bytes or more) of entry `a * 26 + z`\n\
         /// is set for an entry of `n` bytes from letter `a` to letter `z`.\n",
    );
    array(&mut out, "pub(crate) static TLD_LENGTHS_BY_ENDS: [u32", &hex(&by_ends), 8);
    out.push_str("/// The code points UTS #46 ignores (removes from a name), as sorted inclusive ranges.\n");
    let ranges: Vec<String> = ignored
        .iter()
        .map(|&(lo, hi)| Ok(format!("({:?}, {:?})", char_of(lo)?, char_of(hi)?)))
        .collect::<Result<_, String>>()?;
    array(&mut out, "pub(crate) static IDNA_IGNORED: [(char, char)", &ranges, 4);
    out.push_str(
        "/// What a URL's display form keeps escaped (Bidi_Control, Default_Ignorable_Code_Point,\n\
         /// format and control characters, blanks, slash and lock look-alikes), as sorted inclusive ranges.\n",
    );
    let char_ranges = |set: &[Range]| -> Result<Vec<String>, String> {
        set.iter().map(|&(lo, hi)| Ok(format!("({:?}, {:?})", char_of(lo)?, char_of(hi)?))).collect()
    };
    array(&mut out, "pub(crate) static SHOWN_ESCAPED: [(char, char)", &char_ranges(shown_escaped)?, 4);
    out.push_str(
        "/// The non-ASCII code points UTS #39 (confusables.txt) confuses with one ASCII letter or digit,\n\
         /// as sorted inclusive ranges: what a host label must be made of alone to pass for a Latin one.\n\
         #[cfg(feature = \"idna\")]\n",
    );
    array(&mut out, "pub(crate) static LATIN_LOOKALIKES: [(char, char)", &char_ranges(latin_lookalikes)?, 4);
    out.truncate(out.trim_end().len());
    out.push('\n');
    Ok(out)
}

/// An inclusive range of code points.
type Range = (u32, u32);

/// The code points a set holds, as sorted inclusive ranges.
fn ranges(set: &[bool]) -> Vec<Range> {
    let mut out: Vec<Range> = Vec::new();
    for cp in (0..set.len() as u32).filter(|&cp| set[cp as usize]) {
        match out.last_mut() {
            Some(range) if range.1 + 1 == cp => range.1 = cp,
            _ => out.push((cp, cp)),
        }
    }
    out
}

/// The open-addressing table of `TLDS` (see `tld_hash.rs`).
fn tld_table(tlds: &[String]) -> Result<Vec<u16>, String> {
    let mut table = vec![0u16; tld_hash::TLD_TABLE_SLOTS];
    if tlds.len() * 2 > table.len() {
        return Err("too many TLDs for the hash table".into());
    }
    for (i, tld) in tlds.iter().enumerate() {
        let mut slot = tld_hash::tld_slot(tld.bytes());
        while table[slot] != 0 {
            slot = (slot + 1) % table.len();
        }
        table[slot] = u16::try_from(i + 1).map_err(|_| "too many TLDs")?;
    }
    Ok(table)
}

fn hex_bytes(bytes: &[u8]) -> Vec<String> {
    bytes.iter().map(|b| format!("{b:#04x}")).collect()
}

fn char_of(cp: u32) -> Result<char, String> {
    char::from_u32(cp).ok_or_else(|| format!("U+{cp:04X} is not a character"))
}
