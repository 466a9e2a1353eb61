//! `/api/review`: a game judged move by move by the solver.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::parse_game_on;
use crate::search::Search;
use c4_core::{AnySize, Game, Size, with_geometry};
use c4_players::review::{Review, review_within};
use c4_solver::{Cancel, Solver};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// log2 of the solver table of a review (32 MiB): late positions solve in it at once, early
/// ones come from the opening book. The server's check of a game record's exact scores, a
/// review of its own, uses the same.
pub const REVIEW_TABLE_BITS: u32 = 22;

/// The body of a review request (`POST /api/review`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The game's moves from the empty board.
    pub moves: String,
    /// Budget in milliseconds (default: the time cap).
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
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

/// Each move of the request's game judged against the solver's scores, the latest first,
/// until its budget (default and at most the time cap of `limits`) runs out or `cancel` is
/// given; the review then says it is incomplete.
pub fn review(
    request: ReviewRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<ReviewResponse, RequestError> {
    ReviewSearch::new(request, limits)?.run(cancel)
}

/// A review request read: the game, its budget and the solver's table and threads.
#[derive(Debug)]
pub struct ReviewSearch {
    game: Game<AnySize>,
    budget: Duration,
    table_bits: u32,
    threads: u32,
    clamped: Vec<String>,
}

impl ReviewSearch {
    /// Reads `request` under `limits`: the game must have a move and the budget not be
    /// zero; a budget over the time cap is clamped.
    pub fn new(request: ReviewRequest, limits: &Limits) -> Result<ReviewSearch, RequestError> {
        let game = parse_game_on(&request.moves, request.size)?;
        if game.moves().is_empty() {
            return Err(RequestError::NothingToReview);
        }
        let mut clamped = Vec::new();
        let budget = limits.budget(request.time_ms, limits.time_cap, &mut clamped)?;
        Ok(ReviewSearch {
            game,
            budget,
            table_bits: REVIEW_TABLE_BITS.min(limits.max_table_bits),
            threads: limits.max_threads,
            clamped,
        })
    }
}

impl Search for ReviewSearch {
    type Answer = ReviewResponse;

    fn run(self, cancel: &Cancel) -> Result<ReviewResponse, RequestError> {
        let names = ["red".to_owned(), "yellow".to_owned()];
        let moves = self.game.move_string();
        // 7x6 is solved by the code compiled for it; the book and its layer hold 7x6
        // positions, and a solver of another size never reads them.
        let review = with_geometry!(self.game.size(), g => {
            let mut solver = Solver::new_in(self.table_bits, g);
            solver.set_threads(self.threads as usize);
            solver.set_book(c4_players::builtin_stores());
            solver.set_cancel(Some(cancel.clone()));
            review_within(&moves, 0, names, &mut solver, Some(self.budget))
        })?;
        Ok(ReviewResponse {
            review,
            clamped: self.clamped,
        })
    }
}
