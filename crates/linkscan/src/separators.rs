//! The label separators `.`, `。` (U+3002), `．` (U+FF0E) and `｡` (U+FF61)
//! where a domain may end, found a block of 64 bytes at a time.
//!
//! Each block is read into a bit mask of the `.`s with no white space or
//! control character on either side (in prose nearly every `.` ends a
//! sentence, a space after it; in manual-page sources and code a `.` starts
//! a line: no label ends at either) and of the
//! places `。` may start and of the bytes `0xEF` (the first of `．` and `｡`,
//! and of other full-width forms, rare outside CJK text), by vector
//! comparisons: AVX2 where the CPU has it (detected at run time, with
//! `std`), else SSE2 on x86-64 (these two modules, `search`, `pqf` and
//! `markdown_candidates` are the crate's only `unsafe`), elsewhere plain
//! loops the compiler vectorises.
//! Each flag is then checked by its bytes, and the code point after the
//! separator by [`label_may_start`] (after `。` in CJK prose, mostly a code
//! point no top-level domain starts with) and, after a `.`, by
//! [`ends_one_letter_domain`] (the abbreviations of prose, `e.g.`, `U.S.`),
//! without leaving the loop. The
//! mask is kept between calls, so each block is read once however many
//! separators it holds; text without any is one pass.

use crate::host::{TldPolicy, tld_may_start_with_three_bytes};
use crate::tables::{HOST_ASCII, HOST_DOT, HOST_END, HOST_LABEL, HOST_WIDE};

/// The bytes tested at once.
const BLOCK: usize = 64;

/// `。` in UTF-8.
const IDEOGRAPHIC_STOP: &[u8] = "\u{3002}".as_bytes();

/// The first byte of `。` in UTF-8.
const IDEOGRAPHIC_STOP_FIRST: u8 = 0xE3;

/// The first byte of `．` and `｡` in UTF-8.
const FULLWIDTH: u8 = 0xEF;

/// Whether a separator other than `.` starts at byte `at` (its length is 3).
#[inline(always)]
fn wide_stop_at(bytes: &[u8], at: usize) -> bool {
    matches!(bytes.get(at..at + 3), Some([0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x8E] | [0xEF, 0xBD, 0xA1]))
}

/// Whether a top-level domain of `tlds` may start at byte `i`, after a
/// separator: an ASCII byte one may start with
/// ([`TldPolicy::may_start_with_ascii`]), or a non-ASCII code point that
/// may start one. A cheap first test: after a `.` in
/// version numbers and times is a digit, after `。` in CJK prose a code
/// point no TLD starts with.
#[inline(always)]
fn label_may_start(text: &str, i: usize, tlds: &TldPolicy) -> bool {
    match text.as_bytes().get(i) {
        Some(&b) if b < 0x80 => tlds.may_start_with_ascii(b),
        Some(_) => tlds.may_start_at(text, i),
        None => false,
    }
}

/// Whether the label at byte `i`, after a separator, is the domain's last
/// and has at most one ASCII character (`e.g.`, `U.S.`, `a.m.`): shorter
/// than any top-level domain of `tlds` (two code points or more), so no
/// domain ends there. The first rejection `uts58::domain_link` makes,
/// made before the search returns: in prose most separators the search
/// finds are such abbreviations.
#[inline(always)]
fn ends_one_letter_domain(bytes: &[u8], i: usize, tlds: &TldPolicy) -> bool {
    let class = |j: usize| bytes.get(j).map_or(HOST_END, |&c| HOST_ASCII[usize::from(c)]);
    let (first, second) = (class(i), class(i + 1));
    // (Most separators a domain ends at have two label characters after
    // them: the first two tests decide.)
    first == HOST_LABEL
        && second != HOST_LABEL
        && second != HOST_WIDE // the label may go on
        && (second != HOST_DOT || class(i + 2) != HOST_LABEL) // or another label follows
        && tlds.min_chars() >= 2
}

/// Whether the eight bytes of `word` hold a `.` or a first byte of `。`,
/// `．` or `｡` (`0xE3`, `0xEF`): `(x - 1) & !x` sets a byte's top bit where
/// the byte of `x` is 0 (and may set more above that one, but sets none
/// where no byte is 0).
#[inline(always)]
fn may_start_separator(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & (ONES << 7);
    let equal = |byte: u8| zero_byte(word ^ (ONES * u64::from(byte)));
    equal(b'.') | equal(IDEOGRAPHIC_STOP_FIRST) | equal(FULLWIDTH) != 0
}

/// A block and the bytes around it that its tests read: the byte before
/// it (a newline in its place at the start of the text), its bytes, and
/// the two after it (0 past the end of the text).
type Window = [u8; BLOCK + 3];

/// The search for the next label separator, through one text.
#[derive(Clone, Default)]
pub(crate) struct Separators {
    /// The end of the block read last (0 before the first).
    end: usize,
    /// Bit `i`: a separator may be at `end - BLOCK + i`.
    mask: u64,
}

impl Separators {
    /// The first separator at or after `pos` that a top-level domain of
    /// `tlds` may follow (see [`label_may_start`]), and its length in bytes.
    /// Calls on one text must not go back: `pos` never less than the last
    /// call's.
    #[inline(always)]
    pub(crate) fn next(&mut self, text: &str, pos: usize, tlds: &TldPolicy) -> Option<(usize, usize)> {
        // The rest of the block read last, here: where separators are
        // dense, several are in one block.
        if pos < self.end {
            self.mask &= u64::MAX << pos.saturating_sub(self.end - BLOCK);
            if let Some(found) = first_flagged(text, self.end, &mut self.mask, tlds) {
                return Some(found);
            }
        }
        self.end = self.end.max(pos);
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, as was just detected.
            #[allow(unsafe_code)]
            return unsafe { avx2::next_in_blocks(self, text, tlds) };
        }
        self.next_in_blocks(text, tlds, block_masks)
    }

    /// Whether [`Separators::next`] from `from` gives a separator before
    /// `to`, where `text[to - 1]` is white space or `to` is the text's end:
    /// the same answer as for `text[..to]` (a separator before white space
    /// is decided by the bytes before it). For a stream's held text (see
    /// [`crate::stream`]), a piece at a time: its blocks are read in place,
    /// moved back over the text before `from` where the text ends within
    /// one (see [`any_in_windows`]).
    #[inline]
    pub(crate) fn any_before(text: &str, from: usize, to: usize, tlds: &TldPolicy) -> bool {
        if to <= from {
            return false;
        }
        // A few bytes (a token of a streamed answer) without a `.` or the
        // first byte of `。`, `．` or `｡` hold none: no windows set up. The
        // words of eight bytes ending at `to`, back over `from`, are each
        // tested at once (bytes before `from` can only add a false "maybe").
        if to - from <= 24 {
            let mut end = to;
            let maybe = loop {
                let Some(word) = text.as_bytes()[..end].last_chunk() else { break true };
                if may_start_separator(u64::from_le_bytes(*word)) {
                    break true;
                }
                if end <= from + 8 {
                    break false;
                }
                end -= 8;
            };
            if !maybe {
                return false;
            }
        }
        if from > 0 && text.len() > BLOCK + 2 && text.as_bytes()[to - 1] <= b' ' {
            #[cfg(all(target_arch = "x86_64", feature = "std"))]
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, as was just detected.
                #[allow(unsafe_code)]
                return unsafe { avx2::any_in_windows(text, from, to, tlds) };
            }
            return any_in_windows(text, from, to, tlds, block_masks);
        }
        Separators::default().next(&text[..to], from, tlds).is_some()
    }

    /// The first separator a TLD may follow in the blocks from `self.end`
    /// on, read by `block_masks`.
    #[inline(always)]
    fn next_in_blocks(
        &mut self,
        text: &str,
        tlds: &TldPolicy,
        block_masks: impl Fn(&Window) -> u64,
    ) -> Option<(usize, usize)> {
        // (A copy of the loop for the IANA list, the default: its flag
        // tests know the policy without asking at each flag.)
        if matches!(tlds, TldPolicy::Iana) {
            self.next_in_blocks_of(text, &TldPolicy::Iana, block_masks)
        } else {
            self.next_in_blocks_of(text, tlds, block_masks)
        }
    }

    /// The loop of [`Separators::next_in_blocks`], for one policy.
    #[inline(always)]
    fn next_in_blocks_of(
        &mut self,
        text: &str,
        tlds: &TldPolicy,
        block_masks: impl Fn(&Window) -> u64,
    ) -> Option<(usize, usize)> {
        let bytes = text.as_bytes();
        let mut end = self.end;
        loop {
            // Whole blocks in a tight loop, each block's flags checked in
            // it. (The first block has no byte before it: it is read below
            // with the last.)
            if let Some(mut rest) = end.checked_sub(1).and_then(|before| bytes.get(before..)) {
                while let Some(window) = rest.first_chunk::<{ BLOCK + 3 }>() {
                    let mut mask = block_masks(window);
                    rest = &rest[BLOCK..];
                    end += BLOCK;
                    if mask != 0
                        && let Some(found) = first_flagged(text, end, &mut mask, tlds)
                    {
                        (self.end, self.mask) = (end, mask);
                        return Some(found);
                    }
                }
            }
            if end >= bytes.len() {
                (self.end, self.mask) = (end, 0);
                return None;
            }
            let mut mask = edge_block_masks(bytes, end, &block_masks);
            end += BLOCK;
            if let Some(found) = first_flagged(text, end, &mut mask, tlds) {
                (self.end, self.mask) = (end, mask);
                return Some(found);
            }
        }
    }
}

/// The flags of the block from `end` whose window is not within the
/// text: the first block (no byte before it) or the last (fewer than
/// `BLOCK + 2` bytes from `end` on). A text of a window's length or more
/// is read in place (every short call reads one or two such blocks): the
/// first block from the window at its start, shifted by one byte (its
/// 64th byte, shifted out, is the next block's first), with byte 0's flags
/// added; the last from the window at its end, shifted to `end` (that
/// window's block stops two bytes before the end: a `.` there, before one
/// byte, is tested on its own; no other separator fits in them). A shorter
/// text is copied into a window: a line break before it, zeros after it.
#[inline(always)]
fn edge_block_masks(bytes: &[u8], end: usize, block_masks: &impl Fn(&Window) -> u64) -> u64 {
    let len = bytes.len();
    if len >= BLOCK + 3 {
        if let (0, Some(first)) = (end, bytes.first_chunk()) {
            // (No `.` at byte 0: a line break is before the text.)
            let byte_0 = bytes[0] == FULLWIDTH || bytes[1..3] == IDEOGRAPHIC_STOP[1..];
            return block_masks(first) << 1 | u64::from(byte_0);
        }
        // The last window's block: bytes `len - BLOCK - 2` to `len - 3`.
        let from = len - (BLOCK + 2);
        if let Some(last) = bytes[from - 1..].first_chunk() {
            let dot_before_last =
                end <= len - 2 && bytes[len - 2] == b'.' && bytes[len - 3] > b' ' && bytes[len - 1] > b' ';
            let shifted = block_masks(last).checked_shr((end - from) as u32).unwrap_or(0);
            return shifted | u64::from(dot_before_last) << (len - 2).saturating_sub(end);
        }
    }
    let mut window = [0u8; BLOCK + 3];
    window[0] = if end == 0 { b'\n' } else { bytes[end - 1] };
    let rest = &bytes[end..len.min(end + BLOCK + 2)];
    window[1..1 + rest.len()].copy_from_slice(rest);
    block_masks(&window)
}

/// [`Separators::any_before`] where `from > 0`, `text[to - 1]` is white
/// space and the text is longer than a window: windows of the text itself
/// cover the bytes from `from` to `to - 3` (no separator is later: a `.`
/// needs a byte above U+0020 after it, `。`, `．` and `｡` two more bytes),
/// the last one moved back to end within the text, their flags of other
/// bytes cleared.
#[inline(always)]
fn any_in_windows(
    text: &str,
    from: usize,
    to: usize,
    tlds: &TldPolicy,
    block_masks: impl Fn(&Window) -> u64,
) -> bool {
    let bytes = text.as_bytes();
    let Some(last) = to.checked_sub(3) else { return false };
    let mut pos = from;
    while pos <= last {
        // The block of the window from `start`: at most `pos`, at least 1,
        // and its window within the text (so the `else` is never taken).
        let start = pos.min(bytes.len() - (BLOCK + 2));
        let Some(window) = bytes[start - 1..].first_chunk::<{ BLOCK + 3 }>() else { return false };
        let up_to_last = if last - start >= BLOCK - 1 { u64::MAX } else { (1 << (last - start + 1)) - 1 };
        let mut mask = block_masks(window) & (u64::MAX << (pos - start)) & up_to_last;
        if first_flagged(text, start + BLOCK, &mut mask, tlds).is_some() {
            return true;
        }
        pos = start + BLOCK;
    }
    false
}

/// The first separator a TLD may follow among the flags of `mask`, for the
/// block that ends at `end`; the flags before it are cleared.
#[inline(always)]
fn first_flagged(text: &str, end: usize, mask: &mut u64, tlds: &TldPolicy) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    // (`。` and the code point after it are within the text up to this.)
    let last_stop = if matches!(tlds, TldPolicy::Iana) { bytes.len().checked_sub(6) } else { None };
    while *mask != 0 {
        let at = end - BLOCK + mask.trailing_zeros() as usize;
        // `0xE3` flagged with `0x80 0x82` after it is `。`, the separator
        // of CJK prose, known without reading its bytes again; in CJK
        // prose mostly before a code point of three bytes that no TLD
        // starts with, tested here first and at once.
        if last_stop.is_some_and(|last| at <= last)
            && bytes[at] == IDEOGRAPHIC_STOP_FIRST
            && let &[b0 @ 0xE0..=0xEF, b1, b2] = &bytes[at..][3..6]
        {
            if tld_may_start_with_three_bytes([b0, b1, b2]) {
                return Some((at, 3));
            }
            *mask &= *mask - 1;
            continue;
        }
        let len = match bytes[at] {
            b'.' => 1,
            IDEOGRAPHIC_STOP_FIRST => 3,
            _ if wide_stop_at(bytes, at) => 3,
            _ => 0,
        };
        if len != 0
            && label_may_start(text, at + len, tlds)
            && !(len == 1 && ends_one_letter_domain(bytes, at + 1, tlds))
        {
            return Some((at, len));
        }
        *mask &= *mask - 1;
    }
    None
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2::block_masks;

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use portable::block_masks;

/// The block tests in plain Rust, which the compiler vectorises; their bit
/// masks are gathered by multiplication. (On x86-64, [`sse2`] is used, and
/// these are its test oracle.)
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod portable {
    use super::{BLOCK, FULLWIDTH, IDEOGRAPHIC_STOP, Window};

    /// Sixty-four flags of 0 or 1 to sixty-four bits: for eight at a time,
    /// the multiplication gathers flag `i` into bit 56 + `i`, with no carries
    /// between them.
    #[inline(always)]
    fn gather(flags: &[u8; BLOCK]) -> u64 {
        flags.chunks_exact(8).enumerate().fold(0, |mask, (k, eight)| {
            let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
    }

    /// The `.`s with a byte above U+0020 on either side, the code points
    /// that end in the bytes of `。` after its first (`。` and a few rare
    /// others) and the bytes `0xEF` in a block, as a bit mask (the caller
    /// tells them apart).
    #[inline]
    pub(super) fn block_masks(window: &Window) -> u64 {
        let (p, b, n, m) = (&window[..BLOCK], &window[1..BLOCK + 1], &window[2..BLOCK + 2], &window[3..]);
        let flag = |i: usize| {
            let dot = (b[i] == b'.') & (p[i] > b' ') & (n[i] > b' ');
            let stop = (n[i] == IDEOGRAPHIC_STOP[1]) & (m[i] == IDEOGRAPHIC_STOP[2]);
            dot | stop | (b[i] == FULLWIDTH)
        };
        // First one test for the whole block, as most have none.
        if !(0..BLOCK).fold(false, |any, i| any | flag(i)) {
            return 0;
        }
        gather(&core::array::from_fn(|i| u8::from(flag(i))))
    }
}

/// The block tests by SSE2, sixteen bytes a step, each step's flags taken
/// to bits at once (`pmovmskb`). Each answers as [`portable`]'s (a
/// property test holds them to it).
///
/// The crate's one `unsafe`: the `core::arch` calls, which are sound here
/// as SSE2 is part of every x86-64 CPU (the module is compiled only where
/// the target has it) and the one load reads a whole `[u8; 16]`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod sse2 {
    use super::{BLOCK, FULLWIDTH, IDEOGRAPHIC_STOP, Window};
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };

    /// The sixteen bytes of `window` from `at`.
    #[inline(always)]
    fn at(window: &Window, at: usize) -> __m128i {
        let bytes: &[u8; 16] = window[at..].first_chunk().unwrap_or(&[0; 16]);
        // SAFETY: SSE2 is enabled (see the module); the load reads the 16
        // bytes of `bytes`, with no alignment required.
        unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }
    }

    /// The lanes equal to `byte`.
    #[inline(always)]
    fn eq(v: __m128i, byte: u8) -> __m128i {
        // SAFETY: SSE2 is enabled (see the module).
        unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) }
    }

    /// The lanes of bytes up to U+0020 (white space, controls): those
    /// whose maximum with 0x20 is 0x20.
    #[inline(always)]
    fn blank(v: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled (see the module).
        unsafe { eq(_mm_max_epu8(v, _mm_set1_epi8(b' ' as i8)), b' ') }
    }

    /// Lanes set in both.
    #[inline(always)]
    fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled (see the module).
        unsafe { _mm_and_si128(a, b) }
    }

    /// Lanes set in `a` and not in `not`.
    #[inline(always)]
    fn and_not(a: __m128i, not: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled (see the module).
        unsafe { _mm_andnot_si128(not, a) }
    }

    /// Lanes set in either.
    #[inline(always)]
    fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is enabled (see the module).
        unsafe { _mm_or_si128(a, b) }
    }

    /// Sixteen lanes' flags to bits `16 * step` on.
    #[inline(always)]
    fn bits(flags: __m128i, step: usize) -> u64 {
        // SAFETY: SSE2 is enabled (see the module).
        let mask = unsafe { _mm_movemask_epi8(flags) };
        u64::from(mask as u16) << (16 * step)
    }

    /// As [`super::portable::block_masks`].
    #[inline]
    pub(super) fn block_masks(window: &Window) -> u64 {
        (0..BLOCK / 16).fold(0, |mask, step| {
            let lanes = |offset: usize| at(window, 16 * step + offset);
            let (p, b, n, m) = (lanes(0), lanes(1), lanes(2), lanes(3));
            let dot = and_not(eq(b, b'.'), or(blank(p), blank(n)));
            let stop = and(eq(n, IDEOGRAPHIC_STOP[1]), eq(m, IDEOGRAPHIC_STOP[2]));
            mask | bits(or(or(dot, stop), eq(b, FULLWIDTH)), step)
        })
    }
}

/// The block tests by AVX2, thirty-two bytes a step, for CPUs that have
/// it (detected at run time, so only with `std`). Each answers as
/// [`portable`]'s (a property test holds them to it).
///
/// `unsafe`: the `core::arch` calls, and functions that may be called only
/// where the CPU has AVX2 ([`Separators::next`] calls them after detecting
/// it); the loads read 32 bytes within a [`Window`].
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
mod avx2 {
    use super::{BLOCK, FULLWIDTH, IDEOGRAPHIC_STOP, Separators, TldPolicy, Window};
    use core::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256,
        _mm256_max_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    };

    /// As [`super::portable::block_masks`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) unsafe fn block_masks(window: &Window) -> u64 {
        let byte = |b: u8| _mm256_set1_epi8(b as i8);
        // The lanes of bytes up to U+0020 (white space, controls).
        let blank = |v: __m256i| _mm256_cmpeq_epi8(_mm256_max_epu8(v, byte(b' ')), byte(b' '));
        let mut mask = 0;
        for step in 0..BLOCK / 32 {
            let at = |offset: usize| {
                let bytes: &[u8; 32] = window[32 * step + offset..].first_chunk().unwrap_or(&[0; 32]);
                // SAFETY: AVX2 is there (the caller's promise); the load
                // reads the 32 bytes of `bytes`, with no alignment required.
                unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
            };
            let (p, b, n, m) = (at(0), at(1), at(2), at(3));
            let dot =
                _mm256_andnot_si256(_mm256_or_si256(blank(p), blank(n)), _mm256_cmpeq_epi8(b, byte(b'.')));
            let stop = _mm256_and_si256(
                _mm256_cmpeq_epi8(n, byte(IDEOGRAPHIC_STOP[1])),
                _mm256_cmpeq_epi8(m, byte(IDEOGRAPHIC_STOP[2])),
            );
            let flags = _mm256_or_si256(_mm256_or_si256(dot, stop), _mm256_cmpeq_epi8(b, byte(FULLWIDTH)));
            mask |= u64::from(_mm256_movemask_epi8(flags) as u32) << (32 * step);
        }
        mask
    }

    /// [`super::any_in_windows`], with these block tests.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn any_in_windows(text: &str, from: usize, to: usize, tlds: &TldPolicy) -> bool {
        // SAFETY: AVX2 is there (the caller's promise).
        super::any_in_windows(text, from, to, tlds, |window| unsafe { block_masks(window) })
    }

    /// [`Separators::next_in_blocks`], with these block tests.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn next_in_blocks(
        separators: &mut Separators,
        text: &str,
        tlds: &TldPolicy,
    ) -> Option<(usize, usize)> {
        // SAFETY: AVX2 is there (the caller's promise).
        separators.next_in_blocks(text, tlds, |window| unsafe { block_masks(window) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// The first separator at or after `pos`, byte by byte: no `.` at the
    /// start of the text or after white space or a control character.
    fn plain_next(text: &str, pos: usize, tlds: &TldPolicy) -> Option<(usize, usize)> {
        let bytes = text.as_bytes();
        // A `.` before a last label of one ASCII letter or digit (`e.g.`).
        let label_byte = |c: &u8| c.is_ascii_alphanumeric() || *c == b'-';
        let one_letter_last = |i: usize| {
            let len = bytes[i + 1..].iter().take_while(|c| label_byte(c)).count();
            let after = bytes.get(i + 1 + len);
            tlds.min_chars() >= 2
                && len == 1
                && after.is_none_or(|&c| c < 0x80)
                && !(after == Some(&b'.') && bytes.get(i + 3).is_some_and(label_byte))
        };
        (pos..bytes.len()).find_map(|i| match &bytes[i..] {
            [b'.', ..]
                if i > 0
                    && bytes[i - 1] > b' '
                    && label_may_start(text, i + 1, tlds)
                    && !one_letter_last(i) =>
            {
                Some((i, 1))
            }
            [0xE3, 0x80, 0x82, ..] | [0xEF, 0xBC, 0x8E, ..] | [0xEF, 0xBD, 0xA1, ..]
                if label_may_start(text, i + 3, tlds) =>
            {
                Some((i, 3))
            }
            _ => None,
        })
    }

    /// Bytes the block tests tell apart, and any other.
    fn byte() -> impl Strategy<Value = u8> {
        prop_oneof![
            Just(b'.'),
            Just(b'.'),
            Just(b' '),
            Just(b'\n'),
            Just(b'\t'),
            Just(0x21u8),
            Just(b'a'),
            Just(b'-'),
            Just(b')'),
            Just(b'!'),
            Just(0u8),
            Just(0x80u8),
            Just(0xE3u8),
            Just(0xE3u8),
            Just(0x80u8),
            Just(0x82u8),
            Just(0xEFu8),
            Just(0xBCu8),
            Just(0x8Eu8),
            Just(0xBDu8),
            Just(0xA1u8),
            any::<u8>()
        ]
    }

    /// Text of the code points the scan tells apart (separators, label
    /// characters, code points that may start a TLD and ones that may not,
    /// ones that share bytes with `。`), and any other.
    fn text() -> impl Strategy<Value = String> {
        let c = prop_oneof![
            prop::sample::select(vec!['.', '.', ' ', '\n', 'a', '-', ')', '\0', '。', '．', '｡', '、', '，']),
            prop::sample::select(vec!['東', '中', 'み', 'も', 'é', 'ε', 'ー', '\u{10000}', '\u{1F600}']),
            any::<char>(),
        ];
        prop::collection::vec(c, 0..200).prop_map(String::from_iter)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Asked from positions that only go forward (as a scan asks),
        /// the blocks answer what a byte-by-byte search does, with the
        /// IANA list and with any TLD.
        #[test]
        fn blocks_find_what_the_plain_search_finds(text in text(), steps in prop::collection::vec(0usize..90, 1..40)) {
            for tlds in [TldPolicy::Iana, TldPolicy::Any, TldPolicy::list(["a1", "9x", "com"]), TldPolicy::list(["b", "com"])] {
                let mut separators = Separators::default();
                let mut pos = 0;
                for &step in &steps {
                    let found = separators.next(&text, pos, &tlds);
                    prop_assert_eq!(found, plain_next(&text, pos, &tlds), "from {}", pos);
                    // A scan goes on after the separator, or further.
                    pos = found.map_or(pos, |(at, _)| at + 1) + step % 3 * step;
                }
            }
        }

        /// Asked of the text up to a white space (or its end), with more
        /// text after it, as a stream asks of the text it holds: whether
        /// the byte-by-byte search of that text alone finds a separator
        /// from `from` on.
        #[test]
        fn any_before_answers_for_the_text_up_to_the_white_space(
            text in text(), space in 0usize..200, from in 0usize..200,
        ) {
            let boundary = |i: usize| (0..=i.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let space = boundary(space);
            let from = boundary(from.min(space));
            let (before, after) = text.split_at(space);
            for white in ["", " ", "\n", "\t"] {
                // A text ending there, or going on after white space.
                let text = [before, white, if white.is_empty() { "" } else { after }].concat();
                let to = before.len() + white.len();
                for tlds in [TldPolicy::Iana, TldPolicy::Any, TldPolicy::list(["a1", "9x", "com"])] {
                    let plain = plain_next(&text[..to], from, &tlds).is_some();
                    prop_assert_eq!(Separators::any_before(&text, from, to, &tlds), plain, "{:?} from {} up to {}", text, from, to);
                }
            }
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The SSE2 block tests answer as the plain ones.
        #[test]
        fn sse2_blocks_answer_as_the_portable_ones(window in prop::collection::vec(byte(), BLOCK + 3)) {
            let window: Window = window.try_into().unwrap_or([0; BLOCK + 3]);
            prop_assert_eq!(sse2::block_masks(&window), portable::block_masks(&window));
        }
    }

    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The AVX2 block tests answer as the plain ones (where the CPU
        /// has AVX2; elsewhere there is nothing to compare).
        #[test]
        fn avx2_blocks_answer_as_the_portable_ones(window in prop::collection::vec(byte(), BLOCK + 3)) {
            let window: Window = window.try_into().unwrap_or([0; BLOCK + 3]);
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, as was just detected.
                #[allow(unsafe_code)]
                let mask = unsafe { avx2::block_masks(&window) };
                prop_assert_eq!(mask, portable::block_masks(&window));
            }
        }
    }

    /// The byte patterns of [`wide_stop_at`] are the label separators
    /// other than `.` of the property tables, and no other code point.
    #[test]
    fn wide_stops_are_the_separators_of_the_tables() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0u8; 4];
            let s = c.encode_utf8(&mut buf);
            let separator = crate::domain::separator_at(s, 0).is_some();
            assert_eq!(separator, c == '.' || wide_stop_at(s.as_bytes(), 0), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn the_mask_gathers_each_flag_to_its_bit() {
        let mut bytes = [b'x'; 130];
        for i in [1, 7, 8, 63, 64, 65, 127] {
            bytes[i] = b'.';
            bytes[i + 1] = b'a';
        }
        let text = core::str::from_utf8(&bytes).unwrap_or_default();
        let mut separators = Separators::default();
        let mut found = Vec::new();
        let mut pos = 0;
        while let Some((at, _)) = separators.next(text, pos, &TldPolicy::Iana) {
            found.push(at);
            pos = at + 1;
        }
        // A `.` before a `.` is not one a label may follow: 7, 63 and 64.
        assert_eq!(found, [1, 8, 65, 127]);
    }

    /// No label ends before a `.` at the start of the text or of a line,
    /// or after white space; none starts with a digit in the IANA list.
    #[test]
    fn dots_after_white_space_or_before_digits_or_one_letter_are_no_separators() {
        let all = |text: &str, tlds: &TldPolicy| {
            let (mut separators, mut pos, mut found) = (Separators::default(), 0, Vec::new());
            while let Some((at, _)) = separators.next(text, pos, tlds) {
                found.push(at);
                pos = at + 1;
            }
            found
        };
        // (And a `.` before a last label of one letter: `e.g.`, `S.A x`; the
        // `.` of `U.S` is kept, as `S` may be followed by more labels.)
        let text = ".TH x\n.SH y \t.NET a.bc 1.5 v.2x e.com e.g. U.S.A x";
        assert_eq!(all(text, &TldPolicy::Iana), [19, 33, 44]);
        assert_eq!(all(text, &TldPolicy::list(["2x"])), [19, 28, 33, 44]);
        // A list with a TLD of one letter keeps them.
        assert_eq!(all("e.g. a.b", &TldPolicy::list(["b"])), [1, 6]);
    }
}
