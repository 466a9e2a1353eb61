//! Why a training run cannot start, go on or finish.

use c4_eval::ntuple::{LayoutError, WeightsError};
use c4_solver::files::FileError;
use std::path::PathBuf;

/// Why a training run cannot start, go on or finish.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LearnError {
    /// A setting out of its range.
    #[error("{name} is {value}: expected {expected}")]
    Setting {
        /// The option.
        name: &'static str,
        /// Its value.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// The network's tuples cannot be laid.
    #[error("the layout: {0}")]
    Layout(#[from] LayoutError),
    /// The folder holds another run.
    #[error(
        "{} holds a run with other settings; use another --out, or the run's own settings:\n  {}",
        dir.display(),
        differences.join("\n  ")
    )]
    Changed {
        /// The run folder.
        dir: PathBuf,
        /// What differs, a line a field.
        differences: Vec<String>,
    },
    /// Another process is writing the folder.
    #[error("another c4 run is writing {}: wait for it to finish, or choose another --out", .0.display())]
    Locked(PathBuf),
    /// The folder cannot be made or locked.
    #[error("cannot lock {}: {reason}", dir.display())]
    Lock {
        /// The run folder.
        dir: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A file of the run cannot be read.
    #[error(transparent)]
    Read(#[from] FileError),
    /// The learning curve cannot be drawn.
    #[error(transparent)]
    Plot(#[from] crate::plot::PlotError),
    /// A file of the run cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The manifest is not one.
    #[error("{} is not a training run's manifest: {reason}", path.display())]
    Manifest {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The checkpoint is damaged or of another network.
    #[error("the checkpoint {} {reason}; delete it to start the run again", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A weights file cannot be read.
    #[error("{}: {source}", path.display())]
    Weights {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        source: WeightsError,
    },
    /// A line of a dataset is not a labelled position.
    #[error("{}, line {line}: {reason}", path.display())]
    DatasetLine {
        /// The dataset.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A dataset holds no training positions.
    #[error("{} holds no training positions", .0.display())]
    NoTraining(PathBuf),
}
