//! The solver's transposition table: one `u64` per slot, cleared in O(1), shared by the
//! threads of a parallel solve.
//!
//! A slot packs the full position key (49 bits, so no false hits), a 7-bit generation and
//! an 8-bit bound. "Clearing" the table bumps the generation: a slot written by an older
//! generation reads as empty, so `c4 bench solver` can give every position a fresh table
//! without rewriting hundreds of megabytes.
//!
//! The index is the key times a 64-bit odd constant (Fibonacci hashing, Knuth TAOCP 6.4),
//! top bits. Slots come in pairs sharing a bucket: the first keeps the entry that cost the
//! most work to compute (depth-preferred: fewest discs on the board), the second always
//! takes the newest.
//!
//! Slots are read and written as relaxed atomics, so threads can share the table without
//! locks: a slot is one machine word holding its own key, so a reader sees either the whole
//! old entry or the whole new one, and an entry for another position never matches.

use memmap2::{Advice, MmapMut};
use std::sync::atomic::{AtomicU64, Ordering};

const SLOT_BYTES: usize = std::mem::size_of::<u64>();
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const GEN_SHIFT: u32 = KEY_BITS;
const GEN_MASK: u64 = 0x7f;
const VALUE_SHIFT: u32 = KEY_BITS + 7;

/// Smallest and largest table sizes accepted, as log2 of the number of slots.
pub const MIN_TABLE_BITS: u32 = 10;
/// 2^27 slots x 8 bytes = 1 GiB.
pub const MAX_TABLE_BITS: u32 = 27;
/// Default: 2^24 slots, 128 MiB.
pub const DEFAULT_TABLE_BITS: u32 = 24;

/// The table.
#[derive(Debug)]
pub struct SolverTable {
    /// Slots as native-endian `u64`s in an anonymous memory map, so that the kernel can back
    /// it with huge pages: a probe then rarely misses the TLB. On this kind of machine that
    /// alone took the End-Easy set from 18.7 to about 6 us a position with a 128 MiB table.
    memory: MmapMut,
    slot_count: usize,
    shift: u32,
    generation: u64,
}

impl SolverTable {
    /// A table of `2^bits` slots (clamped to the accepted range).
    #[must_use]
    pub fn new(bits: u32) -> SolverTable {
        let bits = bits.clamp(MIN_TABLE_BITS, MAX_TABLE_BITS);
        let slot_count = 1usize << bits;
        let mut memory = MmapMut::map_anon(slot_count * SLOT_BYTES)
            .expect("memory for the solver table (out of memory?)");
        // Advice only: where the kernel has no huge pages to give, the table still works.
        let _ = memory.advise(Advice::HugePage);
        // Touch every page now, so page faults do not land in the first solves.
        memory.fill(0);
        SolverTable {
            memory,
            slot_count,
            shift: 64 - (bits - 1),
            generation: 1,
        }
    }

    /// log2 of the number of slots.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.slot_count.trailing_zeros()
    }

    /// Size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slot_count * SLOT_BYTES
    }

    /// The slots as atomics.
    #[inline]
    #[allow(unsafe_code)]
    fn slots(&self) -> &[AtomicU64] {
        // SAFETY: the map is `slot_count * 8` bytes long, page-aligned (so aligned for
        // `AtomicU64`, which has the size and alignment of `u64`), initialised (zero-filled
        // at creation), and every bit pattern is a valid `u64`. The slice borrows `self`, so
        // the map outlives it, and the only mutable access to the bytes (`fill` in `new` and
        // `reset`) needs `&mut self`, which cannot coexist with this shared borrow.
        unsafe {
            std::slice::from_raw_parts(self.memory.as_ptr().cast::<AtomicU64>(), self.slot_count)
        }
    }

    #[inline]
    fn slot(&self, index: usize) -> u64 {
        self.slots()[index].load(Ordering::Relaxed)
    }

    #[inline]
    fn set_slot(&self, index: usize, value: u64) {
        self.slots()[index].store(value, Ordering::Relaxed);
    }

    /// Forgets every entry (O(1) except once every 127 calls).
    pub fn reset(&mut self) {
        self.generation += 1;
        if self.generation > GEN_MASK {
            self.memory.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) << 1
    }

    #[inline]
    fn unpack(&self, slot: u64, key: u64) -> Option<u8> {
        let matches = slot & KEY_MASK == key && (slot >> GEN_SHIFT) & GEN_MASK == self.generation;
        matches.then_some((slot >> VALUE_SHIFT) as u8)
    }

    /// The stored value for `key`, if any (0 is never stored).
    #[inline]
    #[must_use]
    pub fn get(&self, key: u64) -> Option<u8> {
        let b = self.bucket(key);
        self.unpack(self.slot(b), key)
            .or_else(|| self.unpack(self.slot(b + 1), key))
    }

    /// Stores `value` (non-zero) for `key`; `work` ranks entries for the depth-preferred slot
    /// (more remaining moves = more work).
    #[inline]
    pub fn put(&self, key: u64, value: u8, work: u8) {
        debug_assert!(key <= KEY_MASK && value != 0);
        let b = self.bucket(key);
        let packed = key | (self.generation << GEN_SHIFT) | (u64::from(value) << VALUE_SHIFT);
        let first = self.slot(b);
        let first_live = (first >> GEN_SHIFT) & GEN_MASK == self.generation;
        // Work of the resident entry, estimated from its key.
        let resident_work = if first_live {
            estimated_remaining_moves(first & KEY_MASK)
        } else {
            0
        };
        if !first_live || first & KEY_MASK == key || work >= resident_work {
            self.set_slot(b, packed);
        } else {
            self.set_slot(b + 1, packed);
        }
    }
}

/// An estimate of the empty cells of the position a key was made from, for ranking entries.
///
/// Per column, key = occupied + current = (2^h - 1) + current with current < 2^h, so the top
/// set bit is at h when the side to move owns a disc there and at h - 1 otherwise: the
/// estimate is at least the true count and at most 7 above it.
#[inline]
fn estimated_remaining_moves(key: u64) -> u8 {
    use c4_core::{CELLS, COLUMN_BITS, WIDTH};
    let mut discs = 0;
    for c in 0..WIDTH {
        let col = (key >> (c * COLUMN_BITS)) & ((1 << COLUMN_BITS) - 1);
        if col != 0 {
            discs += 63 - col.leading_zeros();
        }
    }
    (CELLS as u32).saturating_sub(discs) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::parse_moves;

    #[test]
    fn remaining_moves_estimate_is_within_one_per_column() {
        for moves in [
            "",
            "4",
            "4453",
            "32164625",
            "274552224131661",
            "2252576253462244111563365343671351441",
        ] {
            let p = parse_moves(moves).unwrap();
            let (estimate, exact) = (
                estimated_remaining_moves(p.key()) as usize,
                42 - moves.len(),
            );
            assert!(
                estimate >= exact && estimate <= exact + 7,
                "{moves}: {estimate} vs {exact}"
            );
        }
    }

    #[test]
    fn reset_forgets() {
        let mut t = SolverTable::new(12);
        t.put(12345, 7, 3);
        assert_eq!(t.get(12345), Some(7));
        t.reset();
        assert_eq!(t.get(12345), None);
    }
}
