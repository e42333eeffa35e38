//! The URL parts after the host and their action sets (UTS #58 §3.5,
//! Table 3-3), the §3.5.1 termination algorithm, and the bracket stack it
//! shares with minimal escaping.

use crate::props::{LinkTerm, link_bracket, link_term};

/// The deepest bracket nesting UTS #58 tracks (§3.5.1 and §4.1). Deeper
/// Open code points end a link (detection) or are escaped (formatting).
pub const BRACKET_STACK_LIMIT: usize = 125;

/// A part of a URL after the host, as UTS #58 Table 3-3 lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// Starts with `/`; ended by `?` or `#`; `/` separates segments.
    Path,
    /// Starts with `?`; ended by `#`; `=` and `&` separate keys and values.
    Query,
    /// Starts with `#`; ended by `:~:`.
    Fragment,
    /// Starts with `:~:` inside a fragment; `&`, `,` and `:~:` separate its
    /// pieces.
    FragmentDirective,
}

impl Part {
    /// The string that starts this part.
    ///
    /// ```
    /// use linkscan::Part;
    /// assert_eq!([Part::Path, Part::Query, Part::Fragment, Part::FragmentDirective].map(Part::initiator), ["/", "?", "#", ":~:"]);
    /// ```
    pub const fn initiator(self) -> &'static str {
        match self {
            Part::Path => "/",
            Part::Query => "?",
            Part::Fragment => "#",
            Part::FragmentDirective => ":~:",
        }
    }

    /// The length of a terminator of this part at byte `i` of `s`, if one
    /// starts there.
    #[inline]
    pub(crate) fn terminator_at(self, s: &[u8], i: usize) -> Option<usize> {
        match (self, s[i]) {
            (Part::Path, b'?' | b'#') | (Part::Query, b'#') => Some(1),
            (Part::Fragment, b':') if s[i..].starts_with(b":~:") => Some(3),
            _ => None,
        }
    }

    /// The length of a stack-clearing separator of this part at byte `i` of
    /// `s`, if one starts there.
    #[inline]
    pub(crate) fn clear_stack_at(self, s: &[u8], i: usize) -> Option<usize> {
        match (self, s[i]) {
            (Part::Path, b'/') | (Part::Query, b'=' | b'&') => Some(1),
            (Part::FragmentDirective, b'&' | b',') => Some(1),
            (Part::FragmentDirective, b':') if s[i..].starts_with(b":~:") => Some(3),
            _ => None,
        }
    }

    /// The part that `s[i..]` starts, if it starts with an initiator, and
    /// the initiator's length. A fragment directive only starts inside a
    /// fragment or another directive (`after`).
    #[inline]
    pub(crate) fn initiated_at(s: &[u8], i: usize, after: Option<Part>) -> Option<(Part, usize)> {
        match s[i] {
            b'/' => Some((Part::Path, 1)),
            b'?' => Some((Part::Query, 1)),
            b'#' => Some((Part::Fragment, 1)),
            b':' if s[i..].starts_with(b":~:")
                && matches!(after, Some(Part::Fragment | Part::FragmentDirective)) =>
            {
                Some((Part::FragmentDirective, 3))
            }
            _ => None,
        }
    }
}

/// What a byte inside a part is, when that needs no second look (ASCII,
/// not syntax in any part, not a bracket).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quick {
    Include,
    Soft,
    Hard,
}

/// [`Quick`] of byte `b`, or `None`: look closer.
#[inline(always)]
fn quick_term(b: u8) -> Option<Quick> {
    match crate::tables::PQF_ASCII[usize::from(b)] {
        crate::tables::PQF_CLOSER => None,
        crate::tables::TERM_INCLUDE => Some(Quick::Include),
        crate::tables::TERM_SOFT => Some(Quick::Soft),
        _ => Some(Quick::Hard),
    }
}

/// The open brackets kept in place before [`BracketStack`] needs memory.
const NEAR: usize = 8;

/// The stack of open brackets, bounded by [`BRACKET_STACK_LIMIT`]. The
/// first [`NEAR`] are held in place (most links have no bracket, or one or
/// two): making one, and using it for them, allocates nothing.
pub(crate) struct BracketStack {
    /// The bottom of the stack.
    near: [char; NEAR],
    /// The rest, past `near`.
    deeper: alloc::vec::Vec<char>,
    len: usize,
}

impl BracketStack {
    pub(crate) const fn new() -> Self {
        BracketStack { near: ['\0'; NEAR], deeper: alloc::vec::Vec::new(), len: 0 }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.deeper.clear();
    }

    /// Pushes `c`; false (and nothing pushed) when the stack is full.
    pub(crate) fn push(&mut self, c: char) -> bool {
        if self.len == BRACKET_STACK_LIMIT {
            return false;
        }
        match self.near.get_mut(self.len) {
            Some(slot) => *slot = c,
            None => self.deeper.push(c),
        }
        self.len += 1;
        true
    }

    /// The innermost open bracket.
    fn last(&self) -> Option<char> {
        match self.len {
            0 => None,
            n if n <= NEAR => Some(self.near[n - 1]),
            _ => self.deeper.last().copied(),
        }
    }

    fn pop(&mut self) {
        if self.len > NEAR {
            self.deeper.pop();
        }
        self.len = self.len.saturating_sub(1);
    }

    /// Closes the innermost open bracket if the Close code point `c`
    /// matches it, and tells whether it did. A closer that does not match
    /// (or finds the stack empty) leaves the stack as it is: detection ends
    /// the link at such a closer, and minimal escaping escapes it, after
    /// which detection reads it as ordinary text — so both go on with the
    /// same stack. (§4.1's pseudo-code pops before comparing; with that pop,
    /// escaping and detection part ways and §4's round trip fails, e.g. for
    /// `/{(]}`. The tests record this erratum.)
    pub(crate) fn close(&mut self, c: char) -> bool {
        let matches = self.last().is_some_and(|open| link_bracket(c) == Some(open));
        if matches {
            self.pop();
        }
        matches
    }
}

/// Where the path, query and fragment that start at byte `start` of `text`
/// end: the UTS #58 §3.5.1 termination algorithm.
///
/// `start` is the byte offset just after the host (and port). If no part
/// initiator (`/`, `?`, `#`) is there, the result is `start`. Otherwise the
/// result is the end of the last code point safely inside the link: Hard
/// code points end it, trailing Soft ones are left out, a Close bracket that
/// does not match the innermost Open one of the same part (or of the same
/// segment, key or value) ends it, and so does an Open bracket beyond
/// [`BRACKET_STACK_LIMIT`].
///
/// This is the piece to call when another detector finds the start of a
/// link and UTS #58 should decide its end (§10.1). `start` must be a char
/// boundary of `text` no greater than its length; otherwise the result is
/// `start`.
///
/// ```
/// use linkscan::path_query_fragment_end;
///
/// let text = "See example.com/αβ(γ/δ)ρς?α=θ. Then…";
/// let start = text.find("/").unwrap();
/// assert_eq!(&text[..path_query_fragment_end(text, start)], "See example.com/αβ(γ/δ");
/// ```
pub fn path_query_fragment_end(text: &str, start: usize) -> usize {
    if !text.is_char_boundary(start) {
        return start;
    }
    let s = text.as_bytes();
    let Some((mut part, n)) = s.get(start).and_then(|_| Part::initiated_at(s, start, None)) else {
        return start;
    };
    let mut i = start + n;
    let mut last_safe = i;
    let mut stack = BracketStack::new();
    loop {
        // The bytes no part treats as syntax, ASCII, not brackets: most of
        // a URL, read here without a second look; and a path's `/`, which
        // only clears the stack (as `clear_stack_at` says).
        while let Some(&b) = s.get(i) {
            match quick_term(b) {
                Some(Quick::Include) => {
                    // A run of them, then the last is safe.
                    let run = s[i + 1..].iter().position(|&b| quick_term(b) != Some(Quick::Include));
                    i += 1 + run.unwrap_or(s.len() - i - 1);
                    last_safe = i;
                }
                Some(Quick::Soft) => i += 1,
                Some(Quick::Hard) => return last_safe,
                None if b == b'/' && part == Part::Path => {
                    i += 1;
                    last_safe = i;
                    stack.clear();
                }
                None => break,
            }
        }
        if i >= s.len() {
            return last_safe;
        }
        // A part ends here: the next starts here, or the link ends.
        if part.terminator_at(s, i).is_some() {
            let Some((next, n)) = Part::initiated_at(s, i, Some(part)) else { return last_safe };
            part = next;
            i += n;
            last_safe = i;
            stack.clear();
            continue;
        }
        if let Some(n) = part.clear_stack_at(s, i) {
            i += n;
            last_safe = i;
            stack.clear();
            continue;
        }
        let c = if s[i] < 0x80 { char::from(s[i]) } else { text[i..].chars().next().unwrap_or_default() };
        let end = i + c.len_utf8();
        match link_term(c) {
            LinkTerm::Include => last_safe = end,
            LinkTerm::Soft => {}
            LinkTerm::Hard => return last_safe,
            LinkTerm::Open if stack.push(c) => last_safe = end,
            LinkTerm::Close if stack.close(c) => last_safe = end,
            LinkTerm::Open | LinkTerm::Close => return last_safe,
        }
        i = end;
    }
}

#[cfg(test)]
mod tests {
    use super::{BRACKET_STACK_LIMIT, BracketStack};
    use alloc::vec::Vec;

    /// The stack answers as a plain vector of its openers does, across its
    /// in-place part and the rest, up to its limit.
    #[test]
    fn the_bracket_stack_is_a_bounded_stack() {
        let (openers, closers) = (['(', '[', '{', '（'], [')', ']', '}', '）']);
        let mut rng = 0x853c_49e6_748f_ea9bu64;
        for _ in 0..2_000 {
            let (mut stack, mut model) = (BracketStack::new(), Vec::new());
            for _ in 0..300 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let k = (rng >> 40) as usize % 4;
                match (rng >> 20) % 100 {
                    0 => {
                        stack.clear();
                        model.clear();
                    }
                    1..=59 => {
                        let pushed = model.len() < BRACKET_STACK_LIMIT;
                        if pushed {
                            model.push(openers[k]);
                        }
                        assert_eq!(stack.push(openers[k]), pushed);
                    }
                    _ => {
                        let matches = model.last() == Some(&openers[k]);
                        if matches {
                            model.pop();
                        }
                        assert_eq!(stack.close(closers[k]), matches);
                    }
                }
                assert_eq!(stack.last(), model.last().copied());
            }
        }
    }

    use super::{Quick, quick_term};
    use crate::props::{LinkTerm, link_term};

    /// The generated table of quick bytes is what its definition says.
    #[test]
    fn quick_bytes_are_ascii_hard_include_or_soft_but_syntax() {
        for b in 0..=255u8 {
            let expected = match link_term(char::from(b)) {
                _ if b >= 0x80 || b"/?#=&:,".contains(&b) => None,
                LinkTerm::Include => Some(Quick::Include),
                LinkTerm::Soft => Some(Quick::Soft),
                LinkTerm::Hard => Some(Quick::Hard),
                LinkTerm::Open | LinkTerm::Close => None,
            };
            assert_eq!(quick_term(b), expected, "{b:#x}");
        }
    }
}
