//! Move ordering: how promising a move looks, the sorter that hands moves out, and the
//! centre-first order of every width.

use c4_core::{Column, Geometry, Size};

/// How promising a move looks, from the winning cells `wins` of the player who made it:
/// cells directly above a winning cell of the opponent do not count (the opponent wins
/// or blocks there first); a cell right above a playable one, in the rows that the player's
/// zugzwang parity favours (`zugzwang_rows`: on 7x6 rows 1, 3, 5 for the first player, 2, 4,
/// 6 for the second), counts more, as the opponent cannot play under it any more. Against
/// Pons' plain count of winning cells this searches 20% fewer nodes on the first 30 of
/// Begin-Hard, 13% fewer on Middle-Medium and 13% more on Begin-Easy.
#[inline]
pub(super) fn order_score<G: Geometry>(
    geometry: G,
    wins: u64,
    opponent_wins: u64,
    occupied: u64,
    zugzwang_rows: u64,
) -> u32 {
    let useful = wins & !(opponent_wins << 1);
    let above_playable = ((occupied + geometry.bottom()) & geometry.board()) << 1;
    2 * useful.count_ones() + 3 * (useful & above_playable & zugzwang_rows).count_ones()
}

/// The columns of `size` from the centre outwards, left before right on ties (Pons' order,
/// [`Size::center_first`]), in the first `width` places.
pub(super) fn centre_first_order(size: Size) -> [Column; Size::MAX_WIDTH] {
    let mut order = [Column::ALL[0]; Size::MAX_WIDTH];
    for (place, column) in order.iter_mut().zip(size.center_first()) {
        *place = column;
    }
    order
}

/// Up to [`Size::MAX_WIDTH`] moves, handed out best score first; among equal scores the one
/// added last comes first (Pons' `MoveSorter`). An insertion sort on a fixed array: no
/// allocation.
pub(super) struct MoveSorter {
    cells: [u64; Size::MAX_WIDTH],
    scores: [u32; Size::MAX_WIDTH],
    pub(super) len: usize,
}

impl MoveSorter {
    #[inline]
    pub(super) fn new() -> Self {
        MoveSorter {
            cells: [0; Size::MAX_WIDTH],
            scores: [0; Size::MAX_WIDTH],
            len: 0,
        }
    }

    #[inline]
    pub(super) fn add(&mut self, cell: u64, score: u32) {
        let mut i = self.len;
        self.len += 1;
        while i > 0 && self.scores[i - 1] > score {
            self.cells[i] = self.cells[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.cells[i] = cell;
        self.scores[i] = score;
    }

    #[inline]
    pub(super) fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cells[self.len])
    }
}
