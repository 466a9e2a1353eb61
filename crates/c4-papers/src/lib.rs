//! c4-papers: the papers' experiments, rerun. Kang, Wang and Hu (2019), Ayoub (2021), Fang,
//! Ren and Cao (2021) and Brandt and Langhoff (2015) measured heuristics and searches in
//! tables of pairings and in per-move profiles; each is one command here, with the paper's
//! numbers beside ours.
//!
//! Most of the papers' tables have one shape: a list of pairings (player 1 against player
//! 2, who moves first), each played many times, with a win/draw/loss tally.
//! [`PairingTable`] is that shape: its rows come from the paper's CSV
//! ([`reference`](mod@reference)), its games from [`c4_arena::matches`], one JSONL file per
//! table under `DIR/games/`, so an interrupted experiment resumes where it stopped and its
//! report ([`build_report`]) is rebuilt from the files. [`EXPERIMENTS`] lists them;
//! [`profiles`] holds the papers' per-move cost figures.
//!
//! # Why the crate is shaped this way
//!
//! Studying c4's games is two jobs: reproducing what the papers measured, and c4's own
//! studies that go past them (move quality against perfect play, the levels' ladder, tuned
//! and learned evaluators). The first needs nothing of the second, so it is this crate,
//! below `c4-lab`, whose studies build on it (the tuning study replays Kang's Table 9 with
//! tuned weights through [`kang_table9_with`] and [`build_report`]) and whose catalogue
//! names every experiment, these with the rest.
//!
//! What makes a folder an experiment's run is here too, as every study above shares it:
//! [`RunSettings`] (games, seed, folder), [`RunInfo`] (what a folder holds, claimed before a
//! run writes into it) and [`ExperimentError`], the one error of every experiment. That
//! error names the learner's errors (a tuning study's dataset and fit, a chart), which is
//! why `c4-learn` sits below this crate.
//!
//! Nothing here prints: warnings go to the caller's `MatchObserver`, and files are written
//! only in the run's folder.

#![deny(missing_docs)]

mod ayoub_tables;
#[cfg(test)]
mod claims_check;
mod commentary;
mod error;
mod kang_tables;
mod pairing;
pub mod profiles;
pub mod reference;
mod report;
mod run_folder;
mod run_info;
mod settings;
mod tables;

pub use error::{ExperimentError, create_dir, write_file};
pub use kang_tables::{KANG_READINGS, KangRandom, KangReading, kang_table9_with};
pub use pairing::{
    Experiment, PairingRow, PairingTable, PaperResult, first_policy, games_path, play_table,
};
pub use report::{Report, RowResult, build_report};
pub use run_info::{RUN_INFO_FILE, RunInfo, RunSize};
pub use settings::{QUICK_GAMES, RunSettings};
pub use tables::EXPERIMENTS;
