//! The page's requests and their answers: the bodies and the JSON of `c4 serve`'s API
//! (`crates/c4-server/src/api.rs`, `docs/api.md`), answered here by the engine itself.
//!
//! Each function takes a typed request and returns a typed answer or a [`RequestError`]
//! with the words the server would put in its `{"error": ...}`; `lib.rs` turns them into
//! the JSON text the page's worker passes around. Nothing here touches JavaScript, so the
//! native tests run exactly this code.

use crate::{BROWSER_TABLE_BITS, BROWSER_THREADS, BROWSER_TIME_CAP_MS};
use c4_core::{Column, Game, PositionSummary, WIDTH};
use c4_options::FileAccess;
use c4_players::analysis::{DEFAULT_BUDGET_MS, analyze};
use c4_players::{HINT, MAX_DEPTH, PlayerSpec, REGISTRY, Registry, hint_text};
use c4_solver::review::review_within;
use c4_solver::{OpeningBook, Score, Solver};
use serde::Serialize;
use std::time::Duration;

/// A request the engine cannot answer, in words for the person who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError(pub String);

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

pub use c4_api::{
    AnalyzeRequest, AnalyzeResponse, BestRequest, BestResponse, DEFAULT_AI, HintRequest,
    HintResponse, ReviewRequest, ReviewResponse,
};

/// What the built-in opening book knows of a position.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct BookAnswer {
    /// The position asked about.
    pub moves: String,
    /// The deepest ply the book covers.
    pub depth: u32,
    /// Each column's exact score for the side to move (Pons' convention), `null` for a full
    /// column; absent when the book does not score this position's moves.
    pub scores: Option<Vec<Option<Score>>>,
}

/// log2 of the solver table of a review (32 MiB), as on the server: late positions solve in
/// it at once, early ones come from the opening book.
const REVIEW_TABLE_BITS: u32 = 22;

/// The board, side to move, status, winning cells and legal columns (`GET /api/position`).
pub fn position(moves: &str) -> Result<PositionSummary, RequestError> {
    Ok(PositionSummary::of(&parse_game(moves)?))
}

/// The move a player chooses (`POST /api/best`), clamped to the browser's limits.
pub fn best(request: BestRequest) -> Result<BestResponse, RequestError> {
    let game = parse_game_in_progress(&request.moves, "there is no move to choose")?;
    let text = request.ai.as_deref().unwrap_or(DEFAULT_AI);
    let seed = request.seed.unwrap_or_else(c4_api::fresh_seed);
    // The page runs on no file system: only what is shipped in the module can be named.
    let mut spec = PlayerSpec::parse_with(text, seed, FileAccess::ShippedOnly)
        .map_err(|e| RequestError(format!("invalid ai {:?}: {e}", c4_core::excerpt(text))))?;
    let mut clamped = spec.clamp(MAX_DEPTH, BROWSER_TIME_CAP_MS);
    clamped.extend(spec.clamp_resources(BROWSER_TABLE_BITS, BROWSER_THREADS));
    let mut agent = spec.build().map_err(|e| RequestError(e.to_string()))?;
    let report = agent.choose(&game);
    Ok(BestResponse::new(report, &spec, seed, clamped))
}

/// The hint player's move in words (`POST /api/hint`).
pub fn hint(request: HintRequest) -> Result<HintResponse, RequestError> {
    let best = best(BestRequest {
        moves: request.moves,
        ai: Some(HINT.spec.to_owned()),
        seed: Some(0),
    })?;
    let text = hint_text(&best.report);
    Ok(HintResponse { best, text })
}

/// Every column's value within a time budget (`POST /api/analyze`).
pub fn analyze_position(request: AnalyzeRequest) -> Result<AnalyzeResponse, RequestError> {
    let game = parse_game_in_progress(&request.moves, "there is nothing to analyse")?;
    let mut clamped = Vec::new();
    let budget = time_budget(request.time_ms, DEFAULT_BUDGET_MS, &mut clamped)?;
    let position = game.position();
    Ok(AnalyzeResponse {
        moves: game.move_string(),
        to_move: position.side_to_move(),
        analysis: analyze(position, Duration::from_millis(budget)),
        clamped,
    })
}

/// Each move of a game judged by the solver (`POST /api/review`).
pub fn review_game(request: ReviewRequest) -> Result<ReviewResponse, RequestError> {
    let game = parse_game(&request.moves)?;
    if game.moves().is_empty() {
        return Err(RequestError("there is no move to review".to_owned()));
    }
    let mut clamped = Vec::new();
    let budget = time_budget(request.time_ms, BROWSER_TIME_CAP_MS, &mut clamped)?;
    let mut solver = Solver::new(REVIEW_TABLE_BITS);
    solver.set_threads(BROWSER_THREADS as usize);
    solver.set_book(Some(OpeningBook::builtin()));
    let names = ["red".to_owned(), "yellow".to_owned()];
    let review = review_within(
        &game.move_string(),
        0,
        names,
        &mut solver,
        Some(Duration::from_millis(budget)),
    )
    .map_err(|e| RequestError(e.to_string()))?;
    Ok(ReviewResponse { review, clamped })
}

/// The player kinds, evaluators and levels with their options (`GET /api/players`).
#[must_use]
pub fn players() -> Registry {
    REGISTRY
}

/// The built-in opening book's scores for the moves of a position.
pub fn book(moves: &str) -> Result<BookAnswer, RequestError> {
    let game = parse_game(moves)?;
    let book = OpeningBook::builtin();
    let scores = book.move_scores(game.position()).ok().map(|scores| {
        Column::ALL
            .iter()
            .map(|&column| {
                game.position()
                    .can_play(column)
                    .then(|| scores[column.index()])
            })
            .collect::<Vec<_>>()
    });
    debug_assert!(scores.as_ref().is_none_or(|s| s.len() == WIDTH));
    Ok(BookAnswer {
        moves: game.move_string(),
        depth: book.depth(),
        scores,
    })
}

/// The game of a request's `moves`.
fn parse_game(moves: &str) -> Result<Game, RequestError> {
    c4_api::parse_game(moves).map_err(|e| RequestError(e.to_string()))
}

/// A position where a move can still be played; `why_not` completes the error otherwise.
fn parse_game_in_progress(moves: &str, why_not: &str) -> Result<Game, RequestError> {
    c4_api::parse_game_in_progress(moves, why_not).map_err(|e| RequestError(e.to_string()))
}

/// A request's `time_ms` (or `default`), at most the browser's time cap.
fn time_budget(
    time_ms: Option<u64>,
    default: u64,
    clamped: &mut Vec<String>,
) -> Result<u64, RequestError> {
    c4_api::time_budget(time_ms, default, BROWSER_TIME_CAP_MS, clamped)
        .map_err(|e| RequestError(e.to_string()))
}
