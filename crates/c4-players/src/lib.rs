//! c4-players: a text spec such as `alphabeta:depth=5,eval=center` parsed into a typed
//! [`PlayerSpec`] and built into an [`Agent`] that picks moves. The CLI, the arena and the
//! server all go through [`PlayerSpec`].
//!
//! # Why the crate is shaped this way
//!
//! A player is a choice of searcher (from `c4-search`) and evaluator (from `c4-eval`) or
//! of perfect play (from `c4-solver`), with settings: the spec language ([`PlayerSpec`],
//! its text through the table of kinds, [`PLAYER_KINDS`]), the named levels ([`LEVELS`],
//! with the figures the ladder experiment measured), the hint and the agents a spec
//! builds all live here, above the searchers they configure and below everything that
//! runs games or answers requests. [`analysis`] values every column of a position within
//! a time budget (solver first), as `c4 analyze`, the hint and `/api/analyze` show it;
//! [`review`] judges a played game move by move against the solver.
//!
//! Nothing here prints; files are read only where a spec names one, through
//! `c4_solver::files`; randomness always comes from a seed.

#![deny(missing_docs)]

pub mod analysis;
mod file_options;
mod hint;
mod kinds;
mod levels;
mod players;
pub mod review;
mod spec;
mod spec_text;
mod stores;
mod victor;

pub use file_options::{FileOptionUse, file_option_uses};
pub use hint::{HINT, Hint, hint_text};

pub use kinds::{PLAYER_KINDS, PlayerKind};
pub use levels::{
    DEFAULT_LEVEL, LEVELS, Level, MEASURED_HEADER, MEASURED_TABLE, Measured, MeasuredAbove,
    MeasuredRow, MeasuredTableError, parse_measured,
};
pub use spec::{
    EngineSpec, FixedDepthSpec, MAX_DEPTH, MAX_THREADS, MAX_TIME_MS, PerfectSpec, PlayerSpec,
    RandomSpec, available_threads,
};
pub use stores::{LayerRefusal, builtin_stores, layer_beside, score_stores};

/// The types a spec's parsing takes and returns, so the crates above read specs without
/// naming `c4-options`.
pub use c4_options::{FileAccess, SpecError};

/// Which ply-12 layer a spec reads, so the crates above name it without `c4-layers`.
pub use c4_layers::LayerChoice;

use c4_core::{Game, Geometry, Standard};
use c4_eval::{EVALUATORS, EvaluatorEntry};
use c4_search::search::MoveReport;
use c4_solver::Cancel;

/// Something that plays moves on boards of geometry `G` (7x6 by default). Object-safe: the
/// arena calls it once per move.
pub trait Agent<G: Geometry = Standard>: Send {
    /// The canonical spec this agent was built from.
    fn spec(&self) -> String;
    /// Chooses a move in `game`, which is not over.
    fn choose(&mut self, game: &Game<G>) -> MoveReport;
    /// Stops its searches early when `cancel` is given: the move is then chosen from what
    /// was searched, as at a time limit. Players that do not search ignore it.
    fn set_cancel(&mut self, _cancel: Cancel) {}
}

/// Parses and builds in one step.
pub fn parse_agent(text: &str, default_seed: u64) -> Result<Box<dyn Agent>, SpecError> {
    PlayerSpec::parse(text, default_seed)?.build()
}

/// Every kind of player, level and evaluator with their options: what `c4 evals --json`
/// prints and the server's `/api/players` serves, so menus and the CLI list the same things.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Registry {
    /// The kinds of player.
    pub algorithms: &'static [PlayerKind],
    /// The evaluators.
    pub evaluators: &'static [EvaluatorEntry],
    /// The levels, weakest first.
    pub levels: &'static [Level],
    /// The level played when none is named.
    pub default_level: &'static str,
    /// The player that gives hints.
    pub hint: Hint,
}

/// Every kind of player, evaluator and level c4 has, with the default level and the hint:
/// the one list behind `c4 evals --json`, `/api/players` and the page's menus.
pub const REGISTRY: Registry = Registry {
    algorithms: PLAYER_KINDS,
    evaluators: EVALUATORS,
    levels: LEVELS,
    default_level: DEFAULT_LEVEL,
    hint: HINT,
};
