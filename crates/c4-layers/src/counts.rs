//! A layer's results per ply, counted as the published strong solution counts them
//! ([`c4_books::strong_solution`]): every position reachable in play, mirror images apart,
//! games already won included. The layer holds its own ply; the two plies above it follow by
//! one and two plies of look-up, as the solver reads them, so one complete layer is checked
//! against three rows of the published table.

use crate::subtree::{Layout, next_level_split};
use c4_books::moves_of;
use c4_books::strong_solution::{Outcomes, decided_result};
use c4_core::{Column, Position};
use c4_solver::ExactScore;
use std::collections::HashMap;

/// The results of one ply for the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyOutcomes {
    /// The ply.
    pub ply: u32,
    /// Its positions won, drawn and lost for the first player.
    pub outcomes: Outcomes,
}

/// A position of the layer's ply that the scores given lack: the layer is not complete.
#[derive(Debug, thiserror::Error)]
#[error("{moves} is a position of ply {ply} that the layer's scores lack")]
pub struct Missing {
    /// The position's moves.
    pub moves: String,
    /// Its ply.
    pub ply: u32,
}

/// The first player's results at plies `layout.ply - 2` to `layout.ply`, from `scored`: every
/// position of the layer's ply with its exact score (one of each mirror pair, as the chunks
/// hold them). Refused at the first position the scores lack.
pub fn outcomes_by_ply(
    layout: &Layout,
    scored: &[(Position, ExactScore)],
) -> Result<Vec<PlyOutcomes>, Missing> {
    let results: HashMap<u64, i8> = scored
        .iter()
        .map(|(position, score)| (position.canonical_key(), score.signum() as i8))
        .collect();
    let first = layout.ply.saturating_sub(2);
    let mut level = vec![Position::new().key()];
    let mut counted = Vec::new();
    for ply in 1..=layout.ply {
        let next = next_level_split(&level, Position::key);
        level = next.going;
        if ply < first {
            continue;
        }
        let mut outcomes = Outcomes::default();
        for _ in &next.over {
            outcomes.count(ply, -1);
        }
        for &key in &level {
            let position = Position::from_key(key).expect("a level holds keys of positions");
            outcomes.count(ply, result(&position, layout.ply - ply, &results)?);
        }
        counted.push(PlyOutcomes { ply, outcomes });
    }
    Ok(counted)
}

/// The result of `position` for its side to move (1 a win, 0 a draw, -1 a loss), the layer
/// `plies` plies below it.
fn result(position: &Position, plies: u32, layer: &HashMap<u64, i8>) -> Result<i32, Missing> {
    if let Some(decided) = decided_result(position) {
        return Ok(decided);
    }
    if plies == 0 {
        return layer
            .get(&position.canonical_key())
            .map(|&r| i32::from(r))
            .ok_or_else(|| Missing {
                moves: moves_of(position),
                ply: position.moves_played(),
            });
    }
    let mut best = -1;
    for column in Column::ALL {
        if position.can_play(column) {
            let mut child = *position;
            child.play_unchecked(column);
            best = best.max(-result(&child, plies - 1, layer)?);
            if best == 1 {
                break;
            }
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtree::is_layer_position;
    use c4_books::OpeningBook;
    use c4_books::strong_solution::published_7x6;

    /// A "layer" of ply 9 scored from the built-in book, which holds every position to ply 9:
    /// small enough for a test, and its counts for plies 7-9 must be the published ones.
    #[test]
    fn a_layer_of_the_books_ninth_ply_counts_as_the_published_strong_solution() {
        let layout = Layout {
            root_ply: 6,
            ply: 9,
            roots_per_chunk: 500,
        };
        let book = OpeningBook::builtin();
        let mut level = vec![Position::new().canonical_key()];
        for _ in 0..9 {
            level = next_level_split(&level, Position::canonical_key).going;
        }
        let scored: Vec<(Position, ExactScore)> = level
            .iter()
            .map(|&key| Position::from_key(key).unwrap())
            .filter(is_layer_position)
            .map(|position| (position, book.get(&position).expect("in the book")))
            .collect();
        let counted = outcomes_by_ply(&layout, &scored).unwrap();
        assert_eq!(counted.iter().map(|c| c.ply).collect::<Vec<_>>(), [7, 8, 9]);
        for PlyOutcomes { ply, outcomes } in counted {
            assert_eq!(Some(outcomes), published_7x6(ply), "ply {ply}");
        }

        // A position left out is named.
        let error = outcomes_by_ply(&layout, &scored[1..]).unwrap_err();
        assert_eq!(error.ply, 9);
    }
}
