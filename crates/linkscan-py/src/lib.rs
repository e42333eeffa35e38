//! The `linkscan` Python package's native module (`linkscan._linkscan`):
//! the library's finders, HTML, Markdown and formatting, with offsets in
//! Python string indices, and an Arrow batch API that releases the GIL.

mod options;
mod polars_plugin;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, from_ffi_and_data_type};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef, RecordBatch, StructArray};
use arrow_schema::{ArrowError, DataType};
use linkscan::{Dialect, FinderOptions, LinkFinder, LinkKind, OffsetConverter, OffsetUnit, Profile};
use linkscan_arrow as rows;
use options::{FinderArgs, Tlds};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyDict};
use rows::{KIND_NAMES, ReadError, RowFinder, Rows, links_schema};
use std::ops::Range;

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
fn kinds_arg(kinds: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let Some(kinds) = kinds else { return Ok(None) };
    if let Ok(s) = kinds.extract::<String>() {
        Ok(Some(s))
    } else if let Ok(list) = kinds.extract::<Vec<String>>() {
        Ok(Some(list.join(",")))
    } else {
        Err(PyTypeError::new_err("kinds: expected a string like \"url,email\" or a list of names"))
    }
}

/// `tlds`: None, "iana", "any", or a list of TLDs.
fn tlds_arg(tlds: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Tlds>> {
    let Some(tlds) = tlds else { return Ok(None) };
    if let Ok(name) = tlds.extract::<String>() {
        return Ok(Some(Tlds::Named(name)));
    }
    let list: Vec<String> = tlds
        .extract()
        .map_err(|_| PyTypeError::new_err("tlds: expected \"iana\", \"any\" or a list of TLDs"))?;
    Ok(Some(Tlds::List(list)))
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
        let (kinds_given, tlds_given) = (kinds.map(|k| k.clone().unbind()), tlds.map(|t| t.clone().unbind()));
        let args = FinderArgs {
            dialect: dialect.to_string(),
            profile: profile.to_string(),
            kinds: kinds_arg(kinds)?,
            require_scheme,
            tlds: tlds_arg(tlds)?,
            default_scheme: default_scheme.clone(),
            ip_hosts,
            unicode_ends,
            local_hosts,
            skip_file_names,
            wrapped_urls,
            schemes: schemes.clone(),
            offsets: offsets.to_string(),
        };
        let (finder, unit) = args.finder().map_err(PyValueError::new_err)?;
        let profile: Profile = profile.parse().expect("checked by FinderArgs::finder");
        let kwargs = PyDict::new(py);
        kwargs.set_item("profile", profile.as_str())?;
        kwargs.set_item("kinds", kinds_given)?;
        kwargs.set_item("require_scheme", require_scheme)?;
        kwargs.set_item("tlds", tlds_given)?;
        kwargs.set_item("default_scheme", default_scheme)?;
        kwargs.set_item("ip_hosts", ip_hosts)?;
        kwargs.set_item("unicode_ends", unicode_ends)?;
        kwargs.set_item("local_hosts", local_hosts)?;
        kwargs.set_item("skip_file_names", skip_file_names)?;
        kwargs.set_item("wrapped_urls", wrapped_urls)?;
        kwargs.set_item("schemes", schemes)?;
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
        let batches =
            self.over_rows(py, array, threads, errors, |f, rows, range| f.links_batch(rows, range))?;
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
        let lists = self.over_rows(py, array, threads, errors, |f, rows, range| f.links_list(rows, range))?;
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

    /// Each candidate the scan of `text` considers, in order, as a dict:
    /// `link` (the Link, or None for a candidate refused), `start`, `end`
    /// and `text`, and `decisions`: the rules that made the link's start
    /// and end, or the one that refused it, each a dict of `rule` (a stable
    /// id), `start`, `end`, `text`, `reason`, `reference` and `refuses`.
    fn explain<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let explained = detached_if_long(py, text, || self.finder.explain(text));
        let mut conv = OffsetConverter::new(text, self.unit);
        let mut candidates = Vec::with_capacity(explained.len());
        for candidate in &explained {
            let dict = PyDict::new(py);
            dict.set_item(intern!(py, "link"), candidate.link.as_ref().map(|l| to_link(l, &mut conv)))?;
            set_span(&dict, &mut conv, text, candidate.range())?;
            let mut decisions = Vec::with_capacity(candidate.decisions.len());
            for decision in &candidate.decisions {
                let about = decision.rule.about();
                let entry = PyDict::new(py);
                entry.set_item(intern!(py, "rule"), about.id)?;
                set_span(&entry, &mut conv, text, decision.range.clone())?;
                entry.set_item(intern!(py, "reason"), about.reason)?;
                entry.set_item(intern!(py, "reference"), about.reference)?;
                entry.set_item(intern!(py, "refuses"), about.refuses)?;
                decisions.push(entry);
            }
            dict.set_item(intern!(py, "decisions"), decisions)?;
            candidates.push(dict);
        }
        Ok(candidates)
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
        kind: link.link.kind().as_str(),
        text: link.link.as_str().to_string(),
        href: link.link.href().into_owned(),
        host: link.link.host().to_string(),
    }
}

fn to_link(link: &linkscan::Link<'_>, conv: &mut OffsetConverter<'_>) -> Link {
    Link {
        start: conv.convert(link.start()),
        end: conv.convert(link.end()),
        kind: link.kind().as_str(),
        text: link.as_str().to_string(),
        href: link.href().into_owned(),
        host: link.host().to_string(),
    }
}

/// Sets `start` and `end` (converted by `conv`) and `text` of the bytes
/// `range` of `text` in `dict`.
fn set_span(
    dict: &Bound<'_, PyDict>,
    conv: &mut OffsetConverter<'_>,
    text: &str,
    range: std::ops::Range<usize>,
) -> PyResult<()> {
    let py = dict.py();
    dict.set_item(intern!(py, "start"), conv.convert(range.start))?;
    dict.set_item(intern!(py, "end"), conv.convert(range.end))?;
    dict.set_item(intern!(py, "text"), &text[range])
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

/// A column `find_arrow` cannot read, as Python's error.
fn read_error(e: ReadError) -> PyErr {
    let message = format!("find_arrow: {}", e.message);
    if e.wrong_type { PyTypeError::new_err(message) } else { PyValueError::new_err(message) }
}

fn arrow_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(format!("find_arrow: {e}"))
}

impl Finder {
    /// `part` of every part of the rows of `array` (a string column, as
    /// `find_arrow` takes it), found with the GIL released.
    fn over_rows<T: Send>(
        &self,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        threads: Option<usize>,
        errors: &str,
        part: impl Fn(&RowFinder<'_>, &Rows<'_>, Range<usize>) -> Result<T, linkscan::RowOffsetError>
        + Sync
        + Send,
    ) -> PyResult<Vec<T>> {
        let errors = rows::parse_errors(errors).map_err(PyValueError::new_err)?;
        let threads = rows::parse_threads(threads).map_err(PyValueError::new_err)?;
        let chunks = arrow_chunks(array)?;
        let finder = RowFinder { finder: &self.finder, unit: self.unit };
        py.detach(|| finder.over_chunks(&chunks, threads, errors, part)).map_err(read_error)
    }

    fn links(&self, text: &str) -> Vec<Link> {
        let mut conv = OffsetConverter::new(text, self.unit);
        self.finder.links(text).map(|l| to_link(&l, &mut conv)).collect()
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

/// Markdown rendered to HTML with autolinks; `dialect` "gfm" (with
/// GitHub's tables, strikethrough, task lists and footnotes), "md4c" or
/// "uts58". Safe by default, as cmark-gfm is: raw HTML is written
/// `<!-- raw HTML omitted -->` and script link targets are emptied;
/// `unsafe=True` keeps both (only for documents you trust). `parser`
/// "pulldown-cmark" (the faster), or "comrak": a port of cmark-gfm, whose
/// blocks and HTML are GitHub's exactly.
#[pyfunction]
#[pyo3(signature = (markdown, dialect = "gfm", *, r#unsafe = false, parser = "pulldown-cmark"))]
fn markdown_to_html(
    py: Python<'_>,
    markdown: &str,
    dialect: &str,
    r#unsafe: bool,
    parser: &str,
) -> PyResult<String> {
    let (finder, options) = markdown_dialect(dialect)?;
    match parser {
        "pulldown-cmark" => Ok(py.detach(|| {
            let mut out = String::with_capacity(markdown.len() * 3 / 2);
            let events =
                linkscan::markdown::MarkdownAutolinks::new(markdown, options, &finder).allow_unsafe(r#unsafe);
            pulldown_cmark::html::push_html(&mut out, events);
            out
        })),
        "comrak" => {
            let options = linkscan::comrak::options_for(&finder, r#unsafe);
            Ok(py.detach(|| linkscan::comrak::markdown_to_html(markdown, &options, &finder)))
        }
        other => {
            Err(PyValueError::new_err(format!("parser: {other:?} is not \"pulldown-cmark\" or \"comrak\"")))
        }
    }
}

/// The finder and pulldown-cmark options of a Markdown dialect's name.
fn markdown_dialect(dialect: &str) -> PyResult<(LinkFinder, pulldown_cmark::Options)> {
    let dialect: Dialect = dialect.parse().map_err(|e| PyValueError::new_err(format!("dialect: {e}")))?;
    let finder = FinderOptions::new(dialect).finder().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let options = linkscan::markdown::options_for(&finder);
    Ok((finder, options))
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
