//! Real-world Markdown written by others: the README and docs Markdown
//! files of the crates in this workspace's dependency tree, found through
//! `cargo metadata` (shared by the comrak differential test and the
//! Markdown benchmark).

use std::path::{Path, PathBuf};

/// The Markdown files of the packages in the dependency tree (not ours).
pub fn corpus() -> Vec<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Only this platform's packages: the others may not be downloaded.
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc).arg("-vV").output().expect("rustc -vV runs");
    let host = String::from_utf8_lossy(&version.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc -vV names the host");
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--filter-platform",
            &host,
            "--manifest-path",
            manifest,
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata JSON");
    let mut files = Vec::new();
    for package in metadata["packages"].as_array().expect("packages") {
        if package["source"].is_null() {
            continue; // this workspace
        }
        let dir = Path::new(package["manifest_path"].as_str().expect("manifest_path")).parent().expect("dir");
        let mut dirs = vec![dir.to_path_buf(), dir.join("docs"), dir.join("doc")];
        while let Some(d) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() && d != dir {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("md")) {
                    files.push(path);
                }
            }
        }
    }
    files.sort();
    files
}

/// The corpus files' contents (those that are UTF-8).
#[allow(dead_code)]
pub fn texts() -> Vec<String> {
    corpus().iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}
