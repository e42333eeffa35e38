"""The Spark example as a user runs it: examples/spark_links.py in local
mode on a generated corpus; the links it writes equal what
`linkscan find --format jsonl` finds in the same text."""

import json
import os
import pathlib
import random
import subprocess
import sys

import pyarrow.parquet as pq

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "crates" / "linkscan-py" / "examples" / "spark_links.py"


def linkscan_binary():
    path = pathlib.Path(os.environ.get("LINKSCAN_BIN", ROOT / "target" / "debug" / "linkscan"))
    assert path.exists(), f"{path}: build the CLI first (cargo build -p linkscan-cli) or set LINKSCAN_BIN"
    return path


def corpus(n=5000, seed=11):
    rng = random.Random(seed)
    words = [
        "the", "of", "and", "example.com/a?b=1", "https://例子.中国/路径", "a.b@example.org", "😀",
        "www.rust-lang.org/learn.", "e.g.", "東京。", "(https://en.wikipedia.org/wiki/Rust_(x))", "x",
        "mailto:c@d.io?subject=Hi", "日本語のテキスト", "http://192.0.2.1/", "README.md",
    ]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(0, 14))) for _ in range(n)]


def test_spark_job_writes_what_the_cli_finds(tmp_path):
    lines = corpus()
    text_file = tmp_path / "corpus.txt"
    text_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "links.parquet"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    job = subprocess.run(
        [sys.executable, str(EXAMPLE), "--master", "local[2]", str(text_file), str(out)],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert job.returncode == 0, job.stderr[-4000:]
    spark_rows = pq.read_table(out).to_pylist()
    ours = sorted((r["start"], r["end"], r["kind"], r["text"], r["href"]) for r in spark_rows)

    cli = subprocess.run(
        [str(linkscan_binary()), "find", "--format", "jsonl", "--offsets", "chars", str(text_file)],
        capture_output=True, text=True, timeout=600,
    )
    assert cli.returncode == 0, cli.stderr
    expected = []
    for line in cli.stdout.splitlines():
        link = json.loads(line)
        start = link["col"] - 1  # offsets within the record (line), in chars
        expected.append((start, start + link["end"] - link["start"], link["kind"], link["text"], link["href"]))
    assert len(ours) > 5000
    assert ours == sorted(expected)
