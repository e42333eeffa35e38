//! Files in UTF-16 with a byte-order mark (what Windows tools export),
//! read as UTF-8 text, as ripgrep reads them: the mark is dropped, units
//! that do not pair are U+FFFD, and offsets count the UTF-8 text.

use std::io::{self, Read};

/// The first bytes of a file (`head`) and the reader of the rest, read
/// as UTF-8: transcoded when `head` starts with a UTF-16 byte-order mark
/// (`Ok`), else `Err` with the reader as it was (the caller keeps `head`).
/// The caller sniffs the bytes it read first anyway: no read of its own.
pub fn transcoder(
    head: &[u8],
    reader: Box<dyn Read + Send>,
) -> Result<Box<dyn Read + Send>, Box<dyn Read + Send>> {
    let big_endian = match head.get(..2) {
        Some([0xFF, 0xFE]) => false,
        Some([0xFE, 0xFF]) => true,
        _ => return Err(reader),
    };
    let inner = io::Cursor::new(head[2..].to_vec()).chain(reader);
    Ok(Box::new(Utf16 { inner, big_endian, raw: Vec::new(), out: Vec::new(), out_at: 0, ended: false }))
}

/// A whole file's bytes as UTF-8: transcoded when they start with a
/// UTF-16 byte-order mark, else as they are.
pub fn whole(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
    match transcoder(&bytes, Box::new(io::empty())) {
        Ok(mut utf8) => {
            let mut text = Vec::with_capacity(bytes.len());
            utf8.read_to_end(&mut text)?;
            Ok(text)
        }
        Err(_) => Ok(bytes),
    }
}

/// UTF-16 bytes in, UTF-8 bytes out.
struct Utf16<R> {
    inner: R,
    big_endian: bool,
    /// Bytes read but not yet decoded (an odd byte, a high surrogate).
    raw: Vec<u8>,
    /// UTF-8 decoded but not yet given out, from `out_at`.
    out: Vec<u8>,
    out_at: usize,
    ended: bool,
}

impl<R: Read> Utf16<R> {
    /// Reads and decodes more; false at the end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.ended {
            return Ok(false);
        }
        let mut buf = [0u8; 32 * 1024];
        let n = loop {
            match self.inner.read(&mut buf) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        self.raw.extend_from_slice(&buf[..n]);
        self.ended = n == 0;
        let pairs = self.raw.len() / 2;
        let unit = |p: &[u8]| {
            if self.big_endian { u16::from_be_bytes([p[0], p[1]]) } else { u16::from_le_bytes([p[0], p[1]]) }
        };
        let mut units: Vec<u16> = self.raw[..pairs * 2].chunks_exact(2).map(unit).collect();
        // A high surrogate at the end waits for its pair (unless nothing follows).
        let keep = usize::from(!self.ended && units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)));
        units.truncate(units.len() - keep);
        self.out.clear();
        self.out_at = 0;
        for c in char::decode_utf16(units.iter().copied()) {
            let mut utf8 = [0; 4];
            self.out.extend_from_slice(c.unwrap_or('\u{FFFD}').encode_utf8(&mut utf8).as_bytes());
        }
        self.raw.drain(..units.len() * 2);
        if self.ended && !self.raw.is_empty() {
            // An odd byte at the end.
            self.raw.clear();
            self.out.extend_from_slice("\u{FFFD}".as_bytes());
        }
        Ok(!self.out.is_empty() || !self.ended)
    }
}

impl<R: Read> Read for Utf16<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_at == self.out.len() {
            if !self.fill()? {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.out.len() - self.out_at);
        buf[..n].copy_from_slice(&self.out[self.out_at..self.out_at + n]);
        self.out_at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::transcoder;
    use std::io::Read;

    /// `bytes` as the chunker reads them: its first read sniffed.
    fn read(bytes: Vec<u8>) -> String {
        let head = &bytes[..bytes.len().min(3)];
        let rest = Box::new(std::io::Cursor::new(bytes[head.len()..].to_vec()));
        let mut out = String::new();
        match transcoder(head, rest) {
            Ok(mut text) => text.read_to_string(&mut out).map(|_| ()),
            Err(mut rest) => {
                out.push_str(std::str::from_utf8(head).expect("UTF-8"));
                rest.read_to_string(&mut out).map(|_| ())
            }
        }
        .expect("UTF-8");
        out
    }

    #[test]
    fn utf16_with_a_mark_reads_as_utf8() {
        let text = "see https://例子.中国/😀 and a@b.org\n";
        let le: Vec<u8> =
            [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be: Vec<u8> =
            [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect();
        assert_eq!(read(le), text);
        assert_eq!(read(be), text);
        assert_eq!(read(b"plain x.com".to_vec()), "plain x.com");
        assert_eq!(read(b"x".to_vec()), "x");
        assert_eq!(read(vec![0xFF, 0xFE, 0x00, 0xD8, b'a', 0]), "\u{FFFD}a"); // a lone high surrogate
        assert_eq!(read(vec![0xFF, 0xFE, b'a', 0, b'b']), "a\u{FFFD}"); // an odd byte at the end
    }
}
