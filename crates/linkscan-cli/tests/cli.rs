//! The `linkscan` binary, run as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `linkscan args…` with `stdin` as standard input.
fn linkscan(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("it finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn find_marked_prints_the_uts58_example() {
    let out = linkscan(
        &["find", "--format", "marked"],
        "See www.example.com/αβγ). Or mail アルベルト@example.com.\n",
    );
    assert_eq!(stdout(&out), "See ⸠www.example.com/αβγ⸡). Or mail ⸠アルベルト@example.com⸡.\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn find_jsonl_has_one_object_per_link() {
    let out = linkscan(&["find"], "a example.com/\"x\" b\nmail a@b.org\n");
    assert_eq!(
        stdout(&out),
        "{\"file\":\"<stdin>\",\"line\":1,\"start\":2,\"end\":16,\"kind\":\"url\",\"text\":\"example.com/\\\"x\",\"href\":\"https://example.com/\\\"x\"}\n\
         {\"file\":\"<stdin>\",\"line\":2,\"start\":25,\"end\":32,\"kind\":\"email\",\"text\":\"a@b.org\",\"href\":\"mailto:a@b.org\"}\n"
    );
}

#[test]
fn find_exit_codes_and_errors() {
    let none = linkscan(&["find"], "no links here\n");
    assert_eq!(none.status.code(), Some(1));
    let missing = linkscan(&["find", "/nonexistent/file.txt", &example("sample.txt")], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/file.txt"));
    assert!(stdout(&missing).contains("https://example.com/releases/v2.0"), "the good file is still read");
}

#[test]
fn markdown_gfm_prints_the_issue_example() {
    let out = linkscan(&["markdown", "--dialect", "gfm"], "Visit www.commonmark.org/a.b.\n");
    assert_eq!(
        stdout(&out),
        "<p>Visit <a href=\"http://www.commonmark.org/a.b\">www.commonmark.org/a.b</a>.</p>\n"
    );
    let md4c = linkscan(&["markdown", "--dialect", "md4c", "--kinds", "email"], "**a@b.co** *c@d.co\n");
    assert_eq!(stdout(&md4c), "<p><strong><a href=\"mailto:a@b.co\">a@b.co</a></strong> *c@d.co</p>\n");
}

#[test]
fn format_prints_display_forms() {
    let out = linkscan(&["format", "https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6."], "");
    assert_eq!(stdout(&out), "https://example.com/αβγ/δ.εζ%2E\n");
    let stdin = linkscan(&["format"], "https://x.com/%E3%82%A2\r\nhttps://x.com/a%20b\n");
    assert_eq!(stdout(&stdin), "https://x.com/ア\nhttps://x.com/a%20b\n");
    let email = linkscan(&["format", "--email", "john doe@example.com", "no-at"], "");
    assert_eq!(stdout(&email), "\"john doe\"@example.com\n");
    assert_eq!(email.status.code(), Some(2));
}

#[test]
fn bad_options_are_clear_errors() {
    let out = linkscan(&["find", "--kinds", "url,ftp"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown link kind \"ftp\""));
    let tlds = linkscan(&["find", "--tlds", "/nonexistent/tlds.txt"], "x");
    assert!(String::from_utf8_lossy(&tlds.stderr).contains("--tlds /nonexistent/tlds.txt"));
}

#[test]
fn version_names_the_data() {
    let out = linkscan(&["--version"], "");
    assert!(stdout(&out).contains("Unicode 17.0.0") && stdout(&out).contains("IANA TLD list 2026-11-01"));
}
