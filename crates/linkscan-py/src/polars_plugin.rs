//! The Polars expression plugin: Polars opens this library (the wheel's
//! native module) and calls the four functions below on its own threads,
//! without Python; `linkscan.polars.links` registers them.
//!
//! The interface is Polars' plugin ABI, version 0.1 (the one pyo3-polars
//! exports, and every Polars since 0.20.6 calls): a Series crosses as a
//! `SeriesExport`, its field and chunks in the Arrow C data interface; a
//! function's keyword arguments come pickled; a function that fails leaves
//! its result empty and says why in `_polars_plugin_get_last_error_message`.
//! No polars crate is needed: Arrow's C data interface is the contract.

use crate::options::{FinderArgs, Tlds};
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::{Array, ArrayRef, LargeListArray, ListArray, StringArray, StringViewArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{DataType, Field};
use linkscan_arrow::{self as rows, BadRows, RowFinder};
use serde_pickle::{HashableValue, Value};
use std::cell::RefCell;
use std::ffi::{CString, c_char, c_void};
use std::mem::ManuallyDrop;
use std::sync::Arc;

/// The plugin ABI's version, major and minor: 0.1.
const ABI_VERSION: u32 = 1;

/// A Series crossing between Polars and a plugin (`#[repr(C)]`, as Polars
/// lays it out): its field, its `len` chunks, and how its maker frees it.
#[repr(C)]
pub struct SeriesExport {
    field: *mut FFI_ArrowSchema,
    arrays: *mut *mut FFI_ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// What a `SeriesExport` of ours owns until Polars releases it.
struct Exported {
    _field: Box<FFI_ArrowSchema>,
    arrays: Box<[*mut FFI_ArrowArray]>,
}

thread_local! {
    /// Why this thread's last call failed.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records why a call failed, for `_polars_plugin_get_last_error_message`.
fn fail(message: String) {
    let message = CString::new(message.replace('\0', "\\0")).expect("no NUL left");
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// The ABI version, `major << 16 | minor`.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    ABI_VERSION
}

/// Why this thread's last call failed (valid until its next call).
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().as_ptr())
}

/// The output field of `links`: the input's name, a list of link structs.
///
/// # Safety
/// Polars' plugin ABI: `fields` points to `len` schemas, `out` to an empty
/// one, `kwargs` to `kwargs_len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn _polars_plugin_field_links(
    fields: *const FFI_ArrowSchema,
    len: usize,
    out: *mut FFI_ArrowSchema,
    _kwargs: *const u8,
    _kwargs_len: usize,
) {
    let result = std::panic::catch_unwind(|| {
        // SAFETY: as the ABI says.
        let fields = unsafe { std::slice::from_raw_parts(fields, len) };
        let [field] = fields else { return Err(format!("linkscan.links takes one column, not {len}")) };
        let input = DataType::try_from(field).map_err(|e| e.to_string())?;
        string_column(&input)?;
        FFI_ArrowSchema::try_from(links_field(field.name().unwrap_or(""))).map_err(|e| e.to_string())
    });
    match result {
        // SAFETY: `out` is an empty schema (nothing to release) for ours.
        Ok(Ok(schema)) => unsafe { out.write(schema) },
        Ok(Err(message)) => fail(message),
        Err(_) => fail("PANIC".into()),
    }
}

/// The links of each string of the one input Series, as a list of structs
/// a row (`find_arrow_lists`' type), null for a null string.
///
/// # Safety
/// Polars' plugin ABI: `inputs` points to `len` exports, which this call
/// takes over; `kwargs` to `kwargs_len` bytes of a pickled dict; `out` to
/// an empty export; `context` to Polars' caller context.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn _polars_plugin_links(
    inputs: *mut SeriesExport,
    len: usize,
    kwargs: *const u8,
    kwargs_len: usize,
    out: *mut SeriesExport,
    context: *const u8,
) {
    let result = std::panic::catch_unwind(|| {
        // SAFETY: as the ABI says; each export is taken over once.
        let columns: Vec<_> = (0..len).map(|i| unsafe { take_series(inputs.add(i)) }).collect();
        let [column] = &columns[..] else {
            return Err(format!("linkscan.links takes one column, not {len}"));
        };
        let (name, chunks) = column.as_ref().map_err(Clone::clone)?;
        let kwargs =
            if kwargs_len == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(kwargs, kwargs_len) } };
        let (finder, unit) = plugin_args(kwargs)?.finder()?;
        // The context's first bit: Polars already runs this on many threads.
        let parallel = !context.is_null() && unsafe { *context } & 1 == 1;
        let threads = if parallel { 1 } else { rows::default_threads() };
        let lists = RowFinder { finder: &finder, unit }
            .over_chunks(chunks, threads, BadRows::Replace, |f, rows, range| f.links_list(rows, range))
            .map_err(|e| e.message)?;
        Ok(export_series(name, lists.iter().map(in_polars_layout).collect()))
    });
    match result {
        // SAFETY: `out` is an empty export for ours.
        Ok(Ok(export)) => unsafe { out.write(export) },
        Ok(Err(message)) => fail(message),
        Err(_) => fail("PANIC".into()),
    }
}

/// Takes over an export: its name and chunks, or why they cannot be read.
/// The export is released either way.
///
/// # Safety
/// `export` is a valid export that no one else releases.
unsafe fn take_series(export: *mut SeriesExport) -> Result<(String, Vec<ArrayRef>), String> {
    // SAFETY: (all) as the function's contract says; each chunk's array is
    // moved out (its slot left to the export's release, which frees the
    // slot, not the array).
    unsafe {
        let e = &mut *export;
        let schema = &*e.field;
        let arrays: Vec<FFI_ArrowArray> = (0..e.len).map(|i| std::ptr::read(*e.arrays.add(i))).collect();
        let name = schema.name().unwrap_or("").to_string();
        let data_type = DataType::try_from(schema).map_err(|e| e.to_string());
        let chunks = data_type.and_then(|data_type| {
            string_column(&data_type)?;
            arrays
                .into_iter()
                .map(|array| from_ffi(array, schema).map(arrow_array::make_array).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()
        });
        if let Some(release) = e.release {
            release(export);
        }
        Ok((name, chunks?))
    }
}

/// An error unless `data_type` is a string type.
fn string_column(data_type: &DataType) -> Result<(), String> {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null => Ok(()),
        other => Err(format!("linkscan.links: expected a string column, got {other}")),
    }
}

/// The output field named `name`: a list of link structs a row, in
/// Polars' own layout (64-bit list offsets, string views), which Polars
/// takes without converting.
fn links_field(name: &str) -> Field {
    Field::new(name, DataType::LargeList(link_field().into()), true)
}

/// A link, its strings as views.
fn link_field() -> Field {
    let fields: Vec<Field> = rows::list_fields()
        .iter()
        .map(|field| match field.data_type() {
            DataType::Utf8 => field.as_ref().clone().with_data_type(DataType::Utf8View),
            _ => field.as_ref().clone(),
        })
        .collect();
    Field::new("item", DataType::Struct(fields.into()), false)
}

/// A list array of `links_list` in the layout of `links_field`: its
/// offsets widened, its strings made views of the same bytes.
fn in_polars_layout(list: &ArrayRef) -> ArrayRef {
    let list = list.as_any().downcast_ref::<ListArray>().expect("links_list gives a list array");
    let links = list.values().as_any().downcast_ref::<StructArray>().expect("of structs");
    let columns = links
        .columns()
        .iter()
        .map(|column| match column.as_any().downcast_ref::<StringArray>() {
            Some(strings) => Arc::new(StringViewArray::from(strings)) as ArrayRef,
            None => Arc::clone(column),
        })
        .collect();
    let DataType::Struct(fields) = link_field().data_type().clone() else { unreachable!("a struct field") };
    let links = StructArray::new(fields, columns, links.nulls().cloned());
    let offsets = OffsetBuffer::new(list.offsets().iter().map(|&o| i64::from(o)).collect());
    Arc::new(LargeListArray::new(link_field().into(), offsets, Arc::new(links), list.nulls().cloned()))
}

/// `chunks` as an export named `name`, released by Polars.
fn export_series(name: &str, chunks: Vec<ArrayRef>) -> SeriesExport {
    let field = Box::new(
        FFI_ArrowSchema::try_from(links_field(name)).expect("the links field has a C data interface type"),
    );
    let arrays: Box<[*mut FFI_ArrowArray]> =
        chunks.iter().map(|chunk| Box::into_raw(Box::new(FFI_ArrowArray::new(&chunk.to_data())))).collect();
    let mut exported = Box::new(Exported { _field: field, arrays });
    SeriesExport {
        field: std::ptr::from_ref(exported._field.as_ref()).cast_mut(),
        arrays: exported.arrays.as_mut_ptr(),
        len: exported.arrays.len(),
        release: Some(release_export),
        private_data: Box::into_raw(exported).cast(),
    }
}

/// Frees an export of ours: its field, and each chunk's slot (Polars has
/// moved the chunk's array out of it).
unsafe extern "C" fn release_export(export: *mut SeriesExport) {
    // SAFETY: Polars releases an export of ours once.
    unsafe {
        let Some(e) = export.as_mut() else { return };
        if e.private_data.is_null() {
            return;
        }
        let exported = Box::from_raw(e.private_data.cast::<Exported>());
        for &slot in exported.arrays.iter() {
            drop(Box::from_raw(slot.cast::<ManuallyDrop<FFI_ArrowArray>>()));
        }
        e.private_data = std::ptr::null_mut();
        e.release = None;
    }
}

/// The finder's arguments from the pickled keyword arguments (`Finder`'s,
/// as `linkscan.polars` passes them).
fn plugin_args(kwargs: &[u8]) -> Result<FinderArgs, String> {
    let mut args = FinderArgs::default();
    if kwargs.is_empty() {
        return Ok(args);
    }
    let value = serde_pickle::value_from_slice(kwargs, serde_pickle::DeOptions::new())
        .map_err(|e| format!("linkscan.links: unreadable options ({e})"))?;
    let Value::Dict(options) = value else { return Err("linkscan.links: options are not a dict".into()) };
    for (key, value) in options {
        let HashableValue::String(key) = key else {
            return Err("linkscan.links: an option not named".into());
        };
        let wrong = |expected: &str| format!("{key}: expected {expected}");
        let string = |value: Value| match value {
            Value::String(s) => Ok(s),
            _ => Err(wrong("a string")),
        };
        let flag = |value: Value| match value {
            Value::None => Ok(None),
            Value::Bool(b) => Ok(Some(b)),
            _ => Err(wrong("True, False or None")),
        };
        let strings = |value: Value| -> Result<Vec<String>, String> {
            match value {
                Value::List(items) | Value::Tuple(items) => items.into_iter().map(string).collect(),
                _ => Err(wrong("a list of strings")),
            }
        };
        match key.as_str() {
            "dialect" => args.dialect = string(value)?,
            "profile" => args.profile = string(value)?,
            "offsets" => args.offsets = string(value)?,
            "kinds" => {
                args.kinds = match value {
                    Value::None => None,
                    Value::String(s) => Some(s),
                    list => Some(strings(list)?.join(",")),
                }
            }
            "tlds" => {
                args.tlds = match value {
                    Value::None => None,
                    Value::String(s) => Some(Tlds::Named(s)),
                    list => Some(Tlds::List(strings(list)?)),
                }
            }
            "default_scheme" => {
                args.default_scheme = if value == Value::None { None } else { Some(string(value)?) }
            }
            "schemes" => args.schemes = if value == Value::None { None } else { Some(strings(value)?) },
            "require_scheme" => args.require_scheme = flag(value)?,
            "ip_hosts" => args.ip_hosts = flag(value)?,
            "local_hosts" => args.local_hosts = flag(value)?,
            "skip_file_names" => args.skip_file_names = flag(value)?,
            "wrapped_urls" => args.wrapped_urls = flag(value)?,
            "unicode_ends" => args.unicode_ends = flag(value)?.unwrap_or(false),
            other => return Err(format!("linkscan.links: no option {other:?}")),
        }
    }
    Ok(args)
}
