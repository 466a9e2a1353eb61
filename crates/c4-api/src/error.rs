//! [`RequestError`]: why a request cannot be answered, in the words its sender needs.

use c4_core::{ParseMovesError, Size};
use c4_players::SpecError;
use c4_players::review::ReviewError;

/// A request that cannot be answered. Every kind is the sender's to fix (the server answers
/// each with 400, the browser build with its `{"error": ...}`); the message names what to
/// change, and quotes what was sent cut to a readable length.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// The moves are not a game (on the board of the request's size).
    #[error("invalid position {moves:?}{}: {source}", on_board(*.size))]
    InvalidPosition {
        /// The moves, cut to 80 characters.
        moves: String,
        /// The board they were read on.
        size: Size,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The game is over where a move or an analysis was asked for.
    #[error("the game is over: {why_not}")]
    GameOver {
        /// What cannot be done in a finished game ("there is no move to choose").
        why_not: &'static str,
    },
    /// The player spec (or level name) does not parse, or names a file.
    #[error("invalid ai {text:?}: {source}")]
    InvalidPlayer {
        /// The spec as sent, cut to 80 characters.
        text: String,
        /// What is wrong with it.
        #[source]
        source: SpecError,
    },
    /// The spec parsed but its player could not be built.
    #[error(transparent)]
    UnbuildablePlayer(SpecError),
    /// A budget of no time at all.
    #[error("time_ms must be at least 1")]
    ZeroBudget,
    /// A review of a game without moves.
    #[error("there is no move to review")]
    NothingToReview,
    /// The solver could not review the game.
    #[error(transparent)]
    Review(#[from] ReviewError),
}

/// Where a position was read, said off 7x6 only: ` on the 6x5 board`.
fn on_board(size: Size) -> String {
    if size.is_standard() {
        String::new()
    } else {
        format!(" on the {size} board")
    }
}
