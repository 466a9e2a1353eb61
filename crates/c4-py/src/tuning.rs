//! Tuning in pieces, for a distributed runner (`c4lab.ray tune` and `c4lab.ray dataset`):
//!
//! - [`SpsaRun`]: the driver's side of an SPSA run: each iteration's two matches named (their
//!   games are played anywhere by `play_games`), the records handed back moving the weights,
//!   the work log and the parameter file the same as `c4 tune --method spsa`'s.
//! - [`DatasetRun`] and [`dataset_label`]: a dataset build's games labelled anywhere, its work
//!   log and finished file the same as `c4 dataset build`'s.
//! - [`texel_tune`]: a texel fit of a dataset, as `c4 tune --method texel` does it.

use crate::arena::thread_pool;
use crate::arguments::board;
use crate::arguments::{
    GameCount, GameIndex, GameLimit, IterationNumber, Iterations, MaxPasses, Patience, PerGame,
    PositionCount, SamplePly, Seed, SpsaGames, TableBits, Threads, TuneDepth, ValidPercent,
};
use crate::value_error;
use c4_arena::matches::{MatchConfig, Openings};
use c4_arena::record::GameRecord;
use c4_arena::summary::MatchSummary;
use c4_books::BookChoice;
use c4_core::{Game, Size, excerpt, with_geometry};
use c4_dataset::{self as dataset, DatasetSpec, DatasetWork, GameWork, Source};
use c4_eval::EvalSpec;
use c4_layers::LayerChoice;
use c4_learn::tuning::spsa::{self, SpsaConfig, Step};
use c4_learn::tuning::texel::{self, Target, TexelConfig};
use pyo3::prelude::*;
use std::path::PathBuf;

/// A match as the driver hands it to `play_games`: A's label and spec, B's, the seed, the
/// games, the random openings' plies and who moves first.
type MatchPlan = (String, String, String, String, u64, u64, u32, String);

fn match_plan(config: &MatchConfig) -> MatchPlan {
    let Openings::Random(plies) = config.openings else {
        unreachable!("tuning games start from random openings")
    };
    (
        config.a.label.clone(),
        config.a.spec.to_string(),
        config.b.label.clone(),
        config.b.spec.to_string(),
        config.seed,
        config.games,
        plies,
        "alternate".to_owned(),
    )
}

fn parse_records(lines: &[String]) -> PyResult<Vec<GameRecord>> {
    lines
        .iter()
        .map(|line| serde_json::from_str(line).map_err(|e| value_error(format!("a record: {e}"))))
        .collect()
}

fn parse_eval(text: &str) -> PyResult<EvalSpec> {
    EvalSpec::parse(text).map_err(|e| value_error(format!("eval {:?}: {e}", excerpt(text))))
}

/// One SPSA iteration as Python sees it: `(k, weights, plus score, minus score)`.
type IterationTuple = (u32, Vec<f64>, f64, f64);

fn iteration_tuple(iteration: &spsa::Iteration) -> IterationTuple {
    (
        iteration.k,
        iteration.weights.clone(),
        iteration.plus,
        iteration.minus,
    )
}

/// The driver's side of an SPSA run writing the parameter file `out` (its work log is
/// `OUT.spsa`, resumed when there): `c4 tune --method spsa`'s run, its games played by
/// whoever the driver hands them to.
#[pyclass(module = "c4lab", unsendable)]
pub struct SpsaRun {
    run: spsa::SpsaRun,
    out: PathBuf,
    pending: Option<Step>,
    /// The confirming match's records so far.
    confirming: Vec<GameRecord>,
    confirmed: Option<MatchSummary>,
}

#[pymethods]
impl SpsaRun {
    #[new]
    #[pyo3(signature = (eval, out, depth = TuneDepth(4), params = Vec::new(), iterations = Iterations(100), games = SpsaGames(16), seed = Seed(1), rate = 4.0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        eval: &str,
        out: PathBuf,
        depth: TuneDepth,
        params: Vec<String>,
        iterations: Iterations,
        games: SpsaGames,
        seed: Seed,
        rate: f64,
    ) -> PyResult<SpsaRun> {
        let start = parse_eval(eval)?;
        let config = SpsaConfig {
            depth: depth.0,
            params,
            iterations: iterations.0,
            games: games.0,
            seed: seed.0,
            rate,
        };
        let run = spsa::SpsaRun::open(&start, &config, &SpsaConfig::work_path(&out))
            .map_err(value_error)?;
        Ok(SpsaRun {
            run,
            out,
            pending: None,
            confirming: Vec::new(),
            confirmed: None,
        })
    }

    /// The names of the weights moved, in the order of each iteration's weights.
    fn keys(&self) -> Vec<&'static str> {
        self.run.keys().to_vec()
    }

    /// The iterations finished: `(k, weights, plus score, minus score)` each.
    fn iterations(&self) -> Vec<IterationTuple> {
        self.run.iterations().iter().map(iteration_tuple).collect()
    }

    /// The next iteration's two matches, `(k, plus, minus)`, each `(a_label, a_spec, b_label,
    /// b_spec, seed, games, opening plies, first)`; `None` when the run is complete.
    fn next_step(&mut self) -> PyResult<Option<(u32, MatchPlan, MatchPlan)>> {
        self.pending = self.run.next_step().map_err(value_error)?;
        Ok(self
            .pending
            .as_ref()
            .map(|step| (step.k, match_plan(&step.plus), match_plan(&step.minus))))
    }

    /// Finishes iteration `k` with the game records of both its matches (JSON lines, in any
    /// order, told apart by the perturbed side's spec): moves the weights and appends the
    /// iteration to the work log.
    fn record(&mut self, k: IterationNumber, records: Vec<String>) -> PyResult<IterationTuple> {
        let IterationNumber(k) = k;
        let step = self
            .pending
            .take_if(|step| step.k == k)
            .ok_or_else(|| value_error(format!("iteration {k} is not the one asked for")))?;
        let plus_spec = step.plus.a.spec.to_string();
        let (plus, minus): (Vec<GameRecord>, Vec<GameRecord>) = parse_records(&records)?
            .into_iter()
            .partition(|r| r.a_spec == plus_spec);
        let iteration = self.run.record(&step, &plus, &minus).map_err(value_error)?;
        Ok(iteration_tuple(iteration))
    }

    /// One line on the run: its iterations and the weights they reached, as `c4 tune` says it.
    fn report(&self) -> PyResult<String> {
        self.run.report().map_err(value_error)
    }

    /// The confirming match (tuned as A against untuned, SPRT elo0=0 elo1=20), at most
    /// `max_games` games.
    fn confirm_plan(&self, max_games: GameCount) -> PyResult<MatchPlan> {
        Ok(match_plan(
            &self.run.confirm_config(max_games.0).map_err(value_error)?,
        ))
    }

    /// Adds records of the confirming match (JSON lines, any games); its summary once the
    /// records so far (games 0, 1, 2, ...) reach the SPRT's decision or all `max_games` games,
    /// cut at the decision; `None` while neither.
    fn confirm_add(
        &mut self,
        records: Vec<String>,
        max_games: GameCount,
    ) -> PyResult<Option<String>> {
        let GameCount(max_games) = max_games;
        let config = self.run.confirm_config(max_games).map_err(value_error)?;
        let sprt = config.sprt.expect("the confirming match has an SPRT");
        self.confirming.extend(parse_records(&records)?);
        let records = &mut self.confirming;
        records.sort_by_key(|r| r.game);
        let used = match spsa::decided_prefix(records, &sprt) {
            Some(n) => n,
            None if records.len() as u64 >= max_games => records.len(),
            None => return Ok(None),
        };
        let summary = MatchSummary::of(&records[..used], config.seed, Some(&sprt));
        let text = summary.to_text();
        self.confirmed = Some(summary);
        Ok(Some(text))
    }

    /// Writes the parameter file with how it was made (`command` last); returns its path.
    fn write(&self, command: &str) -> PyResult<String> {
        let result = self.run.result().map_err(value_error)?;
        let mut comments = self.run.provenance(self.confirmed.as_ref());
        comments.push(format!("command: {command}"));
        result
            .tuned
            .write_params(&self.out, &comments)
            .map_err(value_error)?;
        Ok(self.out.display().to_string())
    }
}

/// What a worker needs of a dataset build to label its games: seed, plies, positions per
/// game, validation percent and the board ("WxH").
type LabelPlan = (u64, (u32, u32), usize, u64, String);

/// A [`LabelPlan`] as Python hands it in, each number checked.
type LabelPlanArgument = (Seed, (SamplePly, SamplePly), PerGame, ValidPercent, String);

fn dataset_spec(
    PositionCount(positions): PositionCount,
    plan: LabelPlanArgument,
    source: Source,
) -> PyResult<DatasetSpec> {
    let (
        Seed(seed),
        (SamplePly(low), SamplePly(high)),
        PerGame(per_game),
        ValidPercent(valid_percent),
        size,
    ) = plan;
    let size = board(&size)?;
    let last = size.cells() - 1;
    if low > high || high as usize > last {
        return Err(value_error(format!(
            "plies {low}-{high}: use A-B with A <= B <= {last} (the {size} board)"
        )));
    }
    Ok(DatasetSpec {
        positions,
        plies: low..=high,
        per_game,
        valid_percent,
        seed,
        source,
        // A work log or recorded games of another board than `size` are refused.
        size,
        exclude: Vec::new(),
    })
}

/// The driver's side of a dataset build writing `out` (its work log is `OUT.partial`, the
/// CLI's, resumed when there): `c4 dataset build`'s build, its games labelled anywhere.
#[pyclass(module = "c4lab", unsendable)]
pub struct DatasetRun {
    out: PathBuf,
    spec: DatasetSpec,
    work: DatasetWork,
    /// The recorded games' move strings, for a build from a run's games.
    recorded: Option<Vec<String>>,
}

#[pymethods]
impl DatasetRun {
    /// The build of `out` (see `build_dataset`), on the board `size` ("WxH"; unless given,
    /// the recorded games' board, else 7x6).
    #[new]
    #[pyo3(signature = (out, positions, seed, plies = (SamplePly(4), SamplePly(30)), per_game = PerGame(2), valid_percent = ValidPercent(10), from_games = None, size = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        out: PathBuf,
        positions: PositionCount,
        seed: Seed,
        plies: (SamplePly, SamplePly),
        per_game: PerGame,
        valid_percent: ValidPercent,
        from_games: Option<PathBuf>,
        size: Option<String>,
    ) -> PyResult<DatasetRun> {
        dataset::check_out(&out).map_err(value_error)?;
        let size = match (&size, &from_games) {
            (Some(text), _) => board(text)?,
            (None, Some(path)) => dataset::recorded_board(path).map_err(value_error)?,
            (None, None) => Size::STANDARD,
        };
        let source = from_games.clone().map_or(Source::Generated, Source::Games);
        let plan = (seed, plies, per_game, valid_percent, size.to_string());
        let spec = dataset_spec(positions, plan, source)?;
        let recorded = match &from_games {
            Some(path) => Some(
                with_geometry!(size, g => dataset::recorded_games_in(path, g)
                .map_err(value_error)?
                .iter()
                .map(Game::move_string)
                .collect()),
            ),
            None => None,
        };
        let work = DatasetWork::open(&spec, &dataset::work_path(&out)).map_err(value_error)?;
        for warning in &work.warnings {
            eprintln!("warning: {warning}");
        }
        Ok(DatasetRun {
            out,
            spec,
            work,
            recorded,
        })
    }

    /// `(seed, plies, per_game, valid_percent, size)`: what `dataset_label` needs.
    fn plan(&self) -> LabelPlan {
        (
            self.spec.seed,
            (*self.spec.plies.start(), *self.spec.plies.end()),
            self.spec.per_game,
            self.spec.valid_percent,
            self.spec.size.to_string(),
        )
    }

    /// The games a build from recorded games has (`None`: generated games, no end).
    fn available(&self) -> Option<u64> {
        self.recorded.as_ref().map(|games| games.len() as u64)
    }

    /// The recorded games `games` as move strings (`None` for generated games).
    fn recorded(&self, games: Vec<GameIndex>) -> PyResult<Option<Vec<String>>> {
        let Some(recorded) = &self.recorded else {
            return Ok(None);
        };
        games
            .iter()
            .map(|&GameIndex(g)| {
                recorded
                    .get(g as usize)
                    .cloned()
                    .ok_or_else(|| value_error(format!("game {g}: the run has {}", recorded.len())))
            })
            .collect::<PyResult<Vec<String>>>()
            .map(Some)
    }

    /// The games below `limit` not yet labelled.
    fn todo(&self, limit: GameLimit) -> Vec<u64> {
        let GameLimit(limit) = limit;
        let limit = self.available().map_or(limit, |n| n.min(limit));
        (0..limit).filter(|&g| !self.work.is_done(g)).collect()
    }

    /// Records the labelled games a shard returned (JSON lines of `dataset_label`).
    fn add(&mut self, lines: Vec<String>) -> PyResult<()> {
        for line in lines {
            let unit: GameWork = serde_json::from_str(&line)
                .map_err(|e| value_error(format!("a labelled game: {e}")))?;
            self.work.add(unit).map_err(value_error)?;
        }
        Ok(())
    }

    /// `(usable positions so far, games labelled and usable in order)`.
    fn selected(&self) -> (usize, u64) {
        (self.work.selected_len(), self.work.selected_games())
    }

    /// Writes the dataset once enough positions are labelled and removes the work log;
    /// returns a summary line. Raises `ValueError` while there are too few.
    fn finish(&self) -> PyResult<String> {
        let samples = self.work.selected();
        if samples.len() < self.spec.positions {
            return Err(value_error(format!(
                "{} usable positions of the {} asked for",
                samples.len(),
                self.spec.positions
            )));
        }
        dataset::finish(&self.out, &samples).map_err(value_error)
    }
}

/// Labels games `games` of a dataset build (`plan` from `DatasetRun.plan()`; `recorded`: the
/// games' move strings for a build from recorded games) on one solver table of
/// `2^table_bits` slots, answering from the built-in book and its ply-12 layer (7x6's) unless
/// `book` is false, as `c4 dataset build` does: a JSON line per game, as the build's work log
/// holds them.
#[pyfunction]
#[pyo3(signature = (plan, games, recorded = None, table_bits = TableBits(22), book = true))]
pub fn dataset_label(
    py: Python<'_>,
    plan: LabelPlanArgument,
    games: Vec<GameIndex>,
    recorded: Option<Vec<String>>,
    table_bits: TableBits,
    book: bool,
) -> PyResult<Vec<String>> {
    let games: Vec<u64> = games.into_iter().map(|GameIndex(g)| g).collect();
    let spec = dataset_spec(PositionCount(1), plan, Source::Generated)?;
    let (book, layers) = if book {
        (BookChoice::Builtin, LayerChoice::Builtin)
    } else {
        (BookChoice::None, LayerChoice::None)
    };
    let stores = c4_players::score_stores(&book, &layers, spec.size).map_err(value_error)?;
    let labelled = py
        .detach(|| dataset::label_games(&spec, &games, recorded.as_deref(), table_bits.0, stores));
    Ok(labelled
        .map_err(value_error)?
        .iter()
        .map(|unit| serde_json::to_string(unit).expect("plain data"))
        .collect())
}

/// Fits `eval`'s tunable weights on a dataset (the text of a `c4 dataset build` file; `data`
/// names it in the parameter file) as `c4 tune --method texel` does, on `threads` threads
/// (default: all cores): `(parameter file text, report)`.
#[pyfunction]
#[pyo3(signature = (eval, dataset_text, data, target = "results", depth = TuneDepth(0), params = Vec::new(), patience = Patience(3), max_passes = MaxPasses(60), threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn texel_tune(
    py: Python<'_>,
    eval: &str,
    dataset_text: &str,
    data: &str,
    target: &str,
    depth: TuneDepth,
    params: Vec<String>,
    patience: Patience,
    max_passes: MaxPasses,
    threads: Option<Threads>,
) -> PyResult<(String, String)> {
    let start = parse_eval(eval)?;
    let target = match target {
        "results" => Target::Results,
        "moves" => Target::Moves,
        other => {
            return Err(value_error(format!(
                "target={:?}: use \"results\" or \"moves\"",
                excerpt(other)
            )));
        }
    };
    let samples = dataset::parse(dataset_text, data).map_err(value_error)?;
    let config = TexelConfig {
        target,
        depth: depth.0,
        params,
        patience: patience.0,
        max_passes: max_passes.0,
    };
    let pool = thread_pool(threads)?;
    let result = py
        .detach(|| pool.install(|| texel::fit(&start, &samples, &config, &mut |_| {})))
        .map_err(value_error)?;
    let comments = result.provenance(data, &config);
    Ok((result.tuned.params_text(&comments), result.report()))
}
