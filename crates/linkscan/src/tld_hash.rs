//! The hash of the generated TLD table: FNV-1a over the lowercase label's
//! bytes. Shared by the generator (xtask includes this file) and the lookup.

/// Slots in the generated open-addressing table (a power of two).
pub const TLD_TABLE_SLOTS: usize = 4096;

/// The first slot to probe for `lower` (the label in lowercase).
#[inline]
pub fn tld_slot(lower: impl IntoIterator<Item = u8>) -> usize {
    let mut h: u32 = 0x811C_9DC5;
    for b in lower {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    (h ^ (h >> 16)) as usize & (TLD_TABLE_SLOTS - 1)
}
