//! The fit itself: coordinate descent on the weights, each pass reported, stopped by the
//! validation loss.

use super::config::{Target, TexelConfig};
use super::error::TexelError;
use super::loss::{fit_scale, loss};
use super::points::{points, positions, values};
use c4_dataset::{Sample, Split};
use c4_eval::EvalSpec;
use c4_options::Tunable;

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
) -> Result<TexelResult, TexelError> {
    let all = spec.tunables();
    let chosen: Vec<&'static str> = crate::tuning::chosen_tunables(spec, &config.params)?
        .iter()
        .map(|t| t.key)
        .collect();
    c4_dataset::check_standard(samples, "a texel fit")?;
    let (train, decided_train) = points(samples, Split::Train, config)?;
    let (valid, decided_valid) = points(samples, Split::Valid, config)?;
    if train.is_empty() || valid.is_empty() {
        return Err(TexelError::EmptySplit);
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
    let mut current = spec.clone();
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
    let mut best = (valid_loss, current.clone(), 0);
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
                let mut candidate = current.clone();
                candidate.set_tunable(key, value)?;
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
            best = (valid_now, current.clone(), pass);
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
    use super::super::points::{Leaf, Point, columns, quiescent};
    use super::*;
    use c4_core::Game;

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
            size: c4_core::Size::STANDARD,
            moves: moves.to_owned(),
            score: c4_solver::ExactScore::DRAW,
            columns: columns
                .map(|c| c.and_then(c4_solver::ExactScore::new))
                .to_vec(),
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
