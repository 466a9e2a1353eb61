//! A position described for people and programs: what `c4 show --json` and the server's
//! `/api/position` print. One struct, so the two never disagree.

use crate::diagram::plain_grid;
use crate::geometry::{Column, Player};
use crate::layout::Geometry;
use crate::notation::Game;
use crate::position::Status;
use crate::size::Size;

/// Everything a viewer needs to draw a position and know what may happen next.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PositionSummary {
    /// The board's size (`"7x6"` in JSON).
    pub size: Size,
    /// The moves from the empty board, as digits (letters on a board wider than 9).
    pub moves: String,
    /// Number of discs on the board.
    pub moves_played: u32,
    /// Rows top first, `.` empty, `X` red, `O` yellow.
    pub board: Vec<String>,
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Player>,
    /// `in_progress`, `draw` or `won`.
    pub status: &'static str,
    /// The winner, if the game is won.
    pub winner: Option<Player>,
    /// Every cell of the winner's fours, as square names (`d1`), bottom-left first.
    pub winning_cells: Vec<String>,
    /// The columns that can be played now.
    pub legal_columns: Vec<Column>,
}

impl PositionSummary {
    /// Describes `game`.
    #[must_use]
    pub fn of<G: Geometry>(game: &Game<G>) -> PositionSummary {
        let position = game.position();
        let size = position.size();
        let status = position.status();
        let (status_name, winner, winning_cells) = match status {
            Status::InProgress => ("in_progress", None, vec![]),
            Status::Draw => ("draw", None, vec![]),
            Status::Won { winner, cells } => {
                let mut squares: Vec<_> = cells.squares_in(size).collect();
                squares.sort_by_key(|s| (s.row(), s.column()));
                (
                    "won",
                    Some(winner),
                    squares.iter().map(ToString::to_string).collect(),
                )
            }
        };
        PositionSummary {
            size,
            moves: game.move_string(),
            moves_played: position.moves_played(),
            board: plain_grid(position).lines().map(str::to_owned).collect(),
            to_move: (!status.is_over()).then(|| position.side_to_move()),
            status: status_name,
            winner,
            winning_cells,
            legal_columns: position.legal_moves().collect(),
        }
    }
}
