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
    /// The best move, packed by [`pack_move`].
    best: u8,
    /// Search generation that wrote it.
    generation: u8,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// A best move as a slot keeps it, in a byte (an `Option<Column>` would take two): 0 for
/// none, else the column's index + 1.
#[inline]
fn pack_move(best: Option<Column>) -> u8 {
    best.map_or(0, |column| column.index() as u8 + 1)
}

/// The best move of a slot's byte (see [`pack_move`]).
#[inline]
fn unpack_move(byte: u8) -> Option<Column> {
    // 0 wraps around to an index off the board: no move.
    Column::new(usize::from(byte).wrapping_sub(1))
}

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
            best: unpack_move(slot.best),
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
            best: pack_move(entry.best),
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_with_its_move_or_none() {
        let mut table = TranspositionTable::new(4);
        for (key, best) in [(3, None), (5, Column::new(0)), (9, Column::new(6))] {
            let entry = Entry {
                value: SearchValue(-7),
                depth: 4,
                bound: Bound::Lower,
                best,
            };
            table.store(key, entry);
            assert_eq!(table.probe(key), Some(entry));
        }
        assert_eq!(table.probe(2), None);
    }
}
