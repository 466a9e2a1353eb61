//! SPSA tuning: weights moved by the results of games rather than by labelled positions.
//!
//! Each iteration perturbs every chosen weight at once by plus or minus its step (signs drawn
//! from the seed and the iteration), plays the plus side and the minus side each against the
//! starting (untuned) weights from the same random openings with colours swapped, and moves
//! the weights toward the side that scored more:
//! `w += r_k * c_k * (S+ - S-) * sign`, with `c_k = c / (k+1)^0.101` (at least 1: weights are
//! integers) and `r_k = r / (1 + k/10)^0.602`, the usual SPSA decay. Every iteration is a line
//! of a work log (see [`c4_arena::log`]), so a run resumes where it stopped and its iterations
//! can be read back. [`confirm`] then plays the result against the untuned weights under an
//! SPRT.
//!
//! [`SpsaRun`] is one run step by step: [`SpsaRun::next_step`] names an iteration's two
//! matches, whoever plays their games (this machine in [`run`], a cluster's workers through
//! the Python package) hands the records to [`SpsaRun::record`].

use super::weights::WeightsError;
use c4_arena::log::{AppendLog, LogError};
use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, MatchError, Openings, Quiet, game_seed, run_match, tally,
};
use c4_arena::record::GameRecord;
use c4_arena::stats::{Sprt, SprtVerdict};
use c4_arena::summary::MatchSummary;
use c4_eval::EvalSpec;
use c4_eval::SeededRng;
use c4_options::SpecError;
use c4_players::{FixedDepthSpec, PlayerSpec};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Plies of the random openings the games start from.
pub const OPENING_PLIES: u32 = 4;

/// The test that confirms a tuned set: is it better than the untuned one by 20 Elo or not
/// better at all, at 5% error each way.
pub const CONFIRM_SPRT: Sprt = Sprt {
    elo0: 0.0,
    elo1: 20.0,
    alpha: 0.05,
    beta: 0.05,
};

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

impl SpsaConfig {
    /// The work log of a run writing the parameter file `out`.
    #[must_use]
    pub fn work_path(out: &Path) -> PathBuf {
        PathBuf::from(format!("{}.spsa", out.display()))
    }

    /// The seed of the confirming games.
    #[must_use]
    pub fn confirm_seed(&self) -> u64 {
        self.seed ^ 0xc0f1
    }
}

/// One finished iteration.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Iteration {
    /// Its number, counted from 0: with the run's seed it fixes the perturbation's signs and
    /// the games' openings, and the step sizes decay with it.
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

/// The games of one iteration: the plus side and the minus side, each against the untuned
/// weights (as player A), from the same openings.
#[derive(Clone, Debug)]
pub struct Step {
    /// The iteration, 0-based.
    pub k: u32,
    /// The plus side's match.
    pub plus: MatchConfig,
    /// The minus side's match.
    pub minus: MatchConfig,
    /// Each weight's perturbation, signed.
    deltas: Vec<f64>,
    /// The iteration's learning rate.
    rate: f64,
}

fn player(spec: &EvalSpec, depth: u32) -> PlayerSpec {
    let mut player = FixedDepthSpec::alphabeta();
    player.depth = depth;
    player.eval = spec.clone();
    PlayerSpec::Alphabeta(player)
}

/// `a` against `b` at `depth` from random openings.
fn match_config(
    (a_label, a): (&str, &EvalSpec),
    (b_label, b): (&str, &EvalSpec),
    depth: u32,
    games: u64,
    seed: u64,
    sprt: Option<Sprt>,
) -> MatchConfig {
    MatchConfig {
        a: Contestant {
            label: a_label.to_owned(),
            spec: player(a, depth),
        },
        b: Contestant {
            label: b_label.to_owned(),
            spec: player(b, depth),
        },
        games,
        seed,
        openings: Openings::Random(OPENING_PLIES),
        first: FirstPolicy::Alternate,
        sprt,
    }
}

/// Player A's score in `records` (0.5 when there are none).
#[must_use]
pub fn score_of(records: &[GameRecord]) -> f64 {
    tally(records).score().map_or(0.5, |s| s.value)
}

/// A run: its work log open, its weights where the log left them.
pub struct SpsaRun {
    start: EvalSpec,
    config: SpsaConfig,
    keys: Vec<&'static str>,
    bounds: Vec<(f64, f64)>,
    steps: Vec<f64>,
    weights: Vec<f64>,
    iterations: Vec<Iteration>,
    log: AppendLog,
    work: PathBuf,
}

/// Why an SPSA run cannot open, step or record.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpsaError {
    /// The games per iteration are odd or zero.
    #[error("the games per iteration must be even and at least 2")]
    OddGames,
    /// The depth is 0.
    #[error("spsa plays games: the depth must be at least 1")]
    NoDepth,
    /// The rate is not a positive number.
    #[error("the rate must be a positive number")]
    Rate,
    /// The weights to move cannot be chosen.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// Weights moved to values their evaluator refuses.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The work log cannot be read or opened.
    #[error(transparent)]
    Log(#[from] LogError),
    /// An iteration could not be appended to the work log.
    #[error("writing {}: {source}", path.display())]
    Append {
        /// The work log.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A step is recorded out of order.
    #[error("iteration {step} is not the next one ({next})")]
    NotNext {
        /// The step's iteration.
        step: u32,
        /// The next iteration.
        next: usize,
    },
    /// A side's records are not its games once each.
    #[error(
        "iteration {step}: the {side} side needs games 0-{last} once each, got {records} records"
    )]
    GamesMissing {
        /// The step's iteration.
        step: u32,
        /// `plus` or `minus`.
        side: &'static str,
        /// The last game's index.
        last: u64,
        /// The records given.
        records: usize,
    },
    /// A record is of another match.
    #[error("iteration {step}: a record of the {side} side is not of its match")]
    OtherMatch {
        /// The step's iteration.
        step: u32,
        /// `plus` or `minus`.
        side: &'static str,
    },
    /// A match could not be played.
    #[error(transparent)]
    Match(#[from] MatchError),
}

impl SpsaRun {
    /// Opens the run of `config` from `start` with its work log at `work`, resuming the
    /// iterations there (a log of another run is refused).
    pub fn open(start: &EvalSpec, config: &SpsaConfig, work: &Path) -> Result<SpsaRun, SpsaError> {
        if config.games == 0 || config.games % 2 == 1 {
            return Err(SpsaError::OddGames);
        }
        if config.depth == 0 {
            return Err(SpsaError::NoDepth);
        }
        if !(config.rate.is_finite() && config.rate > 0.0) {
            return Err(SpsaError::Rate);
        }
        let chosen = super::weights::chosen_tunables(start, &config.params)?;
        let keys: Vec<&'static str> = chosen.iter().map(|t| t.key).collect();
        let header = format!(
            "c4-spsa 1 start={} params={} depth={} games={} seed={} rate={}",
            super::weights::eval_text(start),
            keys.join(","),
            config.depth,
            config.games,
            config.seed,
            config.rate
        );
        let (contents, log) = AppendLog::resume(work, Some(&header), |line| {
            serde_json::from_str::<Iteration>(line)
        })?;
        let iterations = contents.into_values();
        let initial: Vec<f64> = chosen.iter().map(|t| t.value as f64).collect();
        let steps: Vec<f64> = initial.iter().map(|v| (v.abs() * 0.2).max(1.0)).collect();
        let weights = iterations.last().map_or(initial, |i| i.weights.clone());
        Ok(SpsaRun {
            start: start.clone(),
            config: config.clone(),
            keys,
            bounds: chosen
                .iter()
                .map(|t| (t.min as f64, t.max as f64))
                .collect(),
            steps,
            weights,
            iterations,
            log,
            work: work.to_owned(),
        })
    }

    /// The iterations finished so far.
    #[must_use]
    pub fn iterations(&self) -> &[Iteration] {
        &self.iterations
    }

    /// The names of the weights moved, in the order of [`Iteration::weights`].
    #[must_use]
    pub fn keys(&self) -> &[&'static str] {
        &self.keys
    }

    /// The next iteration's games, or `None` when the run has all its iterations.
    pub fn next_step(&self) -> Result<Option<Step>, SpsaError> {
        let k = self.iterations.len() as u32;
        if k >= self.config.iterations {
            return Ok(None);
        }
        let mut rng = SeededRng::seed_from_u64(game_seed(self.config.seed, u64::from(k), 21));
        let deltas: Vec<f64> = self
            .steps
            .iter()
            .map(|step| {
                let sign = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let c_k = 1.0 / f64::from(k + 1).powf(0.101);
                (step * c_k).max(1.0) * sign
            })
            .collect();
        let shifted = |direction: f64| -> Result<EvalSpec, SpecError> {
            let weights: Vec<f64> = self
                .weights
                .iter()
                .zip(&deltas)
                .map(|(w, delta)| w + direction * delta)
                .collect();
            self.with_weights(&weights)
        };
        let seed = game_seed(self.config.seed, u64::from(k), 22);
        let side = |spec: &EvalSpec| {
            match_config(
                ("a", spec),
                ("b", &self.start),
                self.config.depth,
                self.config.games,
                seed,
                None,
            )
        };
        Ok(Some(Step {
            k,
            plus: side(&shifted(1.0)?),
            minus: side(&shifted(-1.0)?),
            deltas,
            rate: self.config.rate / (1.0 + f64::from(k) / 10.0).powf(0.602),
        }))
    }

    /// Finishes `step` with the records of its two matches: moves the weights, appends the
    /// iteration to the work log and returns it.
    pub fn record(
        &mut self,
        step: &Step,
        plus: &[GameRecord],
        minus: &[GameRecord],
    ) -> Result<&Iteration, SpsaError> {
        if step.k as usize != self.iterations.len() {
            return Err(SpsaError::NotNext {
                step: step.k,
                next: self.iterations.len(),
            });
        }
        for (side, config, records) in [("plus", &step.plus, plus), ("minus", &step.minus, minus)] {
            let mut games: Vec<u64> = records.iter().map(|r| r.game).collect();
            games.sort_unstable();
            games.dedup();
            let belong = records.iter().all(|r| {
                r.a_spec == config.a.spec.to_string() && r.b_spec == config.b.spec.to_string()
            });
            if games.len() != records.len() || games != (0..config.games).collect::<Vec<_>>() {
                return Err(SpsaError::GamesMissing {
                    step: step.k,
                    side,
                    last: config.games - 1,
                    records: records.len(),
                });
            }
            if !belong {
                return Err(SpsaError::OtherMatch { step: step.k, side });
            }
        }
        let (s_plus, s_minus) = (score_of(plus), score_of(minus));
        for ((weight, delta), (min, max)) in
            self.weights.iter_mut().zip(&step.deltas).zip(&self.bounds)
        {
            *weight = (*weight + step.rate * delta * (s_plus - s_minus)).clamp(*min, *max);
        }
        let iteration = Iteration {
            k: step.k,
            weights: self.weights.clone(),
            plus: s_plus,
            minus: s_minus,
        };
        self.log
            .append(&serde_json::to_string(&iteration).expect("plain data"))
            .map_err(|source| SpsaError::Append {
                path: self.work.clone(),
                source,
            })?;
        self.iterations.push(iteration);
        Ok(self.iterations.last().expect("just pushed"))
    }

    /// The result so far: the evaluator with the current weights, rounded.
    pub fn result(&self) -> Result<SpsaResult, SpecError> {
        Ok(SpsaResult {
            tuned: self.with_weights(&self.weights)?,
            iterations: self.iterations.clone(),
        })
    }

    /// One line on the run for people: its iterations and the weights they reached.
    pub fn report(&self) -> Result<String, SpecError> {
        Ok(format!(
            "{}: {} iterations of {} games a side at depth {}; weights {}",
            self.start.name(),
            self.iterations.len(),
            self.config.games,
            self.config.depth,
            super::weights::eval_text(&self.with_weights(&self.weights)?)
        ))
    }

    /// The confirming match: the tuned set (A) against the untuned one under [`CONFIRM_SPRT`],
    /// at most `max_games` games.
    pub fn confirm_config(&self, max_games: u64) -> Result<MatchConfig, SpecError> {
        Ok(match_config(
            ("tuned", &self.with_weights(&self.weights)?),
            ("untuned", &self.start),
            self.config.depth,
            max_games,
            self.config.confirm_seed(),
            Some(CONFIRM_SPRT),
        ))
    }

    /// The parameter file's lines on how the weights were made, with the confirming match's
    /// summary when there was one.
    #[must_use]
    pub fn provenance(&self, confirmed: Option<&MatchSummary>) -> Vec<String> {
        let depth = self.config.depth;
        let mut lines = vec![
            format!("{} weights tuned by c4 tune (spsa)", self.start.name()),
            format!(
                "{} iterations, {} games a side each against the untuned weights at depth {depth}, rate {}, seed {}",
                self.iterations.len(),
                self.config.games,
                self.config.rate,
                self.config.seed
            ),
        ];
        if let Some(summary) = confirmed
            && let Some(elo) = summary.elo
        {
            lines.push(format!(
                "confirmed by {} games against the untuned weights at depth {depth}: Elo {:+.0} [{:+.0}, {:+.0}]{}",
                summary.games,
                elo.value,
                elo.low,
                elo.high,
                summary
                    .sprt
                    .map_or(String::new(), |(_, _, _, verdict)| format!(", SPRT {verdict:?}"))
            ));
        }
        lines
    }

    fn with_weights(&self, weights: &[f64]) -> Result<EvalSpec, SpecError> {
        let mut spec = self.start.clone();
        for ((key, weight), (min, max)) in self.keys.iter().zip(weights).zip(&self.bounds) {
            let value = weight.round().clamp(*min, *max) as i64;
            spec.set_tunable(key, value)?;
        }
        Ok(spec)
    }
}

/// Runs the iterations not yet in the work log at `work` on this machine; `progress` hears of
/// each.
pub fn run(
    start: &EvalSpec,
    config: &SpsaConfig,
    work: &Path,
    progress: &mut dyn FnMut(&Iteration),
) -> Result<SpsaResult, SpsaError> {
    let mut run = SpsaRun::open(start, config, work)?;
    for iteration in run.iterations() {
        progress(iteration);
    }
    while let Some(step) = run.next_step()? {
        let plus = run_match(&step.plus, Vec::new(), None, &Quiet)?;
        let minus = run_match(&step.minus, Vec::new(), None, &Quiet)?;
        progress(run.record(&step, &plus, &minus)?);
    }
    Ok(run.result()?)
}

/// The games of `records` up to the first at which `sprt` decides, in game order, when the
/// games 0, 1, 2, ... there reach a decision; `None` while they do not.
#[must_use]
pub fn decided_prefix(records: &[GameRecord], sprt: &Sprt) -> Option<usize> {
    let mut sorted: Vec<&GameRecord> = records.iter().collect();
    sorted.sort_by_key(|r| r.game);
    let mut wdl = tally(&[]);
    for (n, record) in sorted.into_iter().enumerate() {
        if record.game != n as u64 {
            return None;
        }
        wdl.add(tally(std::slice::from_ref(record)));
        if sprt.verdict(&wdl) != SprtVerdict::Continue {
            return Some(n + 1);
        }
    }
    None
}

/// Runs the confirming match of `run` on this machine: at most `max_games` games, stopped
/// by the SPRT.
pub fn confirm(run: &SpsaRun, max_games: u64) -> Result<MatchSummary, SpsaError> {
    let config = run.confirm_config(max_games)?;
    let records = run_match(&config, Vec::new(), None, &Quiet)?;
    Ok(MatchSummary::of(
        &records,
        config.seed,
        config.sprt.as_ref(),
    ))
}
