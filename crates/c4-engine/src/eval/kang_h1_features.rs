//! Kang, Wang and Hu (2019), heuristic H1: four features of connected discs (their Table 2).
//!
//! For each player, in each of the four directions, every maximal run of the player's discs is
//! classified by its length and by whether the squares just beyond its two ends are
//! *available*: empty **and playable now** (the disc would land there; the paper's Figure 7).
//!
//! | feature | situation | value |
//! |---|---|---|
//! | 1 | four (or more) connected | ∞ |
//! | 2 | three connected, both adjacent squares available | ∞ |
//! | 2 | three connected, one adjacent square available | 900,000 |
//! | 2 | split three `XX_X` / `X_XX` with the gap available | 900,000 |
//! | 2 | three connected, no adjacent square available | 0 |
//! | 3 | two connected, both adjacent squares available | 50,000 |
//! | 3 | two connected, one side available, n available squares that way | n = 5, 4, 3, 2: 40,000, 30,000, 20,000, 10,000 |
//! | 4 | a disc with no own disc among its eight neighbours, by column | d 200; c, e 120; b, f 70; a, g 40 |
//!
//! The value is the view's feature values minus the opponent's ("if the feature is in favor
//! of us, it has a positive value; otherwise a negative value"). ∞ is [`KANG_INFINITY`], far
//! above every finite value but below the search's win scores.
//!
//! Choices where the paper is silent, kept as options where they matter:
//! - Feature 3 with one side available counts available squares outward from that side
//!   until one is not available (`count=playable`, the Table 2 reading). With the strict
//!   "playable now" rule a vertical or diagonal two rarely reaches two squares, so
//!   `count=empty` counts empty squares instead. Fewer than two squares cannot make four: 0.
//! - A split three also counts its pair as a feature 3 (the paper sums every feature found).
//! - `features=` any subset of `1234` for the ablation of Tables 7 and 8.
//!
//! The heuristic is left-right symmetric: mirror positions score the same.

use super::{Eval, Evaluator, Term, sides_of};
use crate::options::{Options, SpecError};
use crate::spec_error;
use c4_core::{COLUMN_BITS, Column, HEIGHT, Player, Position, WIDTH};

/// The paper's ∞.
pub const KANG_INFINITY: Eval = 10_000_000;
/// Feature 2 with one open side, and the split three.
pub const THREE_HALF_OPEN: Eval = 900_000;
/// Feature 3 with both sides available.
pub const TWO_OPEN: Eval = 50_000;
/// Feature 3 with one side available, indexed by the number of available squares (0..=5).
pub const TWO_HALF_OPEN: [Eval; 6] = [0, 0, 10_000, 20_000, 30_000, 40_000];
/// Feature 4 by column a..g.
pub const SINGLE_BY_COLUMN: [Eval; WIDTH] = [40, 70, 120, 200, 120, 70, 40];

/// The situations the heuristic counts, in breakdown order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
enum Situation {
    Four,
    ThreeOpen,
    ThreeHalfOpen,
    SplitThree,
    ThreeClosed,
    TwoOpen,
    TwoHalfOpen,
    TwoClosed,
    Single,
}

const SITUATIONS: usize = 9;
const SITUATION_NAMES: [&str; SITUATIONS] = [
    "f1 four connected",
    "f2 three, both sides available",
    "f2 three, one side available",
    "f2 split three, gap available",
    "f2 three, no side available",
    "f3 two, both sides available",
    "f3 two, one side available",
    "f3 two, no side available",
    "f4 single disc",
];
const SITUATION_FEATURE: [usize; SITUATIONS] = [1, 2, 2, 2, 2, 3, 3, 3, 4];

/// How feature 3 counts squares beyond a half-open pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CountRule {
    /// Squares that are empty and playable now (Table 2's "available").
    Playable,
    /// Squares that are empty.
    Empty,
}

/// Settings of H1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KangConfig {
    /// Which of features 1-4 count (index 0 = feature 1).
    pub features: [bool; 4],
    /// How feature 3 counts squares.
    pub count: CountRule,
}

impl Default for KangConfig {
    fn default() -> Self {
        KangConfig {
            features: [true; 4],
            count: CountRule::Playable,
        }
    }
}

impl KangConfig {
    /// Keeps only the features whose digits (1-4) appear in `digits`.
    pub fn with_features(mut self, digits: &str) -> Result<Self, SpecError> {
        let mut features = [false; 4];
        for ch in digits.chars().filter(|c| *c != '+') {
            match ch.to_digit(10) {
                Some(d @ 1..=4) => features[d as usize - 1] = true,
                _ => {
                    return Err(spec_error!(
                        "features={digits} is not valid: expected digits from 1234, e.g. 12"
                    ));
                }
            }
        }
        if features == [false; 4] {
            return Err(spec_error!("features= needs at least one of 1, 2, 3, 4"));
        }
        self.features = features;
        Ok(self)
    }

    pub(crate) fn from_options(options: &mut Options) -> Result<Self, SpecError> {
        let mut config = KangConfig::default();
        if let Some(digits) = options.take_raw("features") {
            config = config.with_features(&digits)?;
        }
        if let Some(rule) = options.take_choice("count", &["playable", "empty"])? {
            config.count = if rule == "empty" {
                CountRule::Empty
            } else {
                CountRule::Playable
            };
        }
        Ok(config)
    }

    fn value(&self, situation: Situation, squares: usize, column: usize) -> Eval {
        if !self.features[SITUATION_FEATURE[situation as usize] - 1] {
            return 0;
        }
        match situation {
            Situation::Four | Situation::ThreeOpen => KANG_INFINITY,
            Situation::ThreeHalfOpen | Situation::SplitThree => THREE_HALF_OPEN,
            Situation::TwoOpen => TWO_OPEN,
            Situation::TwoHalfOpen => TWO_HALF_OPEN[squares.min(5)],
            Situation::Single => SINGLE_BY_COLUMN[column],
            Situation::ThreeClosed | Situation::TwoClosed => 0,
        }
    }
}

/// Kang et al.'s H1.
#[derive(Clone, Copy, Debug, Default)]
pub struct KangFeatures {
    config: KangConfig,
}

impl KangFeatures {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: KangConfig) -> Self {
        KangFeatures { config }
    }

    /// The value for the owner of `own`, and how often each situation occurs.
    fn score_side(&self, own: u64, occupied: u64, playable: u64) -> (Eval, [u32; SITUATIONS]) {
        let mut total = 0;
        let mut counts = [0u32; SITUATIONS];
        let mut add = |situation: Situation, squares: usize, column: usize| {
            counts[situation as usize] += 1;
            total += self.config.value(situation, squares, column);
        };
        let is = |set: u64, c: isize, r: isize| -> bool {
            c >= 0
                && r >= 0
                && c < WIDTH as isize
                && r < HEIGHT as isize
                && set & bit(c as usize, r as usize) != 0
        };
        let empty = !occupied & c4_core::bitboard::FULL_BOARD;
        let reach = match self.config.count {
            CountRule::Playable => playable,
            CountRule::Empty => empty,
        };
        for (dc, dr) in [(1isize, 0isize), (0, 1), (1, 1), (1, -1)] {
            for c in 0..WIDTH as isize {
                for r in 0..HEIGHT as isize {
                    // Runs start where the previous cell is not ours.
                    if !is(own, c, r) || is(own, c - dc, r - dr) {
                        continue;
                    }
                    let mut k = 1;
                    while is(own, c + k * dc, r + k * dr) {
                        k += 1;
                    }
                    let before = is(playable, c - dc, r - dr);
                    let after = is(playable, c + k * dc, r + k * dr);
                    match (k, before, after) {
                        (4.., _, _) => add(Situation::Four, 0, 0),
                        (3, true, true) => add(Situation::ThreeOpen, 0, 0),
                        (3, true, false) | (3, false, true) => add(Situation::ThreeHalfOpen, 0, 0),
                        (3, false, false) => add(Situation::ThreeClosed, 0, 0),
                        (2, true, true) => add(Situation::TwoOpen, 0, 0),
                        (2, false, false) => add(Situation::TwoClosed, 0, 0),
                        (2, true, false) | (2, false, true) => {
                            // Walk outward from the available side.
                            let (mut x, mut y, sx, sy) = if after {
                                (c + 2 * dc, r + 2 * dr, dc, dr)
                            } else {
                                (c - dc, r - dr, -dc, -dr)
                            };
                            let mut squares = 0;
                            while squares < 5 && is(reach, x, y) {
                                squares += 1;
                                x += sx;
                                y += sy;
                            }
                            add(Situation::TwoHalfOpen, squares, 0);
                        }
                        _ => {}
                    }
                }
            }
            // Split threes: XX_X or X_XX in a window of four, the gap playable now.
            for c in 0..WIDTH as isize {
                for r in 0..HEIGHT as isize {
                    if !is(own, c, r) || !is(own, c + 3 * dc, r + 3 * dr) {
                        continue;
                    }
                    let (m1, m2) = ((c + dc, r + dr), (c + 2 * dc, r + 2 * dr));
                    let split = (is(own, m1.0, m1.1) && is(playable, m2.0, m2.1))
                        || (is(playable, m1.0, m1.1) && is(own, m2.0, m2.1));
                    if split {
                        add(Situation::SplitThree, 0, 0);
                    }
                }
            }
        }
        // Feature 4: discs with no own neighbour.
        let mut discs = own;
        while discs != 0 {
            let index = discs.trailing_zeros() as usize;
            discs &= discs - 1;
            let (c, r) = (
                (index / COLUMN_BITS) as isize,
                (index % COLUMN_BITS) as isize,
            );
            let lonely = (-1..=1)
                .all(|dc| (-1..=1).all(|dr| (dc == 0 && dr == 0) || !is(own, c + dc, r + dr)));
            if lonely {
                add(Situation::Single, 0, c as usize);
            }
        }
        (total, counts)
    }
}

const fn bit(column: usize, row: usize) -> u64 {
    1 << (column * COLUMN_BITS + row)
}

impl Evaluator for KangFeatures {
    fn evaluate(&mut self, position: &Position, view: Player, _: Option<Column>) -> Eval {
        let (own, opponent) = sides_of(position, view);
        let (occupied, playable) = (position.occupied().0, position.playable_cells().0);
        let (mine, _) = self.score_side(own, occupied, playable);
        let (theirs, _) = self.score_side(opponent, occupied, playable);
        mine.saturating_sub(theirs)
    }

    fn breakdown(&mut self, position: &Position, view: Player, last: Option<Column>) -> Vec<Term> {
        let (own, opponent) = sides_of(position, view);
        let (occupied, playable) = (position.occupied().0, position.playable_cells().0);
        let (mine, own_counts) = self.score_side(own, occupied, playable);
        let (theirs, their_counts) = self.score_side(opponent, occupied, playable);
        let mut terms: Vec<Term> = (0..SITUATIONS)
            .map(|i| Term {
                name: SITUATION_NAMES[i].to_owned(),
                own: i64::from(own_counts[i]),
                opponent: i64::from(their_counts[i]),
                value: 0,
            })
            .collect();
        terms.push(Term {
            name: "total value".to_owned(),
            own: i64::from(mine),
            opponent: i64::from(theirs),
            value: i64::from(self.evaluate(position, view, last)),
        });
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::parse_moves;

    fn h1(moves: &str, view: Player) -> Eval {
        KangFeatures::default().evaluate(&parse_moves(moves).unwrap(), view, None)
    }

    #[test]
    fn single_disc_values_by_column() {
        // One red disc in column d, nothing else: 200 for red.
        assert_eq!(h1("4", Player::Red), 200);
        assert_eq!(h1("4", Player::Yellow), -200);
        assert_eq!(h1("1", Player::Red), 40);
        assert_eq!(h1("3", Player::Red), 120);
    }

    #[test]
    fn open_two_on_the_bottom_row() {
        // Red c1 d1, yellow a-side far away at g2? Yellow plays g1, g2 is above: red's pair
        // c1-d1 has b1 and e1 available: 50,000; yellow g1 single 40.
        // Moves: 3 (red c1), 7 (yellow g1), 4 (red d1), 7 (yellow g2) -> yellow's pair is vertical.
        let v = h1("3747", Player::Red);
        // Red: open two (50,000). Yellow: vertical two g1-g2, above g3 available, below none:
        // one side, 1 square -> 0; no singles.
        assert_eq!(v, 50_000);
    }

    #[test]
    fn three_with_one_side_blocked() {
        // Red a1 b1 c1, yellow on a2, b2 (not blocking). d1 is available -> 900,000.
        let position =
            Position::from_grid(".......\n.......\n.......\n.......\nOO.....\nXXX....").unwrap();
        let red_counts = KangFeatures::default().score_side(
            position.discs(Player::Red).0,
            position.occupied().0,
            position.playable_cells().0,
        );
        assert_eq!(red_counts.1[Situation::ThreeHalfOpen as usize], 1);
    }

    #[test]
    fn feature_subsets_parse() {
        assert_eq!(
            KangConfig::default().with_features("12").unwrap().features,
            [true, true, false, false]
        );
        assert!(KangConfig::default().with_features("5").is_err());
        assert!(KangConfig::default().with_features("").is_err());
    }
}
