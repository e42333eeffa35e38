//! Markdown tables from criterion's results: throughput per benchmark, and
//! the ratios of linkscan to its peers measured in the same run.

use std::collections::BTreeMap;
use std::path::Path;

/// One benchmark: its group, its function (or parameter), bytes per
/// iteration and median time per iteration in nanoseconds.
struct Result {
    group: String,
    function: String,
    bytes: f64,
    nanos: f64,
}

impl Result {
    fn mb_per_s(&self) -> f64 {
        self.bytes / self.nanos * 1e9 / 1e6
    }
}

/// The text after `key` up to the next `"`, `,` or `}`.
fn field<'a>(json: &'a str, key: &str) -> Option<&'a str> {
    let rest = &json[json.find(key)? + key.len()..];
    Some(&rest[..rest.find(['"', ',', '}'])?])
}

fn load(dir: &Path) -> std::result::Result<Vec<Result>, String> {
    let mut results = Vec::new();
    let groups =
        std::fs::read_dir(dir).map_err(|e| format!("{}: {e} (run `cargo bench` first)", dir.display()))?;
    for group in groups.flatten() {
        for bench in std::fs::read_dir(group.path()).into_iter().flatten().flatten() {
            let new = bench.path().join("new");
            let (Ok(meta), Ok(estimates)) = (
                std::fs::read_to_string(new.join("benchmark.json")),
                std::fs::read_to_string(new.join("estimates.json")),
            ) else {
                continue;
            };
            let median = &estimates[estimates.find("\"median\"").unwrap_or(0)..];
            let parsed = (|| {
                Some(Result {
                    group: field(&meta, "\"group_id\":\"")?.to_string(),
                    function: field(&meta, "\"function_id\":\"")
                        .or_else(|| field(&meta, "\"value_str\":\""))?
                        .to_string(),
                    bytes: field(&meta, "\"Bytes\":")?.parse().ok()?,
                    nanos: field(median, "\"point_estimate\":")?.parse().ok()?,
                })
            })();
            results.extend(parsed);
        }
    }
    Ok(results)
}

/// A group's results by function.
type Row<'a> = BTreeMap<&'a str, &'a Result>;

fn rate(r: Option<&&Result>) -> String {
    r.map_or("–".into(), |r| format!("{:.0}", r.mb_per_s()))
}

fn ratio(a: Option<&&Result>, b: Option<&&Result>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}×", b.nanos / a.nanos),
        _ => "–".into(),
    }
}

pub fn print(dir: &Path) -> std::result::Result<(), String> {
    let results = load(dir)?;
    let mut groups: BTreeMap<&str, BTreeMap<&str, &Result>> = BTreeMap::new();
    for r in &results {
        groups.entry(&r.group).or_default().insert(&r.function, r);
    }
    // Groups whose functions are "ours" and "peer": a side-by-side table per prefix.
    let mut prefixes: BTreeMap<&str, Vec<(&str, &Row)>> = BTreeMap::new();
    for (group, functions) in &groups {
        let (prefix, name) = group.split_once('/').unwrap_or((group, ""));
        prefixes.entry(prefix).or_default().push((name, functions));
    }
    for (prefix, rows) in prefixes {
        let functions: Vec<&str> = {
            let mut f: Vec<&str> = rows.iter().flat_map(|(_, fs)| fs.keys().copied()).collect();
            f.sort_by_key(|name| (name.parse::<u64>().unwrap_or(0), name.to_string()));
            f.dedup();
            f
        };
        println!("\n{prefix} (MB/s, median of criterion samples)\n");
        let pairs: Vec<(&str, &str)> = [
            ("linkscan", "linkify"),
            ("linkscan-scheme", "linkify-scheme"),
            ("pulldown-cmark+linkscan", "comrak"),
            ("pulldown-cmark+linkscan", "pulldown-cmark"),
            ("comrak+linkscan", "comrak"),
        ]
        .into_iter()
        .filter(|(a, b)| functions.contains(a) && functions.contains(b))
        .collect();
        print!("| {prefix} |");
        for f in &functions {
            print!(" {f} |");
        }
        for (a, b) in &pairs {
            print!(" {a} ÷ {b} |");
        }
        println!();
        println!("|---|{}", "---:|".repeat(functions.len() + pairs.len()));
        for (name, fs) in rows {
            print!("| {name} |");
            for f in &functions {
                print!(" {} |", rate(fs.get(f)));
            }
            for (a, b) in &pairs {
                print!(" {} |", ratio(fs.get(a), fs.get(b)));
            }
            println!();
        }
    }
    Ok(())
}
