//! A book build on disk: the progress file under `c4 book build` and its distributed runner.
//!
//! Every score found is appended at once to `FILE.partial` (`MOVES SCORE` lines under a
//! header naming the root and depth); a build started again with the same settings, by the
//! CLI or by a distributed driver, picks up where it stopped. The finished book is written
//! whole (a temporary file, then renamed) and replaces the progress file.

use crate::log::{AppendLog, Entry};
use c4_core::Game;
use c4_engine::solver::OpeningBook;
use c4_engine::solver::book::build::{BookBuild, BuildError, BuildEvent};
use c4_engine::solver::book::{Place, binary, positions_by_ply, text};
use c4_engine::solver::{Score, Solver};
use std::path::{Path, PathBuf};

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
    pub fn open(out: &Path, root: &Game, depth: u32) -> Result<Opened, String> {
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
    pub fn add_line(&mut self, line: &str) -> Result<(), String> {
        let (position, score) =
            text::parse_line(line).map_err(|e| format!("a bad score line {line:?}: {e}"))?;
        if position.moves_played() != self.depth {
            return Err(format!(
                "{line:?} is not a position of ply {} of this build",
                self.depth
            ));
        }
        if self.book.get(&position).is_some() {
            return Ok(());
        }
        self.book.insert(&position, score);
        self.log
            .append(line)
            .map_err(|e| format!("writing {}: {e}", self.partial.display()))
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
    pub fn finish(self, format: BookFormat) -> Result<usize, String> {
        let mut bytes = Vec::new();
        match format {
            BookFormat::Binary => bytes = binary::encode(&self.book),
            BookFormat::Text => {
                text::write(&self.book, &mut bytes, &self.root).map_err(|e| e.to_string())?
            }
        }
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
) -> Result<ResumedScores, String> {
    let (contents, log) =
        AppendLog::resume(path, Some(header), text::parse_line).map_err(|e| e.to_string())?;
    let mut entries = text::Entries::new(book);
    for Entry {
        line,
        value: (position, score),
    } in contents.entries
    {
        entries
            .insert(&position, score, Place::Line(line))
            .map_err(|e| format!("{} is damaged: {e}", path.display()))?;
    }
    Ok(ResumedScores {
        scores: entries.count(),
        warnings: contents.warnings,
        log,
    })
}

/// Solves `moves` (positions of one ply, neighbours best together) on one solver of
/// `2^table_bits` slots, kept from one to the next: the `MOVES SCORE` lines of a book.
pub fn solve_lines(moves: &[String], table_bits: u32) -> Result<Vec<String>, String> {
    let mut solver = Solver::new(table_bits);
    moves
        .iter()
        .map(|line| {
            let game =
                Game::from_moves(line).map_err(|e| format!("{:?}: {e}", c4_core::excerpt(line)))?;
            let (score, _): (Score, _) = solver
                .solve(game.position())
                .map_err(|e| format!("solving {line:?}: {e}"))?;
            Ok(format!("{line} {score}"))
        })
        .collect()
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file beside it, then renamed.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let temporary = PathBuf::from(format!("{}.writing", path.display()));
    std::fs::write(&temporary, bytes)
        .map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `out` exists and no build is under way: its book, if it is this build's.
fn finished_already(out: &Path, root: &Game, depth: u32) -> Result<OpeningBook, String> {
    let book = OpeningBook::open(out).map_err(|e| {
        format!(
            "{} exists and is not a book ({e}): remove it or choose another --out",
            out.display()
        )
    })?;
    let complete = book.depth() == depth
        && positions_by_ply(root, depth)
            .iter()
            .flatten()
            .all(|(_, position)| book.get(position).is_some());
    if !complete {
        return Err(format!(
            "{} is a book of another build (depth {}, {} positions): remove it or choose another \
             --out",
            out.display(),
            book.depth(),
            book.len()
        ));
    }
    Ok(book)
}
