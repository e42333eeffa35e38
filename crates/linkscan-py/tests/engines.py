"""What the engine tests share: generated records, and the links
`linkscan find --format jsonl` finds in them, line by line."""

import json
import os
import pathlib
import random
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[3]


def linkscan_binary():
    path = pathlib.Path(os.environ.get("LINKSCAN_BIN", ROOT / "target" / "debug" / "linkscan"))
    assert path.exists(), f"{path}: build the CLI first (cargo build -p linkscan-cli) or set LINKSCAN_BIN"
    return path


def records(n=5000, seed=11):
    rng = random.Random(seed)
    words = [
        "the", "of", "and", "example.com/a?b=1", "https://例子.中国/路径", "a.b@example.org", "😀",
        "www.rust-lang.org/learn.", "e.g.", "東京。", "(https://en.wikipedia.org/wiki/Rust_(x))", "x",
        "mailto:c@d.io?subject=Hi", "日本語のテキスト", "http://192.0.2.1/", "README.md",
    ]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(0, 14))) for _ in range(n)]


def cli_links(path):
    """(file, line, start, end, kind, text, href) of each link the CLI finds
    in `path`, offsets string indices within the line."""
    cli = subprocess.run(
        [str(linkscan_binary()), "find", "--format", "jsonl", "--offsets", "chars", str(path)],
        capture_output=True, text=True, timeout=600,
    )
    assert cli.returncode == 0, cli.stderr
    found = []
    for line in cli.stdout.splitlines():
        link = json.loads(line)
        start = link["col"] - 1
        found.append((link["file"], link["line"], start, start + link["end"] - link["start"], link["kind"],
                      link["text"], link["href"]))
    return found


def records_and_links(directory, n, seed):
    """`n` generated records, and the CLI's links of each (written to
    `directory` a line each)."""
    lines = records(n, seed)
    path = directory / "records.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines, per_line(cli_links(path), len(lines))


def per_line(found, lines):
    """The CLI's links as one list of (start, end, kind, text, href) a line."""
    rows = [[] for _ in range(lines)]
    for _, line, *link in found:
        rows[line - 1].append(tuple(link))
    return rows
