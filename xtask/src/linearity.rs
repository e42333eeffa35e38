//! `cargo xtask linearity [FILTER]`: the deterministic linearity check.
//!
//! Builds the `hostile` example, runs it under
//! `valgrind --tool=callgrind` (one run a core, each over a shard of the
//! cases) with collection only inside `hostile_measure` and a profile
//! dumped after each call, and compares the
//! instructions of each case at 64 KiB and 128 KiB. Doubling the input may
//! at most multiply the instructions by [`LIMIT`]: a work count, the same
//! on every run, not a timing.

use std::path::Path;
use std::process::Command;

/// The most instructions may grow when the input doubles.
const LIMIT: f64 = 2.3;

/// A shard's case names and the instructions of each, in order.
type Shard = (Vec<String>, Vec<u64>);

pub fn check(root: &Path, filter: &str) -> Result<(), String> {
    let status = Command::new(env!("CARGO"))
        .current_dir(root)
        .args(["build", "--release", "--quiet", "-p", "linkscan", "--example", "hostile"])
        .args(["--features", "pulldown-cmark,comrak,html-fragment"])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err("building the hostile example failed".into());
    }
    let binary = root.join("target/release/examples/hostile");
    // One valgrind a core, each over a shard of the cases: a run is single
    // threaded, and its counts are the same whichever process makes them.
    let shards = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let runs: Vec<Result<Shard, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..shards)
            .map(|i| {
                let (binary, shard) = (&binary, format!("{i}/{shards}"));
                let dir = root.join(format!("target/linearity/{i}"));
                scope.spawn(move || {
                    let list = Command::new(binary)
                        .args(["list", filter, &shard])
                        .output()
                        .map_err(|e| format!("hostile list: {e}"))?;
                    let cases = String::from_utf8_lossy(&list.stdout).lines().map(str::to_string).collect();
                    let counts =
                        count_calls(&dir, binary, "hostile_measure", &["callgrind", filter, &shard], &[])?;
                    Ok((cases, counts))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a shard panicked".into()))).collect()
    });
    let (mut cases, mut counts) = (Vec::new(), Vec::new());
    for run in runs {
        let (shard_cases, shard_counts) = run?;
        if shard_counts.len() != shard_cases.len() {
            return Err(format!("{} cases but {} callgrind dumps", shard_cases.len(), shard_counts.len()));
        }
        cases.extend(shard_cases);
        counts.extend(shard_counts);
    }
    if cases.is_empty() {
        return Err(format!("no case matches {filter:?}"));
    }

    println!("| case | Ir at 64 KiB | Ir at 128 KiB | ratio |");
    println!("|---|---:|---:|---:|");
    let mut failures = Vec::new();
    for (pair, names) in counts.chunks(2).zip(cases.chunks(2)) {
        let id = names[0].rsplit_once(' ').map_or(names[0].as_str(), |(id, _)| id);
        let ratio = pair[1] as f64 / pair[0].max(1) as f64;
        println!("| {id} | {} | {} | {ratio:.3} |", pair[0], pair[1]);
        if ratio > LIMIT {
            failures.push(format!("{id}: ×{ratio:.2}"));
        }
    }
    println!("\n{} cases, {} over ×{LIMIT} when the input doubles", cases.len() / 2, failures.len());
    if failures.is_empty() { Ok(()) } else { Err(format!("not linear: {}", failures.join(", "))) }
}

/// Runs `binary args…` under callgrind in a fresh `dir`, collecting only
/// inside `symbol` with a profile dumped after each call: the instructions
/// of each call, in order.
pub fn count_calls(
    dir: &Path,
    binary: &Path,
    symbol: &str,
    args: &[&str],
    envs: &[(&str, &Path)],
) -> Result<Vec<u64>, String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let output = Command::new("valgrind")
        .current_dir(dir)
        .envs(envs.iter().copied())
        .arg("--tool=callgrind")
        .arg("--collect-atstart=no")
        .arg(format!("--toggle-collect={symbol}"))
        .arg(format!("--dump-after={symbol}"))
        .arg("--callgrind-out-file=callgrind.out.%p")
        .arg(binary)
        .args(args)
        .output()
        .map_err(|e| format!("valgrind (install it: apt-get install valgrind): {e}"))?;
    if !output.status.success() {
        return Err(format!("valgrind failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    dumped_counts(dir)
}

/// The instruction count of each dump, in the order the dumps were made.
fn dumped_counts(dir: &Path) -> Result<Vec<u64>, String> {
    let mut dumps: Vec<(u64, u64)> = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // `part: N` numbers the dumps; the last, made at exit, collected nothing.
        let field =
            |key: &str| text.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().parse().ok());
        let (Some(part), Some(total)) = (field("part:"), field("totals:").or_else(|| field("summary:")))
        else {
            continue;
        };
        let trigger = text.lines().any(|l| l.starts_with("desc: Trigger: Program termination"));
        if !trigger {
            dumps.push((part, total));
        }
    }
    dumps.sort_unstable();
    Ok(dumps.into_iter().map(|(_, total)| total).collect())
}
