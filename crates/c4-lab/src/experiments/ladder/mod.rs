//! `ladder`: the levels (`easy` to `perfect`), every hand-written heuristic (the seed papers'
//! and c4's `threats`) at depth 5, the random player and the players beside the levels
//! (`victor`) in one round robin with paired random openings, ranked by
//! maximum-likelihood Elo; each level's moves graded on the six reference sets as the
//! `mistakes` experiment grades them. Its table of the levels' figures
//! (`levels.tsv`) is the one `c4 levels` and the page show.
//!
//! The games are JSON lines of `games/ladder.jsonl` and the graded moves of
//! `games/mistakes.jsonl` (with the positions' scores in `games/labels.jsonl`), each written as
//! it is made: a killed run resumes, a player added later plays only its own pairings, and
//! `c4 report` rebuilds the report.

mod plot;
mod report;

pub use plot::plot;
pub use report::report;

use super::mistakes::{self, Decision, Graded};
use crate::progress::Progress;
use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, game_seed, run_match,
};
use c4_arena::record::{GameLog, GameRecord};
use c4_eval::heuristics;
use c4_papers::ExperimentError;
use c4_players::{LEVELS, PlayerSpec};
use std::path::{Path, PathBuf};

/// The heuristics' search depth.
pub const DEPTH: u32 = 5;
/// Plies of the random openings (each played with both colours).
pub const OPENING_PLIES: u32 = 4;
/// Levels in a `--quick` run: the weakest ones, whose games take moments.
const QUICK_LEVELS: usize = 2;

/// Players measured beside the levels, as the levels are (Elo and mistakes), and no level
/// themselves: `victor` is `strong` with Allis' rules first, so its step over `strong` is
/// what the rules add to a tenth of a second's search. They join the round robin last, so
/// the pairings before them keep their seeds.
pub const BESIDE_LEVELS: [(&str, &str); 1] = [("victor", "victor:time=100,book=none")];

/// The ladder's games and the levels' graded moves.
pub struct Results {
    /// Every game.
    pub games: Vec<GameRecord>,
    /// The levels' moves on the reference sets.
    pub decisions: Vec<Decision>,
}

/// The levels of a full or `quick` run, weakest first: label and spec.
pub fn levels(quick: bool) -> Result<Vec<Contestant>, ExperimentError> {
    let count = if quick { QUICK_LEVELS } else { LEVELS.len() };
    LEVELS
        .iter()
        .take(count)
        .map(|level| {
            Ok(Contestant {
                label: level.name.to_owned(),
                spec: PlayerSpec::parse(level.spec, 0)?,
            })
        })
        .collect()
}

/// The players of [`BESIDE_LEVELS`].
pub fn beside_levels() -> Result<Vec<Contestant>, ExperimentError> {
    BESIDE_LEVELS
        .iter()
        .map(|(label, spec)| {
            Ok(Contestant {
                label: (*label).to_owned(),
                spec: PlayerSpec::parse(spec, 0)?,
            })
        })
        .collect()
}

/// Every player of the ladder: the levels, the heuristics, `random`, and the players
/// beside the levels.
pub fn players(quick: bool) -> Result<Vec<Contestant>, ExperimentError> {
    let mut players = levels(quick)?;
    for heuristic in heuristics() {
        players.push(Contestant {
            label: heuristic.name.to_owned(),
            spec: PlayerSpec::parse(
                &format!("alphabeta:depth={DEPTH},eval={}", heuristic.name),
                0,
            )?,
        });
    }
    players.push(Contestant {
        label: "random".to_owned(),
        spec: PlayerSpec::parse("random", 0)?,
    });
    players.extend(beside_levels()?);
    Ok(players)
}

/// The levels and the players beside them, as the mistake grading takes them.
fn graded(quick: bool) -> Result<Vec<Graded>, ExperimentError> {
    Ok(levels(quick)?
        .into_iter()
        .chain(beside_levels()?)
        .map(|level| Graded {
            label: level.label,
            spec: level.spec,
            line: None,
        })
        .collect())
}

/// Games and decisions in a full or `quick` run with `games` games per pairing.
pub fn planned(quick: bool, games: u64) -> Result<u64, ExperimentError> {
    let players = players(quick)?.len() as u64;
    let positions: usize = mistakes::sets(quick).iter().map(|(_, n)| n).sum();
    Ok(games * players * (players - 1) / 2 + (positions * graded(quick)?.len()) as u64)
}

fn games_path(dir: &Path) -> PathBuf {
    dir.join("games").join("ladder.jsonl")
}

/// Grades the levels' moves and plays every pairing's missing games; returns all of both.
pub fn run(
    dir: &Path,
    quick: bool,
    games: u64,
    seed: u64,
    observer: &dyn MatchObserver,
    progress: &dyn Progress,
) -> Result<Results, ExperimentError> {
    let decisions = mistakes::grade(dir, &graded(quick)?, quick, seed, progress)?;
    let late = BESIDE_LEVELS.len();
    let games = round_robin(
        &games_path(dir),
        &players(quick)?,
        late,
        games,
        seed,
        observer,
    )?;
    Ok(Results { games, decisions })
}

/// Everything in `dir`, to rebuild the report.
pub fn load(dir: &Path, progress: &dyn Progress) -> Result<Results, ExperimentError> {
    let loaded = GameLog::load(&games_path(dir))?;
    for warning in &loaded.warnings {
        progress.warn(warning);
    }
    Ok(Results {
        games: loaded.records,
        decisions: mistakes::load(dir, progress)?,
    })
}

/// Plays every pairing of `players` its missing games of `games`, from paired random
/// openings, into the log at `path`; returns all records. The pairings of the last `late`
/// players come after all the others, so that adding players at the end leaves the earlier
/// pairings' seeds as they were.
pub fn round_robin(
    path: &Path,
    players: &[Contestant],
    late: usize,
    games: u64,
    seed: u64,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, ExperimentError> {
    let (loaded, mut log) = GameLog::resume(path)?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let early = players.len().saturating_sub(late);
    let pairings = (0..players.len())
        .flat_map(|i| (i + 1..players.len()).map(move |j| (i, j)))
        .filter(|&(_, j)| j < early)
        .chain((early..players.len()).flat_map(|j| (0..j).map(move |i| (i, j))));
    let mut all = Vec::new();
    for (pair, (i, j)) in pairings.enumerate() {
        let (first, second) = (&players[i], &players[j]);
        let config = MatchConfig {
            a: first.clone(),
            b: second.clone(),
            games,
            seed: game_seed(seed, pair as u64, 13),
            openings: Openings::Random(OPENING_PLIES),
            first: FirstPolicy::Alternate,
            sprt: None,
        };
        let done: Vec<GameRecord> = loaded
            .records
            .iter()
            .filter(|r| r.a == first.label && r.b == second.label && r.game < games)
            .cloned()
            .collect();
        all.extend(run_match(&config, done, Some(&mut log), observer)?);
    }
    Ok(all)
}
