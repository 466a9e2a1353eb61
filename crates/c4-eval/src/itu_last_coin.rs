//! Brandt and Langhoff (2015, ITU): an evaluation of the last coin played.
//!
//! The assignment scores a cut-off node by the coin that was placed last (the column being
//! evaluated), as the sum of three features:
//!
//! 1. **coin position value**: the square's value in a static table; the ITU table is the
//!    same 3..13 matrix as Kang's H2 ([`super::square_values::CENTER_MATRIX`]), the number
//!    of fours through each square, which on another size is that size's
//!    ([`crate::board_tables`]);
//! 2. **max coins in a row**: the longest run of the coin owner's coins through the coin on
//!    any of the four axes. Four or more is the maximum utility ([`ITU_MAX_UTILITY`], the
//!    game is won). Otherwise it counts `x6` (`row-weight=`) only when the evaluating
//!    player placed the coin ("if this is not the case, the value is dismissed");
//! 3. **win combinations**: the number of axes through the coin along which some four-cell
//!    line containing it holds no opposing coin, i.e. can still become a win (0..=4).
//!
//! Signs, where the assignment is silent: features 1 and 3 count for the view when the view
//! placed the coin and against it otherwise (`sides=both`), or not at all (`sides=own`); a
//! four by the opponent is minus the maximum utility. Without a last move (the empty board,
//! or a position given without history) the evaluation is 0.
//!
//! The value depends on the last move, not only on the position: a transposition table must
//! tell positions apart by it ([`Evaluator::uses_last_move`]). The heuristic is left-right
//! symmetric when the last move is mirrored too.

use super::{Eval, Evaluator, Sides, Term};
use crate::board_tables::BoardTables;
use c4_core::{Column, Player, Position};
use c4_options::{Field, OptionDef, OptionTable, set_word, word_of, words};

/// The utility of a won game in the ITU evaluation.
pub const ITU_MAX_UTILITY: Eval = 1_000_000;

/// Settings of the ITU evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ItuConfig {
    /// Multiplier of "max coins in a row" (the assignment's 6).
    pub row_weight: Eval,
    /// Whether the opponent's last coin counts against the view.
    pub sides: Sides,
}

impl Default for ItuConfig {
    fn default() -> Self {
        ItuConfig {
            row_weight: 6,
            sides: Sides::Both,
        }
    }
}

/// The options of `itu`.
pub(crate) const OPTIONS: OptionTable<ItuConfig> = OptionTable {
    options: &[
        OptionDef::<ItuConfig>::new(
            "row-weight",
            "multiplier of max coins in a row",
            Field::Integer {
                min: 0,
                max: 1000,
                get: |c| i64::from(c.row_weight),
                set: |c, v| c.row_weight = v as Eval,
            },
        )
        .tunable(),
        OptionDef::new(
            "sides",
            "both: an opposing last coin counts against; own: it is ignored (fours always count)",
            Field::Choice {
                words: words::<Sides>,
                get: |c| word_of(c.sides),
                set: |c, w| set_word(&mut c.sides, w),
            },
        ),
    ],
    default: ItuConfig::default,
};

/// The features of one coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinFeatures {
    /// Who placed it.
    pub owner: Player,
    /// Its table value.
    pub position_value: Eval,
    /// Longest run of the owner's coins through it.
    pub max_in_row: u32,
    /// Axes through it along which a win is still possible.
    pub win_combinations: u32,
}

/// The ITU evaluator (`eval=itu`): the last coin's features, as the module describes.
#[derive(Clone, Debug)]
pub struct ItuLastCoin {
    config: ItuConfig,
}

impl ItuLastCoin {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: ItuConfig) -> Self {
        ItuLastCoin { config }
    }

    /// The features of the top coin of `column`, if it has one.
    #[must_use]
    pub fn coin_features<G: BoardTables>(
        &self,
        position: &Position<G>,
        column: Column,
    ) -> Option<CoinFeatures> {
        let geometry = position.geometry();
        let (width, height, column_bits) = (
            geometry.width() as isize,
            geometry.height() as isize,
            geometry.column_bits(),
        );
        let coins = position.height(column);
        if coins == 0 {
            return None;
        }
        let (c, r) = (column.index() as isize, coins as isize - 1);
        let bit_index = column.index() * column_bits + coins - 1;
        let owner_is_current = position.current_discs().0 & (1 << bit_index) != 0;
        let owner = if owner_is_current {
            position.side_to_move()
        } else {
            position.side_to_move().other()
        };
        let own = position.discs(owner).0;
        let theirs = position.discs(owner.other()).0;
        let at = |set: u64, x: isize, y: isize| {
            x >= 0
                && y >= 0
                && x < width
                && y < height
                && set & (1 << (x as usize * column_bits + y as usize)) != 0
        };
        let inside = |x: isize, y: isize| x >= 0 && y >= 0 && x < width && y < height;
        let mut max_in_row = 1;
        let mut win_combinations = 0;
        for (dc, dr) in [(1isize, 0isize), (0, 1), (1, 1), (1, -1)] {
            let mut run = 1;
            for sign in [-1, 1] {
                let mut k = 1;
                while at(own, c + sign * k * dc, r + sign * k * dr) {
                    run += 1;
                    k += 1;
                }
            }
            max_in_row = max_in_row.max(run);
            // Any window of four on this axis through the coin with no opposing coin?
            let open = (-3..=0).any(|s: isize| {
                (0..4).all(|k| {
                    let (x, y) = (c + (s + k) * dc, r + (s + k) * dr);
                    inside(x, y) && !at(theirs, x, y)
                })
            });
            win_combinations += u32::from(open);
        }
        Some(CoinFeatures {
            owner,
            position_value: geometry.fours_through().at(bit_index),
            max_in_row,
            win_combinations,
        })
    }

    fn score(&self, features: CoinFeatures, view: Player) -> Eval {
        let mine = features.owner == view;
        if features.max_in_row >= 4 {
            return if mine {
                ITU_MAX_UTILITY
            } else {
                -ITU_MAX_UTILITY
            };
        }
        let base = features.position_value + features.win_combinations as Eval;
        match (mine, self.config.sides) {
            (true, _) => base + self.config.row_weight * features.max_in_row as Eval,
            (false, Sides::Both) => -base,
            (false, Sides::Own) => 0,
        }
    }
}

impl<G: BoardTables> Evaluator<G> for ItuLastCoin {
    #[inline]
    fn evaluate(
        &mut self,
        position: &Position<G>,
        view: Player,
        last_move: Option<Column>,
    ) -> Eval {
        last_move
            .and_then(|column| self.coin_features(position, column))
            .map_or(0, |f| self.score(f, view))
    }

    fn uses_last_move(&self) -> bool {
        true
    }

    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last_move: Option<Column>,
    ) -> Vec<Term> {
        let Some(features) = last_move.and_then(|column| self.coin_features(position, column))
        else {
            return vec![Term {
                name: "no last move".to_owned(),
                own: 0,
                opponent: 0,
                value: 0,
            }];
        };
        let mine = features.owner == view;
        let side = |v: i64| if mine { (v, 0) } else { (0, v) };
        let won = features.max_in_row >= 4;
        // What each feature adds: the last coin's owner's view counts them, the other's
        // subtracts position value and win combinations (or nothing with sides=own).
        let sign = match (mine, self.config.sides) {
            _ if won => 0,
            (true, _) => 1,
            (false, Sides::Both) => -1,
            (false, Sides::Own) => 0,
        };
        let term = |name: &str, v: i64, value: i64| {
            let (own, opponent) = side(v);
            Term {
                name: name.to_owned(),
                own,
                opponent,
                value,
            }
        };
        let row = i64::from(features.max_in_row);
        let terms = vec![
            term(
                "coin position value",
                i64::from(features.position_value),
                sign * i64::from(features.position_value),
            ),
            term(
                "max coins in a row",
                row,
                i64::from(mine && !won) * row * i64::from(self.config.row_weight),
            ),
            term(
                "win combinations",
                i64::from(features.win_combinations),
                sign * i64::from(features.win_combinations),
            ),
        ];
        super::with_cap(terms, self.score(features, view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{Game, parse_moves};

    /// The assignment's first example: X X in columns 3-4 on the bottom row, O at 1 and 5 -
    /// a coin in column two makes three in a row horizontally, but that axis is dead.
    #[test]
    fn assignment_example_column_two() {
        // Bottom row: O . X X O with our coin placed at column 2: O X X X O.
        let position =
            Position::from_grid(".......\n.......\n.......\n.......\n.......\nOXXXO..").unwrap();
        let eval = ItuLastCoin::new(ItuConfig::default());
        let f = eval
            .coin_features(&position, Column::new(1).unwrap())
            .unwrap();
        assert_eq!(f.max_in_row, 3);
        // Horizontal is dead (every window holds an O); vertical and the up-right diagonal live;
        // the down-right diagonal from b1 has no room, so it is dead too.
        assert_eq!(f.win_combinations, 2);
    }

    #[test]
    fn four_is_max_utility_for_its_owner() {
        let game = Game::from_moves("4455667").unwrap();
        let mut eval = ItuLastCoin::new(ItuConfig::default());
        let last = game.last_move();
        assert_eq!(
            eval.evaluate(game.position(), Player::Red, last),
            ITU_MAX_UTILITY
        );
        assert_eq!(
            eval.evaluate(game.position(), Player::Yellow, last),
            -ITU_MAX_UTILITY
        );
        assert_eq!(
            eval.evaluate(&parse_moves("").unwrap(), Player::Red, None),
            0
        );
    }
}
