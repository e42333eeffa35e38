//! A string column's rows and their links as Arrow arrays: what the
//! Python binding's `Finder.find_arrow`, its Polars plugin and the
//! DataFusion function (`linkscan-datafusion`) share. Nothing here touches
//! Python or an engine, so each may run it on its own threads.

#![deny(unsafe_code)]
#![warn(missing_docs)]

use arrow_array::builder::{Int8Builder, Int64Builder, StringBuilder};
use arrow_array::types::Int8Type;
use arrow_array::{
    Array, ArrayRef, DictionaryArray, GenericStringArray, LargeStringArray, OffsetSizeTrait, RecordBatch,
    StringArray, StringViewArray, StructArray,
};
use arrow_schema::{DataType, Field, Schema};
use linkscan::{LinkFinder, LinkKind, OffsetConverter, OffsetUnit, RowOffsetError};
use std::fmt::Write as _;
use std::ops::Range;
use std::sync::Arc;

/// Why a string column's rows cannot be read.
#[derive(Debug)]
pub struct ReadError {
    /// Whether the column is not strings at all (else its values are bad).
    pub wrong_type: bool,
    /// What is wrong, for the caller's error.
    pub message: String,
}

impl ReadError {
    fn bad(message: String) -> ReadError {
        ReadError { wrong_type: false, message }
    }
}

/// A finder and the unit of the offsets it reports, reading rows.
pub struct RowFinder<'a> {
    /// What finds the links.
    pub finder: &'a LinkFinder,
    /// What the links' offsets count.
    pub unit: OffsetUnit,
}

/// The most threads `find_arrow` uses.
pub const MAX_THREADS: usize = 64;
/// The most it uses unless asked: as the CLI's `-j`.
const DEFAULT_MAX_THREADS: usize = 8;

/// The key of `kind` into [`KIND_NAMES`].
pub fn kind_key(kind: LinkKind) -> i8 {
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
pub const KIND_NAMES: [&str; 3] =
    [LinkKind::Url.as_str(), LinkKind::Email.as_str(), LinkKind::Handle.as_str()];

/// Rows are split among threads only in parts of at least this many bytes:
/// below it, starting a thread costs more than it saves.
const MIN_BYTES_PER_THREAD: usize = 256 * 1024;

/// One thread per CPU, at most `DEFAULT_MAX_THREADS` (8); asked of the
/// system once (on Linux it reads cgroup files, tens of microseconds).
pub fn default_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS
        .get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(DEFAULT_MAX_THREADS)))
}

/// The schema of `find_arrow`'s table (built once).
pub fn links_schema() -> Arc<Schema> {
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
pub fn parse_threads(threads: Option<usize>) -> Result<usize, String> {
    match threads {
        None => Ok(default_threads()),
        Some(n @ 1..=MAX_THREADS) => Ok(n),
        Some(n) => Err(format!("threads: {n} is not within 1..={MAX_THREADS}")),
    }
}

/// What `find_arrow` does with a row whose bytes are not UTF-8.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum BadRows {
    /// Read it as `bytes.decode("utf-8", "replace")` reads it (offsets count that text).
    Replace,
    /// Raise `ValueError` naming the row.
    Strict,
    /// Give it no links.
    Skip,
}

/// `errors`: "replace", "strict" or "skip".
pub fn parse_errors(errors: &str) -> Result<BadRows, String> {
    match errors {
        "replace" => Ok(BadRows::Replace),
        "strict" => Ok(BadRows::Strict),
        "skip" => Ok(BadRows::Skip),
        other => Err(format!("errors: {other:?} is not \"replace\", \"strict\" or \"skip\"")),
    }
}

/// The rows of one chunk of a string column, stored end to end: row
/// `first + i` of the column is `text[offsets[i]..offsets[i + 1]]`, a null
/// row where `valid` says so.
pub struct Rows<'a> {
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
fn rows_of_chunk(
    chunk: &ArrayRef,
    first: usize,
    errors: BadRows,
    in_place: bool,
) -> Result<Rows<'_>, ReadError> {
    let data = chunk.to_data();
    data.validate().map_err(|e| ReadError::bad(format!("a malformed array: {e}")))?;
    let read_in_place = match chunk.data_type() {
        _ if !in_place => None,
        DataType::Utf8 => chunk.as_any().downcast_ref::<StringArray>().and_then(|a| rows_in_place(a, first)),
        DataType::LargeUtf8 => {
            chunk.as_any().downcast_ref::<LargeStringArray>().and_then(|a| rows_in_place(a, first))
        }
        DataType::Utf8View => {
            chunk.as_any().downcast_ref::<StringViewArray>().and_then(|a| view_rows(a, first))
        }
        _ => None,
    };
    if let Some(rows) = read_in_place {
        return Ok(rows);
    }
    let (mut text, mut offsets, mut valid) = (String::new(), vec![0], Vec::with_capacity(chunk.len()));
    let mut push = |i: usize, bytes: Option<&[u8]>| -> Result<(), ReadError> {
        let row = match bytes.map(std::str::from_utf8) {
            None => None,
            Some(Ok(row)) => Some(std::borrow::Cow::Borrowed(row)),
            Some(Err(e)) => match errors {
                BadRows::Strict => {
                    return Err(ReadError::bad(format!(
                        "row {} is not UTF-8 ({e}); errors=\"replace\" or \"skip\" reads on",
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
            for i in 0..array.len() {
                let bytes = array.is_valid(i).then(|| view_bytes(array, i));
                let bytes = bytes.map(|b| {
                    b.ok_or_else(|| {
                        ReadError::bad(format!("row {} has a view outside its buffers", first + i))
                    })
                });
                push(i, bytes.transpose()?)?;
            }
        }
        DataType::Null => (0..chunk.len()).try_for_each(|i| push(i, None))?,
        other => {
            return Err(ReadError {
                wrong_type: true,
                message: format!("expected strings (string, large_string, string_view), got {other}"),
            });
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

/// The rows of a `string_view` array (Polars' strings) copied end to end
/// at once, where they are UTF-8 and every view lies within its buffers:
/// one check of the whole text, and of each row's start, in place of one
/// a row. A null row's view is not read.
fn view_rows(array: &StringViewArray, first: usize) -> Option<Rows<'static>> {
    let (views, buffers) = (array.views(), array.data_buffers());
    let valid = |i: usize| array.is_valid(i);
    // (Lengths come from the producer: the capacity is at most what the
    // buffers and the inline views can hold.)
    let stored =
        buffers.iter().map(|b| b.len()).sum::<usize>().saturating_add(views.len().saturating_mul(12));
    let bytes = (0..views.len()).filter(|&i| valid(i)).map(|i| views[i] as u32 as usize).sum::<usize>();
    let mut text = Vec::with_capacity(bytes.min(stored));
    let mut offsets = Vec::with_capacity(views.len() + 1);
    offsets.push(0);
    for i in 0..views.len() {
        if valid(i) {
            text.extend_from_slice(view_bytes(array, i)?);
        }
        offsets.push(text.len());
    }
    let text = String::from_utf8(text).ok()?;
    // UTF-8 as a whole and cut on character boundaries: each row is UTF-8.
    if !offsets.iter().all(|&o| text.is_char_boundary(o)) {
        return None;
    }
    Some(Rows { first, text: text.into(), offsets, valid: array.nulls().map(|n| n.iter().collect()) })
}

/// Row `i`'s bytes in a `string_view` array, where its view lies within
/// the array's buffers (they come from other producers, unchecked).
fn view_bytes(array: &StringViewArray, i: usize) -> Option<&[u8]> {
    let view = array.views()[i];
    let len = view as u32 as usize;
    if len <= 12 {
        // Inline: the bytes after the view's length.
        let at = i * 16 + 4;
        array.views().inner().as_slice().get(at..at + len)
    } else {
        let (buffer, offset) = ((view >> 64) as u32 as usize, (view >> 96) as u32 as usize);
        array.data_buffers().get(buffer)?.as_slice().get(offset..offset.checked_add(len)?)
    }
}

/// Each row of a `string` or `large_string` array (numbered from
/// `first`) given to `push` as its bytes (`None` for a null).
fn each_row<O: OffsetSizeTrait>(
    array: &GenericStringArray<O>,
    first: usize,
    push: &mut impl FnMut(usize, Option<&[u8]>) -> Result<(), ReadError>,
) -> Result<(), ReadError> {
    let (offsets, values) = (array.value_offsets(), array.values().as_slice());
    for i in 0..array.len() {
        let bytes =
            if array.is_null(i) {
                None
            } else {
                let range = offsets[i].to_usize().zip(offsets[i + 1].to_usize());
                Some(range.and_then(|(a, b)| values.get(a..b)).ok_or_else(|| {
                    ReadError::bad(format!("row {} has offsets outside its array", first + i))
                })?)
            };
        push(i, bytes)?;
    }
    Ok(())
}

/// `part` of each range, in order, each on a thread of its own (the last
/// on this one: one range starts no thread at all).
fn in_threads<T: Send>(mut ranges: Vec<Range<usize>>, part: impl Fn(Range<usize>) -> T + Sync) -> Vec<T> {
    let last = ranges.pop().expect("at least one range");
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

/// `0..n` cut into at most `parts` contiguous ranges of about equal length
/// (one range, maybe empty, at least).
fn split_evenly(n: usize, parts: usize) -> Vec<Range<usize>> {
    let parts = parts.clamp(1, n.max(1));
    (0..parts).map(|i| i * n / parts..(i + 1) * n / parts).collect()
}

/// A `string_view` chunk is copied before it is searched (`view_rows`):
/// in blocks of rows of about this many bytes, each searched while its
/// copy is still in cache. (In Polars, one copy of a 48 MB column cost a
/// quarter more CPU than copies of 256 KiB.)
const VIEW_BLOCK_BYTES: usize = 256 * 1024;

/// The rows of a `string_view` chunk longer than a block, cut into blocks
/// of about [`VIEW_BLOCK_BYTES`]; `None` for any other chunk.
fn view_blocks(chunk: &ArrayRef) -> Option<Vec<Range<usize>>> {
    let array = chunk.as_any().downcast_ref::<StringViewArray>()?;
    let (mut blocks, mut start, mut bytes) = (Vec::new(), 0, 0usize);
    for (i, &view) in array.views().iter().enumerate() {
        bytes = bytes.saturating_add(view as u32 as usize);
        if bytes >= VIEW_BLOCK_BYTES {
            blocks.push(start..i + 1);
            (start, bytes) = (i + 1, 0);
        }
    }
    if blocks.is_empty() {
        return None;
    }
    if start < array.len() {
        blocks.push(start..array.len());
    }
    Some(blocks)
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

impl RowFinder<'_> {
    /// The links of the rows in `range` (numbered as in `rows`) as one
    /// record batch, found together ([`LinkFinder::row_links`]: a
    /// search's set-up costs more than a chat message's bytes).
    pub fn links_batch(&self, rows: &Rows<'_>, range: Range<usize>) -> Result<RecordBatch, RowOffsetError> {
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

    /// `part` of every part of the rows of `chunks` (a string column's),
    /// on up to `threads` threads.
    pub fn over_chunks<T: Send>(
        &self,
        chunks: &[ArrayRef],
        threads: usize,
        errors: BadRows,
        part: impl Fn(&Self, &Rows<'_>, Range<usize>) -> Result<T, RowOffsetError> + Sync,
    ) -> Result<Vec<T>, ReadError> {
        // (No chunk: one empty one, so that there is a batch or list array.)
        let empty = [arrow_array::new_empty_array(&DataType::Utf8)];
        let chunks = if chunks.is_empty() { &empty[..] } else { chunks };
        let all = |rows: &Rows<'_>, threads: usize| -> Result<Vec<T>, RowOffsetError> {
            self.by_parts(rows, threads, |range| part(self, rows, range)).into_iter().collect()
        };
        let read = |chunk: &ArrayRef, first: usize, threads: usize| -> Result<Vec<T>, ReadError> {
            // Offsets that do not cut the values into rows: read row by row.
            match all(&rows_of_chunk(chunk, first, errors, true)?, threads) {
                Ok(of_chunk) => Ok(of_chunk),
                Err(_) => all(&rows_of_chunk(chunk, first, errors, false)?, threads)
                    .map_err(|e| ReadError::bad(format!("{e} in rows copied whole"))),
            }
        };
        let (mut found, mut first) = (Vec::new(), 0);
        for chunk in chunks {
            match view_blocks(chunk) {
                Some(blocks) => {
                    let groups = split_evenly(blocks.len(), threads);
                    let read_group = |group: Range<usize>| -> Result<Vec<T>, ReadError> {
                        let mut of_group = Vec::new();
                        for rows in &blocks[group] {
                            of_group.extend(read(
                                &chunk.slice(rows.start, rows.len()),
                                first + rows.start,
                                1,
                            )?);
                        }
                        Ok(of_group)
                    };
                    for of_group in in_threads(groups, read_group) {
                        found.extend(of_group?);
                    }
                }
                None => found.extend(read(chunk, first, threads)?),
            }
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
        in_threads(split_rows(rows, parts), part)
    }

    /// The links of `rows` as a list array, one list a row (null for a
    /// null row), each link a struct of `LIST_FIELDS`.
    pub fn links_list(&self, rows: &Rows<'_>, range: Range<usize>) -> Result<ArrayRef, RowOffsetError> {
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
            list_item(),
            arrow_buffer::OffsetBuffer::new(offsets.into()),
            Arc::new(values),
            Some(nulls),
        );
        Ok(Arc::new(list))
    }
}

/// The type of [`RowFinder::links_list`]'s arrays: a list of links a row.
pub fn list_type() -> DataType {
    DataType::List(list_item())
}

/// The item field of those lists: a link, a struct of [`list_fields`].
fn list_item() -> arrow_schema::FieldRef {
    Arc::new(Field::new("item", DataType::Struct(list_fields()), false))
}

/// The fields of a link in `find_arrow_lists`'s lists (the kind a plain
/// string, which every engine reads).
pub fn list_fields() -> arrow_schema::Fields {
    arrow_schema::Fields::from(vec![
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("kind", DataType::Utf8, false),
        Field::new("text", DataType::Utf8, false),
        Field::new("href", DataType::Utf8, false),
    ])
}
