//! What an experiment's folder says it holds (read and claimed by `catalogue.rs`; named in
//! the errors of `error.rs`).

use serde::{Deserialize, Serialize};

/// What a folder holds: one experiment, with one seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The experiment's name.
    pub experiment: String,
    /// Its seed.
    pub seed: u64,
}

/// The file in a run folder that says what it holds.
pub const RUN_INFO_FILE: &str = "experiment.json";
