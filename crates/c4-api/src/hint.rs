//! `/api/hint`: the hint player's move, in words.

use crate::best::{BestRequest, BestResponse, BestSearch};
use crate::error::RequestError;
use crate::limits::Limits;
use crate::search::Search;
use c4_players::{HINT, hint_text};
use c4_solver::Cancel;
use serde::{Deserialize, Serialize};

/// The body of a hint request (`POST /api/hint`).
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// Moves from the empty board.
    #[serde(default)]
    pub moves: String,
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: c4_core::Size,
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

/// [`HINT`]'s move in the request's position (seed 0, so a hint is the same every time it
/// is asked), clamped to `limits` as any player's.
pub fn hint(
    request: HintRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<HintResponse, RequestError> {
    HintSearch::new(request, limits)?.run(cancel)
}

/// A hint request read: the hint player's move to choose.
#[derive(Debug)]
pub struct HintSearch(BestSearch);

impl HintSearch {
    /// Reads `request` under `limits`: the game must be in progress.
    pub fn new(request: HintRequest, limits: &Limits) -> Result<HintSearch, RequestError> {
        let request = BestRequest {
            moves: request.moves,
            ai: Some(HINT.spec.to_owned()),
            seed: Some(0),
            size: request.size,
        };
        Ok(HintSearch(BestSearch::new(request, limits)?))
    }
}

impl Search for HintSearch {
    type Answer = HintResponse;

    fn run(self, cancel: &Cancel) -> Result<HintResponse, RequestError> {
        let best = self.0.run(cancel)?;
        let text = hint_text(&best.report);
        Ok(HintResponse { best, text })
    }
}
