//! The `.`s a domain label may follow, found a block of 64 bytes at a time.
//!
//! In prose nearly every `.` ends a sentence: a space, a line break or the
//! end of the text follows it. Each block is first tested for a `.` before
//! a byte above the space, by comparisons the compiler turns into vector
//! instructions (the crate has no `unsafe`); only a block that has one is
//! read into a bit mask of such `.`s, each then checked by
//! [`label_may_start`]. The mask is kept between calls, so each block is
//! read once however many candidates it holds.

/// The bytes tested at once.
const BLOCK: usize = 64;

/// Whether a domain label may start at byte `i`: a cheap first test for
/// the text after a `.`, which in prose is mostly a space.
#[inline(always)]
fn label_may_start(bytes: &[u8], i: usize) -> bool {
    match bytes.get(i) {
        Some(&b) if b < 0x80 => crate::props::ascii_bits(b) & crate::props::LABEL_BIT != 0,
        Some(_) => true,
        None => false,
    }
}

/// The search for the next `.` a label may follow, through one text.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LabelDots {
    /// The end of the block read last (0 before the first).
    end: usize,
    /// Bit `i`: a `.` at `end - BLOCK + i` before a byte above the space.
    mask: u64,
}

impl LabelDots {
    /// The first `.` at or after `pos` that a label may follow. Calls on
    /// one text must not go back: `pos` never less than the last call's.
    #[inline]
    pub(crate) fn next(&mut self, bytes: &[u8], pos: usize) -> Option<usize> {
        loop {
            if pos >= self.end {
                self.mask = 0;
            } else {
                self.mask &= u64::MAX << pos.saturating_sub(self.end - BLOCK);
            }
            while self.mask != 0 {
                let dot = self.end - BLOCK + self.mask.trailing_zeros() as usize;
                if label_may_start(bytes, dot + 1) {
                    return Some(dot);
                }
                self.mask &= self.mask - 1;
            }
            let mut start = self.end.max(pos);
            loop {
                if start >= bytes.len() {
                    self.end = start;
                    return None;
                }
                self.mask = block_mask(bytes, start);
                start += BLOCK;
                if self.mask != 0 {
                    break;
                }
            }
            self.end = start;
        }
    }
}

/// The `.`s before a byte above the space in the block at `start` (bytes
/// past the text read as 0), as a bit mask.
#[inline]
fn block_mask(bytes: &[u8], start: usize) -> u64 {
    let padded;
    let block = match bytes[start..].first_chunk::<{ BLOCK + 1 }>() {
        Some(block) => block,
        None => {
            let rest = &bytes[start..];
            let mut tail = [0u8; BLOCK + 1];
            tail[..rest.len()].copy_from_slice(rest);
            padded = tail;
            &padded
        }
    };
    // First a cheaper test, true for more blocks: a `.` not before a space.
    let mut any = false;
    for (&b, &after) in block.iter().zip(&block[1..]) {
        any |= (b == b'.') & (after != b' ');
    }
    if !any {
        return 0;
    }
    let mut flags = [0u8; BLOCK];
    for (flag, (&b, &after)) in flags.iter_mut().zip(block.iter().zip(&block[1..])) {
        *flag = u8::from((b == b'.') & (after > b' '));
    }
    // Eight flags of 0 or 1 to eight bits: the multiplication gathers
    // flag `i` into bit 56 + `i`, with no carries between them.
    flags.chunks_exact(8).enumerate().fold(0, |mask, (k, eight)| {
        let eight = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// The first `.` at or after `pos` that a label may follow, byte by byte.
    fn plain_next(bytes: &[u8], pos: usize) -> Option<usize> {
        (pos..bytes.len()).find(|&i| bytes[i] == b'.' && label_may_start(bytes, i + 1))
    }

    fn text() -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            Just(b'.'),
            Just(b'.'),
            Just(b' '),
            Just(b'\n'),
            Just(b'a'),
            Just(b'-'),
            Just(b')'),
            Just(b'!'),
            Just(0u8),
            Just(0x80u8),
            Just(0xE3u8),
            any::<u8>()
        ];
        prop::collection::vec(byte, 0..400)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Asked from positions that only go forward (as a scan asks),
        /// the blocks answer what a byte-by-byte search does.
        #[test]
        fn blocks_find_what_the_plain_search_finds(bytes in text(), steps in prop::collection::vec(0usize..90, 1..40)) {
            let mut dots = LabelDots::default();
            let mut pos = 0;
            for step in steps {
                let found = dots.next(&bytes, pos);
                prop_assert_eq!(found, plain_next(&bytes, pos), "from {}", pos);
                // A scan goes on after the candidate, or further.
                pos = found.map_or(pos, |dot| dot + 1) + step % 3 * step;
            }
        }
    }

    #[test]
    fn the_mask_gathers_each_flag_to_its_bit() {
        let mut bytes = [b' '; 130];
        for i in [0, 7, 8, 63, 64, 65, 127] {
            bytes[i] = b'.';
            bytes[i + 1] = b'a';
        }
        let mut dots = LabelDots::default();
        let mut found = Vec::new();
        let mut pos = 0;
        while let Some(dot) = dots.next(&bytes, pos) {
            found.push(dot);
            pos = dot + 1;
        }
        // A `.` before a `.` is not one a label may follow: 7, 63 and 64.
        assert_eq!(found, [0, 8, 65, 127]);
    }
}
