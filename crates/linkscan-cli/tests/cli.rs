//! The `linkscan` binary, run as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `linkscan args…` with `stdin` as standard input.
fn linkscan(args: &[&str], stdin: &str) -> Output {
    linkscan_to(args, stdin, Stdio::piped())
}

/// [`linkscan`] with `stdout` as standard output.
fn linkscan_to(args: &[&str], stdin: &str, stdout: Stdio) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from a thread while the output is read: a large input whose
    // output fills the pipe first would otherwise wait on itself. A process
    // that exits early (a bad option) may close its input first.
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_owned();
    let writer = std::thread::spawn(move || match input.write_all(stdin.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    });
    let output = child.wait_with_output().expect("it finishes");
    writer.join().expect("stdin written");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn example(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A scratch file with these contents.
fn scratch(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("linkscan-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap_or(&dir)).expect("temp dir");
    std::fs::write(&path, contents).expect("write scratch file");
    path
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
    let out = linkscan(&["find", "--format", "jsonl"], "a example.com/\"x\" b\nmail a@b.org\n");
    assert_eq!(
        stdout(&out),
        "{\"file\":\"<stdin>\",\"line\":1,\"col\":3,\"start\":2,\"end\":16,\"kind\":\"url\",\"text\":\"example.com/\\\"x\",\"href\":\"https://example.com/\\\"x\"}\n\
         {\"file\":\"<stdin>\",\"line\":2,\"col\":6,\"start\":25,\"end\":32,\"kind\":\"email\",\"text\":\"a@b.org\",\"href\":\"mailto:a@b.org\"}\n"
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
fn markdown_is_safe_unless_unsafe() {
    let md = "[a](javascript:alert(1)) <javascript:x> <b>x</b> a\0b\n\n<script>alert(2)</script>\n";
    let safe = stdout(&linkscan(&["markdown", "-a"], md));
    assert_eq!(
        safe,
        "<p><a href=\"\">a</a> <a href=\"\">javascript:x</a> <!-- raw HTML omitted -->x<!-- raw HTML omitted --> \
         a\u{FFFD}b</p>\n<!-- raw HTML omitted -->\n"
    );
    let raw = stdout(&linkscan(&["markdown", "-a", "--unsafe"], md));
    assert!(
        raw.contains("href=\"javascript:alert(1)\"") && raw.contains("<script>alert(2)</script>"),
        "{raw}"
    );
    // A script default scheme is refused where it is given.
    let out = linkscan(&["markdown", "--dialect", "gfm", "--default-scheme", "javascript:"], "www.x.com\n");
    assert_eq!(out.status.code(), Some(2));
    // Plain text: NUL and other controls become U+FFFD in HTML.
    let html = stdout(&linkscan(&["html", "-a"], "a\0x.com\u{1}\n"));
    assert_eq!(html, "a\u{FFFD}<a href=\"https://x.com\">x.com</a>\u{FFFD}\n");
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
    let tlds = linkscan(&["find", "--tlds-file", "/nonexistent/tlds.txt"], "x");
    assert!(String::from_utf8_lossy(&tlds.stderr).contains("--tlds-file /nonexistent/tlds.txt"));
    // The library checks the options (as the Python package's); the error names the flag.
    let empty = scratch("empty-tlds", b"# no TLD\n\n");
    for (args, words) in [
        (
            vec!["find", "--dialect", "gfm", "--ip-hosts"],
            "--ip-hosts: a UTS #58 option; it means nothing in the gfm dialect",
        ),
        (vec!["markdown", "--dialect", "md4c", "--unicode-ends"], "--unicode-ends: a GFM option"),
        (vec!["html", "--schemes", "https,1x"], "--schemes: \"1x\" is not a scheme name"),
        (vec!["find", "--schemes", ","], "--schemes: no scheme named"),
        (vec!["find", "--tlds-file", empty.to_str().expect("UTF-8 path")], "--tlds-file: an empty list"),
    ] {
        let out = linkscan(&args, "x.com\n");
        assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(2), ""), "{args:?}");
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn version_names_the_data() {
    let out = linkscan(&["--version"], "");
    assert!(stdout(&out).contains("Unicode 18.0.0") && stdout(&out).contains("IANA TLD list 2026-11-01"));
}

#[test]
fn find_text_tsv_count_and_unique() {
    let file = example("sample.txt");
    let text = stdout(&linkscan(&["find", "--color", "never", &file], ""));
    assert!(text.starts_with(&format!("{file}:1:22: https://example.com/releases/v2.0\n")), "{text}");
    assert!(text.contains(&format!("{file}:3:6: アルベルト@example.com\n")));
    let colored = stdout(&linkscan(&["find", "--color", "always", &file], ""));
    assert!(
        colored.contains("\x1b[35m")
            && colored.contains("\x1b[1;31mhttps://example.com/releases/v2.0\x1b[0m")
    );
    let tsv = stdout(&linkscan(&["find", "--format", "tsv", &file], ""));
    assert_eq!(
        tsv.lines().next(),
        Some(
            format!(
                "{file}\t1\t22\t21\t54\turl\thttps://example.com/releases/v2.0\thttps://example.com/releases/v2.0"
            )
            .as_str()
        )
    );
    assert_eq!(stdout(&linkscan(&["find", "--count", &file], "")), "7\n");
    let two = linkscan(&["find", "--count", &file, &example("urls.txt")], "");
    assert_eq!(stdout(&two), format!("{file}:7\n{}:7\n", example("urls.txt")));
    let unique = stdout(&linkscan(&["find", "--unique", &file, &file], ""));
    assert_eq!(unique.lines().count(), 7, "{unique}");
    assert!(unique.contains("mailto:support@example.net\n"));
}

#[test]
fn offsets_in_bytes_chars_and_utf16() {
    let file = data("offsets.txt");
    let text = std::fs::read_to_string(&file).expect("offsets.txt");
    for (unit, count) in [
        ("bytes", (|s: &str| s.len()) as fn(&str) -> usize),
        ("chars", |s: &str| s.chars().count()),
        ("utf16", |s: &str| s.encode_utf16().count()),
    ] {
        let out = stdout(&linkscan(&["find", "--format", "tsv", "--offsets", unit, &file], ""));
        let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(rows.len(), 3, "{unit}: {out}");
        for row in &rows {
            let link = row[6];
            let byte_start = text.find(link).expect("the link is in the file");
            let (start, end): (usize, usize) = (row[3].parse().unwrap(), row[4].parse().unwrap());
            assert_eq!(start, count(&text[..byte_start]), "{unit} start of {link}");
            assert_eq!(end, count(&text[..byte_start + link.len()]), "{unit} end of {link}");
        }
        // Columns count in the same unit from the start of the line.
        let plain = stdout(&linkscan(&["find", "--offsets", unit, "--color", "never", &file], ""));
        let last = plain.lines().last().expect("a line");
        let line2 = text.lines().nth(1).unwrap();
        let col = count(&line2[..line2.find("example.org").unwrap()]) + 1;
        assert_eq!(last, format!("{file}:2:{col}: example.org/a😀b"), "{unit}");
    }
}

#[test]
fn invalid_utf8_is_read_on_with_a_note_unless_strict() {
    let file = data("invalid-utf8.txt");
    // One job reads, finds and writes on one thread; more, on several.
    for jobs in ["1", "2"] {
        // As ripgrep: read on (each bad byte a space), a note, exit 0.
        for command in [&["find", "-j", jobs][..], &["find", "--markdown", "-j", jobs][..]] {
            let out = linkscan(&[command, &["--format", "jsonl", &file]].concat(), "");
            assert_eq!(out.status.code(), Some(0), "{command:?}: {}", stderr(&out));
            let note = format!("{file}: invalid UTF-8 at byte 26, read as a space");
            assert_eq!(stderr(&out).matches(&note).count(), 1, "{command:?}: {}", stderr(&out));
            assert!(stdout(&out).contains("\"text\":\"example.org\""), "{command:?}");
            let quiet = linkscan(&[command, &["-s", &file]].concat(), "");
            assert_eq!((quiet.status.code(), stderr(&quiet).as_str()), (Some(0), ""), "{command:?} -s");
        }
        let strict = linkscan(&["find", "-j", jobs, "--strict-utf8", "--format", "jsonl", &file], "");
        assert_eq!(strict.status.code(), Some(2));
        assert!(
            stderr(&strict).contains(&format!("{file}: invalid UTF-8 at byte 26")),
            "{}",
            stderr(&strict)
        );
        assert!(
            stdout(&strict).contains("\"text\":\"example.com\""),
            "the text before the bad bytes is read"
        );
        assert!(!stdout(&strict).contains("example.org"));
        let lossy = linkscan(&["find", "-j", jobs, "--lossy", "--format", "jsonl", &file], "");
        assert_eq!(lossy.status.code(), Some(0), "{}", stderr(&lossy));
        assert!(stdout(&lossy).contains("\"text\":\"example.org\""));
    }
}

#[test]
fn missing_files_are_named_and_skipped_and_directories_walked() {
    for jobs in ["1", "2"] {
        let out = linkscan(
            &[
                "find",
                "-j",
                jobs,
                "--count",
                "/nonexistent.txt",
                env!("CARGO_MANIFEST_DIR"),
                &example("sample.txt"),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains("linkscan: /nonexistent.txt: No such file or directory"), "{err}");
        assert!(
            stdout(&out).contains(&format!("{}/src/main.rs:", env!("CARGO_MANIFEST_DIR"))),
            "{}",
            stdout(&out)
        );
        assert!(stdout(&out).contains(&format!("{}:7", example("sample.txt"))));
    }
}

#[test]
fn links_across_every_chunk_boundary_are_found_whole() {
    // 6 MiB of text with a link around every multiple of 1 MiB (the chunk
    // size), and thousands of links elsewhere.
    const MIB: usize = 1 << 20;
    let mut text = String::new();
    let mut expected = 0;
    let mut k = 0;
    while text.len() < 6 * MIB {
        let next_boundary = (text.len() / MIB + 1) * MIB;
        if next_boundary - text.len() < 40 {
            // Put a link so that the boundary falls in its middle.
            while text.len() < next_boundary - 20 {
                text.push('x');
            }
            text.push_str(" https://example.com/boundary/straddling/link-");
            text.push_str(&k.to_string());
            text.push(' ');
        } else {
            text.push_str(&format!("word{k} example{k}.org/path?q={k} more text here\n"));
        }
        expected += 1;
        k += 1;
    }
    let file = scratch("boundaries.txt", text.as_bytes());
    let finder = linkscan::LinkFinder::new();
    let whole: Vec<String> = finder.links(&text).map(|l| l.as_str().to_string()).collect();
    assert_eq!(whole.len(), expected);
    for jobs in ["1", "2", "4"] {
        let out = linkscan(&["find", "--format", "tsv", "-j", jobs, file.to_str().unwrap()], "");
        let found: Vec<String> =
            stdout(&out).lines().map(|l| l.split('\t').nth(6).unwrap().to_string()).collect();
        assert_eq!(found, whole, "-j {jobs}");
    }
}

#[test]
fn wrapped_urls_across_chunk_boundaries_are_joined_whole() {
    // 3 MiB in which every line break is inside a URL wrapped across
    // lines: each chunk's cut (after its last line break) must move back
    // before the `<` it is in.
    let mut text = String::new();
    let mut k = 0;
    while text.len() < 3 << 20 {
        text.push_str(&format!("see <https://example.org/{k}/"));
        for part in 0..8 {
            text.push_str(&format!("segment-{part}/\n  "));
        }
        text.push_str("end> and x.org ");
        k += 1;
    }
    let file = scratch("wrapped.txt", text.as_bytes());
    let finder = linkscan::LinkFinder::new().profile(linkscan::Profile::Mail);
    let whole: Vec<String> = finder.links(&text).map(|l| l.href().into_owned()).collect();
    assert_eq!(whole.len(), 2 * k);
    let hrefs = |out: &Output| -> Vec<String> {
        stdout(out).lines().map(|l| l.split('\t').nth(7).unwrap().to_string()).collect()
    };
    for jobs in ["1", "2"] {
        let out = linkscan(
            &["find", "--profile", "mail", "--format", "tsv", "-j", jobs, file.to_str().unwrap()],
            "",
        );
        assert_eq!(hrefs(&out), whole, "-j {jobs}");
    }
    let out = linkscan(&["find", "--wrapped-urls", "--format", "tsv"], &text);
    assert_eq!(hrefs(&out), whole, "standard input");
    // The text format and -o show a wrapped URL joined, on one line.
    let out = linkscan(&["find", "--profile", "mail", "-o"], "<https://example.org/a/\n> b>\n");
    assert_eq!(stdout(&out), "https://example.org/a/b\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let text = "see https://example.com/x and example.org\n".repeat(200_000);
    let file = scratch("long.txt", text.as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(["find", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = String::new();
    {
        let stdout = child.stdout.take().expect("stdout");
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut first).expect("a line");
    } // `| head -1`: the pipe closes here.
    let out = child.wait_with_output().expect("it ends");
    assert!(first.ends_with(":1:5: https://example.com/x\n"), "{first}");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn html_escapes_and_links() {
    let out = linkscan(&["html", "--class", "l", "--target", "_blank"], "a<b> & example.com/x?y=1&z=2\n");
    assert_eq!(
        stdout(&out),
        "a&lt;b&gt; &amp; <a href=\"https://example.com/x?y=1&amp;z=2\" target=\"_blank\" class=\"l\">example.com/x?y=1&amp;z=2</a>\n"
    );
    let page = stdout(&linkscan(&["html", "--page"], "x.com\n"));
    assert!(page.starts_with("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">"), "{page}");
    assert!(page.contains("<pre><a href=\"https://x.com\">x.com</a>\n</pre>") && page.ends_with("</html>\n"));
    let gfm = stdout(&linkscan(&["html", "--dialect", "gfm", "--kinds", "www"], "www.a.com b@c.org\n"));
    assert_eq!(gfm, "<a href=\"http://www.a.com\">www.a.com</a> b@c.org\n");
}

#[test]
fn html_from_html_links_only_the_text() {
    let page = "<!DOCTYPE html>\n<p title=\"a.com\">See b.com/?x&amp;y, <code>c.com</code> \
                <a href=\"/d\">d.com</a><!-- e.com --></p>\n";
    let out = linkscan(&["html", "--from", "html", "--rel", "nofollow"], page);
    assert_eq!(
        stdout(&out),
        page.replace(
            "See b.com/?x&amp;y",
            "See <a href=\"https://b.com/?x&amp;y\" rel=\"nofollow\">b.com/?x&amp;y</a>"
        )
    );
    let out = linkscan(&["html", "--from", "html", "--skip-tags", ""], "<code>c.com</code>");
    assert_eq!(stdout(&out), "<code><a href=\"https://c.com\">c.com</a></code>");
    let out =
        linkscan(&["html", "--from", "html", "--skip-tags", "p,B"], "<p>a.com</p><b>b.com</b><i>c.com</i>");
    assert_eq!(stdout(&out), "<p>a.com</p><b>b.com</b><i><a href=\"https://c.com\">c.com</a></i>");
    let out = linkscan(&["html", "--from", "html", "--page"], "x");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--page: the input is a page already"), "{}", stderr(&out));
}

#[test]
fn every_command_has_help_with_examples() {
    for command in ["find", "html", "markdown", "format", "explain"] {
        let out = linkscan(&[command, "--help"], "");
        assert_eq!(out.status.code(), Some(0));
        assert!(stdout(&out).contains("Examples:"), "{command}");
    }
}

/// Waits for `child` to exit on its own (input still open), for at most
/// `limit`: a liveness check, not a timing one — the limit is generous.
fn exits_within(
    child: &mut std::process::Child,
    limit: std::time::Duration,
) -> Option<std::process::ExitStatus> {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    None
}

#[test]
fn jobs_are_bounded() {
    for jobs in ["0", "65", "100000", "9223372036854775807", "x"] {
        let out = linkscan(&["find", "-j", jobs], "example.com\n");
        assert_eq!(out.status.code(), Some(2), "-j {jobs}");
        assert!(stderr(&out).contains("--jobs"), "-j {jobs}: {}", stderr(&out));
    }
    for jobs in ["1", "64"] {
        assert_eq!(stdout(&linkscan(&["find", "-j", jobs], "example.com\n")), "<stdin>:1:1: example.com\n");
    }
}

#[test]
fn a_failed_write_stops_reading_at_once() {
    // Standard input stays open (a pipe that pauses): linkscan must not wait for it.
    let text = "see https://example.com/x and example.org\n".repeat(100_000);
    for (command, jobs) in [("find", "1"), ("find", "2"), ("html", "1"), ("html", "2")] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
            .args([command, "-j", jobs])
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(text.as_bytes());
        let status = exits_within(&mut child, std::time::Duration::from_secs(30));
        drop(stdin);
        assert_eq!(status.and_then(|s| s.code()), Some(2), "{command} -j {jobs} did not stop on its own");
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err).expect("stderr");
        assert!(err.contains("writing standard output") && err.contains("No space left"), "{err}");
    }
}

#[test]
fn slow_input_is_processed_word_by_word() {
    // A link is written as soon as the white space after it arrives, in
    // the middle of a line (a chat answer arriving a word at a time).
    for (command, expected, jobs) in [
        ("find", "<stdin>:1:3: example.com/x\n", "1"),
        ("find", "<stdin>:1:3: example.com/x\n", "2"),
        ("html", "a <a href=\"https://example.com/x\">example.com/x</a> ", "1"),
        ("html", "a <a href=\"https://example.com/x\">example.com/x</a> ", "2"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
            .args([command, "-j", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"a example.com/x and").expect("write");
        stdin.flush().expect("flush");
        // The link's output arrives while standard input is still open.
        let (tx, rx) = std::sync::mpsc::channel();
        let mut stdout = child.stdout.take().expect("stdout");
        let len = expected.len();
        std::thread::spawn(move || {
            let mut out = vec![0; len];
            let _ = std::io::Read::read_exact(&mut stdout, &mut out);
            let _ = tx.send(String::from_utf8_lossy(&out).into_owned());
        });
        let out = rx.recv_timeout(std::time::Duration::from_secs(30));
        drop(stdin);
        let _ = child.wait();
        assert_eq!(out.as_deref(), Ok(expected), "{command} -j {jobs}");
    }
}

#[test]
fn full_standard_output_is_an_error() {
    let bin = env!("CARGO_BIN_EXE_linkscan");
    for args in ["--version", "--help", "find", "format x.com"] {
        // (redirection, exit code, what standard error says)
        for (redirect, code, says) in [
            ("> /dev/full", 2, "No space left"),
            ("> /dev/null", 0, ""), // a fine place for output
        ] {
            let out = Command::new("sh")
                .args(["-c", &format!("echo example.com | '{bin}' {args} {redirect}")])
                .output()
                .expect("sh runs");
            assert_eq!(out.status.code(), Some(code), "{args} {redirect}");
            assert!(stderr(&out).contains(says), "{args} {redirect}: {}", stderr(&out));
        }
    }
}

/// `/dev/null` opened for reading and writing, as Python's
/// `subprocess.DEVNULL` and `Stdio::null()` hand it over, is a place for
/// output like any other (it is what a closed descriptor becomes, too).
#[test]
fn read_write_dev_null_is_a_fine_standard_output() {
    for (args, code) in [(&["find"][..], 0), (&["find", "-q"], 0), (&["html"], 0), (&["--version"], 0)] {
        let out = linkscan_to(args, "see example.com\n", Stdio::null());
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn tld_files_are_size_limited() {
    let out = linkscan(&["find", "--tlds-file", "/dev/zero"], "example.com\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--tlds-file /dev/zero: larger than 1024 KiB"), "{}", stderr(&out));
    // A file named like a policy is a file.
    let dir = scratch("any", b"test\n").parent().expect("dir").to_path_buf();
    let out = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(["find", "--tlds-file", "any"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn script_default_schemes_are_refused() {
    for command in ["find", "html", "markdown"] {
        for scheme in ["javascript:", "JavaScript:", "vbscript:", "data:", " javascript:"] {
            let out = linkscan(&[command, "--default-scheme", scheme], "example.com\n");
            assert_eq!(out.status.code(), Some(2), "{command} {scheme}");
            assert!(stderr(&out).contains("script scheme"), "{}", stderr(&out));
            assert_eq!(stdout(&out), "");
        }
    }
}

#[test]
fn profiles_name_a_set_of_options() {
    let text = "See README.md, http://localhost:3000/, example.com? or @a@b.social\n";
    let marked = |args: &[&str]| {
        let out = linkscan(&[&["find", "--format", "marked"], args].concat(), text);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(marked(&[]), "See README.md, http://localhost:3000/, ⸠example.com⸡? or @a@b.social\n");
    assert_eq!(marked(&["--profile", "default"]), marked(&[]));
    assert_eq!(
        marked(&["--profile", "strict"]),
        "See ⸠README.md⸡, http://localhost:3000/, ⸠example.com?⸡ or @⸠a@b.social⸡\n"
    );
    assert_eq!(
        marked(&["--profile", "chat"]),
        "See README.md, http://localhost:3000/, ⸠example.com⸡? or ⸠@a@b.social⸡\n"
    );
    assert_eq!(
        marked(&["--profile", "docs"]),
        "See README.md, ⸠http://localhost:3000/⸡, example.com? or @a@b.social\n"
    );
    // Options after a profile change only themselves.
    assert_eq!(
        marked(&["--profile", "chat", "--kinds", "url,www"]),
        "See README.md, http://localhost:3000/, ⸠example.com⸡? or @a@b.social\n"
    );
    let out = linkscan(&["find", "--kinds", "handle", "--format", "tsv"], "ping @a@b.social\n");
    let row: Vec<String> = stdout(&out).split('\t').map(String::from).collect();
    assert_eq!(
        (row[5].as_str(), row[6].as_str(), row[7].trim_end()),
        ("handle", "@a@b.social", "https://b.social/@a")
    );
    for (args, flag) in [
        (&["find", "--profile", "chatty"][..], "--profile"),
        (&["find", "--dialect", "gfm", "--profile", "chat"][..], "--profile"),
        (&["find", "--dialect", "md4c", "--kinds", "email,handle"][..], "--kinds"),
    ] {
        let out = linkscan(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(flag), "{}", stderr(&out));
    }
    let help = stdout(&linkscan(&["find", "--help"], ""));
    for name in ["default", "strict", "chat", "docs", "mail"] {
        assert!(help.contains(name), "--help names the profile {name}");
    }
}

#[test]
fn host_and_scheme_options() {
    let text = "README.md http://localhost:8080/x gopher://a.com/b ftp://c.org/f my_site.example.com\n";
    let default = linkscan(&["find", "--format", "tsv"], text);
    let rows: Vec<String> =
        stdout(&default).lines().map(|l| l.split('\t').nth(7).unwrap_or("").to_string()).collect();
    assert_eq!(rows, ["ftp://c.org/f"]);
    // The file-name guard: off, on again (the last flag wins), off in strict.
    for (flags, readme) in [
        (&["--no-skip-file-names"][..], true),
        (&["--no-skip-file-names", "--skip-file-names"][..], false),
        (&["--profile", "strict"][..], true),
        (&["--profile", "strict", "--skip-file-names"][..], false),
    ] {
        let out = linkscan(&[&["find", "--format", "tsv"], flags].concat(), "see README.md\n");
        assert_eq!(stdout(&out).contains("https://README.md"), readme, "{flags:?}");
    }
    let options = ["find", "--local-hosts", "--schemes", "web,gopher", "--format", "tsv"];
    let out = linkscan(&options, text);
    let rows: Vec<String> =
        stdout(&out).lines().map(|l| l.split('\t').nth(7).unwrap_or("").to_string()).collect();
    assert_eq!(rows, ["http://localhost:8080/x", "gopher://a.com/b", "ftp://c.org/f"]);
    for bad in ["javascript", "1x", "", "https,data"] {
        let out = linkscan(&["find", "--schemes", bad], "");
        assert_eq!(out.status.code(), Some(2), "--schemes {bad:?}");
        assert!(stderr(&out).contains("--schemes"), "{}", stderr(&out));
    }
}

#[test]
fn host_report_and_unicode_hosts() {
    let out = linkscan(
        &["find", "--format", "jsonl", "--host-report"],
        "https://xn--pple-43d.com/login 例子.中国\n",
    );
    let printed = stdout(&out);
    let lines: Vec<&str> = printed.lines().collect();
    assert!(
        lines[0].ends_with(
            r#""host":"xn--pple-43d.com","host_ascii":"xn--pple-43d.com","suspicious_host":true}"#
        )
    );
    assert!(
        lines[1].ends_with(
            r#""host":"例子.中国","host_ascii":"xn--fsqu00a.xn--fiqs8s","suspicious_host":false}"#
        )
    );
    let bad = linkscan(&["find", "--host-report"], "x.com\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--host-report goes with --format jsonl"));
    assert_eq!(
        stdout(&linkscan(&["format", "https://xn--fsqu00a.xn--fiqs8s/%E8%B7%AF"], "")),
        "https://例子.中国/路\n"
    );
}

/// A directory tree as a repository holds it: ignored, hidden, binary and
/// non-UTF-8 files, and one whose name is not UTF-8.
fn tree(name: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("linkscan-tree-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for dir in [".git", "docs", "target", ".hidden"] {
        std::fs::create_dir_all(root.join(dir)).expect("mkdir");
    }
    let files: [(&str, &[u8]); 8] = [
        (".gitignore", b"target/\n*.log\n"),
        ("a.txt", b"see https://a.example.com/x\n"),
        ("docs/b.md", b"docs at www.b.example.org\n"),
        ("target/c.txt", b"ignored c.example.com\n"),
        ("debug.log", b"ignored d.example.com\n"),
        (".hidden/e.txt", b"hidden e.example.com\n"),
        ("image.bin", b"\x00\x01 f.example.com\n"),
        ("latin1.txt", b"g.example.com caf\xe9 h.example.com\n"),
    ];
    for (name, contents) in files {
        std::fs::write(root.join(name), contents).expect("write");
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"na\xefve.txt");
        std::fs::write(root.join(name), b"i.example.com\n").expect("write");
    }
    root
}

/// Runs `linkscan args…` in `dir`: its standard output and error, and its
/// exit code.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_linkscan")).args(args).current_dir(dir).output().expect("runs");
    (stdout(&out), stderr(&out), out.status.code())
}

#[test]
fn directories_are_walked_as_ripgrep_walks_them() {
    let root = tree("walk");
    let run = |args: &[&str]| run_in(&root, args);
    let (out, err, code) = run(&["find", "."]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "./a.txt:1:5: https://a.example.com/x\n./docs/b.md:1:9: www.b.example.org\n\
         ./latin1.txt:1:1: g.example.com\n./latin1.txt:1:20: h.example.com\n./na\u{fffd}ve.txt:1:1: i.example.com\n"
    );
    // A walk skips binary files without a note, as ripgrep does, and reads
    // on past bytes that are not UTF-8 (each a space; columns stay the
    // file's bytes: h.example.com is at byte 19 of `g.example.com caf\xe9 h…`).
    assert_eq!(err, "");
    // --hidden, --no-ignore, -a, --lossy, -g, -t.
    let (out, ..) = run(&["find", ".", "--hidden", "--no-ignore", "-a", "--lossy", "--format", "tsv"]);
    let hosts: Vec<&str> = out.lines().map(|l| l.split('\t').nth(6).unwrap_or("")).collect();
    assert_eq!(
        hosts,
        [
            "e.example.com",
            "https://a.example.com/x",
            "d.example.com",
            "www.b.example.org",
            "f.example.com",
            "g.example.com",
            "h.example.com",
            "i.example.com",
            "c.example.com"
        ]
    );
    let (out, ..) = run(&["find", ".", "-t", "md"]);
    assert_eq!(out, "./docs/b.md:1:9: www.b.example.org\n");
    let (out, ..) = run(&["find", ".", "-g", "*.txt", "-g", "!latin1.txt"]);
    assert!(out.starts_with("./a.txt:") && !out.contains("latin1") && !out.contains("b.md"), "{out}");
    // A binary file named on the command line is skipped too; a bad glob is an error.
    let (_, err, code) = run(&["find", "image.bin"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("image.bin: binary file skipped"));
    let (_, err, code) = run(&["find", ".", "-g", "a[b"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--glob a[b"), "{err}");
    // markdown walks the same way.
    let (out, _, code) = run(&["markdown", ".", "-t", "md"]);
    assert_eq!(
        (out.as_str(), code),
        ("<p>docs at <a href=\"https://www.b.example.org\">www.b.example.org</a></p>\n", Some(0))
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A walk is searched as it goes (small files read by the worker threads,
/// large ones cut into chunks by the reader), and the output is the same
/// at every `-j`: each file's links together, files in sorted order.
#[test]
fn walks_give_the_same_output_at_every_thread_count() {
    let root = std::env::temp_dir().join(format!("linkscan-many-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for i in 0..300 {
        let dir = root.join(format!("d{}", i % 7));
        std::fs::create_dir_all(&dir).expect("mkdir");
        let name = format!("f{i:03}.txt");
        let contents: Vec<u8> = match i % 10 {
            // Over a chunk (256 KiB): links before and after the cut.
            0 => {
                format!("a{i}.example.com\n{}b{i}.example.org\n", "filler words here\n".repeat(20_000)).into()
            }
            1 => b"\x00binary c.example.com\n".to_vec(),
            2 => [&b"caf\xe9 "[..], format!("d{i}.example.com\n").as_bytes()].concat(),
            3 => Vec::new(),
            _ => format!("line one\nsee e{i}.example.com and f{i}@example.net\n").into(),
        };
        std::fs::write(dir.join(&name), &contents).expect("write");
    }
    let outputs: Vec<String> =
        ["1", "2", "3", "8"].iter().map(|jobs| run_in(&root, &["find", "-j", jobs, "."]).0).collect();
    assert!(outputs.iter().all(|out| *out == outputs[0]), "outputs differ between -j values");
    let files: Vec<&str> = outputs[0].lines().map(|l| l.split(':').next().unwrap_or("")).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "files in sorted order");
    // Every link of every text file, none of the binary ones.
    assert_eq!(outputs[0].lines().count(), 30 * 2 + 30 + 180 * 2);
    assert!(!outputs[0].contains("c.example.com"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn flags_compose_or_are_rejected_naming_both() {
    let text = "a.com b@c.org a.com x.org/p\n";
    let lines = |args: &[&str]| stdout(&linkscan(args, text));
    assert_eq!(lines(&["find", "-c"]), "4\n");
    assert_eq!(lines(&["find", "-u"]), "https://a.com\nmailto:b@c.org\nhttps://x.org/p\n");
    assert_eq!(lines(&["find", "--unique=text"]), "a.com\nb@c.org\nx.org/p\n");
    assert_eq!(lines(&["find", "-u", "-c"]), "3\n");
    assert_eq!(lines(&["find", "-u", "-c", "--json"]), "{\"count\":3}\n");
    assert_eq!(lines(&["find", "-c", "--json"]), "{\"file\":\"<stdin>\",\"count\":4}\n");
    assert_eq!(
        lines(&["find", "-u", "--format", "jsonl"]).lines().next(),
        Some("{\"href\":\"https://a.com\"}")
    );
    assert_eq!(lines(&["find", "-o"]), "a.com\nb@c.org\na.com\nx.org/p\n");
    assert_eq!(lines(&["find", "-l"]), "<stdin>\n");
    assert_eq!(lines(&["find", "-l", "-0"]), "<stdin>\0");
    assert_eq!(lines(&["find", "-0", "--color", "never"]).lines().next(), Some("<stdin>\u{0}1:1: a.com"));
    assert_eq!(
        lines(&["find", "--format", "tsv", "--header"]).lines().next(),
        Some("file\tline\tcol\tstart\tend\tkind\ttext\thref")
    );
    let quiet = linkscan(&["find", "-q"], text);
    assert_eq!((stdout(&quiet).as_str(), quiet.status.code()), ("", Some(0)));
    let none = linkscan(&["find", "-q"], "no links\n");
    assert_eq!(none.status.code(), Some(1));
    // Every jsonl line parses, with the fields it promises.
    let out = lines(&["find", "--json", "--offsets", "utf16"]);
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for key in ["file", "line", "col", "start", "end", "kind", "text", "href"] {
            assert!(v.get(key).is_some(), "{key} in {line}");
        }
        assert!(v["col"].as_u64().unwrap() >= 1 && v["end"].as_u64() > v["start"].as_u64());
    }
    // Rejected combinations: exit 2, both flags (or the flag and the dialect) named.
    for (args, first, second) in [
        (&["find", "--dialect", "gfm", "--ip-hosts"][..], "--ip-hosts", "the gfm dialect"),
        (&["find", "--dialect", "md4c", "--tlds", "any"][..], "--tlds", "the md4c dialect"),
        (&["find", "--dialect", "gfm", "--local-hosts"][..], "--local-hosts", "the gfm dialect"),
        (&["find", "--unicode-ends"][..], "--unicode-ends", "the uts58 dialect"),
        (&["find", "--tlds", "any", "--tlds-file", "x"][..], "--tlds", "--tlds-file"),
        (&["find", "--json", "--format", "tsv"][..], "--json", "--format"),
        (&["find", "-l", "-c"][..], "--files-with-links", "--count"),
        (&["find", "-q", "-u"][..], "--quiet", "--unique"),
        (&["find", "--header"][..], "--header", "--format"),
        (&["find", "--format", "marked", "-c"][..], "--format marked", "--count"),
        (&["find", "-o", "--format", "tsv"][..], "--only-matching", "--format"),
    ] {
        let out = linkscan(args, text);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(first) && err.contains(second), "{args:?}: {err}");
    }
    let out = linkscan(&["find", "--kinds", ""], text);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--kinds") && stderr(&out).contains("no kind named"), "{}", stderr(&out));
}

#[test]
fn completions_and_man_page() {
    for (shell, marker) in [
        ("bash", "_linkscan()"),
        ("zsh", "#compdef linkscan"),
        ("fish", "complete -c linkscan"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = linkscan(&["completions", shell], "");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(script.contains(marker) && script.contains("files-with-links"), "{shell}");
    }
    let man = stdout(&linkscan(&["man"], ""));
    assert!(man.contains(".TH linkscan 1") && man.contains("find"), "{man}");
    assert_eq!(linkscan(&["completions", "tcsh"], "").status.code(), Some(2));
}

/// The peak resident memory (VmHWM, kB) of a running process.
#[cfg(target_os = "linux")]
fn peak_memory_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("a number")
}

/// One budget for bytes in flight, whatever -j is: link-dense input (whose
/// JSON output is several times its size) streamed through many threads
/// stays far under 64 MB. (A resource bound, read from /proc while the
/// process still waits for more input — not a timing.)
#[cfg(target_os = "linux")]
#[test]
fn memory_stays_bounded_at_any_jobs() {
    let line =
        "see https://example.com/a/b?c=1 and www.x.org/p x@y.com, https://ja.wikipedia.org/wiki/東京。 ok\n";
    let chunk = line.repeat((1 << 20) / line.len());
    // (jobs, bytes a write, MiB written): a pipe written a few KiB at a
    // time (`yes | head`) is read in small pieces, each once held in a
    // chunk-sized buffer: the budget counts what they hold, not their
    // length (counting their length, 128 MiB peaked at about 70 MB).
    for (jobs, write, mib) in [(Some("1"), 1 << 20, 48), (Some("32"), 1 << 20, 48), (None, 4096, 128)] {
        let mut args = vec!["find", "--format", "jsonl"];
        args.extend(jobs.iter().flat_map(|j| ["-j", j]));
        let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdout = child.stdout.take().expect("stdout");
        let drain =
            std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()).expect("drain"));
        let mut stdin = child.stdin.take().expect("stdin");
        for _ in 0..mib {
            for piece in chunk.as_bytes().chunks(write) {
                stdin.write_all(piece).expect("write");
            }
        }
        stdin.flush().expect("flush");
        std::thread::sleep(std::time::Duration::from_millis(300)); // let it take in what is written
        let peak = peak_memory_kb(child.id());
        drop(stdin);
        assert!(child.wait().expect("ends").success());
        let written = drain.join().expect("drained");
        assert!(written > mib << 20, "{written} bytes of JSON");
        println!("-j {jobs:?}, writes of {write} bytes: peak resident memory {peak} kB");
        assert!(peak < 64 * 1024, "-j {jobs:?}, writes of {write}: peak {peak} kB");
    }
}

/// Standard error that cannot be written (a pipe whose reader has gone)
/// does not stop the run, as grep's does not: the links of every input
/// still come out, and the exit code says 2.
#[test]
fn a_closed_standard_error_does_not_stop_the_run() {
    let good = scratch("stderr-closed/good.txt", b"see example.com\n");
    let missing = "stderr-closed/no-such-file.txt";
    let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(["find", "-o", missing, good.to_str().expect("path"), missing, good.to_str().expect("path")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stderr.take()); // its reader is gone before anything is written
    let out = child.wait_with_output().expect("ends");
    assert_eq!(stdout(&out), "example.com\nexample.com\n");
    assert_eq!(out.status.code(), Some(2));
}

/// `--help` and `--version` into a pipe closed early end quietly, as
/// output does; completions into a full device are an error, not a panic.
#[test]
fn help_into_a_closed_pipe_and_completions_into_a_full_device() {
    let bin = env!("CARGO_BIN_EXE_linkscan");
    for args in ["find --help", "--version", "--help"] {
        for _ in 0..20 {
            let out = Command::new("bash")
                .args(["-c", &format!("'{bin}' {args} | true; echo \"${{PIPESTATUS[0]}}\"")])
                .output()
                .expect("bash runs");
            assert_eq!(stdout(&out), "0\n", "{args}: {}", stderr(&out));
            assert_eq!(stderr(&out), "", "{args}");
        }
    }
    for shell in ["bash", "zsh", "fish"] {
        let out = Command::new("sh")
            .args(["-c", &format!("'{bin}' completions {shell} > /dev/full")])
            .output()
            .expect("sh runs");
        assert_eq!(out.status.code(), Some(2), "{shell}: {}", stderr(&out));
        assert!(stderr(&out).contains("No space left"), "{shell}: {}", stderr(&out));
    }
}

/// Memory a run cannot have is a clear error with exit code 2, not an
/// abort: `--unique` over more distinct links than a memory limit holds,
/// and `markdown` of a document larger than it.
#[cfg(target_os = "linux")]
#[test]
fn memory_that_cannot_be_had_is_an_error() {
    let links: String =
        (0..1_500_000).map(|i| format!("https://example.com/{i}/some/longer/path\n")).collect();
    let many = scratch("oom/links.txt", links.as_bytes());
    let bin = env!("CARGO_BIN_EXE_linkscan");
    for args in [format!("find --unique -j 1 '{}'", many.display()), format!("markdown '{}'", many.display())]
    {
        let out = Command::new("sh")
            .args(["-c", &format!("ulimit -v 120000; '{bin}' {args} > /dev/null")])
            .output()
            .expect("sh runs");
        assert_eq!(out.status.code(), Some(2), "{args}: {}", stderr(&out));
        assert!(stderr(&out).contains("linkscan: out of memory"), "{args}: {}", stderr(&out));
    }
}

/// Large files found by walking are read by the workers, each file on one
/// thread, and the output of one whose turn to be written has not come is
/// held to a few MiB: four 6 MiB link-dense files (whose TSV output is four
/// times their size, 120 MB if held) with the output not read stay far
/// under 64 MB, and come out whole, in order. (A resource bound, read from
/// /proc once the process stops growing while its writer waits on a full
/// pipe — not a timing.)
#[cfg(target_os = "linux")]
#[test]
fn memory_stays_bounded_when_walking_large_files() {
    let root = std::env::temp_dir().join(format!("linkscan-large-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("mkdir");
    let line =
        "see https://example.com/a/b?c=1 and www.x.org/p x@y.com, https://ja.wikipedia.org/wiki/東京。 ok\n";
    let lines = (6 << 20) / line.len();
    for name in ["a.txt", "b.txt", "c.txt", "d.txt"] {
        std::fs::write(root.join(name), line.repeat(lines)).expect("write 6 MiB");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(["find", "--format", "tsv", "-j", "4", "."])
        .current_dir(&root)
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().expect("stdout");
    // The pipe fills and the writer waits: the peak once it stays the same
    // for half a second (or after a minute).
    let (mut peak, mut same) = (0, 0);
    for _ in 0..600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let now = peak_memory_kb(child.id());
        (peak, same) = if now == peak { (peak, same + 1) } else { (now, 0) };
        if same == 5 {
            break;
        }
    }
    let mut out = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut out).expect("read");
    assert!(child.wait().expect("ends").success());
    let _ = std::fs::remove_dir_all(&root);
    println!("peak resident memory {peak} kB");
    assert!(peak < 64 * 1024, "peak {peak} kB");
    let files: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap_or("")).collect();
    assert_eq!(files.len(), 4 * 4 * lines);
    assert!(files.windows(2).all(|w| w[0] <= w[1]), "each file whole, in sorted order");
    let lines_of_d: Vec<u64> = out
        .lines()
        .filter(|l| l.starts_with("./d.txt"))
        .filter_map(|l| l.split('\t').nth(1)?.parse().ok())
        .collect();
    assert!(lines_of_d.windows(2).all(|w| w[0] <= w[1]) && lines_of_d.last() == Some(&(lines as u64)));
}

#[test]
fn find_markdown_lists_every_link_with_its_place() {
    let doc = "# Title\n\nSee [docs](https://a.org/d) and\nwww.b.net/__init__.py `https://code`.\n\n```\nhttps://block.org\n```\n\n![i](p.png)\n\n[r]: https://c.org\n";
    let path = scratch("doc.md", doc.as_bytes());
    let path = path.to_str().expect("a UTF-8 path");
    let out = linkscan(&["find", "--markdown", "--dialect", "gfm", "--format", "jsonl", path], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    let got: Vec<(u64, u64, &str, &str, &str)> = lines
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().unwrap(),
                v["col"].as_u64().unwrap(),
                v["kind"].as_str().unwrap(),
                v["text"].as_str().unwrap(),
                v["href"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (3, 5, "inline", "docs", "https://a.org/d"),
            (4, 1, "literal", "www.b.net/__init__.py", "http://www.b.net/__init__.py"),
            (10, 1, "image", "i", "p.png"),
            (12, 1, "definition", "r", "https://c.org"),
        ]
    );
    // The offsets point into the file.
    let start = lines[1]["start"].as_u64().unwrap() as usize;
    assert!(doc[start..].starts_with("www.b.net"));
    // The text format shows destinations; -c counts; --host-report is refused.
    let text = stdout(&linkscan(&["find", "--markdown", path], ""));
    assert!(text.contains(":3:5: https://a.org/d\n"), "{text}");
    assert_eq!(stdout(&linkscan(&["find", "--markdown", "-c", path], "")), "4\n");
    let refused = linkscan(&["find", "--markdown", "--format", "jsonl", "--host-report", path], "");
    assert_eq!(refused.status.code(), Some(2));
    // Without --markdown, the same file is text: the code's links are found.
    assert!(stdout(&linkscan(&["find", "-o", path], "")).contains("https://block.org"));
    // Through comrak: the same links, but no definition (comrak keeps none);
    // --parser needs --markdown.
    let out = linkscan(
        &["find", "--markdown", "--parser", "comrak", "--dialect", "gfm", "--format", "jsonl", path],
        "",
    );
    let comrak: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(comrak.len(), 3, "{}", stdout(&out));
    for (ours, pulldown) in comrak.iter().zip(&lines) {
        assert_eq!(ours, pulldown);
    }
    assert_eq!(linkscan(&["find", "--parser", "comrak", path], "").status.code(), Some(2));
}

#[test]
fn markdown_through_comrak_makes_githubs_blocks() {
    // A footnote and a task list as comrak (cmark-gfm's port) writes them,
    // with linkscan's autolinks; safe by default.
    let md = "- [x] see www.a.org [^1] <b>x</b>\n\n[^1]: mail ops@b.org\n";
    let out = stdout(&linkscan(&["markdown", "--parser", "comrak", "--dialect", "gfm"], md));
    assert!(out.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> see <a href=\"http://www.a.org\">www.a.org</a>"), "{out}");
    assert!(out.contains("<a href=\"mailto:ops@b.org\">ops@b.org</a>"), "{out}");
    assert!(out.contains("<section class=\"footnotes\""), "{out}");
    assert!(out.contains("<!-- raw HTML omitted -->") && !out.contains("<b>"), "{out}");
    let raw = stdout(&linkscan(&["markdown", "--parser", "comrak", "--unsafe"], md));
    assert!(raw.contains("<b>x</b>"), "{raw}");
}

/// Runs `linkscan args…` with standard input read from `file`, as the
/// shell's `< file` gives it (a regular file, at its current offset).
fn linkscan_from_file(args: &[&str], file: &std::fs::File) -> Output {
    Command::new(env!("CARGO_BIN_EXE_linkscan"))
        .args(args)
        .stdin(file.try_clone().expect("dup"))
        .output()
        .expect("the binary runs")
}

/// At least `size` bytes of lines of links among multi-byte characters
/// (offsets in chars and UTF-16 units differ from bytes).
fn mixed_text(size: usize) -> String {
    let mut text = String::new();
    let mut k = 0;
    while text.len() < size {
        text.push_str(&format!(
            "é{k} https://example.com/{k}?q=日本 voir 例え.jp。ok 😀 mail{k}@example.org\n"
        ));
        k += 1;
    }
    text
}

#[test]
fn lines_columns_and_offsets_hold_across_chunks() {
    // Many chunks (256 KiB each), on one thread and on several.
    let text = mixed_text(3 << 20);
    let path = scratch("mixed.txt", text.as_bytes());
    type Count = fn(&str) -> usize;
    let units: [(&str, Count); 3] =
        [("bytes", |s| s.len()), ("chars", |s| s.chars().count()), ("utf16", |s| s.encode_utf16().count())];
    for (unit, count) in units {
        // Expected: each link the library finds in the whole text, with its
        // line, column, start and end counted in `unit` from the start.
        let (mut expected, mut counted, mut before, mut line, mut line_start) = (Vec::new(), 0, 0, 1, 0);
        for link in linkscan::LinkFinder::new().links(&text) {
            let gap = &text[counted..link.start()];
            before += count(gap);
            if let Some(nl) = gap.rfind('\n') {
                line += gap.matches('\n').count();
                line_start = counted + nl + 1;
            }
            counted = link.start();
            let col = count(&text[line_start..link.start()]) + 1;
            let end = before + count(link.as_str());
            expected.push(format!("{line}\t{col}\t{before}\t{end}\t{}", link.as_str()));
        }
        for jobs in ["1", "2"] {
            let args = ["find", "--format", "tsv", "--offsets", unit, "-j", jobs, path.to_str().unwrap()];
            let out = linkscan(&args, "");
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let found: Vec<String> = stdout(&out)
                .lines()
                .map(|row| {
                    let fields: Vec<&str> = row.split('\t').collect();
                    [&fields[1..5], &fields[6..7]].concat().join("\t")
                })
                .collect();
            assert_eq!(found.len(), expected.len(), "--offsets {unit} -j {jobs}");
            for (found, expected) in found.iter().zip(&expected) {
                assert_eq!(found, expected, "--offsets {unit} -j {jobs}");
            }
        }
    }
}

#[test]
fn standard_input_from_a_file_is_read_from_its_offset_to_its_end() {
    use std::io::{Seek, SeekFrom};
    let text = mixed_text(1 << 20);
    let skip = 300_001;
    let whole = scratch("offset-whole.txt", text.as_bytes());
    let tail = scratch("offset-tail.txt", &text.as_bytes()[skip..]);
    for jobs in ["1", "2"] {
        let args = ["find", "--format", "tsv", "-j", jobs];
        let expected = stdout(&linkscan(&[&args[..], &[tail.to_str().unwrap()]].concat(), ""));
        let mut file = std::fs::File::open(&whole).expect("open");
        file.seek(SeekFrom::Start(skip as u64)).expect("seek");
        let out = stdout(&linkscan_from_file(&args, &file)).replace("<stdin>", tail.to_str().unwrap());
        assert!(out == expected, "-j {jobs}");
        assert_eq!(file.stream_position().expect("position"), text.len() as u64, "left at the end");
    }
}

#[test]
fn large_files_read_on_past_invalid_utf8_and_skip_binary_as_small_ones_do() {
    let mut text = mixed_text(1 << 20).into_bytes();
    let bad = 700_000 + text[700_000..].iter().position(|&b| b == b'\n').unwrap() + 1;
    text.insert(bad, 0xFF);
    let path = scratch("large-invalid.txt", &text);
    let path = path.to_str().unwrap();
    let valid_links = linkscan::LinkFinder::new().links(std::str::from_utf8(&text[..bad]).unwrap()).count();
    for jobs in ["1", "2"] {
        let read_on = linkscan(&["find", "--format", "tsv", "-j", jobs, path], "");
        assert_eq!(read_on.status.code(), Some(0));
        assert!(stderr(&read_on).contains(&format!("{path}: invalid UTF-8 at byte {bad}, read as a space")));
        let lossy = linkscan(&["find", "--format", "tsv", "--lossy", "-j", jobs, path], "");
        let count = |out: &std::process::Output| stdout(out).lines().count();
        assert!(count(&read_on) == count(&lossy), "a byte alone on its line changes no link");
        let strict = linkscan(&["find", "--format", "tsv", "--strict-utf8", "-j", jobs, path], "");
        assert_eq!(strict.status.code(), Some(2));
        let message = format!("{path}: invalid UTF-8 at byte {bad}");
        assert!(stderr(&strict).contains(&message), "{}", stderr(&strict));
        assert_eq!(stdout(&strict).lines().count(), valid_links, "-j {jobs}: all the text before it is read");
        let lossy = linkscan(&["find", "--format", "tsv", "--lossy", "-j", jobs, path], "");
        assert_eq!(lossy.status.code(), Some(0));
        assert!(stdout(&lossy).lines().count() > valid_links + 1000);
    }
    let mut binary = mixed_text(1 << 20).into_bytes();
    binary[1000] = 0;
    let path = scratch("large-binary.bin", &binary);
    let out = linkscan(&["find", path.to_str().unwrap()], "");
    assert!(stderr(&out).contains("binary file skipped"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
}

#[test]
fn notes_on_standard_error_can_be_silenced_and_never_panic() {
    let root = tree("notes");
    let run = |args: &[&str]| run_in(&root, args);
    // -s: no note for a missing input, but the exit code still says so.
    let (out, err, code) = run(&["find", "-s", "missing.txt", "a.txt"]);
    assert_eq!((err.as_str(), code), ("", Some(2)));
    assert!(out.contains("https://a.example.com/x"), "{out}");
    let (_, err, _) = run(&["find", "missing.txt", "a.txt"]);
    assert!(err.contains("missing.txt"), "{err}");
    // -c on a walk: files without links are left out; a named one is counted.
    let (out, _, _) = run(&["find", "-c", "."]);
    assert!(!out.contains(":0\n"), "{out}");
    assert!(out.contains("./a.txt:1\n"), "{out}");
    let (out, _, _) = run(&["find", "-c", "a.txt", "image.bin"]);
    assert_eq!(out, "a.txt:1\nimage.bin:0\n");
    // A full standard error ends the run with exit code 2: no panic, no hang.
    for jobs in ["1", "2"] {
        let out = Command::new("sh")
            .current_dir(&root)
            .args([
                "-c",
                &format!("{} find -j {jobs} missing.txt a.txt 2>/dev/full", env!("CARGO_BIN_EXE_linkscan")),
            ])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "-j {jobs}: {}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn null_output_is_raw_bytes_for_xargs() {
    let root = tree("null");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_linkscan"))
            .args(args)
            .current_dir(&root)
            .output()
            .expect("runs");
        out.stdout
    };
    // A file name that is not UTF-8 comes out as the system spells it.
    #[cfg(unix)]
    {
        let names = run(&["find", "-l", "-0", "."]);
        assert!(names.split(|&b| b == 0).any(|name| name == b"./na\xefve.txt"), "{names:?}");
    }
    // Links end with NUL too: an href may hold a quote (xargs would choke).
    std::fs::write(root.join("q.txt"), "see https://a.org/x\"y and https://a.org/z\n").expect("write");
    assert_eq!(run(&["find", "-o", "-0", "q.txt"]), b"https://a.org/x\"y\0https://a.org/z\0");
    assert_eq!(run(&["find", "-u", "-0", "q.txt"]), b"https://a.org/x\"y\0https://a.org/z\0");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn type_list_names_the_types_of_t() {
    let out = linkscan(&["find", "--type-list"], "");
    assert_eq!(out.status.code(), Some(0));
    let list = stdout(&out);
    assert!(
        list.lines().any(|l| l == "md: *.markdown, *.md, *.mdown, *.mdwn, *.mdx, *.mkd, *.mkdn"),
        "{list}"
    );
    assert!(list.lines().any(|l| l == "rust: *.rs"));
}

#[test]
fn utf16_files_with_a_mark_are_read_as_text() {
    let text = "Export: https://例子.中国/x and a@b.org\r\n";
    let bytes: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let path = scratch("export-utf16.txt", &bytes);
    let out = linkscan(&["find", "-o", path.to_str().unwrap()], "");
    assert_eq!(
        (stdout(&out).as_str(), out.status.code()),
        ("https://例子.中国/x\na@b.org\n", Some(0)),
        "{}",
        stderr(&out)
    );
    // The same in a Markdown document, and found by a walk, at every -j.
    let out = linkscan(&["find", "-o", "--markdown", path.to_str().unwrap()], "");
    assert_eq!(stdout(&out), "https://例子.中国/x\nmailto:a@b.org\n", "{}", stderr(&out));
    let out = linkscan(&["markdown", path.to_str().unwrap()], "");
    assert!(stdout(&out).contains("<a href=\"mailto:a@b.org\">a@b.org</a>"), "{}", stdout(&out));
    let dir = scratch("utf16-tree/a.txt", &bytes).parent().expect("dir").to_path_buf();
    for jobs in ["1", "2"] {
        let out = linkscan(&["find", "-o", "-j", jobs, dir.to_str().unwrap()], "");
        assert!(stdout(&out).ends_with("https://例子.中国/x\na@b.org\n"), "-j {jobs}: {}", stdout(&out));
    }
    // Longer than a chunk: transcoded throughout, offsets those of the text.
    let long = format!("{}{text}", "word ".repeat(100_000));
    let bytes: Vec<u8> =
        [0xFE, 0xFF].into_iter().chain(long.encode_utf16().flat_map(u16::to_be_bytes)).collect();
    let path = scratch("export-utf16-be.txt", &bytes);
    let out = linkscan(&["find", "--format", "tsv", path.to_str().unwrap()], "");
    let starts: Vec<String> =
        stdout(&out).lines().map(|l| l.split('\t').nth(3).unwrap_or("").to_string()).collect();
    let expected = [long.find("https:"), long.find("a@b")].map(|at| at.unwrap_or_default().to_string());
    assert_eq!(starts, expected, "{}", stdout(&out));
}

#[test]
fn every_command_has_a_manual_page_with_its_options() {
    for (command, options) in [
        ("find", &["--no-messages", "--type-list", "--null", "--format", "--dialect"][..]),
        ("html", &["--rel", "--page", "--jobs"][..]),
        ("markdown", &["--unsafe", "--dialect"][..]),
        ("format", &["--email"][..]),
    ] {
        let out = linkscan(&["man", command], "");
        let page = stdout(&out);
        assert!(page.contains(&format!(".TH linkscan-{command} 1")), "{command}: {page}");
        for option in options {
            assert!(page.contains(&option.replace('-', "\\-")), "{command} {option}");
        }
    }
    let tool = stdout(&linkscan(&["man"], ""));
    assert!(tool.contains("linkscan\\-find(1)"), "the tool's page names the commands' pages");
    let out = linkscan(&["man", "nope"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no command \"nope\""));
}

#[test]
fn unbounded_input_is_an_error_not_memory_without_end() {
    // format reads lines of at most 1 MiB.
    let long = "a".repeat((1 << 20) + 10);
    let out = linkscan(&["format"], &long);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1 is longer than 1048576 bytes"), "{}", stderr(&out));
    let out = linkscan(&["format"], "https://a.org/%E6%9D%B1\r\nx.com\n");
    assert_eq!(stdout(&out), "https://a.org/東\nx.com\n");
    // markdown reads a document of at most 256 MiB.
    #[cfg(unix)]
    {
        let out = linkscan(&["markdown", "/dev/zero"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("larger than 256 MiB"), "{}", stderr(&out));
    }
}

#[test]
fn paths_columns_and_errors_as_ripgrep_shows_them() {
    let bom = scratch("manners/bom.txt", "\u{FEFF}see example.com\nnext example.org\n".as_bytes());
    let other = scratch("manners/other.txt", b"x example.net\n");
    let (bom, other) = (bom.to_str().unwrap(), other.to_str().unwrap());
    // A byte-order mark is in no column; offsets still count it.
    for args in [&["find", "--format", "tsv"][..], &["find", "--markdown", "--format", "tsv"][..]] {
        let out = stdout(&linkscan(&[args, &[bom]].concat(), ""));
        let first: Vec<&str> = out.lines().next().unwrap_or("").split('\t').collect();
        assert_eq!(first[1..4], ["1", "5", "7"], "{args:?}");
    }
    // -l and -c colour their paths as the text format does.
    const MAGENTA: &str = "\x1b[35m";
    let listed = stdout(&linkscan(&["find", "--color", "always", "-l", bom, other], ""));
    assert_eq!(listed, format!("{MAGENTA}{bom}\x1b[0m\n{MAGENTA}{other}\x1b[0m\n"));
    let counted = stdout(&linkscan(&["find", "--color", "always", "-c", bom, other], ""));
    assert_eq!(counted, format!("{MAGENTA}{bom}\x1b[0m:2\n{MAGENTA}{other}\x1b[0m:1\n"));
    assert_eq!(stdout(&linkscan(&["find", "-c", bom, other], "")), format!("{bom}:2\n{other}:1\n"));
    // An option's value is named as it is typed.
    let out = linkscan(&["find", "-o", "--format", "jsonl", bom], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not --format jsonl"), "{}", stderr(&out));
}

/// With no path and a terminal on standard input, the current directory is
/// walked and its files are named as ripgrep names them, without `./`.
/// (`script`, of util-linux, is the terminal: Debian ships it in every
/// system, as bsdutils.)
#[test]
fn the_implicit_current_directory_names_files_without_dot_slash() {
    let root = tree("implicit");
    let command = format!("{} find --color never", env!("CARGO_BIN_EXE_linkscan"));
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(&root)
        .output()
        .expect("script (util-linux) runs");
    let printed = stdout(&out).replace("\r\n", "\n");
    assert_eq!(out.status.code(), Some(0), "{printed}");
    assert!(
        printed.contains("\na.txt:1:5: https://a.example.com/x\n") || printed.starts_with("a.txt:1:5:"),
        "{printed}"
    );
    assert!(printed.contains("docs/b.md:1:9: www.b.example.org"), "{printed}");
    assert!(!printed.contains("./"), "{printed}");
}

/// `explain`'s text format: each candidate and its decisions; exit 0 when
/// a link is found, 1 when none.
#[test]
fn explain_prints_each_candidate_and_its_rules() {
    let out = linkscan(&["explain", "--color", "never", "See", "example.com/a.", "Or", "x.notatld"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "link 4-17 \"example.com/a\" → https://example.com/a\n  \
         domain 4-15 \"example.com\": starts at its domain's first label: no scheme is written (UTS #58 §3.2)\n  \
         trailing-soft 17-18 \".\": trailing Link_Term=Soft code points are left out (UTS #58 §3.5.1, Table 3-2)\n  \
         hard 18-19 \" \": a Link_Term=Hard code point ends the link (UTS #58 §3.5.1, Table 3-2)\n\
         no link 24-31 \"notatld\"\n  \
         tld-not-accepted 24-31 \"notatld\": the last label is not an accepted TLD (UTS #58 §3.2; IANA TLD list)\n"
    );
    let none = linkscan(&["explain", "-f", "-"], "nothing.notatld at all");
    assert_eq!(none.status.code(), Some(1));
    assert!(stdout(&none).starts_with("no link "), "{}", stdout(&none));
    let bad = linkscan(&["explain", "-f", "/nonexistent/file.txt"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("/nonexistent/file.txt"));
}

/// `explain -f` reads a file as the other commands do: UTF-16 with a
/// byte-order mark as its text; invalid UTF-8 is an error naming the file
/// and the byte (offsets explained are the text's own, so nothing is
/// replaced).
#[test]
fn explain_reads_utf16_files_and_refuses_invalid_utf8() {
    let utf16: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain("Mail x@y.org".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let path = scratch("explain-utf16.txt", &utf16);
    let out = linkscan(&["explain", "--format", "jsonl", "-f", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"href\":\"mailto:x@y.org\""), "{}", stdout(&out));
    let path = scratch("explain-invalid.txt", b"See a.com \xff b.org");
    let bad = linkscan(&["explain", "-f", path.to_str().unwrap()], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("invalid UTF-8 at byte 10"), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("explain-invalid.txt"), "{}", stderr(&bad));
}

/// `explain --format jsonl` names the links `find` finds, in every dialect,
/// each with its decisions.
#[test]
fn explain_jsonl_links_are_those_find_finds() {
    let text = "See https://en.wikipedia.org/wiki/A_(b)), www.x.org/a?, a@b.org. x:www.y.com and ssh://z.org (c.d.com/e)";
    for dialect in ["uts58", "gfm", "md4c"] {
        let explained = linkscan(&["explain", "--format", "jsonl", "--dialect", dialect, "-f", "-"], text);
        let found = linkscan(&["find", "--format", "jsonl", "--dialect", dialect], text);
        let links = |out: &Output, only_links: bool| -> Vec<(u64, u64, String)> {
            stdout(out)
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
                .filter(|v| !only_links || v["link"] == true)
                .map(|v| {
                    (
                        v["start"].as_u64().unwrap(),
                        v["end"].as_u64().unwrap(),
                        v["href"].as_str().unwrap().to_owned(),
                    )
                })
                .collect()
        };
        assert_eq!(links(&explained, true), links(&found, false), "{dialect}");
        for line in stdout(&explained).lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let decisions = v["decisions"].as_array().expect("decisions");
            assert!(!decisions.is_empty(), "{line}");
            let refused = decisions.iter().any(|d| d["refuses"] == true);
            assert_eq!(refused, v["link"] == false, "{line}");
        }
    }
}
