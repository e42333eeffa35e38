//! Newlines: how many a stretch of text has, and where the last of them
//! is — the line and column of each link (called once a link, on the gap
//! since the one before) and the line at which each chunk of an input
//! starts. With AVX2 (where the processor has it) a short stretch is read
//! in one pass of 32-byte blocks that gives both; otherwise `memrchr` finds
//! the last newline, usually a line back from where the stretch ends, and
//! one pass counts those up to it, 32 bytes at a time with AVX2, else 16
//! at a time in a loop the compiler vectorises.

/// The newlines of a stretch of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Newlines {
    /// How many.
    pub count: u64,
    /// The offset of the last, in the whole text.
    pub last: Option<usize>,
}

/// The newlines of `text[from..to]` (panics where that is not in `text`,
/// as the slice would).
pub fn newlines(text: &[u8], from: usize, to: usize) -> Newlines {
    #[cfg(target_arch = "x86_64")]
    if to.saturating_sub(from) <= ONE_PASS
        && std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: the processor has the features `avx2::newlines` is
        // compiled for.
        #[allow(unsafe_code)]
        return unsafe { avx2::newlines(text, from, to) };
    }
    match memchr::memrchr(b'\n', &text[from..to]) {
        Some(last) => Newlines { count: count(text, from, from + last + 1), last: Some(from + last) },
        None => Newlines { count: 0, last: None },
    }
}

/// The longest stretch [`newlines`] reads in one pass that both counts
/// and finds the last newline: for a longer one, `memrchr` and a count
/// that does nothing else cost less, for a shorter one (the gaps between
/// links in link-dense text) their calls cost more.
const ONE_PASS: usize = 512;

/// How many newlines `text[from..to]` has (panics where that is not in
/// `text`). The bytes of `text` around the stretch may be read, and are
/// masked out: a loop over the last few bytes would end after a number of
/// steps that varies with each stretch, which the processor mispredicts.
pub fn count(text: &[u8], from: usize, to: usize) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the features `avx2::count` is compiled
        // for.
        #[allow(unsafe_code)]
        return unsafe { avx2::count(text, from, to) };
    }
    plain_count(text, from, to)
}

/// [`count`] without `core::arch`: sixteen bytes at a time, in sixteen
/// byte-wide counters (comparisons the compiler makes vector instructions
/// of). The last sixteen bytes are read from `to - 16`, those before `from`
/// masked out.
fn plain_count(text: &[u8], from: usize, to: usize) -> u64 {
    /// `KEEP[skip]`: 0 for the first `skip` bytes of a block, then 1.
    const KEEP: [[u8; 16]; 17] = {
        let mut masks = [[0u8; 16]; 17];
        let mut skip = 0;
        while skip <= 16 {
            let mut i = skip;
            while i < 16 {
                masks[skip][i] = 1;
                i += 1;
            }
            skip += 1;
        }
        masks
    };
    let block = |at: usize| -> [u8; 16] { text[at..at + 16].try_into().unwrap_or([0; 16]) };
    let add = |lanes: &mut [u8; 16], block: [u8; 16], keep: &[u8; 16]| {
        for i in 0..16 {
            lanes[i] += u8::from(block[i] == b'\n') & keep[i];
        }
    };
    let sum = |lanes: [u8; 16]| lanes.iter().map(|&n| u64::from(n)).sum::<u64>();
    let (mut count, mut lanes, mut at) = (0, [0u8; 16], from);
    while to - at >= 16 {
        add(&mut lanes, block(at), &KEEP[0]);
        at += 16;
        // A counter holds 255 at most.
        if (at - from).is_multiple_of(255 * 16) {
            count += sum(std::mem::take(&mut lanes));
        }
    }
    if to >= 16 {
        add(&mut lanes, block(to - 16), &KEEP[16 - (to - at)]);
    } else {
        count += text[at..to].iter().filter(|&&b| b == b'\n').count() as u64;
    }
    count + sum(lanes)
}

/// `unsafe`: the `core::arch` calls, and functions that may be called only
/// where the processor has AVX2, POPCNT (and LZCNT).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use super::Newlines;
    use core::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_extract_epi64, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_sub_epi8,
    };

    /// The newlines of a 32-byte block, as bytes of 0xFF.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn newlines_in(block: &[u8; 32]) -> __m256i {
        // SAFETY: the load reads the 32 bytes of `block`.
        let bytes = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
        _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'\n' as i8))
    }

    /// A slice of 32 bytes as the array it is.
    #[inline]
    fn block(bytes: &[u8]) -> &[u8; 32] {
        bytes.try_into().unwrap_or(&[0; 32])
    }

    /// Bit `i` set where `block[i]` is a newline.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn mask(block: &[u8; 32]) -> u32 {
        _mm256_movemask_epi8(newlines_in(block)) as u32
    }

    /// [`super::newlines`] (`from <= to <= text.len()`), 32 bytes at a
    /// time: each block's newlines as the bits of a mask, counted, the last
    /// found from its leading zeros and kept by a maximum, not a branch (a
    /// block has a newline or not as the text goes). The last few bytes are
    /// read as [`count`] reads them.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,popcnt,lzcnt")]
    pub(super) unsafe fn newlines(text: &[u8], from: usize, to: usize) -> Newlines {
        // One past the last newline, 0 for none.
        let (mut count, mut after_last) = (0, 0);
        let mut add = |mask: u32, at: usize| {
            count += u64::from(mask.count_ones());
            let found = usize::from(mask != 0).wrapping_neg();
            after_last = after_last.max((at + 32 - mask.leading_zeros() as usize) & found);
        };
        let mut blocks = text[from..to].chunks_exact(32);
        let mut at = from;
        for whole in blocks.by_ref() {
            add(mask(block(whole)), at);
            at += 32;
        }
        let rest = blocks.remainder().len();
        if rest > 0 {
            add(tail(text, at, to), at);
        }
        Newlines { count, last: after_last.checked_sub(1) }
    }

    /// The newlines of `text[at..to]` (fewer than 32 bytes) as bits from
    /// bit 0: read in the block that ends at `to`, or in the one that
    /// starts at `at`, the mask shifted or cut to them, or byte by byte in
    /// a text shorter than a block.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn tail(text: &[u8], at: usize, to: usize) -> u32 {
        let rest = to - at;
        if to >= 32 {
            mask(block(&text[to - 32..to])) >> (32 - rest)
        } else if at + 32 <= text.len() {
            mask(block(&text[at..at + 32])) & ((1 << rest) - 1)
        } else {
            text[at..to].iter().enumerate().fold(0, |mask, (i, &b)| mask | u32::from(b == b'\n') << i)
        }
    }

    /// [`super::count`] (`from <= to <= text.len()`), 32 bytes at a time:
    /// each block's newlines subtracted (as -1s) from 32 byte-wide
    /// counters, which are summed every 255 blocks, before one overflows.
    /// The last few bytes are read in the block that ends at `to`, or in
    /// the one that starts where they do, their mask shifted or cut to
    /// them.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn count(text: &[u8], from: usize, to: usize) -> u64 {
        let stretch = &text[from..to];
        let whole = stretch.len() / 32 * 32;
        let mut count = 0;
        for group in stretch[..whole].chunks(32 * 255) {
            let mut counters = _mm256_setzero_si256();
            for chunk in group.chunks_exact(32) {
                counters = _mm256_sub_epi8(counters, newlines_in(block(chunk)));
            }
            let sums = _mm256_sad_epu8(counters, _mm256_setzero_si256());
            count += (_mm256_extract_epi64::<0>(sums)
                + _mm256_extract_epi64::<1>(sums)
                + _mm256_extract_epi64::<2>(sums)
                + _mm256_extract_epi64::<3>(sums)) as u64;
        }
        if whole < stretch.len() {
            count += u64::from(tail(text, from + whole, to).count_ones());
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::{Newlines, count, newlines, plain_count};
    use proptest::prelude::*;

    fn by_bytes(text: &[u8], from: usize, to: usize) -> Newlines {
        let gap = &text[from..to];
        Newlines {
            count: gap.iter().filter(|&&b| b == b'\n').count() as u64,
            last: gap.iter().rposition(|&b| b == b'\n').map(|i| from + i),
        }
    }

    #[test]
    fn newlines_are_counted_across_blocks() {
        for len in [0, 1, 15, 16, 31, 32, 33, 254, 255, 256, 600, 5000] {
            let text: Vec<u8> =
                (0..len).map(|i| if i % 3 == 0 || i % 7 == 0 { b'\n' } else { b'a' }).collect();
            let sparse: Vec<u8> = (0..len).map(|i| if i % 97 == 5 { b'\n' } else { b'a' }).collect();
            for text in [&text, &sparse] {
                for from in (0..len.min(70)).chain([len / 2]) {
                    for to in (from..len.min(from + 70)).chain([len]) {
                        let expected = by_bytes(text, from, to);
                        assert_eq!(plain_count(text, from, to), expected.count, "{len} {from} {to}");
                        assert_eq!(count(text, from, to), expected.count, "{len} {from} {to}");
                        assert_eq!(newlines(text, from, to), expected, "{len} {from} {to}");
                    }
                }
            }
        }
        // Past the 255 blocks a byte-wide counter holds.
        for (from, to) in [(0, 20_000), (7, 4087), (3, 8160 + 3), (1, 8160 * 2 + 5)] {
            assert_eq!(count(&[b'\n'; 20_000], from, to), (to - from) as u64);
            assert_eq!(plain_count(&[b'\n'; 20_000], from, to), (to - from) as u64);
        }
        assert_eq!(newlines(&[b'\n'; 5000], 7, 4087), Newlines { count: 4080, last: Some(4086) });
    }

    proptest! {
        /// The fast path and the plain one say what a look at each byte says.
        #[test]
        fn newlines_agree_with_each_byte(
            text in prop::collection::vec(prop::sample::select(vec![b'\n', b'a', 0xFF, b'\r']), 0..1200),
            a in any::<prop::sample::Index>(),
            b in any::<prop::sample::Index>(),
        ) {
            let (from, to) = if text.is_empty() {
                (0, 0)
            } else {
                let (x, y) = (a.index(text.len() + 1), b.index(text.len() + 1));
                (x.min(y), x.max(y))
            };
            let expected = by_bytes(&text, from, to);
            prop_assert_eq!(plain_count(&text, from, to), expected.count);
            prop_assert_eq!(count(&text, from, to), expected.count);
            prop_assert_eq!(newlines(&text, from, to), expected);
        }
    }
}
