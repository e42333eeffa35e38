"""The links of a text column inside Polars, DuckDB and DataFusion:
linkscan's Polars plugin (eager and in the streaming engine) and DuckDB
extension against the Python routes (`map_batches`, the Arrow UDFs of
`linkscan.duckdb` and `linkscan.datafusion`, all `Finder.find_arrow_lists`)
and each engine's own regular expressions, in one process on the same
rows (DataFusion has no regex that extracts every match: `regexp_count`
does the same search). Each figure is the CPU time of the whole
query (every thread's: `time.process_time`), the best of five interleaved
runs.

    BUILD_ONLY=1 bash benches/real-corpus.sh            # from the root: target/real-corpus.txt
    cargo build --release --manifest-path crates/linkscan-duckdb/Cargo.toml
    python crates/linkscan-duckdb/package.py linux_amd64 target/linkscan.duckdb_extension
    python crates/linkscan-py/benches/bench_engines.py target/real-corpus.txt 2000000 target/linkscan.duckdb_extension
"""

import sys
import time

import datafusion
import duckdb
import polars as pl
import pyarrow as pa

import linkscan.datafusion
import linkscan.duckdb
import linkscan.polars

URL = r"https?://\S+"
URL_WWW_EMAIL = r"(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.-]+"

path, rows, extension = sys.argv[1], int(sys.argv[2]), sys.argv[3]
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
con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
con.execute(f"LOAD '{extension}'")
linkscan.duckdb.register(con)
con.register("lines", pa.table({"text": lines}))
con.execute("CREATE TABLE records AS SELECT text FROM lines")


def duckdb_query(expression):
    return lambda: con.sql(f"SELECT {expression} AS l FROM records").to_arrow_table()


duckdb_regex = URL_WWW_EMAIL.replace("'", "''")
queries.update({
    "DuckDB: linkscan_links (the extension)": duckdb_query("linkscan_links(text)"),
    "DuckDB: links (Python Arrow UDF)": duckdb_query("links(text)"),
    f"DuckDB: regexp_extract_all({URL!r})": duckdb_query(f"regexp_extract_all(text, '{URL}')"),
    "DuckDB: regexp_extract_all(URL + www. + e-mail)": duckdb_query(f"regexp_extract_all(text, '{duckdb_regex}')"),
})
ctx = datafusion.SessionContext()
linkscan.datafusion.register(ctx)
# As DataFusion reads strings from Parquet: Utf8View.
ctx.register_record_batches("records", [pa.table({"text": pa.array(lines, pa.string_view())}).to_batches()])


def datafusion_query(expression):
    return lambda: ctx.sql(f"SELECT {expression} AS l FROM records").collect()


queries.update({
    "DataFusion: links (Python Arrow UDF)": datafusion_query("links(text)"),
    f"DataFusion: regexp_count({URL!r})": datafusion_query(f"regexp_count(text, '{URL}')"),
    "DataFusion: regexp_count(URL + www. + e-mail)": datafusion_query(f"regexp_count(text, '{duckdb_regex}')"),
})
# The same links on each engine's two routes.
assert queries["linkscan plugin, eager"]().equals(queries["linkscan map_batches (Python route)"]())
assert queries["DuckDB: linkscan_links (the extension)"]() == queries["DuckDB: links (Python Arrow UDF)"]()

best = {name: float("inf") for name in queries}
for _ in range(5):
    for name, query in queries.items():
        start = time.process_time()
        query()
        best[name] = min(best[name], time.process_time() - start)

print(f"Polars {pl.__version__}, DuckDB {duckdb.__version__}, DataFusion {datafusion.__version__}, "
      f"linkscan {linkscan.__version__}: "
      f"{len(lines):,} rows, {megabytes:.1f} MB")
for name, seconds in best.items():
    engine = name.split(":")[0]
    today = best[{"DuckDB": "DuckDB: links (Python Arrow UDF)", "DataFusion": "DataFusion: links (Python Arrow UDF)"}
                 .get(engine, "linkscan map_batches (Python route)")]
    print(f"| {name} | {seconds:.3f} | {seconds / today:.2f}× |")
