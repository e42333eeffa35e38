//! The search for the next of two bytes, for the scan that needs a scheme
//! (the next `:` or `@`). In text dense with links the next is a few words
//! away, where a call of `memchr` costs more in setting up than in
//! searching; in text without links it is far or nowhere. Where the CPU has
//! AVX2 (detected at run time, with `std`) the search is made here: the
//! first 128 bytes thirty-two at a time, then 128 at a time with one
//! test for all four vectors. Elsewhere, `memchr2`.

/// The first `a` or `b` in `haystack`.
#[inline]
pub(crate) fn find_either(haystack: &[u8], a: u8, b: u8) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, as was just detected.
        #[allow(unsafe_code)]
        return unsafe { avx2::find_either(haystack, a, b) };
    }
    memchr::memchr2(a, b, haystack)
}

/// `unsafe`: the `core::arch` calls, and a function that may be called
/// only where the CPU has AVX2 ([`find_either`] calls it after detecting
/// it); each load reads 32 bytes within the haystack.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
mod avx2 {
    /// The bytes read thirty-two at a time before the search reads 128.
    const NEAR: usize = 128;

    use core::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8,
    };

    /// The lanes of `chunk` that are `a` or `b` (broadcast in `va`, `vb`).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn hits(chunk: &[u8; 32], va: __m256i, vb: __m256i) -> __m256i {
        // SAFETY: AVX2 is there (the caller's promise); the load reads the
        // 32 bytes of `chunk`, with no alignment required.
        let v = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        _mm256_or_si256(_mm256_cmpeq_epi8(v, va), _mm256_cmpeq_epi8(v, vb))
    }

    /// The first lane set in `lanes`, as an offset from `at`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn first(at: usize, lanes: __m256i) -> Option<usize> {
        let mask = _mm256_movemask_epi8(lanes) as u32;
        (mask != 0).then(|| at + mask.trailing_zeros() as usize)
    }

    /// As [`super::find_either`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn find_either(haystack: &[u8], a: u8, b: u8) -> Option<usize> {
        let (va, vb) = (_mm256_set1_epi8(a as i8), _mm256_set1_epi8(b as i8));
        // SAFETY (each call below): AVX2 is there (the caller's promise).
        let Some(chunk) = haystack.first_chunk::<32>() else {
            return haystack.iter().position(|&c| c == a || c == b);
        };
        if let Some(found) = unsafe { first(0, hits(chunk, va, vb)) } {
            return Some(found);
        }
        // The first 32 bytes as they come, the rest from a 32-byte boundary
        // on (those loads never cross a cache line; a few bytes are read
        // twice).
        let mut at = match haystack.as_ptr().align_offset(32) {
            0 => 32,
            offset => offset,
        };
        while let Some(chunk) = haystack[at..].first_chunk::<32>() {
            if at >= NEAR {
                break;
            }
            if let Some(found) = unsafe { first(at, hits(chunk, va, vb)) } {
                return Some(found);
            }
            at += 32;
        }
        while let Some(block) = haystack[at..].first_chunk::<128>() {
            let quarter = |k: usize| block[32 * k..].first_chunk::<32>().unwrap_or(&[0; 32]);
            let [h0, h1, h2, h3] = unsafe { [0, 1, 2, 3].map(|k| hits(quarter(k), va, vb)) };
            let any = _mm256_or_si256(_mm256_or_si256(h0, h1), _mm256_or_si256(h2, h3));
            if _mm256_movemask_epi8(any) != 0 {
                // The four masks as two numbers, the first hit at once.
                let mask = |h| u64::from(_mm256_movemask_epi8(h) as u32);
                let (low, high) = (mask(h0) | mask(h1) << 32, mask(h2) | mask(h3) << 32);
                let first = if low != 0 { low.trailing_zeros() } else { 64 + high.trailing_zeros() };
                return Some(at + first as usize);
            }
            at += 128;
        }
        while let Some(chunk) = haystack[at..].first_chunk::<32>() {
            if let Some(found) = unsafe { first(at, hits(chunk, va, vb)) } {
                return Some(found);
            }
            at += 32;
        }
        haystack[at..].iter().position(|&c| c == a || c == b).map(|i| at + i)
    }
}

#[cfg(test)]
mod tests {
    use super::find_either;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The search answers as `memchr2` does, for hits near and far,
        /// from every kind of start.
        #[test]
        fn finds_what_memchr2_finds(
            len in 0usize..700,
            hits in prop::collection::vec((0usize..700, prop::bool::ANY), 0..3),
            from in 0usize..200,
        ) {
            let mut haystack: Vec<u8> = (0..len).map(|i| b"abc "[i * 7 % 4]).collect();
            for (at, colon) in hits {
                if at < len {
                    haystack[at] = if colon { b':' } else { b'@' };
                }
            }
            let rest = &haystack[from.min(len)..];
            prop_assert_eq!(find_either(rest, b':', b'@'), memchr::memchr2(b':', b'@', rest));
        }
    }
}
