//! A book build on disk: the progress file under `c4 book build` and its distributed runner.
//!
//! Every score found is appended at once to `FILE.partial` (`MOVES SCORE CHECK` lines under a
//! header naming the root and depth, CHECK a CRC-32 of the rest of the line); a build started
//! again with the same settings, by the CLI or by a distributed driver, picks up where it
//! stopped. Nothing read back is trusted: a line whose check fails is refused naming it, and
//! the scores read are checked against each other and against the built-in book's where it
//! holds their parents. The finished book is written whole (a temporary file, then renamed)
//! and replaces the progress file.

use crate::log::{AppendLog, Entry, LogError};
use c4_books::OpeningBook;
use c4_books::build::{BookBuild, BuildError, BuildEvent};
use c4_books::verify::BookCheckError;
use c4_books::{BookError, EntryError, Place, binary, positions_by_ply, text};
use c4_core::{Game, Geometry, ParseMovesError};
use c4_solver::files::PathError;
use c4_solver::{ExactScore, ScoreError, SolveError, Solver};
use std::path::{Path, PathBuf};

/// Why a book build's files cannot be opened, continued or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookProgressError {
    /// `--out` holds a file that is not a book (the book reader's words in the middle of
    /// the message, so kept as a field rather than a source).
    #[error(
        "{} exists and is not a book ({problem}): choose another --out",
        out.display()
    )]
    NotABook {
        /// The file.
        out: PathBuf,
        /// Why it is not a book.
        problem: BookError,
    },
    /// `--out` holds the book of another build.
    #[error(
        "{} is a book of another build (depth {depth}, {positions} positions): choose \
         another --out",
        out.display()
    )]
    OtherBuild {
        /// The file.
        out: PathBuf,
        /// The depth of its book.
        depth: u32,
        /// The positions it holds.
        positions: usize,
    },
    /// A score line does not parse.
    #[error("a bad score line {line:?}: {source}")]
    BadLine {
        /// The line.
        line: String,
        /// What is wrong with it.
        #[source]
        source: EntryError,
    },
    /// A score line is of a position of another ply.
    #[error("{line:?} is not a position of ply {depth} of this build")]
    OtherPly {
        /// The line.
        line: String,
        /// The build's depth.
        depth: u32,
    },
    /// The progress file's scores do not make a book.
    #[error("{} is damaged: {source}", path.display())]
    Damaged {
        /// The progress file.
        path: PathBuf,
        /// What the book's check said.
        #[source]
        source: BookError,
    },
    /// The progress file's scores disagree with each other or with the built-in book.
    #[error(
        "{} holds a wrong score: {source}; remove the lines of that position and its moves, \
         then resume (they are solved again)",
        path.display()
    )]
    Inconsistent {
        /// The progress file.
        path: PathBuf,
        /// What the check found.
        #[source]
        source: BookCheckError,
    },
    /// A score could not be appended to the progress file.
    #[error("writing {}: {source}", path.display())]
    Append {
        /// The progress file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The progress file cannot be read or opened.
    #[error(transparent)]
    Log(#[from] LogError),
    /// The finished book cannot be written.
    #[error(transparent)]
    Path(#[from] PathError),
}

/// Why a list of positions cannot be solved into score lines.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveLinesError {
    /// A line is not a position.
    #[error("{line:?}: {source}")]
    Moves {
        /// The line.
        line: String,
        /// What is wrong with it.
        #[source]
        source: ParseMovesError,
    },
    /// The solver failed on it.
    #[error("solving {line:?}: {source}")]
    Solve {
        /// The line.
        line: String,
        /// What the solver said.
        #[source]
        source: SolveError,
    },
}

/// The two file formats of a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// Compact and checked: what c4 embeds (8 bytes a position).
    Binary,
    /// `MOVES SCORE` lines, for reading and for `c4 solve`.
    Text,
}

impl BookFormat {
    /// Binary for a `.c4book` file, text otherwise.
    #[must_use]
    pub fn for_path(path: &Path) -> BookFormat {
        if path.extension().is_some_and(|e| e == "c4book") {
            BookFormat::Binary
        } else {
            BookFormat::Text
        }
    }
}

/// What `--out` holds when a build opens it.
pub enum Opened {
    /// The finished book of this build: nothing to do.
    Finished(OpeningBook),
    /// A build under way (new or resumed).
    Building(BookProgress),
}

/// A build's book so far and its progress file, open for appending.
pub struct BookProgress {
    out: PathBuf,
    partial: PathBuf,
    root: Game,
    depth: u32,
    book: OpeningBook,
    log: AppendLog,
    /// Scores read back from an interrupted build.
    pub resumed: usize,
    /// Warnings from reading them (a dropped truncated last line, say).
    pub warnings: Vec<String>,
    /// Entries of the built-in book checked against the scores read back.
    pub checked_by_builtin: usize,
}

/// The progress file's version: 2, checked lines ([`text::checked_line`]).
const PROGRESS_VERSION: u32 = 2;

/// The first line of the progress file of the book of `root` to `depth`, in `version`.
fn header_of(version: u32, root: &Game, depth: u32) -> String {
    format!(
        "c4-book-progress {version} from={} depth={depth}",
        root.move_string()
    )
}

fn header(root: &Game, depth: u32) -> String {
    header_of(PROGRESS_VERSION, root, depth)
}

impl BookProgress {
    /// Opens the build of the book of `root` to ply `depth` into `out`: finished already,
    /// or under way with the scores of its progress file. A file at `out` that is not this
    /// build's book is refused.
    pub fn open(out: &Path, root: &Game, depth: u32) -> Result<Opened, BookProgressError> {
        let partial = PathBuf::from(format!("{}.partial", out.display()));
        if out.exists() && !partial.exists() {
            return finished_already(out, root, depth).map(Opened::Finished);
        }
        let mut warnings = upgrade_version_1(&partial, root, depth)?;
        let mut book = OpeningBook::new(depth);
        let resumed = resume_with(
            &partial,
            &header(root, depth),
            &mut book,
            text::parse_checked_line,
        )?;
        warnings.extend(resumed.warnings);
        let checked_by_builtin = check_read_back(&book, &partial)?;
        Ok(Opened::Building(BookProgress {
            out: out.to_owned(),
            partial,
            root: root.clone(),
            depth,
            book,
            log: resumed.log,
            resumed: resumed.scores,
            warnings,
            checked_by_builtin,
        }))
    }

    /// The progress file.
    #[must_use]
    pub fn partial_path(&self) -> &Path {
        &self.partial
    }

    /// The positions of the deepest ply without a score yet, as move strings in the order
    /// the build solves them (neighbours together).
    #[must_use]
    pub fn todo(&self) -> Vec<String> {
        positions_by_ply(&self.root, self.depth)
            .into_iter()
            .next()
            .unwrap_or_default()
            .into_iter()
            .filter(|(_, position)| self.book.get(position).is_none())
            .map(|(moves, _)| moves)
            .collect()
    }

    /// Records a `MOVES SCORE` line solved elsewhere: checked as a book's lines are, and
    /// appended to the progress file.
    pub fn add_line(&mut self, line: &str) -> Result<(), BookProgressError> {
        let (position, score) =
            text::parse_line(line).map_err(|source| BookProgressError::BadLine {
                line: line.to_owned(),
                source,
            })?;
        if position.moves_played() != self.depth {
            return Err(BookProgressError::OtherPly {
                line: line.to_owned(),
                depth: self.depth,
            });
        }
        if self.book.get(&position).is_some() {
            return Ok(());
        }
        self.book.insert(&position, score);
        let moves = line.rsplit_once(' ').map_or("", |(moves, _)| moves);
        self.log
            .append(&text::checked_line(moves, score))
            .map_err(|source| BookProgressError::Append {
                path: self.partial.clone(),
                source,
            })
    }

    /// Runs `build` (of this root and depth) to the end, appending every score it finds;
    /// `on_event` sees each step.
    pub fn run(
        &mut self,
        build: &BookBuild,
        mut on_event: impl FnMut(BuildEvent<'_>) + Send,
    ) -> Result<(), BuildError> {
        let log = &mut self.log;
        build.run(&mut self.book, |event| {
            if let BuildEvent::Scored { moves, score, .. } = event {
                log.append(&text::checked_line(moves, score))?;
            }
            on_event(event);
            Ok(())
        })
    }

    /// Writes the finished book to `out` in `format`, whole or not at all, and removes the
    /// progress file. Returns the positions written.
    pub fn finish(self, format: BookFormat) -> Result<usize, PathError> {
        let bytes = match format {
            BookFormat::Binary => binary::encode(&self.book),
            BookFormat::Text => {
                let mut bytes = Vec::new();
                text::write(&self.book, &mut bytes, &self.root)
                    .expect("writing to memory does not fail");
                bytes
            }
        };
        write_whole(&self.out, &bytes)?;
        std::fs::remove_file(&self.partial).ok();
        Ok(self.book.len())
    }
}

/// A file of `MOVES SCORE` lines continued: how many scores it held, warnings from reading
/// it, and the file open for appending.
pub struct ResumedScores {
    /// Scores read back.
    pub scores: usize,
    /// Warnings (a dropped truncated last line, say).
    pub warnings: Vec<String>,
    /// The file, open for appending after its complete lines.
    pub log: AppendLog,
}

/// Continues a file of `MOVES SCORE` lines under `header`, written one line at a time by an
/// earlier run that may have been interrupted (see [`crate::log`] for how a cut last line is
/// treated): its scores go into `book`, checked as a book's are. A missing file is created
/// with the header.
pub fn resume_scores(
    path: &Path,
    header: &str,
    book: &mut OpeningBook,
) -> Result<ResumedScores, BookProgressError> {
    resume_with(path, header, book, text::parse_line)
}

/// [`resume_scores`] of positions on the board of `geometry`, into `book`, a book of its size.
pub fn resume_scores_in<G: Geometry>(
    path: &Path,
    header: &str,
    book: &mut OpeningBook,
    geometry: G,
) -> Result<ResumedScores, BookProgressError> {
    resume_with(path, header, book, |line| {
        text::parse_line_in(line, geometry)
    })
}

/// [`resume_scores`] for lines read by `parse`.
fn resume_with<G: Geometry>(
    path: &Path,
    header: &str,
    book: &mut OpeningBook,
    parse: impl Fn(&str) -> Result<Scored<G>, EntryError>,
) -> Result<ResumedScores, BookProgressError> {
    let (contents, log) = AppendLog::resume(path, Some(header), |line| read_whole(parse(line)))?;
    let scores = insert_lines(path, book, contents.entries)?;
    Ok(ResumedScores {
        scores,
        warnings: contents.warnings,
        log,
    })
}

/// What [`check_progress_file`] found good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgressCheck {
    /// The file's format version (1: plain lines; 2: each line checked).
    pub version: u32,
    /// Scores read and found consistent.
    pub scores: usize,
    /// Entries of the built-in book checked against them.
    pub checked_by_builtin: usize,
}

/// The first word of a progress file.
pub const PROGRESS_MAGIC: &str = "c4-book-progress";

/// Checks a build's progress file without changing it, as resuming the build would: each
/// line's check (version 2), no position scored twice differently, and the scores against
/// each other and the built-in book. A last line cut short by an interruption is passed over,
/// as a resume would pass it over.
pub fn check_progress_file(path: &Path) -> Result<ProgressCheck, BookProgressError> {
    let first = first_line(path);
    let bad_header = || {
        BookProgressError::Log(LogError::Content {
            path: path.to_owned(),
            message: format!(
                "the first line is not a progress file's header (`{PROGRESS_MAGIC} VERSION \
                 from=MOVES depth=D`)"
            ),
        })
    };
    let mut words = first.split(' ');
    if words.next() != Some(PROGRESS_MAGIC) {
        return Err(bad_header());
    }
    let version = words.next().and_then(|v| v.parse::<u32>().ok());
    let root = words.next().and_then(|w| w.strip_prefix("from="));
    let depth = words
        .next()
        .and_then(|w| w.strip_prefix("depth="))
        .and_then(|d| d.parse::<u32>().ok());
    let (Some(version @ (1 | 2)), Some(root), Some(depth), None) =
        (version, root, depth, words.next())
    else {
        return Err(bad_header());
    };
    let root = Game::from_moves(root).map_err(|_| bad_header())?;
    if depth > c4_books::MAX_BOOK_DEPTH {
        return Err(bad_header());
    }
    let parse = if version == 1 {
        text::parse_line
    } else {
        text::parse_checked_line
    };
    let header = header_of(version, &root, depth);
    let contents = AppendLog::read(path, Some(&header), |line| read_whole(parse(line)))?;
    let mut book = OpeningBook::new(depth);
    let scores = insert_lines(path, &mut book, contents.entries)?;
    let checked_by_builtin = check_read_back(&book, path)?;
    Ok(ProgressCheck {
        version,
        scores,
        checked_by_builtin,
    })
}

/// Whether the file at `path` starts as a build's progress file does.
#[must_use]
pub fn is_progress_file(path: &Path) -> bool {
    first_line(path).split(' ').next() == Some(PROGRESS_MAGIC)
}

/// The first line of the file at `path`, without its line ending (empty if it cannot be
/// read): at most a few hundred bytes are read.
fn first_line(path: &Path) -> String {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(512).read_to_end(&mut head);
    }
    let end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
    String::from_utf8_lossy(&head[..end]).trim_end().to_owned()
}

/// Checks the scores of a progress file read back (`book`) against each other and against
/// the built-in book where it holds their parents (see `OpeningBook::check_partial`): the
/// built-in book's entries that met a score read back.
fn check_read_back(book: &OpeningBook, path: &Path) -> Result<usize, BookProgressError> {
    book.check_partial(Some(&OpeningBook::builtin()))
        .map_err(|source| BookProgressError::Inconsistent {
            path: path.to_owned(),
            source,
        })
}

/// Rewrites a progress file of version 1 (plain `MOVES SCORE` lines, no checks) of this build
/// as version 2, once its scores pass [`check_read_back`]; a warning saying so, or nothing
/// where the file is not of version 1.
fn upgrade_version_1(
    path: &Path,
    root: &Game,
    depth: u32,
) -> Result<Vec<String>, BookProgressError> {
    let old_header = header_of(1, root, depth);
    if first_line(path) != old_header {
        return Ok(Vec::new());
    }
    let parse = |line: &str| {
        read_whole(text::parse_line(line).map(|(position, score)| {
            let moves = line.rsplit_once(' ').map_or("", |(moves, _)| moves);
            (moves.to_owned(), position, score)
        }))
    };
    let contents = AppendLog::read(path, Some(&old_header), parse)?;
    let mut lines = vec![header(root, depth)];
    let mut scored = Vec::with_capacity(contents.entries.len());
    for Entry { line, value } in contents.entries {
        let (moves, position, score) = value.map_err(|error| damaged(path, line, error))?;
        lines.push(text::checked_line(&moves, score));
        scored.push(Entry {
            line,
            value: Ok((position, score)),
        });
    }
    let mut book = OpeningBook::new(depth);
    insert_lines(path, &mut book, scored)?;
    let met = check_read_back(&book, path)?;
    let mut bytes = lines.join("\n");
    bytes.push('\n');
    write_whole(path, bytes.as_bytes())?;
    let mut warnings = contents.warnings;
    warnings.push(format!(
        "{}: rewritten with a check on every line (format version 2); its {} scores were \
         checked against each other and {met} entries of the built-in book first",
        path.display(),
        lines.len() - 1
    ));
    Ok(warnings)
}

/// A line of a progress file that reads whole: its entry, or, where its only fault is a
/// number that is no score of the board, that fault, which the file's check names with its
/// line. Any other fault is a line that does not parse: the last one cut short by an
/// interruption, or damage elsewhere (see [`crate::log`]).
type WholeLine<T> = Result<T, EntryError>;

/// A scored position of the board of `G`, as a line gives it.
type Scored<G> = (c4_core::Position<G>, ExactScore);

/// A line's entry as a log reads it (see [`WholeLine`]).
fn read_whole<T>(parsed: Result<T, EntryError>) -> Result<WholeLine<T>, EntryError> {
    match parsed {
        Err(error @ EntryError::NotAScore(ScoreError::OutOfRange(_))) => Ok(Err(error)),
        other => other.map(Ok),
    }
}

/// The progress file at `path` damaged at `line` by `error`.
fn damaged(path: &Path, line: usize, error: EntryError) -> BookProgressError {
    BookProgressError::Damaged {
        path: path.to_owned(),
        source: BookError::Entry {
            place: Place::Line(line),
            error,
        },
    }
}

/// Adds the scores read from the lines of the file at `path` to `book`, each checked as a
/// book's are (a score its ply allows, no other score for it or its mirror): how many.
fn insert_lines<G: Geometry>(
    path: &Path,
    book: &mut OpeningBook,
    lines: Vec<Entry<WholeLine<Scored<G>>>>,
) -> Result<usize, BookProgressError> {
    let mut entries = text::Entries::new(book);
    for Entry { line, value } in lines {
        let (position, score) = value.map_err(|error| damaged(path, line, error))?;
        entries
            .insert(&position, score, Place::Line(line))
            .map_err(|source| BookProgressError::Damaged {
                path: path.to_owned(),
                source,
            })?;
    }
    Ok(entries.count())
}

/// Solves `moves` (positions of one ply, neighbours best together) on one solver of
/// `2^table_bits` slots, kept from one to the next: the `MOVES SCORE` lines of a book.
pub fn solve_lines(moves: &[String], table_bits: u32) -> Result<Vec<String>, SolveLinesError> {
    let mut solver = Solver::new(table_bits);
    moves
        .iter()
        .map(|line| {
            let game = Game::from_moves(line).map_err(|source| SolveLinesError::Moves {
                line: c4_core::excerpt(line),
                source,
            })?;
            let (score, _): (ExactScore, _) =
                solver
                    .solve(game.position())
                    .map_err(|source| SolveLinesError::Solve {
                        line: line.clone(),
                        source,
                    })?;
            Ok(format!("{line} {score}"))
        })
        .collect()
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it, then renamed.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), PathError> {
    let temporary = PathBuf::from(format!("{}.writing", path.display()));
    std::fs::write(&temporary, bytes).map_err(|e| PathError::new("cannot write", &temporary, e))?;
    std::fs::rename(&temporary, path).map_err(|e| PathError::new("cannot write", path, e))
}

/// `out` exists and no build is under way: its book, if it is this build's.
fn finished_already(out: &Path, root: &Game, depth: u32) -> Result<OpeningBook, BookProgressError> {
    let book = OpeningBook::open(out).map_err(|problem| BookProgressError::NotABook {
        out: out.to_owned(),
        problem,
    })?;
    let complete = book.depth() == depth
        && positions_by_ply(root, depth)
            .iter()
            .flatten()
            .all(|(_, position)| book.get(position).is_some());
    if !complete {
        return Err(BookProgressError::OtherBuild {
            out: out.to_owned(),
            depth: book.depth(),
            positions: book.len(),
        });
    }
    Ok(book)
}
