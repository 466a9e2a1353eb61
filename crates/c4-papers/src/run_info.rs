//! What an experiment's folder says it holds (read and claimed by `run_folder.rs`; named in
//! the errors of `error.rs`).

use super::settings::RunSettings;
use serde::{Deserialize, Serialize};

/// What a folder holds: one experiment, with one seed, of one size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The experiment's name.
    pub experiment: String,
    /// Its seed.
    pub seed: u64,
    /// What `--quick` and `--games` asked for; `None` in a folder whose file does not say
    /// (written before sizes were recorded), which a run of any size may continue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<RunSize>,
}

/// How big a run is: what `--quick` and `--games` asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSize {
    /// A `--quick` run (its own counts, whatever `--games` says).
    pub quick: bool,
    /// `--games`: games (or positions) per row; `None` for each row's paper count.
    pub games: Option<u64>,
}

impl RunInfo {
    /// The run of `experiment` that `settings` ask for.
    #[must_use]
    pub fn of(experiment: &str, settings: &RunSettings) -> RunInfo {
        RunInfo {
            experiment: experiment.to_owned(),
            seed: settings.seed,
            size: Some(RunSize::of(settings)),
        }
    }
}

impl RunSize {
    /// The size `settings` ask for; `--games` counts for nothing in a `--quick` run.
    #[must_use]
    pub fn of(settings: &RunSettings) -> RunSize {
        RunSize {
            quick: settings.quick,
            games: if settings.quick { None } else { settings.games },
        }
    }

    /// How `self` (what a resuming command asks for) differs from `recorded` (the run in the
    /// folder), a line a setting, as `c4 match` words them. A run may grow (`--games` more
    /// than the folder's); any other difference would report games of two sizes as one run.
    #[must_use]
    pub fn differences(&self, recorded: &RunSize) -> Vec<String> {
        let mut found = Vec::new();
        if self.quick != recorded.quick {
            let (was, asked) = if recorded.quick {
                ("is a --quick run", "is not")
            } else {
                ("is not a --quick run", "asks for one")
            };
            found.push(format!("--quick: the run {was}, this command {asked}"));
        }
        let paper = "each row's paper count";
        match (recorded.games, self.games) {
            _ if self.quick || recorded.quick => {}
            (Some(was), Some(asked)) if asked < was => found.push(format!(
                "--games: the run has {was}, this command asks for fewer ({asked})"
            )),
            (Some(_), Some(_)) | (None, None) => {}
            (None, Some(asked)) => found.push(format!(
                "--games: the run has {paper}, this command asks for {asked}"
            )),
            (Some(was), None) => found.push(format!(
                "--games: the run has {was}, this command asks for {paper}"
            )),
        }
        found
    }
}

/// The file in a run folder that says what it holds.
pub const RUN_INFO_FILE: &str = "experiment.json";

#[cfg(test)]
mod tests {
    use super::*;

    fn size(quick: bool, games: Option<u64>) -> RunSize {
        RunSize { quick, games }
    }

    /// Issue 47, item 9: a run of other settings is named by the setting.
    #[test]
    fn issue_47_a_run_may_grow_but_not_shrink_or_change_its_kind() {
        let quick = size(true, None);
        let four = size(false, Some(4));
        assert!(quick.differences(&quick).is_empty());
        assert!(size(false, Some(9)).differences(&four).is_empty());
        assert!(size(false, None).differences(&size(false, None)).is_empty());
        let said = |asked: RunSize, recorded: RunSize| asked.differences(&recorded).join("; ");
        assert_eq!(
            said(size(false, Some(3)), four),
            "--games: the run has 4, this command asks for fewer (3)"
        );
        assert_eq!(
            said(size(false, Some(3)), quick),
            "--quick: the run is a --quick run, this command is not"
        );
        assert_eq!(
            said(quick, four),
            "--quick: the run is not a --quick run, this command asks for one"
        );
        assert!(said(size(false, Some(3)), size(false, None)).contains("paper count"));
        assert!(said(size(false, None), four).contains("paper count"));
    }

    #[test]
    fn a_file_without_a_size_reads_as_one_of_unknown_size() {
        let info: RunInfo = serde_json::from_str(r#"{"experiment":"x","seed":1}"#).unwrap();
        assert_eq!(info.size, None);
        let settings = RunSettings {
            games: Some(7),
            quick: true,
            seed: 2,
            out: "unused".into(),
        };
        let written = serde_json::to_string(&RunInfo::of("x", &settings)).unwrap();
        assert_eq!(
            written,
            r#"{"experiment":"x","seed":2,"size":{"quick":true,"games":null}}"#
        );
    }
}
