//! The papers' experiments, each rerun by one command with the paper's numbers beside ours.
//!
//! Most of the papers' tables have one shape: a list of pairings (player 1 against player 2,
//! who moves first), each played many times, with a win/draw/loss tally. [`PairingTable`]
//! is that shape: its rows come from the paper's CSV, its games from [`crate::matches`], one
//! JSONL file per table under `DIR/games/`, so an interrupted experiment resumes where it
//! stopped and `c4 report DIR` rebuilds everything from the files.

pub mod accuracy;
mod catalogue;
mod decisions;
pub mod ladder;
pub mod mistakes;
mod plot;
pub mod profiles;
pub mod reference;
mod report;
mod tables;
pub mod tuning;

pub use catalogue::{ExperimentKind, Plan, Progress, RUN_INFO_FILE, RunInfo};
pub use report::{Report, RowResult, build_report};
pub use tables::{
    EXPERIMENTS, Experiment, KANG_READINGS, KangReading, PairingRow, PairingTable, PaperResult,
    kang_table9_with,
};

use crate::matches::{Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, run_match};
use crate::record::{GameLog, GameRecord};
use c4_engine::agent::PlayerSpec;
use std::path::{Path, PathBuf};

/// How to run an experiment.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Games per row, overriding the paper's count.
    pub games: Option<u64>,
    /// A few games per row: a smoke test of the whole pipeline.
    pub quick: bool,
    /// The seed of every random choice.
    pub seed: u64,
    /// Where games, tables, plots and the report go.
    pub out: PathBuf,
}

/// Games per row in `--quick` runs.
pub const QUICK_GAMES: u64 = 4;

impl RunSettings {
    /// Games to play for a row whose paper played `paper_games`.
    #[must_use]
    pub fn games_for(&self, paper_games: u64) -> u64 {
        if self.quick {
            QUICK_GAMES
        } else {
            self.games.unwrap_or(paper_games)
        }
    }
}

/// Plays every row of `table` that is not finished in `settings.out`, appending games to
/// `DIR/games/<table id>.jsonl`; returns all records of the table.
pub fn play_table(
    table: &PairingTable,
    settings: &RunSettings,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, String> {
    let path = games_path(&settings.out, table.id);
    let (loaded, mut log) = GameLog::resume(&path).map_err(|e| e.to_string())?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let mut all = Vec::new();
    for (index, row) in table.rows.iter().enumerate() {
        let label_a = format!("row{index}:a");
        let label_b = format!("row{index}:b");
        let done: Vec<GameRecord> = loaded
            .records
            .iter()
            .filter(|r| r.a == label_a && r.b == label_b)
            .cloned()
            .collect();
        let parse =
            |s: &str| PlayerSpec::parse(s, 0).map_err(|e| format!("{}: {s}: {e}", table.id));
        let config = MatchConfig {
            a: Contestant {
                label: label_a,
                spec: parse(&row.a)?,
            },
            b: Contestant {
                label: label_b,
                spec: parse(&row.b)?,
            },
            games: settings.games_for(row.paper.games()),
            seed: crate::matches::game_seed(settings.seed, index as u64, 11),
            openings: Openings::None,
            first: row.first,
            sprt: None,
        };
        if let Some(r) = done.iter().find(|r| r.a_spec != config.a.spec.to_string()) {
            return Err(format!(
                "{} holds games of {} for row {index}, not of {}: use another --out",
                path.display(),
                r.a_spec,
                config.a.spec
            ));
        }
        let done: Vec<GameRecord> = done.into_iter().filter(|r| r.game < config.games).collect();
        all.extend(run_match(&config, done, Some(&mut log), observer)?);
    }
    Ok(all)
}

/// Where a table's games are kept.
#[must_use]
pub fn games_path(dir: &Path, table_id: &str) -> PathBuf {
    dir.join("games").join(format!("{table_id}.jsonl"))
}

/// The players of a pairing row and who moves first, for the match runner.
#[must_use]
pub fn first_policy(a_first: bool) -> FirstPolicy {
    if a_first {
        FirstPolicy::A
    } else {
        FirstPolicy::Alternate
    }
}
