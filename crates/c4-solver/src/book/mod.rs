//! An opening book: exact scores of the positions up to a depth, so the solver answers
//! them at once instead of searching.
//!
//! A position and its mirror image score the same, so the book keeps one of the two: the
//! one with the smaller key. Books come in two formats that hold the same facts:
//!
//! - binary ([`binary`]): a header, then the canonical keys in ascending order with one
//!   score each, 8 bytes an entry, checked by a CRC-32. The built-in book is one, embedded
//!   in the program ([`OpeningBook::builtin`]);
//! - text ([`text`]): a header line `c4-book 1 depth=D`, then one `MOVES SCORE` line per
//!   position (the layout of the scored position sets, so `c4 solve` can check a book line by
//!   line). For reading by people and for the progress file of a build.
//!
//! Books are built by `c4 book build` ([`build`]): the deepest ply is solved, every shallower
//! one derived from it.

pub mod binary;
pub mod build;
mod scores;
pub mod text;
pub mod verify;

use super::{ExactScore, move_score};
use crate::files::{self, FileError};
use c4_core::{CELLS, Column, Game, Position, WIDTH, format_moves};
use scores::Scores;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The deepest ply a book may cover.
pub const MAX_BOOK_DEPTH: u32 = CELLS as u32 - 1;

/// The largest book file read: far above any book of this board (every position to ply 12
/// is about 4 million entries, 32 MB in binary), and a bound against reading a device.
pub const MAX_BOOK_BYTES: u64 = 1 << 32;

/// The built-in book, a binary book file built by `c4 book build` (see crates/c4-solver/data/books/README.md).
static BUILTIN: &[u8] = include_bytes!("../../data/books/builtin.c4book");

/// The lowest and highest exact score of a position with `moves_played` discs that is not
/// over: the side to move can at best connect four with its next disc, and at worst lose to
/// the other's next disc (within the scores of the board).
#[must_use]
pub fn score_bounds(moves_played: u32) -> (ExactScore, ExactScore) {
    let empty = CELLS as i32 - moves_played as i32;
    let within = |value: i32| {
        ExactScore::from_search(value.clamp(ExactScore::MIN.value(), ExactScore::MAX.value()))
    };
    (within(-empty / 2), within((empty + 1) / 2))
}

/// Exact scores by mirror-canonical key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningBook {
    depth: u32,
    scores: Scores,
}

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
    NotAScore(#[from] crate::ScoreError),
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
    /// A checked line (see [`text::checked_line`]) whose check does not match what it says.
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
    /// A binary book for another board.
    #[error(
        "the book is for a {width}x{height} board, not {}x{}",
        c4_core::WIDTH,
        c4_core::HEIGHT
    )]
    BoardSize {
        /// The file's board width.
        width: u8,
        /// The file's board height.
        height: u8,
    },
    /// A header whose depth is impossible.
    #[error("book depth {0} is over the maximum of {MAX_BOOK_DEPTH}")]
    Depth(u32),
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

impl OpeningBook {
    /// An empty book for positions of up to `depth` discs.
    #[must_use]
    pub fn new(depth: u32) -> OpeningBook {
        OpeningBook {
            depth: depth.min(MAX_BOOK_DEPTH),
            scores: Scores::default(),
        }
    }

    /// The book built into c4: every position of the first plies, read from the program's
    /// own data on first use, its header, checksum and key order checked (a few
    /// milliseconds for plies 0-9; commands that use no book never pay it). Its entries
    /// pass every check of a book file in the test suite, and the checksum shows these are
    /// the bytes tested.
    #[must_use]
    pub fn builtin() -> Arc<OpeningBook> {
        static BOOK: OnceLock<Arc<OpeningBook>> = OnceLock::new();
        Arc::clone(BOOK.get_or_init(|| {
            Arc::new(
                binary::decode(BUILTIN, binary::Checks::Checksum)
                    .unwrap_or_else(|e| panic!("the built-in book is damaged: {e}")),
            )
        }))
    }

    /// The deepest ply the book covers.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Positions stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether nothing is stored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scores.len() == 0
    }

    /// The exact score of `position` (or its mirror), if stored.
    #[inline]
    #[must_use]
    pub fn get(&self, position: &Position) -> Option<ExactScore> {
        if position.moves_played() > self.depth {
            return None;
        }
        self.scores.get(position.canonical_key())
    }

    /// The exact score of each move of `position` (not over) when the book scores them all
    /// (`None` for a full column): a four at once, the last cell, or minus the score of the
    /// position after the move, from the book or, for a position whose side to move wins at
    /// once (the book leaves those out), its win; else the first column whose score is
    /// unknown.
    pub fn move_scores(&self, position: &Position) -> Result<[Option<ExactScore>; WIDTH], Column> {
        let mut scores = [None; WIDTH];
        for column in Column::ALL.into_iter().filter(|c| position.can_play(*c)) {
            let score = move_score(position, column, |child| {
                self.get(child)
                    .or_else(|| child.can_win_next().then(|| ExactScore::win_now(child)))
                    .ok_or(column)
            })?;
            scores[column.index()] = Some(score);
        }
        Ok(scores)
    }

    /// The exact score of `position` (not over) by negamax over its moves' scores in the book,
    /// or the first column whose score the book does not give.
    pub fn derived_score(&self, position: &Position) -> Result<ExactScore, Column> {
        let scores = self.move_scores(position)?;
        Ok(scores
            .into_iter()
            .flatten()
            .max()
            .expect("a position that is not over has a legal move"))
    }

    /// Stores the exact score of `position` (and so of its mirror), which must lie within
    /// [`score_bounds`].
    pub fn insert(&mut self, position: &Position, score: ExactScore) {
        let (min, max) = score_bounds(position.moves_played());
        assert!(
            (min..=max).contains(&score),
            "score {score} is impossible with {} discs",
            position.moves_played()
        );
        self.scores.insert(position.canonical_key(), score);
    }

    /// Checks an entry read from a text file and stores it; `seen` remembers where each key
    /// came from, to name both places of a conflict.
    fn insert_checked(
        &mut self,
        position: &Position,
        score: ExactScore,
        place: Place,
        seen: &mut HashMap<u64, Place>,
    ) -> Result<(), BookError> {
        self.check_entry(position, score, place)?;
        let key = position.canonical_key();
        if let Some(first_score) = self.scores.get(key)
            && first_score != score
        {
            return Err(BookError::Entry {
                place,
                error: EntryError::Conflict {
                    moves: moves_of(position),
                    score,
                    first: seen.get(&key).copied().unwrap_or(place),
                    first_score,
                },
            });
        }
        seen.entry(key).or_insert(place);
        self.scores.insert(key, score);
        Ok(())
    }

    /// Whether an entry read from a file can be one of this book: a position not over,
    /// within the book's depth, with a score its ply allows.
    fn check_entry(
        &self,
        position: &Position,
        score: ExactScore,
        place: Place,
    ) -> Result<(), BookError> {
        let fail = |error| Err(BookError::Entry { place, error });
        let ply = position.moves_played();
        let moves = || moves_of(position);
        if position.is_over() {
            return fail(EntryError::GameOver(moves()));
        }
        if ply > self.depth {
            return fail(EntryError::TooDeep {
                moves: moves(),
                ply,
                depth: self.depth,
            });
        }
        let (min, max) = score_bounds(ply);
        if !(min..=max).contains(&score) {
            return fail(EntryError::OutOfRange {
                moves: moves(),
                score,
                ply,
                min,
                max,
            });
        }
        Ok(())
    }

    /// The entries by ascending canonical key.
    #[must_use]
    pub fn sorted_entries(&self) -> Vec<(u64, ExactScore)> {
        self.scores.ascending()
    }

    /// Reads the book file at `path`, binary or text (told apart by the first bytes).
    /// Only a regular file of at most [`MAX_BOOK_BYTES`] is read.
    /// The entries are checked together as well ([`OpeningBook::check_on_load`]): a score
    /// edited by hand, or a file cut at a line boundary, is refused naming the position.
    pub fn open(path: &Path) -> Result<OpeningBook, BookError> {
        let bytes = files::read_bytes(path, MAX_BOOK_BYTES).map_err(BookError::File)?;
        let in_file = |error| BookError::InFile {
            path: path.to_owned(),
            error: Box::new(error),
        };
        let book = OpeningBook::from_bytes(&bytes).map_err(in_file)?;
        book.check_on_load().map_err(|error| {
            let place = error.position().and_then(|p| text::line_of(&bytes, &p));
            in_file(BookError::Check { place, error })
        })?;
        Ok(book)
    }

    /// Reads a book from the bytes of a file, binary or text.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        if bytes.starts_with(binary::MAGIC) {
            binary::decode(bytes, binary::Checks::Entries)
        } else {
            text::read(bytes)
        }
    }
}

/// Which book a solver uses: the built-in one (the default wherever exact answers are
/// wanted), none, or a file. Spelled `builtin`, `none` or a path.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BookChoice {
    /// [`OpeningBook::builtin`].
    #[default]
    Builtin,
    /// No book: every position searched.
    None,
    /// A book file, binary or text.
    File(PathBuf),
}

impl BookChoice {
    /// The book chosen, read once per path and process (players are built per game).
    pub fn load(&self) -> Result<Option<Arc<OpeningBook>>, BookError> {
        static FILES: std::sync::Mutex<Vec<(PathBuf, Arc<OpeningBook>)>> =
            std::sync::Mutex::new(Vec::new());
        match self {
            BookChoice::Builtin => Ok(Some(OpeningBook::builtin())),
            BookChoice::None => Ok(None),
            BookChoice::File(path) => {
                let mut files = FILES
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some((_, book)) = files.iter().find(|(p, _)| p == path) {
                    return Ok(Some(Arc::clone(book)));
                }
                let book = Arc::new(OpeningBook::open(path)?);
                files.push((path.clone(), Arc::clone(&book)));
                Ok(Some(book))
            }
        }
    }
}

impl std::str::FromStr for BookChoice {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<BookChoice, Self::Err> {
        Ok(match text {
            "builtin" => BookChoice::Builtin,
            "none" => BookChoice::None,
            path => BookChoice::File(PathBuf::from(path)),
        })
    }
}

impl fmt::Display for BookChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookChoice::Builtin => f.write_str("builtin"),
            BookChoice::None => f.write_str("none"),
            BookChoice::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The digits of a game leading to `position` (for messages and text books).
#[must_use]
pub fn moves_of(position: &Position) -> String {
    Game::leading_to(position).map_or_else(
        || format!("key {:#x}", position.key()),
        |game| game.move_string(),
    )
}

/// The positions a book of `depth` plies from `root` holds, grouped by ply, deepest first:
/// every position reachable from `root` with at most `depth` discs that is not over and
/// where the side to move cannot win at once (the solver answers those instantly; the
/// positions after such a win was missed are included), one of each mirror pair, each with
/// its move string. Within a ply, positions are in the order of
/// their move strings, so neighbours share most of their subtrees.
#[must_use]
pub fn positions_by_ply(root: &Game, depth: u32) -> Vec<Vec<(String, Position)>> {
    let start = root.position().moves_played();
    let depth = depth.min(MAX_BOOK_DEPTH);
    let mut levels: Vec<Vec<(String, Position)>> = Vec::new();
    let mut frontier: Vec<(Vec<Column>, Position)> =
        vec![(root.moves().to_vec(), *root.position())];
    let mut seen = HashSet::new();
    for _ply in start..=depth {
        let mut level = Vec::new();
        let mut next = Vec::new();
        for (moves, position) in frontier {
            if position.is_over() || !seen.insert(position.canonical_key()) {
                continue;
            }
            // A position whose side to move wins at once is not stored, but the positions
            // after a missed win are: they happen (random play, people).
            let stored = !position.can_win_next();
            for column in Column::ALL {
                if position.can_play(column) {
                    let mut child = position;
                    child.play_unchecked(column);
                    let mut child_moves = moves.clone();
                    child_moves.push(column);
                    next.push((child_moves, child));
                }
            }
            if stored {
                level.push((
                    format_moves(&moves, c4_core::MoveAlphabet::Digits),
                    position,
                ));
            }
        }
        levels.push(level);
        frontier = next;
    }
    levels.reverse();
    levels
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use c4_core::parse_moves;

    #[test]
    fn score_bounds_hold_the_extremes_of_each_ply() {
        let values = |ply| {
            let (min, max) = score_bounds(ply);
            (min.value(), max.value())
        };
        // From the empty board a player needs 4 discs: within the board's scores.
        assert_eq!(values(0), (-18, 18));
        assert_eq!(values(15), (-13, 14));
        assert_eq!(values(41), (0, 1));
        let mut solver = Solver::new(20);
        let position = parse_moves("52753311433677442422121").unwrap();
        let (score, _) = solver.solve(&position).unwrap();
        let (min, max) = score_bounds(position.moves_played());
        assert!((min..=max).contains(&score));
    }

    #[test]
    fn the_builtin_book_agrees_with_the_theory() {
        let book = OpeningBook::builtin();
        assert!(book.depth() >= 1);
        let value = |moves: &str| {
            book.get(&parse_moves(moves).unwrap())
                .map(ExactScore::value)
        };
        assert_eq!(value(""), Some(1));
        for (moves, score) in [("1", 2), ("2", 1), ("3", 0), ("4", -1), ("5", 0), ("7", 2)] {
            assert_eq!(value(moves), Some(score), "{moves}");
        }
    }

    #[test]
    fn the_builtin_book_passes_every_check_of_a_book_file() {
        let checked = binary::decode(BUILTIN, binary::Checks::Entries).unwrap();
        assert_eq!(checked, *OpeningBook::builtin());
        assert_eq!(checked.len(), OpeningBook::builtin().len());
    }

    #[test]
    fn a_device_or_a_directory_is_not_read() {
        for path in ["/dev/zero", "/"] {
            let error = OpeningBook::open(Path::new(path)).unwrap_err();
            assert!(
                matches!(error, BookError::File(FileError::NotRegular { .. })),
                "{path}: {error}"
            );
        }
    }
}
