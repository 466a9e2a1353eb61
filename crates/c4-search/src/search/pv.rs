//! [`PvTable`]: the principal variation of every ply, kept as a searcher goes.

use super::MAX_PLY;
use c4_core::Column;

/// The principal variation of every ply (a triangular table), allocated once per searcher:
/// row `ply` holds the best line found below the node at that ply, `len[ply]` moves long.
pub(crate) struct PvTable {
    moves: Box<[[Column; MAX_PLY]; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    /// An empty table.
    pub(crate) fn new() -> Self {
        PvTable {
            moves: Box::new([[Column::ALL[0]; MAX_PLY]; MAX_PLY]),
            len: [0; MAX_PLY],
        }
    }

    /// Forgets the line below `ply` (call at node entry).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// `column` is the new best move at `ply`: its line is it plus the child's line.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, column: Column) {
        self.moves[ply][0] = column;
        let child_len = if ply + 1 < MAX_PLY {
            self.len[ply + 1].min(MAX_PLY - 1)
        } else {
            0
        };
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    /// The root's line.
    pub(crate) fn root_line(&self) -> Vec<Column> {
        self.moves[0][..self.len[0]].to_vec()
    }
}
