//! Square-value matrices: Kang et al.'s H2 (= Ayoub's "value center of board") and Ayoub's
//! "value corners of board".
//!
//! Formula: the sum of the matrix values of the view's discs, minus the sum for the
//! opponent's discs (`sides=both`, default). Both papers describe only "the board's" score
//! for the player computing it; `sides=own` keeps only the view's discs, the literal reading
//! of Ayoub's code description ("the sum of those pieces"). Matrices (rows top to bottom):
//!
//! ```text
//! center (Kang H2, Ayoub 3.5.3)      corners (Ayoub 3.5.4)
//! 3  4  5  7  5  4  3                13 11  8  3  8 11 13
//! 4  6  8 10  8  6  4                10  8  6  4  6  8 10
//! 5  8 11 13 11  8  5                 7  5  4  1  4  5  7
//! 5  8 11 13 11  8  5                 7  5  4  1  4  5  7
//! 4  6  8 10  8  6  4                10  8  6  4  6  8 10
//! 3  4  5  7  5  4  3                13 11  8  3  8 11 13
//! ```
//!
//! Both matrices are left-right symmetric, so mirror positions score the same.
//! The ITU evaluation's coin-position table is the `center` matrix too.

use super::{Eval, Evaluator, Sides, Term, sides_of};
use crate::choice_option;
use crate::options::{OptionDef, OptionTable};
use c4_core::{COLUMN_BITS, Column, HEIGHT, Player, Position, WIDTH};

/// Kang H2 / Ayoub value-center matrix, rows top (row 6) to bottom (row 1).
pub const CENTER_MATRIX: [[Eval; WIDTH]; HEIGHT] = [
    [3, 4, 5, 7, 5, 4, 3],
    [4, 6, 8, 10, 8, 6, 4],
    [5, 8, 11, 13, 11, 8, 5],
    [5, 8, 11, 13, 11, 8, 5],
    [4, 6, 8, 10, 8, 6, 4],
    [3, 4, 5, 7, 5, 4, 3],
];

/// Ayoub value-corners matrix, rows top (row 6) to bottom (row 1).
pub const CORNERS_MATRIX: [[Eval; WIDTH]; HEIGHT] = [
    [13, 11, 8, 3, 8, 11, 13],
    [10, 8, 6, 4, 6, 8, 10],
    [7, 5, 4, 1, 4, 5, 7],
    [7, 5, 4, 1, 4, 5, 7],
    [10, 8, 6, 4, 6, 8, 10],
    [13, 11, 8, 3, 8, 11, 13],
];

/// A matrix re-indexed by bit (see `c4_core::bitboard`), so scoring is a loop over set bits.
#[derive(Clone, Debug)]
pub struct BitValues([Eval; 64]);

impl BitValues {
    /// Re-indexes a top-row-first matrix.
    #[must_use]
    pub const fn from_matrix(matrix: &[[Eval; WIDTH]; HEIGHT]) -> BitValues {
        let mut values = [0; 64];
        let mut row = 0;
        while row < HEIGHT {
            let mut col = 0;
            while col < WIDTH {
                values[col * COLUMN_BITS + (HEIGHT - 1 - row)] = matrix[row][col];
                col += 1;
            }
            row += 1;
        }
        BitValues(values)
    }

    /// Sum of the values of the cells in `cells`.
    #[must_use]
    #[inline]
    pub fn sum(&self, mut cells: u64) -> Eval {
        let mut total = 0;
        while cells != 0 {
            total += self.0[cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
        total
    }

    /// The value of the cell with this bit index.
    #[must_use]
    pub fn at(&self, bit_index: usize) -> Eval {
        self.0[bit_index]
    }
}

/// Which matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Matrix {
    /// Kang H2 = Ayoub value center.
    Center,
    /// Ayoub value corners.
    Corners,
}

/// Settings of the square-value evaluators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SquareValuesConfig {
    /// Which matrix.
    pub matrix: Matrix,
    /// Own minus opponent, or own only.
    pub sides: Sides,
}

impl SquareValuesConfig {
    /// The defaults for `matrix`.
    #[must_use]
    pub fn new(matrix: Matrix) -> Self {
        SquareValuesConfig {
            matrix,
            sides: Sides::Both,
        }
    }

    /// Sets `sides`.
    #[must_use]
    pub fn with_sides(mut self, sides: Sides) -> Self {
        self.sides = sides;
        self
    }
}

const SIDES: &[OptionDef<SquareValuesConfig>] = &[choice_option!(
    SquareValuesConfig,
    "sides",
    sides,
    super::SIDES_HELP
)];

/// The options of `center`.
pub(crate) const CENTER_OPTIONS: OptionTable<SquareValuesConfig> = OptionTable {
    options: SIDES,
    default: || SquareValuesConfig::new(Matrix::Center),
};

/// The options of `corners`.
pub(crate) const CORNERS_OPTIONS: OptionTable<SquareValuesConfig> = OptionTable {
    options: SIDES,
    default: || SquareValuesConfig::new(Matrix::Corners),
};

/// Scores discs by a square-value matrix.
#[derive(Clone, Debug)]
pub struct SquareValues {
    config: SquareValuesConfig,
    values: BitValues,
}

impl SquareValues {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: SquareValuesConfig) -> SquareValues {
        let matrix = match config.matrix {
            Matrix::Center => &CENTER_MATRIX,
            Matrix::Corners => &CORNERS_MATRIX,
        };
        SquareValues {
            config,
            values: BitValues::from_matrix(matrix),
        }
    }
}

impl Evaluator for SquareValues {
    #[inline]
    fn evaluate(&mut self, position: &Position, view: Player, _: Option<Column>) -> Eval {
        let (own, opponent) = sides_of(position, view);
        self.config
            .sides
            .combine(self.values.sum(own), self.values.sum(opponent))
    }

    fn breakdown(&mut self, position: &Position, view: Player, last: Option<Column>) -> Vec<Term> {
        let (own, opponent) = sides_of(position, view);
        let (o, p) = (
            i64::from(self.values.sum(own)),
            i64::from(self.values.sum(opponent)),
        );
        vec![Term {
            name: "sum of square values".to_owned(),
            own: o,
            opponent: p,
            value: i64::from(self.evaluate(position, view, last)),
        }]
    }
}
