//! The page's requests as JSON text: the route's body read as c4-api's request, c4-api's
//! function for it called with [`BROWSER_LIMITS`], the answer written back as the JSON the
//! server sends (`docs/api.md`). Nothing here touches JavaScript, so the native tests run
//! exactly this code.

use crate::BROWSER_LIMITS;
use crate::book::book;
use c4_api::{PositionRequest, RequestError};
use c4_solver::Cancel;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The routes [`answer`] takes: the server's, by the server's names (`/api/record` aside:
/// records belong to c4-arena), and `/api/book`, the built-in book's scores, this module's own.
pub const ROUTES: [&str; 7] = [
    "/api/position",
    "/api/best",
    "/api/hint",
    "/api/analyze",
    "/api/review",
    "/api/players",
    "/api/book",
];

/// A request the engine does not answer, in words for the person who made it: the words
/// the server would put in its `{"error": ...}`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// A route the engine does not answer.
    #[error("no route {route:?}: the engine answers {}", ROUTES.join(", "))]
    UnknownRoute {
        /// The route asked for.
        route: String,
    },
    /// The body is not JSON, or not the route's request.
    #[error("invalid request body: {0}")]
    Body(#[source] serde_json::Error),
    /// c4-api refused the request.
    #[error(transparent)]
    Request(#[from] RequestError),
    /// The answer could not be written as JSON.
    #[error("unwritable answer: {0}")]
    Unwritable(#[source] serde_json::Error),
}

/// The JSON answer to `body` sent to `route`, as the server would give it.
pub fn answer(route: &str, body: &str) -> Result<String, AnswerError> {
    let limits = &BROWSER_LIMITS;
    // A worker's search is stopped by ending the worker, so nothing ever gives this.
    let cancel = &Cancel::new();
    match route {
        "/api/position" => to_json(&c4_api::position(&parse(body)?)?),
        "/api/best" => to_json(&c4_api::best(parse(body)?, limits, cancel)?),
        "/api/hint" => to_json(&c4_api::hint(parse(body)?, limits, cancel)?),
        "/api/analyze" => to_json(&c4_api::analyze(parse(body)?, limits, cancel)?),
        "/api/review" => to_json(&c4_api::review(parse(body)?, limits, cancel)?),
        "/api/players" => to_json(&c4_api::players()),
        "/api/book" => to_json(&book(&parse::<PositionRequest>(body)?)?),
        _ => Err(AnswerError::UnknownRoute {
            route: c4_core::excerpt(route),
        }),
    }
}

fn parse<T: DeserializeOwned>(body: &str) -> Result<T, AnswerError> {
    serde_json::from_str(body).map_err(AnswerError::Body)
}

fn to_json<T: Serialize>(value: &T) -> Result<String, AnswerError> {
    serde_json::to_string(value).map_err(AnswerError::Unwritable)
}
