//! The tables the evaluators read that depend on the board's size: its four-cell lines, the
//! number of fours through each square, the rows that favour the first player, the centre.
//!
//! # Why a trait over the geometry
//!
//! An evaluator is generic over the position's geometry ([`c4_core::Geometry`]), as the
//! solver is. On [`Standard`] every table is a constant of `c4_core` or of this crate (the
//! 69 lines of [`LINES`], Kang's H2 matrix, which is the count of fours through each square),
//! so 7x6 code compiles to what it would with the tables written in. On [`AnySize`] they are
//! computed once per size, on first use, and kept for the life of the program
//! ([`tables_of`]): 42 sizes at most, a few hundred lines each.

use crate::Eval;
use c4_core::bitboard::{LINE_COUNT, LINES, Line, ODD_ROWS};
use c4_core::{
    AnySize, Bitboard, COLUMN_BITS, Column, Geometry, HEIGHT, Position, Size, Standard, WIDTH,
};
use std::sync::OnceLock;

/// A matrix re-indexed by bit (see `c4_core::bitboard`), so scoring is a loop over set bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitValues([Eval; 64]);

impl BitValues {
    /// The values of each bit index, on a board of any size.
    #[must_use]
    pub const fn from_bits(values: [Eval; 64]) -> BitValues {
        BitValues(values)
    }

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

/// The size-dependent tables of one board size, as [`tables_of`] keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeTables {
    /// Every four-cell line, in [`Size::lines`]' order.
    pub lines: Vec<Line>,
    /// Where each group of `lines` (one direction, one start column) ends, for the skyline
    /// pruning of `eval=lines`.
    pub group_ends: Vec<usize>,
    /// The number of lines through each cell.
    pub fours_through: BitValues,
    /// Rows 1, 3, 5, ... from the bottom: the first player's good rows (Allis).
    pub odd_rows: u64,
    /// The middle column, or the two middle columns of an even width.
    pub center_columns: u64,
}

impl SizeTables {
    /// Computes the tables of `size`.
    #[must_use]
    pub fn new(size: Size) -> SizeTables {
        let lines: Vec<Line> = size.lines().collect();
        let mut counts: [Eval; 64] = [0; 64];
        for line in &lines {
            let mut cells = line.cells.0;
            while cells != 0 {
                counts[cells.trailing_zeros() as usize] += 1;
                cells &= cells - 1;
            }
        }
        let odd_rows = (0..size.height())
            .step_by(2)
            .fold(0, |rows, row| rows | size.bottom() << row);
        let geometry = AnySize::new(size);
        let middle = |index: usize| size.column(index).map_or(0, |c| geometry.column_mask(c));
        SizeTables {
            group_ends: group_ends(&lines),
            lines,
            fours_through: BitValues::from_bits(counts),
            odd_rows,
            center_columns: middle((size.width() - 1) / 2) | middle(size.width() / 2),
        }
    }
}

/// Where each run of `lines` with one direction and one start column ends.
fn group_ends(lines: &[Line]) -> Vec<usize> {
    let mut ends: Vec<usize> = (1..lines.len())
        .filter(|&i| {
            let (a, b) = (&lines[i - 1], &lines[i]);
            a.step != b.step || a.start.column() != b.start.column()
        })
        .collect();
    ends.push(lines.len());
    ends
}

/// The tables of `size`, computed on first use and kept.
#[must_use]
pub fn tables_of(size: Size) -> &'static SizeTables {
    const SLOTS: usize = (Size::MAX_WIDTH + 1) * (Size::MAX_HEIGHT + 1);
    static TABLES: [OnceLock<SizeTables>; SLOTS] = [const { OnceLock::new() }; SLOTS];
    TABLES[size.width() * (Size::MAX_HEIGHT + 1) + size.height()]
        .get_or_init(|| SizeTables::new(size))
}

/// The number of fours through each cell of the standard board, counted from [`LINES`] at
/// compile time: Kang's H2 matrix, re-indexed by bit (a test of `square_values` says so).
pub static STANDARD_FOURS: BitValues = {
    let mut counts = [0; 64];
    let mut i = 0;
    while i < LINE_COUNT {
        let mut cells = LINES[i].cells.0;
        while cells != 0 {
            counts[cells.trailing_zeros() as usize] += 1;
            cells &= cells - 1;
        }
        i += 1;
    }
    BitValues::from_bits(counts)
};

/// A geometry with the evaluators' tables: constants on [`Standard`], [`tables_of`] its
/// size on [`AnySize`]. Both geometries there are implement it, so code generic over a
/// geometry asks for `G: BoardTables` where it builds evaluators.
pub trait BoardTables: Geometry {
    /// Every four-cell line of the board.
    fn lines(self) -> &'static [Line];

    /// Where each group of [`BoardTables::lines`] (one direction, one start column) ends.
    fn line_group_ends(self) -> &'static [usize];

    /// The number of four-cell lines through each cell.
    fn fours_through(self) -> &'static BitValues;

    /// Rows 1, 3, 5, ... from the bottom.
    fn odd_rows(self) -> u64;

    /// The middle column, or the two middle columns of an even width.
    fn center_columns(self) -> u64;
}

impl BoardTables for Standard {
    #[inline]
    fn lines(self) -> &'static [Line] {
        &LINES
    }

    #[inline]
    fn line_group_ends(self) -> &'static [usize] {
        &tables_of(Size::STANDARD).group_ends
    }

    #[inline]
    fn fours_through(self) -> &'static BitValues {
        &STANDARD_FOURS
    }

    #[inline]
    fn odd_rows(self) -> u64 {
        ODD_ROWS
    }

    #[inline]
    fn center_columns(self) -> u64 {
        Bitboard::column(Column::ALL[c4_core::WIDTH / 2]).0
    }
}

impl BoardTables for AnySize {
    #[inline]
    fn lines(self) -> &'static [Line] {
        &tables_of(self.size()).lines
    }

    #[inline]
    fn line_group_ends(self) -> &'static [usize] {
        &tables_of(self.size()).group_ends
    }

    #[inline]
    fn fours_through(self) -> &'static BitValues {
        &tables_of(self.size()).fours_through
    }

    #[inline]
    fn odd_rows(self) -> u64 {
        tables_of(self.size()).odd_rows
    }

    #[inline]
    fn center_columns(self) -> u64 {
        tables_of(self.size()).center_columns
    }
}

/// `position` on the standard board, for the evaluators bound to 7x6; `None` on another
/// size, which [`crate::EvalSpec::check_size`] refuses before such an evaluator is built.
#[must_use]
#[inline]
pub fn standard_position<G: Geometry>(position: &Position<G>) -> Option<Position> {
    let standard = position.to_geometry(Standard);
    debug_assert!(
        standard.is_some(),
        "an evaluator bound to 7x6 was given a {} position",
        position.size()
    );
    standard
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_tables_are_the_constants() {
        let computed = SizeTables::new(Size::STANDARD);
        assert_eq!(computed.lines, LINES.to_vec());
        assert_eq!(computed.fours_through, STANDARD_FOURS);
        assert_eq!(computed.odd_rows, ODD_ROWS);
        assert_eq!(computed.center_columns, Standard.center_columns());
        let any = AnySize::new(Size::STANDARD);
        assert_eq!(any.lines(), Standard.lines());
        assert_eq!(any.line_group_ends(), Standard.line_group_ends());
        // 4 directions: 4 start columns of horizontals, 7 of verticals, 4 of each diagonal.
        assert_eq!(Standard.line_group_ends().len(), 4 + 7 + 4 + 4);
    }

    #[test]
    fn other_sizes_count_their_fours() {
        for size in Size::all() {
            let tables = tables_of(size);
            assert_eq!(tables.lines.len(), size.line_count(), "{size}");
            let total: i64 = (0..64)
                .map(|bit| i64::from(tables.fours_through.at(bit)))
                .sum();
            assert_eq!(total, 4 * size.line_count() as i64, "{size}");
            assert_eq!(tables.odd_rows & !size.board(), 0, "{size}");
            assert_eq!(
                tables.odd_rows.count_ones() as usize,
                size.width() * size.height().div_ceil(2)
            );
            let geometry = AnySize::new(size);
            assert_eq!(
                geometry.mirror(tables.center_columns),
                tables.center_columns,
                "{size}"
            );
        }
        // 4x4 has ten lines: a1 lies on its row, its column and a diagonal, b1 on its row and
        // its column.
        let small = tables_of(Size::new(4, 4).unwrap());
        let (a1, b1) = (0, 5);
        assert_eq!(small.fours_through.at(a1), 3);
        assert_eq!(small.fours_through.at(b1), 2);
    }
}
