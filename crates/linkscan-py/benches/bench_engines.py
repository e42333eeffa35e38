"""The links of a text column inside Polars: linkscan's plugin (eager and
in the streaming engine) against the Python route (`map_batches` with
`Finder.find_arrow_lists`) and Polars' own regular expressions, in one
process on the same rows. Each figure is the CPU time of the whole query
(every thread's: `time.process_time`), the best of five interleaved runs.

    BUILD_ONLY=1 bash benches/real-corpus.sh            # from the root: target/real-corpus.txt
    python bench_engines.py ../../../target/real-corpus.txt 2000000   # from benches/
"""

import sys
import time

import polars as pl

import linkscan.polars

URL = r"https?://\S+"
URL_WWW_EMAIL = r"(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.-]+"

path, rows = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
with open(path, encoding="utf-8", errors="replace") as f:
    lines = [line.rstrip("\n") for _, line in zip(range(rows), f)]
df = pl.DataFrame({"text": lines})
megabytes = df["text"].str.len_bytes().sum() / 1e6
assert linkscan.polars.native(), linkscan.polars._native

queries = {
    "linkscan plugin, eager": lambda: df.select(linkscan.polars.links("text", native=True)),
    "linkscan plugin, streaming": lambda: df.lazy()
    .select(linkscan.polars.links("text", native=True))
    .collect(engine="streaming"),
    "linkscan map_batches (Python route)": lambda: df.select(linkscan.polars.links("text", native=False)),
    f"Polars str.extract_all({URL!r})": lambda: df.select(pl.col("text").str.extract_all(URL)),
    "Polars str.extract_all(URL + www. + e-mail)": lambda: df.select(pl.col("text").str.extract_all(URL_WWW_EMAIL)),
}
# The same links on both routes.
assert queries["linkscan plugin, eager"]().equals(queries["linkscan map_batches (Python route)"]())

best = {name: float("inf") for name in queries}
for _ in range(5):
    for name, query in queries.items():
        start = time.process_time()
        query()
        best[name] = min(best[name], time.process_time() - start)

print(f"Polars {pl.__version__}, linkscan {linkscan.__version__}: {len(lines):,} rows, {megabytes:.1f} MB")
today = best["linkscan map_batches (Python route)"]
for name, seconds in best.items():
    print(f"| {name} | {seconds:.3f} | {seconds / today:.2f}× |")
