//! The standard board's size and bit layout as constants, and the typed indices `Column`,
//! `Row`-free `Square` and `Player`.
//!
//! The constants are the standard 7x6 board's, the ones its compile-time masks and
//! [`Standard`](crate::Standard) are derived from; every other size is a
//! [`Size`](crate::Size) value. A `Column` or `Square` is an index on any board: `Size`'s
//! methods and the `_in` ones check it against a size, the others here against 7x6.

use std::fmt;

/// Number of columns of the standard board.
pub const WIDTH: usize = 7;
/// Number of rows of the standard board.
pub const HEIGHT: usize = 6;
/// Bits per column of the standard board: `HEIGHT` cells plus one sentinel bit that is never set.
pub const COLUMN_BITS: usize = HEIGHT + 1;
/// Number of cells on the standard board.
pub const CELLS: usize = WIDTH * HEIGHT;

const _: () = assert!(WIDTH * COLUMN_BITS <= 64, "the board must fit in one u64");
const _: () = assert!(WIDTH >= 4 && HEIGHT >= 4, "four in a row must fit");

/// A column, the move of Connect-4: 0-based inside, 1-based wherever people or programs read
/// it: `Display` prints 1..=7 (1..=12 on the widest board) and serde writes and reads the
/// number 1..=7, as the CLI, the JSON API, game records and the docs speak of columns.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(u8);

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; WIDTH] = {
        let mut all = [Column(0); WIDTH];
        let mut i = 0;
        while i < WIDTH {
            all[i] = Column(i as u8);
            i += 1;
        }
        all
    };

    /// Columns from the centre outwards, left before right on ties: the usual search order.
    pub const CENTER_FIRST: [Column; WIDTH] = {
        let mut order = [Column(0); WIDTH];
        let mut i = 0;
        while i < WIDTH {
            // 0, -1, +1, -2, +2, ... around the middle column.
            let offset = (i as isize + 1) / 2;
            let signed = if i % 2 == 1 { -offset } else { offset };
            order[i] = Column(((WIDTH as isize / 2) + signed) as u8);
            i += 1;
        }
        order
    };

    /// The column with 0-based `index`, which the caller has checked against a size.
    pub(crate) const fn from_index(index: usize) -> Column {
        Column(index as u8)
    }

    /// The column with this 0-based index, if some board has it (`index` below
    /// [`Size::MAX_WIDTH`](crate::Size::MAX_WIDTH)): for a store of columns of any size that
    /// checks them as it writes them, and so need not know the size to read them back.
    #[must_use]
    pub const fn of_some_board(index: usize) -> Option<Column> {
        if index < crate::Size::MAX_WIDTH {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// The column with this 0-based index, if it is on the standard board (see
    /// [`Size::column`](crate::Size::column) for the others).
    #[must_use]
    pub const fn new(index: usize) -> Option<Column> {
        if index < WIDTH {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// 0-based index, 0 = leftmost.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1-based number as printed and typed (`1`..=`7`).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The column letter, `a` for the leftmost.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses a column digit `1`..=`7`.
    #[must_use]
    pub fn from_digit(c: char) -> Option<Column> {
        let d = c.to_digit(10)? as usize;
        if d == 0 { None } else { Column::new(d - 1) }
    }

    /// Parses a column letter `a`..=`g` (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Column> {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() {
            Column::new((c as u8 - b'a') as usize)
        } else {
            None
        }
    }

    /// The column seen in a mirror (left-right) of the standard board.
    #[must_use]
    pub const fn mirrored(self) -> Column {
        Column((WIDTH - 1) as u8 - self.0)
    }

    /// Distance from the centre column of the standard board (0 for the middle).
    #[must_use]
    pub const fn distance_from_center(self) -> usize {
        (self.0 as isize - (WIDTH as isize - 1) / 2).unsigned_abs()
    }
}

impl TryFrom<u8> for Column {
    type Error = OutOfBoard;
    /// From a 0-based index.
    fn try_from(index: u8) -> Result<Self, OutOfBoard> {
        Column::new(index as usize).ok_or(OutOfBoard)
    }
}

impl From<Column> for u8 {
    fn from(column: Column) -> u8 {
        column.0
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Column {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Column {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = i64::deserialize(deserializer)?;
        usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(Column::new)
            .ok_or_else(|| {
                serde::de::Error::custom(format_args!(
                    "column {number} is not on the board: columns are 1-{WIDTH}"
                ))
            })
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Column({})", self.number())
    }
}

/// An index that names no column or square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBoard;

impl fmt::Display for OutOfBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "outside the {WIDTH}x{HEIGHT} board")
    }
}

impl std::error::Error for OutOfBoard {}

/// A cell of the board, named like Kang et al.'s Figure 5: `a1` is bottom-left, `g6` top-right.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    column: Column,
    row: u8,
}

impl Square {
    /// The square at `column` and 0-based `row`, which the caller has checked against a size.
    pub(crate) const fn from_parts(column: Column, row: usize) -> Square {
        Square {
            column,
            row: row as u8,
        }
    }

    /// The square at `column` and 0-based `row` (0 = bottom), if it is on the standard board
    /// (see [`Size::square`](crate::Size::square) for the others).
    #[must_use]
    pub const fn new(column: Column, row: usize) -> Option<Square> {
        if row < HEIGHT {
            Some(Square {
                column,
                row: row as u8,
            })
        } else {
            None
        }
    }

    /// The square's column.
    #[must_use]
    pub const fn column(self) -> Column {
        self.column
    }

    /// 0-based row, 0 = bottom.
    #[must_use]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The bit of this square in the standard board's layout (see [`crate::Bitboard`]; for the
    /// others, [`Size::bit`](crate::Size::bit)).
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << (self.column.index() * COLUMN_BITS + self.row as usize)
    }

    /// The square of bit `index` in the standard board's layout, if the bit is a cell.
    #[must_use]
    pub const fn from_bit_index(index: usize) -> Option<Square> {
        let column = index / COLUMN_BITS;
        let row = index % COLUMN_BITS;
        if column < WIDTH && row < HEIGHT {
            Some(Square {
                column: Column(column as u8),
                row: row as u8,
            })
        } else {
            None
        }
    }

    /// Every square of the standard board, column by column from `a1`.
    pub fn all() -> impl Iterator<Item = Square> {
        Column::ALL.into_iter().flat_map(|column| {
            (0..HEIGHT).map(move |row| Square {
                column,
                row: row as u8,
            })
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column.letter(), self.row + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// One of the two players. Red moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// The first player.
    Red,
    /// The second player.
    Yellow,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::Red => Player::Yellow,
            Player::Yellow => Player::Red,
        }
    }

    /// The player to move after `moves_played` moves from the empty board.
    #[must_use]
    pub const fn to_move_after(moves_played: u32) -> Player {
        if moves_played.is_multiple_of(2) {
            Player::Red
        } else {
            Player::Yellow
        }
    }

    /// Lower-case name, `red` or `yellow`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Yellow => "yellow",
        }
    }

    /// The disc symbol used in plain diagrams: `X` for red, `O` for yellow.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Player::Red => 'X',
            Player::Yellow => 'O',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
