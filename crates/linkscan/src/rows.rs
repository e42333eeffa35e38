//! Links in many short texts stored end to end — the rows of an Arrow
//! string column, the records of a log — found together: [`RowLinks`].
//!
//! Each row's links are exactly those [`LinkFinder::links`] finds in the
//! row alone. A search of its own pays a set-up (a few hundred
//! instructions) that a chat message's forty bytes do not repay; so for
//! the UTS #58 finders that look at every label separator (those that take
//! scheme-less domains and no IP or local hosts: the default and the
//! `strict` and `chat` profiles, not `docs` or `mail`) the separators of all the
//! rows are found in one pass over the text, and only where one may end a
//! domain is its row read, alone. Other finders but GFM's copy the rows
//! into blocks of about 64 KiB, a line each, and search each block once:
//! no link of theirs takes in a line break, and a line break before or
//! after a row is read as the start or end of a text is. GFM's finder
//! searches the rows one by one (`www.` before a line break is a link, at
//! the end of a text not, as in cmark-gfm), and so does one that joins
//! URLs wrapped across lines (which must not join two rows).

use crate::finder::{DetachedLink, Dialect, Link, LinkFinder};
use crate::links::Links;
use crate::uts58;
use alloc::string::String;
use alloc::vec::Vec;

/// Rows are copied into blocks of about this many bytes (see the module).
const BLOCK_BYTES: usize = 64 * 1024;

/// The links of rows stored end to end in one text, in order, each with
/// its row: see [`LinkFinder::row_links`].
#[derive(Clone, Debug)]
pub struct RowLinks<'f, 't, 'o> {
    finder: &'f LinkFinder,
    /// The text up to the end of the last row.
    text: &'t str,
    offsets: &'o [usize],
    search: Search<'f, 't>,
}

/// How the rows are searched.
#[derive(Clone, Debug)]
enum Search<'f, 't> {
    /// All at once (see the module).
    AtOnce(uts58::RowsScan<'t>),
    /// A block at a time.
    Blocks(Block),
    /// One by one: the next row to read, and the row being read with its
    /// links.
    EachRow(usize, Option<(usize, Links<'f, 't>)>),
}

/// Rows copied into one text, a line each, and the links found in it.
#[derive(Clone, Debug, Default)]
struct Block {
    /// The next row to copy.
    next: usize,
    /// The rows copied, a line each.
    text: String,
    /// The first row copied, and where each row starts in `text`.
    first: usize,
    starts: Vec<usize>,
    /// The links of `text` not given yet, last first: each with its row's
    /// index in `starts`, in `text`'s offsets.
    links: Vec<(usize, DetachedLink)>,
}

/// Offsets that do not cut a text into rows: one out of order, past the
/// end of the text or inside a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowOffsetError {
    /// The index of the first such offset.
    pub index: usize,
}

impl core::fmt::Display for RowOffsetError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "row offset {} is out of order, past the end of the text or inside a character", self.index)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for RowOffsetError {}

impl LinkFinder {
    /// The links of the rows of `text`: row `i` is
    /// `text[offsets[i]..offsets[i + 1]]` (as an Arrow string array stores
    /// its values). Each link comes with its row's index and is the link
    /// [`LinkFinder::links`] finds in that row alone (its offsets count
    /// from the row's start), in order. Offsets must not decrease, pass
    /// the end of `text` or fall inside a character.
    ///
    /// ```
    /// use linkscan::LinkFinder;
    /// let text = "see example.comand a@b.org";
    /// let offsets = [0, 15, 18, 26]; // "see example.com", "and", " a@b.org"
    /// let found: Vec<_> = LinkFinder::new()
    ///     .row_links(text, &offsets)
    ///     .unwrap()
    ///     .map(|(row, link)| (row, link.start(), link.as_str()))
    ///     .collect();
    /// assert_eq!(found, [(0, 4, "example.com"), (2, 1, "a@b.org")]);
    /// ```
    pub fn row_links<'f, 't, 'o>(
        &'f self,
        text: &'t str,
        offsets: &'o [usize],
    ) -> Result<RowLinks<'f, 't, 'o>, RowOffsetError> {
        // One pass with no early exit (the common case: all good); the
        // offset to blame looked for after.
        // (`str::is_char_boundary`, with its test for 0 first, costs 2.5
        // more instructions a row here: this is the same answer.)
        let bytes = text.as_bytes();
        let starts_char = |o: usize| match bytes.get(o) {
            Some(&b) => (b as i8) >= -0x40,
            None => o == bytes.len(),
        };
        let (mut ok, mut before) = (true, 0);
        for &offset in offsets {
            ok &= (before <= offset) & starts_char(offset);
            before = offset;
        }
        if !ok {
            let index = (0..offsets.len())
                .find(|&i| !starts_char(offsets[i]) || (i > 0 && offsets[i] < offsets[i - 1]))
                .unwrap_or_default();
            return Err(RowOffsetError { index });
        }
        let last = offsets.last().copied().unwrap_or_default();
        let text = &text[..last];
        let at_once = uts58::links_need_separators(self);
        let search = if at_once && offsets.len() > 1 {
            Search::AtOnce(uts58::RowsScan::new(offsets))
        } else if self.dialect == Dialect::Gfm || self.joins_wrapped_urls() {
            Search::EachRow(0, None)
        } else {
            Search::Blocks(Block::default())
        };
        Ok(RowLinks { finder: self, text, offsets, search })
    }
}

impl<'t> Iterator for RowLinks<'_, 't, '_> {
    type Item = (usize, Link<'t>);

    fn next(&mut self) -> Option<(usize, Link<'t>)> {
        let (finder, text, offsets) = (self.finder, self.text, self.offsets);
        match &mut self.search {
            Search::AtOnce(scan) => uts58::next_row_link(finder, text, offsets, scan),
            Search::Blocks(block) => loop {
                if let Some((index, link)) = block.links.pop() {
                    let (row, from) = (block.first + index, block.starts[index]);
                    let row_text = &text[offsets[row]..offsets[row + 1]];
                    return Some((row, link.attach(row_text, from)));
                }
                block.fill(finder, text, offsets)?;
            },
            Search::EachRow(next, current) => loop {
                if let Some((row, links)) = current
                    && let Some(link) = links.next()
                {
                    return Some((*row, link));
                }
                let (&start, &end) = offsets.get(*next).zip(offsets.get(*next + 1))?;
                *current = Some((*next, finder.links(&text[start..end])));
                *next += 1;
            },
        }
    }
}

impl Block {
    /// Copies the next rows in and finds their links; `None` after the
    /// last row.
    fn fill(&mut self, finder: &LinkFinder, text: &str, offsets: &[usize]) -> Option<()> {
        let rows = offsets.len().checked_sub(1)?;
        if self.next >= rows {
            return None;
        }
        self.first = self.next;
        self.text.clear();
        self.starts.clear();
        while self.next < rows && (self.starts.is_empty() || self.text.len() < BLOCK_BYTES) {
            self.starts.push(self.text.len());
            self.text.push_str(&text[offsets[self.next]..offsets[self.next + 1]]);
            self.text.push('\n');
            self.next += 1;
        }
        let starts = &self.starts;
        self.links = finder
            .links(&self.text)
            .map(|link| {
                let index = starts.partition_point(|&start| start <= link.start()) - 1;
                (index, link.detach())
            })
            .collect();
        self.links.reverse();
        Some(())
    }
}
