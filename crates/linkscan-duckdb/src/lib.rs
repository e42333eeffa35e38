//! linkscan as a DuckDB loadable extension, over DuckDB's stable C
//! extension API (C API v1.2.0: one binary serves every DuckDB that offers
//! it): `linkscan_links(text [, options])` gives each string's links as
//! `STRUCT(start BIGINT, "end" BIGINT, kind VARCHAR, text VARCHAR, href
//! VARCHAR)[]` (offsets are 0-based character indices, as the Python
//! helpers give them; NULL for NULL), and `unnest` makes them rows.
//!
//! ```sql
//! LOAD 'linkscan.duckdb_extension';
//! SELECT l.href FROM (SELECT unnest(linkscan_links('See a.com or x@y.org.')) AS l);
//! SELECT linkscan_links(body, 'dialect=gfm kinds=url,email') FROM posts;
//! ```

mod options;

use libduckdb_sys as ffi;
use linkscan::{LinkFinder, OffsetConverter, OffsetUnit};
use std::ffi::{CString, c_char};
use std::ptr;

/// The C API version this extension asks DuckDB for.
const C_API_VERSION: &str = "v1.2.0";

/// DuckDB's entry point: registers `linkscan_links` on the database.
///
/// # Safety
/// Called by DuckDB with its extension info and access table.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn linkscan_init_c_api(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> bool {
    // SAFETY: as DuckDB calls it.
    match unsafe { init(info, access) } {
        Ok(loaded) => loaded,
        Err(message) => {
            // SAFETY: `access` is DuckDB's.
            if let Some(set_error) = unsafe { (*access).set_error } {
                let message = CString::new(message).unwrap_or_default();
                unsafe { set_error(info, message.as_ptr()) };
            }
            false
        }
    }
}

/// Takes DuckDB's function table and registers the function set.
unsafe fn init(
    info: ffi::duckdb_extension_info,
    access: *const ffi::duckdb_extension_access,
) -> Result<bool, String> {
    // SAFETY: (all) DuckDB's handles, used as its C API says.
    unsafe {
        if !ffi::duckdb_rs_extension_api_init(info, access, C_API_VERSION)? {
            // DuckDB offers no such API version; it has said why.
            return Ok(false);
        }
        let get_database = (*access).get_database.ok_or("DuckDB gave no get_database")?;
        let database = get_database(info);
        if database.is_null() {
            return Ok(false);
        }
        let mut connection: ffi::duckdb_connection = ptr::null_mut();
        if ffi::duckdb_connect(*database, &mut connection) != ffi::duckdb_state_DuckDBSuccess {
            return Err("linkscan: could not connect to the database".into());
        }
        let registered = register(connection);
        ffi::duckdb_disconnect(&mut connection);
        registered.map(|()| true)
    }
}

/// `linkscan_links(VARCHAR)` and `linkscan_links(VARCHAR, VARCHAR)`.
unsafe fn register(connection: ffi::duckdb_connection) -> Result<(), String> {
    // SAFETY: (all) types and functions made here and destroyed here, as
    // the C API says (registering copies them).
    unsafe {
        let name = c"linkscan_links";
        let set = ffi::duckdb_create_scalar_function_set(name.as_ptr());
        let varchar = ffi::duckdb_create_logical_type(ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR);
        let links = links_type();
        for arguments in 1..=2 {
            let function = ffi::duckdb_create_scalar_function();
            ffi::duckdb_scalar_function_set_name(function, name.as_ptr());
            for _ in 0..arguments {
                ffi::duckdb_scalar_function_add_parameter(function, varchar);
            }
            ffi::duckdb_scalar_function_set_return_type(function, links);
            ffi::duckdb_scalar_function_set_function(function, Some(links_of_chunk));
            ffi::duckdb_add_scalar_function_to_set(set, function);
            let mut function = function;
            ffi::duckdb_destroy_scalar_function(&mut function);
        }
        let state = ffi::duckdb_register_scalar_function_set(connection, set);
        let (mut set, mut varchar, mut links) = (set, varchar, links);
        ffi::duckdb_destroy_scalar_function_set(&mut set);
        ffi::duckdb_destroy_logical_type(&mut varchar);
        ffi::duckdb_destroy_logical_type(&mut links);
        if state == ffi::duckdb_state_DuckDBSuccess {
            Ok(())
        } else {
            Err("linkscan: could not register linkscan_links".into())
        }
    }
}

/// The fields of a link, in order.
const FIELDS: [(&std::ffi::CStr, bool); 5] =
    [(c"start", false), (c"end", false), (c"kind", true), (c"text", true), (c"href", true)];

/// `STRUCT(start BIGINT, "end" BIGINT, kind VARCHAR, text VARCHAR, href VARCHAR)[]`.
unsafe fn links_type() -> ffi::duckdb_logical_type {
    // SAFETY: (all) as the C API says; the member types are destroyed
    // after the struct type copies them.
    unsafe {
        let mut types: Vec<_> = FIELDS
            .iter()
            .map(|&(_, string)| {
                ffi::duckdb_create_logical_type(if string {
                    ffi::DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR
                } else {
                    ffi::DUCKDB_TYPE_DUCKDB_TYPE_BIGINT
                })
            })
            .collect();
        let mut names: Vec<*const c_char> = FIELDS.iter().map(|(name, _)| name.as_ptr()).collect();
        let mut link =
            ffi::duckdb_create_struct_type(types.as_mut_ptr(), names.as_mut_ptr(), FIELDS.len() as u64);
        let list = ffi::duckdb_create_list_type(link);
        ffi::duckdb_destroy_logical_type(&mut link);
        for t in &mut types {
            ffi::duckdb_destroy_logical_type(t);
        }
        list
    }
}

/// The scalar function: each row's links into `output`'s lists.
unsafe extern "C" fn links_of_chunk(
    info: ffi::duckdb_function_info,
    input: ffi::duckdb_data_chunk,
    output: ffi::duckdb_vector,
) {
    // SAFETY: DuckDB's chunk and vector, as its C API says.
    let result = std::panic::catch_unwind(|| unsafe { fill(input, output) });
    let message = match result {
        Ok(Ok(())) => return,
        Ok(Err(message)) => message,
        Err(_) => "linkscan: a panic (a bug: please report it with the input)".to_string(),
    };
    let message = CString::new(message.replace('\0', "\\0")).expect("no NUL left");
    // SAFETY: DuckDB copies the message.
    unsafe { ffi::duckdb_scalar_function_set_error(info, message.as_ptr()) };
}

/// Row `row` of a VARCHAR vector (`None`: NULL), or an error if it is not UTF-8.
unsafe fn string_at<'a>(vector: ffi::duckdb_vector, row: usize) -> Result<Option<&'a str>, String> {
    // SAFETY: (all) a flat VARCHAR vector of at least `row + 1` rows.
    unsafe {
        let validity = ffi::duckdb_vector_get_validity(vector);
        if !validity.is_null() && !ffi::duckdb_validity_row_is_valid(validity, row as u64) {
            return Ok(None);
        }
        let string = ffi::duckdb_vector_get_data(vector).cast::<ffi::duckdb_string_t>().add(row);
        let len = (*string).value.inlined.length as usize;
        let data =
            if len <= 12 { (*string).value.inlined.inlined.as_ptr() } else { (*string).value.pointer.ptr };
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), len);
        std::str::from_utf8(bytes).map(Some).map_err(|e| format!("linkscan: row {row} is not UTF-8 ({e})"))
    }
}

/// Fills `output` with the links of each row of `input`'s first column,
/// found with the finder its second column names (if any).
unsafe fn fill(input: ffi::duckdb_data_chunk, output: ffi::duckdb_vector) -> Result<(), String> {
    // SAFETY: (all) DuckDB's flat vectors of `rows` rows; the list's child
    // vectors are looked up again after each reserve (which may move them).
    unsafe {
        let rows = ffi::duckdb_data_chunk_get_size(input) as usize;
        let texts = ffi::duckdb_data_chunk_get_vector(input, 0);
        let option_column = (ffi::duckdb_data_chunk_get_column_count(input) > 1)
            .then(|| ffi::duckdb_data_chunk_get_vector(input, 1));
        let strings = (0..rows).map(|row| string_at(texts, row)).collect::<Result<Vec<_>, _>>()?;
        let options = match option_column {
            None => None,
            Some(column) => Some(
                (0..rows)
                    .map(|row| Ok(string_at(column, row)?.unwrap_or("")))
                    .collect::<Result<Vec<_>, String>>()?,
            ),
        };
        // The rows end to end, where one finder serves them all.
        let (mut joined, mut offsets) = (String::new(), vec![0]);
        let mut found: Vec<FoundLink<'_>> = Vec::new();
        let first_options = options.as_ref().and_then(|o| o.first().copied()).unwrap_or("");
        if options.as_ref().is_none_or(|o| o.iter().all(|&each| each == first_options)) {
            // One finder for the chunk (nearly always): its rows searched
            // together, end to end, as `row_links` reads an Arrow column.
            let finder = if options.is_some() { options::finder(first_options)? } else { LinkFinder::new() };
            joined.reserve(strings.iter().flatten().map(|s| s.len()).sum());
            for string in &strings {
                joined.push_str(string.unwrap_or(""));
                offsets.push(joined.len());
            }
            let mut current: Option<(usize, OffsetConverter<'_>)> = None;
            let links = finder.row_links(&joined, &offsets).map_err(|e| format!("linkscan: {e}"))?;
            for (row, link) in links {
                let conv = match &mut current {
                    Some((last, conv)) if *last == row => conv,
                    _ => {
                        let text = &joined[offsets[row]..offsets[row + 1]];
                        &mut current.insert((row, OffsetConverter::new(text, OffsetUnit::Chars))).1
                    }
                };
                found.push(FoundLink::new(row, &link, conv));
            }
        } else {
            // Options that differ between rows: a finder a row.
            let mut finders: Option<(&str, LinkFinder)> = None;
            for (row, (string, options)) in strings.iter().zip(options.iter().flatten()).enumerate() {
                let Some(text) = string else { continue };
                if finders.as_ref().is_none_or(|(seen, _)| seen != options) {
                    finders = Some((options, options::finder(options)?));
                }
                let finder = &finders.as_ref().expect("just set").1;
                let mut conv = OffsetConverter::new(text, OffsetUnit::Chars);
                found.extend(finder.links(text).map(|link| FoundLink::new(row, &link, &mut conv)));
            }
        }
        // Each row's list: its links, in order (a NULL string: NULL).
        let entries = ffi::duckdb_vector_get_data(output).cast::<ffi::duckdb_list_entry>();
        let mut link = 0;
        for row in 0..rows {
            let first = link;
            while link < found.len() && found[link].row == row {
                link += 1;
            }
            *entries.add(row) =
                ffi::duckdb_list_entry { offset: first as u64, length: (link - first) as u64 };
        }
        let nulls: Vec<usize> = (0..rows).filter(|&row| strings[row].is_none()).collect();
        let total = found.len() as u64;
        ffi::duckdb_list_vector_reserve(output, total);
        ffi::duckdb_list_vector_set_size(output, total);
        let links = ffi::duckdb_list_vector_get_child(output);
        let child = |i: u64| ffi::duckdb_struct_vector_get_child(links, i);
        let (starts, ends) = (child(0), child(1));
        let (starts, ends) = (
            ffi::duckdb_vector_get_data(starts).cast::<i64>(),
            ffi::duckdb_vector_get_data(ends).cast::<i64>(),
        );
        let (kinds, texts_out, hrefs_out) = (child(2), child(3), child(4));
        let assign = |vector: ffi::duckdb_vector, i: usize, s: &str| {
            ffi::duckdb_vector_assign_string_element_len(vector, i as u64, s.as_ptr().cast(), s.len() as u64)
        };
        for (i, found) in found.iter().enumerate() {
            *starts.add(i) = found.start;
            *ends.add(i) = found.end;
            assign(kinds, i, found.kind);
            assign(texts_out, i, found.text);
            assign(hrefs_out, i, &found.href);
        }
        if !nulls.is_empty() {
            ffi::duckdb_vector_ensure_validity_writable(output);
            let validity = ffi::duckdb_vector_get_validity(output);
            for row in nulls {
                ffi::duckdb_validity_set_row_invalid(validity, row as u64);
            }
        }
        Ok(())
    }
}

/// A link of a row, as the output holds it.
struct FoundLink<'t> {
    row: usize,
    /// Character offsets in the row.
    start: i64,
    end: i64,
    kind: &'static str,
    text: &'t str,
    href: String,
}

impl<'t> FoundLink<'t> {
    fn new(row: usize, link: &linkscan::Link<'t>, conv: &mut OffsetConverter<'_>) -> FoundLink<'t> {
        let (start, end) = (conv.convert(link.start()) as i64, conv.convert(link.end()) as i64);
        FoundLink {
            row,
            start,
            end,
            kind: link.kind().as_str(),
            text: link.as_str(),
            href: link.href().into_owned(),
        }
    }
}
