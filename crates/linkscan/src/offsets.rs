//! Converting the byte offsets of links into char or UTF-16 offsets.

/// A unit for offsets into a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OffsetUnit {
    /// UTF-8 bytes (what [`Link::start`](crate::Link::start) gives).
    Bytes,
    /// Unicode scalar values (Rust `char`s, Python `str` indices).
    Chars,
    /// UTF-16 code units (JavaScript, Java, .NET string indices).
    Utf16,
}

/// Converts byte offsets of a text into another unit, counting only the
/// text between one offset and the next: converting the starts and ends of
/// a sequence of links in order is one pass over the text.
///
/// ```
/// use linkscan::{LinkFinder, OffsetConverter, OffsetUnit};
///
/// let text = "😀 東京 example.com";
/// let link = LinkFinder::new().links(text).next().unwrap();
/// let mut utf16 = OffsetConverter::new(text, OffsetUnit::Utf16);
/// assert_eq!((link.start(), link.end()), (12, 23));
/// assert_eq!((utf16.convert(link.start()), utf16.convert(link.end())), (6, 17));
/// ```
#[derive(Clone, Debug)]
pub struct OffsetConverter<'a> {
    text: &'a [u8],
    unit: OffsetUnit,
    byte: usize,
    converted: usize,
}

impl<'a> OffsetConverter<'a> {
    /// A converter for `text` into `unit`.
    ///
    /// ```
    /// use linkscan::{OffsetConverter, OffsetUnit};
    /// let mut chars = OffsetConverter::new("日本 x", OffsetUnit::Chars);
    /// assert_eq!(chars.convert(7), 3);
    /// ```
    pub fn new(text: &'a str, unit: OffsetUnit) -> Self {
        OffsetConverter { text: text.as_bytes(), unit, byte: 0, converted: 0 }
    }

    /// The offset in the converter's unit of byte offset `byte` (clamped to
    /// the text's length). Only the text between it and the previous
    /// offset is counted: offsets in order (or near each other) are one
    /// pass over the text. An offset inside a character counts that
    /// character as before it.
    ///
    /// ```
    /// use linkscan::{OffsetConverter, OffsetUnit};
    /// let text = "😀 é x";
    /// let mut chars = OffsetConverter::new(text, OffsetUnit::Chars);
    /// assert_eq!((chars.convert(5), chars.convert(8), chars.convert(4)), (2, 4, 1));
    /// ```
    #[inline]
    pub fn convert(&mut self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        if self.unit == OffsetUnit::Bytes {
            return byte;
        }
        self.count_to(byte)
    }

    /// [`OffsetConverter::convert`] into chars or UTF-16 units.
    fn count_to(&mut self, byte: usize) -> usize {
        let back = byte < self.byte;
        let span = if back { &self.text[byte..self.byte] } else { &self.text[self.byte..byte] };
        let units = if span.is_ascii() {
            // Every unit is a byte (a quick test, vectorised).
            span.len()
        } else {
            // A char starts at every byte that is not a continuation byte; a
            // four-byte sequence (lead byte 0xF0..) is two UTF-16 code units.
            let chars = span.iter().filter(|&&b| (b as i8) >= -0x40).count();
            let extra = match self.unit {
                OffsetUnit::Utf16 => span.iter().filter(|&&b| b >= 0xF0).count(),
                _ => 0,
            };
            chars + extra
        };
        self.converted = if back { self.converted - units } else { self.converted + units };
        self.byte = byte;
        self.converted
    }
}
