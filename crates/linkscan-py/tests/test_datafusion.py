"""linkscan.datafusion, with DataFusion from PyPI, against
`linkscan find --format jsonl` on the same generated records: from
pyarrow batches (several, with nulls, on several partitions), from
Parquet (Utf8View columns), as large strings, with options."""

import datafusion
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import linkscan
import linkscan.datafusion
from engines import records_and_links


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    return records_and_links(tmp_path_factory.mktemp("datafusion"), 3000, seed=13)


def rows(ctx, query):
    got = ctx.sql(query).to_pydict()
    return [None if links is None else [tuple(l.values()) for l in links] for links in got["l"]]


def session():
    return datafusion.SessionContext(datafusion.SessionConfig().with_target_partitions(4))


def test_batches_with_nulls_on_several_partitions(expected):
    lines, want = expected
    ctx = session()
    linkscan.datafusion.register(ctx)
    texts = lines + [None]
    batches = [pa.record_batch({"id": range(i, min(i + 700, len(texts))), "text": texts[i:i + 700]})
               for i in range(0, len(texts), 700)]
    ctx.register_record_batches("records", [batches[:3], batches[3:]])
    assert rows(ctx, "SELECT links(text) AS l FROM records ORDER BY id") == want + [None]


def test_parquet_and_large_strings(expected, tmp_path):
    lines, want = expected
    ctx = session()
    linkscan.datafusion.register(ctx)
    pq.write_table(pa.table({"id": range(len(lines)), "text": lines}), tmp_path / "r.parquet", row_group_size=500)
    ctx.register_parquet("p", str(tmp_path / "r.parquet"))
    assert ctx.sql("SELECT arrow_typeof(text) AS t FROM p LIMIT 1").to_pydict()["t"] == ["Utf8View"]
    assert rows(ctx, "SELECT links(text) AS l FROM p ORDER BY id") == want
    large = pa.record_batch({"id": range(len(lines)), "text": pa.array(lines, pa.large_string())})
    ctx.register_record_batches("large", [[large]])
    assert rows(ctx, "SELECT links(text) AS l FROM large ORDER BY id") == want


def test_options_and_unnest(expected):
    lines, want = expected
    ctx = session()
    ctx.register_record_batches("records", [[pa.record_batch({"text": lines})]])
    linkscan.datafusion.register(ctx, "emails", kinds="email")
    ctx.register_udf(linkscan.datafusion.links(linkscan.Finder("gfm"), name="gfm_links"))
    emails = ctx.sql("SELECT count(*) AS n FROM (SELECT unnest(emails(text)) AS l FROM records)").to_pydict()["n"][0]
    assert emails == sum(link[2] == "email" for row in want for link in row)
    gfm = linkscan.Finder("gfm")
    got = rows(ctx, "SELECT gfm_links(text) AS l FROM records")
    assert got == [[(l.start, l.end, l.kind, l.text, l.href) for l in gfm.find(line)] for line in lines]
    with pytest.raises(ValueError, match="dialect"):
        linkscan.datafusion.links(dialect="commonmark")
