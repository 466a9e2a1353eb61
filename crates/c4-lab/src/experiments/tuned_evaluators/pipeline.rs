//! The `tuning` experiment's stages, each resuming from the run folder: positions labelled,
//! texel fits, matches of tuned against untuned, grading on the reference sets, Table 9.

use super::super::mistakes::{self};
use crate::progress::{Plan, Progress};
use c4_arena::matches::{Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, run_match};
use c4_arena::record::{GameLog, GameRecord};
use c4_dataset::{self as dataset, BuildProgress, DatasetSpec, Sample, Source};
use c4_eval::EvalSpec;
use c4_learn::tuning::eval_text;
use c4_learn::tuning::spsa::OPENING_PLIES;
use c4_learn::tuning::texel::{self, Target, TexelConfig};
use c4_papers::RunSettings;
use c4_papers::{ExperimentError, create_dir, write_file};
use c4_papers::{games_path, play_table};
use c4_solver::DEFAULT_TABLE_BITS;
use c4_solver::files;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::design::{
    Fit, GRADE_DEPTHS, MATCH_DEPTHS, PLIES, TUNED_EVALUATORS, dataset_path, fit_path, graded,
    matches_path, player, side, table9s,
};
use super::report::report;

/// How big a run is.
struct Size {
    /// Labelled positions generated.
    positions: usize,
    /// Games per match, tuned against untuned.
    games: u64,
    /// At most this many texel passes per evaluator.
    max_passes: u32,
}

const FULL: Size = Size {
    positions: 10_000,
    games: 1000,
    max_passes: 60,
};
const QUICK: Size = Size {
    positions: 80,
    games: 4,
    max_passes: 2,
};

/// Texel passes without a better validation loss before stopping.
const PATIENCE: u32 = 3;

fn size(settings: &RunSettings) -> Size {
    let base = if settings.quick { QUICK } else { FULL };
    Size {
        games: if settings.quick {
            base.games
        } else {
            settings.games.unwrap_or(base.games)
        },
        ..base
    }
}

fn dataset_spec(settings: &RunSettings) -> DatasetSpec {
    DatasetSpec {
        positions: size(settings).positions,
        plies: PLIES,
        per_game: 2,
        valid_percent: 10,
        seed: settings.seed,
        source: Source::Generated,
        size: c4_core::Size::STANDARD,
        exclude: Vec::new(),
    }
}

/// The size of a run.
pub fn plan(settings: &RunSettings) -> Plan {
    let size = size(settings);
    let matches = size.games * (TUNED_EVALUATORS.len() * MATCH_DEPTHS.len()) as u64;
    let table9 = 2 * 4 * settings.games_for(100);
    let positions: usize = mistakes::sets(settings.quick).iter().map(|(_, n)| n).sum();
    let decisions = positions * TUNED_EVALUATORS.len() * GRADE_DEPTHS.len() * 2;
    Plan {
        total: size.positions as u64 + matches + table9 + decisions as u64,
        unit: "positions labelled, games and decisions",
    }
}

/// Hands the dataset build's progress on, one unit per new position.
struct Labelled<'a> {
    progress: &'a dyn Progress,
    reported: AtomicUsize,
    target: usize,
}

impl BuildProgress for Labelled<'_> {
    fn game_done(&self, _game: u64, positions: usize) {
        let now = positions.min(self.target);
        let before = self.reported.fetch_max(now, Ordering::Relaxed);
        for _ in before..now {
            self.progress.advanced();
        }
    }

    fn warn(&self, message: &str) {
        self.progress.warn(message);
    }
}

/// The run's labelled positions: read, or built (resumably) and written.
fn labelled_positions(
    settings: &RunSettings,
    progress: &dyn Progress,
) -> Result<Vec<Sample>, ExperimentError> {
    let path = dataset_path(&settings.out);
    let spec = dataset_spec(settings);
    if path.exists() {
        for _ in 0..spec.positions {
            progress.advanced();
        }
        return Ok(dataset::read(&path)?);
    }
    let work = PathBuf::from(format!("{}.partial", path.display()));
    let samples = dataset::build(
        &spec,
        &work,
        DEFAULT_TABLE_BITS,
        c4_players::builtin_stores(),
        &Labelled {
            progress,
            reported: AtomicUsize::new(0),
            target: spec.positions,
        },
    )?;
    dataset::write(&path, &samples)?;
    std::fs::remove_file(&work).ok();
    Ok(samples)
}

/// Texel-fits `name` on `samples`, or reads the fit of an earlier run.
fn fitted(
    dir: &Path,
    name: &str,
    samples: &[Sample],
    settings: &RunSettings,
) -> Result<Fit, ExperimentError> {
    let path = fit_path(dir, name);
    if path.exists() {
        let text = files::read_text(&path, 1 << 20)?;
        return serde_json::from_str(&text).map_err(|source| ExperimentError::Fit { path, source });
    }
    let start = EvalSpec::parse(name)?;
    let config = TexelConfig {
        target: Target::Results,
        depth: 0,
        params: Vec::new(),
        patience: PATIENCE,
        max_passes: size(settings).max_passes,
    };
    let result = texel::fit(&start, samples, &config, &mut |_| {})?;
    let first = &result.passes[0];
    let best = &result.passes[result.best_pass as usize];
    let fit = Fit {
        eval: name.to_owned(),
        tuned: eval_text(&result.tuned),
        train: (first.train, best.train),
        valid: (first.valid, best.valid),
        scale: best.scale,
        passes: (result.passes.len() as u32 - 1, result.best_pass),
        positions: result.counts,
    };
    create_dir(&dir.join("tuned"))?;
    let comments = [
        format!("{name} weights fitted by c4 experiment tuning (texel, depth 0)"),
        format!(
            "data: the run's dataset.jsonl, {} positions of plies {}-{}, seed {} ({} training, {} validation; {} decided at the leaf, left out)",
            size(settings).positions,
            PLIES.start(),
            PLIES.end(),
            settings.seed,
            fit.positions.0,
            fit.positions.1,
            fit.positions.2
        ),
        format!(
            "validation loss {:.6} -> {:.6} after pass {} of {}; scale {:.2}",
            fit.valid.0, fit.valid.1, fit.passes.1, fit.passes.0, fit.scale
        ),
        format!(
            "command: c4 experiment tuning --seed {} --out {}",
            settings.seed,
            dir.display()
        ),
    ];
    let params_path = dir.join("tuned").join(format!("{name}.params"));
    write_file(&params_path, result.tuned.params_text(&comments))?;
    let text = serde_json::to_string_pretty(&fit).expect("plain data");
    write_file(&path, text)?;
    Ok(fit)
}

/// Plays what is missing of every match, tuned against untuned; returns all match games.
fn play_matches(
    fits: &[Fit],
    settings: &RunSettings,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, ExperimentError> {
    let path = matches_path(&settings.out);
    let (loaded, mut log) = GameLog::resume(&path)?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let games = size(settings).games;
    let mut all = Vec::new();
    for (index, fit) in fits.iter().enumerate() {
        for depth in MATCH_DEPTHS {
            let config = MatchConfig {
                a: Contestant {
                    label: side(&fit.eval, depth, true),
                    spec: player(&fit.tuned, depth)?,
                },
                b: Contestant {
                    label: side(&fit.eval, depth, false),
                    spec: player(&fit.eval, depth)?,
                },
                games,
                seed: c4_arena::matches::game_seed(settings.seed, index as u64, u64::from(depth)),
                openings: Openings::Random(OPENING_PLIES),
                first: FirstPolicy::Alternate,
                sprt: None,
            };
            let done: Vec<GameRecord> = loaded
                .records
                .iter()
                .filter(|r| r.a == config.a.label && r.a_spec == config.a.spec.to_string())
                .filter(|r| r.game < games)
                .cloned()
                .collect();
            all.extend(run_match(&config, done, Some(&mut log), observer)?);
        }
    }
    Ok(all)
}

/// Runs what is not finished in `settings.out`, then writes the report.
pub fn run(
    settings: &RunSettings,
    progress: &dyn Progress,
    games: &dyn MatchObserver,
) -> Result<(), ExperimentError> {
    let dir = &settings.out;
    let samples = labelled_positions(settings, progress)?;
    let fits: Vec<Fit> = TUNED_EVALUATORS
        .iter()
        .map(|name| fitted(dir, name, &samples, settings))
        .collect::<Result<_, _>>()?;
    let matches = play_matches(&fits, settings, games)?;
    let mut table9 = Vec::new();
    let tables = table9s(&fits)?;
    for table in &tables {
        table9.extend(play_table(table, settings, games)?);
    }
    let decisions = mistakes::grade(
        dir,
        &graded(&fits)?,
        settings.quick,
        settings.seed,
        progress,
    )?;
    report(dir, settings.seed, &fits, &matches, &table9, &decisions)
}

/// Rebuilds the report from the files of `dir`; the number of games and decisions found.
pub fn rebuild(dir: &Path, seed: u64, progress: &dyn Progress) -> Result<usize, ExperimentError> {
    let fits: Vec<Fit> = TUNED_EVALUATORS
        .iter()
        .filter(|name| fit_path(dir, name).exists())
        .map(|name| {
            let path = fit_path(dir, name);
            let text = files::read_text(&path, 1 << 20)?;
            serde_json::from_str(&text).map_err(|source| ExperimentError::Fit { path, source })
        })
        .collect::<Result<_, ExperimentError>>()?;
    if fits.len() < TUNED_EVALUATORS.len() {
        return Ok(0);
    }
    let load = |path: PathBuf| -> Result<Vec<GameRecord>, ExperimentError> {
        let loaded = GameLog::load(&path)?;
        for warning in &loaded.warnings {
            progress.warn(warning);
        }
        Ok(loaded.records)
    };
    let matches = load(matches_path(dir))?;
    let mut table9 = Vec::new();
    for table in table9s(&fits)? {
        table9.extend(load(games_path(dir, table.id))?);
    }
    let decisions = mistakes::load(dir, progress)?;
    report(dir, seed, &fits, &matches, &table9, &decisions)?;
    Ok(matches.len() + table9.len() + decisions.len())
}
