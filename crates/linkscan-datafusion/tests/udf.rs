//! `links(text)` in DataFusion queries against the library itself: every
//! row's links, in order, with character offsets counted here, for each of
//! Arrow's string layouts, over several partitions, with NULLs, empty and
//! long rows.

use arrow_array::{
    Array, ArrayRef, Int64Array, LargeStringArray, ListArray, RecordBatch, StringArray, StringViewArray,
    StructArray,
};
use arrow_schema::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use linkscan::LinkFinder;
use linkscan_datafusion::links_udf;
use std::sync::Arc;

/// A link as the test reads it: start and end in characters, kind, text, href.
type Expected = (i64, i64, String, String, String);

/// What the library finds in `text`, offsets counted in characters here.
fn expected(finder: &LinkFinder, text: &str) -> Vec<Expected> {
    let chars = |byte: usize| text[..byte].chars().count() as i64;
    finder
        .links(text)
        .map(|link| {
            (
                chars(link.start()),
                chars(link.end()),
                link.kind().as_str().to_string(),
                link.as_str().to_string(),
                link.href().into_owned(),
            )
        })
        .collect()
}

/// Rows of prose with links, some NULL, some empty, a few long (past the
/// 256 KiB blocks in which string views are read).
fn rows() -> Vec<Option<String>> {
    const WORDS: &[&str] = &[
        "see",
        "a.com",
        "x@y.org,",
        "(www.b.org/x)",
        "https://例え.jp/パス?q=1",
        "naïve",
        "日本語。",
        "e.g.",
        "the",
        "<mailto:m@n.io>",
        "file.txt",
        "http://[::1]/",
        "ftp://f.org.",
        "@handle",
        "ｆｕｌｌ．ｃｏｍ",
        "\n",
        "...",
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..600)
        .map(|i| match i % 97 {
            7 => None,
            8 => Some(String::new()),
            13 if i < 200 => Some(WORDS.iter().cycle().take(40_000).copied().collect::<Vec<_>>().join(" ")),
            _ => Some((0..next(40)).map(|_| WORDS[next(WORDS.len())]).collect::<Vec<_>>().join(" ")),
        })
        .collect()
}

/// `rows` as an array of `data_type` (Utf8, LargeUtf8 or Utf8View).
fn strings(rows: &[Option<String>], data_type: &DataType) -> ArrayRef {
    let rows = rows.iter().map(Option::as_deref);
    match data_type {
        DataType::Utf8 => Arc::new(rows.collect::<StringArray>()),
        DataType::LargeUtf8 => Arc::new(rows.collect::<LargeStringArray>()),
        _ => Arc::new(rows.collect::<StringViewArray>()),
    }
}

/// Each row's links as the query gave them (None for a NULL list).
fn lists_of(column: &ListArray) -> Vec<Option<Vec<Expected>>> {
    (0..column.len())
        .map(|row| {
            column.is_valid(row).then(|| {
                let links = column.value(row);
                let links = links.as_any().downcast_ref::<StructArray>().expect("a list of structs");
                let int = |name: &str| {
                    links.column_by_name(name).unwrap().as_any().downcast_ref::<Int64Array>().unwrap().clone()
                };
                let string = |name: &str| {
                    links
                        .column_by_name(name)
                        .unwrap()
                        .as_any()
                        .downcast_ref::<StringArray>()
                        .unwrap()
                        .clone()
                };
                let (start, end, kind, text, href) =
                    (int("start"), int("end"), string("kind"), string("text"), string("href"));
                (0..links.len())
                    .map(|i| {
                        let s = |a: &StringArray| a.value(i).to_string();
                        (start.value(i), end.value(i), s(&kind), s(&text), s(&href))
                    })
                    .collect()
            })
        })
        .collect()
}

/// `SELECT id, links(body)` over `rows` as `data_type`, in three
/// partitions, against the library.
async fn check(data_type: DataType, finder: LinkFinder, oracle: &LinkFinder) {
    let rows = rows();
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("body", data_type.clone(), true),
    ]));
    let partitions: Vec<Vec<RecordBatch>> = rows
        .chunks(250)
        .enumerate()
        .map(|(p, part)| {
            let ids = Int64Array::from_iter_values((0..part.len()).map(|i| (p * 250 + i) as i64));
            vec![
                RecordBatch::try_new(schema.clone(), vec![Arc::new(ids), strings(part, &data_type)]).unwrap(),
            ]
        })
        .collect();
    let ctx = SessionContext::new();
    ctx.register_table("posts", Arc::new(MemTable::try_new(schema.clone(), partitions).unwrap())).unwrap();
    ctx.register_udf(links_udf("links", finder));
    let batches =
        ctx.sql("SELECT id, links(body) AS l FROM posts ORDER BY id").await.unwrap().collect().await.unwrap();
    let mut seen = 0;
    for batch in &batches {
        let ids = batch.column(0).as_any().downcast_ref::<Int64Array>().unwrap();
        let lists = batch.column(1).as_any().downcast_ref::<ListArray>().expect("a list column");
        for (id, list) in ids.values().iter().zip(lists_of(lists)) {
            let row = &rows[*id as usize];
            let want = row.as_deref().map(|text| expected(oracle, text));
            assert_eq!(list, want, "row {id} ({data_type})");
            seen += 1;
        }
    }
    assert_eq!(seen, rows.len());
}

#[tokio::test(flavor = "current_thread")]
async fn every_string_layout_gives_the_librarys_links() {
    for data_type in [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View] {
        check(data_type, LinkFinder::new(), &LinkFinder::new()).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn the_finder_given_chooses_what_is_found() {
    use linkscan::Dialect::{Gfm, Uts58};
    let finder = |dialect, kinds| {
        let mut options = linkscan::FinderOptions::new(dialect);
        options.set("kinds", kinds).unwrap();
        options.finder().unwrap()
    };
    check(DataType::Utf8View, finder(Uts58, "email"), &finder(Uts58, "email")).await;
    check(DataType::Utf8, finder(Gfm, "url,email"), &finder(Gfm, "url,email")).await;
}

#[tokio::test(flavor = "current_thread")]
async fn literals_unnest_and_the_return_type() {
    let ctx = SessionContext::new();
    ctx.register_udf(links_udf("links", LinkFinder::new()));
    let sql = "SELECT unnest(links('Mail x@y.org or see a.com.'))['href'] AS href, \
               arrow_typeof(links(NULL)) AS t, links(NULL) IS NULL AS n";
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches).unwrap().to_string();
    for want in ["mailto:x@y.org", "https://a.com", "List(non-null Struct(", "true"] {
        assert!(table.contains(want), "{want:?} not in\n{table}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn two_arguments_are_refused_by_name() {
    let ctx = SessionContext::new();
    ctx.register_udf(links_udf("links", LinkFinder::new()));
    let Err(error) = ctx.sql("SELECT links('a.com', 'b.org')").await else {
        panic!("two arguments are refused")
    };
    assert!(error.to_string().contains("links"), "{error}");
}

/// A row that is not UTF-8 (DataFusion's readers never make one; a
/// foreign producer might) is read with its bad bytes replaced, never a
/// crash.
#[test]
fn a_row_that_is_not_utf8_is_read_with_replacements() {
    use datafusion::arrow::buffer::{Buffer, OffsetBuffer};
    use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};
    let bytes = b"a.com \xff b.org";
    let offsets = OffsetBuffer::new(vec![0, bytes.len() as i32].into());
    // SAFETY (test): not UTF-8 on purpose; the function must not take it as UTF-8 unchecked.
    let bad = unsafe { StringArray::new_unchecked(offsets, Buffer::from(&bytes[..]), None) };
    let udf = links_udf("links", LinkFinder::new());
    let args = ScalarFunctionArgs {
        args: vec![ColumnarValue::Array(Arc::new(bad))],
        arg_fields: vec![Arc::new(Field::new("t", DataType::Utf8, true))],
        number_rows: 1,
        return_field: Arc::new(Field::new("l", linkscan_arrow::list_type(), true)),
        config_options: Default::default(),
    };
    let ColumnarValue::Array(out) = udf.invoke_with_args(args).unwrap() else { panic!("an array") };
    let lists = lists_of(out.as_any().downcast_ref::<ListArray>().unwrap());
    assert_eq!(lists, vec![Some(expected(&LinkFinder::new(), "a.com \u{FFFD} b.org"))]);
}
