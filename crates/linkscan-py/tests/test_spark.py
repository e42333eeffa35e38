"""linkscan.spark in local mode, against `linkscan find --format jsonl` on
the same generated records: the example script as a user runs it (files,
with their names and lines), and the helpers on a DataFrame."""

import os
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

from documented import run_as_written
from engines import ROOT, cli_links, records, records_and_links

EXAMPLE = ROOT / "crates" / "linkscan-py" / "examples" / "spark_links.py"


def test_example_writes_what_the_cli_finds_with_files_and_lines(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    lines = records()
    (corpus / "a.txt").write_text("\n".join(lines[:3000]) + "\n", encoding="utf-8")
    (corpus / "b.txt").write_text("\n".join(lines[3000:]), encoding="utf-8")
    out = tmp_path / "links.parquet"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    job = subprocess.run(
        [sys.executable, str(EXAMPLE), "--master", "local[2]", str(corpus), str(out)],
        env=env, capture_output=True, text=True, timeout=600,
    )
    assert job.returncode == 0, job.stderr[-4000:]
    rows = pq.read_table(out).to_pylist()
    ours = sorted((r["file"].rsplit("/", 1)[-1], r["line"], r["start"], r["end"], r["kind"], r["text"], r["href"])
                  for r in rows)
    expected = sorted((f.rsplit("/", 1)[-1], *rest) for path in ("a.txt", "b.txt")
                      for f, *rest in cli_links(corpus / path))
    assert len(ours) > 5000
    assert ours == expected


@pytest.fixture(scope="module")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    session = SparkSession.builder.master("local[2]").appName("linkscan-tests").getOrCreate()
    yield session
    session.stop()


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    return records_and_links(tmp_path_factory.mktemp("spark"), 2000, seed=5)


@pytest.mark.parametrize("helper", ["links_of", "links_udtf"])
def test_a_row_a_link_keeps_columns(spark, expected, helper):
    import linkscan.spark

    lines, want = expected
    df = spark.createDataFrame([(i, f"id-{i}", t) for i, t in enumerate(lines)], "id long, name string, text string")
    found = getattr(linkscan.spark, helper)(df, "text", keep=["id", "name"]).collect()
    got = [[] for _ in lines]
    for r in found:
        assert r["name"] == f"id-{r['id']}"
        got[r["id"]].append((r["start"], r["end"], r["kind"], r["text"], r["href"]))
    assert got == want


def test_links_udf_gives_each_row_its_links(spark, expected):
    import linkscan.spark

    lines, want = expected
    rows = [(i, t) for i, t in enumerate(lines)] + [(len(lines), None)]
    df = spark.createDataFrame(rows, "id long, text string")
    result = df.withColumn("links", linkscan.spark.links_udf()("text")).orderBy("id").collect()
    got = [None if r["links"] is None else [tuple(link) for link in r["links"]] for r in result]
    assert got == want + [None]
    gfm = df.limit(1).select(linkscan.spark.links_udf(dialect="gfm", kinds="www")("text").alias("l")).first()
    assert all(link["kind"] == "url" for link in gfm["l"])


def test_the_guides_engine_block_runs_as_written(spark):
    guide = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    block = guide.split("## Data engines")[1].split("```python\n")[1].split("```")[0]
    assert run_as_written(block) == 2


def test_the_guides_engine_block_runs_in_a_fresh_process_without_pyspark_python(tmp_path):
    # As a user runs it: a new interpreter whose environment names no
    # Python for Spark's workers (the helpers point local workers at this
    # interpreter, where linkscan is; Spark's default `python3` has none).
    guide = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    block = guide.split("## Data engines")[1].split("```python\n")[1].split("```")[0]
    script = tmp_path / "block.py"
    script.write_text(block + "\nprint([r['href'] for r in linkscan.spark.links_of(sdf, 'text').collect()])\n",
                      encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    run = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=600,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-4000:]
    assert run.stdout.strip().splitlines()[-1] == "['https://a.com', 'mailto:x@y.org']"
