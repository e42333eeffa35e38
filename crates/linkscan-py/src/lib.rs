//! The `linkscan` Python package's native module (`linkscan._linkscan`):
//! the library's finders, HTML, Markdown and formatting, with offsets in
//! Python string indices, and an Arrow batch API that releases the GIL.

use arrow_array::builder::{Int8Builder, Int64Builder, StringBuilder};
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, from_ffi_and_data_type};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::types::Int8Type;
use arrow_array::{
    Array, ArrayRef, DictionaryArray, GenericStringArray, LargeStringArray, OffsetSizeTrait, RecordBatch,
    StringArray, StringViewArray, StructArray,
};
use arrow_schema::{ArrowError, DataType, Field, Schema};
use linkscan::{
    Dialect, FinderOptions, Kinds, LinkFinder, LinkKind, OffsetConverter, OffsetUnit, Profile,
    RowOffsetError, TldPolicy,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyDict};
use std::fmt::Write as _;
use std::ops::Range;
use std::sync::Arc;

/// The most threads `find_arrow` uses.
const MAX_THREADS: usize = 64;
/// The most it uses unless asked: as the CLI's `-j`.
const DEFAULT_MAX_THREADS: usize = 8;

/// A link found in a text: offsets in the finder's unit, its kind, its
/// text, its target and its host. Hashable, comparable and picklable.
#[pyclass(frozen, eq, hash, module = "linkscan", get_all)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Link {
    /// Where the link starts (Python string index unless `offsets` says otherwise).
    start: usize,
    /// Where it ends.
    end: usize,
    /// "url", "email" or "handle".
    kind: &'static str,
    /// The link as it stands in the text.
    text: String,
    /// The target: the text with `https://` or `mailto:` added where it has no scheme.
    href: String,
    /// The host: of a URL, what follows the scheme and any user name; of an
    /// address or a handle, its domain.
    host: String,
}

#[pymethods]
impl Link {
    /// `Link(start, end, kind, text, href, host)`, as `find` makes them.
    #[new]
    fn new(start: usize, end: usize, kind: &str, text: String, href: String, host: String) -> PyResult<Link> {
        let kind = KIND_NAMES.iter().copied().find(|k| *k == kind).ok_or_else(|| {
            value_error("kind", format!("{kind:?} is not \"url\", \"email\" or \"handle\""))
        })?;
        Ok(Link { start, end, kind, text, href, host })
    }

    fn __getnewargs__(&self) -> (usize, usize, &'static str, String, String, String) {
        (self.start, self.end, self.kind, self.text.clone(), self.href.clone(), self.host.clone())
    }

    fn __repr__(&self) -> String {
        format!(
            "Link(start={}, end={}, kind={:?}, text={:?}, href={:?}, host={:?})",
            self.start, self.end, self.kind, self.text, self.href, self.host
        )
    }
}

/// Finds links; built once with its options, used for any number of texts.
/// Picklable (it is made again from its options), so it can be shipped to
/// worker processes (multiprocessing, Dask, Spark closures).
///
/// Finder(dialect="uts58", *, profile="default", kinds=None,
/// require_scheme=None, tlds=None, default_scheme=None, ip_hosts=None,
/// unicode_ends=False, local_hosts=None, skip_file_names=None,
/// wrapped_urls=None, schemes=None, offsets="chars")
///
/// dialect: "uts58" (Unicode UTS #58), "gfm" (GitHub's autolinks, as
///     cmark-gfm finds them) or "md4c" (md4c's permissive autolinks).
/// profile (uts58): "default" (the spec where it decides, the reader where
///     it does not), "strict" (the spec's pseudo-code and the Unicode
///     reference exactly; file names are links), "chat" (default plus
///     handles), "docs" (a scheme required, local and IP hosts) or "mail"
///     (default plus wrapped_urls). The options below,
///     when given (not None), change only themselves after it.
/// kinds: which links, as "url,www,email" (and "handle"), a string or a
///     list; None: the profile's.
/// require_scheme: only links written with a scheme (or mailto:).
/// tlds: "iana" (the built-in IANA list), "any" (any well-formed TLD) or a
///     list of TLDs.
/// default_scheme: put before a scheme-less link's href ("https://";
///     script schemes are refused).
/// ip_hosts: IPv4 and [IPv6] hosts after a scheme.
/// unicode_ends (gfm): end links at Unicode white space and punctuation.
/// local_hosts: any well-formed host after a scheme (localhost, intranet).
/// skip_file_names: README.md, main.rs:12, Date.now() and the like are no
///     links (None: the profile's, on but in "strict").
/// wrapped_urls: a URL wrapped across lines inside <...> or <URL:...>
///     (mail, quoted replies) is one link, its href joined (None: the
///     profile's, on in "mail").
/// schemes: the schemes a scheme:// URL may have; "web" stands for the
///     built-in list.
/// offsets: "chars" (Python string indices), "utf8" or "utf16".
///
/// An option that means nothing in the dialect, a script scheme or an
/// empty list raises ValueError starting with the option's name.
/// repr() shows every option that is not its default.
#[pyclass(frozen, module = "linkscan")]
struct Finder {
    finder: LinkFinder,
    unit: OffsetUnit,
    /// The arguments it was made with, for pickling.
    args: (String, Py<PyDict>),
    /// `find_arrow`'s schema and table without links, made at its first call.
    tables: PyOnceLock<Tables>,
}

fn value_error(option: &str, message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{option}: {message}"))
}

/// `kinds`: None (the profile's), a comma-separated string, or a list of names.
fn parse_kinds(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Kinds>> {
    let Some(kinds) = kinds else { return Ok(None) };
    let text = if let Ok(s) = kinds.extract::<String>() {
        s
    } else if let Ok(list) = kinds.extract::<Vec<String>>() {
        list.join(",")
    } else {
        return Err(PyTypeError::new_err("kinds: expected a string like \"url,email\" or a list of names"));
    };
    Ok(Some(text.parse().map_err(|e| value_error("kinds", e))?))
}

/// `dialect`: "uts58", "gfm" or "md4c".
fn parse_dialect(dialect: &str) -> PyResult<Dialect> {
    match dialect {
        "uts58" => Ok(Dialect::Uts58),
        "gfm" => Ok(Dialect::Gfm),
        "md4c" => Ok(Dialect::Md4c),
        other => Err(value_error("dialect", format!("{other:?} is not \"uts58\", \"gfm\" or \"md4c\""))),
    }
}

/// `tlds`: None, "iana", "any", or a list of TLDs.
fn parse_tlds(tlds: Option<&Bound<'_, PyAny>>) -> PyResult<Option<TldPolicy>> {
    let Some(tlds) = tlds else { return Ok(None) };
    if let Ok(name) = tlds.extract::<String>() {
        return match name.as_str() {
            "iana" => Ok(Some(TldPolicy::Iana)),
            "any" => Ok(Some(TldPolicy::Any)),
            other => {
                Err(value_error("tlds", format!("{other:?} is not \"iana\", \"any\" or a list of TLDs")))
            }
        };
    }
    let list: Vec<String> = tlds
        .extract()
        .map_err(|_| PyTypeError::new_err("tlds: expected \"iana\", \"any\" or a list of TLDs"))?;
    Ok(Some(TldPolicy::list(list)))
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
    /// `Finder(dialect="uts58", *, profile="default", kinds=None,
    /// require_scheme=None, tlds="iana", default_scheme=None, ip_hosts=None,
    /// unicode_ends=False, local_hosts=None, skip_file_names=None,
    /// wrapped_urls=None, schemes=None, offsets="chars")`
    ///
    /// `profile` (UTS #58): "default" (the spec where it decides, the reader
    /// where it does not), "strict" (the spec's pseudo-code and the Unicode
    /// reference exactly), "chat" (default plus handles), "docs"
    /// (require_scheme, local_hosts and ip_hosts) or "mail" (wrapped_urls). Options given
    /// (not None) change only themselves after it. `schemes`: the schemes a
    /// `scheme://` URL may have, "web" standing for the built-in list. The
    /// library checks the options as it checks the CLI's: one that means
    /// nothing in the dialect, a script scheme or an empty list raises
    /// `ValueError` starting with the option's name.
    #[new]
    #[pyo3(signature = (dialect = "uts58", *, profile = "default", kinds = None, require_scheme = None,
        tlds = None, default_scheme = None, ip_hosts = None, unicode_ends = false, local_hosts = None,
        skip_file_names = None, wrapped_urls = None, schemes = None, offsets = "chars"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        dialect: &str,
        profile: &str,
        kinds: Option<&Bound<'_, PyAny>>,
        require_scheme: Option<bool>,
        tlds: Option<&Bound<'_, PyAny>>,
        default_scheme: Option<String>,
        ip_hosts: Option<bool>,
        unicode_ends: bool,
        local_hosts: Option<bool>,
        skip_file_names: Option<bool>,
        wrapped_urls: Option<bool>,
        schemes: Option<Vec<String>>,
        offsets: &str,
    ) -> PyResult<Finder> {
        let profile: Profile = profile.parse().map_err(|e| value_error("profile", e))?;
        let (kinds_arg, tlds_arg) = (kinds.map(|k| k.clone().unbind()), tlds.map(|t| t.clone().unbind()));
        let (default_scheme_arg, schemes_arg) = (default_scheme.clone(), schemes.clone());
        // Checked by the library, as the CLI's options are.
        let mut options = FinderOptions::new(parse_dialect(dialect)?);
        options.profile = Some(profile);
        options.kinds = parse_kinds(kinds)?;
        options.require_scheme = require_scheme;
        options.tlds = parse_tlds(tlds)?;
        options.default_scheme = default_scheme;
        options.ip_hosts = ip_hosts;
        options.unicode_ends = Some(unicode_ends);
        options.local_hosts = local_hosts;
        options.skip_file_names = skip_file_names;
        options.wrapped_urls = wrapped_urls;
        options.schemes = schemes;
        let finder = options.finder().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let unit = parse_unit(offsets)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("profile", profile.as_str())?;
        kwargs.set_item("kinds", kinds_arg)?;
        kwargs.set_item("require_scheme", require_scheme)?;
        kwargs.set_item("tlds", tlds_arg)?;
        kwargs.set_item("default_scheme", default_scheme_arg)?;
        kwargs.set_item("ip_hosts", ip_hosts)?;
        kwargs.set_item("unicode_ends", unicode_ends)?;
        kwargs.set_item("local_hosts", local_hosts)?;
        kwargs.set_item("skip_file_names", skip_file_names)?;
        kwargs.set_item("wrapped_urls", wrapped_urls)?;
        kwargs.set_item("schemes", schemes_arg)?;
        kwargs.set_item("offsets", offsets)?;
        Ok(Finder { finder, unit, args: (dialect.to_string(), kwargs.unbind()), tables: PyOnceLock::new() })
    }

    fn __getnewargs_ex__<'py>(&self, py: Python<'py>) -> ((String,), Bound<'py, PyDict>) {
        ((self.args.0.clone(),), self.args.1.bind(py).clone())
    }

    /// The links of `text`, in order.
    fn find(&self, py: Python<'_>, text: &str) -> Vec<Link> {
        detached_if_long(py, text, || self.links(text))
    }

    /// `text` cut into `(piece, link or None)` pairs that cover it.
    fn spans(&self, py: Python<'_>, text: &str) -> Vec<(String, Option<Link>)> {
        detached_if_long(py, text, || {
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
    /// while links are found, on up to `threads` threads (default: one per
    /// CPU, at most 8; `threads` may be 1..=64; inputs under 256 KiB a
    /// thread use fewer).
    /// A row whose bytes are not UTF-8 (Arrow producers do not check) is
    /// read as `bytes.decode("utf-8", "replace")` reads it, its offsets
    /// counting that text (`errors="replace"`, the default); `"strict"`
    /// raises `ValueError` naming the row, `"skip"` gives it no links.
    #[pyo3(signature = (array, *, threads = None, errors = "replace"))]
    fn find_arrow<'py>(
        &self,
        py: Python<'py>,
        array: &Bound<'py, PyAny>,
        threads: Option<usize>,
        errors: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let batches = self.over_rows(py, array, threads, errors, Finder::links_batch)?;
        pyarrow_table(py, self.tables(py)?, batches)
    }

    /// `find_arrow` with one list of links a row: a pyarrow ChunkedArray of
    /// `list<struct<start, end, kind, text, href>>` as long as the input
    /// (a null row gives a null list), for a column beside the text
    /// (`df.with_columns(links=…)`, Spark's `arrow_udf`, DuckDB). The
    /// same arguments as `find_arrow`.
    #[pyo3(signature = (array, *, threads = None, errors = "replace"))]
    fn find_arrow_lists<'py>(
        &self,
        py: Python<'py>,
        array: &Bound<'py, PyAny>,
        threads: Option<usize>,
        errors: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let lists = self.over_rows(py, array, threads, errors, Finder::links_list)?;
        let pyarrow = pyarrow(py)?;
        let arrays = lists
            .into_iter()
            .map(|list| {
                let mut schema = FFI_ArrowSchema::try_from(list.data_type()).map_err(arrow_error)?;
                let mut array = FFI_ArrowArray::new(&list.to_data());
                // pyarrow moves both out (as in `pyarrow_table`).
                let (array, schema) =
                    (std::ptr::from_mut(&mut array) as usize, std::ptr::from_mut(&mut schema) as usize);
                pyarrow.import_array.bind(py).call1((array, schema))
            })
            .collect::<PyResult<Vec<_>>>()?;
        pyarrow.chunked_array.bind(py).call1((arrays,))
    }

    /// A stream of text with this finder: feed it pieces (chat tokens,
    /// lines of a log) and get each link once it is final.
    fn stream(&self) -> Stream {
        Stream { stream: linkscan::LinkStream::new(self.finder.clone()).offsets(self.unit) }
    }

    /// `Finder(...)` with the dialect and every option given that is not
    /// its default, as Python writes them.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        if self.args.0 != "uts58" {
            parts.push(format!("'{}'", self.args.0));
        }
        for (name, value) in self.args.1.bind(py).iter() {
            let name: String = name.extract()?;
            let default = match name.as_str() {
                "profile" => value.eq("default")?,
                "unicode_ends" => value.eq(false)?,
                "offsets" => value.eq("chars")?,
                _ => value.is_none(),
            };
            if !default {
                parts.push(format!("{name}={}", value.repr()?));
            }
        }
        Ok(format!("Finder({})", parts.join(", ")))
    }
}

/// Text that arrives a piece at a time (`Finder.stream()`): `feed` returns
/// the links each piece made final — exactly the links of the whole text,
/// with offsets into it, however it is cut.
#[pyclass(module = "linkscan")]
struct Stream {
    stream: linkscan::LinkStream,
}

#[pymethods]
impl Stream {
    /// Adds `text`; returns the links it made final, in order.
    fn feed(&mut self, text: &str) -> Vec<Link> {
        self.stream.feed(text).map(|l| stream_link(&l)).collect()
    }

    /// Ends the text; returns the links of what was still undecided. The
    /// stream then starts a new text (offsets from 0).
    fn finish(&mut self) -> Vec<Link> {
        self.stream.finish().map(|l| stream_link(&l)).collect()
    }

    /// The links the undecided text would have if it ended now (for a link
    /// shown "in progress"; more text may change them).
    fn pending(&self) -> Vec<Link> {
        self.stream.pending().map(|l| stream_link(&l)).collect()
    }

    /// The offset before which no later text can add, change or remove a link.
    #[getter]
    fn frontier(&self) -> usize {
        self.stream.frontier()
    }

    /// The text after the frontier.
    #[getter]
    fn undecided(&self) -> &str {
        self.stream.undecided()
    }

    fn __repr__(&self) -> String {
        format!("Stream(frontier={})", self.stream.frontier())
    }
}

fn stream_link(link: &linkscan::stream::StreamLink<'_>) -> Link {
    Link {
        start: link.start,
        end: link.end,
        kind: kind_name(link.link.kind()),
        text: link.link.as_str().to_string(),
        href: link.link.href().into_owned(),
        host: link.link.host().to_string(),
    }
}

fn to_link(link: &linkscan::Link<'_>, conv: &mut OffsetConverter<'_>) -> Link {
    Link {
        start: conv.convert(link.start()),
        end: conv.convert(link.end()),
        kind: kind_name(link.kind()),
        text: link.as_str().to_string(),
        href: link.href().into_owned(),
        host: link.host().to_string(),
    }
}

fn kind_name(kind: LinkKind) -> &'static str {
    KIND_NAMES[kind_key(kind) as usize]
}

/// The key of `kind` into [`KIND_NAMES`].
fn kind_key(kind: LinkKind) -> i8 {
    match kind {
        LinkKind::Email => 1,
        LinkKind::Handle => 2,
        _ => 0,
    }
}

/// The output columns being built for one part of the rows.
struct Columns {
    row: Int64Builder,
    start: Int64Builder,
    end: Int64Builder,
    /// Keys into [`KIND_NAMES`].
    kind: Int8Builder,
    text: StringBuilder,
    href: StringBuilder,
}

impl Columns {
    /// Builders for about `links` links.
    fn with_capacity(links: usize) -> Self {
        Columns {
            row: Int64Builder::with_capacity(links),
            start: Int64Builder::with_capacity(links),
            end: Int64Builder::with_capacity(links),
            kind: Int8Builder::with_capacity(links),
            text: StringBuilder::with_capacity(links, links * TEXT_BYTES_PER_LINK),
            href: StringBuilder::with_capacity(links, links * (TEXT_BYTES_PER_LINK + 8)),
        }
    }
}

/// How many bytes of text the output builders are sized for a link, and
/// how many bytes a link's text is taken to have.
const BYTES_PER_LINK: usize = 64;
const TEXT_BYTES_PER_LINK: usize = 32;

/// The values of the `kind` column's dictionary, indexed by its keys.
const KIND_NAMES: [&str; 3] = ["url", "email", "handle"];

/// Rows are split among threads only in parts of at least this many bytes:
/// below it, starting a thread costs more than it saves.
const MIN_BYTES_PER_THREAD: usize = 256 * 1024;

/// One thread per CPU, at most [`DEFAULT_MAX_THREADS`]; asked of the
/// system once (on Linux it reads cgroup files, tens of microseconds).
fn default_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS
        .get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(DEFAULT_MAX_THREADS)))
}

/// The schema of `find_arrow`'s table (built once).
fn links_schema() -> Arc<Schema> {
    static SCHEMA: std::sync::OnceLock<Arc<Schema>> = std::sync::OnceLock::new();
    SCHEMA
        .get_or_init(|| {
            Arc::new(Schema::new(vec![
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
            ]))
        })
        .clone()
}

/// `threads` as given, or the default.
fn parse_threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(default_threads()),
        Some(n @ 1..=MAX_THREADS) => Ok(n),
        Some(n) => Err(value_error("threads", format!("{n} is not within 1..={MAX_THREADS}"))),
    }
}

/// The Unicode version of the data and of UTS #58, as `18.0.0`.
fn unicode_version() -> String {
    let (major, minor, update) = linkscan::UNICODE_VERSION;
    format!("{major}.{minor}.{update}")
}

/// pyarrow's functions, looked up once: importing the module on every
/// call is a third of a small batch's time.
struct Pyarrow {
    from_batches: Py<PyAny>,
    import_batch: Py<PyAny>,
    import_schema: Py<PyAny>,
    import_array: Py<PyAny>,
    chunked_array: Py<PyAny>,
}

fn pyarrow(py: Python<'_>) -> PyResult<&Pyarrow> {
    static PYARROW: PyOnceLock<Pyarrow> = PyOnceLock::new();
    PYARROW.get_or_try_init(py, || {
        let module = py.import("pyarrow")?;
        PyResult::Ok(Pyarrow {
            from_batches: module.getattr("Table")?.getattr("from_batches")?.unbind(),
            import_batch: module.getattr("RecordBatch")?.getattr("_import_from_c")?.unbind(),
            import_schema: module.getattr("Schema")?.getattr("_import_from_c")?.unbind(),
            import_array: module.getattr("Array")?.getattr("_import_from_c")?.unbind(),
            chunked_array: module.getattr("chunked_array")?.unbind(),
        })
    })
}

/// A finder's `find_arrow` schema in pyarrow, whose metadata says how the
/// links were found (`linkscan.version`, `linkscan.unicode_version`,
/// `linkscan.tld_list_version`, `linkscan.finder`: the finder's options as
/// JSON), and its table without links (pyarrow tables are immutable: one
/// is shared).
struct Tables {
    schema: Py<PyAny>,
    empty: Py<PyAny>,
}

impl Finder {
    fn tables(&self, py: Python<'_>) -> PyResult<&Tables> {
        self.tables.get_or_try_init(py, || {
            let options = self.args.1.bind(py).copy()?;
            options.set_item("dialect", &self.args.0)?;
            let dumps = PyDict::new(py);
            dumps.set_item("sort_keys", true)?;
            dumps.set_item("default", py.get_type::<pyo3::types::PyString>())?;
            let json = py.import("json")?.call_method("dumps", (options,), Some(&dumps))?;
            let metadata = [
                ("linkscan.version", env!("CARGO_PKG_VERSION").to_string()),
                ("linkscan.unicode_version", unicode_version()),
                ("linkscan.tld_list_version", linkscan::TLD_LIST_VERSION.to_string()),
                ("linkscan.finder", json.extract()?),
            ];
            let schema = links_schema()
                .as_ref()
                .clone()
                .with_metadata(metadata.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
            let mut schema = FFI_ArrowSchema::try_from(&schema).map_err(arrow_error)?;
            // pyarrow moves the schema out (its `release` is then null).
            let address = std::ptr::from_mut(&mut schema) as usize;
            let pyarrow = pyarrow(py)?;
            let schema = pyarrow.import_schema.bind(py).call1((address,))?;
            let empty = pyarrow.from_batches.bind(py).call1((Vec::<Py<PyAny>>::new(), &schema))?;
            PyResult::Ok(Tables { schema: schema.unbind(), empty: empty.unbind() })
        })
    }
}

/// `batches` as one pyarrow Table of `tables`' schema. pyarrow's import is
/// most of a small call's time, so it is spared where it can be: the table
/// without links is made once, and each batch is handed over as one C
/// Data Interface struct array with the schema pyarrow already holds
/// (`RecordBatch._import_from_c`: pyarrow imports no schema, about half
/// its import time).
fn pyarrow_table<'py>(
    py: Python<'py>,
    tables: &Tables,
    mut batches: Vec<RecordBatch>,
) -> PyResult<Bound<'py, PyAny>> {
    batches.retain(|batch| batch.num_rows() > 0);
    if batches.is_empty() {
        return Ok(tables.empty.bind(py).clone());
    }
    let (pyarrow, schema) = (pyarrow(py)?, tables.schema.bind(py));
    let batches = batches
        .into_iter()
        .map(|batch| {
            let data = StructArray::from(batch).into_data();
            let mut array = FFI_ArrowArray::new(&data);
            // pyarrow moves the array out of the struct (its `release` is
            // then null, and dropping it releases nothing); if the import
            // fails first, dropping it releases it.
            let address = std::ptr::from_mut(&mut array) as usize;
            pyarrow.import_batch.bind(py).call1((address, schema))
        })
        .collect::<PyResult<Vec<_>>>()?;
    pyarrow.from_batches.bind(py).call1((batches, schema))
}

/// The arrays of a string column given by the Arrow PyCapsule interface:
/// the one array of `__arrow_c_array__` (a pyarrow Array, …) or the chunks
/// of `__arrow_c_stream__` (a pyarrow ChunkedArray, a Polars Series, …).
fn arrow_chunks(array: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    let py = array.py();
    if array.hasattr(intern!(py, "__arrow_c_array__"))? {
        let (schema, data): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) =
            array.call_method0(intern!(py, "__arrow_c_array__"))?.extract()?;
        let schema = schema.pointer_checked(Some(c"arrow_schema"))?.cast::<FFI_ArrowSchema>();
        let data = data.pointer_checked(Some(c"arrow_array"))?.cast::<FFI_ArrowArray>();
        // SAFETY: capsules so named hold an ArrowSchema and an ArrowArray
        // (the PyCapsule interface). The array is moved out, leaving a
        // released one for its capsule's destructor; the schema is only
        // read, while its capsule lives.
        let data = unsafe {
            let data = std::ptr::replace(data.as_ptr(), FFI_ArrowArray::empty());
            from_ffi(data, schema.as_ref())
        };
        return Ok(vec![arrow_array::make_array(data.map_err(arrow_error)?)]);
    }
    if array.hasattr(intern!(py, "__arrow_c_stream__"))? {
        let capsule = array.call_method0(intern!(py, "__arrow_c_stream__"))?;
        let stream = capsule.cast::<PyCapsule>()?.pointer_checked(Some(c"arrow_array_stream"))?;
        // SAFETY: a capsule so named holds an ArrowArrayStream; `from_raw`
        // moves it out, leaving a released one for the capsule's destructor.
        let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(stream.cast().as_ptr()) };
        let (Some(get_schema), Some(get_next), Some(get_last_error)) =
            (stream.get_schema, stream.get_next, stream.get_last_error)
        else {
            return Err(PyValueError::new_err("find_arrow: the Arrow stream was already consumed"));
        };
        // SAFETY (each call below): a stream that is not released has its
        // callbacks, called with the stream itself and an empty struct
        // for them to fill; an error message lives until the next call.
        let failed = |stream: &mut FFI_ArrowArrayStream| {
            let message = unsafe { get_last_error(stream) };
            let message = if message.is_null() {
                String::new()
            } else {
                unsafe { std::ffi::CStr::from_ptr(message) }.to_string_lossy().into_owned()
            };
            PyValueError::new_err(format!("find_arrow: the Arrow stream failed: {message}"))
        };
        let mut schema = FFI_ArrowSchema::empty();
        if unsafe { get_schema(&mut stream, &mut schema) } != 0 {
            return Err(failed(&mut stream));
        }
        let data_type = DataType::try_from(&schema).map_err(arrow_error)?;
        let mut chunks = Vec::new();
        loop {
            let mut array = FFI_ArrowArray::empty();
            if unsafe { get_next(&mut stream, &mut array) } != 0 {
                return Err(failed(&mut stream));
            }
            if array.is_released() {
                return Ok(chunks);
            }
            // SAFETY: an array of the stream is of the stream's type.
            let data = unsafe { from_ffi_and_data_type(array, data_type.clone()) }.map_err(arrow_error)?;
            chunks.push(arrow_array::make_array(data));
        }
    }
    Err(PyTypeError::new_err(
        "find_arrow: expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__)",
    ))
}

fn arrow_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(format!("find_arrow: {e}"))
}

/// What `find_arrow` does with a row whose bytes are not UTF-8.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BadRows {
    /// Read it as `bytes.decode("utf-8", "replace")` reads it (offsets count that text).
    Replace,
    /// Raise `ValueError` naming the row.
    Strict,
    /// Give it no links.
    Skip,
}

fn parse_errors(errors: &str) -> PyResult<BadRows> {
    match errors {
        "replace" => Ok(BadRows::Replace),
        "strict" => Ok(BadRows::Strict),
        "skip" => Ok(BadRows::Skip),
        other => Err(value_error("errors", format!("{other:?} is not \"replace\", \"strict\" or \"skip\""))),
    }
}

/// The rows of one chunk of a string column, stored end to end: row
/// `first + i` of the column is `text[offsets[i]..offsets[i + 1]]`, a null
/// row where `valid` says so.
struct Rows<'a> {
    first: usize,
    text: std::borrow::Cow<'a, str>,
    offsets: Vec<usize>,
    /// Whether each row is not null (`None`: none is).
    valid: Option<Vec<bool>>,
}

impl Rows<'_> {
    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn is_valid(&self, row: usize) -> bool {
        self.valid.as_ref().is_none_or(|valid| valid[row])
    }
}

/// The rows of one Arrow string chunk, whose first row is row `first` of
/// the column. Arrays come from other producers through the C data
/// interface, unchecked: each is validated (its structure, then UTF-8)
/// before a row becomes a `&str`. With `in_place`, a `string` or
/// `large_string` array whose values are UTF-8 as a whole (the common
/// case) is read in place, its offsets checked by the finder; other input
/// is copied, a row at a time, with each row that is not UTF-8 replaced,
/// skipped or an error, as `errors` says.
fn rows_of_chunk(chunk: &ArrayRef, first: usize, errors: BadRows, in_place: bool) -> PyResult<Rows<'_>> {
    let data = chunk.to_data();
    data.validate().map_err(|e| PyValueError::new_err(format!("find_arrow: a malformed array: {e}")))?;
    let read_in_place = match chunk.data_type() {
        _ if !in_place => None,
        DataType::Utf8 => chunk.as_any().downcast_ref::<StringArray>().and_then(|a| rows_in_place(a, first)),
        DataType::LargeUtf8 => {
            chunk.as_any().downcast_ref::<LargeStringArray>().and_then(|a| rows_in_place(a, first))
        }
        _ => None,
    };
    if let Some(rows) = read_in_place {
        return Ok(rows);
    }
    let (mut text, mut offsets, mut valid) = (String::new(), vec![0], Vec::with_capacity(chunk.len()));
    let mut push = |i: usize, bytes: Option<&[u8]>| -> PyResult<()> {
        let row = match bytes.map(std::str::from_utf8) {
            None => None,
            Some(Ok(row)) => Some(std::borrow::Cow::Borrowed(row)),
            Some(Err(e)) => match errors {
                BadRows::Strict => {
                    return Err(PyValueError::new_err(format!(
                        "find_arrow: row {} is not UTF-8 ({e}); errors=\"replace\" or \"skip\" reads on",
                        first + i
                    )));
                }
                BadRows::Skip => None,
                BadRows::Replace => bytes.map(String::from_utf8_lossy),
            },
        };
        text.push_str(row.as_deref().unwrap_or_default());
        offsets.push(text.len());
        valid.push(row.is_some());
        Ok(())
    };
    match chunk.data_type() {
        DataType::Utf8 => {
            let array = chunk.as_any().downcast_ref::<StringArray>().expect("a Utf8 array");
            each_row(array, first, &mut push)?;
        }
        DataType::LargeUtf8 => {
            let array = chunk.as_any().downcast_ref::<LargeStringArray>().expect("a LargeUtf8 array");
            each_row(array, first, &mut push)?;
        }
        DataType::Utf8View => {
            let array = chunk.as_any().downcast_ref::<StringViewArray>().expect("a Utf8View array");
            if data.validate_full().is_err() {
                return Err(PyValueError::new_err(
                    "find_arrow: a string_view array that is not valid UTF-8 (cast it to string first)",
                ));
            }
            for (i, row) in array.iter().enumerate() {
                push(i, row.map(str::as_bytes))?;
            }
        }
        DataType::Null => (0..chunk.len()).try_for_each(|i| push(i, None))?,
        other => {
            return Err(PyTypeError::new_err(format!(
                "find_arrow: expected strings (string, large_string, string_view), got {other}"
            )));
        }
    }
    let valid = valid.contains(&false).then_some(valid);
    Ok(Rows { first, text: text.into(), offsets, valid })
}

/// The rows of a `string` or `large_string` array in place, where its
/// values are UTF-8 as a whole. Whether its offsets cut them into rows (in
/// order, on character boundaries) is the finder's check, when it reads
/// them. A null row's bytes are searched too, its links left out. Its
/// first row is row `first_row` of the column.
fn rows_in_place<O: OffsetSizeTrait>(array: &GenericStringArray<O>, first_row: usize) -> Option<Rows<'_>> {
    let offsets = array.value_offsets();
    let (first, last) = (offsets.first()?.to_usize()?, offsets.last()?.to_usize()?);
    let text = std::str::from_utf8(array.values().as_slice().get(first..last)?).ok()?;
    // (A negative offset, or one before the first, wraps past the end. A
    // `string` array's are read as `u32`: no sign to extend, so the loop
    // is a vector one.)
    let offset = |o: &O| if O::IS_LARGE { o.as_usize() } else { o.as_usize() as u32 as usize };
    let offsets: Vec<usize> = offsets.iter().map(|o| offset(o).wrapping_sub(first)).collect();
    let valid = array.nulls().map(|nulls| nulls.iter().collect());
    Some(Rows { first: first_row, text: text.into(), offsets, valid })
}

/// Each row of a `string` or `large_string` array (numbered from
/// `first`) given to `push` as its bytes (`None` for a null).
fn each_row<O: OffsetSizeTrait>(
    array: &GenericStringArray<O>,
    first: usize,
    push: &mut impl FnMut(usize, Option<&[u8]>) -> PyResult<()>,
) -> PyResult<()> {
    let (offsets, values) = (array.value_offsets(), array.values().as_slice());
    for i in 0..array.len() {
        let bytes = if array.is_null(i) {
            None
        } else {
            let range = offsets[i].to_usize().zip(offsets[i + 1].to_usize());
            Some(range.and_then(|(a, b)| values.get(a..b)).ok_or_else(|| {
                PyValueError::new_err(format!("find_arrow: row {} has offsets outside its array", first + i))
            })?)
        };
        push(i, bytes)?;
    }
    Ok(())
}

/// The rows cut into at most `parts` contiguous ranges of about equal bytes.
fn split_rows(rows: &Rows<'_>, parts: usize) -> Vec<std::ops::Range<usize>> {
    // (Offsets not yet checked: out of order, they still give ranges.)
    let (n, offsets) = (rows.len(), &rows.offsets);
    let bytes = offsets[n].saturating_sub(offsets[0]);
    let share = bytes.div_ceil(parts.max(1)).max(1);
    let mut ranges = Vec::with_capacity(parts);
    let mut start = 0;
    while start < n {
        // The first row that ends a share past this range's start.
        let end =
            start + 1 + offsets[start + 1..=n].partition_point(|&o| o.saturating_sub(offsets[start]) < share);
        let end = end.min(n);
        ranges.push(start..end);
        start = end;
    }
    if ranges.is_empty() {
        ranges.push(0..0);
    }
    ranges
}

impl Finder {
    fn links(&self, text: &str) -> Vec<Link> {
        let mut conv = OffsetConverter::new(text, self.unit);
        self.finder.links(text).map(|l| to_link(&l, &mut conv)).collect()
    }

    /// The links of the rows in `range` (numbered as in `rows`) as one
    /// record batch, found together ([`LinkFinder::row_links`]: a
    /// search's set-up costs more than a chat message's bytes).
    fn links_batch(&self, rows: &Rows<'_>, range: Range<usize>) -> Result<RecordBatch, RowOffsetError> {
        // Builders start empty: most batches of prose have no link. At the
        // first link they are sized for the text left, at one link in
        // `BYTES_PER_LINK` bytes (link-dense text has one in about 45):
        // growing them a link at a time copies and faults in every
        // buffer over and over, most of the cost on link-dense text.
        let mut columns = Columns::with_capacity(0);
        let offsets = &rows.offsets[range.start..=range.end];
        let found = self.finder.row_links(&rows.text, offsets)?;
        // The row of the last link, and offsets in its text.
        let mut current: Option<(usize, OffsetConverter<'_>)> = None;
        for (i, link) in found {
            let row = range.start + i;
            if !rows.is_valid(row) {
                continue;
            }
            let row = rows.first + row;
            if columns.row.capacity() == 0 {
                columns = Columns::with_capacity(
                    (offsets[offsets.len() - 1] - offsets[i]).div_ceil(BYTES_PER_LINK),
                );
            }
            let conv = match &mut current {
                Some((last, conv)) if *last == i => conv,
                _ => {
                    &mut current
                        .insert((i, OffsetConverter::new(&rows.text[offsets[i]..offsets[i + 1]], self.unit)))
                        .1
                }
            };
            columns.row.append_value(row as i64);
            columns.start.append_value(conv.convert(link.start()) as i64);
            columns.end.append_value(conv.convert(link.end()) as i64);
            columns.kind.append_value(kind_key(link.kind()));
            columns.text.append_value(link.as_str());
            // The target written in place: no String per link.
            columns.href.write_str(link.href_prefix()).expect("a builder takes any string");
            columns.href.append_value(link.href_rest());
        }
        let kinds = DictionaryArray::<Int8Type>::try_new(
            columns.kind.finish(),
            Arc::new(StringArray::from(KIND_NAMES.to_vec())),
        )
        .expect("keys are within KIND_NAMES");
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(columns.row.finish()),
            Arc::new(columns.start.finish()),
            Arc::new(columns.end.finish()),
            Arc::new(kinds),
            Arc::new(columns.text.finish()),
            Arc::new(columns.href.finish()),
        ];
        Ok(RecordBatch::try_new(links_schema(), arrays).expect("the columns match the schema"))
    }

    /// `part` of every part of the rows of `array` (a string column, as
    /// `find_arrow` takes it), found with the GIL released.
    fn over_rows<T: Send>(
        &self,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        threads: Option<usize>,
        errors: &str,
        part: impl Fn(&Self, &Rows<'_>, Range<usize>) -> Result<T, RowOffsetError> + Sync,
    ) -> PyResult<Vec<T>> {
        let errors = parse_errors(errors)?;
        let threads = parse_threads(threads)?;
        let mut chunks = arrow_chunks(array)?;
        // (No chunk: one empty one, so that there is a batch or list array.)
        if chunks.is_empty() {
            chunks.push(arrow_array::new_empty_array(&DataType::Utf8));
        }
        let all = |rows: &Rows<'_>| -> Result<Vec<T>, RowOffsetError> {
            py.detach(|| self.by_parts(rows, threads, |range| part(self, rows, range)).into_iter().collect())
        };
        let (mut found, mut first) = (Vec::new(), 0);
        for chunk in &chunks {
            // Offsets that do not cut the values into rows: read row by row.
            let of_chunk = match all(&rows_of_chunk(chunk, first, errors, true)?) {
                Ok(of_chunk) => of_chunk,
                Err(_) => all(&rows_of_chunk(chunk, first, errors, false)?)
                    .map_err(|e| PyValueError::new_err(format!("find_arrow: {e} in rows copied whole")))?,
            };
            found.extend(of_chunk);
            first += chunk.len();
        }
        Ok(found)
    }

    /// `part` of every part of the rows, in row order: the rows cut into
    /// parts of about equal bytes, one thread each (at most `threads`);
    /// `part` gets a part's range of rows.
    fn by_parts<T: Send>(
        &self,
        rows: &Rows<'_>,
        threads: usize,
        part: impl Fn(Range<usize>) -> T + Sync,
    ) -> Vec<T> {
        let bytes = rows.offsets[rows.len()] - rows.offsets[0];
        let parts = threads.min(bytes / MIN_BYTES_PER_THREAD).max(1);
        let mut ranges = split_rows(rows, parts);
        // The last part is this thread's: one part starts no thread at all.
        let last = ranges.pop().expect("split_rows gives at least one range");
        let part = &part;
        std::thread::scope(|scope| {
            let handles: Vec<_> = ranges.into_iter().map(|range| scope.spawn(move || part(range))).collect();
            let mine = part(last);
            let mut done: Vec<_> =
                handles.into_iter().map(|h| h.join().expect("finding links does not panic")).collect();
            done.push(mine);
            done
        })
    }

    /// The links of `rows` as a list array, one list a row (null for a
    /// null row), each link a struct of `LIST_FIELDS`.
    fn links_list(&self, rows: &Rows<'_>, range: Range<usize>) -> Result<ArrayRef, RowOffsetError> {
        let batch = self.links_batch(rows, range.clone())?;
        let row = batch.column(0).as_any().downcast_ref::<arrow_array::Int64Array>().expect("row is Int64");
        let mut offsets = Vec::with_capacity(range.len() + 1);
        let mut link = 0;
        offsets.push(0i32);
        for i in range.clone() {
            while link < row.len() && row.value(link) as usize == rows.first + i {
                link += 1;
            }
            offsets.push(i32::try_from(link).expect("fewer than 2^31 links a part"));
        }
        let kinds = batch.column(3).as_any().downcast_ref::<DictionaryArray<Int8Type>>().expect("kind");
        let kinds: StringArray =
            kinds.keys().values().iter().map(|&k| Some(KIND_NAMES[k as usize])).collect();
        let values = StructArray::new(
            list_fields(),
            vec![
                Arc::clone(batch.column(1)),
                Arc::clone(batch.column(2)),
                Arc::new(kinds),
                Arc::clone(batch.column(4)),
                Arc::clone(batch.column(5)),
            ],
            None,
        );
        let nulls = arrow_buffer::NullBuffer::from_iter(range.map(|row| rows.is_valid(row)));
        let list = arrow_array::ListArray::new(
            Arc::new(Field::new("item", DataType::Struct(list_fields()), false)),
            arrow_buffer::OffsetBuffer::new(offsets.into()),
            Arc::new(values),
            Some(nulls),
        );
        Ok(Arc::new(list))
    }
}

/// The fields of a link in `find_arrow_lists`'s lists (the kind a plain
/// string, which every engine reads).
fn list_fields() -> arrow_schema::Fields {
    arrow_schema::Fields::from(vec![
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("kind", DataType::Utf8, false),
        Field::new("text", DataType::Utf8, false),
        Field::new("href", DataType::Utf8, false),
    ])
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
    detached_if_long(py, text, || linkscan::html::linkify_with(text, finder, &options))
}

/// Texts shorter than this are searched with the GIL held: releasing and
/// taking it again costs more than their search (a chat message's find
/// took 0.39 µs with the release, 0.2x without).
const DETACH_BYTES: usize = 4096;

/// `work` on `text`, with the GIL released if the text is long enough for
/// other threads to gain from it.
fn detached_if_long<T: Send>(py: Python<'_>, text: &str, work: impl FnOnce() -> T + Send) -> T {
    if text.len() < DETACH_BYTES { work() } else { py.detach(work) }
}

/// `html`, an HTML fragment or document, with `<a href>` around the links
/// of its text (not in attribute values, comments, `<a>`, `<script>`,
/// `<style>`, `<textarea>`, … nor in `skip_tags`, default `pre` and
/// `code`), every other character kept; never a script URL.
/// `callbacks` (bleach's): each is called as `callback(attrs, True)` for
/// each new link, `attrs` a dict of `(None, name)` keys to attribute
/// values (`(None, "href")` first) and `"_text"` to the link's text; it
/// returns the attributes to write, or `None` to leave the link as text.
/// `parse_email=False` leaves email addresses as text.
#[pyfunction]
#[pyo3(signature = (html, finder = None, *, callbacks = None, skip_tags = None, parse_email = true, rel = None, target = None, class_ = None))]
#[allow(clippy::too_many_arguments)]
fn linkify_fragment(
    py: Python<'_>,
    html: &str,
    finder: Option<&Finder>,
    callbacks: Option<Vec<Bound<'_, PyAny>>>,
    skip_tags: Option<Vec<String>>,
    parse_email: bool,
    rel: Option<&str>,
    target: Option<&str>,
    class_: Option<&str>,
) -> PyResult<String> {
    use linkscan::html::{Anchor, DEFAULT_SKIP_TAGS, linkify_fragment_with};
    let default = LinkFinder::new();
    let finder = finder.map_or(&default, |f| &f.finder);
    let skip_tags: Vec<&str> = skip_tags
        .as_ref()
        .map_or_else(|| DEFAULT_SKIP_TAGS.to_vec(), |t| t.iter().map(String::as_str).collect());
    let named = [("rel", rel), ("target", target), ("class", class_)];
    let given: Vec<(String, String)> =
        named.into_iter().filter_map(|(n, v)| Some((n.into(), v?.into()))).collect();
    let plain = |link: &linkscan::Link<'_>| {
        let wanted = parse_email || link.kind() != LinkKind::Email;
        wanted.then(|| Anchor { href: link.href().into_owned(), attributes: given.clone(), text: None })
    };
    match callbacks.filter(|c| !c.is_empty()) {
        None => py.detach(|| linkify_fragment_with(html, finder, &skip_tags, |link| Ok(plain(link)))),
        Some(callbacks) => linkify_fragment_with(html, finder, &skip_tags, |link| match plain(link) {
            Some(anchor) => anchor_by_callbacks(py, &callbacks, anchor, link.as_str()),
            None => Ok(None),
        }),
    }
}

/// The anchor bleach-style `callbacks` make of `anchor` (its attributes as
/// a dict, passed through each callback in turn), or `None` if one vetoes
/// it.
fn anchor_by_callbacks(
    py: Python<'_>,
    callbacks: &[Bound<'_, PyAny>],
    anchor: linkscan::html::Anchor,
    text: &str,
) -> PyResult<Option<linkscan::html::Anchor>> {
    let none = py.None();
    let mut attrs = PyDict::new(py);
    attrs.set_item((&none, "href"), &anchor.href)?;
    for (name, value) in &anchor.attributes {
        attrs.set_item((&none, name), value)?;
    }
    attrs.set_item("_text", text)?;
    for callback in callbacks {
        let result = callback.call1((&attrs, true))?;
        if result.is_none() {
            return Ok(None);
        }
        attrs = result.cast_into::<PyDict>().map_err(|_| {
            PyTypeError::new_err("linkify_fragment: a callback must return a dict of attributes or None")
        })?;
    }
    let mut made = linkscan::html::Anchor::default();
    for (key, value) in attrs.iter() {
        if let Ok(key) = key.extract::<String>() {
            if key != "_text" {
                return Err(PyValueError::new_err(format!(
                    "linkify_fragment: attribute key {key:?}: keys are (None, name) tuples or \"_text\""
                )));
            }
            let shown: String = value.str()?.extract()?;
            made.text = (shown != text).then_some(shown);
            continue;
        }
        let (namespace, name): (Option<String>, String) = key.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "linkify_fragment: attribute key {key}: keys are (None, name) tuples or \"_text\""
            ))
        })?;
        let value: String = value.str()?.extract()?;
        if namespace.is_none() && name == "href" {
            made.href = value;
        } else if namespace.is_none() && linkscan::html::is_anchor_attribute(&name) {
            made.attributes.push((name, value));
        } else {
            return Err(PyValueError::new_err(format!(
                "linkify_fragment: attribute {key}: not written (a namespace, an invalid name or an on… event handler)"
            )));
        }
    }
    // (No href left: the link stays text, as bleach leaves it.)
    Ok((!made.href.is_empty()).then_some(made))
}

/// Markdown rendered to HTML with autolinks (pulldown-cmark); `dialect`
/// "gfm" (with GitHub's tables, strikethrough, task lists and footnotes),
/// "md4c" or "uts58". Safe by default, as cmark-gfm is: raw HTML is written
/// `<!-- raw HTML omitted -->` and script link targets are emptied;
/// `unsafe=True` keeps both (only for documents you trust).
#[pyfunction]
#[pyo3(signature = (markdown, dialect = "gfm", *, r#unsafe = false))]
fn markdown_to_html(py: Python<'_>, markdown: &str, dialect: &str, r#unsafe: bool) -> PyResult<String> {
    let (finder, options) = markdown_dialect(dialect)?;
    Ok(py.detach(|| {
        let mut out = String::with_capacity(markdown.len() * 3 / 2);
        let events =
            linkscan::markdown::MarkdownAutolinks::new(markdown, options, &finder).allow_unsafe(r#unsafe);
        pulldown_cmark::html::push_html(&mut out, events);
        out
    }))
}

/// The display form of a URL: readable, minimally escaped (UTS #58 §4),
/// its host in Unicode where that is safe.
/// The finder and pulldown-cmark options of a Markdown dialect's name.
fn markdown_dialect(dialect: &str) -> PyResult<(LinkFinder, pulldown_cmark::Options)> {
    Ok(match parse_dialect(dialect)? {
        Dialect::Gfm => (LinkFinder::gfm(), linkscan::markdown::gfm_options()),
        Dialect::Md4c => (LinkFinder::md4c(), pulldown_cmark::Options::empty()),
        _ => (LinkFinder::new(), pulldown_cmark::Options::empty()),
    })
}

/// A document link for Python: `(kind, href, text, start, end, line,
/// column)`, made a `linkscan.DocumentLink` by the package.
type DocumentLinkRow = (&'static str, String, String, usize, usize, usize, usize);

/// Every link of a Markdown document — inline, reference, definition,
/// image, autolink (`<…>`) and literal (found by the dialect) — as
/// `(kind, href, text, start, end, line, column)`: offsets Python string
/// indices of the whole construct, line and column (in characters) of its
/// start, 1-based; none in code.
#[pyfunction]
#[pyo3(signature = (markdown, dialect = "gfm"))]
fn document_links(py: Python<'_>, markdown: &str, dialect: &str) -> PyResult<Vec<DocumentLinkRow>> {
    let (finder, options) = markdown_dialect(dialect)?;
    Ok(py.detach(|| {
        let mut links = linkscan::markdown::document_links(markdown, options, &finder);
        // Sources in document order, converted in one pass.
        links.sort_by_key(|l| (l.range.start, l.range.end));
        let mut chars = OffsetConverter::new(markdown, OffsetUnit::Chars);
        // The line of the last link's start, and where it starts (bytes).
        let (mut line, mut line_start, mut counted) = (1, 0, 0);
        links
            .into_iter()
            .map(|l| {
                let at = l.range.start;
                for (i, _) in markdown[counted..at].match_indices('\n') {
                    line += 1;
                    line_start = counted + i + 1;
                }
                counted = at;
                let column = markdown[line_start..at].chars().count() + 1;
                let (start, end) = (chars.convert(l.range.start), chars.convert(l.range.end));
                (l.kind.as_str(), l.destination.to_string(), l.text, start, end, line, column)
            })
            .collect()
    }))
}

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
    m.add_class::<Stream>()?;
    m.add_function(wrap_pyfunction!(linkify_html, m)?)?;
    m.add_function(wrap_pyfunction!(linkify_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(markdown_to_html, m)?)?;
    m.add_function(wrap_pyfunction!(document_links, m)?)?;
    m.add_function(wrap_pyfunction!(display_url, m)?)?;
    m.add_function(wrap_pyfunction!(display_email, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("UNICODE_VERSION", unicode_version())?;
    m.add("TLD_LIST_VERSION", linkscan::TLD_LIST_VERSION)?;
    Ok(())
}
