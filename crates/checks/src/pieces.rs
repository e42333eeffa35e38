//! Feeding a text to a `LinkStream` in pieces, for the benchmarks.

use linkscan::{LinkFinder, LinkStream};

/// The links of `text` fed to a stream in `&str` pieces of at most `size`
/// bytes (each cut at the char boundary at or before its end; 0: whole).
pub fn links_fed_in_pieces(finder: &LinkFinder, text: &str, size: usize) -> usize {
    let mut stream = LinkStream::new(finder.clone());
    let mut count = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let mut end = if size == 0 { rest.len() } else { size.min(rest.len()) };
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (piece, after) = rest.split_at(end);
        count += stream.feed(piece).count();
        rest = after;
    }
    count + stream.finish().count()
}
