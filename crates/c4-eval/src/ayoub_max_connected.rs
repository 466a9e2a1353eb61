//! Ayoub's "maximum connected pieces": the size of the largest group of a player's discs
//! joined through the eight neighbouring cells (diagonals count), found by flood fill.
//!
//! Ayoub's own test cases give 0, 3, 2, 4, 4 for: the empty board, three in a row, two and a
//! gap and one, a 2x2 square, and four on a diagonal. The paper scores only the player's own
//! discs; c4 scores own minus opponent by default (`sides=both`) so that the heuristic is
//! zero-sum like the others, and `sides=own` restores the paper's one-sided reading.

use super::{Eval, Evaluator, Sides, Term, sides_of};
use c4_core::{Column, Geometry, Player, Position, Standard};
use c4_options::OptionTable;
use c4_options::choice_option;

/// Settings of the max-connected heuristic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MaxConnectedConfig {
    /// Own minus opponent, or own only.
    pub sides: Sides,
}

/// The options of `connected`.
pub(crate) const OPTIONS: OptionTable<MaxConnectedConfig> = OptionTable {
    options: &[choice_option!(
        MaxConnectedConfig,
        "sides",
        sides,
        super::SIDES_HELP
    )],
    default: MaxConnectedConfig::default,
};

/// The max-connected evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxConnected {
    config: MaxConnectedConfig,
}

impl MaxConnected {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: MaxConnectedConfig) -> Self {
        MaxConnected { config }
    }
}

/// The cells of the standard board touching `cells` in the eight directions.
#[must_use]
#[inline]
pub(crate) fn neighbours(cells: u64) -> u64 {
    neighbours_in(Standard, cells)
}

/// The cells of `geometry`'s board touching `cells` in the eight directions (the sentinel
/// row keeps columns apart).
#[must_use]
#[inline]
pub(crate) fn neighbours_in<G: Geometry>(geometry: G, cells: u64) -> u64 {
    let v = 1;
    let h = geometry.column_bits();
    let d1 = h + 1;
    let d2 = h - 1;
    (cells << v
        | cells >> v
        | cells << h
        | cells >> h
        | cells << d1
        | cells >> d1
        | cells << d2
        | cells >> d2)
        & geometry.board()
}

/// The size of the largest 8-connected group in `discs`, on the standard board.
#[must_use]
pub fn largest_group(discs: u64) -> u32 {
    largest_group_in(Standard, discs)
}

/// The size of the largest 8-connected group in `discs`, on `geometry`'s board.
#[must_use]
pub fn largest_group_in<G: Geometry>(geometry: G, mut discs: u64) -> u32 {
    let mut best = 0;
    while discs != 0 {
        let mut group = discs & discs.wrapping_neg();
        loop {
            let grown = (group | neighbours_in(geometry, group)) & discs;
            if grown == group {
                break;
            }
            group = grown;
        }
        best = best.max(group.count_ones());
        discs &= !group;
    }
    best
}

impl<G: Geometry> Evaluator<G> for MaxConnected {
    #[inline]
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        let (own, opponent) = sides_of(position, view);
        let g = position.geometry();
        self.config.sides.combine(
            largest_group_in(g, own) as Eval,
            largest_group_in(g, opponent) as Eval,
        )
    }

    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        let (own, opponent) = sides_of(position, view);
        let g = position.geometry();
        vec![Term {
            name: "largest connected group".to_owned(),
            own: i64::from(largest_group_in(g, own)),
            opponent: i64::from(largest_group_in(g, opponent)),
            value: i64::from(self.evaluate(position, view, last)),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{COLUMN_BITS, HEIGHT};

    fn red(grid: &str) -> u64 {
        // Only red's discs matter; pad the grid with yellow elsewhere is unnecessary here.
        let mut bits = 0;
        for (i, line) in grid.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == 'X' {
                    bits |= 1 << (c * COLUMN_BITS + (HEIGHT - 1 - i));
                }
            }
        }
        bits
    }

    /// Ayoub's five test cases (section 4.2.2).
    #[test]
    fn ayoub_test_cases() {
        let empty = "\n\n\n\n\n.......";
        let three = ".......\n.......\n.......\n.......\n.......\nXXX....";
        let gap = ".......\n.......\n.......\n.......\n.......\nXX.X...";
        let square = ".......\n.......\n.......\n.......\nXX.....\nXX.....";
        let diagonal = ".......\n.......\n...X...\n..X....\n.X.....\nX......";
        let sizes: Vec<u32> = [empty, three, gap, square, diagonal]
            .iter()
            .map(|g| largest_group(red(g)))
            .collect();
        assert_eq!(sizes, [0, 3, 2, 4, 4]);
    }
}
