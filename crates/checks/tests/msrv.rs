//! The declared minimum Rust versions hold for what the crates build. CI
//! builds the library and the CLI with that toolchain where rustup can
//! download it; besides, clippy's `incompatible_msrv` lint (CI's clippy
//! step, `-D warnings`) refuses standard-library API newer than a crate's
//! `rust-version`, and this test refuses a dependency (normal or build,
//! with every feature on, as locked) that declares a newer one (not every
//! crate declares one: `ignore` does not).

use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::process::Command;

/// `1.85` → `(1, 85, 0)`.
fn version(v: &str) -> (u32, u32, u32) {
    let mut parts = v.split('.').map(|p| p.parse::<u32>().expect("a version number"));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

#[test]
fn no_dependency_needs_a_newer_rust_than_the_crate_declares() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--all-features"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let packages: HashMap<&str, &Value> =
        metadata["packages"].as_array().unwrap().iter().map(|p| (p["id"].as_str().unwrap(), p)).collect();
    let nodes: HashMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    for crate_name in ["linkscan", "linkscan-cli"] {
        let (&root, package) = packages.iter().find(|(_, p)| p["name"] == crate_name).expect("a member");
        let declared = package["rust_version"].as_str().expect("a declared rust-version");
        // What building the crate compiles: its normal and build dependencies.
        let (mut seen, mut stack) = (BTreeSet::new(), vec![root]);
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            for dep in nodes[id]["deps"].as_array().unwrap() {
                let kinds = dep["dep_kinds"].as_array().unwrap();
                if kinds.iter().any(|k| k["kind"].is_null() || k["kind"] == "build") {
                    stack.push(dep["pkg"].as_str().unwrap());
                }
            }
        }
        assert!(seen.len() > 1, "{crate_name} has dependencies");
        let newer: Vec<String> = seen
            .iter()
            .filter_map(|id| {
                let p = packages[id];
                let needs = p["rust_version"].as_str()?;
                (version(needs) > version(declared))
                    .then(|| format!("{} {} needs {needs}", p["name"], p["version"]))
            })
            .collect();
        assert!(newer.is_empty(), "{crate_name} declares rust-version {declared}, but {newer:?}");
    }
}
