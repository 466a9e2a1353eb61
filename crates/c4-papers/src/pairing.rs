//! The shape most of the papers' tables share: pairings (player 1 against player 2, who moves
//! first), each played many times, with the paper's win/draw/loss numbers beside them; and how
//! a table's games are played into, and resumed from, `DIR/games/<table id>.jsonl`.

use super::settings::RunSettings;
use crate::ExperimentError;
use c4_arena::matches::{Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, run_match};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::run::check_resumed;
use c4_players::PlayerSpec;
use std::path::{Path, PathBuf};

/// What the paper reports for one row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PaperResult {
    /// Game counts from player 1's side (Ayoub: out of 1000).
    Counts {
        /// Player 1's wins.
        wins: u64,
        /// Player 1's losses.
        losses: u64,
        /// Ties.
        ties: u64,
    },
    /// Win shares (Kang), of player 1 and, where given, of player 2.
    Shares {
        /// Player 1's share of wins.
        first: f64,
        /// Player 2's share of wins.
        second: Option<f64>,
        /// Games the paper played per row.
        games: u64,
    },
}

impl PaperResult {
    /// Games the paper played for the row.
    #[must_use]
    pub fn games(&self) -> u64 {
        match self {
            PaperResult::Counts { wins, losses, ties } => wins + losses + ties,
            PaperResult::Shares { games, .. } => *games,
        }
    }

    /// Player 1's and player 2's win shares.
    #[must_use]
    pub fn shares(&self) -> (f64, Option<f64>) {
        match *self {
            PaperResult::Counts { wins, losses, .. } => {
                let n = self.games().max(1) as f64;
                (wins as f64 / n, Some(losses as f64 / n))
            }
            PaperResult::Shares { first, second, .. } => (first, second),
        }
    }
}

/// One pairing.
#[derive(Clone, Debug)]
pub struct PairingRow {
    /// How the paper names the row.
    pub label: String,
    /// Player 1.
    pub a: PlayerSpec,
    /// Player 2.
    pub b: PlayerSpec,
    /// Who moves first.
    pub first: FirstPolicy,
    /// The paper's numbers.
    pub paper: PaperResult,
}

/// A table of pairings.
#[derive(Clone, Debug)]
pub struct PairingTable {
    /// File-name id.
    pub id: &'static str,
    /// Caption.
    pub title: String,
    /// Rows.
    pub rows: Vec<PairingRow>,
}

/// An experiment of `c4 experiment`.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    /// Its name on the command line.
    pub name: &'static str,
    /// One line.
    pub title: &'static str,
    /// The paper and its tables.
    pub source: &'static str,
    /// The settings, in words, for the report.
    pub settings: &'static str,
    /// What to keep in mind reading the comparison.
    pub reading: &'static str,
    /// Its tables.
    pub tables: fn() -> Result<Vec<PairingTable>, ExperimentError>,
}

/// Plays every row of `table` that is not finished in `settings.out`, appending games to
/// `DIR/games/<table id>.jsonl`; returns all records of the table.
pub fn play_table(
    table: &PairingTable,
    settings: &RunSettings,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, ExperimentError> {
    let path = games_path(&settings.out, table.id);
    let (loaded, mut log) = GameLog::resume(&path)?;
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
        let config = MatchConfig {
            a: Contestant {
                label: label_a,
                spec: row.a.clone(),
            },
            b: Contestant {
                label: label_b,
                spec: row.b.clone(),
            },
            games: settings.games_for(row.paper.games()),
            seed: c4_arena::matches::game_seed(settings.seed, index as u64, 11),
            openings: Openings::None,
            first: row.first,
            sprt: None,
        };
        // A folder whose run info does not record its size (see `RunInfo::size`) may hold
        // more games of a row than this run asks for: those are left out.
        let done: Vec<GameRecord> = done.into_iter().filter(|r| r.game < config.games).collect();
        check_resumed(&done, std::slice::from_ref(&config)).map_err(|source| {
            ExperimentError::OtherRow {
                path: path.clone(),
                row: index,
                source,
            }
        })?;
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
