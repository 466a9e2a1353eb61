//! The JSON API. Every route answers JSON; every error is a 4xx `{"error": "..."}` (see
//! [`ApiError`]).
//!
//! | route | what |
//! |---|---|
//! | `GET /api/position?moves=4453` | board, side to move, status, winning cells, legal columns |
//! | `POST /api/best` `{"moves", "ai", "seed"?}` | the move a player chooses, with its statistics |
//! | `POST /api/hint` `{"moves"}` | the hint player's move (`HINT`), in words: exact, or an estimate with its depth |
//! | `POST /api/analyze` `{"moves", "time_ms"?}` | each column's value: exact, or heuristic with depth |
//! | `POST /api/review` `{"moves", "time_ms"?}` | each move judged by the solver: optimal, inaccurate or a mistake |
//! | `POST /api/record` `{"moves", "plies", "a"?, "names"?}` | a finished game as a game record (the games-file line `c4 review` and `c4 verify` read) |
//! | `GET /api/players` | algorithms, evaluators and levels with their options |
//! | `GET /healthz` | liveness, with the number of searches running |

use crate::body::JsonObject;
use crate::{ApiError, AppState};
use axum::Json;
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{Method, StatusCode, Uri};
use axum::routing::{get, post};
use c4_core::{Game, PositionSummary};
use c4_options::FileAccess;
use c4_players::analysis::analyze_until;
use c4_players::{HINT, MAX_DEPTH, PlayerSpec, REGISTRY, Registry, hint_text};
use c4_solver::Cancel;
use c4_solver::review::review_within;
use c4_solver::{OpeningBook, Solver};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The player `/api/best` uses when the request names none.
pub use c4_api::{
    AnalyzeRequest, AnalyzeResponse, BestRequest, BestResponse, DEFAULT_AI, HintRequest,
    HintResponse, ReviewRequest, ReviewResponse,
};
/// The analysis budget when a request gives none, milliseconds.
pub use c4_players::analysis::DEFAULT_BUDGET_MS as DEFAULT_ANALYSIS_MS;
/// The largest solver table one search may allocate: 2^24 slots, 128 MiB (the default).
pub const MAX_SEARCH_TABLE_BITS: u32 = 24;
/// The most threads one search may use.
pub const MAX_SEARCH_THREADS: u32 = 2;

/// The API's routes (without state).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(health))
        .route("/api/position", get(position))
        .route("/api/best", post(best))
        .route("/api/hint", post(hint))
        .route("/api/analyze", post(analyze_position))
        .route("/api/review", post(review_game))
        .route("/api/players", get(players))
        .route("/api/{*rest}", axum::routing::any(unknown_api))
        .method_not_allowed_fallback(method_not_allowed)
}

/// `GET /healthz`.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Health {
    /// Always `ok`.
    pub status: String,
    /// Searches running now.
    pub searches_running: usize,
    /// The most that may run at once.
    pub max_searches: usize,
    /// The time cap, milliseconds.
    pub time_cap_ms: u64,
}

pub(crate) async fn health(State(state): State<AppState>) -> Json<Health> {
    Json(health_of(&state))
}

/// The server's health now.
pub(crate) fn health_of(state: &AppState) -> Health {
    let max = state.config.max_searches.max(1);
    Health {
        status: "ok".to_owned(),
        searches_running: max - state.searches.available_permits(),
        max_searches: max,
        time_cap_ms: state.config.time_cap.as_millis() as u64,
    }
}

/// The query of `GET /api/position`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionQuery {
    /// Moves from the empty board; absent means the empty board.
    #[serde(default)]
    pub moves: String,
}

async fn position(
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<Json<PositionSummary>, ApiError> {
    let Query(query) = query?;
    let game = parse_game(&query.moves)?;
    Ok(Json(PositionSummary::of(&game)))
}

async fn best(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<BestRequest>,
) -> Result<Json<BestResponse>, ApiError> {
    let game = parse_game_in_progress(&request.moves, "there is no move to choose")?;
    let text = request.ai.as_deref().unwrap_or(DEFAULT_AI);
    let seed = request.seed.unwrap_or_else(c4_api::fresh_seed);
    // A request names no file on the server: every file option (book=, params=, ...) is
    // refused at parse time unless it names something shipped in the binary.
    let mut spec = PlayerSpec::parse_with(text, seed, FileAccess::ShippedOnly).map_err(|e| {
        ApiError::bad_request(format!("invalid ai {:?}: {e}", c4_core::excerpt(text)))
    })?;
    let cap = state.config.time_cap.as_millis() as u64;
    let mut clamped = spec.clamp(MAX_DEPTH, cap);
    clamped.extend(spec.clamp_resources(MAX_SEARCH_TABLE_BITS, MAX_SEARCH_THREADS));
    let response = run_search(&state, move |cancel| {
        let mut agent = spec
            .build()
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        agent.set_cancel(cancel);
        let report = agent.choose(&game);
        Ok(BestResponse::new(report, &spec, seed, clamped))
    })
    .await?;
    Ok(Json(response))
}

async fn hint(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let request = BestRequest {
        moves: request.moves,
        ai: Some(HINT.spec.to_owned()),
        seed: Some(0),
    };
    let Json(best) = best(State(state), JsonObject(request)).await?;
    let text = hint_text(&best.report);
    Ok(Json(HintResponse { best, text }))
}

async fn analyze_position(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    let game = parse_game_in_progress(&request.moves, "there is nothing to analyse")?;
    let mut clamped = Vec::new();
    let budget = time_budget(&state, request.time_ms, DEFAULT_ANALYSIS_MS, &mut clamped)?;
    let response = run_search(&state, move |cancel| {
        let position = game.position();
        Ok(AnalyzeResponse {
            moves: game.move_string(),
            to_move: position.side_to_move(),
            analysis: analyze_until(position, Duration::from_millis(budget), Some(cancel)),
            clamped,
        })
    })
    .await?;
    Ok(Json(response))
}

async fn players() -> Json<Registry> {
    Json(REGISTRY)
}

async fn unknown_api(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no API route {method} {}: see GET /api/players, GET /api/position, POST /api/best, POST /api/hint, POST /api/analyze, POST /api/review, POST /api/record",
            uri.path()
        ),
    )
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method}", uri.path()),
    )
}

/// The game of a request's `moves`.
pub(crate) fn parse_game(moves: &str) -> Result<Game, ApiError> {
    c4_api::parse_game(moves).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// A position where a move can still be played; `why_not` completes the error otherwise.
fn parse_game_in_progress(moves: &str, why_not: &str) -> Result<Game, ApiError> {
    c4_api::parse_game_in_progress(moves, why_not).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// A request's `time_ms` (or `default`), at most the server's time cap.
fn time_budget(
    state: &AppState,
    time_ms: Option<u64>,
    default: u64,
    clamped: &mut Vec<String>,
) -> Result<u64, ApiError> {
    let cap = state.config.time_cap.as_millis() as u64;
    c4_api::time_budget(time_ms, default, cap, clamped)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// log2 of a review's solver table (32 MiB): late positions solve in it at once, early ones
/// come from the opening book.
const REVIEW_TABLE_BITS: u32 = 22;

async fn review_game(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<ReviewRequest>,
) -> Result<Json<ReviewResponse>, ApiError> {
    let game = parse_game(&request.moves)?;
    if game.moves().is_empty() {
        return Err(ApiError::bad_request("there is no move to review"));
    }
    let mut clamped = Vec::new();
    let cap = state.config.time_cap.as_millis() as u64;
    let budget = time_budget(&state, request.time_ms, cap, &mut clamped)?;
    let response = run_search(&state, move |cancel| {
        let mut solver = Solver::new(REVIEW_TABLE_BITS);
        solver.set_threads(MAX_SEARCH_THREADS as usize);
        solver.set_book(Some(OpeningBook::builtin()));
        solver.set_cancel(Some(cancel));
        let names = ["red".to_owned(), "yellow".to_owned()];
        let review = review_within(
            &game.move_string(),
            0,
            names,
            &mut solver,
            Some(Duration::from_millis(budget)),
        )
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(ReviewResponse { review, clamped })
    })
    .await?;
    Ok(Json(response))
}

/// Runs `work` on the blocking pool if a search slot is free; 429 otherwise.
pub(crate) async fn run_search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state
        .searches
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::busy(state.config.max_searches.max(1)))?;
    // When the client goes, hyper drops this future: the guard then stops the search, so
    // its slot is free again at the search's next clock check instead of at its time cap.
    struct CancelOnDrop(Cancel);
    impl Drop for CancelOnDrop {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }
    let cancel = Cancel::new();
    let _guard = CancelOnDrop(cancel.clone());
    let result = tokio::task::spawn_blocking(move || {
        let result = work(cancel);
        drop(permit);
        result
    })
    .await;
    result.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the search failed: {e}"),
        ))
    })
}
