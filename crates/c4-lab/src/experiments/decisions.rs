//! The decisions of the experiments that grade single moves (`accuracy`, `mistakes`): one JSON
//! line each in a resumable log, written the moment it is made, from worker threads.

use crate::progress::Progress;
use c4_arena::log::{AppendLog, Contents};
use c4_papers::ExperimentError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The decisions made so far, and the log that takes the next ones.
pub struct DecisionLog<T> {
    path: PathBuf,
    log: Mutex<AppendLog>,
    made: Mutex<Vec<T>>,
}

fn read<T: DeserializeOwned>(
    path: &Path,
    progress: &dyn Progress,
) -> Result<Contents<T>, ExperimentError> {
    let contents = AppendLog::read(path, None, |line| serde_json::from_str::<T>(line))?;
    for warning in &contents.warnings {
        progress.warn(warning);
    }
    Ok(contents)
}

impl<T: Serialize + DeserializeOwned> DecisionLog<T> {
    /// The decisions in the log at `path` (none if there is no log).
    pub fn load(path: &Path, progress: &dyn Progress) -> Result<Vec<T>, ExperimentError> {
        Ok(read(path, progress)?.into_values())
    }

    /// Continues the log at `path`.
    pub fn resume(path: &Path, progress: &dyn Progress) -> Result<DecisionLog<T>, ExperimentError> {
        let contents = read::<T>(path, progress)?;
        let log = AppendLog::open(path, None, Some(contents.resume_point()))?;
        Ok(DecisionLog {
            path: path.to_owned(),
            log: Mutex::new(log),
            made: Mutex::new(contents.into_values()),
        })
    }

    /// Runs `f` on the decisions made so far.
    pub fn with_made<R>(&self, f: impl FnOnce(&[T]) -> R) -> R {
        f(&self.made.lock().expect("no panic holding the decisions"))
    }

    /// Writes `decision` to the log, keeps it, and tells `progress`.
    pub fn record(&self, decision: T, progress: &dyn Progress) -> Result<(), ExperimentError> {
        let line = serde_json::to_string(&decision).expect("plain data");
        self.log
            .lock()
            .expect("no panic holding the log")
            .append(&line)
            .map_err(ExperimentError::write(&self.path))?;
        self.made
            .lock()
            .expect("no panic holding the decisions")
            .push(decision);
        progress.advanced();
        Ok(())
    }

    /// Every decision made.
    pub fn into_made(self) -> Vec<T> {
        self.made
            .into_inner()
            .expect("no panic holding the decisions")
    }
}
