"""Extract the links of a large text corpus with Apache Spark and linkscan.

Reads plain text files (one record per line) or WET files (Common Crawl's
extracted-text format: WARC records whose body is the page's text), finds
the links of every record with linkscan's Arrow batch API inside
``mapInArrow`` — no Python loop per string — and writes them as Parquet:
one row per link with the record's id, the link's offsets (Python string
indices, or ``--offsets utf8|utf16``), kind, text and href.

Local mode (the wheel installed in the driver's environment):

    python examples/spark_links.py --master 'local[*]' corpus/*.txt out/

On a cluster, ship the wheel to the executors, e.g.

    spark-submit --master yarn --py-files linkscan-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl \\
        examples/spark_links.py --format wet 's3://bucket/crawl/*.warc.wet.gz' s3://bucket/links/

(or build a conda/venv archive with the wheel installed and pass it with
``--archives``, the way PySpark documents Python package management).
"""

import argparse

import pyarrow as pa

OUTPUT_SCHEMA = "id long, start long, end long, kind string, text string, href string"


def find_links(batches, dialect="uts58", offsets="chars"):
    """Arrow record batches with ``id`` and ``text`` columns to batches of
    links: the function ``mapInArrow`` runs on every executor."""
    import linkscan  # imported on the executor

    finder = linkscan.Finder(dialect, offsets=offsets)
    for batch in batches:
        # One thread: Spark already runs a task on every core it was given.
        links = finder.find_arrow(batch.column("text"), threads=1).combine_chunks()

        def column(name):
            if links.num_rows == 0:
                return pa.array([], links.schema.field(name).type)
            return links.column(name).chunk(0)

        yield pa.RecordBatch.from_arrays(
            [
                batch.column("id").take(column("row")),
                column("start"),
                column("end"),
                column("kind").cast(pa.string()),
                column("text"),
                column("href"),
            ],
            names=["id", "start", "end", "kind", "text", "href"],
        )


def wet_records(spark, paths):
    """The conversion records of WET files as (id, text) rows."""
    raw = spark.sparkContext.newAPIHadoopFile(
        paths,
        "org.apache.hadoop.mapreduce.lib.input.TextInputFormat",
        "org.apache.hadoop.io.LongWritable",
        "org.apache.hadoop.io.Text",
        conf={"textinputformat.record.delimiter": "WARC/1.0\r\n"},
    )

    def body(record):
        offset, text = record
        head, _, content = text.partition("\r\n\r\n")
        return (offset, content) if "WARC-Type: conversion" in head else None

    return raw.map(body).filter(lambda r: r is not None).toDF("id long, text string")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input", nargs="+", help="text or WET files (any Hadoop path or glob)")
    parser.add_argument("output", help="the Parquet directory to write")
    parser.add_argument("--format", choices=["text", "wet"], default="text")
    parser.add_argument("--dialect", choices=["uts58", "gfm", "md4c"], default="uts58")
    parser.add_argument("--offsets", choices=["chars", "utf8", "utf16"], default="chars")
    parser.add_argument("--master", help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = SparkSession.builder.appName("linkscan-links")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    if args.format == "wet":
        records = wet_records(spark, ",".join(args.input))
    else:
        # One record per line; its id is its position in the input.
        records = spark.read.text(args.input).select(
            F.monotonically_increasing_id().alias("id"), F.col("value").alias("text")
        )
    links = records.mapInArrow(
        lambda batches: find_links(batches, args.dialect, args.offsets), OUTPUT_SCHEMA
    )
    links.write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
