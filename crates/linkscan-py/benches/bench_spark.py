"""A Spark job's throughput: linkscan.spark against regexp_extract_all, in
one SparkSession (local[1]: one task slot), on the same lines of text.
Each job reads the cached lines, finds the links of every line and throws
them away (Spark's "noop" sink, which runs everything); the time is the
best of three runs after a warm-up. Also the first call's cost in a fresh
Python process (what each new Spark Python worker pays once).

    python bench_spark.py CORPUS.txt     # e.g. after `cargo xtask corpus 20 > CORPUS.txt`
"""

import os
import subprocess
import sys
import time

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402

import linkscan.spark  # noqa: E402

corpus = sys.argv[1]
megabytes = os.path.getsize(corpus) / 1e6
spark = SparkSession.builder.master("local[1]").appName("linkscan-bench").getOrCreate()
spark.sparkContext.setLogLevel("ERROR")
lines = spark.read.text(corpus).withColumnRenamed("value", "text").cache()
lines.count()

URL_WWW_EMAIL = r"(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.-]+"
jobs = {
    "linkscan.spark.links_of (UTS #58; mapInArrow)": lambda: linkscan.spark.links_of(lines, "text"),
    "linkscan.spark.links_udtf (arrow_udtf)": lambda: linkscan.spark.links_udtf(lines, "text"),
    "linkscan.spark.links_udf (arrow_udf), exploded": lambda: lines.select(
        F.explode(linkscan.spark.links_udf()("text")).alias("link")
    ),
    "regexp_extract_all `https?://\\S+`": lambda: lines.select(
        F.explode(F.regexp_extract_all("text", F.lit(r"https?://\S+"), 0)).alias("link")
    ),
    "regexp_extract_all URL, www. and email": lambda: lines.select(
        F.explode(F.regexp_extract_all("text", F.lit(URL_WWW_EMAIL), 0)).alias("link")
    ),
}

print(f"{megabytes:.0f} MB, {lines.count():,} lines, local[1]\n")
print("| job | seconds | MB/s | links found |")
print("|---|---:|---:|---:|")
for name, job in jobs.items():
    job().write.format("noop").mode("overwrite").save()  # warm-up
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        job().write.format("noop").mode("overwrite").save()
        best = min(best, time.perf_counter() - start)
    found = job().count()
    print(f"| {name} | {best:.2f} | {megabytes / best:.0f} | {found:,} |")
spark.stop()

# In a fresh Python: importing pyarrow and pandas (which pyarrow loads to
# make its first array from Python objects; every Spark Arrow worker pays
# both), then linkscan's own part: its import and the first find_arrow.
first_call = (
    "import time; t0 = time.perf_counter(); import pyarrow as pa, pandas; a = pa.array(['see a.com']); "
    "t1 = time.perf_counter(); import linkscan; linkscan.Finder().find_arrow(a); t2 = time.perf_counter(); "
    "print(t1 - t0, t2 - t1)"
)
runs = [tuple(map(float, subprocess.check_output([sys.executable, "-c", first_call]).split())) for _ in range(5)]
arrow, ours = (sorted(column)[2] * 1000 for column in zip(*runs))
print(f"\nFirst call in a fresh Python, medians of 5: pyarrow and pandas imported {arrow:.0f} ms; "
      f"then linkscan imported and its first find_arrow {ours:.1f} ms")
