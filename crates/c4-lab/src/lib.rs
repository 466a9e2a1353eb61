//! c4-lab: what studies c4's games. The papers' experiments and c4's own
//! ([`experiments`], every one by name in [`experiments::ExperimentKind`]), evaluators' weights
//! fitted to positions or moved by games ([`tuning`]), and the solver-labelled positions they
//! learn from ([`dataset`]), and n-tuple networks learned by self-play ([`learn`]).
//!
//! Everything here is built on `c4-arena`, which runs the games: a study plays its games
//! through [`c4_arena::matches`], appends them to the arena's logs, and computes its reports
//! from those files, so an interrupted run resumes and a report can be rebuilt at any time.
//! [`progress`] holds what a run tells its caller as it goes, shared by every study.

pub mod dataset;
pub mod experiments;
pub mod learn;
pub mod progress;
pub mod tuning;
