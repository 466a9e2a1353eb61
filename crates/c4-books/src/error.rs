//! What can be wrong with a book file: where ([`Place`]), with one entry ([`EntryError`]),
//! and with the file as a whole ([`BookError`]).

use crate::{max_depth, verify};
use c4_core::Size;
use c4_solver::ExactScore;
use c4_solver::files::FileError;
use std::fmt;
use std::path::PathBuf;

/// Where in a book file a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A line of a text book, 1-based.
    Line(usize),
    /// An entry of a binary book, 0-based.
    Entry(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::Entry(n) => write!(f, "entry {n}"),
        }
    }
}

/// What is wrong with one entry of a book.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// A text line that is not `MOVES SCORE`.
    #[error("expected MOVES SCORE, found {0:?}")]
    Layout(String),
    /// Moves that cannot be played.
    #[error("{0}")]
    Moves(String),
    /// A binary key that is no position.
    #[error("key {0:#x} is not a position")]
    Key(u64),
    /// A finished game.
    #[error("{0:?} is not a position of the book (the game is over)")]
    GameOver(String),
    /// Deeper than the book's depth.
    #[error("{moves:?} has {ply} discs, more than the book's depth {depth}")]
    TooDeep {
        /// The entry's moves.
        moves: String,
        /// Its discs.
        ply: u32,
        /// The book's depth.
        depth: u32,
    },
    /// Not a score of the board.
    #[error(transparent)]
    NotAScore(#[from] c4_solver::ScoreError),
    /// A number that is no score of the book's board (other than 7x6).
    #[error(
        "{value} is outside {min}..={max}, the exact scores of the {size} board",
        max = ExactScore::max_in(size.cells()),
        min = -ExactScore::max_in(size.cells())
    )]
    NotAScoreOf {
        /// The number.
        value: i8,
        /// The book's board.
        size: Size,
    },
    /// A score no position of its ply can have.
    #[error("{moves:?} scores {score}, outside {min}..{max}, the scores possible with {ply} discs")]
    OutOfRange {
        /// The entry's moves.
        moves: String,
        /// Its score.
        score: ExactScore,
        /// Its discs.
        ply: u32,
        /// The lowest score possible with that many discs.
        min: ExactScore,
        /// The highest.
        max: ExactScore,
    },
    /// The position (or its mirror) is listed again with another score.
    #[error(
        "{moves:?} scores {score}, but {first} gave {first_score} to it or to its mirror image"
    )]
    Conflict {
        /// The entry's moves.
        moves: String,
        /// Its score.
        score: ExactScore,
        /// Where the position (or its mirror) was listed first.
        first: Place,
        /// The score given there.
        first_score: ExactScore,
    },
    /// Binary keys out of order.
    #[error("keys are not in ascending order")]
    Unsorted,
    /// A checked line (see [`crate::text::checked_line`]) whose check does not match what it says.
    #[error(
        "its check {found:?} does not match its moves and score: the line was edited or damaged"
    )]
    Check {
        /// The check the line carries.
        found: String,
    },
}

/// Why a book could not be read.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read: missing, not a regular file, larger than any book.
    #[error("cannot read the book {}: {}", .0.path().display(), .0.problem())]
    File(FileError),
    /// Nothing in it.
    #[error("the book is empty")]
    Empty,
    /// Neither format's header. What the file does start with is not said: a book is a
    /// file a user names, and no error shows a named file's contents.
    #[error(
        "not a c4 book: it starts with neither a binary book's `C4BOOK` nor a text book's \
         `c4-book` header"
    )]
    NotABook,
    /// A format version this program does not read.
    #[error("book format version {found}: this c4 reads version {expected}")]
    Version {
        /// The file's version.
        found: u32,
        /// The version this program reads.
        expected: u32,
    },
    /// A binary book whose header names a board c4 has no size for.
    #[error("the book's header names a {width}x{height} board, which is no size c4 plays")]
    BoardSize {
        /// The file's board width.
        width: u8,
        /// The file's board height.
        height: u8,
    },
    /// A book of one size read for a board of another.
    #[error("the book is for the {book} board, not {wanted}")]
    OtherSize {
        /// The book's size.
        book: Size,
        /// The size it was read for.
        wanted: Size,
    },
    /// A header whose depth is impossible on its board.
    #[error(
        "book depth {depth} is over the maximum of {max} on the {size} board",
        max = max_depth(*size)
    )]
    Depth {
        /// The header's depth.
        depth: u32,
        /// The book's size.
        size: Size,
    },
    /// A binary book shorter than its header.
    #[error("the book is cut short inside its header")]
    HeaderCut,
    /// A binary book whose length disagrees with its header.
    #[error(
        "the book is cut short or padded: its header announces {announced} entries, the file holds {found}"
    )]
    Length {
        /// Entries the header announces.
        announced: u64,
        /// Entries the file holds.
        found: u64,
    },
    /// A binary book whose entries do not match the checksum.
    #[error(
        "the checksum does not match (stored {stored:08x}, computed {computed:08x}): the book is damaged"
    )]
    Checksum {
        /// The checksum the file stores.
        stored: u32,
        /// The checksum of its entries.
        computed: u32,
    },
    /// One entry is wrong.
    #[error("{place}: {error}")]
    Entry {
        /// Where the entry is.
        place: Place,
        /// What is wrong with it.
        error: EntryError,
    },
    /// The entries do not hold together, or one is not what the solver finds; for a text
    /// book, the line of the entry named.
    #[error("{}{error}", place.map(|p| format!("{p}: ")).unwrap_or_default())]
    Check {
        /// The line of the entry named, in a text book.
        place: Option<Place>,
        /// What the check found.
        error: verify::BookCheckError,
    },
    /// The same, in the file at `path`.
    #[error("invalid book {path}: {error}")]
    InFile {
        /// The book file.
        path: PathBuf,
        /// What is wrong with it.
        error: Box<BookError>,
    },
}
