//! The text format of a book: a header line `c4-book 1 depth=D`, then one `MOVES SCORE` line
//! per position, shallowest first (the empty board's line is ` SCORE`). A book of a board
//! other than 7x6 names its size in the header, `c4-book 1 size=WxH depth=D`; a header without
//! `size=` is 7x6's. A book built to ply D holds every position of its plies from its root;
//! the greatest depth of its size (41 on 7x6) marks a collection of scored positions instead,
//! such as `c4 verify`'s, whose plies need not be complete, or a strong solution.

use crate::{BookError, EntryError, OpeningBook, Place, max_depth, moves_of};
use c4_core::excerpt;
use c4_core::with_geometry;
use c4_core::{Game, Geometry, Position, Size, parse_moves, parse_moves_in};
use c4_solver::ExactScore;
use std::collections::HashMap;
use std::io::Write;

/// The first word of a text book.
pub const MAGIC: &str = "c4-book";
/// The text format's version.
pub const VERSION: u32 = 1;

/// The first line of a 7x6 text book of `depth` plies.
#[must_use]
pub fn header_line(depth: u32) -> String {
    header_line_in(Size::STANDARD, depth)
}

/// The first line of a text book of the board `size` and `depth` plies (`size=` written for
/// every board but 7x6: a header without it is 7x6's).
#[must_use]
pub fn header_line_in(size: Size, depth: u32) -> String {
    if size.is_standard() {
        format!("{MAGIC} {VERSION} depth={depth}")
    } else {
        format!("{MAGIC} {VERSION} size={size} depth={depth}")
    }
}

/// One 7x6 `MOVES SCORE` line (MOVES empty for the empty board), not yet checked against a
/// book.
pub fn parse_line(line: &str) -> Result<(Position, ExactScore), EntryError> {
    let (moves, score) = line
        .rsplit_once(' ')
        .ok_or_else(|| EntryError::Layout(excerpt(line)))?;
    let position =
        parse_moves(moves).map_err(|e| EntryError::Moves(format!("{e}: {:?}", excerpt(moves))))?;
    let score = score.parse::<ExactScore>()?;
    Ok((position, score))
}

/// [`parse_line`] on the board of `geometry`: its moves, and a score of its range.
pub fn parse_line_in<G: Geometry>(
    line: &str,
    geometry: G,
) -> Result<(Position<G>, ExactScore), EntryError> {
    let (moves, score) = line
        .rsplit_once(' ')
        .ok_or_else(|| EntryError::Layout(excerpt(line)))?;
    let position = parse_moves_in(moves, geometry)
        .map_err(|e| EntryError::Moves(format!("{e}: {:?}", excerpt(moves))))?;
    let size = geometry.size();
    let value: i64 = score
        .parse()
        .map_err(|_| c4_solver::ScoreError::NotANumber(excerpt(score)))?;
    let score = match i32::try_from(value)
        .ok()
        .and_then(|v| ExactScore::new_in(v, size))
    {
        Some(score) => score,
        None if size.is_standard() => return Err(c4_solver::ScoreError::OutOfRange(value).into()),
        None => {
            return Err(EntryError::NotAScoreOf {
                value: value.clamp(i64::from(i8::MIN), i64::from(i8::MAX)) as i8,
                size,
            });
        }
    };
    Ok((position, score))
}

/// A `MOVES SCORE` line followed by its check: the CRC-32 of `MOVES SCORE` in 8 hex digits.
/// The lines a build writes into its progress file are checked lines, so that on resuming a
/// line edited by hand or damaged on disk is told from one the build wrote.
#[must_use]
pub fn checked_line(moves: &str, score: ExactScore) -> String {
    let line = format!("{moves} {score}");
    let check = crc32fast::hash(line.as_bytes());
    format!("{line} {check:08x}")
}

/// One checked line (see [`checked_line`]): its position and score, once its check matches.
pub fn parse_checked_line(line: &str) -> Result<(Position, ExactScore), EntryError> {
    let (entry, check) = line
        .rsplit_once(' ')
        .ok_or_else(|| EntryError::Layout(excerpt(line)))?;
    if format!("{:08x}", crc32fast::hash(entry.as_bytes())) != check {
        return Err(EntryError::Check {
            found: excerpt(check),
        });
    }
    parse_line(entry)
}

/// The line of a text book's `bytes` that scores `position` or its mirror image (`None` for a
/// binary book, or where no line does).
#[must_use]
pub fn line_of<G: Geometry>(bytes: &[u8], position: &Position<G>) -> Option<Place> {
    let key = position.canonical_key();
    let text = std::str::from_utf8(bytes).ok()?;
    let geometry = position.geometry();
    text.lines()
        .enumerate()
        .skip(1)
        .find(|(_, line)| {
            parse_line_in(line.trim_end(), geometry)
                .is_ok_and(|(entry, _)| entry.canonical_key() == key)
        })
        .map(|(index, _)| Place::Line(index + 1))
}

/// Reads a text book, of the size its header names.
pub fn read(bytes: &[u8]) -> Result<OpeningBook, BookError> {
    let text = std::str::from_utf8(bytes).map_err(|_| BookError::NotABook)?;
    let mut lines = text.lines();
    let header = lines.next().ok_or(BookError::Empty)?;
    let (size, depth) = parse_header(header)?;
    let mut book = OpeningBook::new_in(size, depth);
    extend(&mut book, lines, 2)?;
    Ok(book)
}

/// Adds `MOVES SCORE` lines of the book's size to `book`, the first of them line
/// `first_line` of its file: each checked (a position of the book, a score its ply allows, no other score for it or
/// its mirror); blank lines are skipped. The number of entries read.
pub fn extend<'a>(
    book: &mut OpeningBook,
    lines: impl Iterator<Item = &'a str>,
    first_line: usize,
) -> Result<usize, BookError> {
    let size = book.size();
    let mut entries = Entries::new(book);
    with_geometry!(size, geometry => {
        for (index, line) in lines.enumerate() {
            let place = Place::Line(first_line + index);
            // Not trimmed at the start: the empty board's line is " SCORE".
            let line = line.trim_end();
            if line.is_empty() {
                continue;
            }
            let (position, score) = parse_line_in(line, geometry)
                .map_err(|error| BookError::Entry { place, error })?;
            entries.insert(&position, score, place)?;
        }
    });
    Ok(entries.count)
}

/// Adds entries parsed from a text file (see [`parse_line`]) to a book, checking each as
/// [`extend`] does.
pub struct Entries<'a> {
    book: &'a mut OpeningBook,
    seen: HashMap<u64, Place>,
    count: usize,
}

impl<'a> Entries<'a> {
    /// Adds to `book`.
    pub fn new(book: &'a mut OpeningBook) -> Self {
        Entries {
            book,
            seen: HashMap::new(),
            count: 0,
        }
    }

    /// Checks and adds the entry of `place`, a position of the book's size.
    pub fn insert<G: Geometry>(
        &mut self,
        position: &Position<G>,
        score: ExactScore,
        place: Place,
    ) -> Result<(), BookError> {
        self.book
            .insert_checked(position, score, place, &mut self.seen)?;
        self.count += 1;
        Ok(())
    }

    /// Entries added so far.
    #[must_use]
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The size (7x6 without `size=`) and depth a header line names.
fn parse_header(header: &str) -> Result<(Size, u32), BookError> {
    let mut words = header.split_whitespace();
    let not_a_book = || BookError::NotABook;
    if words.next() != Some(MAGIC) {
        return Err(not_a_book());
    }
    match words.next().map(str::parse::<u32>) {
        Some(Ok(VERSION)) => {}
        Some(Ok(found)) => {
            return Err(BookError::Version {
                found,
                expected: VERSION,
            });
        }
        _ => return Err(not_a_book()),
    }
    let mut word = words.next();
    let size = match word.and_then(|w| w.strip_prefix("size=")) {
        Some(text) => {
            word = words.next();
            text.parse::<Size>().map_err(|_| not_a_book())?
        }
        None => Size::STANDARD,
    };
    let depth = word
        .and_then(|w| w.strip_prefix("depth="))
        .and_then(|d| d.parse::<u32>().ok())
        .ok_or_else(not_a_book)?;
    if depth > max_depth(size) {
        return Err(BookError::Depth { depth, size });
    }
    Ok((size, depth))
}

/// Writes `book` as text: the header, then one line per position, by ply and then by move
/// string. Each position is written as one game that reaches it (for a book built from
/// `root`, a game through `root` where one exists); `root` is of the book's size.
pub fn write<G: Geometry>(
    book: &OpeningBook,
    out: &mut impl Write,
    root: &Game<G>,
) -> std::io::Result<()> {
    if root.size() != book.size() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            BookError::OtherSize {
                book: book.size(),
                wanted: root.size(),
            },
        ));
    }
    writeln!(out, "{}", header_line_in(book.size(), book.depth()))?;
    let geometry = root.position().geometry();
    let mut lines: Vec<(u32, String, ExactScore)> = book
        .sorted_entries()
        .into_iter()
        .filter_map(|(key, score)| {
            let position = Position::from_key_in(key, geometry)?;
            Some((
                position.moves_played(),
                moves_through(root, &position),
                score,
            ))
        })
        .collect();
    lines.sort();
    for (_, moves, score) in lines {
        writeln!(out, "{moves} {score}")?;
    }
    Ok(())
}

/// A move string to `position` that starts with `root`'s moves when `position` (or its
/// mirror) follows from `root`; any that reaches it otherwise.
fn moves_through<G: Geometry>(root: &Game<G>, position: &Position<G>) -> String {
    [*position, position.mirrored()]
        .iter()
        .find_map(|candidate| root.continued_to(candidate))
        .map_or_else(|| moves_of(position), |game| game.move_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_has_a_line_of_its_own() {
        let book = read(b"c4-book 1 depth=1\n 1\n4 -1\n").unwrap();
        let value = |moves: &str| {
            book.get(&parse_moves(moves).unwrap())
                .map(ExactScore::value)
        };
        assert_eq!((value(""), value("4")), (Some(1), Some(-1)));
        let mut file = Vec::new();
        write(&book, &mut file, &Game::new()).unwrap();
        assert_eq!(file, b"c4-book 1 depth=1\n 1\n4 -1\n");
    }

    #[test]
    fn broken_books_are_refused_naming_the_problem() {
        for (text, needle) in [
            ("", "empty"),
            ("hello\n", "not a c4 book"),
            ("c4-book 2 depth=4\n", "version 2"),
            ("c4-book 1 depth=42\n", "maximum"),
            ("c4-book 1 depth=4\n44 x\n", "line 2: \"x\" is not a score"),
            (
                "c4-book 1 depth=4\n44 30\n",
                "line 2: 30 is outside -18..=18, the exact scores of the board",
            ),
            ("c4-book 1 depth=4\n4a 1\n", "line 2"),
            ("c4-book 1 depth=2\n444 1\n", "more than the book's depth 2"),
            ("c4-book 1 depth=2\n444\n", "expected MOVES SCORE"),
            (
                "c4-book 1 depth=16\n444444333333555 17\n",
                "outside -13..14",
            ),
            (
                "c4-book 1 depth=2\n1 2\n7 3\n",
                "line 3: \"7\" scores 3, but line 2 gave 2",
            ),
            (
                "c4-book 1 depth=2\n4 -1\n\n4 1\n",
                "line 4: \"4\" scores 1, but line 2 gave -1",
            ),
        ] {
            let error = read(text.as_bytes()).unwrap_err().to_string();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
        // The same score twice is no conflict.
        assert_eq!(read(b"c4-book 1 depth=2\n1 2\n7 2\n").unwrap().len(), 1);
    }

    #[test]
    fn a_checked_line_reads_back_and_an_edit_is_found() {
        let score = |value| ExactScore::new(value).unwrap();
        let line = checked_line("4453", score(-2));
        assert_eq!(line, format!("4453 -2 {:08x}", crc32fast::hash(b"4453 -2")));
        let (position, read) = parse_checked_line(&line).unwrap();
        assert_eq!((position, read), (parse_moves("4453").unwrap(), score(-2)));
        let empty = checked_line("", score(1));
        assert_eq!(parse_checked_line(&empty).unwrap().1, score(1));
        for edited in [
            line.replace(" -2 ", " 0 "),
            line.replace("4453", "4454"),
            "4453 -2".to_owned(),
            format!("{line}0"),
        ] {
            assert!(parse_checked_line(&edited).is_err(), "{edited}");
        }
    }

    #[test]
    fn a_long_bad_line_is_echoed_cut_short() {
        let text = format!("c4-book 1 depth=2\n{} 1\n", "4".repeat(10_000));
        let error = read(text.as_bytes()).unwrap_err().to_string();
        assert!(error.len() < 300, "{}", error.len());
    }

    #[test]
    fn a_book_from_a_root_writes_games_through_the_root() {
        let root = Game::from_moves("4453").unwrap();
        let mut book = OpeningBook::new(6);
        for moves in ["4453", "44531", "44537", "445317"] {
            book.insert(&parse_moves(moves).unwrap(), ExactScore::DRAW);
        }
        let mut file = Vec::new();
        write(&book, &mut file, &root).unwrap();
        let text = String::from_utf8(file).unwrap();
        for line in text.lines().skip(1) {
            assert!(line.starts_with("4453"), "{text}");
        }
        assert_eq!(read(text.as_bytes()).unwrap(), book);
    }
}
