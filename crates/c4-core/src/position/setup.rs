//! Building a [`Position`] from its discs or from a grid, every invariant checked: no
//! floating disc, disc counts that differ by at most one, no disc after a win.

use super::Position;
use crate::bitboard::{Bitboard, FULL_BOARD, has_four};
use crate::geometry::{COLUMN_BITS, Column, HEIGHT, Player, Square, WIDTH};
use std::fmt;

/// Why a grid does not describe a reachable position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupError {
    /// The grid has the wrong number of rows or a row of the wrong width.
    Shape {
        /// What is wrong with it.
        detail: String,
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
            SetupError::Shape { detail } => write!(
                f,
                "the grid must be {HEIGHT} rows of {WIDTH} cells: {detail}"
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
    /// Builds a position from the discs of each player, checking every invariant.
    pub fn from_discs(red: Bitboard, yellow: Bitboard) -> Result<Position, SetupError> {
        if red.0 & yellow.0 != 0 || (red.0 | yellow.0) & !FULL_BOARD != 0 {
            return Err(SetupError::Shape {
                detail: "overlapping or off-board discs".to_owned(),
            });
        }
        let occupied = red.0 | yellow.0;
        // Floating check: each column's discs must be a solid stack from the bottom.
        for column in Column::ALL {
            let col = (occupied & Bitboard::column(column).0) >> (column.index() * COLUMN_BITS);
            if col & (col + 1) != 0 {
                let row = (col + 1).trailing_zeros() as usize;
                let above = (row + 1..HEIGHT)
                    .find(|&r| col & (1 << r) != 0)
                    .unwrap_or(row);
                return Err(SetupError::Floating {
                    square: Square::new(column, above).expect("row < HEIGHT"),
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
        };
        let (red_four, yellow_four) = (red.has_four(), yellow.has_four());
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
        let last_move_possible = Column::ALL.iter().any(|&column| {
            let col = occupied & Bitboard::column(column).0;
            if col == 0 {
                return false;
            }
            let top = 1u64 << (63 - col.leading_zeros());
            top & winner_discs != 0 && !has_four(winner_discs ^ top)
        });
        if last_move_possible {
            Ok(position)
        } else {
            Err(SetupError::Unreachable {
                detail: "play went on after four were connected",
            })
        }
    }

    /// Parses a grid: `HEIGHT` lines top row first, each `WIDTH` cells of `.`, `X`/`R` (red)
    /// or `O`/`Y` (yellow). Spaces inside a line are ignored; blank lines around it too.
    pub fn from_grid(text: &str) -> Result<Position, SetupError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        if rows.len() != HEIGHT {
            return Err(SetupError::Shape {
                detail: format!("found {} rows", rows.len()),
            });
        }
        let (mut red, mut yellow) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for (i, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != WIDTH {
                return Err(SetupError::Shape {
                    detail: format!("row {} has {} cells", i + 1, cells.len()),
                });
            }
            for (column, &cell) in Column::ALL.iter().zip(&cells) {
                let square = Square::new(*column, HEIGHT - 1 - i).expect("row < HEIGHT");
                match cell {
                    '.' | '-' | '_' => {}
                    'X' | 'x' | 'R' | 'r' => red = red.with(square),
                    'O' | 'o' | 'Y' | 'y' => yellow = yellow.with(square),
                    found => {
                        return Err(SetupError::UnknownCell {
                            found,
                            row_from_top: i + 1,
                            column: *column,
                        });
                    }
                }
            }
        }
        Position::from_discs(red, yellow)
    }
}
