//! `Position`: the full state of a game as two bitboards and a move count, on the standard
//! board or any size (see [`crate::layout`]).

use crate::bitboard::Bitboard;
use crate::geometry::{COLUMN_BITS, Column, HEIGHT, Player, Square};
use crate::layout::{AnySize, Geometry, Standard};
use crate::size::Size;
use std::fmt;

mod setup;

pub use setup::SetupError;

/// A Connect-4 position: whose discs are where, and who is to move, on the board of its
/// geometry: [`Standard`] (7x6, the default, fixed at compile time) or [`AnySize`].
///
/// Stored as Pons does: `current` holds the discs of the side to move, `occupied` every disc
/// (see [`crate::bitboard`] for the bit layout). It is `Copy` and 24 bytes on the standard
/// board (40 with a run-time size), so search code copies it instead of undoing moves.
///
/// Invariants, enforced by every constructor: no disc floats; the counts differ by at most one
/// with red never behind; a won position has exactly one winner, who moved last.
///
/// `Position::new()` and the other constructors without a geometry make standard positions;
/// the `_in` ones (`new_in`, `from_key_in`, ...) take the geometry, as std's `Vec::new_in`
/// takes an allocator.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<G = Standard> {
    current: u64,
    occupied: u64,
    moves: u32,
    geometry: G,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves remain and nobody has four.
    InProgress,
    /// The board is full and nobody has four.
    Draw,
    /// `winner` connected four; `cells` are all cells of their completed lines.
    Won {
        /// Who connected four.
        winner: Player,
        /// Every cell that is part of one of the winner's fours.
        cells: Bitboard,
    },
}

impl Status {
    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::InProgress)
    }
}

/// How a finished game ended, as recorded by matches and tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome {
    /// This player connected four.
    Win(Player),
    /// The board filled up.
    Draw,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// The column has no empty cell.
    ColumnFull {
        /// The full column.
        column: Column,
    },
    /// Somebody already won or the board is full.
    GameOver,
    /// The column is not on this board (one of a wider board's).
    OffBoard {
        /// The column.
        column: Column,
        /// The board's size.
        size: Size,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::ColumnFull { column } => write!(f, "column {column} is full"),
            PlayError::GameOver => f.write_str("the game is already over"),
            PlayError::OffBoard { column, size } => write!(
                f,
                "column {column} is not on the {size} board: its columns are 1-{}",
                size.width()
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The empty standard board, red to move.
    #[must_use]
    pub const fn new() -> Position {
        Position::new_in(Standard)
    }

    /// The standard position whose [`key`](Self::key) is `key`, if any reachable position
    /// has it: the inverse of `key`, for files that store positions by key.
    #[must_use]
    pub fn from_key(key: u64) -> Option<Position> {
        Position::from_key_in(key, Standard)
    }
}

impl<G: Geometry> Position<G> {
    /// The empty board of `geometry`, red to move.
    #[must_use]
    pub const fn new_in(geometry: G) -> Position<G> {
        Position {
            current: 0,
            occupied: 0,
            moves: 0,
            geometry,
        }
    }

    /// The board's geometry.
    #[must_use]
    pub const fn geometry(&self) -> G {
        self.geometry
    }

    /// The board's size.
    #[must_use]
    #[inline]
    pub fn size(&self) -> Size {
        self.geometry.size()
    }

    /// The same position with the geometry `geometry`, if it is of the same size (the bits
    /// are the same): a standard position read at run time, or back.
    #[must_use]
    pub fn to_geometry<H: Geometry>(&self, geometry: H) -> Option<Position<H>> {
        (geometry.size() == self.size()).then_some(Position {
            current: self.current,
            occupied: self.occupied,
            moves: self.moves,
            geometry,
        })
    }

    /// Number of discs on the board.
    #[must_use]
    pub const fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The player whose turn it is (even when the game is over: the one who would move next).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        Player::to_move_after(self.moves)
    }

    /// Discs of the side to move.
    #[must_use]
    pub const fn current_discs(&self) -> Bitboard {
        Bitboard(self.current)
    }

    /// Discs of the side that just moved.
    #[must_use]
    pub const fn opponent_discs(&self) -> Bitboard {
        Bitboard(self.current ^ self.occupied)
    }

    /// Every disc.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.occupied)
    }

    /// Discs of `player`.
    #[must_use]
    pub const fn discs(&self, player: Player) -> Bitboard {
        if player as u8 == self.side_to_move() as u8 {
            self.current_discs()
        } else {
            self.opponent_discs()
        }
    }

    /// Who holds `square`, if anyone (nobody for a square off the board).
    #[must_use]
    #[inline]
    pub fn cell(&self, square: Square) -> Option<Player> {
        let bit = self.geometry.square_bit(square);
        if self.occupied & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().other())
        }
    }

    /// Number of discs in `column` (none in a column off the board).
    #[must_use]
    #[inline]
    pub fn height(&self, column: Column) -> usize {
        (self.occupied & self.geometry.column_mask(column)).count_ones() as usize
    }

    /// The cells where a disc would land now, one per column that is not full.
    #[must_use]
    #[inline]
    pub fn playable_cells(&self) -> Bitboard {
        Bitboard((self.occupied + self.geometry.bottom()) & self.geometry.board())
    }

    /// Whether `column` is on the board and has room (regardless of whether the game is over).
    #[must_use]
    #[inline]
    pub fn can_play(&self, column: Column) -> bool {
        self.geometry.has_column(column) && self.occupied & self.geometry.top_cell(column) == 0
    }

    /// Whether the side that just moved has four: the game was won by the last move.
    #[must_use]
    #[inline]
    pub fn last_mover_won(&self) -> bool {
        self.geometry.has_four(self.current ^ self.occupied)
    }

    /// Whether the game is over (won or board full).
    #[must_use]
    #[inline]
    pub fn is_over(&self) -> bool {
        self.moves as usize == self.geometry.cells() || self.last_mover_won()
    }

    /// Whether playing `column` now connects four for the side to move.
    #[must_use]
    #[inline]
    pub fn is_winning_move(&self, column: Column) -> bool {
        self.winning_cells().0 & self.playable_cells().0 & self.geometry.column_mask(column) != 0
    }

    /// Empty cells that would complete four for the side to move (playable or not).
    #[must_use]
    #[inline]
    pub fn winning_cells(&self) -> Bitboard {
        Bitboard(self.geometry.winning_cells(self.current, self.occupied))
    }

    /// Empty cells that would complete four for the side that just moved.
    #[must_use]
    #[inline]
    pub fn opponent_winning_cells(&self) -> Bitboard {
        Bitboard(
            self.geometry
                .winning_cells(self.current ^ self.occupied, self.occupied),
        )
    }

    /// Whether the side to move can connect four with its next disc.
    #[must_use]
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells().0 & self.playable_cells().0 != 0
    }

    /// The playable cells that do not hand the opponent a win with its next disc (Pons'
    /// `possibleNonLosingMoves`): when the opponent threatens one playable cell, that block is
    /// the only candidate; two such threats leave none; and no disc goes directly below an
    /// opponent's winning cell. Empty means every move loses. The side to move is assumed not
    /// to win at once (callers check first).
    #[must_use]
    #[inline]
    pub fn non_losing_moves(&self) -> Bitboard {
        let opponent_wins = self.opponent_winning_cells().0;
        Bitboard(self.geometry.non_losing_cells(self.occupied, opponent_wins))
    }

    /// The columns that can be played, left to right; none once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Column> + '_ {
        let over = self.is_over();
        self.size()
            .columns()
            .filter(move |&c| !over && self.can_play(c))
    }

    /// The game's status, with the winning cells when it is won.
    #[must_use]
    pub fn status(&self) -> Status {
        let last = self.current ^ self.occupied;
        if self.geometry.has_four(last) {
            Status::Won {
                winner: self.side_to_move().other(),
                cells: Bitboard(self.geometry.four_cells(last)),
            }
        } else if self.moves as usize == self.geometry.cells() {
            Status::Draw
        } else {
            Status::InProgress
        }
    }

    /// Plays `column` for the side to move, checking that the move is legal.
    /// On error the position is unchanged.
    pub fn try_play(&mut self, column: Column) -> Result<(), PlayError> {
        if !self.geometry.has_column(column) {
            return Err(PlayError::OffBoard {
                column,
                size: self.size(),
            });
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.can_play(column) {
            return Err(PlayError::ColumnFull { column });
        }
        self.play_unchecked(column);
        Ok(())
    }

    /// Plays `column`, trusting the caller that it is legal.
    #[inline]
    pub fn play_unchecked(&mut self, column: Column) {
        debug_assert!(self.can_play(column), "play_unchecked on a full column");
        let g = self.geometry;
        // The column's cells, unchecked: the caller vouches for the column.
        let cells = ((1 << g.height()) - 1) << (column.index() * g.column_bits());
        self.play_cell((self.occupied + g.bottom()) & cells);
    }

    /// Plays the disc landing on `cell`, a single bit from [`Position::playable_cells`].
    /// The fast path of the solver: no column lookup.
    #[inline]
    pub fn play_cell(&mut self, cell: u64) {
        debug_assert!(
            cell.count_ones() == 1 && cell & self.playable_cells().0 == cell,
            "cell must be playable"
        );
        self.current ^= self.occupied;
        self.occupied |= cell;
        self.moves += 1;
    }

    /// Takes back the top disc of `column`, which must be the last move played
    /// (the papers' `RemoveMove`). Returns `false` and changes nothing when the column is
    /// empty or off the board.
    pub fn undo(&mut self, column: Column) -> bool {
        let col = self.occupied & self.geometry.column_mask(column);
        if col == 0 || self.moves == 0 {
            return false;
        }
        let top = 1u64 << (63 - col.leading_zeros());
        // The disc belongs to the side that just moved, i.e. is not in `current`.
        if self.current & top != 0 {
            return false;
        }
        self.occupied ^= top;
        self.current ^= self.occupied;
        self.moves -= 1;
        true
    }

    /// A unique 64-bit key (Pons: current + occupied; below `1 << (W * (H + 1))`, 49 bits on
    /// 7x6).
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.current + self.occupied
    }

    /// The position of `geometry` whose [`key`](Self::key) is `key`, if any reachable
    /// position has it.
    #[must_use]
    pub fn from_key_in(key: u64, geometry: G) -> Option<Position<G>> {
        let bits = geometry.key_bits();
        if bits < 64 && key >> bits != 0 {
            return None;
        }
        // Per column, occupied + bottom is the single bit above the stack, and the side to
        // move's discs lie below it: key + bottom holds both without carries between columns.
        let marked = key.checked_add(geometry.bottom())?;
        let column_bits = geometry.column_bits();
        let (mut current, mut occupied) = (0u64, 0u64);
        for column in geometry.size().columns() {
            let shift = column.index() * column_bits;
            let bits = (marked >> shift) & ((1 << column_bits) - 1);
            if bits == 0 {
                return None;
            }
            let height = 63 - bits.leading_zeros() as usize;
            current |= (bits ^ (1 << height)) << shift;
            occupied |= ((1 << height) - 1) << shift;
        }
        let moves = occupied.count_ones();
        let opponent = current ^ occupied;
        let (red, yellow) = if moves % 2 == 0 {
            (current, opponent)
        } else {
            (opponent, current)
        };
        let position = Position::from_discs_in(Bitboard(red), Bitboard(yellow), geometry).ok()?;
        (position.key() == key).then_some(position)
    }

    /// The key of the mirror image.
    #[must_use]
    #[inline]
    pub fn mirror_key(&self) -> u64 {
        // Each column's part of the key is below 2^column_bits, so the key mirrors as a whole.
        self.geometry.mirror(self.key())
    }

    /// The smaller of the key and the mirror key: equal for a position and its mirror.
    #[must_use]
    #[inline]
    pub fn canonical_key(&self) -> u64 {
        self.key().min(self.mirror_key())
    }

    /// The left-right mirror image.
    #[must_use]
    #[inline]
    pub fn mirrored(&self) -> Position<G> {
        Position {
            current: self.geometry.mirror(self.current),
            occupied: self.geometry.mirror(self.occupied),
            moves: self.moves,
            geometry: self.geometry,
        }
    }

    /// Raw words for hashing and serialising: (discs of the side to move, all discs).
    #[must_use]
    pub const fn raw(&self) -> (u64, u64) {
        (self.current, self.occupied)
    }
}

impl From<Position> for Position<AnySize> {
    /// A standard position with its size read at run time.
    fn from(position: Position) -> Position<AnySize> {
        Position {
            current: position.current,
            occupied: position.occupied,
            moves: position.moves,
            geometry: AnySize::new(Size::STANDARD),
        }
    }
}

/// The top cell of `column` on the standard board.
#[must_use]
pub const fn top_cell(column: Column) -> u64 {
    1 << (HEIGHT - 1 + column.index() * COLUMN_BITS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(n: u8) -> Column {
        Column::from_digit((b'0' + n) as char).unwrap()
    }

    #[test]
    fn undo_restores_and_rejects_the_wrong_column() {
        let mut p = Position::new();
        p.try_play(col(4)).unwrap();
        p.try_play(col(4)).unwrap();
        p.try_play(col(5)).unwrap();
        let before = p;
        p.try_play(col(3)).unwrap();
        assert!(
            !p.undo(col(5)),
            "column 5's top disc is not the last move's owner"
        );
        assert!(p.undo(col(3)));
        assert_eq!(p, before);
    }

    #[test]
    fn grid_setup_checks_invariants() {
        let ok =
            Position::from_grid(".......\n.......\n.......\n.......\n...O...\n..XXO..").unwrap();
        assert_eq!(ok.moves_played(), 4);
        assert!(matches!(
            Position::from_grid(".......\n.......\n.......\n...X...\n.......\n...O...")
                .unwrap_err(),
            SetupError::Floating { .. }
        ));
        assert!(matches!(
            Position::from_grid(".......\n.......\n.......\n.......\n.......\nXX.....")
                .unwrap_err(),
            SetupError::DiscCounts { red: 2, yellow: 0 }
        ));
        // Red wins on the bottom row, yellow to move: fine.
        Position::from_grid(".......\n.......\n.......\n.......\nOOO....\nXXXX...").unwrap();
        // Red's only top disc (d2) is not part of the four: play went on after the win.
        assert_eq!(
            Position::from_grid(".......\n.......\n.......\n.......\nOOOX...\nXXXXO..")
                .unwrap_err(),
            SetupError::Unreachable {
                detail: "play went on after four were connected"
            }
        );
    }
}
