//! `Bitboard`, a set of cells in one `u64`, and the bit tricks every other module builds on.
//!
//! # Layout
//!
//! Column-major, H + 1 bits per column on a board H rows high, bit 0 = `a1`. The top bit of
//! each column is a sentinel that no disc ever occupies; it stops shifts from carrying a line
//! from the top of one column into the bottom of the next. On the standard 7x6 board
//! (`COLUMN_BITS` = 7):
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinel row (6, 13, 20, ...)
//!   5 12 19 26 33 40 47     row 6
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     row 1
//!   a  b  c  d  e  f  g
//! ```
//!
//! On a board W x H, bit `c * (H + 1) + r` is column `c`, row `r`; the steps of the four
//! directions are 1 (vertical), H + 1 (horizontal), H (down-right) and H + 2 (up-right), so
//! the same shifts find fours on every size. The constants and functions here are the
//! standard board's, fixed at compile time; [`crate::Geometry`] gives the same ones for any
//! size, through one copy of each trick.
//!
//! The alignment and threat functions follow Pascal Pons' "Solving Connect 4" blog (parts 6
//! and 10): shift the set along a direction and intersect.

use crate::geometry::{COLUMN_BITS, Column, HEIGHT, Square, WIDTH};
use crate::size::Size;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of cells (see the module docs for the layout).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

/// The bottom cell of every column of the standard board.
pub const BOTTOM: u64 = {
    let mut mask = 0;
    let mut c = 0;
    while c < WIDTH {
        mask |= 1 << (c * COLUMN_BITS);
        c += 1;
    }
    mask
};

/// Every cell of the standard board (no sentinels).
pub const FULL_BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// Cells of the standard board in odd rows counted from 1 (rows 1, 3, 5): Allis' "odd
/// threats" belong here.
pub const ODD_ROWS: u64 = BOTTOM * 0b010101;

/// The number of four-cell lines on the standard board, 69 (for the others,
/// [`Size::line_count`]).
pub const LINE_COUNT: usize = Size::STANDARD.line_count();

/// A four-cell line: its cells and where it starts, for evaluators that walk lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The four cells.
    pub cells: Bitboard,
    /// The first cell (lowest, then leftmost for horizontals; lowest for the others).
    pub start: Square,
    /// Step between cells as (columns, rows): (1,0), (0,1), (1,1) or (-1,1).
    pub step: (i8, i8),
}

/// Every four-cell line of the standard board, grouped by direction (horizontal, vertical,
/// up-right, up-left), then by start column, then by start row from the bottom (for the
/// others, [`Size::lines`], in the same order).
pub const LINES: [Line; LINE_COUNT] = {
    let placeholder = Line {
        cells: Bitboard(0),
        start: match Square::new(Column::ALL[0], 0) {
            Some(s) => s,
            None => panic!("a1 exists"),
        },
        step: (0, 0),
    };
    let mut lines = [placeholder; LINE_COUNT];
    let steps: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let mut n = 0;
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = steps[d];
        let mut c = 0;
        while c < WIDTH {
            let mut r = 0;
            while r < HEIGHT {
                let end_c = c as isize + 3 * dc as isize;
                let end_r = r as isize + 3 * dr as isize;
                if end_c >= 0 && end_c < WIDTH as isize && end_r < HEIGHT as isize {
                    let mut cells = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        let cc = (c as isize + k * dc as isize) as usize;
                        let rr = (r as isize + k * dr as isize) as usize;
                        cells |= 1 << (cc * COLUMN_BITS + rr);
                        k += 1;
                    }
                    let start = match Square::new(Column::ALL[c], r) {
                        Some(s) => s,
                        None => panic!("start square is on the board"),
                    };
                    lines[n] = Line {
                        cells: Bitboard(cells),
                        start,
                        step: (dc, dr),
                    };
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    assert!(n == LINE_COUNT);
    lines
};

impl Size {
    /// Every four-cell line, grouped by direction (horizontal, vertical, up-right, up-left),
    /// then by start column, then by start row from the bottom: on 7x6, [`LINES`].
    pub fn lines(self) -> impl Iterator<Item = Line> {
        const STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let (width, height) = (self.width() as isize, self.height() as isize);
        STEPS.into_iter().flat_map(move |(dc, dr)| {
            (0..width).flat_map(move |c| {
                (0..height).filter_map(move |r| {
                    let (end_c, end_r) = (c + 3 * dc as isize, r + 3 * dr as isize);
                    if !(0..width).contains(&end_c) || end_r >= height {
                        return None;
                    }
                    let mut cells = 0u64;
                    for k in 0..4 {
                        let square = Square::from_parts(
                            Column::from_index((c + k * dc as isize) as usize),
                            (r + k * dr as isize) as usize,
                        );
                        cells |= self.bit(square);
                    }
                    Some(Line {
                        cells: Bitboard(cells),
                        start: Square::from_parts(Column::from_index(c as usize), r as usize),
                        step: (dc, dr),
                    })
                })
            })
        })
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard(FULL_BOARD);

    /// Number of cells in the set.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | square.bit())
    }

    /// All cells of one column of the standard board.
    #[must_use]
    pub const fn column(column: Column) -> Bitboard {
        Bitboard(((1 << HEIGHT) - 1) << (column.index() * COLUMN_BITS))
    }

    /// The squares in the set on the standard board, `a1` first, column by column.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(square) = Square::from_bit_index(index) {
                    return Some(square);
                }
            }
            None
        })
    }

    /// Whether the set holds four in a row in any direction on the standard board.
    #[must_use]
    pub const fn has_four(self) -> bool {
        has_four(self.0)
    }

    /// The set seen in a left-right mirror of the standard board.
    #[must_use]
    pub const fn mirrored(self) -> Bitboard {
        Bitboard(mirror_with(self.0, WIDTH, COLUMN_BITS))
    }

    /// Every cell that belongs to a four-cell line fully inside the set, on the standard
    /// board (for the others, [`Geometry::four_cells`](crate::Geometry::four_cells)).
    #[must_use]
    pub const fn four_cells(self) -> Bitboard {
        Bitboard(four_cells_with(self.0, COLUMN_BITS))
    }

    /// The squares in the set on a board of `size`, `a1` first, column by column.
    pub fn squares_in(self, size: Size) -> impl Iterator<Item = Square> {
        size.squares_of(self.0)
    }
}

/// Whether `discs` holds four in a row on the standard board (Pons' `alignment`).
#[must_use]
#[inline]
pub const fn has_four(discs: u64) -> bool {
    has_four_with(discs, COLUMN_BITS)
}

/// The empty cells of the standard board that would complete four for the owner of `discs`,
/// given occupied cells `occupied` (Pons' `compute_winning_position`). Cells need not be
/// playable yet.
#[must_use]
#[inline]
pub const fn winning_cells(discs: u64, occupied: u64) -> u64 {
    winning_cells_with(discs, occupied, COLUMN_BITS, FULL_BOARD)
}

/// The playable cells of `occupied` on the standard board where the side to move does not
/// lose at once, given the other player's winning cells (see
/// [`Position::non_losing_moves`](crate::Position::non_losing_moves)): a single playable
/// threat leaves only its cell, two leave none, and no cell right below a threat is played.
#[must_use]
#[inline]
pub const fn non_losing_cells(occupied: u64, opponent_wins: u64) -> u64 {
    non_losing_cells_with(occupied, opponent_wins, BOTTOM, FULL_BOARD)
}

// The tricks for any size: a board whose columns take `column_bits` bits (its height and a
// sentinel), `bottom` its bottom row and `board` its cells. The standard board's functions
// above and every [`crate::Geometry`] call these, so that there is one copy of each trick.

/// [`has_four`] on a board whose columns take `column_bits` bits.
#[inline]
pub(crate) const fn has_four_with(discs: u64, column_bits: usize) -> bool {
    // Horizontal, the two diagonals, vertical: shift by the step, pair up, pair the pairs.
    let steps = [column_bits, column_bits - 1, column_bits + 1, 1];
    let mut i = 0;
    while i < steps.len() {
        let pairs = discs & (discs >> steps[i]);
        if pairs & (pairs >> (2 * steps[i])) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// Every cell of `discs` in a four on a board whose columns take `column_bits` bits: the
/// pairing of [`has_four_with`] marks the lowest cell of each four, then each is spread along
/// its line.
#[inline]
pub(crate) const fn four_cells_with(discs: u64, column_bits: usize) -> u64 {
    let steps = [column_bits, column_bits - 1, column_bits + 1, 1];
    let mut cells = 0;
    let mut i = 0;
    while i < steps.len() {
        let s = steps[i];
        let pairs = discs & (discs >> s);
        let starts = pairs & (pairs >> (2 * s));
        cells |= starts | (starts << s) | (starts << (2 * s)) | (starts << (3 * s));
        i += 1;
    }
    cells
}

/// [`winning_cells`] on a board whose columns take `column_bits` bits, `board` its cells.
#[inline]
pub(crate) const fn winning_cells_with(
    discs: u64,
    occupied: u64,
    column_bits: usize,
    board: u64,
) -> u64 {
    // Vertical: three discs directly below.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    let steps = [column_bits, column_bits - 1, column_bits + 1];
    let mut i = 0;
    while i < steps.len() {
        let s = steps[i];
        // Two in a row on one side, then either the third on the same side or one on the other.
        let p = (discs << s) & (discs << (2 * s));
        r |= p & (discs << (3 * s));
        r |= p & (discs >> s);
        let p = (discs >> s) & (discs >> (2 * s));
        r |= p & (discs << s);
        r |= p & (discs >> (3 * s));
        i += 1;
    }
    r & (board ^ occupied)
}

/// [`non_losing_cells`] on a board with bottom row `bottom` and cells `board`.
#[inline]
pub(crate) const fn non_losing_cells_with(
    occupied: u64,
    opponent_wins: u64,
    bottom: u64,
    board: u64,
) -> u64 {
    let possible = (occupied + bottom) & board;
    let forced = possible & opponent_wins;
    let candidates = if forced == 0 {
        possible
    } else if forced & (forced - 1) != 0 {
        return 0; // two threats to stop at once
    } else {
        forced
    };
    candidates & !(opponent_wins >> 1)
}

/// `bits` seen in a left-right mirror of a board `width` columns wide, each taking
/// `column_bits` bits.
#[inline]
pub(crate) const fn mirror_with(bits: u64, width: usize, column_bits: usize) -> u64 {
    let column_mask = (1 << column_bits) - 1;
    let mut out = 0;
    let mut c = 0;
    while c < width {
        let col = (bits >> (c * column_bits)) & column_mask;
        out |= col << ((width - 1 - c) * column_bits);
        c += 1;
    }
    out
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}
impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the board's cells.
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL_BOARD)
    }
}

impl fmt::Debug for Bitboard {
    /// `{:?}` prints the hex word; `{:#?}` a literal with the grid drawn in a comment above it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            writeln!(
                f,
                "// {}",
                self.squares()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
            for row in (0..HEIGHT).rev() {
                write!(f, "// ")?;
                for column in Column::ALL {
                    let square = Square::new(column, row).expect("row < HEIGHT");
                    write!(f, "{}", if self.contains(square) { 'x' } else { '.' })?;
                }
                writeln!(f)?;
            }
            write!(f, "Bitboard(0x{:013x})", self.0)
        } else {
            write!(f, "Bitboard(0x{:013x})", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_69_lines_on_7x6() {
        assert_eq!(LINE_COUNT, 69);
        for line in &LINES {
            assert_eq!(line.cells.count(), 4);
            assert!(line.cells.has_four());
        }
    }

    #[test]
    fn center_first_order_visits_every_column_once() {
        let mut seen: Vec<usize> = Column::CENTER_FIRST.iter().map(|c| c.index()).collect();
        assert_eq!(seen[..3], [3, 2, 4]);
        seen.sort();
        assert_eq!(seen, (0..WIDTH).collect::<Vec<_>>());
    }

    #[test]
    fn every_size_has_its_lines_of_four_cells_on_its_board() {
        for size in Size::all() {
            let lines: Vec<Line> = size.lines().collect();
            assert_eq!(lines.len(), size.line_count(), "{size}");
            for line in &lines {
                assert_eq!(line.cells.count(), 4);
                assert_eq!(line.cells.0 & !size.board(), 0);
                assert!(size.has_square(line.start));
            }
        }
    }

    #[test]
    fn the_standard_lines_are_the_sizes_and_four_cells_follow_them() {
        assert_eq!(Size::STANDARD.lines().collect::<Vec<_>>(), LINES);
        let mut bits = 0x0123_4567_89ab_cdefu64;
        for _ in 0..5000 {
            bits = bits.rotate_left(13).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5555;
            let set = Bitboard((bits | bits >> 9) & FULL_BOARD);
            let by_lines = LINES
                .iter()
                .filter(|line| set.0 & line.cells.0 == line.cells.0)
                .fold(0, |cells, line| cells | line.cells.0);
            assert_eq!(set.four_cells().0, by_lines, "{set:?}");
            assert_eq!(set.has_four(), by_lines != 0, "{set:?}");
        }
    }

    #[test]
    fn mirror_is_an_involution() {
        let b = Bitboard(0x0123_4567_89ab & FULL_BOARD);
        assert_eq!(b.mirrored().mirrored(), b);
        assert_eq!(b.mirrored().count(), b.count());
    }
}
