//! Why a dataset cannot be built, written or read: one enum for the module, each message
//! naming what to fix.

use c4_arena::log::LogError;
use c4_core::{ParseMovesError, PlayError, Size};
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
    /// Game `game` of a share labelled elsewhere could not be labelled.
    #[error("game {game}: {source}")]
    Game {
        /// The game's index in the build.
        game: u64,
        /// Why.
        #[source]
        source: Box<DatasetError>,
    },
    /// A recorded game handed in as moves is not a game of the build's board.
    #[error("a recorded game {moves}: {source}")]
    RecordedGame {
        /// Its moves, cut to 80 characters.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// Recorded games handed in beside game indices, not one per index.
    #[error("{recorded} recorded games for {games} game indices")]
    RecordedCount {
        /// The recorded games given.
        recorded: usize,
        /// The game indices given.
        games: usize,
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
        /// The column chosen, from 1.
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
    #[error("{} exists: choose another --out", .0.display())]
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
    /// A sample of a dataset is not a position of its board, or has not a score for each
    /// of its columns.
    #[error("{name}: line {line}: {source}")]
    LineSample {
        /// Where the dataset came from.
        name: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        #[source]
        source: SampleError,
    },
    /// A dataset holds samples of two boards.
    #[error(
        "{name}: line {line} is a position of the {size} board, the lines before it of the \
         {first} board: a dataset is of one board"
    )]
    MixedBoards {
        /// Where the dataset came from.
        name: String,
        /// The line, from 1.
        line: usize,
        /// Its board.
        size: Size,
        /// The board of the first line.
        first: Size,
    },
    /// A sample is read on another board than its own.
    #[error("{moves}: a position of the {size} board, read as one of the {asked} board")]
    SampleSize {
        /// The sample's moves.
        moves: String,
        /// Its board.
        size: Size,
        /// The board it was read on.
        asked: Size,
    },
    /// A dataset of another board than 7x6 given to a reader of 7x6 positions only.
    #[error(
        "the dataset is of the {size} board: {consumer} reads datasets of the {} board only",
        Size::STANDARD
    )]
    NotStandard {
        /// The dataset's board.
        size: Size,
        /// What refused it.
        consumer: &'static str,
    },
    /// A dataset to leave out is of another board than the build's.
    #[error(
        "--exclude {}: positions of the {found} board; this build's are of the {asked} board",
        path.display()
    )]
    ExcludeSize {
        /// The dataset to leave out.
        path: PathBuf,
        /// Its board.
        found: Size,
        /// The board of this build.
        asked: Size,
    },
    /// The work log being resumed is of a build on another board.
    #[error(
        "{}: the work log of a build on the {found} board, not {asked}: resume it with \
         --size {found}, or start afresh with another --out",
        path.display()
    )]
    WorkSize {
        /// The work log.
        path: PathBuf,
        /// Its board.
        found: Size,
        /// The board of this build.
        asked: Size,
    },
    /// A games file holds games of two boards.
    #[error(
        "{}: game {game} is of the {other} board, the first of the {size} board: a dataset \
         takes one board's games",
        file.display()
    )]
    RecordedMixed {
        /// The games file.
        file: PathBuf,
        /// The first game's board.
        size: Size,
        /// The other board.
        other: Size,
        /// The game of the other board.
        game: u64,
    },
    /// A games file's board is not the build's.
    #[error("{}: its games are of the {found} board, not {asked}", file.display())]
    RecordedSize {
        /// The games file.
        file: PathBuf,
        /// Its games' board.
        found: Size,
        /// The build's board.
        asked: Size,
    },
    /// A game is labelled by a solver of another board than the build's.
    #[error("the build is on the {size} board, its solver on the {solver} board")]
    SolverSize {
        /// The build's board.
        size: Size,
        /// The solver's board.
        solver: Size,
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

/// Why a line of a dataset is not a position of its board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// Its moves are not a game of its board.
    #[error("{moves}: {source}")]
    Moves {
        /// The moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// It has not one score a column of its board.
    #[error("{moves}: {found} column scores on the {size} board, {} wide", size.width())]
    Columns {
        /// The moves.
        moves: String,
        /// The column scores it has.
        found: usize,
        /// Its board.
        size: Size,
    },
}
