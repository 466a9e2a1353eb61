//! c4's own studies, which go past the papers: move quality against perfect play
//! ([`accuracy`], [`mistakes`]), the levels, the heuristics and random in one Elo ladder
//! ([`ladder`]), evaluators tuned by texel ([`tuned_evaluators`]) and the network learned
//! from solver labels and self-play ([`learned`]).
//!
//! [`ExperimentKind`] names every experiment, the papers' (`c4-papers`) with these, and runs
//! each into a folder of files (games, decisions) from which an interrupted experiment
//! resumes where it stopped and `c4 report DIR` rebuilds everything.

pub mod accuracy;
mod catalogue;
mod decisions;
pub mod ladder;
pub mod learned;
pub mod mistakes;
mod players;
pub mod tuned_evaluators;

pub use crate::progress::{Plan, Progress};
pub use catalogue::ExperimentKind;
