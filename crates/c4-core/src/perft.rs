//! Counting games and positions: a check of move generation and of position keys.
//!
//! Counts from the empty board (positions where the game ended have no children):
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

use crate::bitboard::FULL_BOARD;
use crate::position::Position;
use std::collections::HashSet;

/// The number of move sequences of exactly `depth` legal moves from `position`.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    let mut moves = position.playable_cells().0 & FULL_BOARD;
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

/// The number of distinct positions at each ply from 0 to `max_ply`, told apart by
/// [`Position::key`].
#[must_use]
pub fn distinct_positions_per_ply(max_ply: u32) -> Vec<usize> {
    let mut counts = vec![1];
    let mut frontier = vec![Position::new()];
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
