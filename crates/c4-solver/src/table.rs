//! The solver's transposition table: one `u64` per slot, cleared in O(1), shared by the
//! threads of a parallel solve.
//!
//! A position's key has W x (H + 1) bits (49 on 7x6, 7 per column; at most 64). It is hashed
//! by multiplying it with an odd constant modulo 2^(key bits) (Fibonacci hashing, Knuth TAOCP
//! 6.4), a bijection: the top bits of the hash pick the bucket and only the bits below them
//! are stored as the check (on 7x6, 31 bits in the smallest table, 23 in a 1 GiB one), so
//! bucket and check together are the whole key (no false hits). The check has a 40-bit field,
//! so a table has at least 2^(key bits - 39) slots (see [`SolverTable::min_bits`]): 2^25 for
//! the 64-bit keys of 8x7. That leaves room in a slot for a 7-bit generation, a 7-bit bound,
//! the 4-bit best move (the column that last refuted the window, tried first when the
//! position comes back) and a 6-bit work: log2 of the nodes the entry's search visited.
//! "Clearing" the table bumps the generation: a slot written by an older generation reads as
//! empty, so `c4 bench solver` can give every position a fresh table without rewriting
//! hundreds of megabytes.
//!
//! Slots come in pairs sharing a bucket (16 bytes, in one cache line): the first keeps the
//! entry that cost the most work to compute, the second always takes the newest.
//!
//! Slots are read and written as relaxed atomics, so threads can share the table without
//! locks: a slot is one machine word holding its own check, so a reader sees either the whole
//! old entry or the whole new one, and an entry for another position never matches.

use super::score::ExactScore;
use super::slot_memory::SlotMemory;
use c4_core::{Column, Size};
use std::sync::atomic::Ordering;

const SLOT_BYTES: usize = std::mem::size_of::<u64>();
/// A 7x6 key has one 7-bit field per column (`COLUMN_BITS` x `WIDTH`), so it is below 2^49.
const KEY_BITS: u32 = (c4_core::COLUMN_BITS * c4_core::WIDTH) as u32;
/// The hash's odd multiplier; modulo 2^(key bits) it is a bijection of the keys.
const HASH_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
/// The multiplicative inverse of [`HASH_MULTIPLIER`] modulo 2^64, and so modulo every power
/// of two: turns a hash back into its key (the tests check that the hash is a bijection).
#[cfg(test)]
const HASH_INVERSE: u64 = {
    // Newton's iteration doubles the correct low bits each step: 3 -> 6 -> ... -> 96 >= 64.
    let mut inverse = HASH_MULTIPLIER;
    let mut i = 0;
    while i < 5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(HASH_MULTIPLIER.wrapping_mul(inverse)));
        i += 1;
    }
    inverse
};
/// Room for the check: the hash bits below the bucket's, at most 49 - 18 on 7x6 (the
/// smallest table) and 64 - 24 on the largest boards (see [`SolverTable::min_bits`]).
const CHECK_FIELD_BITS: u32 = 40;
const GEN_SHIFT: u32 = CHECK_FIELD_BITS;
const GEN_MASK: u64 = 0x7f;
const VALUE_SHIFT: u32 = GEN_SHIFT + 7;
const VALUE_MASK: u64 = 0x7f;
const MOVE_SHIFT: u32 = VALUE_SHIFT + 7;
const MOVE_MASK: u64 = 0xf;
const WORK_SHIFT: u32 = MOVE_SHIFT + 4;
const WORK_MASK: u64 = 0x3f;
const _: () = assert!(WORK_SHIFT + WORK_MASK.count_ones() <= 64);
const _: () = assert!(
    c4_core::Size::MAX_WIDTH as u64 <= MOVE_MASK,
    "a column + 1 fits the move's bits"
);
/// The range of the bounds an entry holds: every board's scores.
const MAX_SCORE: i32 = ExactScore::MAX_ANY_SIZE.value();
const MIN_SCORE: i32 = -MAX_SCORE;
const _: () = assert!(2 * (MAX_SCORE - MIN_SCORE) + 2 <= VALUE_MASK as i32);

/// What a slot holds for a position: a bound and the move that refuted the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The solver's encoded bound (never 0): upper bounds `1..LOWER_BASE`, lower bounds
    /// from `LOWER_BASE` on.
    pub value: u8,
    /// The column that refuted the window last time, if one did.
    pub best_move: Option<Column>,
}

/// What an entry says of its position's score (a bound of the search's `i32` window).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is at least this (a move refuted the window).
    Lower(i32),
    /// The score is at most this (no move reached the window).
    Upper(i32),
}

impl Entry {
    /// The first value that encodes a lower bound; upper bounds are `1..LOWER_BASE`.
    const LOWER_BASE: i32 = MAX_SCORE - MIN_SCORE + 2;

    /// A lower bound `score`, found by playing `column` (as seen in the orientation whose
    /// key the entry is stored under).
    #[must_use]
    pub fn lower(score: i32, column: Column) -> Entry {
        Entry {
            value: (score - MIN_SCORE + Entry::LOWER_BASE) as u8,
            best_move: Some(column),
        }
    }

    /// An upper bound `score`, with no best move.
    #[must_use]
    pub fn upper(score: i32) -> Entry {
        Entry {
            value: (score - MIN_SCORE + 1) as u8,
            best_move: None,
        }
    }

    /// The bound the entry holds.
    #[must_use]
    pub fn bound(self) -> Bound {
        let stored = i32::from(self.value);
        if stored >= Entry::LOWER_BASE {
            Bound::Lower(stored - Entry::LOWER_BASE + MIN_SCORE)
        } else {
            Bound::Upper(stored + MIN_SCORE - 1)
        }
    }
}

/// The best move's bits in a slot: 0 for none, else the column's index + 1.
#[inline]
fn pack_move(best_move: Option<Column>) -> u64 {
    best_move.map_or(0, |column| column.index() as u64 + 1)
}

/// The best move of a slot's bits (see [`pack_move`]).
#[inline]
fn unpack_move(bits: u64) -> Option<Column> {
    // 0 wraps around to an index off every board: no move. The size is not read: a table
    // stores only the columns of its own board, and so a constant bound keeps the probe short.
    Column::of_some_board((bits as usize).wrapping_sub(1))
}

/// Smallest and largest table sizes accepted, as log2 of the number of slots (the smallest
/// has enough buckets that the check left below the bucket bits fits its field).
pub const MIN_TABLE_BITS: u32 = 19;
const _: () = assert!(KEY_BITS - (MIN_TABLE_BITS - 1) <= CHECK_FIELD_BITS);
/// 2^27 slots x 8 bytes = 1 GiB.
pub const MAX_TABLE_BITS: u32 = 27;
/// Default: 2^24 slots, 128 MiB.
pub const DEFAULT_TABLE_BITS: u32 = 24;

/// The table.
#[derive(Debug)]
pub struct SolverTable {
    memory: SlotMemory,
    /// The number of hash bits below the bucket index: the check stored in a slot.
    shift: u32,
    /// The keys' bits: `2^(key bits) - 1`.
    key_mask: u64,
    generation: u64,
}

impl SolverTable {
    /// A table of `2^bits` slots (clamped to the accepted range).
    ///
    /// # Panics
    /// When the system has no memory for it: [`try_new`](Self::try_new) reports that instead.
    #[must_use]
    pub fn new(bits: u32) -> SolverTable {
        SolverTable::try_new(bits).expect("memory for the solver table (out of memory?)")
    }

    /// A 7x6 table of `2^bits` slots (clamped to the accepted range), or the system's refusal.
    pub fn try_new(bits: u32) -> std::io::Result<SolverTable> {
        SolverTable::try_new_for(bits, Size::STANDARD)
    }

    /// A table for the positions of `size`: `2^bits` slots, clamped to the accepted range,
    /// raised to [`min_bits`](Self::min_bits) of the size and lowered to two slots a key (on
    /// 4x4); or the system's refusal.
    pub fn try_new_for(bits: u32, size: Size) -> std::io::Result<SolverTable> {
        let key_bits = (size.width() * size.column_bits()) as u32;
        // No more buckets than keys: the smallest boards' keys have 20 bits.
        let bits = bits
            .clamp(MIN_TABLE_BITS, MAX_TABLE_BITS)
            .max(SolverTable::min_bits(size))
            .min(key_bits + 1);
        let slot_count = 1usize << bits;
        Ok(SolverTable {
            memory: SlotMemory::zeroed(slot_count)?,
            shift: key_bits - (bits - 1),
            key_mask: u64::MAX >> (64 - key_bits),
            generation: 1,
        })
    }

    /// The fewest slots (log2) of a table for `size`: enough buckets that the key's bits
    /// below the bucket's fit the check's field, so that no two keys share an entry.
    /// [`MIN_TABLE_BITS`] up to 58-bit keys, 25 for the 64-bit keys of 8x7 and 4x15.
    #[must_use]
    pub fn min_bits(size: Size) -> u32 {
        let key_bits = (size.width() * size.column_bits()) as u32;
        (key_bits + 1)
            .saturating_sub(CHECK_FIELD_BITS)
            .max(MIN_TABLE_BITS)
    }

    /// log2 of the number of slots.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.memory.slot_count().trailing_zeros()
    }

    /// Size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.memory.slot_count() * SLOT_BYTES
    }

    #[inline]
    fn slot(&self, index: usize) -> u64 {
        self.memory.slots()[index].load(Ordering::Relaxed)
    }

    #[inline]
    fn set_slot(&self, index: usize, value: u64) {
        self.memory.slots()[index].store(value, Ordering::Relaxed);
    }

    /// Forgets every entry (O(1) except once every 127 calls).
    pub fn reset(&mut self) {
        self.generation += 1;
        if self.generation > GEN_MASK {
            self.memory.zero();
            self.generation = 1;
        }
    }

    #[inline]
    fn hash(&self, key: u64) -> u64 {
        debug_assert!(key <= self.key_mask);
        key.wrapping_mul(HASH_MULTIPLIER) & self.key_mask
    }

    #[inline]
    fn bucket_of(&self, hash: u64) -> usize {
        ((hash >> self.shift) as usize) << 1
    }

    #[inline]
    #[cfg(any(test, target_arch = "x86_64"))]
    fn bucket(&self, key: u64) -> usize {
        self.bucket_of(self.hash(key))
    }

    #[inline]
    fn check_mask(&self) -> u64 {
        (1 << self.shift) - 1
    }

    #[inline]
    fn is_live(&self, slot: u64) -> bool {
        (slot >> GEN_SHIFT) & GEN_MASK == self.generation
    }

    #[inline]
    fn unpack(&self, slot: u64, check: u64) -> Option<Entry> {
        let matches = slot & self.check_mask() == check && self.is_live(slot);
        matches.then_some(Entry {
            value: ((slot >> VALUE_SHIFT) & VALUE_MASK) as u8,
            best_move: unpack_move((slot >> MOVE_SHIFT) & MOVE_MASK),
        })
    }

    /// The stored entry for `key`, if any.
    #[inline]
    #[must_use]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        let hash = self.hash(key);
        let (b, check) = (self.bucket_of(hash), hash & self.check_mask());
        self.unpack(self.slot(b), check)
            .or_else(|| self.unpack(self.slot(b + 1), check))
    }

    /// The key whose hash has bucket `b` and check `check` (the hash is a bijection).
    #[cfg(test)]
    fn key_of(&self, b: usize, check: u64) -> u64 {
        let top = ((b >> 1) as u64) << self.shift;
        (top | check).wrapping_mul(HASH_INVERSE) & self.key_mask
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, so that a later
    /// [`get`](Self::get) or [`put`](Self::put) does not wait for memory. A hint: it changes
    /// nothing but timing.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = &self.memory.slots()[self.bucket(key)];
            // SAFETY: a prefetch is a hint that never faults or changes memory, and SSE (which
            // provides it) is part of every x86_64 target; the pointer is in bounds anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `entry` (a non-zero value) for `key`, found by a search of `nodes` nodes: the
    /// work, log2 of `nodes`, ranks entries for the first slot of the bucket.
    #[inline]
    pub(crate) fn put(&self, key: u64, entry: Entry, nodes: u64) {
        debug_assert!(entry.value != 0 && u64::from(entry.value) <= VALUE_MASK);
        let work = u64::from(u64::BITS - nodes.leading_zeros()).min(WORK_MASK);
        let hash = self.hash(key);
        let (b, check) = (self.bucket_of(hash), hash & self.check_mask());
        let packed = check
            | (self.generation << GEN_SHIFT)
            | (u64::from(entry.value) << VALUE_SHIFT)
            | (pack_move(entry.best_move) << MOVE_SHIFT)
            | (work << WORK_SHIFT);
        let first = self.slot(b);
        if !self.is_live(first)
            || first & self.check_mask() == check
            || work >= (first >> WORK_SHIFT) & WORK_MASK
        {
            self.set_slot(b, packed);
        } else {
            self.set_slot(b + 1, packed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{AnySize, Geometry, Position, parse_moves};

    #[test]
    fn every_bound_and_column_round_trips_through_an_entry() {
        let widest = Size::all().max_by_key(|size| size.width()).unwrap();
        for score in MIN_SCORE..=MAX_SCORE {
            assert_eq!(Entry::upper(score).bound(), Bound::Upper(score));
            assert_eq!(Entry::upper(score).best_move, None);
            for column in widest.columns() {
                let entry = Entry::lower(score, column);
                assert_eq!(entry.bound(), Bound::Lower(score));
                assert_eq!(entry.best_move, Some(column));
                assert!(entry.value != 0 && u64::from(entry.value) <= VALUE_MASK);
            }
        }
    }

    #[test]
    fn a_move_packs_into_its_bits_and_back() {
        for size in Size::all() {
            assert_eq!(unpack_move(pack_move(None)), None);
            for column in size.columns() {
                let bits = pack_move(Some(column));
                assert!(bits != 0 && bits <= MOVE_MASK);
                assert_eq!(unpack_move(bits), Some(column));
            }
        }
    }

    #[test]
    fn reset_forgets() {
        let mut t = SolverTable::new(MIN_TABLE_BITS);
        let entry = Entry {
            value: 7,
            best_move: Column::new(4),
        };
        t.put(12345, entry, 3);
        assert_eq!(t.get(12345), Some(entry));
        t.reset();
        assert_eq!(t.get(12345), None);
    }

    #[test]
    fn the_costliest_entry_keeps_the_first_slot() {
        let t = SolverTable::new(MIN_TABLE_BITS);
        let key = parse_moves("4453").unwrap().key();
        let hash = t.hash(key);
        let b = t.bucket_of(hash);
        // Two more keys of the same bucket: other checks.
        let (other, third) = (
            t.key_of(b, (hash & t.check_mask()) ^ 1),
            t.key_of(b, (hash & t.check_mask()) ^ 2),
        );
        assert_eq!((t.bucket(other), t.bucket(third)), (b, b));
        let entry = |value| Entry {
            value,
            best_move: Column::new(6),
        };
        // Every field at its largest value survives the packing.
        t.put(key, entry(VALUE_MASK as u8), u64::MAX);
        assert_eq!(t.get(key), Some(entry(VALUE_MASK as u8)));
        // Cheaper entries share the second slot and never push out the costliest.
        t.put(other, entry(5), 1 << 3);
        t.put(third, entry(6), 1 << 4);
        assert_eq!(t.get(key), Some(entry(VALUE_MASK as u8)));
        assert_eq!((t.get(other), t.get(third)), (None, Some(entry(6))));
        // A costlier one takes the first slot.
        t.put(other, entry(9), u64::MAX);
        assert_eq!((t.get(key), t.get(other)), (None, Some(entry(9))));
    }

    #[test]
    fn keys_come_back_from_bucket_and_check() {
        assert_eq!(HASH_MULTIPLIER.wrapping_mul(HASH_INVERSE), 1);
        for bits in [MIN_TABLE_BITS, 22] {
            let t = SolverTable::new(bits);
            for moves in ["", "4", "4453", "2252576253462244111563365343671351441"] {
                let key = parse_moves(moves).unwrap().key();
                let hash = t.hash(key);
                let b = t.bucket_of(hash);
                assert_eq!(
                    t.key_of(b, hash & t.check_mask()),
                    key,
                    "{moves} at {bits} bits"
                );
            }
        }
    }

    /// On the boards whose keys take all 64 bits (8x7, 4x15) and the other large ones, the
    /// smallest table's bucket and check still give back every key, the check fits its
    /// field, and keys that differ only in their top bits keep apart.
    #[test]
    fn the_largest_boards_keys_are_told_apart() {
        for size in Size::all().filter(|s| s.width() * s.column_bits() >= 58) {
            let geometry = AnySize::new(size);
            let t = SolverTable::try_new_for(MIN_TABLE_BITS, size).unwrap();
            assert_eq!(t.bits(), SolverTable::min_bits(size), "{size}");
            assert!(t.check_mask() < 1 << CHECK_FIELD_BITS, "{size}");
            // Every column filled to the top but the last cell, then one disc more each way.
            let mut full = Position::new_in(geometry);
            for column in size.columns() {
                for _ in 0..size.height() - 1 {
                    if !full.is_over() {
                        full.play_unchecked(column);
                    }
                }
            }
            let top_bit = 1 << (size.width() * size.column_bits() - 1);
            let keys = [
                0,
                1,
                Geometry::bottom(geometry),
                full.key(),
                full.key() ^ top_bit,
            ];
            let entry = |value| Entry {
                value,
                best_move: size.column(size.width() - 1),
            };
            for (i, &key) in keys.iter().enumerate() {
                let hash = t.hash(key);
                let b = t.bucket_of(hash);
                assert_eq!(t.key_of(b, hash & t.check_mask()), key, "{size} {key:#x}");
                let fresh = SolverTable::try_new_for(MIN_TABLE_BITS, size).unwrap();
                fresh.put(key, entry(i as u8 + 1), 1);
                assert_eq!(fresh.get(key), Some(entry(i as u8 + 1)), "{size} {key:#x}");
                for &other in keys.iter().filter(|&&other| other != key) {
                    assert_eq!(
                        fresh.get(other),
                        None,
                        "{size} {other:#x} read {key:#x}'s entry"
                    );
                }
            }
        }
    }
}
