//! A fixed-size transposition table for the heuristic searches ("state cache" in the
//! ShanghaiTech report). Allocated once; entries are replaced when a search of equal or
//! greater depth stores the same slot ("depth-preferred, then always").

use super::SearchValue;
use c4_core::Column;

/// What an entry's value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (the search failed low).
    Upper,
}

/// What the table holds for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value stored.
    pub value: SearchValue,
    /// The remaining depth the value was searched to.
    pub depth: u32,
    /// What the value says of the position's.
    pub bound: Bound,
    /// The best move found, if the search found one.
    pub best: Option<Column>,
}

/// One slot, 16 bytes: an entry packed with its key and the search that wrote it.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// Full key (position key, possibly mixed with the last move).
    key: u64,
    value: i32,
    depth: u8,
    /// `None`: the slot is empty.
    bound: Option<Bound>,
    /// The best move's column index, or [`NO_MOVE`].
    best: u8,
    /// Search generation that wrote it.
    generation: u8,
}

/// A slot's `best` when the search found no best move.
const NO_MOVE: u8 = u8::MAX;
const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// The table: `2^bits` slots, one per position's hash, each holding the last entry worth
/// keeping there; a generation tells this search's entries from older ones.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

/// Default size: 2^20 entries, 16 MiB.
pub const DEFAULT_TT_BITS: u32 = 20;

impl TranspositionTable {
    /// A table of `2^bits` entries.
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        TranspositionTable {
            slots: vec![Slot::default(); size],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Forgets every entry (the papers' cache lives for one decision).
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// Marks a new search: older entries are replaced first.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (c4_solver::hashing::mix64(key) as usize) & self.mask
    }

    /// The entry for `key`, if stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[self.slot(key)];
        let bound = slot.bound.filter(|_| slot.key == key)?;
        Some(Entry {
            value: SearchValue(slot.value),
            depth: u32::from(slot.depth),
            bound,
            best: Column::new(usize::from(slot.best)),
        })
    }

    /// Stores `entry` for `key`, keeping a deeper entry of the current search for another
    /// key.
    #[inline]
    pub fn store(&mut self, key: u64, entry: Entry) {
        let generation = self.generation;
        let index = self.slot(key);
        let slot = &mut self.slots[index];
        if slot.key != key
            && slot.bound.is_some()
            && slot.generation == generation
            && u32::from(slot.depth) > entry.depth
        {
            return;
        }
        *slot = Slot {
            key,
            value: entry.value.0,
            depth: entry.depth as u8,
            bound: Some(entry.bound),
            best: entry.best.map_or(NO_MOVE, |column| column.index() as u8),
            generation,
        };
    }
}
