//! The JSON API's requests and answers, as types: one set that the server serves
//! (`c4-server`) and the browser build answers in a worker (`c4-wasm`), so the page reads
//! the same fields from either. What a limit changed in a request is listed in `clamped`.
//!
//! # Why this is a crate of its own
//!
//! The requests are the contract between the page and whatever answers it: neither the
//! search nor the players should know that a `POST /api/best` exists, and the server and
//! the WebAssembly build must read one definition of it. The crate sits above the players
//! and below both front ends.

#![deny(missing_docs)]

use c4_core::{Game, ParseMovesError, Player};
use c4_players::PlayerSpec;
use c4_players::analysis::Analysis;
use c4_search::search::MoveReport;
use c4_solver::review::Review;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

/// The player a best-move request that names none gets.
pub use c4_players::DEFAULT_LEVEL as DEFAULT_AI;

/// The body of a best-move request (`POST /api/best`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BestRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
    /// A player spec or level; default [`DEFAULT_AI`].
    #[serde(default)]
    pub ai: Option<String>,
    /// The seed of its random choices, unless the spec sets one; default: a fresh one.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The answer to a best-move request: the move's statistics plus what ran.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct BestResponse {
    /// Column, score, depth, nodes, time, pv.
    #[serde(flatten)]
    pub report: MoveReport,
    /// The player that chose, as a canonical spec.
    pub ai: String,
    /// The seed it played with (the request's, or a fresh one), so the move can be replayed.
    pub seed: u64,
    /// What was changed in the request to fit the answerer's limits.
    pub clamped: Vec<String>,
}

impl BestResponse {
    /// The answer of `spec`, asked with `seed`, that chose `report`.
    #[must_use]
    pub fn new(
        report: MoveReport,
        spec: &PlayerSpec,
        seed: u64,
        clamped: Vec<String>,
    ) -> BestResponse {
        BestResponse {
            report,
            ai: spec.to_string(),
            // A player without random choices (perfect) answers the seed it was given.
            seed: spec.seed().unwrap_or(seed),
            clamped,
        }
    }
}

/// The body of a hint request (`POST /api/hint`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
}

/// The answer to a hint request: the hint player's move and its words.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct HintResponse {
    /// The move chosen by the hint player.
    #[serde(flatten)]
    pub best: BestResponse,
    /// The hint in words: perfect play, or plainly an estimate with its depth.
    pub text: String,
}

/// The body of an analysis request (`POST /api/analyze`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
    /// Budget in milliseconds (default
    /// [`DEFAULT_BUDGET_MS`](c4_players::analysis::DEFAULT_BUDGET_MS), at most the time cap).
    #[serde(default)]
    pub time_ms: Option<u64>,
}

/// The answer to an analysis request.
#[derive(Debug, Serialize)]
pub struct AnalyzeResponse {
    /// The position analysed.
    pub moves: String,
    /// The side the scores are for.
    pub to_move: Player,
    /// Each column's value.
    #[serde(flatten)]
    pub analysis: Analysis,
    /// What was changed in the request to fit the answerer's limits.
    pub clamped: Vec<String>,
}

/// The body of a review request (`POST /api/review`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The game's moves from the empty board.
    pub moves: String,
    /// Budget in milliseconds (default: the time cap).
    #[serde(default)]
    pub time_ms: Option<u64>,
}

/// The answer to a review request.
#[derive(Debug, Serialize)]
pub struct ReviewResponse {
    /// Each move judged, the latest first to be solved.
    #[serde(flatten)]
    pub review: Review,
    /// What was changed in the request to fit the answerer's limits.
    pub clamped: Vec<String>,
}

/// A request's budget of no time at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time_ms must be at least 1")]
pub struct ZeroBudget;

/// A request's `time_ms` (or `default`), at most `cap` milliseconds: a larger one is clamped
/// and says so in `clamped`.
pub fn time_budget(
    time_ms: Option<u64>,
    default: u64,
    cap: u64,
    clamped: &mut Vec<String>,
) -> Result<u64, ZeroBudget> {
    let budget = time_ms.unwrap_or(default.min(cap));
    if budget == 0 {
        return Err(ZeroBudget);
    }
    if budget > cap {
        clamped.push(format!("time {budget} ms clamped to {cap} ms"));
        return Ok(cap);
    }
    Ok(budget)
}

/// A request's position that cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The moves are not a game (the moves quoted cut to 80 characters).
    #[error("invalid position {moves:?}: {source}")]
    Invalid {
        /// The moves, cut to 80 characters.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The game is over where a move was asked for.
    #[error("the game is over: {why_not}")]
    Over {
        /// What could not be done in a finished game.
        why_not: String,
    },
}

/// The game of a request's `moves`.
pub fn parse_game(moves: &str) -> Result<Game, PositionError> {
    Game::from_moves(moves).map_err(|source| PositionError::Invalid {
        moves: c4_core::excerpt(moves),
        source,
    })
}

/// The game of a request's `moves`, where a move can still be played; `why_not` completes
/// the error otherwise.
pub fn parse_game_in_progress(moves: &str, why_not: &str) -> Result<Game, PositionError> {
    let game = parse_game(moves)?;
    if game.position().is_over() {
        return Err(PositionError::Over {
            why_not: why_not.to_owned(),
        });
    }
    Ok(game)
}

/// A seed for a request that gives none, from the wall clock and a counter (two requests in
/// the same instant differ): random tie-breaks then vary between games, and the answer
/// carries the seed, so any move can be replayed.
pub fn fresh_seed() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = c4_solver::clock::SystemTime::now()
        .duration_since(c4_solver::clock::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)) % 1_000_000_007
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

    #[test]
    fn fresh_seeds_differ_from_one_request_to_the_next() {
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
