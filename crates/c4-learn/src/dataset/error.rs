//! Why a dataset cannot be built, written or read: one enum for the module, each message
//! naming what to fix.

use c4_arena::log::LogError;
use c4_core::{ParseMovesError, PlayError};
use c4_options::SpecError;
use c4_solver::SolveError;
use c4_solver::files::FileError;
use std::path::PathBuf;

/// Why a dataset cannot be built, written or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatasetError {
    /// A sample's moves are not a game.
    #[error("{moves}: {source}")]
    SampleMoves {
        /// The sample's moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// A recorded game's moves are not a game.
    #[error("{}: {source}", file.display())]
    RecordedMoves {
        /// The games file.
        file: PathBuf,
        /// What is wrong with the moves.
        #[source]
        source: ParseMovesError,
    },
    /// The games file holds no game.
    #[error("{} holds no games", .0.display())]
    NoGames(PathBuf),
    /// A spec of the players of generated games does not parse, or names a file that is
    /// not there.
    #[error("player {spec}: {source}")]
    PlayerSpec {
        /// The spec.
        spec: String,
        /// Why.
        #[source]
        source: SpecError,
    },
    /// A player cannot be built.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A player chose a move that cannot be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The solver failed on a position.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A position to label has no legal move.
    #[error("no legal move")]
    NoLegalMove,
    /// A graded player chose a column the sample marks full: the dataset does not belong
    /// to its positions.
    #[error("{moves}: the player chose column {column}, which the dataset marks full")]
    FullColumn {
        /// The sample's moves.
        moves: String,
        /// The column chosen, 1-7.
        column: usize,
    },
    /// A reference set is not among those c4 holds.
    #[error("no reference set {0}")]
    MissingSet(&'static str),
    /// Generated games with no players to draw from.
    #[error("no players for the generated games")]
    NoPlayers,
    /// The build asks for no positions.
    #[error("--positions and the positions per game must be at least 1")]
    NoPositions,
    /// A game's work holds a sample of another game.
    #[error("game {game}: a sample of game {sample_game} in its work")]
    ForeignSample {
        /// The game.
        game: u64,
        /// The game its sample names.
        sample_game: u64,
    },
    /// Recorded games give too few usable positions.
    #[error("the games give only {usable} usable positions of the {asked} asked for")]
    TooFewPositions {
        /// Usable positions found.
        usable: usize,
        /// Positions asked for.
        asked: usize,
    },
    /// `--out` holds a finished dataset.
    #[error("{} exists: remove it or choose another --out", .0.display())]
    Exists(PathBuf),
    /// A dataset or its work log cannot be written.
    #[error("writing {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A line of a dataset is not a sample.
    #[error("{name}: line {line}: {source}")]
    Line {
        /// Where the dataset came from.
        name: String,
        /// The line, from 1.
        line: usize,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// A sample of a dataset is not a position.
    #[error("{name}: line {line}: {moves}: {source}")]
    LineMoves {
        /// Where the dataset came from.
        name: String,
        /// The line, from 1.
        line: usize,
        /// The sample's moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// A dataset holds no positions.
    #[error("{0} holds no positions")]
    Empty(String),
    /// A work log or a games file cannot be read or opened.
    #[error(transparent)]
    Log(#[from] LogError),
    /// A dataset cannot be read.
    #[error(transparent)]
    File(#[from] FileError),
}
