#!/usr/bin/env bash
# The Python benchmark: builds the wheel and the corpora, installs the
# peers (linkify-it-py, urlextract, bleach) into a virtual environment, runs
# bench.py, bench_markdown_it.py, bench_bleach.py (and bench_spark.py with --spark).
set -euo pipefail
cd "$(dirname "$0")/../../.."
venv=target/py-bench
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q -r crates/linkscan-py/requirements-test.txt linkify-it-py==2.2.0 urlextract==1.10.0
(cd crates/linkscan-py && "../../$venv/bin/maturin" build --release --locked -q -o ../../target/wheels)
"$venv/bin/pip" install -q --force-reinstall target/wheels/linkscan-*.whl
cargo build -q --release --locked -p linkscan-checks --bin corpora
mkdir -p target/bench-corpora
target/release/corpora target/bench-corpora > target/bench-rust-times.txt
"$venv/bin/python" crates/linkscan-py/benches/bench.py target/bench-corpora target/bench-rust-times.txt
"$venv/bin/python" crates/linkscan-py/benches/bench_markdown_it.py
"$venv/bin/python" crates/linkscan-py/benches/bench_bleach.py
# With --spark: a Spark job's throughput beside regexp_extract_all (bench_spark.py).
if [ "${1:-}" = --spark ]; then
    cargo xtask corpus 20 > target/spark-corpus.txt
    "$venv/bin/python" crates/linkscan-py/benches/bench_spark.py target/spark-corpus.txt
fi
