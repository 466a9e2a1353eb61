//! Why a training run cannot start, go on or finish.

use c4_core::Size;
use c4_eval::ntuple::{LayoutError, WeightsError};
use c4_solver::ExactScore;
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
    #[error(
        "the checkpoint {} {reason}: the run cannot go on from it; start it afresh in another --out",
        path.display()
    )]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A result file would go where no file can be written whole (a FIFO, a folder).
    #[error("{option} {} is {kind}, not a regular file", path.display())]
    OutputNotRegular {
        /// The option that names it, as typed.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// What it is, with its article.
        kind: &'static str,
    },
    /// A result file would replace a file the command reads.
    #[error("{option} {} is {input}, which the command reads: write to another file", path.display())]
    OutputIsInput {
        /// The option that names it, as typed.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// The input it is, with its option.
        input: String,
    },
    /// A result file would replace a file of a run folder, which the run reads back.
    #[error(
        "{option} {} is a file of the run in {}, which the run reads back: write to another file",
        path.display(),
        dir.display()
    )]
    OutputInRun {
        /// The option that names it, as typed.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// The run folder.
        dir: PathBuf,
    },
    /// The folder holds another kind of run.
    #[error("{} holds {kind} ({}): choose another --out", dir.display(), manifest)]
    OtherRun {
        /// The folder.
        dir: PathBuf,
        /// The other run's kind, with its article.
        kind: &'static str,
        /// Its manifest's file name.
        manifest: &'static str,
    },
    /// `--out` names something that is not a folder.
    #[error("--out {} is {kind}, not a folder: a run's files go in a folder", path.display())]
    NotAFolder {
        /// What `--out` names.
        path: PathBuf,
        /// What it is, with its article.
        kind: &'static str,
    },
    /// The shipped network cannot be had (a program built without it).
    #[error(transparent)]
    Network(#[from] c4_eval::ntuple::evaluator::NetworkError),
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
        #[source]
        reason: DatasetLineError,
    },
    /// A dataset holds no training positions.
    #[error("{} holds no training positions", .0.display())]
    NoTraining(PathBuf),
}

/// Why a line of a dataset is not a labelled position a fit can take.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatasetLineError {
    /// The file is not UTF-8 text (from this line on).
    #[error("is not UTF-8 text")]
    NotText,
    /// The line is not a sample's JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A position of another board than the dataset's first line's.
    #[error("a position of the {found} board, where the dataset's first is of the {first} board")]
    OtherBoard {
        /// The line's board.
        found: Size,
        /// The first line's board.
        first: Size,
    },
    /// Not one score a column of its board.
    #[error("{found} column scores, not {width}")]
    Columns {
        /// The scores it has.
        found: usize,
        /// The board's columns.
        width: usize,
    },
    /// Its moves are not a game of its board.
    #[error("moves {0}")]
    Moves(#[source] Box<c4_dataset::DatasetError>),
    /// Its game is over: there is no move to fit.
    #[error("moves {0:?}: the game is over")]
    GameOver(String),
    /// An open column without a score.
    #[error("column {0} is open but has no score")]
    OpenWithoutScore(usize),
    /// A full column with a score.
    #[error("column {0} is full but has a score")]
    FullWithScore(usize),
    /// A score that is not its best column's.
    #[error(
        "the score {score} is not the best column's ({})",
        best.map_or("none".to_owned(), |b| b.to_string())
    )]
    NotBest {
        /// The line's score.
        score: ExactScore,
        /// Its best column's, `None` for no column.
        best: Option<ExactScore>,
    },
}
