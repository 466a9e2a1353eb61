//! Move strings in both directions: digits `1`-`7` (the reference test-set format, `4453`)
//! or letters `a`-`g` (`ddec`), and the [`Game`] that keeps the moves behind a position.
//!
//! On other sizes the digits run to the width on boards up to 9 wide and the letters to the
//! width always (`a`-`l` on 12x4), so every size can be written in letters.

use crate::geometry::{Column, Player};
use crate::layout::{Geometry, Standard};
use crate::position::{PlayError, Position};
use crate::size::Size;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// Which alphabet a move string uses. One string uses one alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveAlphabet {
    /// `1`..=`7`, as in the reference test sets (up to `9`, on boards up to 9 wide).
    Digits,
    /// `a`..=`g`, as in square names (up to `l`, on the widest board).
    Letters,
}

impl MoveAlphabet {
    /// The alphabet a size's moves are written in: digits where they name every column (up
    /// to 9 wide), letters beyond.
    #[must_use]
    pub const fn preferred(size: Size) -> MoveAlphabet {
        if size.has_digit_columns() {
            MoveAlphabet::Digits
        } else {
            MoveAlphabet::Letters
        }
    }
}

/// Why a move string does not describe a legal game.
///
/// `index` is the 0-based character index in the input; the message shows it 1-based as
/// "move N", which is the same thing because every move is one character.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMovesError {
    /// The input holds only spaces or tabs. (An empty input is the empty board.)
    OnlyWhitespace,
    /// A character that is no column in any notation.
    UnexpectedChar {
        /// Where.
        index: usize,
        /// What.
        found: char,
        /// The board's size.
        size: Size,
    },
    /// A digit or letter that names no column of the board (`0`, `8`, `9`, `h`... on 7x6;
    /// every digit on a board wider than 9).
    ColumnOutOfRange {
        /// Where.
        index: usize,
        /// What.
        found: char,
        /// The board's size.
        size: Size,
    },
    /// A letter in a digit string or a digit in a letter string.
    MixedNotation {
        /// Where.
        index: usize,
        /// What.
        found: char,
        /// The alphabet the string started with.
        expected: MoveAlphabet,
    },
    /// The column is already full.
    ColumnFull {
        /// Where.
        index: usize,
        /// What.
        found: char,
        /// The column.
        column: Column,
    },
    /// The game was over before this move.
    GameOver {
        /// Where.
        index: usize,
        /// What.
        found: char,
    },
}

impl ParseMovesError {
    /// The 0-based index of the offending character, if one is to blame.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self {
            ParseMovesError::OnlyWhitespace => None,
            ParseMovesError::UnexpectedChar { index, .. }
            | ParseMovesError::ColumnOutOfRange { index, .. }
            | ParseMovesError::MixedNotation { index, .. }
            | ParseMovesError::ColumnFull { index, .. }
            | ParseMovesError::GameOver { index, .. } => Some(*index),
        }
    }
}

/// The columns of `size` in words: `1-7 (or a-g)`, or `a-j` where digits name no columns.
struct ColumnNames(Size);

impl fmt::Display for ColumnNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.0;
        let last_letter = size.last_letter();
        if size.has_digit_columns() {
            write!(f, "1-{} (or a-{last_letter})", size.width())
        } else {
            write!(f, "a-{last_letter}")
        }
    }
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMovesError::OnlyWhitespace => f.write_str(
                "the move string is only whitespace; give no moves at all for the empty board",
            ),
            ParseMovesError::UnexpectedChar { index, found, size } => write!(
                f,
                "move {} is {found:?}, which is not a column: on the {size} board columns are {}",
                index + 1,
                ColumnNames(*size)
            ),
            ParseMovesError::ColumnOutOfRange { index, found, size } => {
                write!(
                    f,
                    "move {} is {found:?}: columns are {} on the {size} board",
                    index + 1,
                    ColumnNames(*size)
                )?;
                if found.is_ascii_digit() && !size.has_digit_columns() {
                    f.write_str(" (digits name columns only on boards up to 9 wide)")?;
                }
                Ok(())
            }
            ParseMovesError::MixedNotation {
                index,
                found,
                expected,
            } => {
                let (started, other) = match expected {
                    MoveAlphabet::Digits => ("digits", "letter"),
                    MoveAlphabet::Letters => ("letters", "digit"),
                };
                write!(
                    f,
                    "move {} is the {other} {found:?} but the string started with {started}: use one notation",
                    index + 1
                )
            }
            ParseMovesError::ColumnFull {
                index,
                found,
                column,
            } => {
                write!(
                    f,
                    "move {} ({found:?}) plays column {column}, which is full",
                    index + 1
                )
            }
            ParseMovesError::GameOver { index, found } => {
                write!(
                    f,
                    "move {} ({found:?}) comes after the game is over",
                    index + 1
                )
            }
        }
    }
}

impl std::error::Error for ParseMovesError {}

/// A game: the position and the moves that led to it from the empty board, on the standard
/// board or, with a geometry, any size (see [`Position`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<G: Geometry = Standard> {
    position: Position<G>,
    moves: Vec<Column>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game at the empty standard board.
    #[must_use]
    pub fn new() -> Game {
        Game::new_in(Standard)
    }

    /// Parses a move string on the standard board (see [`parse_moves`]).
    pub fn from_moves(text: &str) -> Result<Game, ParseMovesError> {
        Game::from_moves_in(text, Standard)
    }
}

impl<G: Geometry> Game<G> {
    /// A new game at the empty board of `geometry`.
    #[must_use]
    pub fn new_in(geometry: G) -> Game<G> {
        Game {
            position: Position::new_in(geometry),
            moves: Vec::new(),
        }
    }

    /// Parses a move string on the board of `geometry` (see [`parse_moves_in`]).
    pub fn from_moves_in(text: &str, geometry: G) -> Result<Game<G>, ParseMovesError> {
        let size = geometry.size();
        let mut game = Game::new_in(geometry);
        let mut alphabet = None;
        if !text.is_empty() && text.chars().all(char::is_whitespace) {
            return Err(ParseMovesError::OnlyWhitespace);
        }
        for (index, found) in text.chars().enumerate() {
            let out_of_range = ParseMovesError::ColumnOutOfRange { index, found, size };
            let (column, this_alphabet) = match found {
                // A digit on a board whose columns have no digits is no column, whatever
                // the string started with.
                '0'..='9' if !size.has_digit_columns() => return Err(out_of_range),
                '0'..='9' => (size.column_from_digit(found), MoveAlphabet::Digits),
                c if c.is_ascii_alphabetic() => (size.column_from_letter(c), MoveAlphabet::Letters),
                _ => return Err(ParseMovesError::UnexpectedChar { index, found, size }),
            };
            match alphabet {
                None => alphabet = Some(this_alphabet),
                Some(expected) if expected != this_alphabet => {
                    return Err(ParseMovesError::MixedNotation {
                        index,
                        found,
                        expected,
                    });
                }
                Some(_) => {}
            }
            let column = column.ok_or_else(|| out_of_range.clone())?;
            game.try_play(column).map_err(|e| match e {
                PlayError::ColumnFull { column } => ParseMovesError::ColumnFull {
                    index,
                    found,
                    column,
                },
                PlayError::GameOver => ParseMovesError::GameOver { index, found },
                PlayError::OffBoard { .. } => out_of_range.clone(),
            })?;
        }
        Ok(game)
    }

    /// A game that reaches `position` (not over) from the empty board: the leftmost order
    /// of moves, found by taking back top discs of the player who moved last (any position
    /// that is not over can be reached, so this succeeds for every one).
    #[must_use]
    pub fn leading_to(position: &Position<G>) -> Option<Game<G>> {
        Game::new_in(position.geometry()).continued_to(position)
    }

    /// This game continued to `position` (not over), if `position` holds every disc of this
    /// game's position, each of the same player: the moves are found by taking back top
    /// discs of `position` that are not in this game's, last mover first.
    #[must_use]
    pub fn continued_to(&self, position: &Position<G>) -> Option<Game<G>> {
        fn take_back<G: Geometry>(
            position: Position<G>,
            keep: u64,
            dead: &mut HashSet<u64>,
            moves: &mut Vec<Column>,
        ) -> bool {
            let (_, occupied) = position.raw();
            if occupied == keep {
                return true;
            }
            if !dead.insert(position.key()) {
                return false;
            }
            let geometry = position.geometry();
            for column in geometry.size().columns() {
                if occupied & !keep & geometry.column_mask(column) == 0 {
                    continue;
                }
                let mut before = position;
                if before.undo(column) && take_back(before, keep, dead, moves) {
                    moves.push(column);
                    return true;
                }
            }
            false
        }
        let (_, keep) = self.position.raw();
        let (_, occupied) = position.raw();
        let red = |p: &Position<G>| p.discs(Player::Red).0;
        if position.is_over()
            || keep & !occupied != 0
            || red(position) & keep != red(&self.position)
        {
            return None;
        }
        let mut moves = Vec::with_capacity(position.moves_played() as usize);
        if !take_back(*position, keep, &mut HashSet::new(), &mut moves) {
            return None;
        }
        let mut game = self.clone();
        for column in moves {
            game.try_play(column).ok()?;
        }
        (game.position == *position).then_some(game)
    }

    /// The same game with the geometry `geometry`, if it is of the same size (see
    /// [`Position::to_geometry`]).
    #[must_use]
    pub fn to_geometry<H: Geometry>(&self, geometry: H) -> Option<Game<H>> {
        Some(Game {
            position: self.position.to_geometry(geometry)?,
            moves: self.moves.clone(),
        })
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position<G> {
        &self.position
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> Size {
        self.position.size()
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Column] {
        &self.moves
    }

    /// The last move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Column> {
        self.moves.last().copied()
    }

    /// Plays a move, checking it.
    pub fn try_play(&mut self, column: Column) -> Result<(), PlayError> {
        self.position.try_play(column)?;
        self.moves.push(column);
        Ok(())
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Column> {
        let column = self.moves.pop()?;
        let undone = self.position.undo(column);
        debug_assert!(
            undone,
            "the last move's column has the last move's disc on top"
        );
        Some(column)
    }

    /// The moves as digits, e.g. `4453`, or as letters on a board wider than 9.
    #[must_use]
    pub fn move_string(&self) -> String {
        format_moves(&self.moves, MoveAlphabet::preferred(self.size()))
    }
}

impl From<Game> for Game<crate::AnySize> {
    /// A standard game with its size read at run time.
    fn from(game: Game) -> Game<crate::AnySize> {
        Game {
            position: game.position.into(),
            moves: game.moves,
        }
    }
}

impl FromStr for Game {
    type Err = ParseMovesError;
    fn from_str(text: &str) -> Result<Game, ParseMovesError> {
        Game::from_moves(text)
    }
}

impl FromStr for Position {
    type Err = ParseMovesError;
    /// Parses a move string from the empty standard board.
    fn from_str(text: &str) -> Result<Position, ParseMovesError> {
        parse_moves(text)
    }
}

/// Plays a move string from the empty standard board: digits `1`-`7` or letters `a`-`g`, one
/// notation per string; the empty string is the empty board.
pub fn parse_moves(text: &str) -> Result<Position, ParseMovesError> {
    parse_moves_in(text, Standard)
}

/// Plays a move string from the empty board of `geometry`: digits `1` up to the width (on
/// boards up to 9 wide) or letters `a` up to the width's letter, one notation per string; the
/// empty string is the empty board. A column the board lacks is an error naming its size.
pub fn parse_moves_in<G: Geometry>(
    text: &str,
    geometry: G,
) -> Result<Position<G>, ParseMovesError> {
    Game::from_moves_in(text, geometry).map(|g| g.position)
}

/// Writes moves as digits (`4453`) or letters (`ddec`). Digits name columns 1-9 only: moves
/// that play a column beyond the ninth are written in letters whatever `alphabet` says, so
/// that the string always reads back.
#[must_use]
pub fn format_moves(moves: &[Column], alphabet: MoveAlphabet) -> String {
    let digits = alphabet == MoveAlphabet::Digits && moves.iter().all(|c| c.number() <= 9);
    moves
        .iter()
        .map(|c| {
            if digits {
                char::from(b'0' + c.number())
            } else {
                c.letter()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_and_letters_agree() {
        let a = parse_moves("4453").unwrap();
        let b = parse_moves("ddec").unwrap();
        assert_eq!(a, b);
        assert_eq!(Game::from_moves("ddec").unwrap().move_string(), "4453");
        assert_eq!(
            format_moves(
                Game::from_moves("4453").unwrap().moves(),
                MoveAlphabet::Letters
            ),
            "ddec"
        );
    }

    #[test]
    fn each_error_names_its_move() {
        use ParseMovesError::*;
        assert_eq!(
            parse_moves("44a"),
            Err(MixedNotation {
                index: 2,
                found: 'a',
                expected: MoveAlphabet::Digits
            })
        );
        let size = Size::STANDARD;
        assert_eq!(
            parse_moves("9"),
            Err(ColumnOutOfRange {
                index: 0,
                found: '9',
                size
            })
        );
        assert_eq!(
            parse_moves("40"),
            Err(ColumnOutOfRange {
                index: 1,
                found: '0',
                size
            })
        );
        assert_eq!(
            parse_moves("ah"),
            Err(ColumnOutOfRange {
                index: 1,
                found: 'h',
                size
            })
        );
        assert_eq!(
            parse_moves("4-4"),
            Err(UnexpectedChar {
                index: 1,
                found: '-',
                size
            })
        );
        assert_eq!(
            parse_moves("44 5"),
            Err(UnexpectedChar {
                index: 2,
                found: ' ',
                size
            })
        );
        assert_eq!(
            parse_moves("1111111"),
            Err(ColumnFull {
                index: 6,
                found: '1',
                column: Column::new(0).unwrap()
            })
        );
        assert_eq!(
            parse_moves("44556671"),
            Err(GameOver {
                index: 7,
                found: '1'
            })
        );
        assert_eq!(parse_moves("   "), Err(OnlyWhitespace));
        assert_eq!(parse_moves(""), Ok(Position::new()));
    }
}
