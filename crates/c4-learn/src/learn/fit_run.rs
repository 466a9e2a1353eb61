//! A fitting run in a folder (`c4 learn fit --out DIR`): resumable, locked, measured, as a
//! self-play run's folder ([`super::run`]) is.
//!
//! | file | what |
//! |---|---|
//! | `fit.json` | the [`FitSpec`]; a resumed run must ask for the same |
//! | `checkpoint.bin` | the weights after each epoch, full precision, with a CRC-32 |
//! | `metrics.csv` | a row an epoch: the loss on the training and validation positions, the one-ply mistakes on the validation ones |
//! | `network.c4nt` | the network, quantized, when the run ends (`c4_eval::ntuple::file`) |
//!
//! Each epoch's order follows from the seed and the epoch's number, so a run killed and
//! resumed ends with the weights an uninterrupted one would have. The network is of the
//! dataset's board: a fresh one laid on it, or a `--from` network of the same board.

use super::LearnError;
use super::checkpoint::{self, write_atomically};
use super::fit::{self, Examples, FitConfig, Fitter, Loss};
use super::run;
use super::spec::{StartFile, TupleLayout};
use c4_core::{Geometry, Size, with_geometry};
use c4_eval::ntuple::{Network, file as weights_file};
use c4_solver::files;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The manifest's file name.
pub const MANIFEST_FILE: &str = super::output::FIT_MANIFEST_FILE;
/// The checkpoint's file name.
pub const CHECKPOINT_FILE: &str = "checkpoint.bin";
/// The metrics' file name.
pub const METRICS_FILE: &str = "metrics.csv";
/// The finished network's file name.
pub const NETWORK_FILE: &str = "network.c4nt";

const METRICS_HEADER: &str = "epoch,seconds,rate,train_mse,valid_mse,valid_mistakes_pct";

/// The first bytes of a fitting checkpoint.
const MAGIC: &[u8; 8] = b"C4FIT001";

/// The largest checkpoint read: a network of 1,000 tuples of 8 cells.
const MAX_CHECKPOINT_BYTES: u64 = 4 * 2 * 1000 * 65_536 + 64;

/// The network a fit starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Start {
    /// Every weight 0, the tuples laid by the run's seed.
    Fresh {
        /// Tuples in the network.
        tuples: usize,
        /// Cells a tuple.
        length: usize,
        /// How they are laid.
        layout: TupleLayout,
    },
    /// A weights file's network (one learned by self-play, say).
    Network {
        /// The file.
        path: PathBuf,
        /// Its fingerprint ([`weights_file::fingerprint`]), which a resumed run checks.
        fingerprint: u32,
    },
}

/// A dataset whose positions a fit leaves out ([`FitRequest::exclude`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExcludedFile {
    /// The file.
    pub path: PathBuf,
    /// The CRC-32 of its bytes.
    pub crc32: u32,
}

/// Everything a fitting run's weights follow from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitSpec {
    /// The labelled positions.
    pub dataset: PathBuf,
    /// The CRC-32 of the dataset's bytes.
    pub dataset_crc32: u32,
    /// Datasets whose positions (and their mirror images) the fit leaves out of this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<ExcludedFile>,
    /// The network it starts from.
    pub start: Start,
    /// Passes over the training positions.
    pub epochs: u64,
    /// Labelled positions a minibatch.
    pub batch: usize,
    /// The step size at the first epoch...
    pub rate: f32,
    /// ...falling linearly to this at the last.
    pub rate_end: f32,
    /// The loss.
    pub loss: Loss,
    /// How much of a win's target its distance takes away (0: win, draw, loss only).
    pub distance: f32,
    /// Whether the positions one move on are fitted too.
    pub children: bool,
    /// The seed of a fresh layout and of every epoch's order.
    pub seed: u64,
}

impl FitSpec {
    /// Its fitting settings.
    #[must_use]
    pub fn config(&self) -> FitConfig {
        FitConfig {
            batch: self.batch,
            loss: self.loss,
            distance: self.distance,
            children: self.children,
        }
    }

    /// The step size of epoch `epoch` (0-based).
    #[must_use]
    pub fn rate(&self, epoch: u64) -> f32 {
        if self.epochs <= 1 {
            return self.rate;
        }
        let done = epoch.min(self.epochs - 1) as f32 / (self.epochs - 1) as f32;
        self.rate + (self.rate_end - self.rate) * done
    }

    /// What is wrong with it, if anything.
    pub fn check(&self) -> Result<(), LearnError> {
        let setting = |name, value: String, expected| LearnError::Setting {
            name,
            value,
            expected,
        };
        if self.epochs == 0 {
            return Err(setting("epochs", "0".to_owned(), "at least 1"));
        }
        if self.batch == 0 {
            return Err(setting("batch", "0".to_owned(), "at least 1"));
        }
        for (name, value) in [("rate", self.rate), ("rate-end", self.rate_end)] {
            if !(value > 0.0 && value <= 1.0) {
                return Err(setting(name, value.to_string(), "more than 0, at most 1"));
            }
        }
        if !(0.0..=1.0).contains(&self.distance) {
            return Err(setting("distance", self.distance.to_string(), "0 to 1"));
        }
        Ok(())
    }
}

/// What a caller asks of a fitting run: a [`FitSpec`] but for the checksums, which the run
/// takes from the files.
#[derive(Clone, Debug, PartialEq)]
pub struct FitRequest {
    /// The labelled positions.
    pub dataset: PathBuf,
    /// Datasets whose positions, and their mirror images, are left out of `dataset`'s
    /// training and validation positions: the sets that will grade the network, say.
    pub exclude: Vec<PathBuf>,
    /// A weights file to start from; `None`: a fresh network of `tuples` x `length`.
    pub from: Option<PathBuf>,
    /// Tuples of a fresh network.
    pub tuples: usize,
    /// Cells a tuple of a fresh network.
    pub length: usize,
    /// How a fresh network's tuples are laid.
    pub layout: TupleLayout,
    /// The rest, as in [`FitSpec`].
    pub epochs: u64,
    /// As in [`FitSpec`].
    pub batch: usize,
    /// As in [`FitSpec`].
    pub rate: f32,
    /// As in [`FitSpec`].
    pub rate_end: f32,
    /// As in [`FitSpec`].
    pub loss: Loss,
    /// As in [`FitSpec`].
    pub distance: f32,
    /// As in [`FitSpec`].
    pub children: bool,
    /// As in [`FitSpec`].
    pub seed: u64,
}

/// One epoch's measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitMeasurement {
    /// Epochs done (0: the network it starts from).
    pub epoch: u64,
    /// Seconds of fitting so far in this process.
    pub seconds: f64,
    /// The epoch's step size (0 before the first).
    pub rate: f32,
    /// Mean squared error of the training examples during the epoch (before it: of the
    /// training positions).
    pub train_mse: f64,
    /// Mean squared error of the validation positions.
    pub valid_mse: f64,
    /// One-ply mistakes on the validation positions, percent.
    pub valid_mistakes_pct: f64,
}

/// Where a call of [`run`] left the run.
#[derive(Debug)]
pub enum FitEnd {
    /// Every epoch is done: the network, also written to [`NETWORK_FILE`].
    Finished(Network),
    /// Stopped at the `until` asked for, after a checkpoint.
    Paused {
        /// Epochs done.
        epochs: u64,
    },
}

/// A fit made ready to run: its spec, the network it starts from and the examples it fits
/// and measures.
#[derive(Debug)]
pub struct PreparedFit {
    /// Everything the weights follow from, as `fit.json` records it.
    pub spec: FitSpec,
    /// The network it starts from.
    pub start: Network,
    /// The dataset's positions less those left out.
    pub examples: Examples,
    /// How many of the dataset's positions `--exclude` left out.
    pub left_out: usize,
}

/// Reads what `request` names (the dataset, the datasets to leave out, the network to start
/// from) and checks it: a fit ready to [`run_prepared`].
pub fn prepare(request: &FitRequest) -> Result<PreparedFit, LearnError> {
    let mut examples = fit::read_examples(&request.dataset)?;
    let mut exclude = Vec::new();
    let mut left_out = 0;
    for path in &request.exclude {
        let held = fit::read_held_out(path)?;
        if held.size != examples.size && !held.keys.is_empty() {
            return Err(LearnError::Setting {
                name: "exclude",
                value: format!(
                    "{} (positions of the {} board; the dataset's are of the {} board)",
                    path.display(),
                    held.size,
                    examples.size
                ),
                expected: "a dataset of the fitted dataset's board",
            });
        }
        let (kept, dropped) = examples.without(&held.keys);
        examples = kept;
        left_out += dropped;
        exclude.push(ExcludedFile {
            path: path.clone(),
            crc32: held.checksum,
        });
    }
    if examples.train.is_empty() {
        return Err(LearnError::NoTraining(request.dataset.clone()));
    }
    let (mut spec, start) = spec_of(request, &examples)?;
    spec.exclude = exclude;
    spec.check()?;
    Ok(PreparedFit {
        spec,
        start,
        examples,
        left_out,
    })
}

/// Fits the run of `request` in `dir` (resuming what is there) to its end, or only until
/// `until` epochs; `observe` is told each measurement.
pub fn run(
    dir: &Path,
    request: &FitRequest,
    until: Option<u64>,
    observe: &mut dyn FnMut(&FitMeasurement),
) -> Result<FitEnd, LearnError> {
    run_prepared(dir, prepare(request)?, until, observe)
}

/// [`run`] of a fit [`prepare`] made ready.
pub fn run_prepared(
    dir: &Path,
    fit: PreparedFit,
    until: Option<u64>,
    observe: &mut dyn FnMut(&FitMeasurement),
) -> Result<FitEnd, LearnError> {
    let PreparedFit {
        spec,
        start,
        examples,
        ..
    } = fit;
    with_geometry!(examples.size, g => {
        fit_in(dir, &spec, start, &examples.on(g), until, observe)
    })
}

/// [`run`] on the board of `G`, the dataset's.
fn fit_in<G: Geometry>(
    dir: &Path,
    spec: &FitSpec,
    start_network: Network,
    examples: &Examples<G>,
    until: Option<u64>,
    observe: &mut dyn FnMut(&FitMeasurement),
) -> Result<FitEnd, LearnError> {
    run::check_folder(dir, MANIFEST_FILE)?;
    run::check_recorded(dir, MANIFEST_FILE, spec)?;
    std::fs::create_dir_all(dir).map_err(|source| LearnError::Write {
        path: dir.to_owned(),
        source,
    })?;
    let _lock = run::lock(dir)?;
    run::check_manifest(dir, MANIFEST_FILE, spec)?;
    let checkpoint_path = dir.join(CHECKPOINT_FILE);
    let (network, mut epoch) = if checkpoint_path.exists() {
        load(&checkpoint_path, start_network)?
    } else {
        (start_network, 0)
    };
    let mut rows = run::metrics_rows(dir, epoch)?;
    let start = Instant::now();
    let mut record = |m: FitMeasurement, rows: &mut Vec<String>| -> Result<(), LearnError> {
        observe(&m);
        rows.push(format!(
            "{},{:.1},{},{:.5},{:.5},{:.2}",
            m.epoch, m.seconds, m.rate, m.train_mse, m.valid_mse, m.valid_mistakes_pct
        ));
        let text = format!("{METRICS_HEADER}\n{}\n", rows.join("\n"));
        write_atomically(&dir.join(METRICS_FILE), text.as_bytes())
    };
    if epoch == 0 {
        let (train_mse, _) = fit::measure(&network, &examples.train, spec.distance);
        let (valid_mse, valid_mistakes_pct) =
            fit::measure(&network, &examples.valid, spec.distance);
        let m = FitMeasurement {
            epoch: 0,
            seconds: 0.0,
            rate: 0.0,
            train_mse,
            valid_mse,
            valid_mistakes_pct,
        };
        rows.clear();
        record(m, &mut rows)?;
    }
    let stop = until.map_or(spec.epochs, |u| u.min(spec.epochs));
    let mut fitter = Fitter::new(network, spec.config());
    while epoch < stop {
        let order = fit::epoch_order(examples.train.len(), spec.seed, epoch);
        let rate = spec.rate(epoch);
        let train_mse = fitter.epoch(&examples.train, &order, rate);
        epoch += 1;
        save(fitter.network(), epoch, &checkpoint_path)?;
        let (valid_mse, valid_mistakes_pct) =
            fit::measure(fitter.network(), &examples.valid, spec.distance);
        let m = FitMeasurement {
            epoch,
            seconds: start.elapsed().as_secs_f64(),
            rate,
            train_mse,
            valid_mse,
            valid_mistakes_pct,
        };
        record(m, &mut rows)?;
    }
    if epoch < spec.epochs {
        return Ok(FitEnd::Paused { epochs: epoch });
    }
    let network = fitter.into_network();
    write_atomically(&dir.join(NETWORK_FILE), &weights_file::encode(&network))?;
    Ok(FitEnd::Finished(network))
}

/// The spec of `request` with the files' checksums, and the network it starts from, on the
/// examples' board.
fn spec_of(request: &FitRequest, examples: &Examples) -> Result<(FitSpec, Network), LearnError> {
    let size: Size = examples.size;
    let (start, network) = match &request.from {
        Some(path) => {
            let (file, network) = StartFile::read(path)?;
            if network.size() != size {
                return Err(LearnError::Setting {
                    name: "from",
                    value: format!(
                        "{} (a network of the {} board; the dataset's positions are of the \
                         {size} board)",
                        path.display(),
                        network.size()
                    ),
                    expected: "a network of the dataset's board",
                });
            }
            let start = Start::Network {
                path: file.path,
                fingerprint: file.fingerprint,
            };
            (start, network)
        }
        None => {
            let layout = request
                .layout
                .lay(size, request.seed, request.tuples, request.length)?;
            let start = Start::Fresh {
                tuples: request.tuples,
                length: request.length,
                layout: request.layout,
            };
            (start, Network::zeros(layout))
        }
    };
    let spec = FitSpec {
        dataset: request.dataset.clone(),
        dataset_crc32: examples.checksum,
        exclude: Vec::new(),
        start,
        epochs: request.epochs,
        batch: request.batch,
        rate: request.rate,
        rate_end: request.rate_end,
        loss: request.loss,
        distance: request.distance,
        children: request.children,
        seed: request.seed,
    };
    Ok((spec, network))
}

/// Writes `network`'s weights after `epochs` epochs to `path`, atomically.
fn save(network: &Network, epochs: u64, path: &Path) -> Result<(), LearnError> {
    let weights = network.weights();
    let mut bytes = Vec::with_capacity(28 + 4 * weights.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&epochs.to_le_bytes());
    bytes.extend_from_slice(&(weights.len() as u64).to_le_bytes());
    for w in weights {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    checkpoint::write_sealed(path, bytes)
}

/// The network a checkpoint holds, of `start`'s layout, with the epochs done.
fn load(path: &Path, start: Network) -> Result<(Network, u64), LearnError> {
    let damaged = |reason| LearnError::Checkpoint {
        path: path.to_owned(),
        reason,
    };
    let bytes = files::read_bytes(path, MAX_CHECKPOINT_BYTES)?;
    let body = checkpoint::sealed_body(&bytes, MAGIC, 24, "is not a c4 learn fit checkpoint")
        .map_err(damaged)?;
    let epochs = u64::from_le_bytes(body[8..16].try_into().expect("eight bytes"));
    let count = u64::from_le_bytes(body[16..24].try_into().expect("eight bytes")) as usize;
    if count != start.weights().len() || body.len() != 24 + 4 * count {
        return Err(damaged("holds a network of another size"));
    }
    let weights = body[24..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().expect("four bytes")))
        .collect();
    let network = Network::with_weights(start.layout().clone(), weights)
        .ok_or_else(|| damaged("holds a network of another size"))?;
    Ok((network, epochs))
}
