//! An opening book: exact scores of the positions up to a depth, so the solver answers
//! them at once instead of searching.
//!
//! A position and its mirror image score the same, so the book keeps one of the two: the
//! one with the smaller key. The file is text, one `MOVES SCORE` line per position (the
//! layout of the scored position sets, so `c4 solve` can check a book line by line), after a
//! header line `c4-book 1 depth=D` naming the deepest ply stored.
//!
//! Books are built by `c4 book build`: [`positions_by_ply`] lists what to solve, deepest
//! ply first so that every shallower solve finds its children in the book already.

use super::{MAX_SCORE, MIN_SCORE, Score};
use c4_core::{Column, Game, MoveAlphabet, Position, WIDTH, format_moves, parse_moves};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{BufRead, Write};

/// The first word of a book file.
const MAGIC: &str = "c4-book";
/// The format version.
const VERSION: u32 = 1;
/// The deepest ply a book may cover.
pub const MAX_BOOK_DEPTH: u32 = c4_core::CELLS as u32 - 1;

/// Exact scores by mirror-canonical key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningBook {
    depth: u32,
    scores: HashMap<u64, i8>,
}

/// Why a book file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError(pub String);

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

impl OpeningBook {
    /// An empty book for positions of up to `depth` discs.
    #[must_use]
    pub fn new(depth: u32) -> OpeningBook {
        OpeningBook {
            depth: depth.min(MAX_BOOK_DEPTH),
            scores: HashMap::new(),
        }
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
        self.scores.is_empty()
    }

    /// The exact score of `position` (or its mirror), if stored.
    #[inline]
    #[must_use]
    pub fn get(&self, position: &Position) -> Option<Score> {
        if position.moves_played() > self.depth {
            return None;
        }
        self.scores
            .get(&position.canonical_key())
            .map(|&s| Score::from(s))
    }

    /// Stores the exact score of `position` (and so of its mirror).
    pub fn insert(&mut self, position: &Position, score: Score) {
        debug_assert!((MIN_SCORE..=MAX_SCORE).contains(&score) || score.abs() <= 21);
        self.scores.insert(position.canonical_key(), score as i8);
    }

    /// Reads a book written by [`write`](Self::write) (or by hand in the same layout);
    /// names the line of any problem.
    pub fn read(reader: impl BufRead) -> Result<OpeningBook, BookError> {
        let mut lines = reader.lines().enumerate();
        let header = match lines.next() {
            Some((_, Ok(line))) => line,
            Some((_, Err(e))) => return Err(BookError(format!("cannot read the book: {e}"))),
            None => return Err(BookError("the book file is empty".to_owned())),
        };
        let depth = parse_header(&header)?;
        let mut book = OpeningBook::new(depth);
        for (index, line) in lines {
            let number = index + 1;
            let line = line.map_err(|e| BookError(format!("line {number}: {e}")))?;
            // Not trimmed at the start: the empty board's line is " SCORE".
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            let (position, score) =
                parse_entry(line).map_err(|e| BookError(format!("line {number}: {e}")))?;
            if position.moves_played() > depth {
                return Err(BookError(format!(
                    "line {number}: {line:?} is not a position of the book (depth {depth}, not over)"
                )));
            }
            book.insert(&position, score);
        }
        Ok(book)
    }

    /// Reads the book file at `path`.
    pub fn open(path: &std::path::Path) -> Result<OpeningBook, BookError> {
        let file = std::fs::File::open(path)
            .map_err(|e| BookError(format!("cannot open the book {}: {e}", path.display())))?;
        OpeningBook::read(std::io::BufReader::new(file))
            .map_err(|e| BookError(format!("invalid book {}: {e}", path.display())))
    }

    /// Writes the header and one `MOVES SCORE` line per position, shallowest first.
    pub fn write(&self, out: &mut impl Write, root: &Game) -> std::io::Result<()> {
        writeln!(out, "{}", header_line(self.depth))?;
        for level in positions_by_ply(root, self.depth).iter().rev() {
            for (moves, position) in level {
                if let Some(score) = self.get(position) {
                    writeln!(out, "{moves} {score}")?;
                }
            }
        }
        Ok(())
    }
}

/// The first line of a book file of `depth` plies.
#[must_use]
pub fn header_line(depth: u32) -> String {
    format!("{MAGIC} {VERSION} depth={depth}")
}

/// One `MOVES SCORE` line: a position that is not over and a score in -21..21.
pub fn parse_entry(line: &str) -> Result<(Position, Score), String> {
    let (moves, score) = line
        .split_once(' ')
        .ok_or_else(|| "expected MOVES SCORE".to_owned())?;
    let position = parse_moves(moves).map_err(|e| e.to_string())?;
    if position.is_over() {
        return Err(format!(
            "{moves:?} is not a position of the book (the game is over)"
        ));
    }
    let score: Score = score
        .trim()
        .parse()
        .ok()
        .filter(|s: &Score| s.abs() <= 21)
        .ok_or_else(|| format!("{score:?} is not a score (-21..21)"))?;
    Ok((position, score))
}

fn parse_header(header: &str) -> Result<u32, BookError> {
    // Only the first word is echoed: the file may be anything.
    let first: String = header
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .take(20)
        .collect();
    let bad = || {
        BookError(format!(
            "not a c4 book: it starts with {first:?}, not \"{MAGIC} {VERSION} depth=D\""
        ))
    };
    let mut words = header.split_whitespace();
    if words.next() != Some(MAGIC) {
        return Err(bad());
    }
    match words.next().map(str::parse::<u32>) {
        Some(Ok(VERSION)) => {}
        Some(Ok(v)) => {
            return Err(BookError(format!(
                "book format version {v}: this c4 reads version {VERSION}"
            )));
        }
        _ => return Err(bad()),
    }
    let depth = words
        .next()
        .and_then(|w| w.strip_prefix("depth="))
        .and_then(|d| d.parse::<u32>().ok())
        .ok_or_else(bad)?;
    if depth > MAX_BOOK_DEPTH {
        return Err(BookError(format!(
            "book depth {depth} is over the maximum of {MAX_BOOK_DEPTH}"
        )));
    }
    Ok(depth)
}

/// The positions a book of `depth` plies from `root` holds, grouped by ply, deepest first:
/// every position reachable from `root` with at most `depth` discs that is not over and
/// where the side to move cannot win at once (the solver answers those instantly), one of
/// each mirror pair, each with its move string.
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
            if position.can_win_next() {
                continue;
            }
            for column in Column::ALL {
                if position.can_play(column) {
                    let mut child = position;
                    child.play_unchecked(column);
                    let mut child_moves = moves.clone();
                    child_moves.push(column);
                    next.push((child_moves, child));
                }
            }
            level.push((format_moves(&moves, MoveAlphabet::Digits), position));
        }
        levels.push(level);
        frontier = next;
    }
    levels.reverse();
    levels
}

const _: () = assert!(WIDTH == 7);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;

    #[test]
    fn a_book_round_trips_through_its_file_and_stores_mirrors_once() {
        // A Test_L2_R1 position (23 discs) and three plies more.
        let root = Game::from_moves("52753311433677442422121").unwrap();
        let mut book = OpeningBook::new(26);
        let mut solver = Solver::new(20);
        let mut count = 0;
        for level in positions_by_ply(&root, 26) {
            for (_, position) in level {
                let (score, _) = solver.solve(&position).unwrap();
                book.insert(&position, score);
                let mirror = position.mirrored();
                assert_eq!(book.get(&mirror), Some(score));
                count += 1;
            }
        }
        assert_eq!(book.len(), count);
        let mut file = Vec::new();
        book.write(&mut file, &root).unwrap();
        let text = String::from_utf8(file.clone()).unwrap();
        assert!(text.starts_with("c4-book 1 depth=26\n"), "{text}");
        assert_eq!(text.lines().count(), count + 1);
        let again = OpeningBook::read(&file[..]).unwrap();
        assert_eq!(again, book);
    }

    #[test]
    fn the_empty_board_has_a_line_of_its_own() {
        let book = OpeningBook::read(&b"c4-book 1 depth=1\n 1\n4 -1\n"[..]).unwrap();
        assert_eq!(book.get(&Position::default()), Some(1));
        assert_eq!(book.get(&parse_moves("4").unwrap()), Some(-1));
        let mut file = Vec::new();
        book.write(&mut file, &Game::new()).unwrap();
        assert_eq!(file, b"c4-book 1 depth=1\n 1\n4 -1\n");
    }

    #[test]
    fn the_shipped_book_agrees_with_the_theory() {
        // data/books/depth1.book, built by c4: only the centre wins for the first player.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/books/depth1.book");
        let book =
            OpeningBook::read(std::io::BufReader::new(std::fs::File::open(path).unwrap())).unwrap();
        assert_eq!(book.get(&Position::default()), Some(1));
        for (moves, score) in [("1", 2), ("2", 1), ("3", 0), ("4", -1), ("5", 0), ("7", 2)] {
            assert_eq!(
                book.get(&parse_moves(moves).unwrap()),
                Some(score),
                "{moves}"
            );
        }
    }

    #[test]
    fn broken_books_are_refused_with_the_line() {
        for (text, needle) in [
            ("", "empty"),
            ("hello\n", "not a c4 book"),
            ("c4-book 2 depth=4\n", "version 2"),
            ("c4-book 1 depth=42\n", "maximum"),
            ("c4-book 1 depth=4\n44 x\n", "line 2"),
            ("c4-book 1 depth=4\n44 30\n", "not a score"),
            ("c4-book 1 depth=4\n4a 1\n", "line 2"),
            ("c4-book 1 depth=2\n444 1\n", "not a position of the book"),
            ("c4-book 1 depth=2\n444\n", "MOVES SCORE"),
        ] {
            let error = OpeningBook::read(text.as_bytes()).unwrap_err();
            assert!(error.0.contains(needle), "{text:?}: {error}");
        }
    }
}
