//! The players c4's own studies grade and match, built as typed specs: alpha-beta with
//! default options at a depth, and the engine at a time budget.

use c4_eval::EvalSpec;
use c4_options::SpecError;
use c4_players::{EngineSpec, FixedDepthSpec, PlayerSpec};

/// Alpha-beta with its default options at `depth`, leaves scored by `eval`.
#[must_use]
pub fn alphabeta(depth: u32, eval: EvalSpec) -> PlayerSpec {
    PlayerSpec::Alphabeta(FixedDepthSpec {
        depth,
        eval,
        ..FixedDepthSpec::alphabeta()
    })
}

/// The engine with its default options and `time_ms` a move.
#[must_use]
pub fn engine(time_ms: u64) -> PlayerSpec {
    PlayerSpec::Engine(EngineSpec {
        time_ms,
        ..EngineSpec::default()
    })
}

/// The registry's evaluator `name` with its default options.
pub fn evaluator(name: &str) -> Result<EvalSpec, SpecError> {
    EvalSpec::parse(name)
}
