//! `Size`: how many columns and rows a board has, every size whose bitboard fits one `u64`,
//! with its columns, squares and masks (its lines are in `bitboard.rs`), and the square
//! names read for a size.
//!
//! A size is W columns of H rows with W, H >= 4 (so that four in a row fits every way) and
//! W x (H + 1) <= 64 (each column takes H bits and a sentinel, as `bitboard.rs` draws): 42
//! sizes, from 4x4 to the widest, 12x4, and the tallest, 4x15. They hold John Tromp's table
//! of solved sizes (4x4 to 11x4, 4x11 and 8x8 aside) and every size of Christophe Steininger's
//! W + H = 16 results that fits (12x4, 5x11, 4x12). 7x6 is the default everywhere.

use crate::geometry::{Column, Square};
use std::fmt;
use std::str::FromStr;

/// The number of columns and rows of a board: checked at construction, so every `Size` is one
/// whose bitboard fits 64 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    width: u8,
    height: u8,
}

/// Why a width and height, or a text, is no board size.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SizeError {
    /// The text is not `WxH` with two numbers.
    Syntax {
        /// The text, cut to a readable length.
        text: String,
    },
    /// A side below 4: four in a row would not fit every way.
    TooSmall {
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    /// More than 64 bits: W x (H + 1) > 64.
    TooLarge {
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    /// A side with more digits than any number a size is read as: too large, quoted as typed.
    TooManyDigits {
        /// The text, cut to a readable length.
        text: String,
    },
}

/// The sizes in words, for error messages.
const RANGE: &str = "sizes are WxH with W and H at least 4 and W x (H+1) at most 64, \
                     from 4x4 up to 12x4 and 4x15 (7x6 is the standard board)";

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::Syntax { text } => {
                write!(
                    f,
                    "{text:?} is not a board size: write WxH, e.g. 7x6; {RANGE}"
                )
            }
            SizeError::TooSmall { width, height } => {
                write!(
                    f,
                    "{width}x{height} is too small for four in a row: {RANGE}"
                )
            }
            SizeError::TooLarge { width, height } => {
                write!(f, "{width}x{height} does not fit in 64 bits: {RANGE}")
            }
            SizeError::TooManyDigits { text } => {
                write!(f, "{text} does not fit in 64 bits: {RANGE}")
            }
        }
    }
}

impl std::error::Error for SizeError {}

impl Size {
    /// The standard board, 7 columns of 6 rows.
    pub const STANDARD: Size = Size {
        width: 7,
        height: 6,
    };
    /// The fewest columns or rows a board has.
    pub const MIN_SIDE: usize = 4;
    /// The most columns a board has (12x4).
    pub const MAX_WIDTH: usize = 12;
    /// The most rows a board has (4x15).
    pub const MAX_HEIGHT: usize = 15;
    /// How many sizes there are.
    pub const COUNT: usize = 42;

    /// The board of `width` columns and `height` rows, if it is one: both at least 4, and
    /// `width * (height + 1)` at most 64.
    pub const fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        if width < Size::MIN_SIDE || height < Size::MIN_SIDE {
            return Err(SizeError::TooSmall { width, height });
        }
        if width > Size::MAX_WIDTH
            || height > Size::MAX_HEIGHT
            || width * (height + 1) > u64::BITS as usize
        {
            return Err(SizeError::TooLarge { width, height });
        }
        Ok(Size {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Every size, by width and then height: 4x4, 4x5, ... 4x15, 5x4, ... 12x4.
    pub fn all() -> impl Iterator<Item = Size> {
        (Size::MIN_SIDE..=Size::MAX_WIDTH).flat_map(|width| {
            (Size::MIN_SIDE..=Size::MAX_HEIGHT)
                .filter_map(move |height| Size::new(width, height).ok())
        })
    }

    /// Number of columns.
    #[must_use]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells, the most moves a game has.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Bits per column: the rows and a sentinel bit that is never set.
    #[must_use]
    pub const fn column_bits(self) -> usize {
        self.height() + 1
    }

    /// Whether this is the standard 7x6 board.
    #[must_use]
    pub const fn is_standard(&self) -> bool {
        self.width == Size::STANDARD.width && self.height == Size::STANDARD.height
    }

    /// The bottom cell of every column.
    #[must_use]
    pub const fn bottom(self) -> u64 {
        let mut mask = 0;
        let mut column = 0;
        while column < self.width() {
            mask |= 1 << (column * self.column_bits());
            column += 1;
        }
        mask
    }

    /// Every cell of the board (no sentinels).
    #[must_use]
    pub const fn board(self) -> u64 {
        self.bottom() * ((1 << self.height()) - 1)
    }

    /// The number of four-cell lines on the board (69 on 7x6).
    #[must_use]
    pub const fn line_count(self) -> usize {
        let (w, h) = (self.width(), self.height());
        (w - 3) * h + w * (h - 3) + 2 * (w - 3) * (h - 3)
    }

    /// The column with this 0-based index, if the board has it.
    #[must_use]
    pub const fn column(self, index: usize) -> Option<Column> {
        if index < self.width() {
            Some(Column::from_index(index))
        } else {
            None
        }
    }

    /// Whether `column` is on this board.
    #[must_use]
    pub const fn has_column(self, column: Column) -> bool {
        column.index() < self.width()
    }

    /// Every column, left to right.
    pub fn columns(self) -> impl DoubleEndedIterator<Item = Column> + ExactSizeIterator {
        (0..self.width()).map(Column::from_index)
    }

    /// Columns from the centre outwards, alternating left and right (Pons' order: on an odd
    /// width the left one of each pair first, on an even width the right one of the two
    /// middle columns first): on 7x6, [`Column::CENTER_FIRST`].
    pub fn center_first(self) -> impl ExactSizeIterator<Item = Column> {
        let width = self.width() as isize;
        (0..width).map(move |i| {
            // 0, -1, +1, -2, +2, ... around the middle column.
            let offset = (i + 1) / 2;
            let signed = if i % 2 == 1 { -offset } else { offset };
            Column::from_index((width / 2 + signed) as usize)
        })
    }

    /// The square at `column` and 0-based `row` (0 = bottom), if the board has it.
    #[must_use]
    pub const fn square(self, column: Column, row: usize) -> Option<Square> {
        if self.has_column(column) && row < self.height() {
            Some(Square::from_parts(column, row))
        } else {
            None
        }
    }

    /// Whether `square` is on this board.
    #[must_use]
    pub const fn has_square(self, square: Square) -> bool {
        self.has_column(square.column()) && square.row() < self.height()
    }

    /// The bit of `square` in this board's layout; 0 for a square off the board.
    #[must_use]
    pub const fn bit(self, square: Square) -> u64 {
        if self.has_square(square) {
            1 << (square.column().index() * self.column_bits() + square.row())
        } else {
            0
        }
    }

    /// The square of bit `index` in this board's layout, if the bit is a cell.
    #[must_use]
    pub const fn square_at_bit(self, index: usize) -> Option<Square> {
        let column = index / self.column_bits();
        let row = index % self.column_bits();
        if column < self.width() && row < self.height() {
            Some(Square::from_parts(Column::from_index(column), row))
        } else {
            None
        }
    }

    /// Every square, column by column from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        self.columns().flat_map(move |column| {
            (0..self.height()).map(move |row| Square::from_parts(column, row))
        })
    }

    /// The squares of `bits` in this board's layout, `a1` first, column by column.
    pub fn squares_of(self, bits: u64) -> impl Iterator<Item = Square> {
        let mut bits = bits;
        std::iter::from_fn(move || {
            while bits != 0 {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(square) = self.square_at_bit(index) {
                    return Some(square);
                }
            }
            None
        })
    }

    /// Parses a square name, a column letter and a row number from 1 (`a1`, `c12`).
    pub fn parse_square(self, text: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError::new(text, self);
        let mut chars = text.chars();
        let column = chars
            .next()
            .and_then(|c| self.column_from_letter(c))
            .ok_or_else(error)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let row: usize = digits.parse().map_err(|_| error())?;
        row.checked_sub(1)
            .filter(|_| !digits.starts_with('0'))
            .and_then(|row| self.square(column, row))
            .ok_or_else(error)
    }
}

impl Column {
    /// The column seen in a mirror (left-right) of a board of `size`, if it is on that board.
    #[must_use]
    pub const fn mirrored_in(self, size: Size) -> Option<Column> {
        if size.has_column(self) {
            Some(Column::from_index(size.width() - 1 - self.index()))
        } else {
            None
        }
    }

    /// Distance from the centre column of a board of `size`: 0 for the middle column, or for
    /// both middle columns of an even width, the same for a column and its mirror image.
    #[must_use]
    pub const fn distance_from_center_in(self, size: Size) -> usize {
        (2 * self.index() as isize - (size.width() as isize - 1)).unsigned_abs() / 2
    }
}

impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    /// Reads a square of the standard board, `a1` to `g6` (see [`Size::parse_square`]).
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        Size::STANDARD.parse_square(text)
    }
}

/// A square name that is not one of the board's (`a1`..`g6` on 7x6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that failed to parse, cut to a readable length.
    pub text: String,
    /// The board it was read for.
    pub size: Size,
}

impl ParseSquareError {
    pub(crate) fn new(text: &str, size: Size) -> ParseSquareError {
        ParseSquareError {
            text: crate::excerpt(text),
            size,
        }
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size;
        write!(
            f,
            "'{}' is not a square of the {size} board: expected a1..{}{} (column letter, row number)",
            self.text,
            size.last_letter(),
            size.height()
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl Default for Size {
    /// The standard 7x6 board.
    fn default() -> Size {
        Size::STANDARD
    }
}

impl fmt::Display for Size {
    /// `7x6`: columns, then rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl fmt::Debug for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Size({self})")
    }
}

impl FromStr for Size {
    type Err = SizeError;
    /// Reads `WxH` (`7x6`; `X` too), columns first.
    fn from_str(text: &str) -> Result<Size, SizeError> {
        let syntax = || SizeError::Syntax {
            text: crate::excerpt(text),
        };
        let (width, height) = text.split_once(['x', 'X']).ok_or_else(syntax)?;
        let number = |part: &str| -> Result<usize, SizeError> {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            // Too many digits for a usize is too large, said of the text as typed.
            part.parse().map_err(|_| SizeError::TooManyDigits {
                text: crate::excerpt(text),
            })
        };
        Size::new(number(width)?, number(height)?)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Size {
    /// As text, `"7x6"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Size {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_42_sizes_from_4x4_to_12x4_and_4x15() {
        let all: Vec<Size> = Size::all().collect();
        assert_eq!(all.len(), Size::COUNT);
        assert_eq!(all[0].to_string(), "4x4");
        assert_eq!(all.last().unwrap().to_string(), "12x4");
        assert!(all.iter().all(|s| s.width() * s.column_bits() <= 64));
        assert!(all.contains(&"4x15".parse().unwrap()));
        assert!(all.contains(&Size::STANDARD));
        assert_eq!(Size::default(), Size::STANDARD);
    }

    #[test]
    fn sizes_parse_print_and_refuse_with_the_range() {
        assert_eq!("6x5".parse::<Size>(), Size::new(6, 5));
        assert_eq!("6X5".parse::<Size>().unwrap().to_string(), "6x5");
        for (text, expected) in [
            (
                "3x6",
                SizeError::TooSmall {
                    width: 3,
                    height: 6,
                },
            ),
            (
                "13x4",
                SizeError::TooLarge {
                    width: 13,
                    height: 4,
                },
            ),
            (
                "8x8",
                SizeError::TooLarge {
                    width: 8,
                    height: 8,
                },
            ),
            (
                "4x16",
                SizeError::TooLarge {
                    width: 4,
                    height: 16,
                },
            ),
            (
                "7x60000",
                SizeError::TooLarge {
                    width: 7,
                    height: 60000,
                },
            ),
        ] {
            let error = text.parse::<Size>().unwrap_err();
            assert_eq!(error, expected, "{text}");
            assert!(error.to_string().contains("up to 12x4 and 4x15"), "{error}");
        }
        for text in [
            "", "7", "7x", "x6", "7x6x", "-7x6", "+7x6", "7 x 6", "7×6", "seven",
        ] {
            assert!(
                matches!(text.parse::<Size>(), Err(SizeError::Syntax { .. })),
                "{text}"
            );
        }
        assert!(Size::new(usize::MAX, usize::MAX).is_err());
        for text in ["99999999999999999999x4", "18446744073709551616x1"] {
            let error = text.parse::<Size>().unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("{text} does not fit in 64 bits")),
                "{error}"
            );
        }
    }

    #[test]
    fn masks_follow_the_size() {
        let size = Size::new(5, 4).unwrap();
        assert_eq!(size.bottom(), 0b00001_00001_00001_00001_00001);
        assert_eq!(size.board(), 0b01111_01111_01111_01111_01111);
        let tall = Size::new(4, 15).unwrap();
        assert_eq!(tall.board().count_ones(), 60);
        assert_eq!(tall.board() >> 63, 0, "the top bit is the last sentinel");
    }

    #[test]
    fn columns_and_squares_follow_the_size() {
        let wide = Size::new(12, 4).unwrap();
        assert_eq!(wide.column_from_letter('L'), wide.column(11));
        assert_eq!(wide.column_from_letter('m'), None);
        assert_eq!(
            wide.column_from_digit('1'),
            None,
            "no digits on a board 12 wide"
        );
        assert_eq!(wide.column_of_char('k'), wide.column(10));
        assert_eq!(wide.column_of_char('9'), None);
        assert_eq!(Size::STANDARD.column_of_char('7'), Size::STANDARD.column(6));
        assert_eq!(Size::STANDARD.column_of_char('G'), Size::STANDARD.column(6));
        for outside in ['8', '0', 'h', ' ', '-'] {
            assert_eq!(Size::STANDARD.column_of_char(outside), None, "{outside:?}");
        }
        let center: Vec<usize> = wide.center_first().map(Column::index).collect();
        assert_eq!(center[..3], [6, 5, 7]);
        let standard: Vec<Column> = Size::STANDARD.center_first().collect();
        assert_eq!(standard, Column::CENTER_FIRST);
        for size in Size::all() {
            let mut order: Vec<Column> = size.center_first().collect();
            let distances: Vec<usize> = order
                .iter()
                .map(|c| c.distance_from_center_in(size))
                .collect();
            assert!(distances.is_sorted(), "{size}: {distances:?}");
            order.sort();
            assert_eq!(order, size.columns().collect::<Vec<_>>());
            for column in size.columns() {
                let mirror = column.mirrored_in(size).unwrap();
                assert_eq!(
                    column.distance_from_center_in(size),
                    mirror.distance_from_center_in(size)
                );
            }
        }
        let tall = Size::new(4, 15).unwrap();
        let square = tall.parse_square("d15").unwrap();
        assert_eq!(square.to_string(), "d15");
        assert_eq!(tall.square_at_bit(63), None);
        for bad in ["e1", "a16", "a0", "a01", "a", "", "15", "a1x"] {
            assert!(tall.parse_square(bad).is_err(), "{bad}");
        }
        for size in Size::all() {
            let squares: Vec<Square> = size.squares().collect();
            assert_eq!(squares.len(), size.cells());
            for square in squares {
                assert_eq!(
                    size.square_at_bit(size.bit(square).trailing_zeros() as usize),
                    Some(square)
                );
                assert_eq!(size.parse_square(&square.to_string()), Ok(square));
            }
        }
    }
}
