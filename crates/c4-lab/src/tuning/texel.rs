//! Texel tuning: fit an evaluator's tunable weights so that a logistic of its evaluation
//! predicts the exact result (win 1, draw 1/2, loss 0 for the side to move) of labelled
//! positions ([`Target::Results`]), or so that a softmax of the columns' values puts its
//! weight on the columns that keep the best game-theoretic value ([`Target::Moves`]: the move
//! choice itself, graded as the mistakes experiment grades it).
//!
//! A position is evaluated at a quiescent leaf (depth 0: immediate wins and forced blocks are
//! played out first, since a static value of a position with a win on the board says nothing
//! about the weights) or by an alpha-beta search of a fixed depth. The loss is the mean squared
//! error of `1 / (1 + exp(-value / scale))` against the result; the scale is fitted too. The
//! weights move by coordinate descent (each weight up or down a step, kept when the training
//! loss falls; steps halve when a pass changes nothing). The validation loss after each pass
//! decides when to stop (no better for `patience` passes), and the weights returned are those
//! of the best validation loss.

use crate::dataset::{Sample, Split};
use c4_core::{Column, Game, Player, Position};
use c4_engine::agent::{FixedDepthSpec, PlayerSpec};
use c4_engine::eval::{EvalSpec, Evaluator};
use c4_engine::options::Tunable;
use c4_engine::search::MoveValue;
use rayon::prelude::*;

/// What the fit predicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Each position's exact result, by a logistic of its value.
    Results,
    /// Which columns of each position keep the best win/draw/loss value, by a softmax of the
    /// columns' values. Positions with a win in one move, or whose columns all share one
    /// value, say nothing about the weights and are left out.
    Moves,
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct TexelConfig {
    /// What the fit predicts.
    pub target: Target,
    /// Results: 0 evaluates the quiescent leaf, N searches N plies. Moves: the depth of the
    /// searcher whose choice is fitted, each column searched N - 1 plies (0 and 1: each
    /// column's quiescent leaf).
    pub depth: u32,
    /// The tunable weights to fit (empty: all of them).
    pub params: Vec<String>,
    /// Passes without a better validation loss before stopping.
    pub patience: u32,
    /// At most this many passes.
    pub max_passes: u32,
}

/// Where one position's value comes from.
#[derive(Clone, Debug)]
enum Leaf {
    /// Evaluated: the value of `position` for `view`, times `sign` for the root's side to move.
    Evaluate {
        position: Position,
        last_move: Option<Column>,
        view: Player,
        sign: i64,
    },
    /// Searched from the root, the value times `sign`.
    Search { game: Game, sign: f64 },
    /// Decided whatever the weights.
    Fixed(f64),
}

/// A value of the fit: its leaf, its target, and the position it belongs to (moves: one
/// point per column; results: one per position).
#[derive(Clone, Debug)]
struct Point {
    leaf: Leaf,
    target: f64,
    group: usize,
}

/// How many positions `points` hold.
fn positions(points: &[Point]) -> usize {
    points.last().map_or(0, |p| p.group + 1)
}

/// A column's value when the game is decided after it, far beyond any evaluation.
const DECIDED: f64 = 1e12;

/// Plays out immediate wins and forced blocks from `game`'s position: the leaf to evaluate,
/// or, when the result is decided there whatever the weights (a win in one move, no move that
/// does not lose, a full board), that result for the side to move at the root (1 a win, 0 a
/// draw, -1 a loss).
fn quiescent(game: &Game) -> Result<Leaf, i32> {
    let mut position = *game.position();
    let mut last_move = game.last_move();
    let root = position.side_to_move();
    let for_root = |winner: Player| if winner == root { 1 } else { -1 };
    for _ in 0..8 {
        if position.can_win_next() {
            return Err(for_root(position.side_to_move()));
        }
        let safe = position.non_losing_moves();
        let Some(only) = safe.squares().next() else {
            return Err(for_root(position.side_to_move().other()));
        };
        let threats = position.opponent_winning_cells() & position.playable_cells();
        if threats.count() != 1 || safe.count() != 1 {
            break;
        }
        let column = only.column();
        position.play_unchecked(column);
        last_move = Some(column);
        if position.is_over() {
            // The mover could not win in one move, so the board is full.
            return Err(0);
        }
    }
    let view = position.side_to_move();
    Ok(Leaf::Evaluate {
        position,
        last_move,
        view,
        sign: if view == root { 1 } else { -1 },
    })
}

fn target(sample: &Sample) -> f64 {
    match sample.result() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

fn points(
    samples: &[Sample],
    split: Split,
    config: &TexelConfig,
) -> Result<(Vec<Point>, usize), String> {
    let mut points = Vec::new();
    let mut decided = 0;
    for sample in samples.iter().filter(|s| s.split == split) {
        let game = Game::from_moves(&sample.moves).map_err(|e| format!("{}: {e}", sample.moves))?;
        let group = points.last().map_or(0, |p: &Point| p.group + 1);
        let before = points.len();
        match config.target {
            Target::Results => {
                let leaf = if config.depth == 0 {
                    quiescent(&game).ok()
                } else {
                    Some(Leaf::Search {
                        game: game.clone(),
                        sign: 1.0,
                    })
                };
                if let Some(leaf) = leaf {
                    points.push(Point {
                        leaf,
                        target: target(sample),
                        group,
                    });
                }
            }
            Target::Moves => points.extend(columns(sample, &game, config.depth, group)),
        }
        if points.len() == before {
            decided += 1;
        }
    }
    Ok((points, decided))
}

/// One point per legal column of `sample`, the value of each column for the side to move
/// and its target 1 when the column keeps the best win/draw/loss value; none when the choice
/// says nothing about the weights.
fn columns(sample: &Sample, game: &Game, depth: u32, group: usize) -> Vec<Point> {
    if game.position().can_win_next() {
        return Vec::new();
    }
    let values: Vec<(Column, i32)> = game
        .position()
        .legal_moves()
        .filter_map(|c| sample.columns[c.index()].map(|s| (c, s.signum())))
        .collect();
    let best = values.iter().map(|v| v.1).max().unwrap_or(0);
    if values.iter().all(|v| v.1 == best) {
        return Vec::new();
    }
    values
        .iter()
        .map(|&(column, value)| {
            let mut child = game.clone();
            child
                .try_play(column)
                .expect("a legal column of a valid game");
            let leaf = if child.position().is_over() {
                Leaf::Fixed(0.0)
            } else if depth > 1 {
                Leaf::Search {
                    game: child,
                    sign: -1.0,
                }
            } else {
                match quiescent(&child) {
                    Ok(Leaf::Evaluate {
                        position,
                        last_move,
                        view,
                        sign,
                    }) => Leaf::Evaluate {
                        position,
                        last_move,
                        view,
                        sign: -sign,
                    },
                    Ok(other) => other,
                    Err(result) => Leaf::Fixed(-f64::from(result) * DECIDED),
                }
            };
            Point {
                leaf,
                target: if value == best { 1.0 } else { 0.0 },
                group,
            }
        })
        .collect()
}

/// The values of `points` under `spec`.
fn values(spec: &EvalSpec, depth: u32, points: &[Point]) -> Vec<f64> {
    points
        .par_iter()
        .map_init(
            || {
                let searcher = (depth > 0).then(|| {
                    let mut player = FixedDepthSpec::alphabeta();
                    player.depth = depth;
                    player.eval = *spec;
                    PlayerSpec::Alphabeta(player)
                        .build()
                        .expect("a fixed-depth player builds")
                });
                (spec.build(0), searcher)
            },
            |(evaluator, searcher), point| match &point.leaf {
                Leaf::Evaluate {
                    position,
                    last_move,
                    view,
                    sign,
                } => (i64::from(evaluator.evaluate(position, *view, *last_move)) * sign) as f64,
                Leaf::Search { game, sign } => {
                    let searcher = searcher.as_mut().expect("built for depth > 0");
                    sign * match searcher.choose(game).score {
                        MoveValue::Heuristic(value) => f64::from(value.0),
                        MoveValue::Exact(score) => f64::from(score.0) * 1000.0,
                    }
                }
                Leaf::Fixed(value) => *value,
            },
        )
        .collect()
}

fn loss(target: Target, values: &[f64], points: &[Point], scale: f64) -> f64 {
    match target {
        Target::Results => result_loss(values, points, scale),
        Target::Moves => move_loss(values, points, scale),
    }
}

/// The mean squared error of a logistic of the values against the results.
fn result_loss(values: &[f64], points: &[Point], scale: f64) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    let sum: f64 = values
        .iter()
        .zip(points)
        .map(|(v, p)| {
            let predicted = 1.0 / (1.0 + (-v / scale).exp());
            (p.target - predicted).powi(2)
        })
        .sum();
    sum / points.len() as f64
}

/// The mean over positions of minus the log of the softmax weight (values / scale) on the
/// columns whose target is 1.
fn move_loss(values: &[f64], points: &[Point], scale: f64) -> f64 {
    let mut total = 0.0;
    let mut groups = 0;
    let mut start = 0;
    while start < points.len() {
        let group = points[start].group;
        let end = start + points[start..].partition_point(|p| p.group == group);
        let logits: Vec<f64> = values[start..end].iter().map(|v| v / scale).collect();
        let top = logits.iter().copied().fold(f64::MIN, f64::max);
        let weight = |keep: &dyn Fn(&Point) -> bool| -> f64 {
            logits
                .iter()
                .zip(&points[start..end])
                .filter(|(_, p)| keep(p))
                .map(|(l, _)| (l - top).exp())
                .sum()
        };
        let good = weight(&|p| p.target > 0.5);
        let all = weight(&|_| true);
        total += -(good.max(f64::MIN_POSITIVE) / all).ln();
        groups += 1;
        start = end;
    }
    if groups == 0 {
        0.0
    } else {
        total / f64::from(groups)
    }
}

/// The scale that minimises the loss of `values`, by golden-section search on its logarithm.
fn fit_scale(target: Target, values: &[f64], points: &[Point]) -> f64 {
    let (mut low, mut high) = (-3.0f64, 8.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let at = |log: f64| loss(target, values, points, 10f64.powf(log));
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut fa, mut fb) = (at(a), at(b));
    for _ in 0..60 {
        if fa < fb {
            high = b;
            b = a;
            fb = fa;
            a = high - ratio * (high - low);
            fa = at(a);
        } else {
            low = a;
            a = b;
            fa = fb;
            b = low + ratio * (high - low);
            fb = at(b);
        }
    }
    10f64.powf((low + high) / 2.0)
}

/// One pass's figures, for progress.
#[derive(Clone, Debug)]
pub struct PassReport {
    /// 0 for the starting weights.
    pub pass: u32,
    /// Training loss.
    pub train: f64,
    /// Validation loss.
    pub valid: f64,
    /// The fitted scale.
    pub scale: f64,
    /// The weights after the pass.
    pub weights: Vec<Tunable>,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct TexelResult {
    /// The evaluator with the weights of the best validation loss.
    pub tuned: EvalSpec,
    /// Every pass, the starting weights first.
    pub passes: Vec<PassReport>,
    /// The pass whose weights were kept.
    pub best_pass: u32,
    /// Training and validation positions used, and those left out as decided at the leaf.
    pub counts: (usize, usize, usize),
}

impl Target {
    /// Its name, as `c4 tune --target` spells it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::Results => "results",
            Target::Moves => "moves",
        }
    }
}

impl PassReport {
    /// The weights as `KEY=VALUE,...`.
    #[must_use]
    pub fn weights_text(&self) -> String {
        self.weights
            .iter()
            .map(|t| format!("{}={}", t.key, t.value))
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl TexelResult {
    /// Two lines for people: the losses before and after, and the weights kept.
    #[must_use]
    pub fn report(&self) -> String {
        let first = &self.passes[0];
        let best = &self.passes[self.best_pass as usize];
        format!(
            "{}: validation loss {:.6} -> {:.6} (training {:.6} -> {:.6}) in {} passes\nweights: {}\n",
            self.tuned.name(),
            first.valid,
            best.valid,
            first.train,
            best.train,
            self.passes.len() - 1,
            best.weights_text()
        )
    }

    /// The parameter file's lines on how the weights were made, from the dataset `data`.
    #[must_use]
    pub fn provenance(&self, data: &str, config: &TexelConfig) -> Vec<String> {
        let first = &self.passes[0];
        let best = &self.passes[self.best_pass as usize];
        let (train, valid, decided) = self.counts;
        vec![
            format!("{} weights fitted by c4 tune (texel)", self.tuned.name()),
            format!(
                "data: {data} ({train} training, {valid} validation positions; {decided} left out: {})",
                match config.target {
                    Target::Results => "decided at the leaf",
                    Target::Moves => "a win in one move, or every column of one value",
                }
            ),
            format!(
                "target {}, depth {}; validation loss {:.6} -> {:.6} after pass {} of {}; scale {:.2}",
                config.target.name(),
                config.depth,
                first.valid,
                best.valid,
                self.best_pass,
                self.passes.len() - 1,
                best.scale
            ),
        ]
    }
}

/// Fits `spec`'s tunable weights on `samples`; `progress` hears of every pass.
pub fn fit(
    spec: &EvalSpec,
    samples: &[Sample],
    config: &TexelConfig,
    progress: &mut dyn FnMut(&PassReport),
) -> Result<TexelResult, String> {
    let all = spec.tunables();
    let chosen: Vec<&'static str> = super::weights::chosen_tunables(spec, &config.params)?
        .iter()
        .map(|t| t.key)
        .collect();
    let (train, decided_train) = points(samples, Split::Train, config)?;
    let (valid, decided_valid) = points(samples, Split::Valid, config)?;
    if train.is_empty() || valid.is_empty() {
        return Err("the data needs positions in both training and validation".to_owned());
    }
    let target = config.target;
    // The depth the leaves are searched to: the columns of a move choice one ply less.
    let depth = match target {
        Target::Results => config.depth,
        Target::Moves => config.depth.saturating_sub(1),
    };
    let evaluate = |spec: &EvalSpec, scale: Option<f64>| -> (f64, f64, f64) {
        let train_values = values(spec, depth, &train);
        let scale = scale.unwrap_or_else(|| fit_scale(target, &train_values, &train));
        let valid_values = values(spec, depth, &valid);
        (
            loss(target, &train_values, &train, scale),
            loss(target, &valid_values, &valid, scale),
            scale,
        )
    };
    let mut current = *spec;
    let (mut train_loss, valid_loss, mut scale) = evaluate(&current, None);
    let report = |pass, train, valid, scale, spec: &EvalSpec| PassReport {
        pass,
        train,
        valid,
        scale,
        weights: spec.tunables(),
    };
    let mut passes = vec![report(0, train_loss, valid_loss, scale, &current)];
    progress(&passes[0]);
    let mut best = (valid_loss, current, 0);
    let mut steps: Vec<i64> = chosen
        .iter()
        .map(|k| {
            let t = all.iter().find(|t| t.key == *k).expect("chosen from all");
            (t.value.abs() / 4).max(1)
        })
        .collect();
    let mut stale = 0;
    for pass in 1..=config.max_passes {
        let mut changed = false;
        for (index, key) in chosen.iter().enumerate() {
            let tunable = current
                .tunables()
                .into_iter()
                .find(|t| t.key == *key)
                .expect("a tunable of the spec");
            for direction in [1, -1] {
                let value =
                    (tunable.value + direction * steps[index]).clamp(tunable.min, tunable.max);
                if value == tunable.value {
                    continue;
                }
                let mut candidate = current;
                candidate
                    .set_tunable(key, value)
                    .map_err(|e| e.to_string())?;
                let train_values = values(&candidate, depth, &train);
                let candidate_loss = loss(target, &train_values, &train, scale);
                if candidate_loss < train_loss - 1e-12 {
                    current = candidate;
                    train_loss = candidate_loss;
                    changed = true;
                    break;
                }
            }
        }
        let (train_now, valid_now, scale_now) = evaluate(&current, None);
        train_loss = train_now;
        scale = scale_now;
        let pass_report = report(pass, train_now, valid_now, scale_now, &current);
        progress(&pass_report);
        passes.push(pass_report);
        if valid_now < best.0 - 1e-12 {
            best = (valid_now, current, pass);
            stale = 0;
        } else {
            stale += 1;
            if stale >= config.patience {
                break;
            }
        }
        if !changed {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            for step in &mut steps {
                *step = (*step / 2).max(1);
            }
        }
    }
    Ok(TexelResult {
        tuned: best.1,
        passes,
        best_pass: best.2,
        counts: (
            positions(&train),
            positions(&valid),
            decided_train + decided_valid,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fitted_scale_minimises_the_loss() {
        // Values whose logistic at scale 10 is the target exactly.
        let targets = [0.2, 0.5, 0.8, 0.9];
        let points: Vec<Point> = targets
            .iter()
            .enumerate()
            .map(|(group, &target)| Point {
                leaf: Leaf::Fixed(0.0),
                target,
                group,
            })
            .collect();
        let values: Vec<f64> = targets
            .iter()
            .map(|t: &f64| -10.0 * (1.0 / t - 1.0).ln())
            .collect();
        let scale = fit_scale(Target::Results, &values, &points);
        assert!((scale - 10.0).abs() < 0.01, "{scale}");
        assert!(loss(Target::Results, &values, &points, scale) < 1e-9);
    }

    #[test]
    fn the_move_loss_is_small_when_the_good_columns_score_highest() {
        // Two positions of three columns; the first column is the good one in both.
        let points: Vec<Point> = [(0, 1.0), (0, 0.0), (0, 0.0), (1, 1.0), (1, 0.0), (1, 0.0)]
            .iter()
            .map(|&(group, target)| Point {
                leaf: Leaf::Fixed(0.0),
                target,
                group,
            })
            .collect();
        let right = [50.0, 0.0, -10.0, 40.0, 5.0, 0.0];
        let wrong = [0.0, 50.0, -10.0, 0.0, 40.0, 5.0];
        let equal = [0.0; 6];
        let at = |values: &[f64]| loss(Target::Moves, values, &points, 10.0);
        assert!(at(&right) < 0.05, "{}", at(&right));
        assert!((at(&equal) - 3f64.ln()).abs() < 1e-9, "uniform: ln 3");
        assert!(at(&wrong) > at(&equal));
        assert_eq!(positions(&points), 2);
    }

    #[test]
    fn a_move_choice_has_a_point_per_column_and_a_won_position_none() {
        let sample = |moves: &str, columns: [Option<i32>; 7]| Sample {
            moves: moves.to_owned(),
            score: 0,
            columns: columns.map(|c| c.map(|s| s as _)),
            game: 0,
            split: Split::Train,
        };
        let game = Game::from_moves("4455").unwrap();
        let points = columns(
            &sample(
                "4455",
                [
                    Some(-2),
                    Some(-1),
                    Some(1),
                    Some(2),
                    Some(1),
                    Some(-1),
                    Some(-2),
                ],
            ),
            &game,
            1,
            0,
        );
        assert_eq!(points.len(), 7);
        let good: Vec<f64> = points.iter().map(|p| p.target).collect();
        assert_eq!(good, [0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.0]);
        // All columns of one value: nothing to learn.
        assert!(columns(&sample("4455", [Some(1); 7]), &game, 1, 0).is_empty());
        // A win in one move: nothing to learn.
        let won = Game::from_moves("415263").unwrap();
        assert!(columns(&sample("415263", [Some(1); 7]), &won, 1, 0).is_empty());
    }

    #[test]
    fn a_win_on_the_board_is_decided_and_a_forced_block_is_played() {
        // Red to move wins in column 4.
        assert_eq!(
            quiescent(&Game::from_moves("415263").unwrap()).err(),
            Some(1)
        );
        // Yellow must block column 4 (red has three in a row on 1-3).
        let leaf = quiescent(&Game::from_moves("17273").unwrap()).unwrap();
        // Two threats of the side to move's opponent: lost.
        assert_eq!(
            quiescent(&Game::from_moves("2233447").unwrap()).err(),
            Some(-1)
        );
        match leaf {
            Leaf::Evaluate { position, sign, .. } => {
                assert_eq!(position.moves_played(), 6);
                assert_eq!(sign, -1);
            }
            _ => panic!("depth 0 evaluates"),
        }
    }
}
