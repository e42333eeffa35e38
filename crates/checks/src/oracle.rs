//! cmark-gfm 0.29.0.gfm.13, the reference for the GFM dialect, built on
//! first use into `target/oracles/cmark-gfm` for the differential test
//! (`tests/cmark_gfm_differential.rs`).
//!
//! The C sources come from the PyPI source distribution of `cmarkgfm`
//! 2025.10.22 (its `third_party/cmark/`, whose version header says
//! 0.29.0.gfm.13, with the generated headers of `generated/unix/`),
//! fetched with `pip download` at run time and compiled with `cc`: none of
//! it is kept in the repository.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const SDIST: &str = "cmarkgfm==2025.10.22";
const SDIST_DIR: &str = "cmarkgfm-2025.10.22";
const VERSION: &str = "0.29.0.gfm.13";

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?}: {status}")) }
}

/// The path of the `cmark-gfm` program, built first if it is not there
/// (needs `python3 -m pip` and a C compiler, `cc` or `$CC`). Tests of one
/// process that ask at once wait for a single build.
pub fn cmark_gfm() -> Result<PathBuf, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT.get_or_init(build_cmark_gfm).clone()
}

fn build_cmark_gfm() -> Result<PathBuf, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"), PathBuf::from);
    let dir = target.join("oracles");
    let binary = dir.join("cmark-gfm");
    if binary.exists() {
        return Ok(binary);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let archive = dir.join(format!("{SDIST_DIR}.tar.gz"));
    if !archive.exists() {
        let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run(Command::new(python)
            .args(["-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", SDIST, "-d"])
            .arg(&dir))?;
    }
    run(Command::new("tar").arg("xzf").arg(&archive).arg("-C").arg(&dir))?;
    let sources = dir.join(SDIST_DIR);
    let cmark = sources.join("third_party/cmark");
    let header = std::fs::read_to_string(sources.join("generated/unix/cmark-gfm_version.h"))
        .map_err(|e| format!("the version header: {e}"))?;
    if !header.contains(&format!("\"{VERSION}\"")) {
        return Err(format!("{SDIST} does not hold cmark-gfm {VERSION}"));
    }
    // Built under another name and renamed: another process using it at
    // the same time never runs a half-written program.
    let building = dir.join(format!("cmark-gfm.{}", std::process::id()));
    let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cc.args(["-O2", "-w", "-o"]).arg(&building);
    for include in [sources.join("generated/unix"), cmark.join("src"), cmark.join("extensions")] {
        cc.arg("-I").arg(include);
    }
    for folder in ["src", "extensions"] {
        let mut files: Vec<_> = std::fs::read_dir(cmark.join(folder))
            .map_err(|e| format!("{folder}: {e}"))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|e| e == "c"))
            .collect();
        files.sort();
        cc.args(files);
    }
    run(&mut cc)?;
    std::fs::rename(&building, &binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    Ok(binary)
}
