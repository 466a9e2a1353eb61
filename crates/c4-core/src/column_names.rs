//! A size's columns by name: read from what a person types (a digit on boards up to 9 wide,
//! a letter on any) and printed as what is typed back, the one convention of every front end.

use crate::geometry::Column;
use crate::size::Size;

impl Size {
    /// Whether digits name the columns: on boards up to 9 wide (letters always do).
    #[must_use]
    pub const fn has_digit_columns(self) -> bool {
        self.width() <= 9
    }

    /// Parses a column digit, `1` up to the width, on boards up to 9 wide.
    #[must_use]
    pub fn column_from_digit(self, c: char) -> Option<Column> {
        let d = c.to_digit(10)? as usize;
        if d == 0 || !self.has_digit_columns() {
            None
        } else {
            self.column(d - 1)
        }
    }

    /// Parses a column letter, `a` for the leftmost (either case).
    #[must_use]
    pub fn column_from_letter(self, c: char) -> Option<Column> {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() {
            self.column((c as u8 - b'a') as usize)
        } else {
            None
        }
    }

    /// Parses one typed column, a digit (on boards up to 9 wide) or a letter: what a person
    /// types for one move, and what a move string of either alphabet holds.
    #[must_use]
    pub fn column_of_char(self, c: char) -> Option<Column> {
        self.column_from_digit(c)
            .or_else(|| self.column_from_letter(c))
    }

    /// The name a column is shown by on this board, which [`column_of_char`](Self::column_of_char)
    /// reads back: its digit on boards up to 9 wide, its letter on wider ones (where digits
    /// name no column), as move strings write it.
    #[must_use]
    pub const fn column_name(self, column: Column) -> char {
        if self.has_digit_columns() {
            (b'1' + column.index() as u8) as char
        } else {
            column.letter()
        }
    }

    /// A column in words as it is typed: `4 (d)` on boards up to 9 wide (either is typed),
    /// the letter alone on wider ones (`j`).
    #[must_use]
    pub fn column_words(self, column: Column) -> String {
        if self.has_digit_columns() {
            format!("{} ({})", self.column_name(column), column.letter())
        } else {
            column.letter().to_string()
        }
    }

    /// The letter of the rightmost column.
    #[must_use]
    pub const fn last_letter(self) -> char {
        (b'a' + self.width() as u8 - 1) as char
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_name_reads_back_on_its_board() {
        for size in Size::all() {
            for column in size.columns() {
                let name = size.column_name(column);
                assert_eq!(size.column_of_char(name), Some(column), "{size} {name}");
            }
        }
        let wide = Size::new(10, 4).unwrap();
        assert_eq!(wide.column_name(wide.column(9).unwrap()), 'j');
        assert_eq!(Size::STANDARD.column_name(Column::new(3).unwrap()), '4');
    }
}
