//! Every `$ command` shown in a `text` block of the README and the guide
//! (`docs/*.md`) is run from the repository's root with the built
//! `linkscan` first on `PATH`, and its output compared with the lines shown
//! after it: all of them, or up to a line `…`, which stands for the rest. A
//! command shown without output must succeed (exit 0, or 1: "no link",
//! as grep's).

use std::path::{Path, PathBuf};
use std::process::Command;

/// `(page, line, command, expected output lines, whether `…` ends them)`.
type Transcript = (String, usize, String, Vec<String>, bool);

fn transcripts(page: &Path) -> Vec<Transcript> {
    let text = std::fs::read_to_string(page).expect("a page of the guide");
    let mut found = Vec::new();
    let mut in_text = false;
    let mut current: Option<Transcript> = None;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_text = !in_text && line == "```text";
            found.extend(current.take());
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            let name = page.file_name().unwrap_or_default().to_string_lossy().into_owned();
            current = Some((name, number + 1, command.to_string(), Vec::new(), false));
        } else if let Some((_, _, _, output, elided)) = &mut current {
            if line == "…" {
                *elided = true;
            } else if !*elided {
                output.push(line.to_string());
            }
        }
    }
    found
}

/// The `linkscan` binary of this build (the workspace's tests build it).
fn linkscan(root: &Path) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let binary = target.join("debug/linkscan");
    if !binary.exists() {
        let status = Command::new(env!("CARGO"))
            .current_dir(root)
            .args(["build", "--quiet", "-p", "linkscan-cli"])
            .status()
            .expect("cargo build -p linkscan-cli");
        assert!(status.success(), "building linkscan failed");
    }
    binary
}

#[test]
fn every_command_in_the_readme_and_the_guide_prints_what_is_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository");
    let binary = linkscan(&root);
    let path = format!(
        "{}:{}",
        binary.parent().expect("its directory").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut pages = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let mut checked = 0;
    for page in &pages {
        for (name, line, command, expected, elided) in transcripts(page) {
            if !command.contains("linkscan") {
                continue;
            }
            let out = Command::new("sh")
                .current_dir(&root)
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .args(["-c", &command])
                .output()
                .expect("sh runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let got: Vec<&str> = stdout.lines().collect();
            let what = format!("{name}:{line}: $ {command}\n{}", String::from_utf8_lossy(&out.stderr));
            if expected.is_empty() {
                assert!(matches!(out.status.code(), Some(0 | 1)), "{what}: {}", out.status);
            } else if elided {
                assert!(got.len() >= expected.len(), "{what}: {got:?}");
                assert_eq!(got[..expected.len()], expected, "{what}");
            } else {
                assert_eq!(got, expected, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} commands found");
}
