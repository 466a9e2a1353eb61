//! A fixed-size transposition table for the heuristic searches ("state cache" in the
//! ShanghaiTech report). Allocated once; entries are replaced when a search of equal or
//! greater depth stores the same slot ("depth-preferred, then always").

/// What an entry's value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum Bound {
    /// Empty slot.
    #[default]
    None,
    /// The exact value.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (the search failed low).
    Upper,
}

/// One slot: 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// Full key (position key, possibly mixed with the last move).
    pub key: u64,
    /// Stored value.
    pub value: i32,
    /// Remaining depth the value was searched to.
    pub depth: u8,
    /// Kind of value.
    pub bound: Bound,
    /// Best move's column index, or `u8::MAX`.
    pub best: u8,
    /// Search generation that wrote it.
    pub generation: u8,
}

/// The table.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    entries: Vec<Entry>,
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
            entries: vec![Entry::default(); size],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
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
        let e = self.entries[self.slot(key)];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result, keeping a deeper entry of the current search for another key.
    #[inline]
    pub fn store(&mut self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<u8>) {
        let generation = self.generation;
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        if e.key != key
            && e.bound != Bound::None
            && e.generation == generation
            && u32::from(e.depth) > depth
        {
            return;
        }
        *e = Entry {
            key,
            value,
            depth: depth as u8,
            bound,
            best: best.unwrap_or(u8::MAX),
            generation,
        };
    }
}
