//! `cargo xtask instructions [FILTER]`: the deterministic benchmark.
//!
//! Builds `crates/checks/examples/instructions.rs`, runs each workload once
//! under `valgrind --tool=callgrind` with collection only inside
//! `instructions_measure`, and prints instructions per byte: linkscan next
//! to linkify (and the `memchr` floor) on every benchmark corpus, and the
//! Markdown renderers on the real-world corpus. Counts, not timings: the
//! same on every run, whatever else the machine is doing.

use crate::linearity::count_calls;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

pub fn run(root: &Path, filter: &str) -> Result<(), String> {
    let status = Command::new(env!("CARGO"))
        .current_dir(root)
        .args([
            "build",
            "--release",
            "--quiet",
            "--locked",
            "-p",
            "linkscan-checks",
            "--example",
            "instructions",
        ])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("building the instructions example failed".into());
    }
    let binary = root.join("target/release/examples/instructions");
    let list = Command::new(&binary)
        .current_dir(root)
        .args(["list", filter])
        .output()
        .map_err(|e| format!("instructions list: {e}"))?;
    // (Each line: the name, the input's bytes and how many texts it has.)
    let workloads: Vec<(String, u64, u64)> = String::from_utf8_lossy(&list.stdout)
        .lines()
        .filter_map(|l| {
            let (rest, texts) = l.rsplit_once(' ')?;
            let (name, size) = rest.rsplit_once(' ')?;
            Some((name.to_string(), size.parse().ok()?, texts.parse().ok()?))
        })
        .collect();
    if workloads.is_empty() {
        return Err(format!("no workload matches {filter:?}"));
    }
    let checks = root.join("crates/checks");
    let counts = count_calls(
        &root.join("target/instructions"),
        &binary,
        "instructions_measure",
        &["run", filter],
        &[("CARGO_MANIFEST_DIR", &checks)],
    )?;
    if counts.len() != workloads.len() {
        return Err(format!("{} workloads but {} callgrind dumps", workloads.len(), counts.len()));
    }
    let per_byte: BTreeMap<&str, f64> = workloads
        .iter()
        .zip(&counts)
        .map(|((name, size, _), &ir)| (name.as_str(), ir as f64 / *size as f64))
        .collect();

    // Link finders: a row per corpus.
    let mut corpora: Vec<&str> = Vec::new();
    for (name, _, _) in &workloads {
        if let Some(corpus) = name.strip_prefix("find/").and_then(|rest| rest.split('/').next())
            && !corpora.contains(&corpus)
        {
            corpora.push(corpus);
        }
    }
    if !corpora.is_empty() {
        println!(
            "| corpus | linkscan | linkify | linkify ÷ linkscan | linkscan, scheme required | linkify, scheme required | linkify ÷ linkscan | memchr floor |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|");
        for &corpus in &corpora {
            let get = |peer: &str| {
                per_byte.get(format!("find/{corpus}/{peer}").as_str()).copied().unwrap_or(f64::NAN)
            };
            let (ours, theirs) = (get("linkscan"), get("linkify"));
            let (ours_s, theirs_s) = (get("linkscan-scheme"), get("linkify-scheme"));
            println!(
                "| {corpus} | {ours:.2} | {theirs:.2} | {:.2}× | {ours_s:.2} | {theirs_s:.2} | {:.2}× | {:.3} |",
                theirs / ours,
                theirs_s / ours_s,
                get("memchr")
            );
        }
    }
    // The streaming finder: the same links, fed whole, in 64-byte chunks
    // and in 8-byte ones (a token of a chat answer is a few bytes).
    let streamed: Vec<&str> = corpora
        .iter()
        .copied()
        .filter(|c| per_byte.contains_key(format!("find/{c}/linkscan-stream").as_str()))
        .collect();
    if !streamed.is_empty() {
        println!(
            "\n| corpus | links() | LinkStream, one chunk | ÷ links() | 64-byte chunks | ÷ links() | 8-byte chunks | ÷ links() |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|");
        for corpus in streamed {
            let get = |peer: &str| {
                per_byte.get(format!("find/{corpus}/{peer}").as_str()).copied().unwrap_or(f64::NAN)
            };
            let links = get("linkscan");
            let [whole, chunks, tokens] =
                ["linkscan-stream", "linkscan-stream-64", "linkscan-stream-8"].map(get);
            println!(
                "| {corpus} | {links:.2} | {whole:.2} | {:.3}× | {chunks:.2} | {:.3}× | {tokens:.2} | {:.3}× |",
                whole / links,
                chunks / links,
                tokens / links
            );
        }
    }
    // Messages: a call of `links` on each, its cost next to linkify's and
    // to that of the same bytes in one call on the whole corpus.
    let messages: Vec<(&str, f64, f64)> = workloads
        .iter()
        .zip(&counts)
        .filter(|((name, ..), _)| name.starts_with("messages/"))
        .map(|((name, size, texts), &ir)| {
            (name.as_str(), *size as f64 / *texts as f64, ir as f64 / *texts as f64)
        })
        .collect();
    if !messages.is_empty() {
        println!(
            "\n| corpus, in messages | bytes a message | linkscan, Ir a message | linkify, Ir a message | linkify ÷ linkscan | links() on the whole, Ir for those bytes |"
        );
        println!("|---|---:|---:|---:|---:|---:|");
        for &(name, bytes, ours) in &messages {
            let Some(corpus) = name.strip_prefix("messages/").and_then(|n| n.strip_suffix("/linkscan"))
            else {
                continue;
            };
            let linkify = format!("messages/{corpus}/linkify");
            let theirs = messages.iter().find(|(n, ..)| *n == linkify).map_or(f64::NAN, |&(_, _, ir)| ir);
            let whole =
                per_byte.get(format!("find/{corpus}/linkscan").as_str()).map_or(f64::NAN, |ir| ir * bytes);
            println!(
                "| {corpus} | {bytes:.0} | {ours:.0} | {theirs:.0} | {:.2}× | {whole:.0} |",
                theirs / ours
            );
        }
    }
    // Markdown: instructions per byte, and over pulldown-cmark alone.
    let alone = per_byte.get("markdown/pulldown-cmark").copied();
    let markdown: Vec<_> = per_byte.iter().filter(|(name, _)| name.starts_with("markdown/")).collect();
    if !markdown.is_empty() {
        println!("\n| Markdown, real-world corpus | Ir/byte | over pulldown-cmark alone |");
        println!("|---|---:|---:|");
        for (name, ir) in markdown {
            let over = alone.map_or(String::from("—"), |a| format!("{:+.1}%", (ir / a - 1.0) * 100.0));
            println!("| {} | {ir:.1} | {over} |", name.trim_start_matches("markdown/"));
        }
    }
    Ok(())
}
