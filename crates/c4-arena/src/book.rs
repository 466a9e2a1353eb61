//! A book build on disk: the progress file under `c4 book build` and its distributed runner.
//!
//! Every score found is appended at once to `FILE.partial` (`MOVES SCORE` lines under a
//! header naming the root and depth); a build started again with the same settings, by the
//! CLI or by a distributed driver, picks up where it stopped. The finished book is written
//! whole (a temporary file, then renamed) and replaces the progress file.

use crate::log::{AppendLog, Entry, LogError};
use c4_core::{Game, ParseMovesError};
use c4_engine::files::PathError;
use c4_engine::solver::book::build::{BookBuild, BuildError, BuildEvent};
use c4_engine::solver::book::{BookError, EntryError, Place, binary, positions_by_ply, text};
use c4_engine::solver::{OpeningBook, Score, SolveError, Solver};
use std::path::{Path, PathBuf};

/// Why a book build's files cannot be opened, continued or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BookProgressError {
    /// `--out` holds a file that is not a book (the book reader's words in the middle of
    /// the message, so kept as a field rather than a source).
    #[error(
        "{} exists and is not a book ({problem}): remove it or choose another --out",
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
        "{} is a book of another build (depth {depth}, {positions} positions): remove it or \
         choose another --out",
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
}

fn header(root: &Game, depth: u32) -> String {
    format!(
        "c4-book-progress 1 from={} depth={depth}",
        root.move_string()
    )
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
        let mut book = OpeningBook::new(depth);
        let resumed = resume_scores(&partial, &header(root, depth), &mut book)?;
        Ok(Opened::Building(BookProgress {
            out: out.to_owned(),
            partial,
            root: root.clone(),
            depth,
            book,
            log: resumed.log,
            resumed: resumed.scores,
            warnings: resumed.warnings,
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
        self.log
            .append(line)
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
                log.append(&format!("{moves} {score}"))?;
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
    let (contents, log) = AppendLog::resume(path, Some(header), text::parse_line)?;
    let mut entries = text::Entries::new(book);
    for Entry {
        line,
        value: (position, score),
    } in contents.entries
    {
        entries
            .insert(&position, score, Place::Line(line))
            .map_err(|source| BookProgressError::Damaged {
                path: path.to_owned(),
                source,
            })?;
    }
    Ok(ResumedScores {
        scores: entries.count(),
        warnings: contents.warnings,
        log,
    })
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
            let (score, _): (Score, _) =
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
