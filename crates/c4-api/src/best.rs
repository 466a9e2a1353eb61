//! `/api/best`: the move a player chooses, with its statistics.

use crate::error::RequestError;
use crate::limits::Limits;
use crate::position::parse_game_in_progress;
use crate::search::Search;
use c4_core::{AnySize, Game, Size, with_geometry};
use c4_players::{FileAccess, MAX_DEPTH, PlayerSpec};
use c4_search::search::MoveReport;
use c4_solver::Cancel;
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
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
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

/// The move the request's player chooses, its spec clamped to `limits` (an untimed search
/// gets the time cap without a word); `cancel` stops the search early, which then answers
/// with what it had, as at its time limit.
pub fn best(
    request: BestRequest,
    limits: &Limits,
    cancel: &Cancel,
) -> Result<BestResponse, RequestError> {
    BestSearch::new(request, limits)?.run(cancel)
}

/// A best-move request read: its game, and its player's spec clamped to the limits.
#[derive(Debug)]
pub struct BestSearch {
    game: Game<AnySize>,
    spec: PlayerSpec,
    seed: u64,
    clamped: Vec<String>,
}

impl BestSearch {
    /// Reads `request` under `limits`: the game must be in progress and the spec must
    /// parse and name no file.
    pub fn new(request: BestRequest, limits: &Limits) -> Result<BestSearch, RequestError> {
        let game =
            parse_game_in_progress(&request.moves, request.size, "there is no move to choose")?;
        let text = request.ai.as_deref().unwrap_or(DEFAULT_AI);
        let seed = request.seed.unwrap_or_else(fresh_seed);
        // A request names no file of the answerer's: every file option (book=, params=, ...)
        // is refused at parse time unless it names something shipped in the program.
        let mut spec =
            PlayerSpec::parse_with(text, seed, FileAccess::ShippedOnly).map_err(|source| {
                RequestError::InvalidPlayer {
                    text: c4_core::excerpt(text),
                    source,
                }
            })?;
        let mut clamped = spec.clamp(MAX_DEPTH, limits.time_cap_ms());
        clamped.extend(spec.clamp_resources(limits.max_table_bits, limits.max_threads));
        Ok(BestSearch {
            game,
            spec,
            seed,
            clamped,
        })
    }
}

impl Search for BestSearch {
    type Answer = BestResponse;

    fn run(self, cancel: &Cancel) -> Result<BestResponse, RequestError> {
        // Building allocates the player's tables, so it is the search's work, not the read's;
        // 7x6 is played by the code compiled for it.
        let report = with_geometry!(self.game.size(), g => {
            let game = self.game.to_geometry(g).expect("the geometry of the game's own size");
            let mut agent = self.spec.build_in(g).map_err(RequestError::UnbuildablePlayer)?;
            agent.set_cancel(cancel.clone());
            agent.choose(&game)
        });
        Ok(BestResponse {
            report,
            ai: self.spec.to_string(),
            // A player without random choices (perfect) answers the seed it was given.
            seed: self.spec.seed().unwrap_or(self.seed),
            clamped: self.clamped,
        })
    }
}

/// A seed for a request that gives none, from the clock and a counter (two requests in the
/// same instant differ): random tie-breaks then vary between games, and the answer carries
/// the seed, so any move can be replayed.
fn fresh_seed() -> u64 {
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
    fn fresh_seeds_differ_from_one_request_to_the_next() {
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
