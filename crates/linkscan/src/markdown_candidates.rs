//! Where a Markdown source may hold an autolink, found before its first
//! event: each `://` and `www.` (where a URL of GFM or MD4C may be) and
//! each `@` and `&` (an email address, its `@` written or a character
//! reference). Blocks without one pass the adapters unread.
//!
//! Where the CPU has AVX2 (detected at run time, with `std`) one pass reads
//! the source thirty-two bytes at a time, flagging `:/`, `ww`, `@` and `&`
//! (rare pairs in Markdown, where `:`, `/`, `w` and `.` are not), and
//! checks each flag by its bytes. Elsewhere, and as that pass's test
//! oracle, memchr's `memmem` for `://` and `www.` and `memchr` for `@` and
//! `&`: four passes, whose prefilters meet every `:`/`/` and `w`/`.` pair
//! of Markdown full of code.

use crate::markdown_source::merge_sorted;
use alloc::vec::Vec;

/// The candidates of a source, each list in order.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Candidates {
    /// Where `://` or `www.` starts.
    pub(crate) urls: Vec<usize>,
    /// Where `@` or `&` is.
    pub(crate) signs: Vec<usize>,
}

/// The candidates of `source`.
pub(crate) fn candidates(source: &str) -> Candidates {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, as was just detected.
        #[allow(unsafe_code)]
        return unsafe { avx2::candidates(source.as_bytes()) };
    }
    plain(source)
}

/// [`candidates`] by memchr's searches.
fn plain(source: &str) -> Candidates {
    let bytes = source.as_bytes();
    let colons: Vec<usize> = memchr::memmem::find_iter(bytes, "://").collect();
    let www: Vec<usize> = memchr::memmem::find_iter(bytes, "www.").collect();
    let at: Vec<usize> = memchr::memchr_iter(b'@', bytes).collect();
    let and: Vec<usize> = memchr::memchr_iter(b'&', bytes).collect();
    Candidates { urls: merge_sorted(&colons, &www), signs: merge_sorted(&at, &and) }
}

/// The pass by AVX2, for CPUs that have it. Each answer is
/// [`plain`]'s (a property test holds it to it).
///
/// `unsafe`: the `core::arch` calls, and a function that may be called
/// only where the CPU has AVX2 ([`candidates`] calls it after detecting
/// it); each load reads 32 bytes within the source.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
mod avx2 {
    use super::Candidates;
    use alloc::vec::Vec;
    use core::arch::x86_64::{
        _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8,
    };

    /// Records the candidate that starts at `at`, if one does (a pattern
    /// cut by the text's end is none).
    #[inline(always)]
    fn check(bytes: &[u8], at: usize, found: &mut Candidates) {
        let rest = &bytes[at..];
        match rest[0] {
            b'@' | b'&' => found.signs.push(at),
            b':' if rest.starts_with(b"://") => found.urls.push(at),
            b'w' if rest.starts_with(b"www.") => found.urls.push(at),
            _ => {}
        }
    }

    /// As [`super::candidates`], on the source's bytes.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn candidates(bytes: &[u8]) -> Candidates {
        // (Sized for one `://` in 256 bytes, about what READMEs hold.)
        let mut found = Candidates { urls: Vec::with_capacity(bytes.len() / 256), signs: Vec::new() };
        let byte = |b: u8| _mm256_set1_epi8(b as i8);
        let (colon, slash, w, at_sign, and) = (byte(b':'), byte(b'/'), byte(b'w'), byte(b'@'), byte(b'&'));
        // The flags of the 32 bytes at `at` of `window`: `:/`, `ww`, `@`, `&`.
        let flags = |window: &[u8; 67], at: usize| {
            // SAFETY: AVX2 is there (the caller's promise); the loads read
            // bytes `at..at + 33` of `window` (`at` is 0 or 32), with no
            // alignment required.
            let (v, next) = unsafe {
                (
                    _mm256_loadu_si256(window[at..].as_ptr().cast()),
                    _mm256_loadu_si256(window[at + 1..].as_ptr().cast()),
                )
            };
            let pairs = _mm256_or_si256(
                _mm256_and_si256(_mm256_cmpeq_epi8(v, colon), _mm256_cmpeq_epi8(next, slash)),
                _mm256_and_si256(_mm256_cmpeq_epi8(v, w), _mm256_cmpeq_epi8(next, w)),
            );
            _mm256_or_si256(pairs, _mm256_or_si256(_mm256_cmpeq_epi8(v, at_sign), _mm256_cmpeq_epi8(v, and)))
        };
        let mut start = 0;
        // Whole steps of 64 flags whose bytes lie within the source, each
        // flag checked with the three bytes after it; one test for both
        // halves, as most steps have none.
        while let Some(window) = bytes.get(start..).and_then(<[u8]>::first_chunk::<67>) {
            let (low, high) = (flags(window, 0), flags(window, 32));
            if _mm256_movemask_epi8(_mm256_or_si256(low, high)) != 0 {
                let mut mask = u64::from(_mm256_movemask_epi8(low) as u32)
                    | u64::from(_mm256_movemask_epi8(high) as u32) << 32;
                while mask != 0 {
                    check(bytes, start + mask.trailing_zeros() as usize, &mut found);
                    mask &= mask - 1;
                }
            }
            start += 64;
        }
        for at in start..bytes.len() {
            check(bytes, at, &mut found);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn one_pass_finds_what_the_searches_find(
            text in prop::collection::vec(
                prop::sample::select(vec![':', '/', 'w', '.', '@', '&', 'a', ' ', '\n', 'é', '\0', 'ｗ']),
                0..300,
            ).prop_map(String::from_iter)
        ) {
            prop_assert_eq!(candidates(&text), plain(&text));
        }
    }

    #[test]
    fn candidates_at_the_edges_of_a_step_and_of_the_text() {
        for len in 30..80 {
            for at in 0..len {
                for pattern in ["://", "www.", "@", "&", ":/", "ww."] {
                    let mut text = "a".repeat(len);
                    if at + pattern.len() <= len {
                        text.replace_range(at..at + pattern.len(), pattern);
                        assert_eq!(candidates(&text), plain(&text), "{text:?}");
                    }
                }
            }
        }
    }
}
