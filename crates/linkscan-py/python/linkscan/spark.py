"""Apache Spark: the links of a DataFrame's string column, or of files with
their names and line numbers, found on the executors a whole Arrow batch
at a time (no Python call per row).

- ``links_of(df, "text", keep=["id"])``: one row per link (the kept
  columns, then ``start``, ``end``, ``kind``, ``text``, ``href``), by
  ``mapInArrow`` (Spark 3.3 and later).
- ``links_udtf(df, "text", keep=["id"])``: the same rows by ``arrow_udtf``
  over the table (Spark 4.1 and later).
- ``links_udf()``: a column function, each row's links as an
  ``array<struct<start, end, kind, text, href>>`` beside its text
  (``df.withColumn("links", links_udf()("text"))``), by ``arrow_udf``
  (Spark 4.1 and later).
- ``links_in_files(spark, paths)``: ``file``, ``line`` (from 1) and the
  link of every link in text files, each file read whole.

Offsets are string indices within the row (within the line for files).
The executors need the wheel (``--py-files``, or an environment archive)
and pyarrow. In local mode they are this machine's: unless
``PYSPARK_PYTHON`` names another, they run the driver's interpreter, where
linkscan is (Spark's own default, ``python3``, may not have it). The
finder is made once per task from ``finder`` (pickled) or ``options``
(those of ``linkscan.Finder``).
"""

import os
import sys

import pyarrow as pa
import pyarrow.compute as pc

from ._linkscan import Finder

__all__ = ["links_of", "links_udtf", "links_udf", "links_in_files", "LINK_FIELDS", "LINKS_TYPE"]

#: The fields of a link, as a Spark DDL schema.
LINK_FIELDS = "`start` long, `end` long, `kind` string, `text` string, `href` string"
#: Each row's links, as a Spark DDL type.
LINKS_TYPE = "array<struct<`start`:bigint,`end`:bigint,`kind`:string,`text`:string,`href`:string>>"

_LINK_COLUMNS = ["start", "end", "kind", "text", "href"]


def _finder(finder, options):
    return finder if finder is not None else Finder(**options)


def _local_workers_run_this_python(session):
    """In local mode, the Python workers of the functions made from here on
    run the driver's interpreter, unless ``PYSPARK_PYTHON`` says which."""
    if session is None or "PYSPARK_PYTHON" in os.environ:
        return
    try:
        context = session.sparkContext  # (Spark Connect has none: its server decides.)
    except Exception:
        return
    if context.master.startswith("local") and sys.executable:
        context.pythonExec = sys.executable


def _link_columns(links):
    """The link columns of a ``find_arrow`` table as arrays, ``kind`` a
    plain string (Spark reads no dictionaries)."""
    links = links.combine_chunks()
    columns = [links.column(name).combine_chunks() for name in _LINK_COLUMNS]
    columns[2] = columns[2].cast(pa.string())
    return links.column("row").combine_chunks(), columns


def _links_schema(df, keep):
    """The rows `links_of` and `links_udtf` give: the kept columns, then a link."""
    from pyspark.sql.types import LongType, StringType, StructField, StructType

    types = [LongType(), LongType(), StringType(), StringType(), StringType()]
    fields = [StructField(name, kind) for name, kind in zip(_LINK_COLUMNS, types)]
    return StructType(df.select(*keep).schema.fields + fields)


def _links_of_batch(found, batch, column, keep):
    # One thread: Spark already runs a task on every core it was given.
    rows, columns = _link_columns(found.find_arrow(batch.column(column), threads=1))
    kept = [batch.column(name).take(rows) for name in keep]
    return pa.RecordBatch.from_arrays(kept + columns, names=keep + _LINK_COLUMNS)


def links_of(df, column="text", keep=(), finder=None, **options):
    """One row per link of ``df[column]``: the ``keep`` columns of its row,
    then ``start``, ``end``, ``kind``, ``text``, ``href``."""
    keep = list(keep)
    _local_workers_run_this_python(df.sparkSession)

    def find(batches):
        found = _finder(finder, options)
        for batch in batches:
            yield _links_of_batch(found, batch, column, keep)

    return df.select(*keep, column).mapInArrow(find, _links_schema(df, keep))


def links_udtf(df, column="text", keep=(), finder=None, **options):
    """``links_of`` as a Spark 4.1+ ``arrow_udtf`` over the table (the same
    rows): the form a table function takes, for plans that want one."""
    from pyspark.sql.functions import arrow_udtf

    keep = list(keep)
    _local_workers_run_this_python(df.sparkSession)

    class Links:
        def __init__(self):
            self.found = _finder(finder, options)

        def eval(self, batch: pa.RecordBatch):
            yield _links_of_batch(self.found, batch, column, keep)

    table_function = arrow_udtf(Links, returnType=_links_schema(df, keep))
    return table_function(df.select(*keep, column).asTable())


def links_udf(finder=None, **options):
    """A Spark column function (Spark 4.1+ ``arrow_udf``): each string's
    links as an ``array<struct<start, end, kind, text, href>>``, null for
    null."""
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import arrow_udf

    _local_workers_run_this_python(SparkSession.getActiveSession())

    def links(texts: pa.Array) -> pa.Array:
        return _finder(finder, options).find_arrow_lists(texts, threads=1).combine_chunks()

    return arrow_udf(links, LINKS_TYPE)


def links_in_files(spark, paths, finder=None, **options):
    """The links of text files (any Hadoop path or glob; each file read
    whole, so each must fit an executor's memory): ``file``, ``line``
    (from 1), ``start``, ``end`` (string indices within the line),
    ``kind``, ``text``, ``href``."""
    from pyspark.sql import functions as F

    _local_workers_run_this_python(spark)
    files = spark.read.text(paths, wholetext=True).select(F.input_file_name().alias("file"), "value")

    def find(batches):
        found = _finder(finder, options)
        for batch in batches:
            lines = pc.split_pattern(batch.column("value"), "\n")
            of_file = pc.list_parent_indices(lines)
            first_line = lines.offsets
            rows, columns = _link_columns(found.find_arrow(lines.flatten(), threads=1))
            file_index = of_file.take(rows)
            line = pc.add(pc.subtract(rows, first_line.take(file_index).cast(pa.int64())), 1)
            file = batch.column("file").take(file_index)
            yield pa.RecordBatch.from_arrays([file, line] + columns, names=["file", "line"] + _LINK_COLUMNS)

    return files.mapInArrow(find, "`file` string, `line` long, " + LINK_FIELDS)
