//! `/api/analyze`: every column's value within a budget.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::parse_game_in_progress;
use c4_core::Player;
use c4_players::analysis::{Analysis, DEFAULT_BUDGET_MS, analyze_until};
use c4_solver::Cancel;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The body of an analysis request (`POST /api/analyze`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
    /// Budget in milliseconds (default [`DEFAULT_BUDGET_MS`], at most the time cap).
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

/// Each column of the request's position valued within its budget (at most the time cap of
/// `limits`): solved exactly where the solver finishes, searched otherwise; `cancel` stops
/// it early with what is known by then.
pub fn analyze(
    request: AnalyzeRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<AnalyzeResponse, RequestError> {
    let game = parse_game_in_progress(&request.moves, "there is nothing to analyse")?;
    let mut clamped = Vec::new();
    let default = Duration::from_millis(DEFAULT_BUDGET_MS);
    let budget = limits.budget(request.time_ms, default, &mut clamped)?;
    let position = game.position();
    Ok(AnalyzeResponse {
        moves: game.move_string(),
        to_move: position.side_to_move(),
        analysis: analyze_until(position, budget, Some(cancel.clone())),
        clamped,
    })
}
