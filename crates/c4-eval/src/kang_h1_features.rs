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
//!
//! Bound to 7x6 ([`crate::SupportedSizes`]): feature 4 values the 7 columns of the standard
//! board by Table 2, which gives nothing for other widths.

use super::ayoub_max_connected::neighbours;
use super::{Eval, Evaluator, Term, sides_of};
use crate::board_tables::BitValues;
use crate::board_tables::standard_position;
use c4_core::bitboard::FULL_BOARD;
use c4_core::{COLUMN_BITS, Column, Geometry, HEIGHT, Player, Position, WIDTH};
use c4_options::choice_option;
use c4_options::{Field, OptionDef, OptionTable, Word};

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

/// Settings of H1: which features count, how, and the finite values of Table 2 (tunable;
/// the defaults are the paper's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KangConfig {
    /// Which of features 1-4 count (index 0 = feature 1).
    pub features: [bool; 4],
    /// How feature 3 counts squares.
    pub count: CountRule,
    /// Feature 2: a three with one side available, or a split three.
    pub three_half_open: Eval,
    /// Feature 3: a two with both sides available.
    pub two_open: Eval,
    /// Feature 3: a two with one side available, by available squares (0..=5).
    pub two_half_open: [Eval; 6],
    /// Feature 4 by column a..g.
    pub single: [Eval; WIDTH],
}

impl Default for KangConfig {
    fn default() -> Self {
        KangConfig {
            features: [true; 4],
            count: CountRule::Playable,
            three_half_open: THREE_HALF_OPEN,
            two_open: TWO_OPEN,
            two_half_open: TWO_HALF_OPEN,
            single: SINGLE_BY_COLUMN,
        }
    }
}

impl KangConfig {
    /// Keeps only the features whose digits (1-4) appear in `digits` (at least one; a
    /// `+` between digits is allowed); `None` if `digits` is not such a set.
    #[must_use]
    pub fn with_features(mut self, digits: &str) -> Option<Self> {
        let mut features = [false; 4];
        for ch in digits.chars().filter(|c| *c != '+') {
            match ch.to_digit(10) {
                Some(d @ 1..=4) => features[d as usize - 1] = true,
                _ => return None,
            }
        }
        if features == [false; 4] {
            return None;
        }
        self.features = features;
        Some(self)
    }

    /// The digits of the features that count, as `features=` spells them.
    #[must_use]
    pub fn feature_digits(&self) -> String {
        (0..4)
            .filter(|&i| self.features[i])
            .map(|i| char::from(b'1' + i as u8))
            .collect()
    }

    fn value(&self, situation: Situation, squares: usize, column: usize) -> Eval {
        if !self.features[SITUATION_FEATURE[situation as usize] - 1] {
            return 0;
        }
        match situation {
            Situation::Four | Situation::ThreeOpen => KANG_INFINITY,
            Situation::ThreeHalfOpen | Situation::SplitThree => self.three_half_open,
            Situation::TwoOpen => self.two_open,
            Situation::TwoHalfOpen => self.two_half_open[squares.min(5)],
            Situation::Single => self.single[column],
            Situation::ThreeClosed | Situation::TwoClosed => 0,
        }
    }
}

impl Word for CountRule {
    const WORDS: &'static [(Self, &'static str)] = &[
        (CountRule::Playable, "playable"),
        (CountRule::Empty, "empty"),
    ];
}

/// A tunable value of Table 2: `$key` for the config field `$($field)+`, mirrored columns
/// set together.
macro_rules! value_option {
    ($key:literal, $help:literal, $($field:tt)+) => {
        OptionDef::<KangConfig>::new(
            $key,
            $help,
            Field::Integer {
                min: 0,
                max: KANG_INFINITY as i64 - 1,
                get: |c| i64::from(c.$($field)+),
                set: |c, v| {
                    c.$($field)+ = v as Eval;
                    c.single = mirrored(c.single);
                },
            },
        )
        .tunable()
    };
}

/// Columns e-g take the values of c-a.
const fn mirrored(mut single: [Eval; WIDTH]) -> [Eval; WIDTH] {
    single[4] = single[2];
    single[5] = single[1];
    single[6] = single[0];
    single
}

/// The options of `kang`.
pub(crate) const OPTIONS: OptionTable<KangConfig> = OptionTable {
    options: &[
        OptionDef::new(
            "features",
            "which features count, any subset of 1234 (Tables 7-8)",
            Field::Text {
                expected: "digits from 1234, at least one, e.g. 12",
                get: KangConfig::feature_digits,
                set: |c, digits| {
                    *c = c.with_features(digits).ok_or(())?;
                    Ok(())
                },
            },
        ),
        choice_option!(
            KangConfig,
            "count",
            count,
            "feature 3 counts squares that are playable now (playable) or merely empty (empty)"
        ),
        value_option!(
            "three-half",
            "f2: three with one side available, or split three",
            three_half_open
        ),
        value_option!("two-open", "f3: two with both sides available", two_open),
        value_option!(
            "two-half2",
            "f3: two with one side available, 2 squares that way",
            two_half_open[2]
        ),
        value_option!("two-half3", "... 3 squares", two_half_open[3]),
        value_option!("two-half4", "... 4 squares", two_half_open[4]),
        value_option!("two-half5", "... 5 squares", two_half_open[5]),
        value_option!("single-a", "f4: single disc in column a or g", single[0]),
        value_option!("single-b", "... in column b or f", single[1]),
        value_option!("single-c", "... in column c or e", single[2]),
        value_option!("single-d", "... in column d", single[3]),
    ],
    default: KangConfig::default,
};

/// Kang et al.'s H1 (`eval=kang`): the paper's four features summed over the board, as the
/// module describes.
#[derive(Clone, Debug)]
pub struct KangFeatures {
    config: KangConfig,
    /// Feature 4's values by cell (each cell worth its column's value).
    singles: BitValues,
}

impl Default for KangFeatures {
    fn default() -> Self {
        KangFeatures::new(KangConfig::default())
    }
}

impl KangFeatures {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: KangConfig) -> Self {
        KangFeatures {
            config,
            singles: BitValues::from_matrix(&[config.single; HEIGHT]),
        }
    }

    /// The value for the owner of `own`, and how often each situation occurs.
    ///
    /// Bit-parallel: for each direction with bit step `s`, `runs_k` are the cells that start
    /// a maximal run of exactly `k` own discs; the cells beyond its ends are the start
    /// shifted back by `s` and forward by `k * s`. The sentinel row keeps shifted bits off
    /// the board. `tests/kang_reference.rs` checks this against a plain grid walk.
    fn score_side(
        &self,
        own: u64,
        occupied: u64,
        playable: u64,
    ) -> (Eval, [u32; SITUATIONS], [i64; SITUATIONS]) {
        let mut counts = [0u32; SITUATIONS];
        let mut half_open_squares = [0u32; 6];
        let empty = !occupied & FULL_BOARD;
        let reach = match self.config.count {
            CountRule::Playable => playable,
            CountRule::Empty => empty,
        };
        for s in [COLUMN_BITS, 1, COLUMN_BITS + 1, COLUMN_BITS - 1] {
            let starts = own & !(own << s);
            // at_least[k]: cells where k own discs follow in direction s (k = 1..=4).
            let l2 = own & (own >> s);
            let l3 = l2 & (own >> (2 * s));
            let l4 = l3 & (own >> (3 * s));
            let before = playable << s; // c - s is playable
            let count = |set: u64| set.count_ones();
            counts[Situation::Four as usize] += count(starts & l4);
            let three = starts & l3 & !l4;
            let after3 = playable >> (3 * s);
            counts[Situation::ThreeOpen as usize] += count(three & before & after3);
            counts[Situation::ThreeHalfOpen as usize] += count(three & (before ^ after3));
            counts[Situation::ThreeClosed as usize] += count(three & !before & !after3);
            let two = starts & l2 & !l3;
            let after2 = playable >> (2 * s);
            counts[Situation::TwoOpen as usize] += count(two & before & after2);
            counts[Situation::TwoClosed as usize] += count(two & !before & !after2);
            let half_after = two & after2 & !before;
            let half_before = two & before & !after2;
            counts[Situation::TwoHalfOpen as usize] += count(half_after | half_before);
            // Squares reachable beyond the open end, one at a time, up to five.
            let (mut forward, mut backward) = (half_after, half_before);
            for (j, squares) in half_open_squares.iter_mut().enumerate().skip(1) {
                forward &= reach >> ((1 + j) * s);
                backward &= reach << (j * s);
                *squares += count(forward) + count(backward);
            }
            // Split threes XX_X and X_XX with the gap playable.
            let split_a = own & (own >> s) & (playable >> (2 * s)) & (own >> (3 * s));
            let split_b = own & (playable >> s) & (own >> (2 * s)) & (own >> (3 * s));
            counts[Situation::SplitThree as usize] += count(split_a) + count(split_b);
        }
        let singles = own & !neighbours(own);
        counts[Situation::Single as usize] = singles.count_ones();

        let config = &self.config;
        // Each situation's worth, unbounded; the side's total saturates at the infinities.
        let mut values = [0i64; SITUATIONS];
        for situation in [
            Situation::Four,
            Situation::ThreeOpen,
            Situation::ThreeHalfOpen,
            Situation::SplitThree,
            Situation::TwoOpen,
        ] {
            values[situation as usize] =
                i64::from(config.value(situation, 0, 0)) * i64::from(counts[situation as usize]);
        }
        // A half-open two with n squares is worth TWO_HALF_OPEN[n]: sum the steps of the table.
        if config.features[2] {
            for (step, squares) in config.two_half_open.windows(2).zip(&half_open_squares[1..]) {
                values[Situation::TwoHalfOpen as usize] +=
                    i64::from(step[1] - step[0]) * i64::from(*squares);
            }
        }
        if config.features[3] {
            values[Situation::Single as usize] = i64::from(self.singles.sum(singles));
        }
        let total = values
            .iter()
            .sum::<i64>()
            .clamp(i64::from(Eval::MIN), i64::from(Eval::MAX)) as Eval;
        (total, counts, values)
    }
}

/// Bound to 7x6 by its column values ([`crate::SupportedSizes`]): a position of another size,
/// which [`crate::EvalSpec::check_size`] refuses, scores 0.
impl<G: Geometry> Evaluator<G> for KangFeatures {
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        let Some(position) = standard_position(position) else {
            return 0;
        };
        let (own, opponent) = sides_of(&position, view);
        let (occupied, playable) = (position.occupied().0, position.playable_cells().0);
        let (mine, ..) = self.score_side(own, occupied, playable);
        let (theirs, ..) = self.score_side(opponent, occupied, playable);
        mine.saturating_sub(theirs)
    }

    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        let Some(position) = standard_position(position) else {
            return Vec::new();
        };
        let (own, opponent) = sides_of(&position, view);
        let (occupied, playable) = (position.occupied().0, position.playable_cells().0);
        let (_, own_counts, own_values) = self.score_side(own, occupied, playable);
        let (_, their_counts, their_values) = self.score_side(opponent, occupied, playable);
        let terms = (0..SITUATIONS)
            .map(|i| Term {
                name: SITUATION_NAMES[i].to_owned(),
                own: i64::from(own_counts[i]),
                opponent: i64::from(their_counts[i]),
                value: own_values[i] - their_values[i],
            })
            .collect();
        super::with_cap(terms, self.evaluate(&position, view, last))
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
        assert!(KangConfig::default().with_features("5").is_none());
        assert!(KangConfig::default().with_features("").is_none());
    }
}
