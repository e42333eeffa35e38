"""Extract the links of a large text corpus with Apache Spark and linkscan.

Reads plain text files or WET files (Common Crawl's extracted-text format:
WARC records whose body is the page's text), finds the links with
``linkscan.spark`` — linkscan's Arrow batch API inside ``mapInArrow``, no
Python loop per string — and writes them as Parquet, one row per link:
for text files the file and line (from 1), for WET files the record's id;
then the link's offsets (Python string indices within the line or record,
or ``--offsets utf8|utf16``), kind, text and href.

Local mode (the wheel, pyarrow, pandas and pyspark installed in the
environment that runs this, and that environment's Python on the
executors):

    PYSPARK_PYTHON=$PWD/.venv/bin/python .venv/bin/python \\
        crates/linkscan-py/examples/spark_links.py --master 'local[*]' corpus/ links/

On a cluster, ship the wheel to the executors, e.g.

    spark-submit --master yarn --py-files linkscan-0.1.0-cp39-abi3-manylinux_2_17_x86_64.whl \\
        examples/spark_links.py --format wet 's3://bucket/crawl/*.warc.wet.gz' s3://bucket/links/

(or build a conda/venv archive with the wheel installed and pass it with
``--archives``, the way PySpark documents Python package management).
"""

import argparse

from linkscan.spark import links_in_files, links_of


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
    parser.add_argument("input", nargs="+", help="text or WET files or directories (any Hadoop path or glob)")
    parser.add_argument("output", help="the Parquet directory to write")
    parser.add_argument("--format", choices=["text", "wet"], default="text")
    parser.add_argument("--dialect", choices=["uts58", "gfm", "md4c"], default="uts58")
    parser.add_argument("--offsets", choices=["chars", "utf8", "utf16"], default="chars")
    parser.add_argument("--master", help="Spark master, e.g. local[2] (default: spark-submit's)")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("linkscan-links")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    options = dict(dialect=args.dialect, offsets=args.offsets)
    if args.format == "wet":
        links = links_of(wet_records(spark, ",".join(args.input)), "text", keep=["id"], **options)
    else:
        links = links_in_files(spark, args.input, **options)
    links.write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
