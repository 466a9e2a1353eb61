//! The points a texel fit is scored on: each labelled position's leaf (played out to
//! quiescence, or searched) with its target, one point a position or one a column, and their
//! values under given weights.

use super::config::{Target, TexelConfig};
use super::error::TexelError;
use c4_core::{Column, Game, Player, Position};
use c4_dataset::{Sample, Split};
use c4_eval::{EvalSpec, Evaluator};
use c4_players::{FixedDepthSpec, PlayerSpec};
use c4_search::search::MoveValue;
use rayon::prelude::*;

/// Where one position's value comes from.
#[derive(Clone, Debug)]
pub enum Leaf {
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
pub struct Point {
    pub leaf: Leaf,
    pub target: f64,
    pub group: usize,
}

/// How many positions `points` hold.
pub fn positions(points: &[Point]) -> usize {
    points.last().map_or(0, |p| p.group + 1)
}

/// A column's value when the game is decided after it, far beyond any evaluation.
pub const DECIDED: f64 = 1e12;

/// Plays out immediate wins and forced blocks from `game`'s position: the leaf to evaluate,
/// or, when the result is decided there whatever the weights (a win in one move, no move that
/// does not lose, a full board), that result for the side to move at the root (1 a win, 0 a
/// draw, -1 a loss).
pub fn quiescent(game: &Game) -> Result<Leaf, i32> {
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

pub fn target(sample: &Sample) -> f64 {
    match sample.result() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

pub fn points(
    samples: &[Sample],
    split: Split,
    config: &TexelConfig,
) -> Result<(Vec<Point>, usize), TexelError> {
    let mut points = Vec::new();
    let mut decided = 0;
    for sample in samples.iter().filter(|s| s.split == split) {
        let game = Game::from_moves(&sample.moves).map_err(|source| TexelError::Sample {
            moves: sample.moves.clone(),
            source,
        })?;
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
pub fn columns(sample: &Sample, game: &Game, depth: u32, group: usize) -> Vec<Point> {
    if game.position().can_win_next() {
        return Vec::new();
    }
    let values: Vec<(Column, i32)> = game
        .position()
        .legal_moves()
        .filter_map(|c| {
            let score = sample.columns.get(c.index()).copied().flatten()?;
            Some((c, score.signum()))
        })
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
pub fn values(spec: &EvalSpec, depth: u32, points: &[Point]) -> Vec<f64> {
    points
        .par_iter()
        .map_init(
            || {
                let searcher = (depth > 0).then(|| {
                    let mut player = FixedDepthSpec::alphabeta();
                    player.depth = depth;
                    player.eval = spec.clone();
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
                        MoveValue::Exact(score) => f64::from(score.value()) * 1000.0,
                        // A fixed-depth searcher values every move it chooses.
                        MoveValue::Unscored => 0.0,
                    }
                }
                Leaf::Fixed(value) => *value,
            },
        )
        .collect()
}
