//! A run folder's [`RunInfo`] read, and the folder claimed for a run before the run writes
//! into it.

use crate::error::{ExperimentError, create_dir, write_file};
use crate::run_info::{RUN_INFO_FILE, RunInfo};
use c4_solver::files;
use std::path::Path;

impl RunInfo {
    /// Reads the run info of `dir`.
    pub fn read(dir: &Path) -> Result<RunInfo, ExperimentError> {
        let path = dir.join(RUN_INFO_FILE);
        // Whatever keeps the file from being read, the folder is not a run (the words users
        // know); the file system's reason is not shown, as before.
        let text = files::read_text(&path, 1 << 20)
            .map_err(|_| ExperimentError::NotARun(dir.to_owned()))?;
        serde_json::from_str(&text).map_err(|source| ExperimentError::RunInfo { path, source })
    }

    /// Claims `dir` for this run: a new folder records it, a folder of the same run is
    /// resumed (and records a grown `--games`), a folder of another run or of another size
    /// is refused.
    pub fn claim(&self, dir: &Path) -> Result<(), ExperimentError> {
        if dir.join(RUN_INFO_FILE).exists() {
            let found = RunInfo::read(dir)?;
            if (&found.experiment, found.seed) != (&self.experiment, self.seed) {
                return Err(ExperimentError::OtherRun {
                    dir: dir.to_owned(),
                    found: Box::new(found),
                    wanted: Box::new(self.clone()),
                });
            }
            let (Some(recorded), Some(asked)) = (found.size, self.size) else {
                return Ok(());
            };
            let differences = asked.differences(&recorded);
            if !differences.is_empty() {
                return Err(ExperimentError::OtherSize {
                    dir: dir.to_owned(),
                    experiment: self.experiment.clone(),
                    differences,
                });
            }
            if asked == recorded {
                return Ok(());
            }
        }
        create_dir(dir)?;
        let path = dir.join(RUN_INFO_FILE);
        let text = serde_json::to_string_pretty(self).expect("plain data");
        write_file(&path, text)
    }
}
