//! c4-lab: what studies c4's games. c4's own studies ([`experiments`]), their reports and
//! plots, and every experiment by name, the papers' with them
//! ([`experiments::ExperimentKind`]).
//!
//! # Why the crate is shaped this way
//!
//! The papers' experiments, rerun with the paper's numbers beside ours, are the crate below,
//! `c4-papers`, which needs nothing of c4's own studies; the studies here go past the papers
//! and build on them (the `tuning` study replays Kang's Table 9 with tuned weights), and
//! the catalogue that `c4 experiment` and the Python package run every experiment through
//! sits above both. An experiment's settings, run folder and error are `c4-papers`'s,
//! shared by every study.
//!
//! Everything here is built on `c4-arena`, which runs the games: a study plays its games
//! through [`c4_arena::matches`], appends them to the arena's logs, and computes its reports
//! from those files, so an interrupted run resumes and a report can be rebuilt at any time.
//! [`progress`] holds what a run tells its caller as it goes, shared by every study.
//!
//! What fits evaluators (labelled datasets, tuned weights, learned networks) is `c4-learn`,
//! below this crate: a study that tunes or grades (the `tuning`, `mistakes` and `learned`
//! experiments) calls it as any other caller does, and draws its charts with its
//! [`c4_learn::plot`], so the two crates share one chart and nothing of `c4-learn` knows of
//! experiments.

#![deny(missing_docs)]

pub mod experiments;
pub mod progress;
