//! A training run in a folder (`c4 learn --out DIR`): resumable, locked, measured.
//!
//! | file | what |
//! |---|---|
//! | `learn.json` | the [`LearnSpec`]; a resumed run must ask for the same |
//! | `checkpoint.bin` | the trainer every `checkpoint_every` games ([`super::checkpoint`]) |
//! | `labels.json` | the scored positions the network is graded on, solved once |
//! | `metrics.csv` | a row every `eval_every` games: mistakes, score against `easy` |
//! | `curve.svg` | the learning curve drawn from `metrics.csv` |
//! | `network.c4nt` | the network, quantized, when the run ends (`c4_eval::ntuple::file`) |
//!
//! A kill at any moment loses at most the games since the last checkpoint; since every
//! game follows from the seed and its number, the resumed run ends with the weights an
//! uninterrupted one would have.

use super::LearnError;
use super::checkpoint::{self, write_atomically};
use super::metrics::{self, Labelled, SampleCount};
use super::output;
use super::spec::{LearnSpec, differences};
use super::td::Trainer;
use crate::plot::{self, Chart, Legend, Series};
use c4_arena::run::RunLock;
use c4_core::Size;
use c4_eval::ntuple::{Network, file as weights_file};
use c4_solver::files;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;
use std::time::Instant;

/// The manifest's file name.
pub const MANIFEST_FILE: &str = "learn.json";
/// The checkpoint's file name: the network and the state a resumed run goes on from.
pub const CHECKPOINT_FILE: &str = "checkpoint.bin";
/// The graded sample's file name: the positions the network is graded on as it learns,
/// solved by the first run in the folder and read by the runs that resume it.
pub const LABELS_FILE: &str = "labels.json";
/// The metrics' file name: a CSV, one row per measurement of the network as it learns.
pub const METRICS_FILE: &str = "metrics.csv";
/// The learning curve's file name: the chart drawn from the metrics.
pub const CURVE_FILE: &str = "curve.svg";
/// The finished network's file name: the weights `eval=ntuple:weights=FILE` reads.
pub const NETWORK_FILE: &str = "network.c4nt";

/// The fixed player a network's games are scored against.
pub const OPPONENT: &str = "easy";

const METRICS_HEADER: &str = "games,seconds,epsilon,mistakes_pct,score_vs_easy";

/// How often a run saves and measures itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cadence {
    /// Games between checkpoints.
    pub checkpoint_every: u64,
    /// Games between measurements.
    pub eval_every: u64,
    /// Positions of each sample set graded.
    pub sample_per_set: SampleCount,
    /// Games against [`OPPONENT`] a measurement plays.
    pub eval_games: u64,
}

/// One measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// Games played.
    pub games: u64,
    /// Seconds of training so far in this process.
    pub seconds: f64,
    /// The exploration rate of the latest game.
    pub epsilon: f32,
    /// Mistakes of the one-ply choice on the sample, percent.
    pub mistakes_pct: f64,
    /// Score against [`OPPONENT`], 0 to 1.
    pub score: f64,
}

/// Where a call of [`run`] left the run.
#[derive(Debug)]
pub enum RunEnd {
    /// Every game is played: the network, also written to [`NETWORK_FILE`].
    Finished(Network),
    /// Stopped at the `until` asked for, after a checkpoint: the same run goes on from there.
    Paused {
        /// Games played so far.
        games: u64,
    },
}

/// What a run tells its caller as it goes.
pub trait LearnObserver {
    /// `games` of `total` played.
    fn played(&self, games: u64, total: u64);
    /// A measurement was taken.
    fn measured(&self, measurement: &Measurement);
}

/// Trains the run of `spec` in `dir` (resuming what is there) to its end, or only until
/// `until` games when that comes first; the weights at the end do not depend on where the
/// run was paused or killed.
pub fn run(
    dir: &Path,
    spec: &LearnSpec,
    cadence: Cadence,
    until: Option<u64>,
    observer: &dyn LearnObserver,
) -> Result<RunEnd, LearnError> {
    spec.check()?;
    check_folder(dir, MANIFEST_FILE)?;
    let start = spec.start()?;
    check_recorded(dir, MANIFEST_FILE, spec)?;
    // The sample is drawn and solved before anything is written: a board that cannot give
    // it leaves no folder behind.
    let (sample, fresh_sample) = labels(dir, spec.size, cadence.sample_per_set)?;
    let _lock = lock(dir)?;
    check_manifest(dir, MANIFEST_FILE, spec)?;
    if fresh_sample {
        let text = serde_json::to_string(&sample).expect("labels serialise");
        write_atomically(&dir.join(LABELS_FILE), text.as_bytes())?;
    }
    let checkpoint_path = dir.join(CHECKPOINT_FILE);
    let mut trainer = if checkpoint_path.exists() {
        checkpoint::load(
            &checkpoint_path,
            start.layout().clone(),
            spec.td(),
            spec.seed,
        )?
    } else {
        Trainer::new(start, spec.td(), spec.seed)
    };
    let stop = until.map_or(spec.games, |until| until.min(spec.games));
    let mut rows = metrics_rows(dir, trainer.games())?;
    let start = Instant::now();
    let every = |n: u64, games: u64| n > 0 && games.is_multiple_of(n);
    while trainer.games() < stop {
        let epsilon = spec.epsilon(trainer.games());
        trainer.play_game(epsilon, spec.openings());
        let games = trainer.games();
        observer.played(games, spec.games);
        let last = games == spec.games;
        if every(cadence.checkpoint_every, games) || games == stop {
            checkpoint::save(&trainer, &checkpoint_path)?;
        }
        if every(cadence.eval_every, games) || last {
            let measurement = Measurement {
                games,
                seconds: start.elapsed().as_secs_f64(),
                epsilon,
                mistakes_pct: metrics::mistake_rate(trainer.network(), &sample),
                score: metrics::score_against(
                    trainer.network(),
                    OPPONENT,
                    cadence.eval_games,
                    spec.seed,
                )?,
            };
            observer.measured(&measurement);
            rows.push(row_text(&measurement));
            write_metrics(dir, &rows)?;
        }
    }
    if trainer.games() < spec.games {
        return Ok(RunEnd::Paused {
            games: trainer.games(),
        });
    }
    let network = trainer.into_network();
    write_atomically(&dir.join(NETWORK_FILE), &weights_file::encode(&network))?;
    Ok(RunEnd::Finished(network))
}

/// The files a run folder holds, which a snapshot never replaces, and the manifests of
/// other kinds of run, which would make the folder another run's.
const RUN_FILES: [&str; 9] = [
    MANIFEST_FILE,
    output::FIT_MANIFEST_FILE,
    c4_arena::run::MANIFEST_FILE,
    CHECKPOINT_FILE,
    LABELS_FILE,
    METRICS_FILE,
    CURVE_FILE,
    NETWORK_FILE,
    c4_arena::run::LOCK_FILE,
];

/// Writes the network of the latest checkpoint of the run in `dir` to `file` ([`snapshot`]),
/// through a file renamed into place; returns the games it has played. One of the run's own
/// files, or a file that is not a regular one, is refused before anything is read.
pub fn write_snapshot(dir: &Path, file: &Path) -> Result<u64, LearnError> {
    output::check_not_run_file("--snapshot", file, dir, &RUN_FILES)?;
    output::check_output("--snapshot", file, &[])?;
    let (network, games) = snapshot(dir)?;
    write_atomically(file, &weights_file::encode(&network))?;
    Ok(games)
}

/// The network of the latest checkpoint of the run in `dir`, with the games it has played:
/// a snapshot to grade or play while the run goes on (checkpoints are renamed into place
/// whole, so reading one needs no lock).
pub fn snapshot(dir: &Path) -> Result<(Network, u64), LearnError> {
    let path = dir.join(MANIFEST_FILE);
    let text = files::read_text(&path, 1 << 20)?;
    let spec: LearnSpec = serde_json::from_str(&text).map_err(|e| LearnError::Manifest {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    spec.check()?;
    let trainer = checkpoint::load(
        &dir.join(CHECKPOINT_FILE),
        spec.start()?.layout().clone(),
        spec.td(),
        spec.seed,
    )?;
    let games = trainer.games();
    Ok((trainer.into_network(), games))
}

/// Holds `dir`'s lock (the run folders' own, `c4_arena::run::RunLock`) while the run
/// writes it.
pub(super) fn lock(dir: &Path) -> Result<RunLock, LearnError> {
    RunLock::try_acquire(dir)
        .map_err(|reason| LearnError::Lock {
            dir: dir.to_owned(),
            reason: reason.to_string(),
        })?
        .ok_or_else(|| LearnError::Locked(dir.to_owned()))
}

/// The manifests of the runs a folder may hold, each with what it is: a learning run goes
/// only into a new folder or one of its own kind.
const RUN_MANIFESTS: [(&str, &str); 3] = [
    (MANIFEST_FILE, "a self-play run of c4 learn"),
    (output::FIT_MANIFEST_FILE, "a fit of c4 learn fit"),
    (c4_arena::run::MANIFEST_FILE, "a run of games"),
];

/// Refuses `dir` as the folder of a run whose manifest is `own`: something that is not a
/// folder, or a folder that holds another kind of run, named. Reads, writes nothing.
pub(super) fn check_folder(dir: &Path, own: &str) -> Result<(), LearnError> {
    let Ok(metadata) = std::fs::metadata(dir) else {
        return Ok(());
    };
    if !metadata.is_dir() {
        let kind = if metadata.is_file() {
            "a file"
        } else {
            files::kind_of(&metadata.file_type())
        };
        return Err(LearnError::NotAFolder {
            path: dir.to_owned(),
            kind,
        });
    }
    match RUN_MANIFESTS
        .iter()
        .find(|(file, _)| *file != own && dir.join(file).exists())
    {
        Some(&(manifest, kind)) => Err(LearnError::OtherRun {
            dir: dir.to_owned(),
            kind,
            manifest,
        }),
        None => Ok(()),
    }
}

/// Writes a run's manifest `file` into `dir` for a new run, or checks that a resumed one
/// asks for the same (a self-play run's `learn.json`, a fit's `fit.json`).
pub(super) fn check_manifest<S: Serialize + DeserializeOwned>(
    dir: &Path,
    file: &str,
    spec: &S,
) -> Result<(), LearnError> {
    if !check_recorded(dir, file, spec)? {
        let text = serde_json::to_string_pretty(spec).expect("a spec serialises") + "\n";
        return write_atomically(&dir.join(file), text.as_bytes());
    }
    Ok(())
}

/// Whether `dir` holds a run's manifest `file` (`false`: a new run), refused when it asks
/// for other settings than `spec`. Reads, writes nothing.
pub(super) fn check_recorded<S: Serialize + DeserializeOwned>(
    dir: &Path,
    file: &str,
    spec: &S,
) -> Result<bool, LearnError> {
    let path = dir.join(file);
    if !path.exists() {
        return Ok(false);
    }
    let text = files::read_text(&path, 1 << 20)?;
    let recorded: S = serde_json::from_str(&text).map_err(|e| LearnError::Manifest {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    let differences = differences(spec, &recorded);
    if differences.is_empty() {
        Ok(true)
    } else {
        Err(LearnError::Changed {
            dir: dir.to_owned(),
            differences,
        })
    }
}

/// The graded sample, read from `dir`, or solved (`true`: to be saved there once the run
/// holds the folder). The file is a cache of the solver's scores: one that holds another
/// number of positions, or does not read as a sample of the run's board (a score a column,
/// a full column `null`), is solved again.
fn labels(dir: &Path, size: Size, count: SampleCount) -> Result<(Vec<Labelled>, bool), LearnError> {
    let path = dir.join(LABELS_FILE);
    if path.exists() {
        let text = files::read_text(&path, 64 << 20)?;
        if let Ok(sample) = serde_json::from_str::<Vec<Labelled>>(&text)
            && sample.len() == count.most() * metrics::SAMPLE_SETS.len()
            && sample.iter().all(|l| l.scores.len() == size.width())
        {
            return Ok((sample, false));
        }
    }
    Ok((metrics::label_sample(size, count)?, true))
}

/// The rows of a run folder's `metrics.csv` whose first field (games of a self-play run,
/// epochs of a fit) is at most `upto`: later ones belong to work that will be done again.
pub(super) fn metrics_rows(dir: &Path, upto: u64) -> Result<Vec<String>, LearnError> {
    let path = dir.join(METRICS_FILE);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = files::read_text(&path, 256 << 20)?;
    Ok(text
        .lines()
        .skip(1)
        .filter(|line| {
            line.split(',')
                .next()
                .and_then(|g| g.parse::<u64>().ok())
                .is_some_and(|g| g <= upto)
        })
        .map(str::to_owned)
        .collect())
}

fn row_text(m: &Measurement) -> String {
    format!(
        "{},{:.1},{:.4},{:.2},{:.3}",
        m.games, m.seconds, m.epsilon, m.mistakes_pct, m.score
    )
}

/// Writes `metrics.csv` and draws `curve.svg` from its rows.
fn write_metrics(dir: &Path, rows: &[String]) -> Result<(), LearnError> {
    let mut text = format!("{METRICS_HEADER}\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    write_atomically(&dir.join(METRICS_FILE), text.as_bytes())?;
    let points = |column: usize, scale: f64| -> Vec<(f64, f64)> {
        rows.iter()
            .filter_map(|row| {
                let fields: Vec<&str> = row.split(',').collect();
                Some((
                    fields[0].parse().ok()?,
                    fields[column].parse::<f64>().ok()? * scale,
                ))
            })
            .collect()
    };
    let mistakes = points(3, 1.0);
    let last = mistakes.last().map_or(1.0, |p| p.0.max(1.0));
    let chart = Chart {
        title: "learning curve",
        x_desc: "self-play games",
        y_desc: "percent",
        x: 0.0..last,
        y: 0.0..100.0,
        legend: Legend::Upper,
    };
    let series = [
        Series {
            label: "one-ply mistakes on the sample, %".to_owned(),
            points: mistakes,
            dashed: false,
        },
        Series {
            label: format!("score against {OPPONENT}, %"),
            points: points(4, 100.0),
            dashed: true,
        },
    ];
    let path = dir.join(CURVE_FILE);
    Ok(plot::lines(&path, &chart, &series)?)
}
