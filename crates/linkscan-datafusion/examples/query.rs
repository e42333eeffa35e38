//! `cargo run --example query`: linkscan's `links` in a DataFusion query,
//! a table of posts unnested into one row a link.

use datafusion::arrow::array::{Int64Array, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::error::Result;
use datafusion::prelude::SessionContext;
use std::sync::Arc;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("body", DataType::Utf8, true),
    ]));
    let posts = RecordBatch::try_new(
        schema.clone(),
        vec![
            Arc::new(Int64Array::from(vec![1, 2, 3])),
            Arc::new(StringArray::from(vec![
                Some("Docs at https://example.com/guide (see §2)."),
                None,
                Some("Write to team@example.org or visit www.example.net."),
            ])),
        ],
    )?;
    let ctx = SessionContext::new();
    ctx.register_table("posts", Arc::new(MemTable::try_new(schema, vec![vec![posts]])?))?;
    ctx.register_udf(linkscan_datafusion::links_udf("links", linkscan::LinkFinder::new()));
    ctx.sql("SELECT id, link['kind'] AS kind, link['href'] AS href FROM (SELECT id, unnest(links(body)) AS link FROM posts) ORDER BY id")
        .await?
        .show()
        .await
}
