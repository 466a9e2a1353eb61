//! Why an experiment cannot be found, run, or have its report rebuilt: one enum for the
//! experiments, each message naming what failed, each cause kept as its source.

use c4_arena::log::LogError;
use c4_arena::matches::MatchError;
use c4_arena::run::NotThisRun;
use c4_core::{ParseMovesError, PlayError};
use c4_dataset::DatasetError;
use c4_learn::plot::PlotError;
use c4_learn::tuning::texel::TexelError;
use c4_options::SpecError;
use c4_solver::SolveError;
use c4_solver::files::{FileError, PathError};
use std::path::{Path, PathBuf};

use super::run_info::{RUN_INFO_FILE, RunInfo};

/// Why an experiment cannot be found, run, or have its report rebuilt.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExperimentError {
    /// No experiment has the name.
    #[error("unknown experiment {name:?}; experiments: {}", known.join(", "))]
    Unknown {
        /// The name asked for (shortened).
        name: String,
        /// Every experiment's name.
        known: Vec<&'static str>,
    },
    /// The folder holds no run info.
    #[error("{} is not an experiment folder (no {RUN_INFO_FILE})", .0.display())]
    NotARun(PathBuf),
    /// The run info is not one.
    #[error("reading {}: {source}", path.display())]
    RunInfo {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// The folder holds another run.
    #[error(
        "{} holds {} with seed {}: choose another --out to run {} with seed {}",
        dir.display(),
        found.experiment,
        found.seed,
        wanted.experiment,
        wanted.seed
    )]
    OtherRun {
        /// The run folder.
        dir: PathBuf,
        /// The run it holds.
        found: Box<RunInfo>,
        /// The run asked for.
        wanted: Box<RunInfo>,
    },
    /// The folder holds the same experiment and seed, run at another size.
    #[error(
        "{} holds a run of {experiment} with other settings ({}): choose another --out, or ask \
         for the run's settings",
        dir.display(),
        differences.join("; ")
    )]
    OtherSize {
        /// The run folder.
        dir: PathBuf,
        /// The experiment.
        experiment: String,
        /// Each difference, in words.
        differences: Vec<String>,
    },
    /// The folder's games were played with another shipped network.
    #[error(
        "{} holds games of another shipped network ({recorded}), not of this c4's ({current}): choose another --out",
        dir.display()
    )]
    OtherNetwork {
        /// The run folder.
        dir: PathBuf,
        /// The network its games were played with.
        recorded: String,
        /// The network this c4 ships.
        current: String,
    },
    /// A row's games in the folder are of another run.
    #[error("{} row {row}: {source}: use another --out", path.display())]
    OtherRow {
        /// The table's games file.
        path: PathBuf,
        /// The row, from 0.
        row: usize,
        /// How its games differ.
        #[source]
        source: NotThisRun,
    },
    /// The folder holds nothing to build a report from.
    #[error("{} holds no {unit} yet", dir.display())]
    NothingYet {
        /// The run folder.
        dir: PathBuf,
        /// What it would hold.
        unit: &'static str,
    },
    /// A file cannot be written or a folder made.
    #[error(transparent)]
    Path(#[from] PathError),
    /// A plot cannot be drawn or saved.
    #[error("plotting {}: {source}", path.display())]
    Plot {
        /// The image.
        path: PathBuf,
        /// What the plotting library said.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A saved fit is not one.
    #[error("{}: {source}", path.display())]
    Fit {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// A file of the run cannot be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A games or decisions log cannot be read or opened.
    #[error(transparent)]
    Log(#[from] LogError),
    /// A match cannot be played.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A player or evaluator does not parse or build.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A named player or evaluator does not parse.
    #[error("{name}: {source}")]
    NamedSpec {
        /// What it is.
        name: String,
        /// Why.
        #[source]
        source: SpecError,
    },
    /// A position's moves are not a game.
    #[error(transparent)]
    Moves(#[from] ParseMovesError),
    /// Named moves are not a game.
    #[error("{moves}: {source}")]
    NamedMoves {
        /// The moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// A move cannot be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The solver failed on a position.
    #[error("{moves}: {source}")]
    SolveAt {
        /// The position's moves.
        moves: String,
        /// Why.
        #[source]
        source: SolveError,
    },
    /// A position to grade has no legal move.
    #[error("a position with no legal move")]
    NoLegalMove {
        /// The position's moves.
        moves: String,
    },
    /// A player chose a full column.
    #[error("{0} played a full column")]
    FullColumn(String),
    /// A labelled dataset cannot be built, written or read.
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// A Texel fit failed.
    #[error(transparent)]
    Texel(#[from] TexelError),
    /// The tuning run has no fit of Kang's evaluator.
    #[error("kang is not tuned")]
    KangNotTuned,
    /// A reference set built into c4 is missing.
    #[error("a reference set is missing")]
    MissingSet(&'static str),
    /// A value of a paper's built-in table does not parse.
    #[error("{field} {text:?}")]
    TableValue {
        /// What the value is.
        field: &'static str,
        /// The value.
        text: String,
    },
    /// A row of Ayoub's built-in results does not parse.
    #[error("ayoub row {0:?}")]
    AyoubRow(Vec<String>),
    /// A heuristic id of Ayoub's table names no heuristic.
    #[error("heuristic id out of range")]
    NoHeuristic(usize),
}

impl ExperimentError {
    /// The error of writing `path`.
    pub fn write(path: &Path) -> impl FnOnce(std::io::Error) -> ExperimentError + '_ {
        |source| PathError::new("writing", path, source).into()
    }

    /// The error of drawing or saving the plot `path`.
    pub fn plot<E: std::error::Error + Send + Sync + 'static>(
        path: &Path,
    ) -> impl FnOnce(E) -> ExperimentError + '_ {
        |source| ExperimentError::Plot {
            path: path.to_owned(),
            source: Box::new(source),
        }
    }
}

impl From<PlotError> for ExperimentError {
    fn from(error: PlotError) -> Self {
        ExperimentError::Plot {
            path: error.path,
            source: error.source,
        }
    }
}

/// Writes `contents` to the file `path`.
pub fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), ExperimentError> {
    std::fs::write(path, contents).map_err(ExperimentError::write(path))
}

/// Makes the folder `path` and those above it.
pub fn create_dir(path: &Path) -> Result<(), ExperimentError> {
    std::fs::create_dir_all(path).map_err(|source| PathError::new("creating", path, source).into())
}
