//! `/api/position`: a position described, and the reading of every request's `moves`.

use crate::error::RequestError;
use c4_core::{AnySize, Game, Geometry, PositionSummary, Size, Standard};
use serde::{Deserialize, Serialize};

/// A position (`GET /api/position?moves=4453`; the browser build's body `{"moves": ...}`).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// Moves from the empty board; absent means the empty board.
    #[serde(default)]
    pub moves: String,
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
}

/// The board, side to move, status, winning cells and legal columns of a position.
pub fn position(request: &PositionRequest) -> Result<PositionSummary, RequestError> {
    Ok(PositionSummary::of(&parse_game_on(
        &request.moves,
        request.size,
    )?))
}

/// The game of a request's `moves` on the standard board.
pub fn parse_game(moves: &str) -> Result<Game, RequestError> {
    parse_game_in(moves, Standard)
}

/// The game of a request's `moves` on a board of `size` (7x6 included, read at run time).
pub fn parse_game_on(moves: &str, size: Size) -> Result<Game<AnySize>, RequestError> {
    parse_game_in(moves, AnySize::new(size))
}

fn parse_game_in<G: Geometry>(moves: &str, geometry: G) -> Result<Game<G>, RequestError> {
    Game::from_moves_in(moves, geometry).map_err(|source| RequestError::InvalidPosition {
        moves: c4_core::excerpt(moves),
        size: geometry.size(),
        source,
    })
}

/// The game of a request's `moves` on a board of `size`, where a move can still be played;
/// `why_not` says what could not be done otherwise.
pub(crate) fn parse_game_in_progress(
    moves: &str,
    size: Size,
    why_not: &'static str,
) -> Result<Game<AnySize>, RequestError> {
    let game = parse_game_on(moves, size)?;
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
        let over = parse_game_in_progress("4455667", Size::STANDARD, "no move to choose");
        assert_eq!(
            over.unwrap_err().to_string(),
            "the game is over: no move to choose"
        );
        let small = Size::new(5, 4).unwrap();
        let message = parse_game_on("16", small).unwrap_err().to_string();
        assert!(
            message.starts_with("invalid position \"16\" on the 5x4 board"),
            "{message}"
        );
    }
}
