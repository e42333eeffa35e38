//! A three-level lookup table over all code points, one byte each.
//!
//! `cp >> CHUNK_SHIFT` indexes `index1`, which names a chunk of `index2`;
//! the chunk entry for `(cp >> BLOCK_SHIFT) & mask` names a block of `data`;
//! the block entry for `cp & mask` is the value. Identical chunks and blocks
//! are stored once.

use std::collections::HashMap;

/// Code points per data block (log2).
pub const BLOCK_SHIFT: u32 = 6;
/// Code points per index2 chunk (log2).
pub const CHUNK_SHIFT: u32 = 12;

pub struct Trie {
    pub index1: Vec<u8>,
    pub index2: Vec<u16>,
    pub data: Vec<u8>,
}

fn intern<T: Clone + Eq + std::hash::Hash>(
    seen: &mut HashMap<Vec<T>, usize>,
    store: &mut Vec<T>,
    item: &[T],
) -> usize {
    *seen.entry(item.to_vec()).or_insert_with(|| {
        store.extend_from_slice(item);
        store.len() / item.len() - 1
    })
}

impl Trie {
    pub fn build(values: &[u8]) -> Result<Trie, String> {
        let block_len = 1usize << BLOCK_SHIFT;
        let blocks_per_chunk = 1usize << (CHUNK_SHIFT - BLOCK_SHIFT);
        let (mut data, mut blocks) = (Vec::new(), HashMap::new());
        let block_ids: Vec<u16> = values
            .chunks(block_len)
            .map(|block| intern(&mut blocks, &mut data, block))
            .map(|id| u16::try_from(id).map_err(|_| "too many trie blocks".to_string()))
            .collect::<Result<_, _>>()?;
        let (mut index2, mut chunks) = (Vec::new(), HashMap::new());
        let index1 = block_ids
            .chunks(blocks_per_chunk)
            .map(|chunk| intern(&mut chunks, &mut index2, chunk))
            .map(|id| u8::try_from(id).map_err(|_| "too many trie chunks".to_string()))
            .collect::<Result<_, _>>()?;
        let trie = Trie { index1, index2, data };
        for (cp, &v) in values.iter().enumerate() {
            assert_eq!(trie.get(cp), v, "trie round trip at U+{cp:04X}");
        }
        Ok(trie)
    }

    pub fn get(&self, cp: usize) -> u8 {
        let chunk = usize::from(self.index1[cp >> CHUNK_SHIFT]);
        let mask = (1 << (CHUNK_SHIFT - BLOCK_SHIFT)) - 1;
        let block =
            usize::from(self.index2[(chunk << (CHUNK_SHIFT - BLOCK_SHIFT)) | ((cp >> BLOCK_SHIFT) & mask)]);
        self.data[(block << BLOCK_SHIFT) | (cp & ((1 << BLOCK_SHIFT) - 1))]
    }

    pub fn size_in_bytes(&self) -> usize {
        self.index1.len() + 2 * self.index2.len() + self.data.len()
    }
}
