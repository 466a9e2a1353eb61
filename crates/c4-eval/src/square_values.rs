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
//!
//! The `center` matrix is the number of four-cell lines through each square, so it is defined
//! on every size: on another board than 7x6, `center` with its own values scores by that
//! size's count ([`crate::board_tables`]). The `corners` matrix, and `center` given values of
//! its own, are 7x6 tables, bound to 7x6 ([`crate::SupportedSizes`]).

use super::{Eval, Evaluator, Sides, Term, sides_of};
pub use crate::board_tables::BitValues;
use crate::board_tables::{BoardTables, standard_position};
use c4_core::{Column, HEIGHT, Player, Position, WIDTH};
use c4_options::choice_option;
use c4_options::{Field, OptionDef, OptionTable};

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

/// Which matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Matrix {
    /// Kang H2 = Ayoub value center.
    Center,
    /// Ayoub value corners.
    Corners,
}

/// Columns a to d: the left half and the centre, which the right half mirrors.
const HALF: usize = WIDTH.div_ceil(2);

/// Settings of the square-value evaluators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SquareValuesConfig {
    /// Which matrix the values start from.
    pub matrix: Matrix,
    /// Own minus opponent, or own only.
    pub sides: Sides,
    /// The value of each square of columns a-d, bottom row first (`values[row][column]`);
    /// columns e-g mirror c-a, so mirror positions score the same.
    pub values: [[Eval; HALF]; HEIGHT],
}

impl Matrix {
    /// Its values, top row first.
    #[must_use]
    pub fn rows(self) -> &'static [[Eval; WIDTH]; HEIGHT] {
        match self {
            Matrix::Center => &CENTER_MATRIX,
            Matrix::Corners => &CORNERS_MATRIX,
        }
    }
}

impl SquareValuesConfig {
    /// The defaults for `matrix`.
    #[must_use]
    pub fn new(matrix: Matrix) -> Self {
        let rows = matrix.rows();
        let mut values = [[0; HALF]; HEIGHT];
        for (row, line) in values.iter_mut().enumerate() {
            line.copy_from_slice(&rows[HEIGHT - 1 - row][..HALF]);
        }
        SquareValuesConfig {
            matrix,
            sides: Sides::Both,
            values,
        }
    }

    /// The full matrix of its values, top row first.
    #[must_use]
    pub fn matrix_rows(&self) -> [[Eval; WIDTH]; HEIGHT] {
        let mut rows = [[0; WIDTH]; HEIGHT];
        for (row, line) in self.values.iter().enumerate() {
            for (column, &value) in line.iter().enumerate() {
                rows[HEIGHT - 1 - row][column] = value;
                rows[HEIGHT - 1 - row][WIDTH - 1 - column] = value;
            }
        }
        rows
    }

    /// Whether its values are the `center` matrix's own, the number of fours through each
    /// square, which every size has (others are a 7x6 table: see [`crate::SupportedSizes`]).
    #[must_use]
    pub fn is_size_general(&self) -> bool {
        self.matrix == Matrix::Center
            && self.values == SquareValuesConfig::new(Matrix::Center).values
    }

    /// Sets `sides`.
    #[must_use]
    pub fn with_sides(mut self, sides: Sides) -> Self {
        self.sides = sides;
        self
    }
}

/// The tunable value of square `$key` (row `$row` from the bottom, column `$column` from a).
macro_rules! square_option {
    ($key:literal, $row:literal, $column:literal) => {
        OptionDef::new(
            $key,
            "value of this square and of its mirror",
            Field::Integer {
                min: -SQUARE_LIMIT,
                max: SQUARE_LIMIT,
                get: |c: &SquareValuesConfig| i64::from(c.values[$row][$column]),
                set: |c: &mut SquareValuesConfig, v| c.values[$row][$column] = v as Eval,
            },
        )
        .tunable()
    };
}

/// The largest value a square takes.
const SQUARE_LIMIT: i64 = 1000;

const SIDES: &[OptionDef<SquareValuesConfig>] = &[
    choice_option!(SquareValuesConfig, "sides", sides, super::SIDES_HELP),
    square_option!("a1", 0, 0),
    square_option!("b1", 0, 1),
    square_option!("c1", 0, 2),
    square_option!("d1", 0, 3),
    square_option!("a2", 1, 0),
    square_option!("b2", 1, 1),
    square_option!("c2", 1, 2),
    square_option!("d2", 1, 3),
    square_option!("a3", 2, 0),
    square_option!("b3", 2, 1),
    square_option!("c3", 2, 2),
    square_option!("d3", 2, 3),
    square_option!("a4", 3, 0),
    square_option!("b4", 3, 1),
    square_option!("c4", 3, 2),
    square_option!("d4", 3, 3),
    square_option!("a5", 4, 0),
    square_option!("b5", 4, 1),
    square_option!("c5", 4, 2),
    square_option!("d5", 4, 3),
    square_option!("a6", 5, 0),
    square_option!("b6", 5, 1),
    square_option!("c6", 5, 2),
    square_option!("d6", 5, 3),
];

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
    size_general: bool,
}

impl SquareValues {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: SquareValuesConfig) -> SquareValues {
        SquareValues {
            config,
            values: BitValues::from_matrix(&config.matrix_rows()),
            size_general: config.is_size_general(),
        }
    }

    /// The values of the squares of `position`'s board: the matrix on 7x6, the number of
    /// fours through each square on another size (a 7x6 table there is refused by
    /// [`crate::EvalSpec::check_size`], and scores nothing).
    #[inline]
    fn values_for<G: BoardTables>(&self, position: &Position<G>) -> Option<&BitValues> {
        if position.size().is_standard() {
            Some(&self.values)
        } else if self.size_general {
            Some(position.geometry().fours_through())
        } else {
            standard_position(position).map(|_| &self.values)
        }
    }

    /// The sums of the view's and the opponent's square values.
    #[inline]
    fn sums<G: BoardTables>(&self, position: &Position<G>, view: Player) -> (Eval, Eval) {
        let (own, opponent) = sides_of(position, view);
        self.values_for(position)
            .map_or((0, 0), |values| (values.sum(own), values.sum(opponent)))
    }
}

impl<G: BoardTables> Evaluator<G> for SquareValues {
    #[inline]
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        let (own, opponent) = self.sums(position, view);
        self.config.sides.combine(own, opponent)
    }

    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        let (o, p) = self.sums(position, view);
        let (o, p) = (i64::from(o), i64::from(p));
        vec![Term {
            name: "sum of square values".to_owned(),
            own: o,
            opponent: p,
            value: i64::from(self.evaluate(position, view, last)),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_tables::STANDARD_FOURS;

    #[test]
    fn the_center_matrix_is_the_fours_through_each_square() {
        assert_eq!(BitValues::from_matrix(&CENTER_MATRIX), STANDARD_FOURS);
    }
}
