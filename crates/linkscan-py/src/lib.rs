//! The `linkscan` Python package's native module (`linkscan._linkscan`):
//! the library's finders, HTML, Markdown and formatting, with offsets in
//! Python string indices, and an Arrow batch API that releases the GIL.

use arrow_array::builder::{Int64Builder, StringBuilder, StringDictionaryBuilder};
use arrow_array::types::Int8Type;
use arrow_array::{Array, ArrayRef, LargeStringArray, RecordBatch, StringArray, StringViewArray};
use arrow_schema::{DataType, Field, Schema};
use linkscan::{Dialect, Kinds, LinkFinder, LinkKind, OffsetConverter, OffsetUnit, Schemes, TldPolicy};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyTable;
use pyo3_arrow::input::AnyArray;
use std::sync::Arc;

/// A link found in a text: offsets in the finder's unit, its kind, its
/// text and its target.
#[pyclass(frozen, eq, module = "linkscan", get_all)]
#[derive(Clone, PartialEq, Eq)]
struct Link {
    /// Where the link starts (Python string index unless `offsets` says otherwise).
    start: usize,
    /// Where it ends.
    end: usize,
    /// "url" or "email".
    kind: &'static str,
    /// The link as it stands in the text.
    text: String,
    /// The target: the text with `https://` or `mailto:` added where it has no scheme.
    href: String,
}

#[pymethods]
impl Link {
    fn __repr__(&self) -> String {
        format!(
            "Link(start={}, end={}, kind={:?}, text={:?}, href={:?})",
            self.start, self.end, self.kind, self.text, self.href
        )
    }
}

/// Finds links; built once with its options, used for any number of texts.
#[pyclass(frozen, module = "linkscan")]
struct Finder {
    finder: LinkFinder,
    unit: OffsetUnit,
}

fn value_error(option: &str, message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{option}: {message}"))
}

/// `kinds`: None, a comma-separated string, or a list of names.
fn parse_kinds(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Kinds> {
    let Some(kinds) = kinds else { return Ok(Kinds::ALL) };
    let text = if let Ok(s) = kinds.extract::<String>() {
        s
    } else if let Ok(list) = kinds.extract::<Vec<String>>() {
        list.join(",")
    } else {
        return Err(PyTypeError::new_err("kinds: expected a string like \"url,email\" or a list of names"));
    };
    let parsed: Kinds = text.parse().map_err(|e| value_error("kinds", e))?;
    if parsed.is_empty() {
        return Err(value_error("kinds", "no kind named (url, www, email)"));
    }
    Ok(parsed)
}

/// `tlds`: "iana", "any", or a list of TLDs.
fn parse_tlds(tlds: Option<&Bound<'_, PyAny>>) -> PyResult<TldPolicy> {
    let Some(tlds) = tlds else { return Ok(TldPolicy::Iana) };
    if let Ok(name) = tlds.extract::<String>() {
        return match name.as_str() {
            "iana" => Ok(TldPolicy::Iana),
            "any" => Ok(TldPolicy::Any),
            other => {
                Err(value_error("tlds", format!("{other:?} is not \"iana\", \"any\" or a list of TLDs")))
            }
        };
    }
    let list: Vec<String> = tlds
        .extract()
        .map_err(|_| PyTypeError::new_err("tlds: expected \"iana\", \"any\" or a list of TLDs"))?;
    Ok(TldPolicy::list(list))
}

fn parse_unit(offsets: &str) -> PyResult<OffsetUnit> {
    match offsets {
        "chars" => Ok(OffsetUnit::Chars),
        "utf8" => Ok(OffsetUnit::Bytes),
        "utf16" => Ok(OffsetUnit::Utf16),
        other => Err(value_error("offsets", format!("{other:?} is not \"chars\", \"utf8\" or \"utf16\""))),
    }
}

#[pymethods]
impl Finder {
    /// `Finder(dialect="uts58", *, kinds=None, require_scheme=False,
    /// tlds="iana", default_scheme=None, ip_hosts=False, unicode_ends=False,
    /// local_hosts=False, skip_file_names=False, schemes=None, offsets="chars")`
    #[new]
    #[pyo3(signature = (dialect = "uts58", *, kinds = None, require_scheme = false, tlds = None,
        default_scheme = None, ip_hosts = false, unicode_ends = false, local_hosts = false,
        skip_file_names = false, schemes = None, offsets = "chars"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        dialect: &str,
        kinds: Option<&Bound<'_, PyAny>>,
        require_scheme: bool,
        tlds: Option<&Bound<'_, PyAny>>,
        default_scheme: Option<String>,
        ip_hosts: bool,
        unicode_ends: bool,
        local_hosts: bool,
        skip_file_names: bool,
        schemes: Option<Vec<String>>,
        offsets: &str,
    ) -> PyResult<Finder> {
        let finder = match dialect {
            "uts58" => LinkFinder::new(),
            "gfm" => LinkFinder::gfm(),
            "md4c" => LinkFinder::md4c(),
            other => {
                return Err(value_error(
                    "dialect",
                    format!("{other:?} is not \"uts58\", \"gfm\" or \"md4c\""),
                ));
            }
        };
        let uts58_only = [
            ("tlds", tlds.is_some()),
            ("ip_hosts", ip_hosts),
            ("local_hosts", local_hosts),
            ("skip_file_names", skip_file_names),
            ("schemes", schemes.is_some()),
        ];
        for (option, set) in uts58_only {
            if set && finder.dialect() != Dialect::Uts58 {
                return Err(value_error(
                    option,
                    format!("a UTS #58 option; it means nothing with dialect={dialect:?}"),
                ));
            }
        }
        if unicode_ends && finder.dialect() != Dialect::Gfm {
            return Err(value_error(
                "unicode_ends",
                format!("a GFM option; it means nothing with dialect={dialect:?}"),
            ));
        }
        let mut finder = finder
            .kinds(parse_kinds(kinds)?)
            .require_scheme(require_scheme)
            .tlds(parse_tlds(tlds)?)
            .ip_hosts(ip_hosts)
            .unicode_ends(unicode_ends)
            .local_hosts(local_hosts)
            .skip_file_names(skip_file_names);
        if let Some(scheme) = default_scheme {
            if !linkscan::html::is_safe_href(&scheme) {
                return Err(value_error("default_scheme", format!("{scheme:?} is a script scheme")));
            }
            finder = finder.default_scheme(scheme);
        }
        if let Some(names) = schemes {
            finder = finder.schemes(Schemes::only(names));
        }
        Ok(Finder { finder, unit: parse_unit(offsets)? })
    }

    /// The links of `text`, in order.
    fn find(&self, py: Python<'_>, text: &str) -> Vec<Link> {
        py.detach(|| self.links(text))
    }

    /// `text` cut into `(piece, link or None)` pairs that cover it.
    fn spans(&self, py: Python<'_>, text: &str) -> Vec<(String, Option<Link>)> {
        py.detach(|| {
            let mut conv = OffsetConverter::new(text, self.unit);
            self.finder
                .spans(text)
                .map(|span| (span.as_str().to_string(), span.link().map(|l| to_link(l, &mut conv))))
                .collect()
        })
    }

    /// The links of every string of a pyarrow string array (`string`,
    /// `large_string`, `string_view`) or chunked array, as a pyarrow Table
    /// with columns `row`, `start`, `end`, `kind`, `text`, `href`. Rows
    /// count across chunks from 0; nulls have no links. The GIL is released
    /// while links are found.
    fn find_arrow<'py>(&self, py: Python<'py>, array: AnyArray) -> PyResult<Bound<'py, PyAny>> {
        let chunked = array.into_chunked_array()?;
        let (chunks, _) = chunked.into_inner();
        let batch = py.detach(|| self.links_of_chunks(&chunks))?;
        let schema = batch.schema();
        PyTable::try_new(vec![batch], schema)?.into_pyarrow(py)
    }

    fn __repr__(&self) -> String {
        format!("Finder(dialect={:?})", format!("{:?}", self.finder.dialect()).to_lowercase())
    }
}

fn to_link(link: &linkscan::Link<'_>, conv: &mut OffsetConverter<'_>) -> Link {
    Link {
        start: conv.convert(link.start()),
        end: conv.convert(link.end()),
        kind: kind_name(link.kind()),
        text: link.as_str().to_string(),
        href: link.href().into_owned(),
    }
}

fn kind_name(kind: LinkKind) -> &'static str {
    if kind == LinkKind::Email { "email" } else { "url" }
}

/// The output columns being built.
struct Columns {
    row: Int64Builder,
    start: Int64Builder,
    end: Int64Builder,
    kind: StringDictionaryBuilder<Int8Type>,
    text: StringBuilder,
    href: StringBuilder,
}

impl Finder {
    fn links(&self, text: &str) -> Vec<Link> {
        let mut conv = OffsetConverter::new(text, self.unit);
        self.finder.links(text).map(|l| to_link(&l, &mut conv)).collect()
    }

    fn add_row(&self, columns: &mut Columns, row: i64, text: &str) {
        let mut conv = OffsetConverter::new(text, self.unit);
        for link in self.finder.links(text) {
            columns.row.append_value(row);
            columns.start.append_value(conv.convert(link.start()) as i64);
            columns.end.append_value(conv.convert(link.end()) as i64);
            columns.kind.append_value(kind_name(link.kind()));
            columns.text.append_value(link.as_str());
            columns.href.append_value(link.href());
        }
    }

    fn links_of_chunks(&self, chunks: &[ArrayRef]) -> PyResult<RecordBatch> {
        let mut columns = Columns {
            row: Int64Builder::new(),
            start: Int64Builder::new(),
            end: Int64Builder::new(),
            kind: StringDictionaryBuilder::new(),
            text: StringBuilder::new(),
            href: StringBuilder::new(),
        };
        let mut row: i64 = 0;
        for chunk in chunks {
            macro_rules! each {
                ($array:expr) => {
                    for value in $array.iter() {
                        if let Some(text) = value {
                            self.add_row(&mut columns, row, text);
                        }
                        row += 1;
                    }
                };
            }
            match chunk.data_type() {
                DataType::Utf8 => each!(chunk.as_any().downcast_ref::<StringArray>().expect("a Utf8 array")),
                DataType::LargeUtf8 => {
                    each!(chunk.as_any().downcast_ref::<LargeStringArray>().expect("a LargeUtf8 array"))
                }
                DataType::Utf8View => {
                    each!(chunk.as_any().downcast_ref::<StringViewArray>().expect("a Utf8View array"))
                }
                DataType::Null => row += chunk.len() as i64,
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "find_arrow: expected strings (string, large_string, string_view), got {other}"
                    )));
                }
            }
        }
        let schema = Arc::new(Schema::new(vec![
            Field::new("row", DataType::Int64, false),
            Field::new("start", DataType::Int64, false),
            Field::new("end", DataType::Int64, false),
            Field::new(
                "kind",
                DataType::Dictionary(Box::new(DataType::Int8), Box::new(DataType::Utf8)),
                false,
            ),
            Field::new("text", DataType::Utf8, false),
            Field::new("href", DataType::Utf8, false),
        ]));
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(columns.row.finish()),
            Arc::new(columns.start.finish()),
            Arc::new(columns.end.finish()),
            Arc::new(columns.kind.finish()),
            Arc::new(columns.text.finish()),
            Arc::new(columns.href.finish()),
        ];
        RecordBatch::try_new(schema, arrays).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// `text` as HTML: escaped, with `<a href>` around each link; never a
/// script URL.
#[pyfunction]
#[pyo3(signature = (text, finder = None, *, rel = None, target = None, class_ = None))]
fn linkify_html(
    py: Python<'_>,
    text: &str,
    finder: Option<&Finder>,
    rel: Option<&str>,
    target: Option<&str>,
    class_: Option<&str>,
) -> String {
    let default = LinkFinder::new();
    let finder = finder.map_or(&default, |f| &f.finder);
    let mut options = linkscan::html::HtmlOptions::new();
    options.rel = rel;
    options.target = target;
    options.class = class_;
    py.detach(|| linkscan::html::linkify_with(text, finder, &options))
}

/// Markdown rendered to HTML with autolinks (pulldown-cmark); `dialect`
/// "gfm" (with GitHub's tables, strikethrough, task lists and footnotes),
/// "md4c" or "uts58".
#[pyfunction]
#[pyo3(signature = (markdown, dialect = "gfm"))]
fn markdown_to_html(py: Python<'_>, markdown: &str, dialect: &str) -> PyResult<String> {
    let (finder, options) = match dialect {
        "gfm" => (LinkFinder::gfm(), linkscan::markdown::gfm_options()),
        "md4c" => (LinkFinder::md4c(), pulldown_cmark::Options::empty()),
        "uts58" => (LinkFinder::new(), pulldown_cmark::Options::empty()),
        other => {
            return Err(value_error("dialect", format!("{other:?} is not \"gfm\", \"md4c\" or \"uts58\"")));
        }
    };
    Ok(py.detach(|| {
        let mut out = String::with_capacity(markdown.len() * 3 / 2);
        let events =
            linkscan::markdown::Autolinks::new(pulldown_cmark::Parser::new_ext(markdown, options), &finder);
        pulldown_cmark::html::push_html(&mut out, events);
        out
    }))
}

/// The display form of a URL: readable, minimally escaped (UTS #58 §4),
/// its host in Unicode where that is safe.
#[pyfunction]
fn display_url(url: &str) -> String {
    linkscan::format::display_url(url)
}

/// An email address with its local part quoted where UTS #58 §5.3 requires
/// it; `ValueError` when it cannot be written at all.
#[pyfunction]
fn display_email(address: &str) -> PyResult<String> {
    linkscan::format::display_email(address).map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymodule]
fn _linkscan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Link>()?;
    m.add_class::<Finder>()?;
    m.add_function(wrap_pyfunction!(linkify_html, m)?)?;
    m.add_function(wrap_pyfunction!(markdown_to_html, m)?)?;
    m.add_function(wrap_pyfunction!(display_url, m)?)?;
    m.add_function(wrap_pyfunction!(display_email, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let (major, minor, update) = linkscan::UNICODE_VERSION;
    m.add("UNICODE_VERSION", format!("{major}.{minor}.{update}"))?;
    m.add("TLD_LIST_VERSION", linkscan::TLD_LIST_VERSION)?;
    Ok(())
}
