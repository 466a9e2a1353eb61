//! Texel tuning: fit an evaluator's tunable weights so that a logistic of its evaluation
//! predicts the exact result (win 1, draw 1/2, loss 0 for the side to move) of labelled
//! positions.
//!
//! A position is evaluated at a quiescent leaf (depth 0: immediate wins and forced blocks are
//! played out first, since a static value of a position with a win on the board says nothing
//! about the weights) or by an alpha-beta search of a fixed depth. The loss is the mean squared
//! error of `1 / (1 + exp(-value / scale))` against the result; the scale is fitted too. The
//! weights move by coordinate descent (each weight up or down a step, kept when the training
//! loss falls; steps halve when a pass changes nothing). The validation loss after each pass
//! decides when to stop (no better for `patience` passes), and the weights returned are those
//! of the best validation loss.

use super::dataset::{Sample, Split};
use c4_core::{Column, Game, Player, Position};
use c4_engine::agent::{FixedDepthSpec, PlayerSpec};
use c4_engine::eval::{EvalSpec, Evaluator};
use c4_engine::options::Tunable;
use c4_engine::search::MoveValue;
use rayon::prelude::*;

/// How to fit.
#[derive(Clone, Debug)]
pub struct TexelConfig {
    /// 0: the evaluation of the quiescent leaf; N: an alpha-beta search of N plies.
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
    /// Searched from the root.
    Search(Game),
}

/// A position of the fit: its leaf and its target.
#[derive(Clone, Debug)]
struct Point {
    leaf: Leaf,
    target: f64,
}

/// Plays out immediate wins and forced blocks from `game`'s position; `None` when the result
/// is decided there whatever the weights (a win on the board, or no move that does not lose).
fn quiescent(game: &Game) -> Option<Leaf> {
    let mut position = *game.position();
    let mut last_move = game.last_move();
    let root = position.side_to_move();
    for _ in 0..8 {
        if position.can_win_next() {
            return None;
        }
        let safe = position.non_losing_moves();
        if safe.is_empty() {
            return None;
        }
        let threats = position.opponent_winning_cells() & position.playable_cells();
        if threats.count() != 1 || safe.count() != 1 {
            break;
        }
        let column = safe.squares().next()?.column();
        position.play_unchecked(column);
        last_move = Some(column);
        if position.is_over() {
            return None;
        }
    }
    let view = position.side_to_move();
    Some(Leaf::Evaluate {
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

fn points(samples: &[Sample], split: Split, depth: u32) -> Result<(Vec<Point>, usize), String> {
    let mut points = Vec::new();
    let mut decided = 0;
    for sample in samples.iter().filter(|s| s.split == split) {
        let game = Game::from_moves(&sample.moves).map_err(|e| format!("{}: {e}", sample.moves))?;
        let leaf = if depth == 0 {
            quiescent(&game)
        } else {
            Some(Leaf::Search(game))
        };
        match leaf {
            Some(leaf) => points.push(Point {
                leaf,
                target: target(sample),
            }),
            None => decided += 1,
        }
    }
    Ok((points, decided))
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
                Leaf::Search(game) => {
                    let searcher = searcher.as_mut().expect("built for depth > 0");
                    match searcher.choose(game).score {
                        MoveValue::Heuristic(value) => f64::from(value.0),
                        MoveValue::Exact(score) => f64::from(score.0) * 1000.0,
                    }
                }
            },
        )
        .collect()
}

fn loss(values: &[f64], points: &[Point], scale: f64) -> f64 {
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

/// The scale that minimises the loss of `values`, by golden-section search on its logarithm.
fn fit_scale(values: &[f64], points: &[Point]) -> f64 {
    let (mut low, mut high) = (-3.0f64, 8.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let at = |log: f64| loss(values, points, 10f64.powf(log));
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

/// Fits `spec`'s tunable weights on `samples`; `progress` hears of every pass.
pub fn fit(
    spec: &EvalSpec,
    samples: &[Sample],
    config: &TexelConfig,
    progress: &mut dyn FnMut(&PassReport),
) -> Result<TexelResult, String> {
    let all = spec.tunables();
    let chosen: Vec<&'static str> = super::chosen_tunables(spec, &config.params)?
        .iter()
        .map(|t| t.key)
        .collect();
    let (train, decided_train) = points(samples, Split::Train, config.depth)?;
    let (valid, decided_valid) = points(samples, Split::Valid, config.depth)?;
    if train.is_empty() || valid.is_empty() {
        return Err("the data needs positions in both training and validation".to_owned());
    }
    let depth = config.depth;
    let evaluate = |spec: &EvalSpec, scale: Option<f64>| -> (f64, f64, f64) {
        let train_values = values(spec, depth, &train);
        let scale = scale.unwrap_or_else(|| fit_scale(&train_values, &train));
        let valid_values = values(spec, depth, &valid);
        (
            loss(&train_values, &train, scale),
            loss(&valid_values, &valid, scale),
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
                let candidate_loss = loss(&train_values, &train, scale);
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
        counts: (train.len(), valid.len(), decided_train + decided_valid),
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
            .map(|&t| Point {
                leaf: Leaf::Search(Game::new()),
                target: t,
            })
            .collect();
        let values: Vec<f64> = targets
            .iter()
            .map(|t: &f64| -10.0 * (1.0 / t - 1.0).ln())
            .collect();
        let scale = fit_scale(&values, &points);
        assert!((scale - 10.0).abs() < 0.01, "{scale}");
        assert!(loss(&values, &points, scale) < 1e-9);
    }

    #[test]
    fn a_win_on_the_board_is_decided_and_a_forced_block_is_played() {
        // Red to move wins in column 4.
        assert!(quiescent(&Game::from_moves("415263").unwrap()).is_none());
        // Yellow must block column 4 (red has three in a row on 1-3).
        let leaf = quiescent(&Game::from_moves("17273").unwrap()).unwrap();
        match leaf {
            Leaf::Evaluate { position, sign, .. } => {
                assert_eq!(position.moves_played(), 6);
                assert_eq!(sign, -1);
            }
            Leaf::Search(_) => panic!("depth 0 evaluates"),
        }
    }
}
