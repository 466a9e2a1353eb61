//! Building a [`Position`] from its discs or from a grid, every invariant checked: no
//! floating disc, disc counts that differ by at most one, no disc after a win.

use super::Position;
use crate::bitboard::Bitboard;
use crate::geometry::{Column, Player, Square};
use crate::layout::{Geometry, Standard};
use crate::size::Size;
use std::fmt;

/// Why a grid does not describe a reachable position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The grid has the wrong number of rows or a row of the wrong width, or discs overlap
    /// or lie off the board.
    Shape {
        /// What is wrong with it.
        detail: String,
        /// The board's size.
        size: Size,
    },
    /// A character other than `.`, `X`/`R`/`x`/`r` (red) or `O`/`Y`/`o`/`y` (yellow).
    UnknownCell {
        /// The character.
        found: char,
        /// Its row from the top, 1-based, and column letter.
        row_from_top: usize,
        /// The column.
        column: Column,
    },
    /// A disc with an empty cell below it.
    Floating {
        /// The floating disc.
        square: Square,
    },
    /// Red must have as many discs as yellow, or one more.
    DiscCounts {
        /// Red's count.
        red: u32,
        /// Yellow's count.
        yellow: u32,
    },
    /// Both players have four, or the winner did not move last, or play went on after a win.
    Unreachable {
        /// What makes it unreachable.
        detail: &'static str,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Shape { detail, size } => write!(
                f,
                "the grid must be {} rows of {} cells for the {size} board: {detail}",
                size.height(),
                size.width()
            ),
            SetupError::UnknownCell {
                found,
                row_from_top,
                column,
            } => write!(
                f,
                "unknown cell {found:?} in row {row_from_top} from the top, column {column}: use '.', 'X' or 'O'"
            ),
            SetupError::Floating { square } => {
                write!(f, "the disc at {square} floats above an empty cell")
            }
            SetupError::DiscCounts { red, yellow } => {
                write!(
                    f,
                    "red has {red} discs and yellow {yellow}: red must have as many as yellow or one more"
                )
            }
            SetupError::Unreachable { detail } => {
                write!(f, "position cannot arise in a game: {detail}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// Builds a standard position from the discs of each player, checking every invariant.
    pub fn from_discs(red: Bitboard, yellow: Bitboard) -> Result<Position, SetupError> {
        Position::from_discs_in(red, yellow, Standard)
    }

    /// Parses a grid of the standard board: 6 lines top row first, each 7 cells of `.`,
    /// `X`/`R` (red) or `O`/`Y` (yellow). Spaces inside a line are ignored; blank lines
    /// around it too.
    pub fn from_grid(text: &str) -> Result<Position, SetupError> {
        Position::from_grid_in(text, Standard)
    }
}

impl<G: Geometry> Position<G> {
    /// Builds a position of `geometry` from the discs of each player, checking every
    /// invariant.
    pub fn from_discs_in(
        red: Bitboard,
        yellow: Bitboard,
        geometry: G,
    ) -> Result<Position<G>, SetupError> {
        let size = geometry.size();
        if red.0 & yellow.0 != 0 || (red.0 | yellow.0) & !geometry.board() != 0 {
            return Err(SetupError::Shape {
                detail: "overlapping or off-board discs".to_owned(),
                size,
            });
        }
        let occupied = red.0 | yellow.0;
        // Floating check: each column's discs must be a solid stack from the bottom.
        for column in size.columns() {
            let shift = column.index() * geometry.column_bits();
            let col = (occupied & geometry.column_mask(column)) >> shift;
            if col & (col + 1) != 0 {
                let row = (col + 1).trailing_zeros() as usize;
                let above = (row + 1..size.height())
                    .find(|&r| col & (1 << r) != 0)
                    .unwrap_or(row);
                return Err(SetupError::Floating {
                    square: size.square(column, above).expect("row < height"),
                });
            }
        }
        let (r, y) = (red.count(), yellow.count());
        if r != y && r != y + 1 {
            return Err(SetupError::DiscCounts { red: r, yellow: y });
        }
        let moves = r + y;
        let to_move = Player::to_move_after(moves);
        let current = if to_move == Player::Red {
            red.0
        } else {
            yellow.0
        };
        let position = Position {
            current,
            occupied,
            moves,
            geometry,
        };
        let (red_four, yellow_four) = (geometry.has_four(red.0), geometry.has_four(yellow.0));
        match (red_four, yellow_four) {
            (true, true) => {
                return Err(SetupError::Unreachable {
                    detail: "both players have four",
                });
            }
            (false, false) => return Ok(position),
            _ => {}
        }
        let winner = if red_four {
            Player::Red
        } else {
            Player::Yellow
        };
        if winner == to_move {
            return Err(SetupError::Unreachable {
                detail: "the winner has moved and then the loser too",
            });
        }
        // Some top disc of the winner must be the last move: removing it leaves no four.
        let winner_discs = if red_four { red.0 } else { yellow.0 };
        let last_move_possible = size.columns().any(|column| {
            let col = occupied & geometry.column_mask(column);
            if col == 0 {
                return false;
            }
            let top = 1u64 << (63 - col.leading_zeros());
            top & winner_discs != 0 && !geometry.has_four(winner_discs ^ top)
        });
        if last_move_possible {
            Ok(position)
        } else {
            Err(SetupError::Unreachable {
                detail: "play went on after four were connected",
            })
        }
    }

    /// Parses a grid of `geometry`'s board: one line a row, top row first, each a cell a
    /// column of `.`, `X`/`R` (red) or `O`/`Y` (yellow). Spaces inside a line are ignored;
    /// blank lines around it too.
    pub fn from_grid_in(text: &str, geometry: G) -> Result<Position<G>, SetupError> {
        let size = geometry.size();
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if rows.len() != size.height() {
            return Err(SetupError::Shape {
                detail: format!("found {} rows", rows.len()),
                size,
            });
        }
        let (mut red, mut yellow) = (0u64, 0u64);
        for (i, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != size.width() {
                return Err(SetupError::Shape {
                    detail: format!("row {} has {} cells", i + 1, cells.len()),
                    size,
                });
            }
            for (column, &cell) in size.columns().zip(&cells) {
                let square = size
                    .square(column, size.height() - 1 - i)
                    .expect("row < height");
                let bit = size.bit(square);
                match cell {
                    '.' | '-' | '_' => {}
                    'X' | 'x' | 'R' | 'r' => red |= bit,
                    'O' | 'o' | 'Y' | 'y' => yellow |= bit,
                    found => {
                        return Err(SetupError::UnknownCell {
                            found,
                            row_from_top: i + 1,
                            column,
                        });
                    }
                }
            }
        }
        Position::from_discs_in(Bitboard(red), Bitboard(yellow), geometry)
    }
}
