//! SPSA tuning: weights moved by the results of games rather than by labelled positions.
//!
//! Each iteration perturbs every chosen weight at once by plus or minus its step (signs drawn
//! from the seed and the iteration), plays the plus side and the minus side each against the
//! starting (untuned) weights from the same random openings with colours swapped, and moves
//! the weights toward the side that scored more:
//! `w += r_k * c_k * (S+ - S-) * sign`, with `c_k = c / (k+1)^0.101` (at least 1: weights are
//! integers) and `r_k = r / (1 + k/10)^0.602`, the usual SPSA decay. Every iteration is a line
//! of a work log (see [`crate::log`]), so a run resumes where it stopped and its iterations
//! can be read back. [`confirm`] then plays the result against the untuned weights under an
//! SPRT.

use crate::log::AppendLog;
use crate::matches::{Contestant, FirstPolicy, MatchConfig, Openings, Quiet, game_seed, run_match};
use crate::stats::Sprt;
use crate::summary::MatchSummary;
use c4_engine::SeededRng;
use c4_engine::agent::{FixedDepthSpec, PlayerSpec};
use c4_engine::eval::EvalSpec;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Plies of the random openings the games start from.
pub const OPENING_PLIES: u32 = 4;

/// How to tune.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// Alpha-beta depth of every game.
    pub depth: u32,
    /// The tunable weights to move (empty: all of them).
    pub params: Vec<String>,
    /// Iterations in the whole run, finished ones included.
    pub iterations: u32,
    /// Games of each side (plus, minus) against the untuned weights per iteration; even, so
    /// that each opening is played with both colours.
    pub games: u64,
    /// Seed of the perturbations and the openings.
    pub seed: u64,
    /// The learning rate `r`.
    pub rate: f64,
}

/// One finished iteration.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Iteration {
    /// 0-based.
    pub k: u32,
    /// The chosen weights after it.
    pub weights: Vec<f64>,
    /// The plus side's score against the untuned weights.
    pub plus: f64,
    /// The minus side's score.
    pub minus: f64,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct SpsaResult {
    /// The evaluator with the final weights, rounded.
    pub tuned: EvalSpec,
    /// Every iteration, resumed ones included.
    pub iterations: Vec<Iteration>,
}

fn player(spec: &EvalSpec, depth: u32) -> PlayerSpec {
    let mut player = FixedDepthSpec::alphabeta();
    player.depth = depth;
    player.eval = *spec;
    PlayerSpec::Alphabeta(player)
}

fn with_weights(
    start: &EvalSpec,
    keys: &[&'static str],
    weights: &[f64],
) -> Result<EvalSpec, String> {
    let mut spec = *start;
    let tunables = start.tunables();
    for (key, weight) in keys.iter().zip(weights) {
        let tunable = tunables
            .iter()
            .find(|t| t.key == *key)
            .expect("a chosen key");
        let value = (weight.round() as i64).clamp(tunable.min, tunable.max);
        spec.set_tunable(key, value).map_err(|e| e.to_string())?;
    }
    Ok(spec)
}

/// A's score in games of `a` against `b` at `depth`.
fn score(a: &EvalSpec, b: &EvalSpec, depth: u32, games: u64, seed: u64) -> Result<f64, String> {
    let config = MatchConfig {
        a: Contestant {
            label: "a".to_owned(),
            spec: player(a, depth),
        },
        b: Contestant {
            label: "b".to_owned(),
            spec: player(b, depth),
        },
        games,
        seed,
        openings: Openings::Random(OPENING_PLIES),
        first: FirstPolicy::Alternate,
        sprt: None,
    };
    let records = run_match(&config, Vec::new(), None, &Quiet)?;
    let summary = MatchSummary::of(&records, seed, None);
    Ok(summary.score.map_or(0.5, |s| s.value))
}

/// Runs the iterations not yet in the work log at `work`; `progress` hears of each.
pub fn run(
    start: &EvalSpec,
    config: &SpsaConfig,
    work: &Path,
    progress: &mut dyn FnMut(&Iteration),
) -> Result<SpsaResult, String> {
    if config.games == 0 || config.games % 2 == 1 {
        return Err("the games per iteration must be even and at least 2".to_owned());
    }
    let chosen = super::chosen_tunables(start, &config.params)?;
    let keys: Vec<&'static str> = chosen.iter().map(|t| t.key).collect();
    let header = format!(
        "c4-spsa 1 start={} params={} depth={} games={} seed={} rate={}",
        std::iter::once(start.name().to_owned())
            .chain(start.options_text())
            .collect::<Vec<_>>()
            .join(","),
        keys.join(","),
        config.depth,
        config.games,
        config.seed,
        config.rate
    );
    let (contents, mut log) = AppendLog::resume(work, Some(&header), |line| {
        serde_json::from_str::<Iteration>(line)
    })
    .map_err(|e| e.to_string())?;
    let mut iterations = contents.into_values();
    let initial: Vec<f64> = chosen.iter().map(|t| t.value as f64).collect();
    let steps: Vec<f64> = initial.iter().map(|v| (v.abs() * 0.2).max(1.0)).collect();
    let mut weights = iterations.last().map_or(initial, |i| i.weights.clone());
    for iteration in &iterations {
        progress(iteration);
    }
    for k in iterations.len() as u32..config.iterations {
        let mut rng = SeededRng::seed_from_u64(game_seed(config.seed, u64::from(k), 21));
        let signs: Vec<f64> = keys
            .iter()
            .map(|_| if rng.random_bool(0.5) { 1.0 } else { -1.0 })
            .collect();
        let c_k = 1.0 / f64::from(k + 1).powf(0.101);
        let r_k = config.rate / (1.0 + f64::from(k) / 10.0).powf(0.602);
        let shifted = |direction: f64| -> Vec<f64> {
            weights
                .iter()
                .zip(&steps)
                .zip(&signs)
                .map(|((w, step), sign)| w + direction * (step * c_k).max(1.0) * sign)
                .collect()
        };
        let plus = with_weights(start, &keys, &shifted(1.0))?;
        let minus = with_weights(start, &keys, &shifted(-1.0))?;
        let seed = game_seed(config.seed, u64::from(k), 22);
        let s_plus = score(&plus, start, config.depth, config.games, seed)?;
        let s_minus = score(&minus, start, config.depth, config.games, seed)?;
        for ((weight, step), sign) in weights.iter_mut().zip(&steps).zip(&signs) {
            *weight += r_k * (step * c_k).max(1.0) * (s_plus - s_minus) * sign;
        }
        let tunables = chosen.iter().map(|t| (t.min as f64, t.max as f64));
        for (weight, (min, max)) in weights.iter_mut().zip(tunables) {
            *weight = weight.clamp(min, max);
        }
        let iteration = Iteration {
            k,
            weights: weights.clone(),
            plus: s_plus,
            minus: s_minus,
        };
        log.append(&serde_json::to_string(&iteration).expect("plain data"))
            .map_err(|e| format!("writing {}: {e}", work.display()))?;
        progress(&iteration);
        iterations.push(iteration);
    }
    Ok(SpsaResult {
        tuned: with_weights(start, &keys, &weights)?,
        iterations,
    })
}

/// `tuned` against `start` at `depth` from random openings, stopped by `sprt` or after
/// `max_games` games.
pub fn confirm(
    tuned: &EvalSpec,
    start: &EvalSpec,
    depth: u32,
    max_games: u64,
    seed: u64,
    sprt: Sprt,
) -> Result<MatchSummary, String> {
    let config = MatchConfig {
        a: Contestant {
            label: "tuned".to_owned(),
            spec: player(tuned, depth),
        },
        b: Contestant {
            label: "untuned".to_owned(),
            spec: player(start, depth),
        },
        games: max_games,
        seed,
        openings: Openings::Random(OPENING_PLIES),
        first: FirstPolicy::Alternate,
        sprt: Some(sprt),
    };
    let records = run_match(&config, Vec::new(), None, &Quiet)?;
    Ok(MatchSummary::of(&records, seed, Some(&sprt)))
}
