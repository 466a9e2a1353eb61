//! The JSON API's routes: HTTP glue over c4-api. A route reads its request (a query, or a
//! body that must be a JSON object, [`JsonObject`]) and checks it against the server's
//! limits (c4-api's [`Search`] of it: a refusal is answered at once, busy or not), then runs
//! the search on the blocking pool in one of the search slots (`run_search`) and answers
//! its JSON; a `c4_api::RequestError` becomes a 400 (see [`ApiError`]). Every route answers
//! JSON; every error is a 4xx `{"error": "..."}`, but a busy or stopping server's 429 and
//! 503.
//!
//! Every route reads its moves on the board of its `size` (7x6 when absent).
//!
//! | route | what |
//! |---|---|
//! | `GET /api/position?moves=4453&size=6x5` | board, side to move, status, winning cells, legal columns |
//! | `POST /api/best` `{"moves", "ai", "seed"?, "size"?}` | the move a player chooses, with its statistics |
//! | `POST /api/hint` `{"moves", "size"?}` | the hint player's move (`HINT`), in words: exact, or an estimate with its depth |
//! | `POST /api/analyze` `{"moves", "time_ms"?, "size"?}` | each column's value: exact, or heuristic with depth |
//! | `POST /api/review` `{"moves", "time_ms"?, "size"?}` | each move judged by the solver: optimal, inaccurate or a mistake |
//! | `POST /api/explain` `{"moves", "size"?, "search"?}` | why: a proof from Allis' strategic rules in words and squares, or the threats and the zugzwang |
//! | `POST /api/record` `{"moves", "plies", "a"?, "names"?, "size"?}` | a finished game as a game record (the games-file line `c4 review` and `c4 verify` read) |
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
use c4_api::{
    AnalyzeRequest, AnalyzeResponse, AnalyzeSearch, BestRequest, BestResponse, BestSearch,
    ExplainRequest, ExplainResponse, ExplainSearch, HintRequest, HintResponse, HintSearch,
    PositionRequest, ReviewRequest, ReviewResponse, ReviewSearch, Search,
};
use c4_core::PositionSummary;
use c4_players::Registry;
use c4_solver::Cancel;
use c4_solver::clock::Instant;
use serde::{Deserialize, Serialize};

/// The API's routes (without state).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(health))
        .route("/api/position", get(position))
        .route("/api/best", post(best))
        .route("/api/hint", post(hint))
        .route("/api/analyze", post(analyze_position))
        .route("/api/review", post(review_game))
        .route("/api/explain", post(explain_position))
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

async fn position(
    query: Result<Query<PositionRequest>, QueryRejection>,
) -> Result<Json<PositionSummary>, ApiError> {
    let Query(request) = query?;
    Ok(Json(c4_api::position(&request)?))
}

async fn best(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<BestRequest>,
) -> Result<Json<BestResponse>, ApiError> {
    let search = BestSearch::new(request, &state.config.limits())?;
    answer(&state, search).await
}

async fn hint(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let search = HintSearch::new(request, &state.config.limits())?;
    answer(&state, search).await
}

async fn analyze_position(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    let search = AnalyzeSearch::new(request, &state.config.limits())?;
    answer(&state, search).await
}

async fn review_game(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<ReviewRequest>,
) -> Result<Json<ReviewResponse>, ApiError> {
    let search = ReviewSearch::new(request, &state.config.limits())?;
    answer(&state, search).await
}

async fn explain_position(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<ExplainRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let search = ExplainSearch::new(request, &state.config.limits())?;
    answer(&state, search).await
}

async fn players() -> Json<Registry> {
    Json(c4_api::players())
}

async fn unknown_api(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no API route {method} {}: see GET /api/players, GET /api/position, POST /api/best, POST /api/hint, POST /api/analyze, POST /api/review, POST /api/explain, POST /api/record",
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

/// The answer of a request's search, read and checked already, run in a search slot on the
/// blocking pool (see [`run_search`]).
async fn answer<S: Search>(state: &AppState, search: S) -> Result<Json<S::Answer>, ApiError> {
    let answer = run_search(state, move |cancel| Ok(search.run(&cancel)?)).await?;
    Ok(Json(answer))
}

/// How long a request waits for a search slot before its 429: a search whose client has just
/// gone (the page's stale analysis or hint, stopped as its position changed) frees its slot
/// at its next clock check, within this; the page's next request then takes it instead of
/// being told to wait a second.
pub const SLOT_GRACE: std::time::Duration = std::time::Duration::from_millis(250);

/// Runs `work` on the blocking pool once a search slot is free (within [`SLOT_GRACE`]); 429
/// otherwise. Its cancel gives itself at the time cap counted from now: the wait for a slot
/// and the player's tables (zeroed before its own clock starts) are inside the cap.
pub(crate) async fn run_search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let cancel = Cancel::at(Instant::now() + state.config.time_cap);
    let busy = || ApiError::busy(state.config.max_searches.max(1));
    let permit = match state.searches.clone().try_acquire_owned() {
        Ok(permit) => permit,
        Err(_) => tokio::time::timeout(SLOT_GRACE, state.searches.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?,
    };
    // When the client goes, hyper drops this future: the guard then stops the search, so
    // its slot is free again at the search's next clock check instead of at its time cap.
    struct CancelOnDrop(Cancel);
    impl Drop for CancelOnDrop {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ServerConfig;
    use std::time::Duration;

    #[tokio::test]
    async fn a_search_is_cancelled_at_the_time_cap_from_its_request() {
        let cap = Duration::from_secs(5);
        let state = AppState::new(ServerConfig {
            time_cap: cap,
            ..ServerConfig::default()
        });
        let asked = Instant::now();
        let deadline = run_search(&state, |cancel| Ok(cancel.deadline()))
            .await
            .unwrap()
            .expect("a deadline");
        let answered = Instant::now();
        assert!(deadline >= asked + cap, "before the request's cap");
        assert!(deadline <= answered + cap, "after the request's cap");
    }
}
