//! Learning from the solver: an n-tuple network fitted to positions the solver scored
//! exactly (`c4 dataset build`), by minibatch gradient steps on the network's output, on the
//! dataset's board (a network of that board).
//!
//! Each labelled position teaches its own value and, where its columns' scores are given,
//! the value of every position one move on (minus the column's score, for the side to move
//! there): the one-ply choice the network makes is between exactly those positions. A
//! position's target is its result, 1 a win, 0 a draw, -1 a loss, for the side to move;
//! with `distance` above 0 a win's target falls towards `1 - distance` the later it comes
//! (and a loss's rises likewise), so that quicker wins rank above slower ones.
//!
//! The loss is the squared error of the value `v = tanh(sum)`, or the logistic loss of
//! `(1 + v) / 2` against `(1 + target) / 2`; a step moves each weight the example selects
//! by `rate * (target - v)`, times `1 - v^2` for the squared error. The examples of a
//! minibatch are all valued with the weights before its steps.

use super::td::greedy_move;
use super::{DatasetLineError, LearnError};
use c4_core::{AnySize, Geometry, Position, Size, Standard};
use c4_dataset::{Sample, Split};
use c4_eval::SeededRng;
use c4_eval::ntuple::Network;
use c4_eval::ntuple::network::Active;
use c4_solver::ExactScore;
use c4_solver::files;
use c4_solver::hashing::mix64;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::Path;

/// A full column's score in [`Scored::columns`].
const FULL: i8 = i8::MIN;

/// The largest dataset read: tens of millions of labelled positions.
const MAX_DATASET_BYTES: u64 = 16 << 30;

/// A labelled position, compact: its exact score and each column's, for the side to move,
/// on the board of `G` (7x6's by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored<G: Geometry = Standard> {
    /// The position, in play.
    pub position: Position<G>,
    /// Its exact score.
    pub score: i8,
    /// Each column's exact score once played, from the mover's view, for the board's
    /// columns; `i8::MIN` for a full column (and past the board's width).
    pub columns: [i8; Size::MAX_WIDTH],
}

/// A dataset read for fitting: its board, its training and validation positions, and the
/// CRC-32 of its bytes (which a resumed run checks). Read from a file, its positions carry
/// their board at run time ([`AnySize`]); [`Examples::on`] puts them on a board's geometry.
#[derive(Clone, Debug)]
pub struct Examples<G: Geometry = AnySize> {
    /// The board of every position.
    pub size: Size,
    /// The positions fitted on.
    pub train: Vec<Scored<G>>,
    /// The positions held out, to measure on.
    pub valid: Vec<Scored<G>>,
    /// The CRC-32 of the file.
    pub checksum: u32,
}

impl Examples<AnySize> {
    /// The same examples on `geometry`, the geometry of their board (7x6's compiled one,
    /// for speed, where it is 7x6).
    ///
    /// # Panics
    /// If `geometry` is not of the examples' board.
    #[must_use]
    pub fn on<G: Geometry>(self, geometry: G) -> Examples<G> {
        assert_eq!(
            geometry.size(),
            self.size,
            "examples moved to another board"
        );
        let move_all = |scored: Vec<Scored<AnySize>>| -> Vec<Scored<G>> {
            scored
                .into_iter()
                .map(|s| Scored {
                    position: s.position.to_geometry(geometry).expect("the same board"),
                    score: s.score,
                    columns: s.columns,
                })
                .collect()
        };
        Examples {
            size: self.size,
            train: move_all(self.train),
            valid: move_all(self.valid),
            checksum: self.checksum,
        }
    }

    /// The examples less those whose position, or its mirror image, `held` holds, and how
    /// many were left out. The order of those kept is theirs.
    #[must_use]
    pub fn without(self, held: &HashSet<u64>) -> (Examples, usize) {
        let before = self.train.len() + self.valid.len();
        let keep = |scored: Vec<Scored<AnySize>>| -> Vec<Scored<AnySize>> {
            scored
                .into_iter()
                .filter(|s| !held.contains(&s.position.canonical_key()))
                .collect()
        };
        let kept = Examples {
            size: self.size,
            train: keep(self.train),
            valid: keep(self.valid),
            checksum: self.checksum,
        };
        let left_out = before - kept.train.len() - kept.valid.len();
        (kept, left_out)
    }
}

/// Reads a dataset (`c4 dataset build --out FILE`, of any board), checking every line: a
/// JSON sample on the board of the first, whose moves are a position in play, a score for
/// each column that is not full and none for a full one, and a score that is the best
/// column's. A bad line is refused with its number.
pub fn read_examples(path: &Path) -> Result<Examples, LearnError> {
    let mut examples = Examples {
        size: Size::STANDARD,
        train: Vec::new(),
        valid: Vec::new(),
        checksum: 0,
    };
    let (size, checksum) = read_lines(path, |sample, scored| match sample.split {
        Split::Train => examples.train.push(scored),
        Split::Valid => examples.valid.push(scored),
    })?;
    if examples.train.is_empty() {
        return Err(LearnError::NoTraining(path.to_owned()));
    }
    examples.size = size;
    examples.checksum = checksum;
    Ok(examples)
}

/// The positions of a dataset, as [`read_examples`] reads and checks it, training and
/// validation alike: what a fit told to leave a dataset's positions out leaves out.
#[derive(Clone, Debug)]
pub struct HeldOut {
    /// The board of every position.
    pub size: Size,
    /// The mirror-canonical key of each position.
    pub keys: HashSet<u64>,
    /// The CRC-32 of the file.
    pub checksum: u32,
}

/// Reads the positions of the dataset at `path` to leave out of a fit.
pub fn read_held_out(path: &Path) -> Result<HeldOut, LearnError> {
    let mut keys = HashSet::new();
    let (size, checksum) = read_lines(path, |_, scored| {
        keys.insert(scored.position.canonical_key());
    })?;
    Ok(HeldOut {
        size,
        keys,
        checksum,
    })
}

/// Reads and checks every line of the dataset at `path` (see [`read_examples`]), handing
/// each to `each`; returns the dataset's board (7x6 for an empty file) and the CRC-32 of
/// its bytes.
fn read_lines(
    path: &Path,
    mut each: impl FnMut(&Sample, Scored<AnySize>),
) -> Result<(Size, u32), LearnError> {
    let bytes = files::read_bytes(path, MAX_DATASET_BYTES)?;
    let checksum = crc32fast::hash(&bytes);
    let text = std::str::from_utf8(&bytes).map_err(|e| LearnError::DatasetLine {
        path: path.to_owned(),
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
        reason: DatasetLineError::NotText,
    })?;
    let mut board: Option<Size> = None;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: DatasetLineError| LearnError::DatasetLine {
            path: path.to_owned(),
            line: index + 1,
            reason,
        };
        let sample: Sample = serde_json::from_str(line).map_err(|e| bad(e.into()))?;
        let size = *board.get_or_insert(sample.size());
        if sample.size() != size {
            return Err(bad(DatasetLineError::OtherBoard {
                found: sample.size(),
                first: size,
            }));
        }
        let scored = check_sample(&sample).map_err(bad)?;
        each(&sample, scored);
    }
    Ok((board.unwrap_or(Size::STANDARD), checksum))
}

/// The compact form of `sample`, or what is wrong with it.
fn check_sample(sample: &Sample) -> Result<Scored<AnySize>, DatasetLineError> {
    let size = sample.size();
    if sample.columns.len() != size.width() {
        return Err(DatasetLineError::Columns {
            found: sample.columns.len(),
            width: size.width(),
        });
    }
    let position = sample
        .position_in(AnySize::new(size))
        .map_err(|e| DatasetLineError::Moves(Box::new(e)))?;
    if position.is_over() {
        return Err(DatasetLineError::GameOver(sample.moves.clone()));
    }
    let mut columns = [FULL; Size::MAX_WIDTH];
    for (column, &score) in size.columns().zip(&sample.columns) {
        match (position.can_play(column), score) {
            (true, Some(score)) => columns[column.index()] = score.value() as i8,
            (false, None) => {}
            (true, None) => return Err(DatasetLineError::OpenWithoutScore(column.index() + 1)),
            (false, Some(_)) => return Err(DatasetLineError::FullWithScore(column.index() + 1)),
        }
    }
    let best = sample.columns.iter().flatten().copied().max();
    if best != Some(sample.score) {
        return Err(DatasetLineError::NotBest {
            score: sample.score,
            best,
        });
    }
    Ok(Scored {
        position,
        score: sample.score.value() as i8,
        columns,
    })
}

/// How the network's output is scored against a target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loss {
    /// The logistic loss of `(1 + v) / 2`: a step of `rate * (target - v)`.
    #[default]
    Logistic,
    /// The squared error of `v`: a step of `rate * (target - v) * (1 - v^2)`.
    Squared,
}

impl Loss {
    /// The loss of a name: `logistic` or `squared`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Loss> {
        match name {
            "logistic" => Some(Loss::Logistic),
            "squared" => Some(Loss::Squared),
            _ => None,
        }
    }
}

/// How a network is fitted, apart from its step size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Labelled positions a minibatch (each with the positions one move on).
    pub batch: usize,
    /// The loss.
    pub loss: Loss,
    /// How much of a win's target its distance takes away, 0 to 1 (0: win, draw, loss).
    pub distance: f32,
    /// Whether the positions one move on are fitted too.
    pub children: bool,
}

/// The target of an exact score: its result, less `distance` times how late a win or loss
/// comes.
#[must_use]
pub fn target(score: i32, distance: f32) -> f32 {
    if score == 0 {
        return 0.0;
    }
    let soon = score.unsigned_abs() as f32 / ExactScore::MAX.value() as f32;
    (1.0 - distance + distance * soon).copysign(score as f32)
}

/// Calls `f` with each position `scored` teaches and its target: the position itself and,
/// with `children`, each position one move on that is still in play.
fn for_each_example<G: Geometry>(
    scored: &Scored<G>,
    config: &FitConfig,
    mut f: impl FnMut(&Position<G>, f32),
) {
    f(
        &scored.position,
        target(i32::from(scored.score), config.distance),
    );
    if !config.children {
        return;
    }
    let size = scored.position.size();
    for column in size.columns() {
        let score = scored.columns[column.index()];
        if score == FULL || scored.position.is_winning_move(column) {
            continue;
        }
        let mut next = scored.position;
        next.play_unchecked(column);
        if next.moves_played() as usize == size.cells() {
            continue;
        }
        f(&next, target(-i32::from(score), config.distance));
    }
}

/// The order of epoch `epoch`'s positions: a shuffle of `0..len` drawn from the seed and the
/// epoch's number alone, so that a resumed run fits them in the order a whole one would.
#[must_use]
pub fn epoch_order(len: usize, seed: u64, epoch: u64) -> Vec<u32> {
    let mut rng = SeededRng::seed_from_u64(mix64(seed ^ mix64(epoch ^ 0xF17)));
    let mut order: Vec<u32> = (0..len as u32).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    order
}

/// A network being fitted, with its scratch buffers.
#[derive(Debug)]
pub struct Fitter {
    network: Network,
    config: FitConfig,
    active: Active,
    /// The minibatch's selected weights, `2 * tuples` an example, and each example's step.
    batch_active: Vec<usize>,
    batch_steps: Vec<f32>,
}

impl Fitter {
    /// A fitter of `network` by `config`.
    #[must_use]
    pub fn new(network: Network, config: FitConfig) -> Fitter {
        Fitter {
            network,
            config,
            active: Active::new(),
            batch_active: Vec::new(),
            batch_steps: Vec::new(),
        }
    }

    /// The network as fitted so far.
    #[must_use]
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The network, to keep.
    #[must_use]
    pub fn into_network(self) -> Network {
        self.network
    }

    /// One pass over `train` in `order`, stepping by `rate`; the mean squared error of the
    /// examples as they were valued before their minibatch's steps.
    pub fn epoch<G: Geometry>(&mut self, train: &[Scored<G>], order: &[u32], rate: f32) -> f64 {
        let (mut squares, mut count) = (0.0f64, 0u64);
        for chunk in order.chunks(self.config.batch.max(1)) {
            self.batch_active.clear();
            self.batch_steps.clear();
            for &index in chunk {
                let config = self.config;
                for_each_example(&train[index as usize], &config, |position, goal| {
                    self.network.active(position, &mut self.active);
                    let weights = self.network.weights();
                    let value = self.active.iter().map(|&i| weights[i]).sum::<f32>().tanh();
                    let error = goal - value;
                    squares += f64::from(error * error);
                    count += 1;
                    let step = match config.loss {
                        Loss::Logistic => rate * error,
                        Loss::Squared => rate * error * (1.0 - value * value),
                    };
                    self.batch_active.extend_from_slice(&self.active);
                    self.batch_steps.push(step);
                });
            }
            let weights = self.network.weights_mut();
            let stride = self.active.len();
            for (indices, &step) in self
                .batch_active
                .chunks_exact(stride)
                .zip(&self.batch_steps)
            {
                for &i in indices {
                    weights[i] += step;
                }
            }
        }
        squares / count.max(1) as f64
    }
}

/// How well a network fits positions: the mean squared error of its value of the
/// positions themselves (not the ones a move on), and the share of them where its one-ply
/// choice is a mistake (a move of a worse result than the best), in percent.
#[must_use]
pub fn measure<G: Geometry>(
    network: &Network,
    positions: &[Scored<G>],
    distance: f32,
) -> (f64, f64) {
    if positions.is_empty() {
        return (0.0, 0.0);
    }
    let (mut squares, mut mistakes) = (0.0f64, 0usize);
    for scored in positions {
        let error = target(i32::from(scored.score), distance) - network.value(&scored.position);
        squares += f64::from(error * error);
        let chosen = scored.columns[greedy_move(network, &scored.position).index()];
        if chosen == FULL || chosen.signum() < scored.score.signum() {
            mistakes += 1;
        }
    }
    let n = positions.len() as f64;
    (squares / n, 100.0 * mistakes as f64 / n)
}
