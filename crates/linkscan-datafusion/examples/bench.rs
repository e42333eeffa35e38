//! The CPU time of `links(text)` in DataFusion against DataFusion's own
//! regular expressions, on the same rows in one process (the Rust side of
//! `crates/linkscan-py/benches/bench_engines.py`, which times the Python
//! UDF): every thread's CPU, the best of five interleaved runs.
//!
//! ```sh
//! BUILD_ONLY=1 bash benches/real-corpus.sh    # from the root: target/real-corpus.txt
//! cargo run --release --manifest-path crates/linkscan-datafusion/Cargo.toml --example bench -- target/real-corpus.txt 2000000
//! ```

use datafusion::arrow::array::{RecordBatch, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::SessionContext;
use std::io::BufRead;
use std::sync::Arc;

const URL: &str = r"https?://\S+";
const URL_WWW_EMAIL: &str = r"(?:https?://|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.-]+";

/// The CPU time of every thread of this process, in seconds (what
/// Python's `time.process_time` reads).
fn process_time() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec to write.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

#[tokio::main]
async fn main() -> datafusion::error::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (path, rows) = match &args[1..] {
        [path, rows] => (path, rows.parse::<usize>().expect("a number of rows")),
        _ => panic!("usage: bench TEXT_FILE ROWS"),
    };
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let lines: Vec<String> = file
        .split(b'\n')
        .take(rows)
        .map(|line| String::from_utf8_lossy(&line.expect("readable")).into_owned())
        .collect();
    let bytes: usize = lines.iter().map(String::len).sum();
    // As DataFusion reads strings from Parquet: Utf8View; one table, as the
    // Python benchmark registers it.
    let schema = Arc::new(Schema::new(vec![Field::new("text", DataType::Utf8View, false)]));
    let texts = StringViewArray::from_iter_values(lines.iter());
    let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(texts)])?;
    let ctx = SessionContext::new();
    ctx.register_table("records", Arc::new(MemTable::try_new(schema, vec![vec![batch]])?))?;
    ctx.register_udf(linkscan_datafusion::links_udf("links", linkscan::LinkFinder::new()));

    let regex = URL_WWW_EMAIL.replace('\'', "''");
    let queries = [
        ("DataFusion: links (linkscan-datafusion, Rust)".to_string(), "links(text)".to_string()),
        (format!("DataFusion: regexp_count({URL:?})"), format!("regexp_count(text, '{URL}')")),
        (
            "DataFusion: regexp_count(URL + www. + e-mail)".to_string(),
            format!("regexp_count(text, '{regex}')"),
        ),
    ];
    let mut best = vec![f64::INFINITY; queries.len()];
    for _ in 0..5 {
        for ((_, expression), best) in queries.iter().zip(&mut best) {
            let start = process_time();
            ctx.sql(&format!("SELECT {expression} AS l FROM records")).await?.collect().await?;
            *best = best.min(process_time() - start);
        }
    }
    println!("DataFusion 55.2 (Rust): {} rows, {:.1} MB", lines.len(), bytes as f64 / 1e6);
    for ((name, _), seconds) in queries.iter().zip(&best) {
        println!("| {name} | {seconds:.3} |");
    }
    Ok(())
}
