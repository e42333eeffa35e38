//! linkscan as a DataFusion scalar function: `links(text)` gives each
//! string's links, in order, as a `list<struct<start, end, kind, text,
//! href>>` (NULL for NULL), with the same rows, links and offsets as the
//! Python binding's `Finder.find_arrow_lists`.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let ctx = datafusion::prelude::SessionContext::new();
//! ctx.register_udf(linkscan_datafusion::links_udf("links", linkscan::LinkFinder::new()));
//! let mut emails = linkscan::FinderOptions::new(linkscan::Dialect::Uts58);
//! emails.set("kinds", "email")?;
//! ctx.register_udf(linkscan_datafusion::links_udf("emails", emails.finder()?));
//!
//! let sql = "SELECT unnest(links('See a.com or x@y.org.'))['href'] AS l, \
//!            unnest(emails('See a.com or x@y.org.'))['href'] AS e";
//! let batches = ctx.sql(sql).await?.collect().await?;
//! let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(table.contains("https://a.com") && table.matches("mailto:x@y.org").count() == 2);
//! # Ok(())
//! # }
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use datafusion_common::{DataFusionError, Result, exec_err};
use datafusion_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility};
use linkscan::{LinkFinder, OffsetUnit};
use linkscan_arrow::{BadRows, RowFinder};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// `name(text)`: the links `finder` finds in each string, offsets counted
/// in characters (as SQL's `strpos` and `substr` count them). Register it
/// with `SessionContext::register_udf`.
pub fn links_udf(name: &str, finder: LinkFinder) -> ScalarUDF {
    ScalarUDF::new_from_impl(Links::new(name, finder, OffsetUnit::Chars))
}

/// The function's implementation: a name, a finder and the offsets' unit.
/// Two are equal when they have the same name, unit and the same finder
/// (one `Arc`): a finder's options are not compared.
#[derive(Debug)]
pub struct Links {
    name: String,
    finder: Arc<LinkFinder>,
    unit: OffsetUnit,
    signature: Signature,
}

impl Links {
    /// `name(text)` with `finder`'s links, offsets in `unit`.
    pub fn new(name: &str, finder: LinkFinder, unit: OffsetUnit) -> Links {
        // Strings of any of Arrow's three layouts, each read as it comes.
        let strings = vec![DataType::Utf8View, DataType::Utf8, DataType::LargeUtf8];
        Links {
            name: name.to_string(),
            finder: Arc::new(finder),
            unit,
            signature: Signature::uniform(1, strings, Volatility::Immutable),
        }
    }
}

impl PartialEq for Links {
    fn eq(&self, other: &Links) -> bool {
        self.name == other.name && self.unit == other.unit && Arc::ptr_eq(&self.finder, &other.finder)
    }
}

impl Eq for Links {}

impl Hash for Links {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
        Arc::as_ptr(&self.finder).hash(state);
    }
}

impl ScalarUDFImpl for Links {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(linkscan_arrow::list_type())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let [texts] = &ColumnarValue::values_to_arrays(&args.args)?[..] else {
            return exec_err!("{} takes one argument", self.name);
        };
        // DataFusion runs a call a batch of rows, on its own threads: one
        // thread here. A row whose bytes are not UTF-8 (which DataFusion's
        // own readers never make) is read with each bad sequence replaced.
        let finder = RowFinder { finder: &self.finder, unit: self.unit };
        let lists = finder
            .over_chunks(std::slice::from_ref(texts), 1, BadRows::Replace, |f, rows, range| {
                f.links_list(rows, range)
            })
            .map_err(|e| DataFusionError::Execution(format!("{}: {}", self.name, e.message)))?;
        let list: ArrayRef = match &lists[..] {
            [list] => Arc::clone(list),
            parts => {
                let parts: Vec<&dyn Array> = parts.iter().map(AsRef::as_ref).collect();
                arrow_select::concat::concat(&parts)?
            }
        };
        Ok(ColumnarValue::Array(list))
    }
}
