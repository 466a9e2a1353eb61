//! The papers' experiments, each rerun by one command with the paper's numbers beside ours,
//! and c4's own studies.
//!
//! Most of the papers' tables have one shape: a list of pairings (player 1 against player 2,
//! who moves first), each played many times, with a win/draw/loss tally. [`PairingTable`]
//! is that shape: its rows come from the paper's CSV, its games from
//! [`c4_arena::matches`], one JSONL file per table under `DIR/games/`, so an interrupted
//! experiment resumes where it stopped and `c4 report DIR` rebuilds everything from the files.
//! [`ExperimentKind`] names every experiment, of that shape or another.

pub mod accuracy;
mod ayoub_tables;
mod catalogue;
mod commentary;
mod decisions;
mod error;
mod kang_tables;
pub mod ladder;
pub mod learned;
pub mod mistakes;
mod pairing;
mod players;
pub mod profiles;
pub mod reference;
mod report;
mod run_info;
mod settings;
mod tables;
pub mod tuned_evaluators;

pub use crate::progress::{Plan, Progress};
pub use catalogue::ExperimentKind;
pub use error::ExperimentError;
pub use kang_tables::{KANG_READINGS, KangRandom, KangReading, kang_table9_with};
pub use pairing::{
    Experiment, PairingRow, PairingTable, PaperResult, first_policy, games_path, play_table,
};
pub use report::{Report, RowResult, build_report};
pub use run_info::{RUN_INFO_FILE, RunInfo, RunSize};
pub use settings::{QUICK_GAMES, RunSettings};
pub use tables::EXPERIMENTS;
