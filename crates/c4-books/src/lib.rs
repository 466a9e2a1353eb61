//! An opening book: exact scores of the positions up to a depth, so the solver answers
//! them at once instead of searching.
//!
//! A position and its mirror image score the same, so the book keeps one of the two: the
//! one with the smaller key. Books come in two formats that hold the same facts:
//!
//! - binary ([`binary`]): a header, then the canonical keys in ascending order with one
//!   score each, 8 bytes an entry, checked by a CRC-32. The built-in book is one, embedded
//!   in the program ([`OpeningBook::builtin`]);
//! - text ([`text`]): a header line `c4-book 1 depth=D` (`c4-book 1 size=WxH depth=D` on a
//!   board other than 7x6), then one `MOVES SCORE` line per position (the layout of the
//!   scored position sets, so `c4 solve` can check a book line by line). For reading by
//!   people and for the progress file of a build.
//!
//! Books are built by `c4 book build` ([`build`]): the deepest ply is solved, every shallower
//! one derived from it. A book is checked as a whole ([`verify`]) whenever a file is read.
//!
//! The solver reads a book through its `ScoreStore` trait, which [`OpeningBook`] implements:
//! building and checking a book takes a solver, so the books sit above it.
//!
//! A book is of one board size ([`OpeningBook::size`]), recorded in both formats; a file read
//! for another size is refused naming both ([`BookError::OtherSize`]). The methods taking a
//! position are generic over its [`Geometry`]: a position of another size is not the book's
//! ([`OpeningBook::get`] answers `None`), so a solver of one size never reads another's book.

#![deny(missing_docs)]

pub mod binary;
pub mod build;
pub mod error;
mod scores;
pub mod strong_solution;
pub mod text;
pub mod verify;

use c4_core::{CELLS, Column, Game, Geometry, MoveAlphabet, Position, Size, WIDTH, format_moves};
use c4_solver::{ExactScore, ScoreStore, files, move_score};
pub use error::{BookError, EntryError, Place};
use scores::Scores;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The deepest ply a 7x6 book may cover (see [`max_depth`] for any size).
pub const MAX_BOOK_DEPTH: u32 = CELLS as u32 - 1;

/// The deepest ply a book of `size` may cover: one empty cell left.
#[must_use]
pub const fn max_depth(size: Size) -> u32 {
    size.cells() as u32 - 1
}

/// The largest book file read: far above any book of this board (every position to ply 12
/// is about 4 million entries, 32 MB in binary), and a bound against reading a device.
pub const MAX_BOOK_BYTES: u64 = 1 << 32;

/// The built-in book, a binary book file built by `c4 book build` (see crates/c4-books/data/books/README.md).
static BUILTIN: &[u8] = include_bytes!("../data/books/builtin.c4book");

/// The lowest and highest exact score of a 7x6 position with `moves_played` discs that is
/// not over: the side to move can at best connect four with its next disc, and at worst lose
/// to the other's next disc (within the scores of the board).
#[must_use]
pub fn score_bounds(moves_played: u32) -> (ExactScore, ExactScore) {
    score_bounds_in(Size::STANDARD, moves_played)
}

/// [`score_bounds`] on a board of `size`.
#[must_use]
pub fn score_bounds_in(size: Size, moves_played: u32) -> (ExactScore, ExactScore) {
    let empty = size.cells() as i32 - moves_played as i32;
    let max = ExactScore::max_in(size.cells()).value();
    let within = |value: i32| {
        ExactScore::new_in(value.clamp(-max, max), size).expect("clamped to the size's scores")
    };
    (within(-empty / 2), within((empty + 1) / 2))
}

/// Exact scores of the positions of one board size, by mirror-canonical key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningBook {
    size: Size,
    depth: u32,
    scores: Scores,
}

impl Default for OpeningBook {
    fn default() -> Self {
        OpeningBook::new(0)
    }
}

impl ScoreStore for OpeningBook {
    fn size(&self) -> Size {
        self.size
    }

    fn depth(&self) -> u32 {
        self.depth
    }

    fn score(&self, canonical_key: u64) -> Option<ExactScore> {
        self.scores.get(canonical_key)
    }
}

impl OpeningBook {
    /// An empty 7x6 book for positions of up to `depth` discs.
    #[must_use]
    pub fn new(depth: u32) -> OpeningBook {
        OpeningBook::new_in(Size::STANDARD, depth)
    }

    /// An empty book of the board `size` for positions of up to `depth` discs (at most
    /// [`max_depth`] of the size).
    #[must_use]
    pub fn new_in(size: Size, depth: u32) -> OpeningBook {
        OpeningBook {
            size,
            depth: depth.min(max_depth(size)),
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

    /// The book as the store a solver reads (`Solver::set_book`):
    /// `solver.set_book(book.map(OpeningBook::store))`.
    #[must_use]
    pub fn store(book: Arc<OpeningBook>) -> Arc<dyn ScoreStore> {
        book
    }

    /// The board size of its positions.
    #[must_use]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The book itself when it is of the board `wanted`, else the error naming both sizes.
    pub fn for_size(self, wanted: Size) -> Result<OpeningBook, BookError> {
        if self.size == wanted {
            Ok(self)
        } else {
            Err(BookError::OtherSize {
                book: self.size,
                wanted,
            })
        }
    }

    /// Whether the book is of the largest depth of its size: a collection of scored positions
    /// (`c4 verify`'s), or a strong solution, rather than opening plies.
    #[must_use]
    pub fn is_full_depth(&self) -> bool {
        self.depth == max_depth(self.size)
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

    /// The exact score of `position` (or its mirror), if stored; `None` for a position of
    /// another size.
    #[inline]
    #[must_use]
    pub fn get<G: Geometry>(&self, position: &Position<G>) -> Option<ExactScore> {
        if position.moves_played() > self.depth || position.size() != self.size {
            return None;
        }
        self.scores.get(position.canonical_key())
    }

    /// The score the book gives `position`, or its win at once (the book leaves out positions
    /// whose side to move wins at once).
    pub(crate) fn known<G: Geometry>(&self, position: &Position<G>) -> Option<ExactScore> {
        c4_solver::stored_or_win_now(self.get(position), position)
    }

    /// The exact score of each move of `position` (not over) when the book scores them all
    /// (`None` for a full column): a four at once, the last cell, or minus the score of the
    /// position after the move, from the book or, for a position whose side to move wins at
    /// once (the book leaves those out), its win; else the first column whose score is
    /// unknown.
    pub fn move_scores(&self, position: &Position) -> Result<[Option<ExactScore>; WIDTH], Column> {
        let mut scores = [None; WIDTH];
        for column in Column::ALL.into_iter().filter(|c| position.can_play(*c)) {
            let score = move_score(position, column, |child| self.known(child).ok_or(column))?;
            scores[column.index()] = Some(score);
        }
        Ok(scores)
    }

    /// The exact score of `position` (not over) by negamax over its moves' scores in the book,
    /// or the first column whose score the book does not give.
    pub fn derived_score<G: Geometry>(&self, position: &Position<G>) -> Result<ExactScore, Column> {
        let mut best = None;
        for column in position.size().columns().filter(|c| position.can_play(*c)) {
            let score = move_score(position, column, |child| self.known(child).ok_or(column))?;
            best = best.max(Some(score));
        }
        Ok(best.expect("a position that is not over has a legal move"))
    }

    /// Stores the exact score of `position` (and so of its mirror), a position of the book's
    /// size, the score within [`score_bounds_in`].
    pub fn insert<G: Geometry>(&mut self, position: &Position<G>, score: ExactScore) {
        assert_eq!(position.size(), self.size, "a position of the book's size");
        let (min, max) = score_bounds_in(self.size, position.moves_played());
        assert!(
            (min..=max).contains(&score),
            "score {score} is impossible with {} discs",
            position.moves_played()
        );
        self.scores.insert(position.canonical_key(), score);
    }

    /// Checks an entry read from a text file and stores it; `seen` remembers where each key
    /// came from, to name both places of a conflict.
    fn insert_checked<G: Geometry>(
        &mut self,
        position: &Position<G>,
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
    fn check_entry<G: Geometry>(
        &self,
        position: &Position<G>,
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
        let (min, max) = score_bounds_in(self.size, ply);
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

    /// Reads the book file at `path`, binary or text (told apart by the first bytes), of
    /// any size. Only a regular file of at most [`MAX_BOOK_BYTES`] is read.
    /// The entries are checked together as well ([`OpeningBook::check_on_load`]): a score
    /// edited by hand, or a file cut at a line boundary, is refused naming the position.
    pub fn open(path: &Path) -> Result<OpeningBook, BookError> {
        OpeningBook::open_sized(path, None)
    }

    /// [`open`](Self::open), for the board `size`: a book of another size is refused naming
    /// both ([`BookError::OtherSize`]) before its entries are checked.
    pub fn open_for(path: &Path, size: Size) -> Result<OpeningBook, BookError> {
        OpeningBook::open_sized(path, Some(size))
    }

    fn open_sized(path: &Path, wanted: Option<Size>) -> Result<OpeningBook, BookError> {
        let bytes = files::read_bytes(path, MAX_BOOK_BYTES).map_err(BookError::File)?;
        let in_file = |error| BookError::InFile {
            path: path.to_owned(),
            error: Box::new(error),
        };
        let mut book = OpeningBook::from_bytes(&bytes).map_err(in_file)?;
        if let Some(size) = wanted {
            book = book.for_size(size).map_err(in_file)?;
        }
        book.check_on_load().map_err(|error| {
            let place = error.position().and_then(|p| text::line_of(&bytes, &p));
            in_file(BookError::Check { place, error })
        })?;
        Ok(book)
    }

    /// Reads a book from the bytes of a file, binary or text, of any size.
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
    /// The 7x6 book chosen, read once per path and process (players are built per game); a
    /// file of another size is refused naming both sizes.
    pub fn load(&self) -> Result<Option<Arc<OpeningBook>>, BookError> {
        self.load_in(Size::STANDARD)
    }

    /// The book chosen for the board `size`, read once per path and process: the built-in
    /// book is 7x6's, so on another size `builtin` is no book; a file of another size is
    /// refused naming both sizes.
    pub fn load_in(&self, size: Size) -> Result<Option<Arc<OpeningBook>>, BookError> {
        static FILES: std::sync::Mutex<Vec<(PathBuf, Arc<OpeningBook>)>> =
            std::sync::Mutex::new(Vec::new());
        match self {
            BookChoice::Builtin if size.is_standard() => Ok(Some(OpeningBook::builtin())),
            BookChoice::Builtin | BookChoice::None => Ok(None),
            BookChoice::File(path) => {
                let mut files = FILES
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some((_, book)) = files.iter().find(|(p, _)| p == path) {
                    if book.size() != size {
                        return Err(BookError::InFile {
                            path: path.clone(),
                            error: Box::new(BookError::OtherSize {
                                book: book.size(),
                                wanted: size,
                            }),
                        });
                    }
                    return Ok(Some(Arc::clone(book)));
                }
                let book = Arc::new(OpeningBook::open_for(path, size)?);
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

/// The moves of a game leading to `position` (for messages and text books): digits, or
/// letters on a board wider than 9.
#[must_use]
pub fn moves_of<G: Geometry>(position: &Position<G>) -> String {
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
pub fn positions_by_ply<G: Geometry>(
    root: &Game<G>,
    depth: u32,
) -> Vec<Vec<(String, Position<G>)>> {
    let size = root.size();
    let start = root.position().moves_played();
    let depth = depth.min(max_depth(size));
    let mut levels: Vec<Vec<(String, Position<G>)>> = Vec::new();
    let mut frontier: Vec<(Vec<Column>, Position<G>)> =
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
            for column in size.columns() {
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
                    format_moves(&moves, MoveAlphabet::preferred(size)),
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
    use c4_core::parse_moves;
    use c4_solver::Solver;

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
        // Written again, with its size recorded, it is the same bytes.
        assert_eq!(checked.size(), c4_core::Size::STANDARD);
        assert!(binary::encode(&checked) == BUILTIN);
    }

    #[test]
    fn a_device_or_a_directory_is_not_read() {
        for path in ["/dev/zero", "/"] {
            let error = OpeningBook::open(Path::new(path)).unwrap_err();
            assert!(
                matches!(error, BookError::File(files::FileError::NotRegular { .. })),
                "{path}: {error}"
            );
        }
    }
}
