//! `/api/analyze`: every column's value within a budget.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::parse_game_in_progress;
use crate::search::Search;
use c4_core::{AnySize, Game, Player, Size, with_geometry};
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
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
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
    AnalyzeSearch::new(request, limits)?.run(cancel)
}

/// An analysis request read: the position and its budget.
#[derive(Debug)]
pub struct AnalyzeSearch {
    game: Game<AnySize>,
    budget: Duration,
    clamped: Vec<String>,
}

impl AnalyzeSearch {
    /// Reads `request` under `limits`: the game must be in progress and the budget not
    /// zero; a budget over the time cap is clamped.
    pub fn new(request: AnalyzeRequest, limits: &Limits) -> Result<AnalyzeSearch, RequestError> {
        let game =
            parse_game_in_progress(&request.moves, request.size, "there is nothing to analyse")?;
        let mut clamped = Vec::new();
        let default = Duration::from_millis(DEFAULT_BUDGET_MS);
        let budget = limits.budget(request.time_ms, default, &mut clamped)?;
        Ok(AnalyzeSearch {
            game,
            budget,
            clamped,
        })
    }
}

impl Search for AnalyzeSearch {
    type Answer = AnalyzeResponse;

    fn run(self, cancel: &Cancel) -> Result<AnalyzeResponse, RequestError> {
        let position = self.game.position();
        Ok(AnalyzeResponse {
            moves: self.game.move_string(),
            to_move: position.side_to_move(),
            analysis: with_geometry!(self.game.size(), g => {
                let position = position.to_geometry(g).expect("the geometry of its own size");
                analyze_until(&position, self.budget, Some(cancel.clone()))
            }),
            clamped: self.clamped,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position past the book and its ply-12 layer (ply 13, whose columns' solves take
    /// 1.8 M nodes in all, none a short win or loss), stopped by a cancel
    /// given before it starts: each solve gives up at its first look at the cancel, and the
    /// answer values every column by the search (its first depth always finishes), as JSON
    /// the page reads (`kind`, `depth`, `exact`). The time cap is an hour: no clock decides.
    #[test]
    fn an_analysis_stopped_before_its_solves_answers_the_searchs_values() {
        let limits = Limits {
            time_cap: Duration::from_secs(3600),
            max_table_bits: 24,
            max_threads: 1,
        };
        let request = AnalyzeRequest {
            moves: "7167153251247".to_owned(),
            time_ms: None,
            size: Size::STANDARD,
        };
        let cancel = Cancel::new();
        cancel.cancel();
        let answer = AnalyzeSearch::new(request, &limits)
            .unwrap()
            .run(&cancel)
            .unwrap();
        let value = serde_json::to_value(&answer).unwrap();
        assert_eq!(value["exact"], false, "{value}");
        let columns = value["columns"].as_array().unwrap();
        assert_eq!(columns.len(), 7, "{value}");
        for column in columns {
            assert_eq!(column["kind"], "heuristic", "{column}");
            assert!(column["depth"].as_u64().is_some_and(|d| d >= 1), "{column}");
            assert!(column["text"].as_str().is_some(), "{column}");
        }
    }
}
