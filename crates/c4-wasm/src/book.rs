//! `/api/book`, the browser build's own route: what the built-in opening book knows of a
//! position, which the static page reads without a solve.

use c4_api::{PositionRequest, RequestError};
use c4_books::OpeningBook;
use c4_solver::ExactScore;
use serde::Serialize;

/// What the built-in opening book knows of a position.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct BookAnswer {
    /// The position asked about.
    pub moves: String,
    /// The deepest ply the book covers.
    pub depth: u32,
    /// Each column's exact score for the side to move (Pons' convention), `null` for a full
    /// column; absent when the book does not score this position's moves.
    pub scores: Option<Vec<Option<ExactScore>>>,
}

/// The built-in opening book's scores for the moves of a position.
pub fn book(request: &PositionRequest) -> Result<BookAnswer, RequestError> {
    let game = c4_api::parse_game(&request.moves)?;
    let book = OpeningBook::builtin();
    let scores = book
        .move_scores(game.position())
        .ok()
        .map(|scores| scores.to_vec());
    Ok(BookAnswer {
        moves: game.move_string(),
        depth: book.depth(),
        scores,
    })
}
