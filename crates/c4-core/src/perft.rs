//! Counting games and positions: a check of move generation and of position keys.
//!
//! Counts from the empty standard board (positions where the game ended have no children):
//!
//! | ply | move sequences | distinct positions (OEIS A212693) |
//! |---|---|---|
//! | 0 | 1 | 1 |
//! | 1 | 7 | 7 |
//! | 2 | 49 | 49 |
//! | 3 | 343 | 238 |
//! | 4 | 2,401 | 1,120 |
//! | 5 | 16,807 | 4,263 |
//! | 6 | 117,649 | 16,422 |
//! | 7 | 823,536 | 54,859 |
//! | 8 | 5,673,234 | 184,275 |
//! | 9 | 39,394,572 | 558,186 |
//! | 10 | 268,031,646 | 1,662,623 |
//!
//! On other sizes, `perft` and [`distinct_positions_per_ply_in`] take the board from the
//! position or the geometry; the tests check them against a naive board on every size and
//! against published position counts (`crates/c4-core/data/positions_by_size.csv`).

use crate::layout::{Geometry, Standard};
use crate::position::Position;
use std::collections::HashSet;

/// The number of move sequences of exactly `depth` legal moves from `position`.
#[must_use]
pub fn perft<G: Geometry>(position: &Position<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    let mut moves = position.playable_cells().0;
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    while moves != 0 {
        let cell = moves & moves.wrapping_neg();
        moves ^= cell;
        let mut child = *position;
        child.play_cell(cell);
        total += perft(&child, depth - 1);
    }
    total
}

/// The number of distinct positions of the standard board at each ply from 0 to `max_ply`,
/// told apart by [`Position::key`].
#[must_use]
pub fn distinct_positions_per_ply(max_ply: u32) -> Vec<usize> {
    distinct_positions_per_ply_in(max_ply, Standard)
}

/// The number of distinct positions of `geometry`'s board at each ply from 0 to `max_ply`
/// (or to the full board, if sooner), told apart by [`Position::key`]. Breadth first: it
/// holds one ply's positions at a time.
#[must_use]
pub fn distinct_positions_per_ply_in<G: Geometry>(max_ply: u32, geometry: G) -> Vec<usize> {
    let max_ply = max_ply.min(geometry.cells() as u32);
    let mut counts = vec![1];
    let mut frontier = vec![Position::new_in(geometry)];
    for _ in 0..max_ply {
        let mut seen = HashSet::with_capacity(frontier.len() * 4);
        let mut next = Vec::with_capacity(frontier.len() * 4);
        for position in &frontier {
            for column in position.legal_moves() {
                let mut child = *position;
                child.play_unchecked(column);
                if seen.insert(child.key()) {
                    next.push(child);
                }
            }
        }
        counts.push(next.len());
        frontier = next;
    }
    counts
}
