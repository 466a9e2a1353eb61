//! The published strong solution of 7x6 Connect-4, per ply: how many positions the first
//! player wins, draws and loses. What the built-in book (plies 0-9) and the deep layer (plies
//! 10-12) are checked against, since its counts come from a method that shares nothing with
//! c4's solver.
//!
//! Source: Markus Böck, "Strongly Solving 7x6 ConnectFour on Consumer Grade Hardware",
//! arXiv:2507.05267 (2025), the README of its artifact,
//! <https://github.com/markus7800/Connect4-Strong-Solver>, and the artifact's per-ply results
//! (`src/connect4/solution_w7_h6/results_solve_w7_h6.csv`, which counts from the side to move's
//! view; [`PUBLISHED_7X6`] is the first player's): every position reachable from the empty
//! board, mirror images counted separately, positions already won included (the win is the
//! player's who just moved), classified by a symbolic (BDD) search.

use c4_core::Position;

/// Positions of one ply won, drawn and lost for the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcomes {
    /// Won by the first player.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost by the first player.
    pub lost: u64,
}

impl Outcomes {
    const fn of(won: u64, drawn: u64, lost: u64) -> Outcomes {
        Outcomes { won, drawn, lost }
    }

    /// Counts one position of `ply` whose result for its side to move is `mover` (1 a win,
    /// 0 a draw, -1 a loss).
    pub fn count(&mut self, ply: u32, mover: i32) {
        let first = if ply.is_multiple_of(2) { mover } else { -mover };
        match first.signum() {
            1 => self.won += 1,
            0 => self.drawn += 1,
            _ => self.lost += 1,
        }
    }

    /// Every position counted.
    #[must_use]
    pub const fn total(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

impl std::fmt::Display for Outcomes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} won, {} drawn, {} lost",
            self.won, self.drawn, self.lost
        )
    }
}

/// The published counts for plies 0-12, by ply.
pub const PUBLISHED_7X6: [Outcomes; 13] = [
    Outcomes::of(1, 0, 0),
    Outcomes::of(1, 2, 4),
    Outcomes::of(27, 12, 10),
    Outcomes::of(35, 58, 145),
    Outcomes::of(690, 200, 230),
    Outcomes::of(1_080, 697, 2_486),
    Outcomes::of(10_889, 1_943, 3_590),
    Outcomes::of(17_507, 5_944, 31_408),
    Outcomes::of(124_624, 14_676, 44_975),
    Outcomes::of(197_749, 42_896, 317_541),
    Outcomes::of(1_122_696, 97_532, 442_395),
    Outcomes::of(1_734_122, 255_780, 2_578_781),
    Outcomes::of(8_191_645, 541_825, 3_502_631),
];

/// Positions of the published table already won by the player who just moved, for plies
/// 0-8 (the README gives no figure past ply 8): the first player at ply 7, the second at
/// ply 8, and none earlier.
pub const PUBLISHED_ALREADY_WON_7X6: [u64; 9] = [0, 0, 0, 0, 0, 0, 0, 728, 1_892];

/// The published counts of `ply`, if the table has them.
#[must_use]
pub fn published_7x6(ply: u32) -> Option<Outcomes> {
    PUBLISHED_7X6.get(ply as usize).copied()
}

/// The result of `position` for its side to move where no score is needed: -1 when the game
/// is over (the last mover made four), 1 when the side to move wins at once; `None` for
/// every other position, whose result a book or a layer holds.
#[must_use]
pub fn decided_result(position: &Position) -> Option<i32> {
    if position.is_over() {
        Some(-1)
    } else if position.can_win_next() {
        Some(1)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ply_of_the_table_adds_up_to_the_positions_of_that_ply() {
        // OEIS A212693, the positions reachable after each ply, plies 0-12.
        let positions: [u64; 13] = [
            1, 7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275, 558_186, 1_662_623, 4_568_683,
            12_236_101,
        ];
        for (ply, (outcomes, expected)) in PUBLISHED_7X6.iter().zip(positions).enumerate() {
            assert_eq!(outcomes.total(), expected, "ply {ply}");
        }
    }

    #[test]
    fn a_result_counts_for_the_first_player() {
        let mut outcomes = Outcomes::default();
        outcomes.count(0, 1);
        outcomes.count(1, 1);
        outcomes.count(2, 0);
        outcomes.count(3, -1);
        assert_eq!(outcomes, Outcomes::of(2, 1, 1));
    }
}
