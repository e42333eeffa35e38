//! The URL parts after the host and their action sets (UTS #58 §3.5,
//! Table 3-3), the §3.5.1 termination algorithm, and the bracket stack it
//! shares with minimal escaping.

use crate::explain::{Rule, Why};
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
    /// use linkscan::format::Part;
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
const fn quick_term(b: u8) -> Option<Quick> {
    match crate::tables::PQF_ASCII[b as usize] {
        crate::tables::PQF_CLOSER => None,
        crate::tables::TERM_INCLUDE => Some(Quick::Include),
        crate::tables::TERM_SOFT => Some(Quick::Soft),
        _ => Some(Quick::Hard),
    }
}

/// Whether `b` is a quick byte — one [`quick_term`] calls Include or Soft
/// (but a quote), or `/` (Include in every part, and what a path's segments are separated
/// by; no part ends or starts at it) — and if so, whether it is safe to end
/// a link with (all but the Soft ones).
#[inline(always)]
const fn quick(b: u8) -> Option<bool> {
    match quick_term(b) {
        // (Quotes are looked at closely: the reader ends a link before one
        // glued to `/` or `>`.)
        Some(Quick::Soft) if b == b'"' || b == b'\'' => None,
        Some(Quick::Include) => Some(true),
        Some(Quick::Soft) => Some(false),
        None if b == b'/' => Some(true),
        _ => None,
    }
}

/// The [`quick`] bytes from byte `i` of `s`. Returns where they end and
/// whether a `/` is among them, and moves `last_safe` past the last that is
/// not Soft. AVX2 where the CPU has it (detected at run time, with `std`),
/// 32 bytes a step, else [`quick_run_plain`].
#[inline]
fn quick_run(s: &[u8], i: usize, last_safe: &mut usize) -> (usize, bool) {
    // No run (a non-ASCII path, a bracket): no call.
    if s.get(i).and_then(|&b| quick(b)).is_none() {
        return (i, false);
    }
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, as was just detected.
        #[allow(unsafe_code)]
        return unsafe { avx2::quick_run(s, i, last_safe) };
    }
    quick_run_plain(s, i, last_safe)
}

/// [`quick_run`], a byte at a time.
fn quick_run_plain(s: &[u8], mut i: usize, last_safe: &mut usize) -> (usize, bool) {
    let mut slash = false;
    while let Some(&b) = s.get(i) {
        let Some(safe) = quick(b) else { break };
        if safe {
            *last_safe = i + 1;
        }
        slash |= b == b'/';
        i += 1;
    }
    (i, slash)
}

/// [`quick_run`] by AVX2, for CPUs that have it. Each byte of a block is
/// classed by two table lookups, one by its low four bits and one by its
/// high four (`vpshufb`): bit `h` of a low table's entry `l` says whether
/// the byte `h << 4 | l` is in the table's set, and the high table gives
/// `1 << h` for ASCII, 0 for the rest (in no set).
///
/// `unsafe`: the `core::arch` calls, and a function that may be called only
/// where the CPU has AVX2 ([`quick_run`] calls it after detecting it); each
/// load reads 32 bytes of an array of 32.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
mod avx2 {
    use core::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
    };

    /// A low-nibble table (repeated for each 16-byte lane) of the
    /// [`super::quick`] bytes, with the Soft ones or without.
    const fn low_table(soft: bool) -> [u8; 32] {
        let mut table = [0u8; 32];
        let mut b = 0u8;
        while b < 0x80 {
            // (A match, not `if let … &&`: the crate builds with Rust 1.85.)
            match super::quick(b) {
                Some(safe) if safe || soft => {
                    table[(b & 0x0F) as usize] |= 1 << (b >> 4);
                    table[16 + (b & 0x0F) as usize] |= 1 << (b >> 4);
                }
                _ => {}
            }
            b += 1;
        }
        table
    }

    /// The quick bytes.
    static QUICK: [u8; 32] = low_table(true);
    /// The quick bytes that are not Soft.
    static INCLUDE: [u8; 32] = low_table(false);
    /// `1 << h` for the high nibbles `h` of ASCII.
    static HIGH: [u8; 32] = {
        let mut table = [0u8; 32];
        let mut h = 0;
        while h < 8 {
            table[h] = 1 << h;
            table[16 + h] = 1 << h;
            h += 1;
        }
        table
    };

    /// The 32 bytes of `bytes` in a vector.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn load(bytes: &[u8; 32]) -> __m256i {
        // SAFETY: the load reads the 32 bytes of `bytes`, with no alignment required.
        unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
    }

    /// Three masks, bit `i` for `block[i]`: set where it is not a quick
    /// byte; set where it is not one that moves `last_safe` (Soft, or not
    /// quick); set where it is `/`.
    ///
    /// # Safety
    /// The CPU must have AVX2. (An `unsafe fn`, not a safe one with
    /// `target_feature`: the crate builds with Rust 1.85.)
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn masks(block: &[u8; 32]) -> (u32, u32, u32) {
        // SAFETY: AVX2 is there (the caller's promise).
        let (v, high, quick, include) = unsafe { (load(block), load(&HIGH), load(&QUICK), load(&INCLUDE)) };
        let nibble = _mm256_set1_epi8(0x0F);
        let low = _mm256_and_si256(v, nibble);
        let rows = _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
        let zero = _mm256_setzero_si256();
        let not_quick = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(quick, low), rows), zero);
        let not_include = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(include, low), rows), zero);
        let slashes = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'/' as i8));
        (
            _mm256_movemask_epi8(not_quick) as u32,
            _mm256_movemask_epi8(not_include) as u32,
            _mm256_movemask_epi8(slashes) as u32,
        )
    }

    /// As [`super::quick_run`]: whole blocks of 32 bytes, then the rest
    /// by [`super::quick_run_plain`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn quick_run(s: &[u8], mut i: usize, last_safe: &mut usize) -> (usize, bool) {
        let mut slash = false;
        while let Some(block) = s.get(i..).and_then(<[u8]>::first_chunk::<32>) {
            // SAFETY: AVX2 is there (the caller's promise).
            let (stop, not_include, slashes) = unsafe { masks(block) };
            // The quick bytes at the block's start: all 32, or up to the first other.
            let len = stop.trailing_zeros();
            let run = (u64::from(u32::MAX) >> (32 - len)) as u32;
            let include = !not_include & run;
            if include != 0 {
                *last_safe = i + 32 - include.leading_zeros() as usize;
            }
            slash |= slashes & run != 0;
            i += len as usize;
            if len < 32 {
                return (i, slash);
            }
        }
        let (end, slash_after) = super::quick_run_plain(s, i, last_safe);
        (end, slash || slash_after)
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
/// use linkscan::spec::path_query_fragment_end;
///
/// let text = "See example.com/αβ(γ/δ)ρς?α=θ. Then…";
/// let start = text.find("/").unwrap();
/// assert_eq!(&text[..path_query_fragment_end(text, start)], "See example.com/αβ(γ/δ");
/// ```
pub fn path_query_fragment_end(text: &str, start: usize) -> usize {
    pqf_end(text, start, false)
}

/// [`path_query_fragment_end`]; with `soft_initiators` (the reader's
/// rules), a part initiator that is itself Link_Term=Soft (`?`) is Soft
/// too, as Table 3-2 reads: it is part of the link only when something that
/// is not Soft follows before any Hard code point (`example.com?` ends
/// before the `?`); a quote followed by `/` or `>`, and a closing tag
/// (`</` and a letter), end the link.
pub(crate) fn pqf_end(text: &str, start: usize, soft_initiators: bool) -> usize {
    pqf_walk(text, start, soft_initiators, &mut ())
}

/// [`pqf_end`], reporting its decisions to `why`.
pub(crate) fn pqf_walk<W: Why>(text: &str, start: usize, soft_initiators: bool, why: &mut W) -> usize {
    if !text.is_char_boundary(start) {
        return start;
    }
    let s = text.as_bytes();
    let Some((mut part, n)) = s.get(start).and_then(|_| Part::initiated_at(s, start, None)) else {
        if W::KEEPS {
            match text[start..].chars().next() {
                Some(c) => why.note(Rule::HostEnd, (start, start + c.len_utf8())),
                None => why.note(Rule::TextEnd, (start, start)),
            }
        }
        return start;
    };
    let soft = |at: usize| soft_initiators && s[at] == b'?';
    // The link ends at `last_safe`, the scan having stopped at `at` by `rule`.
    let stop = |why: &mut W, rule: Rule, (at, end): (usize, usize), last_safe: usize| {
        if W::KEEPS && last_safe < at {
            let final_question = soft_initiators && s[last_safe] == b'?';
            why.note(
                if final_question { Rule::FinalQuestionMark } else { Rule::TrailingSoft },
                (last_safe, at),
            );
        }
        why.note(rule, (at, end));
        last_safe
    };
    let mut i = start + n;
    let mut last_safe = if soft(start) { start } else { i };
    let mut stack = BracketStack::new();
    loop {
        // The quick bytes: most of a URL, read without a second look. A
        // path's `/` among them clears the stack (as `clear_stack_at` says);
        // no bracket comes between them, so clearing it once after is the same.
        let (end, slash) = quick_run(s, i, &mut last_safe);
        i = end;
        if slash && part == Part::Path {
            stack.clear();
        }
        if i >= s.len() {
            return stop(why, Rule::TextEnd, (s.len(), s.len()), last_safe);
        }
        // A part ends here: the next starts here, or the link ends.
        if part.terminator_at(s, i).is_some() {
            let Some((next, n)) = Part::initiated_at(s, i, Some(part)) else {
                return stop(why, Rule::Hard, (i, i + 1), last_safe);
            };
            part = next;
            if !soft(i) {
                last_safe = i + n;
            }
            i += n;
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
            // (The reader's rule: markup around a link ends it.)
            LinkTerm::Soft | LinkTerm::Open if soft_initiators && markup_at(s, i) => {
                return stop(why, Rule::Markup, (i, end), last_safe);
            }
            LinkTerm::Soft => {}
            LinkTerm::Hard => return stop(why, Rule::Hard, (i, end), last_safe),
            LinkTerm::Open if stack.push(c) => last_safe = end,
            LinkTerm::Close if stack.close(c) => {
                why.note(Rule::BracketClosed, (i, end));
                last_safe = end;
            }
            LinkTerm::Open => return stop(why, Rule::BracketLimit, (i, end), last_safe),
            LinkTerm::Close => return stop(why, Rule::UnmatchedClose, (i, end), last_safe),
        }
        i = end;
    }
}

/// Whether byte `i` of `s` starts what the reader takes for markup after a
/// link: a quote glued to a `/` or `>` after it
/// (`<img src="https://a.org/x.svg"/>`), or a closing tag
/// (`http://x.org/?a=1</link>`).
pub(crate) fn markup_at(s: &[u8], i: usize) -> bool {
    match s.get(i) {
        Some(b'"' | b'\'') => matches!(s.get(i + 1), Some(b'/' | b'>')),
        Some(b'<') => s.get(i + 1) == Some(&b'/') && s.get(i + 2).is_some_and(u8::is_ascii_alphabetic),
        _ => false,
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

    use super::{Quick, quick_run, quick_run_plain, quick_term};
    use crate::props::{LinkTerm, link_term};
    use proptest::prelude::*;

    /// `/` is Include, so that [`quick_run`] may take it in every part.
    #[test]
    fn a_slash_is_include() {
        assert_eq!(link_term('/'), LinkTerm::Include);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The run found 32 bytes at a time (with AVX2, on this CPU) is the
        /// one found a byte at a time, from any start: its end, whether it
        /// holds a `/`, and its last safe byte.
        #[test]
        fn quick_runs_agree_with_the_plain_run(
            picks in prop::collection::vec(0usize..24, 0..200),
            from in 0usize..200,
        ) {
            // Quick bytes of each kind, the syntax and brackets, Hard bytes
            // and the bytes of `é`; runs of letters to make long runs likely.
            let alphabet: [&[u8]; 24] = [
                b"a", b"Z", b"0", b"-", b"~", b"%", b"/", b".", b"!", b";", b"'", b"?", b"#", b"=",
                b"&", b":", b",", b"(", b"]", b" ", b"\n", b"\xc3\xa9", b"abcdefgh", b"abcdefghabcdefghabcdefghabcdefgh",
            ];
            let s: Vec<u8> = picks.iter().flat_map(|&k| alphabet[k].iter().copied()).collect();
            let from = from.min(s.len());
            let (mut fast_safe, mut plain_safe) = (usize::MAX, usize::MAX);
            let fast = quick_run(&s, from, &mut fast_safe);
            let plain = quick_run_plain(&s, from, &mut plain_safe);
            prop_assert_eq!(fast, plain);
            prop_assert_eq!(fast_safe, plain_safe);
        }
    }

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
