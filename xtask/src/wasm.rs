//! `cargo xtask wasm`: builds `crates/linkscan-js` for `wasm32-unknown-unknown`
//! and puts its four modules in the npm package (`crates/linkscan-js/npm/`):
//! `linkscan.wasm` without Markdown, `linkscan-markdown.wasm` with it
//! (pulldown-cmark doubles the size, so only `linkscan/markdown` loads it),
//! `linkscan-comrak.wasm` with comrak (GitHub's blocks and HTML exactly:
//! only `linkscan/comrak` loads it) and `linkscan-explain.wasm` with
//! `explain` (a second copy of the scan, which keeps its decisions: only
//! `linkscan/explain` loads it).
//!
//! With the target installed (`rustup target add wasm32-unknown-unknown`)
//! this is a plain `cargo build`. Without it — rustup cannot reach its
//! server on every machine — it uses Debian's `rustc-web` and
//! `rust-web-src` (`apt-get install rustc-web rust-web-src`): that `rustc`
//! builds the standard library from its sources (`-Zbuild-std`) and links
//! with the `rust-lld` of the default toolchain.

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";

/// Where the target's standard library comes from.
enum Std {
    /// Installed by rustup.
    Installed,
    /// Built by Debian's `rustc` from its sources, linked by this `rust-lld`.
    Debian { lld: PathBuf },
}

pub fn build(root: &Path) -> Result<(), String> {
    let std = find_std()?;
    match &std {
        Std::Installed => println!("wasm: the installed {TARGET} target"),
        Std::Debian { lld } => {
            println!(
                "wasm: Debian's {DEBIAN_RUSTC} building std from rust-web-src, linked by {}",
                lld.display()
            )
        }
    }
    if matches!(std, Std::Debian { .. }) && !root.join("target/wasm").exists() {
        println!(
            "wasm: the first build compiles the standard library too (a few minutes; cargo shows each crate)"
        );
    }
    build_module(root, &std, &["--no-default-features"], "linkscan.wasm", "1 of 4")?;
    build_module(root, &std, &[], "linkscan-markdown.wasm", "2 of 4, with Markdown")?;
    let comrak = ["--no-default-features", "--features", "comrak"];
    build_module(root, &std, &comrak, "linkscan-comrak.wasm", "3 of 4, with comrak")?;
    let explain = ["--no-default-features", "--features", "explain"];
    build_module(root, &std, &explain, "linkscan-explain.wasm", "4 of 4, with explain")?;
    for licence in ["LICENSE", "LICENSE-UNICODE"] {
        let package = root.join("crates/linkscan-js/npm").join(licence);
        std::fs::copy(root.join(licence), &package).map_err(|e| format!("{}: {e}", package.display()))?;
    }
    Ok(())
}

/// Builds the crate with `features` and copies the module to the package as
/// `name`; `which` says which module it is on the way.
fn build_module(root: &Path, std: &Std, features: &[&str], name: &str, which: &str) -> Result<(), String> {
    println!("wasm: building {name} ({which})");
    let started = std::time::Instant::now();
    let target_dir = root.join("target/wasm");
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cargo
        .current_dir(root)
        .args(["build", "--locked", "--profile", "wasm", "-p", "linkscan-js"])
        .args(features);
    cargo.args(["--target", TARGET]).arg("--target-dir").arg(&target_dir);
    // WebAssembly SIMD (every browser since 2023, Node 16.4): memchr's
    // searches are vectorised, 3-4× the speed of the scalar module.
    cargo.env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS", "-C target-feature=+simd128");
    if let Std::Debian { lld } = std {
        cargo.env("RUSTC", DEBIAN_RUSTC).env("RUSTC_BOOTSTRAP", "1");
        cargo.args(["-Zbuild-std=std,panic_abort"]);
        cargo.env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", lld);
    }
    let status = cargo.status().map_err(|e| format!("cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build for {TARGET} failed ({status})"));
    }
    let built = target_dir.join(TARGET).join("wasm/linkscan_js.wasm");
    let package = root.join("crates/linkscan-js/npm").join(name);
    std::fs::copy(&built, &package)
        .map_err(|e| format!("{} to {}: {e}", built.display(), package.display()))?;
    let size = std::fs::metadata(&package).map_err(|e| e.to_string())?.len();
    println!("wasm: {} ({size} bytes, {:.0} s)", package.display(), started.elapsed().as_secs_f64());
    Ok(())
}

/// The installed standard library for the target, or Debian's route to one.
fn find_std() -> Result<Std, String> {
    if has_target("rustc") {
        return Ok(Std::Installed);
    }
    if !(Path::new(DEBIAN_RUSTC).exists() && has_sources(DEBIAN_RUSTC)) {
        return Err(format!(
            "no {TARGET} standard library: `rustup target add {TARGET}`, or on Debian \
             `apt-get install rustc-web rust-web-src`"
        ));
    }
    let version = output("rustc", &["-vV"])?;
    let host = version.lines().find_map(|l| l.strip_prefix("host: ")).ok_or("rustc -vV: no host")?;
    let lld = Path::new(&output("rustc", &["--print", "sysroot"])?)
        .join(format!("lib/rustlib/{host}/bin/rust-lld"));
    if !lld.exists() {
        return Err(format!("{}: no rust-lld in the default toolchain", lld.display()));
    }
    Ok(Std::Debian { lld })
}

/// Whether `rustc` has the target's standard library installed.
fn has_target(rustc: &str) -> bool {
    output(rustc, &["--print", "target-libdir", "--target", TARGET])
        .is_ok_and(|dir| std::fs::read_dir(dir).is_ok_and(|mut d| d.any(|e| e.is_ok_and(is_core))))
}

fn is_core(entry: std::fs::DirEntry) -> bool {
    entry.file_name().to_string_lossy().starts_with("libcore-")
}

/// Whether `rustc` has the standard library's sources (for `-Zbuild-std`).
fn has_sources(rustc: &str) -> bool {
    output(rustc, &["--print", "sysroot"])
        .is_ok_and(|sysroot| Path::new(&sysroot).join("lib/rustlib/src/rust/library/std").exists())
}

fn output(program: &str, args: &[&str]) -> Result<String, String> {
    let out = Command::new(program).args(args).output().map_err(|e| format!("{program}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{program} {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}
