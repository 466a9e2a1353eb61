//! `/api/position`: a position described, and the reading of every request's `moves`.

use crate::error::RequestError;
use c4_core::{Game, PositionSummary};
use serde::{Deserialize, Serialize};

/// A position (`GET /api/position?moves=4453`; the browser build's body `{"moves": ...}`).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// Moves from the empty board; absent means the empty board.
    #[serde(default)]
    pub moves: String,
}

/// The board, side to move, status, winning cells and legal columns of a position.
pub fn position(request: &PositionRequest) -> Result<PositionSummary, RequestError> {
    Ok(PositionSummary::of(&parse_game(&request.moves)?))
}

/// The game of a request's `moves`.
pub fn parse_game(moves: &str) -> Result<Game, RequestError> {
    Game::from_moves(moves).map_err(|source| RequestError::InvalidPosition {
        moves: c4_core::excerpt(moves),
        source,
    })
}

/// The game of a request's `moves`, where a move can still be played; `why_not` says what
/// could not be done otherwise.
pub(crate) fn parse_game_in_progress(
    moves: &str,
    why_not: &'static str,
) -> Result<Game, RequestError> {
    let game = parse_game(moves)?;
    if game.position().is_over() {
        return Err(RequestError::GameOver { why_not });
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_position_is_named_cut_to_80_characters() {
        let long = "1".repeat(10_000);
        let message = parse_game(&long).unwrap_err().to_string();
        assert!(message.starts_with("invalid position \"1111"), "{message}");
        assert!(message.contains("(10000 characters)"), "{message}");
        assert!(message.len() < 300, "{message}");
        let over = parse_game_in_progress("4455667", "no move to choose").unwrap_err();
        assert_eq!(over.to_string(), "the game is over: no move to choose");
    }
}
