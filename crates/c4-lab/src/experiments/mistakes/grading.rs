//! The grading of the `mistakes` experiment: the reference sets and players graded, every
//! column scored by the solver once, each decision appended as it is made, and the tallies.

use super::super::decisions::DecisionLog;
use super::super::players::{alphabeta, engine, evaluator};
use crate::progress::Progress;
use c4_arena::log::AppendLog;
use c4_books::OpeningBook;
use c4_core::{Game, WIDTH};
use c4_dataset::grade::grade_move;
use c4_eval::EVALUATORS;
use c4_learn::tuning::TUNED;
use c4_papers::ExperimentError;
use c4_players::PlayerSpec;
use c4_solver::reference_positions;
use c4_solver::{ExactScore, SolveLimits, Solver};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A reference set as the report names it, with AlphaZero.jl's figures read off its
/// tutorial's benchmark plot: a depth-5 minimax baseline, and its trained network with search.
pub struct GradedSet {
    /// The file name in `crates/c4-solver/data/positions/`.
    pub file: &'static str,
    /// Pons' name of it.
    pub name: &'static str,
    /// Positions graded at full size (its first ones).
    pub positions: usize,
    /// AlphaZero.jl's depth-5 minimax, mistake %.
    pub minimax_5: f64,
    /// AlphaZero.jl's trained network, mistake %.
    pub network: f64,
}

/// The six sets, in AlphaZero.jl's order.
pub const SETS: [GradedSet; 6] = [
    GradedSet {
        file: "Test_L1_R1",
        name: "Begin-Easy",
        positions: 200,
        minimax_5: 1.7,
        network: 0.0,
    },
    GradedSet {
        file: "Test_L2_R1",
        name: "Middle-Easy",
        positions: 200,
        minimax_5: 0.7,
        network: 0.0,
    },
    GradedSet {
        file: "Test_L3_R1",
        name: "End-Easy",
        positions: 200,
        minimax_5: 1.4,
        network: 0.0,
    },
    GradedSet {
        file: "Test_L1_R2",
        name: "Begin-Medium",
        positions: 200,
        minimax_5: 7.3,
        network: 2.0,
    },
    GradedSet {
        file: "Test_L2_R2",
        name: "Middle-Medium",
        positions: 200,
        minimax_5: 9.0,
        network: 2.5,
    },
    GradedSet {
        file: "Test_L1_R3",
        name: "Begin-Hard",
        positions: 100,
        minimax_5: 23.0,
        network: 7.0,
    },
];

/// Alpha-beta depths graded.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 1..=8;
/// Engine budgets in milliseconds.
pub const ENGINE_BUDGETS: [u64; 3] = [10, 100, 1000];
/// `--quick`: positions per set, the sets (the four that label in moments), depths, evaluators.
const QUICK: (usize, [&str; 4], [u32; 2], [&str; 2]) = (
    3,
    ["Test_L1_R1", "Test_L2_R1", "Test_L3_R1", "Test_L2_R2"],
    [1, 3],
    ["threats", "kang"],
);

/// A position with every column scored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Labelled {
    set: String,
    index: usize,
    moves: String,
    columns: [Option<ExactScore>; WIDTH],
}

/// One decision.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    /// The player's label.
    pub player: String,
    /// The player's spec as given (a tuned set's weights spelled out), so that decisions of
    /// weights since retuned are not counted.
    pub spec: String,
    /// The set's file name.
    pub set: String,
    /// The position's index in the set.
    pub index: usize,
    /// The column chosen.
    pub column: c4_core::Column,
    /// The move's value is worse than the best move's.
    pub mistake: bool,
    /// The move's score is below the best move's.
    pub not_optimal: bool,
}

/// A graded player: the label the report uses, its spec, and what it is a variant of.
#[derive(Clone, Debug)]
pub struct Graded {
    /// `NAME dD`, `tuned NAME dD` or `engine Tms`.
    pub label: String,
    /// The player.
    pub spec: PlayerSpec,
    /// The evaluator and whether it is tuned, with the depth, for the plot.
    pub line: Option<(String, bool, u32)>,
}

/// Every player graded, at full size or `quick`.
#[must_use]
pub fn players(quick: bool) -> Vec<Graded> {
    let depths: Vec<u32> = if quick {
        QUICK.2.to_vec()
    } else {
        DEPTHS.collect()
    };
    let evaluators: Vec<&str> = if quick {
        QUICK.3.to_vec()
    } else {
        EVALUATORS.iter().map(|e| e.name).collect()
    };
    let mut out = Vec::new();
    for name in &evaluators {
        let eval = evaluator(name).expect("graded evaluators are in the registry");
        let tuned = TUNED.iter().find(|t| t.name == *name);
        for &depth in &depths {
            out.push(Graded {
                label: format!("{name} d{depth}"),
                spec: alphabeta(depth, eval.clone()),
                line: Some(((*name).to_owned(), false, depth)),
            });
            if let Some(tuned) = tuned {
                out.push(Graded {
                    label: format!("tuned {name} d{depth}"),
                    spec: alphabeta(depth, tuned.spec()),
                    line: Some(((*name).to_owned(), true, depth)),
                });
            }
        }
    }
    let budgets: &[u64] = if quick {
        &ENGINE_BUDGETS[..1]
    } else {
        &ENGINE_BUDGETS
    };
    out.extend(budgets.iter().map(|&t| Graded {
        label: format!("engine {t}ms"),
        spec: engine(t),
        line: None,
    }));
    out
}

/// The sets of a full or `quick` run, with the positions graded of each.
#[must_use]
pub fn sets(quick: bool) -> Vec<(&'static GradedSet, usize)> {
    SETS.iter()
        .filter(|s| !quick || QUICK.1.contains(&s.file))
        .map(|s| (s, if quick { QUICK.0 } else { s.positions }))
        .collect()
}

fn labels_path(dir: &Path) -> PathBuf {
    dir.join("games").join("labels.jsonl")
}

fn decisions_path(dir: &Path) -> PathBuf {
    dir.join("games").join("mistakes.jsonl")
}

/// Every column of the graded positions scored, solving those not yet in the labels log.
fn labels(
    dir: &Path,
    quick: bool,
    progress: &dyn Progress,
) -> Result<HashMap<(String, usize), Labelled>, ExperimentError> {
    let (contents, log) = AppendLog::resume(&labels_path(dir), None, |line| {
        serde_json::from_str::<Labelled>(line)
    })?;
    for warning in &contents.warnings {
        progress.warn(warning);
    }
    let mut known: HashMap<(String, usize), Labelled> = contents
        .into_values()
        .into_iter()
        .map(|l| ((l.set.clone(), l.index), l))
        .collect();
    let mut todo = Vec::new();
    for (set, count) in sets(quick) {
        let positions =
            reference_positions::set(set.file).ok_or(ExperimentError::MissingSet(set.file))?;
        for (index, position) in positions.into_iter().take(count).enumerate() {
            if !known.contains_key(&(set.file.to_owned(), index)) {
                todo.push((set.file, index, position.moves));
            }
        }
    }
    let book = OpeningBook::builtin();
    let log = Mutex::new(log);
    let found: Vec<Labelled> = todo
        .par_iter()
        .map_init(
            || {
                let mut solver = Solver::new(22);
                solver.set_book(Some(book.clone()));
                solver
            },
            |solver, (set, index, moves)| -> Result<Labelled, ExperimentError> {
                let position =
                    c4_core::parse_moves(moves).map_err(|source| ExperimentError::NamedMoves {
                        moves: moves.clone(),
                        source,
                    })?;
                let (scores, _) = solver
                    .analyze(&position, false, SolveLimits::default())
                    .map_err(|source| ExperimentError::SolveAt {
                        moves: moves.clone(),
                        source,
                    })?;
                let labelled = Labelled {
                    set: (*set).to_owned(),
                    index: *index,
                    moves: moves.clone(),
                    columns: scores,
                };
                let line = serde_json::to_string(&labelled).expect("plain data");
                log.lock()
                    .expect("no panic holding the log")
                    .append(&line)
                    .map_err(ExperimentError::write(&labels_path(dir)))?;
                Ok(labelled)
            },
        )
        .collect::<Result<_, ExperimentError>>()?;
    known.extend(found.into_iter().map(|l| ((l.set.clone(), l.index), l)));
    Ok(known)
}

/// The decisions made so far in `dir`.
pub fn load(dir: &Path, progress: &dyn Progress) -> Result<Vec<Decision>, ExperimentError> {
    DecisionLog::load(&decisions_path(dir), progress)
}

/// Decisions in a full run, or a `quick` one.
#[must_use]
pub fn planned(quick: bool) -> u64 {
    let positions: usize = sets(quick).iter().map(|(_, n)| n).sum();
    (positions * players(quick).len()) as u64
}

/// Labels the positions, then makes every decision not yet in `DIR/games/mistakes.jsonl`;
/// returns all decisions.
pub fn run(
    dir: &Path,
    quick: bool,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<Decision>, ExperimentError> {
    grade(dir, &players(quick), quick, seed, progress)
}

/// Labels the positions of a full or `quick` run, then makes every decision of `players` not
/// yet in `DIR/games/mistakes.jsonl`; returns all decisions there.
pub fn grade(
    dir: &Path,
    players: &[Graded],
    quick: bool,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<Decision>, ExperimentError> {
    let labels = labels(dir, quick, progress)?;
    let decisions = DecisionLog::<Decision>::resume(&decisions_path(dir), progress)?;
    let have: HashSet<(String, String, usize)> = decisions.with_made(|made| {
        made.iter()
            .map(|d| (d.spec.clone(), d.set.clone(), d.index))
            .collect()
    });
    let mut keys: Vec<&(String, usize)> = labels.keys().collect();
    keys.sort();
    for player in players {
        let text = player.spec.to_string();
        let mut spec = player.spec.clone();
        spec.set_seed(seed);
        let todo: Vec<&Labelled> = keys
            .iter()
            .filter(|k| !have.contains(&(text.clone(), k.0.clone(), k.1)))
            .map(|k| &labels[*k])
            .collect();
        todo.par_iter()
            .try_for_each(|labelled| -> Result<(), ExperimentError> {
                let game = Game::from_moves(&labelled.moves)?;
                let mut agent = spec.build()?;
                let column = agent.choose(&game).column;
                let (mistake, not_optimal) = grade_move(&labelled.columns, column.index())
                    .ok_or_else(|| ExperimentError::FullColumn(text.clone()))?;
                let decision = Decision {
                    player: player.label.clone(),
                    spec: text.clone(),
                    set: labelled.set.clone(),
                    index: labelled.index,
                    column,
                    mistake,
                    not_optimal,
                };
                decisions.record(decision, progress)
            })?;
    }
    Ok(decisions.into_made())
}

/// Per player and set: (positions, mistakes, not optimal).
pub type Tally = HashMap<(String, String), (u64, u64, u64)>;

pub fn tally(decisions: &[Decision], quick: bool) -> Tally {
    tally_of(decisions, &players(quick))
}

/// Counts the decisions of `players` as they are now (a retuned set's old decisions stay in
/// the log but do not count).
#[must_use]
pub fn tally_of(decisions: &[Decision], players: &[Graded]) -> Tally {
    let current: HashSet<(String, String)> = players
        .iter()
        .map(|p| (p.label.clone(), p.spec.to_string()))
        .collect();
    let mut tally = Tally::new();
    for d in decisions
        .iter()
        .filter(|d| current.contains(&(d.player.clone(), d.spec.clone())))
    {
        let entry = tally.entry((d.player.clone(), d.set.clone())).or_default();
        entry.0 += 1;
        entry.1 += u64::from(d.mistake);
        entry.2 += u64::from(d.not_optimal);
    }
    tally
}
