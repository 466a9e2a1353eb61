//! `learned`: the n-tuple network `c4 learn` trained (`eval=ntuple`, the shipped weights)
//! graded as the seed heuristics are: mistakes on the six reference sets at depths 1, 5 and
//! 8 beside every seed heuristic, tuned and untuned, and AlphaZero.jl's figures; an Elo
//! ladder at equal depth; and the papers' claim tested, the network searching one ply
//! against perfect play from the empty board and from every 1- and 2-ply opening.
//!
//! Every decision and game is a line of a log under `DIR/games/` written as it is made, so
//! a killed run resumes and `c4 report` rebuilds the report from the files.

mod against_perfect;
mod report;

pub use against_perfect::{PerfectGame, openings};
pub use report::report;

use super::ladder;
use super::mistakes::{self, Decision, Graded};
use super::players::{alphabeta, evaluator};
use crate::progress::{GamesOf, Progress};
use c4_arena::matches::Contestant;
use c4_arena::record::GameRecord;
use c4_eval::EVALUATORS;
use c4_eval::ntuple::evaluator::BUILTIN_FINGERPRINT;
use c4_learn::tuning::TUNED;
use c4_papers::ExperimentError;
use std::path::{Path, PathBuf};

/// The learned evaluator's registry name.
pub const NTUPLE: &str = "ntuple";
/// Depths graded on the reference sets: greedy (one ply), AlphaZero.jl's 5, and 8.
pub const DEPTHS: [u32; 3] = [1, 5, 8];
/// The depth of the ladder's players.
pub const LADDER_DEPTH: u32 = 5;
/// Games per pairing of the ladder: full size, `--quick`.
pub const LADDER_GAMES: (u64, u64) = (20, 2);

/// Everything a run holds.
pub struct Results {
    /// Graded moves on the reference sets.
    pub decisions: Vec<Decision>,
    /// The ladder's games.
    pub ladder: Vec<GameRecord>,
    /// The games against perfect play.
    pub perfect: Vec<PerfectGame>,
}

/// The evaluators graded beside the network: every one in the registry but `zero` (which
/// scores nothing), the network first.
fn evaluators() -> Vec<&'static str> {
    let mut names = vec![NTUPLE];
    names.extend(
        EVALUATORS
            .iter()
            .map(|e| e.name)
            .filter(|n| *n != NTUPLE && *n != "zero"),
    );
    names
}

/// The players graded on the reference sets.
#[must_use]
pub fn graded() -> Vec<Graded> {
    let mut out = Vec::new();
    for name in evaluators() {
        let eval = evaluator(name).expect("graded evaluators are in the registry");
        let tuned = TUNED.iter().find(|t| t.name == name);
        for depth in DEPTHS {
            out.push(Graded {
                label: format!("{name} d{depth}"),
                spec: alphabeta(depth, eval.clone()),
                line: Some((name.to_owned(), false, depth)),
            });
            if let Some(tuned) = tuned {
                out.push(Graded {
                    label: format!("tuned {name} d{depth}"),
                    spec: alphabeta(depth, tuned.spec()),
                    line: Some((name.to_owned(), true, depth)),
                });
            }
        }
    }
    out
}

/// The ladder's players: every graded evaluator at [`LADDER_DEPTH`], untuned.
pub fn ladder_players() -> Result<Vec<Contestant>, ExperimentError> {
    evaluators()
        .into_iter()
        .map(|name| {
            Ok(Contestant {
                label: name.to_owned(),
                spec: alphabeta(LADDER_DEPTH, evaluator(name)?),
            })
        })
        .collect()
}

fn ladder_path(dir: &Path) -> PathBuf {
    dir.join("games").join("ladder.jsonl")
}

/// The units of a full or `quick` run: decisions, games of the ladder and against perfect.
#[must_use]
pub fn planned(quick: bool) -> u64 {
    let positions: usize = mistakes::sets(quick).iter().map(|(_, n)| n).sum();
    let players = evaluators().len() as u64;
    let games = if quick {
        LADDER_GAMES.1
    } else {
        LADDER_GAMES.0
    };
    (positions * graded().len()) as u64
        + games * players * (players - 1) / 2
        + openings(quick).len() as u64
}

/// The file that names the shipped network a run's games were played with.
const NETWORK_FILE: &str = "network.txt";

/// Records the shipped network in a new run, or checks that a resumed run's games were
/// played with the network this c4 ships (their specs alone, `eval=ntuple`, cannot tell).
fn claim_network(dir: &Path) -> Result<(), ExperimentError> {
    let path = dir.join("games").join(NETWORK_FILE);
    let current = format!("builtin network crc32 {BUILTIN_FINGERPRINT:08x}\n");
    if path.exists() {
        let recorded = c4_solver::files::read_text(&path, 1024)?;
        if recorded != current {
            return Err(ExperimentError::OtherNetwork {
                dir: dir.to_owned(),
                recorded: recorded.trim().to_owned(),
                current: current.trim().to_owned(),
            });
        }
        return Ok(());
    }
    std::fs::create_dir_all(dir.join("games"))
        .and_then(|()| std::fs::write(&path, current))
        .map_err(ExperimentError::write(&path))
}

/// Runs what is missing in `dir`; returns everything there.
pub fn run(
    dir: &Path,
    quick: bool,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Results, ExperimentError> {
    claim_network(dir)?;
    let decisions = mistakes::grade(dir, &graded(), quick, seed, progress)?;
    let games = if quick {
        LADDER_GAMES.1
    } else {
        LADDER_GAMES.0
    };
    let ladder = ladder::round_robin(
        &ladder_path(dir),
        &ladder_players()?,
        0,
        games,
        seed,
        &GamesOf(progress),
    )?;
    let perfect = against_perfect::play(dir, quick, seed, progress)?;
    Ok(Results {
        decisions,
        ladder,
        perfect,
    })
}

/// Everything in `dir`, to rebuild the report.
pub fn load(dir: &Path, progress: &dyn Progress) -> Result<Results, ExperimentError> {
    let loaded = c4_arena::record::GameLog::load(&ladder_path(dir))?;
    for warning in &loaded.warnings {
        progress.warn(warning);
    }
    Ok(Results {
        decisions: mistakes::load(dir, progress)?,
        ladder: loaded.records,
        perfect: against_perfect::load(dir, progress)?,
    })
}
