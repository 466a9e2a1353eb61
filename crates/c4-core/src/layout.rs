//! `Geometry`: where a position's board size comes from, at compile time for the standard
//! board ([`Standard`]) or at run time for any size ([`AnySize`]).
//!
//! # Why two
//!
//! The solver and the searches spend their time in a handful of bit tricks whose masks and
//! shifts depend on the size. [`Position`](crate::Position) is generic over its geometry, as
//! std's `HashMap<K, V, S = RandomState>` is over its hasher, and defaults to `Standard`: a
//! zero-sized type whose every method returns a constant, so that 7x6 code compiles to what
//! it would with the masks written in, and all code written for `Position` keeps meaning the
//! standard board. [`AnySize`] carries a [`Size`] and its masks, read at run time: one more
//! instantiation of the same generic code, for every other size (and for 7x6 chosen at run
//! time). The trait is sealed: the two are all there is, so code generic over a geometry can
//! trust its masks.

use crate::bitboard::{
    BOTTOM, FULL_BOARD, four_cells_with, has_four_with, mirror_with, non_losing_cells_with,
    winning_cells_with,
};
use crate::geometry::{Column, Square};
use crate::size::Size;
use std::fmt::Debug;
use std::hash::Hash;

mod sealed {
    /// Only this crate's geometries implement [`super::Geometry`].
    pub trait Sealed {}
    impl Sealed for super::Standard {}
    impl Sealed for super::AnySize {}
}

/// A board size and its bit layout (see [`crate::bitboard`]), as the hot code reads it: four
/// values each geometry gives, and everything else computed from them the same way for both.
///
/// Each method is small and `#[inline]`; on [`Standard`] they fold to constants.
pub trait Geometry: Copy + Eq + Hash + Debug + Send + Sync + 'static + sealed::Sealed {
    /// The board's size.
    fn size(self) -> Size;

    /// Number of columns.
    fn width(self) -> usize;

    /// Number of rows.
    fn height(self) -> usize;

    /// The bottom cell of every column.
    fn bottom(self) -> u64;

    /// Every cell of the board (no sentinels).
    fn board(self) -> u64;

    /// Bits per column: the rows and a sentinel.
    #[inline]
    fn column_bits(self) -> usize {
        self.height() + 1
    }

    /// Number of cells, the most moves a game has.
    #[inline]
    fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Whether `column` is on the board.
    #[inline]
    fn has_column(self, column: Column) -> bool {
        column.index() < self.width()
    }

    /// Every cell of `column`; none for a column off the board.
    #[inline]
    fn column_mask(self, column: Column) -> u64 {
        if self.has_column(column) {
            ((1 << self.height()) - 1) << (column.index() * self.column_bits())
        } else {
            0
        }
    }

    /// The top cell of `column`; none for a column off the board.
    #[inline]
    fn top_cell(self, column: Column) -> u64 {
        if self.has_column(column) {
            1 << (self.height() - 1 + column.index() * self.column_bits())
        } else {
            0
        }
    }

    /// The bit of `square`; none for a square off the board.
    #[inline]
    fn square_bit(self, square: Square) -> u64 {
        if self.has_column(square.column()) && square.row() < self.height() {
            1 << (square.column().index() * self.column_bits() + square.row())
        } else {
            0
        }
    }

    /// Whether `discs` holds four in a row (Pons' `alignment`).
    #[inline]
    fn has_four(self, discs: u64) -> bool {
        has_four_with(discs, self.column_bits())
    }

    /// Every cell of `discs` that belongs to a four of them.
    #[inline]
    fn four_cells(self, discs: u64) -> u64 {
        four_cells_with(discs, self.column_bits())
    }

    /// The empty cells that would complete four for the owner of `discs`, given occupied
    /// cells `occupied` (see [`crate::bitboard::winning_cells`]).
    #[inline]
    fn winning_cells(self, discs: u64, occupied: u64) -> u64 {
        winning_cells_with(discs, occupied, self.column_bits(), self.board())
    }

    /// The playable cells where the side to move does not lose at once, given the other
    /// player's winning cells (see [`crate::bitboard::non_losing_cells`]).
    #[inline]
    fn non_losing_cells(self, occupied: u64, opponent_wins: u64) -> u64 {
        non_losing_cells_with(occupied, opponent_wins, self.bottom(), self.board())
    }

    /// `bits` seen in a left-right mirror.
    #[inline]
    fn mirror(self, bits: u64) -> u64 {
        mirror_with(bits, self.width(), self.column_bits())
    }

    /// Where a key of this board ends: keys are below `1 << key_bits`.
    #[inline]
    fn key_bits(self) -> usize {
        self.width() * self.column_bits()
    }

    /// Every column, left to right: a slice of a constant table, so that on [`Standard`] a
    /// loop over it is a loop over seven constants.
    #[inline]
    fn columns(self) -> &'static [Column] {
        &LEFT_TO_RIGHT[..self.width()]
    }

    /// The columns from the centre outwards ([`Size::center_first`]), from a constant table
    /// of every width.
    #[inline]
    fn centre_first(self) -> &'static [Column] {
        &CENTRE_FIRST[self.width()][..self.width()]
    }
}

/// The columns of the widest board, left to right.
const LEFT_TO_RIGHT: [Column; Size::MAX_WIDTH] = {
    let mut columns = [Column::from_index(0); Size::MAX_WIDTH];
    let mut i = 0;
    while i < Size::MAX_WIDTH {
        columns[i] = Column::from_index(i);
        i += 1;
    }
    columns
};

/// Row `w`: the columns of a board `w` wide from the centre outwards, in its first `w`
/// places (the order of [`Size::center_first`]; rows below the narrowest board unused).
const CENTRE_FIRST: [[Column; Size::MAX_WIDTH]; Size::MAX_WIDTH + 1] = {
    let mut table = [[Column::from_index(0); Size::MAX_WIDTH]; Size::MAX_WIDTH + 1];
    let mut width = 1;
    while width <= Size::MAX_WIDTH {
        let mut i = 0;
        while i < width {
            // 0, -1, +1, -2, +2, ... around the middle column.
            let offset = (i as isize + 1) / 2;
            let signed = if i % 2 == 1 { -offset } else { offset };
            table[width][i] = Column::from_index((width as isize / 2 + signed) as usize);
            i += 1;
        }
        width += 1;
    }
    table
};

/// The standard 7x6 board, fixed at compile time: zero-sized, each method a constant of
/// [`crate::geometry`] and [`crate::bitboard`]. The default geometry of
/// [`Position`](crate::Position) and [`Game`](crate::Game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Standard;

impl Geometry for Standard {
    #[inline]
    fn size(self) -> Size {
        Size::STANDARD
    }

    #[inline]
    fn width(self) -> usize {
        crate::WIDTH
    }

    #[inline]
    fn height(self) -> usize {
        crate::HEIGHT
    }

    #[inline]
    fn bottom(self) -> u64 {
        BOTTOM
    }

    #[inline]
    fn board(self) -> u64 {
        FULL_BOARD
    }
}

/// Any size, chosen at run time: the size and its masks, computed once when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AnySize {
    bottom: u64,
    board: u64,
    size: Size,
}

impl AnySize {
    /// The geometry of `size`.
    #[must_use]
    pub const fn new(size: Size) -> AnySize {
        AnySize {
            bottom: size.bottom(),
            board: size.board(),
            size,
        }
    }
}

impl Default for AnySize {
    /// The standard 7x6 board, read at run time.
    fn default() -> AnySize {
        AnySize::new(Size::STANDARD)
    }
}

impl From<Size> for AnySize {
    fn from(size: Size) -> AnySize {
        AnySize::new(size)
    }
}

impl Geometry for AnySize {
    #[inline]
    fn size(self) -> Size {
        self.size
    }

    #[inline]
    fn width(self) -> usize {
        self.size.width()
    }

    #[inline]
    fn height(self) -> usize {
        self.size.height()
    }

    #[inline]
    fn bottom(self) -> u64 {
        self.bottom
    }

    #[inline]
    fn board(self) -> u64 {
        self.board
    }
}

/// Runs `$body` with `$g` bound to the geometry of `$size`: [`Standard`] for 7x6, whose
/// code is the compile-time one, [`AnySize`] for every other size. The one place a size read
/// at run time (a flag, a request) picks which instantiation of generic code runs.
///
/// ```
/// use c4_core::{Game, Geometry, Size, with_geometry};
/// fn cells<G: Geometry>(geometry: G) -> usize {
///     Game::new_in(geometry).position().size().cells()
/// }
/// let size: Size = "6x5".parse().unwrap();
/// assert_eq!(with_geometry!(size, g => cells(g)), 30);
/// ```
#[macro_export]
macro_rules! with_geometry {
    ($size:expr, $g:ident => $body:expr) => {{
        let size: $crate::Size = $size;
        if size.is_standard() {
            let $g = $crate::Standard;
            $body
        } else {
            let $g = $crate::AnySize::new(size);
            $body
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{has_four, non_losing_cells, winning_cells};

    /// A fixed scatter of bits: SplitMix64 steps.
    fn scatter(seed: u64) -> impl Iterator<Item = u64> {
        let mut state = seed;
        std::iter::repeat_with(move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
    }

    #[test]
    fn the_column_tables_follow_every_width() {
        assert_eq!(Standard.centre_first(), Column::CENTER_FIRST);
        assert_eq!(Standard.columns(), Column::ALL);
        for size in Size::all() {
            let any = AnySize::new(size);
            assert_eq!(any.centre_first(), size.center_first().collect::<Vec<_>>());
            assert_eq!(any.columns(), size.columns().collect::<Vec<_>>());
        }
    }

    #[test]
    fn standard_and_7x6_at_run_time_agree_with_the_constants() {
        let any = AnySize::new(Size::STANDARD);
        assert_eq!(
            (any.bottom(), any.board()),
            (Standard.bottom(), Standard.board())
        );
        assert_eq!(any.size(), Standard.size());
        for bits in scatter(1).take(2000) {
            let (discs, occupied) = (bits & FULL_BOARD, (bits | bits >> 17) & FULL_BOARD);
            assert_eq!(Standard.has_four(discs), has_four(discs));
            assert_eq!(any.has_four(discs), has_four(discs));
            assert_eq!(
                any.winning_cells(discs, occupied),
                winning_cells(discs, occupied)
            );
            assert_eq!(
                any.non_losing_cells(occupied, discs),
                non_losing_cells(occupied, discs)
            );
            assert_eq!(
                any.mirror(bits & FULL_BOARD),
                crate::Bitboard(bits & FULL_BOARD).mirrored().0
            );
        }
    }

    #[test]
    fn four_cells_are_the_lines_inside_the_set_on_every_size() {
        for size in Size::all() {
            let geometry = AnySize::new(size);
            let lines: Vec<u64> = size.lines().map(|line| line.cells.0).collect();
            for bits in scatter(size.cells() as u64).take(300) {
                // Dense sets, so that fours are common.
                let discs = (bits | bits.rotate_left(7)) & size.board();
                let expected = lines
                    .iter()
                    .filter(|&&line| discs & line == line)
                    .fold(0, |cells, line| cells | line);
                assert_eq!(geometry.four_cells(discs), expected, "{size} {discs:#x}");
                assert_eq!(geometry.has_four(discs), expected != 0, "{size} {discs:#x}");
                assert_eq!(geometry.mirror(geometry.mirror(discs)), discs);
            }
        }
    }

    #[test]
    fn off_board_columns_and_squares_have_no_cells() {
        let wide = Size::new(12, 4).unwrap();
        let column = wide.column(11).unwrap();
        assert_eq!(Standard.column_mask(column), 0);
        assert_eq!(Standard.top_cell(column), 0);
        let tall = Size::new(4, 15).unwrap();
        let square = tall.square(Column::ALL[0], 14).unwrap();
        assert_eq!(Standard.square_bit(square), 0);
        assert_eq!(AnySize::new(tall).square_bit(square), 1 << 14);
        assert_eq!(
            AnySize::new(tall).top_cell(tall.column(3).unwrap()),
            1 << 62
        );
    }
}
