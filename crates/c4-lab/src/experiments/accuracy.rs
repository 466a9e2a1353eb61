//! `accuracy`: how often each heuristic's move is optimal, measured against the solver.
//!
//! Positions: the first positions of the Middle-Easy and Middle-Medium reference sets (their
//! scores come from an independent solver; c4's solver scores every column). For each player,
//! the chosen column is *optimal* when its exact score equals the best column's, and *keeps the
//! result* when it has the same sign (a win stays a win, a draw a draw). Every decision is a
//! JSON line in `games/accuracy.jsonl` as soon as it is made, so a killed run resumes and
//! `c4 report` rebuilds the tables.

use super::decisions::DecisionLog;
use super::players::{alphabeta, engine, evaluator};
use crate::progress::Progress;
use c4_arena::stats::wilson;
use c4_core::parse_moves;
use c4_eval::heuristics;
use c4_learn::plot::{self, Chart, Legend, Series};
use c4_papers::{ExperimentError, create_dir, write_file};
use c4_players::PlayerSpec;
use c4_solver::files;
use c4_solver::reference_positions;
use c4_solver::{ExactScore, SolveLimits, Solver};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Alpha-beta depths.
pub const DEPTHS: [u32; 5] = [2, 4, 6, 8, 10];
/// Engine budgets in milliseconds.
pub const ENGINE_BUDGETS: [u64; 3] = [10, 50, 200];

/// One decision.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    /// Player spec.
    pub player: String,
    /// Index of the position in the sample.
    pub position: usize,
    /// Column chosen.
    pub column: c4_core::Column,
    /// Whether it was optimal.
    pub optimal: bool,
    /// Whether it kept the game-theoretic result.
    pub keeps_result: bool,
}

/// Each column's exact score, `None` (`null` in `solved.jsonl`) for a full one.
type ColumnScores = [Option<ExactScore>; c4_core::WIDTH];

/// The sample: `(moves, per-column exact scores)`, `count` from each middle-game set.
fn sample(count: usize, dir: &Path) -> Result<Vec<(String, ColumnScores)>, ExperimentError> {
    let path = dir.join("games").join("solved.jsonl");
    if let Ok(text) = files::read_text(&path, 64 << 20) {
        let solved: Vec<(String, ColumnScores)> = text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        if solved.len() == 2 * count {
            return Ok(solved);
        }
    }
    let mut moves = Vec::new();
    for set in ["Test_L2_R1", "Test_L2_R2"] {
        let positions = reference_positions::set(set).ok_or(ExperimentError::MissingSet(set))?;
        moves.extend(positions.into_iter().take(count).map(|p| p.moves));
    }
    let solved: Vec<(String, ColumnScores)> = moves
        .par_iter()
        .map_init(
            || Solver::new(20),
            |solver, m| {
                let position = parse_moves(m).map_err(|source| ExperimentError::NamedMoves {
                    moves: m.clone(),
                    source,
                })?;
                let (scores, _) = solver.analyze(&position, false, SolveLimits::default())?;
                Ok((m.clone(), scores))
            },
        )
        .collect::<Result<_, ExperimentError>>()?;
    create_dir(&dir.join("games"))?;
    let text: String = solved
        .iter()
        .map(|s| serde_json::to_string(s).expect("plain data") + "\n")
        .collect();
    write_file(&path, text)?;
    Ok(solved)
}

/// Every player of the experiment.
#[must_use]
pub fn players() -> Vec<PlayerSpec> {
    let mut out: Vec<PlayerSpec> = heuristics()
        .flat_map(|h| DEPTHS.iter().map(move |&d| heuristic_player(h.name, d)))
        .collect();
    out.extend(ENGINE_BUDGETS.iter().map(|&t| engine(t)));
    out
}

/// Heuristic `name` at `depth`.
fn heuristic_player(name: &str, depth: u32) -> PlayerSpec {
    let eval = evaluator(name).expect("the experiment's heuristics are in the registry");
    alphabeta(depth, eval)
}

/// Where the decisions are kept.
fn decisions_path(dir: &Path) -> PathBuf {
    dir.join("games").join("accuracy.jsonl")
}

/// The decisions made so far in `dir`.
pub fn load(dir: &Path, progress: &dyn Progress) -> Result<Vec<Decision>, ExperimentError> {
    DecisionLog::load(&decisions_path(dir), progress)
}

/// Plays every decision not yet in `DIR/games/accuracy.jsonl`; returns all decisions.
pub fn run(
    dir: &Path,
    positions_per_set: usize,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<Decision>, ExperimentError> {
    let sample = sample(positions_per_set, dir)?;
    let decisions = DecisionLog::<Decision>::resume(&decisions_path(dir), progress)?;
    let have: std::collections::HashSet<(String, usize)> = decisions.with_made(|made| {
        made.iter()
            .map(|d| (d.player.clone(), d.position))
            .collect()
    });
    for mut spec in players() {
        let player = spec.to_string();
        spec.set_seed(seed);
        let todo: Vec<usize> = (0..sample.len())
            .filter(|&i| !have.contains(&(player.clone(), i)))
            .collect();
        todo.par_iter()
            .try_for_each(|&i| -> Result<(), ExperimentError> {
                let (moves, scores) = &sample[i];
                let game = c4_core::Game::from_moves(moves)?;
                let mut agent = spec.build()?;
                let column = agent.choose(&game).column;
                let best = scores.iter().flatten().copied().max();
                let chosen = scores[column.index()];
                let decision = Decision {
                    player: player.clone(),
                    position: i,
                    column,
                    optimal: chosen == best,
                    keeps_result: chosen.map(ExactScore::signum) == best.map(ExactScore::signum),
                };
                decisions.record(decision, progress)
            })?;
    }
    Ok(decisions.into_made())
}

/// Writes `report.md`, `accuracy.csv` and `accuracy.svg`; returns the Markdown.
pub fn report(dir: &Path, decisions: &[Decision], seed: u64) -> Result<String, ExperimentError> {
    let mut by_player: HashMap<&str, (u64, u64, u64)> = HashMap::new();
    for d in decisions {
        let e = by_player.entry(d.player.as_str()).or_default();
        e.0 += 1;
        e.1 += u64::from(d.optimal);
        e.2 += u64::from(d.keeps_result);
    }
    let mut md = String::from("# accuracy: move quality against perfect play\n\n");
    let _ = writeln!(
        md,
        "c4's own question, asked of every seed heuristic. Positions: the first positions of the reference sets \
         Test_L2_R1 and Test_L2_R2 (middle games), every column scored exactly by c4's solver. A move is *optimal* \
         when it scores as well as the best column, and *keeps the result* when a win stays a win and a draw a draw. \
         Players: alpha-beta with default options (centre-first order, no cache) at depths {DEPTHS:?}, and the engine \
         at {ENGINE_BUDGETS:?} ms. Seed {seed}.\n"
    );
    md.push_str("| player | positions | optimal % [95% CI] | keeps result % [95% CI] |\n|---|---|---|---|\n");
    let mut csv = String::from(
        "player,positions,optimal,optimal_low,optimal_high,keeps,keeps_low,keeps_high\n",
    );
    for player in players().iter().map(PlayerSpec::to_string) {
        let Some(&(n, optimal, keeps)) = by_player.get(player.as_str()) else {
            continue;
        };
        let (o, k) = (
            wilson(optimal, n).expect("n > 0"),
            wilson(keeps, n).expect("n > 0"),
        );
        let _ = writeln!(
            md,
            "| {player} | {n} | {:.1} [{:.1}, {:.1}] | {:.1} [{:.1}, {:.1}] |",
            100.0 * o.value,
            100.0 * o.low,
            100.0 * o.high,
            100.0 * k.value,
            100.0 * k.low,
            100.0 * k.high
        );
        let _ = writeln!(
            csv,
            "\"{player}\",{n},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4}",
            o.value, o.low, o.high, k.value, k.low, k.high
        );
    }
    md.push_str("\n![optimal moves by depth](accuracy.svg)\n\n## Reading\n\nMiddle-game positions with few moves left are \
        where search depth pays most: at depth 10 most lines reach the end of the game, and every heuristic converges. \
        Differences at shallow depth show what each heuristic knows on its own.\n");
    write_file(&dir.join("accuracy.csv"), csv)?;
    plot(dir, &by_player)?;
    write_file(&dir.join("report.md"), &md)?;
    Ok(md)
}

fn plot(dir: &Path, by_player: &HashMap<&str, (u64, u64, u64)>) -> Result<(), ExperimentError> {
    let series: Vec<Series> = heuristics()
        .map(|h| h.name)
        .map(|h| Series {
            label: h.to_owned(),
            points: DEPTHS
                .iter()
                .filter_map(|d| {
                    let (n, optimal, _) =
                        by_player.get(heuristic_player(h, *d).to_string().as_str())?;
                    (*n > 0).then(|| (f64::from(*d), 100.0 * *optimal as f64 / *n as f64))
                })
                .collect(),
            dashed: false,
        })
        .collect();
    let chart = Chart {
        title: "optimal moves by search depth",
        x_desc: "alpha-beta depth",
        y_desc: "optimal %",
        x: 1.5..10.5,
        y: 0.0..100.0,
        legend: Legend::Lower,
    };
    Ok(plot::lines(&dir.join("accuracy.svg"), &chart, &series)?)
}
