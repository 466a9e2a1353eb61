//! Work in shards, for a distributed runner (`c4lab.ray`): the pieces a driver needs to split
//! a match or a tournament into seeded units, have them computed anywhere, and write the
//! results into the run folder exactly as `c4 match --out` and `c4 tournament --out` do, on
//! the board each is given (`size`, "WxH", 7x6 by default, as `--size`).
//!
//! - [`run_plan`]: the pairings of a run (canonical specs and each pairing's seed), checked.
//! - [`play_games`]: any games of a pairing by index; every game follows from the pairing's
//!   seed and its index alone, so a shard computed twice gives the same games.
//! - [`RunFolder`]: the driver's side of a run folder: the games already there, appending the
//!   games shards return, and the summaries at the end.
//! - [`BookRun`] and [`book_solve`]: a book build's deepest ply solved in shards anywhere,
//!   its progress file and finished book the same as `c4 book build`'s.

use crate::arena::{first_policy, openings, thread_pool};
use crate::arguments::{BookDepth, GameCount, GameIndex, Seed, TableBits, Threads, board};
use crate::error::CoreError;
use crate::value_error;
use c4_arena::book::{BookFormat, BookProgress, Opened, solve_lines};
use c4_arena::matches::{Contestant, FirstPolicy, MatchConfig, Openings, play_game_in};
use c4_arena::record::GameRecord;
use c4_arena::run::{OpenRun, RunKind, RunManifest, check_resumed};
use c4_arena::summary::MatchSummary;
use c4_arena::tournament::{Crosstable, pairings};
use c4_books::build::BookBuild;
use c4_core::{Game, Size, excerpt, with_geometry};
use c4_players::PlayerSpec;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;

/// One pairing of a run: A's label and canonical spec, B's, and the pairing's seed.
type Pairing = (String, String, String, String, u64);

fn run_kind(text: &str) -> PyResult<RunKind> {
    match text {
        "match" => Ok(RunKind::Match),
        "tournament" => Ok(RunKind::Tournament),
        _ => Err(value_error(format!(
            "kind={:?}: use \"match\" or \"tournament\"",
            excerpt(text)
        ))),
    }
}

/// The player `spec` labelled `label`, for the board `size`: a player bound to another size
/// (an evaluator of 7x6) is refused here, naming both, before any game.
fn contestant(label: String, spec: &str, size: Size) -> PyResult<Contestant> {
    let named = |reason: String| value_error(format!("player {label}: {reason}"));
    let spec = PlayerSpec::parse(spec, 0)
        .map_err(|e| named(format!("invalid player {:?}: {e}", excerpt(spec))))?;
    spec.check_size(size).map_err(|e| named(e.to_string()))?;
    Ok(Contestant { label, spec })
}

fn contestants(
    kind: RunKind,
    players: &[(String, String)],
    size: Size,
) -> PyResult<Vec<Contestant>> {
    match kind {
        RunKind::Match if players.len() != 2 => {
            return Err(value_error("a match has two players, A and B"));
        }
        RunKind::Tournament if players.len() < 2 => {
            return Err(value_error("a tournament needs at least two players"));
        }
        _ => {}
    }
    let mut seen = HashSet::new();
    players
        .iter()
        .map(|(label, spec)| {
            if label.is_empty() || !seen.insert(label.as_str()) {
                return Err(value_error(format!(
                    "player {:?}: names must be non-empty and unique",
                    excerpt(label)
                )));
            }
            contestant(label.clone(), spec, size)
        })
        .collect()
}

/// Everything a run's games follow from, checked.
struct Plan {
    kind: RunKind,
    size: Size,
    players: Vec<Contestant>,
    games: u64,
    seed: u64,
    openings: Openings,
    first: FirstPolicy,
}

impl Plan {
    fn new(
        kind: &str,
        players: &[(String, String)],
        GameCount(games): GameCount,
        Seed(seed): Seed,
        openings: Option<&Bound<'_, PyAny>>,
        first: &str,
        size: &str,
    ) -> PyResult<Plan> {
        let kind = run_kind(kind)?;
        let size = board(size)?;
        Ok(Plan {
            kind,
            size,
            players: contestants(kind, players, size)?,
            games,
            seed,
            openings: self::openings(openings, size)?,
            first: first_policy(first)?,
        })
    }

    fn configs(&self) -> Vec<MatchConfig> {
        match self.kind {
            RunKind::Match => vec![MatchConfig {
                a: self.players[0].clone(),
                b: self.players[1].clone(),
                games: self.games,
                seed: self.seed,
                openings: self.openings.clone(),
                first: self.first,
                sprt: None,
            }],
            RunKind::Tournament => pairings(
                &self.players,
                self.games,
                self.seed,
                &self.openings,
                self.first,
            ),
        }
    }

    fn manifest(&self) -> RunManifest {
        RunManifest::new(
            self.kind,
            self.size,
            &self.players,
            self.seed,
            self.first,
            self.openings.clone(),
            self.games,
        )
    }
}

/// The pairings of a run (`kind` "match" or "tournament", `players` as (label, spec)) on the
/// board `size`: `(a_label, a_spec, b_label, b_spec, seed)` each, specs canonical, seeds as
/// `c4 match` and `c4 tournament` draw them. Raises `ValueError` for any bad input (a size
/// there is not, a player bound to another size, an opening off the board).
#[pyfunction]
#[pyo3(signature = (kind, players, games, seed = Seed(1), openings = None, first = "alternate", size = "7x6"))]
pub fn run_plan(
    kind: &str,
    players: Vec<(String, String)>,
    games: GameCount,
    seed: Seed,
    openings: Option<&Bound<'_, PyAny>>,
    first: &str,
    size: &str,
) -> PyResult<Vec<Pairing>> {
    let plan = Plan::new(kind, &players, games, seed, openings, first, size)?;
    Ok(plan
        .configs()
        .into_iter()
        .map(|c| {
            (
                c.a.label,
                c.a.spec.to_string(),
                c.b.label,
                c.b.spec.to_string(),
                c.seed,
            )
        })
        .collect())
}

/// Plays games `games` (indices) of one pairing seeded `seed` on the board `size`, on
/// `threads` threads (default 1): the JSON records `games.jsonl` holds, in the order of
/// `games`. Raises `ValueError` for a bad size, a player bound to another size or an opening
/// off the board, and naming the game for a player that cannot be built there.
#[pyfunction]
#[pyo3(signature = (a_label, a_spec, b_label, b_spec, seed, games, openings = None, first = "alternate", threads = Threads(1), size = "7x6"))]
#[allow(clippy::too_many_arguments)]
pub fn play_games(
    py: Python<'_>,
    a_label: String,
    a_spec: &str,
    b_label: String,
    b_spec: &str,
    seed: Seed,
    games: Vec<GameIndex>,
    openings: Option<&Bound<'_, PyAny>>,
    first: &str,
    threads: Threads,
    size: &str,
) -> PyResult<Vec<String>> {
    let size = board(size)?;
    let games: Vec<u64> = games.into_iter().map(|GameIndex(g)| g).collect();
    let config = MatchConfig {
        a: contestant(a_label, a_spec, size)?,
        b: contestant(b_label, b_spec, size)?,
        games: games.iter().max().map_or(0, |g| g + 1),
        seed: seed.0,
        openings: self::openings(openings, size)?,
        first: first_policy(first)?,
        sprt: None,
    };
    let pool = thread_pool(Some(threads))?;
    let records = py.detach(|| {
        pool.install(|| {
            with_geometry!(size, g => games
                .par_iter()
                .map(|&game| {
                    play_game_in(&config, game, g).map_err(|reason| CoreError::Game {
                        game,
                        a: config.a.label.clone(),
                        b: config.b.label.clone(),
                        reason: reason.to_string(),
                    })
                })
                .collect::<Result<Vec<GameRecord>, CoreError>>())
        })
    })?;
    Ok(records
        .iter()
        .map(|r| serde_json::to_string(r).expect("records serialize"))
        .collect())
}

/// A run folder, opened by the driver of a distributed run: it holds the folder's lock until
/// `close()` (or the end of the process), so two drivers cannot write one run.
#[pyclass(module = "c4lab", unsendable)]
pub struct RunFolder {
    dir: PathBuf,
    plan: Plan,
    run: Option<OpenRun>,
    /// The run's pairings, which every game in the folder must be of.
    pairings: Vec<MatchConfig>,
    records: Vec<GameRecord>,
    keys: HashSet<(String, String, u64)>,
}

#[pymethods]
impl RunFolder {
    /// Opens `out` for the run on the board `size`: with `resume`, the run there must be this
    /// one (any difference, the size included, is refused by name) and its games are kept;
    /// without, `out` must hold no games.
    #[new]
    #[pyo3(signature = (out, kind, players, games, seed = Seed(1), openings = None, first = "alternate", resume = false, size = "7x6"))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        out: PathBuf,
        kind: &str,
        players: Vec<(String, String)>,
        games: GameCount,
        seed: Seed,
        openings: Option<&Bound<'_, PyAny>>,
        first: &str,
        resume: bool,
        size: &str,
    ) -> PyResult<RunFolder> {
        let plan = Plan::new(kind, &players, games, seed, openings, first, size)?;
        let mut run = OpenRun::open(&out, &plan.manifest(), resume).map_err(value_error)?;
        for warning in &run.warnings {
            eprintln!("warning: {warning}");
        }
        let pairings = plan.configs();
        let mut folder = RunFolder {
            dir: out,
            plan,
            run: None,
            pairings,
            records: Vec::new(),
            keys: HashSet::new(),
        };
        for record in std::mem::take(&mut run.done) {
            folder.check(&record)?;
            folder.keep(record);
        }
        folder.run = Some(run);
        Ok(folder)
    }

    /// The games already in the folder, as `(a_label, b_label, game)`.
    fn done(&self) -> Vec<(String, String, u64)> {
        self.keys.iter().cloned().collect()
    }

    /// Appends the JSON records a shard returned, each checked against the run (its pairing,
    /// its specs, its index, its moves) and written at once.
    fn append(&mut self, lines: Vec<String>) -> PyResult<()> {
        for line in lines {
            let mut record: GameRecord = serde_json::from_str(&line)
                .map_err(|e| value_error(format!("a shard returned a bad record: {e}")))?;
            record.recompute_result().map_err(value_error)?;
            self.check(&record)?;
            if self.keys.contains(&key(&record)) {
                continue;
            }
            let run = self
                .run
                .as_mut()
                .ok_or_else(|| value_error("the run folder is closed"))?;
            run.log
                .append(&record)
                .map_err(|e| value_error(format!("writing {}: {e}", run.log.path().display())))?;
            self.keep(record);
        }
        Ok(())
    }

    /// Writes the summaries (`summary.json`, `summary.csv`) and returns the text the CLI
    /// prints for the run; the games need not be complete.
    fn finish(&mut self) -> PyResult<String> {
        self.records.sort_by_key(|r| r.game);
        match self.plan.kind {
            RunKind::Match => {
                let summary = MatchSummary::of(&self.records, self.plan.seed, None);
                summary.save(&self.dir).map_err(value_error)?;
                Ok(summary.to_text())
            }
            RunKind::Tournament => {
                let names: Vec<String> =
                    self.plan.players.iter().map(|p| p.label.clone()).collect();
                let table = Crosstable::of(&names, &self.records);
                table.save(&self.dir, self.plan.seed).map_err(value_error)?;
                Ok(table.report(self.plan.seed, self.plan.games))
            }
        }
    }

    /// Games in the folder.
    fn __len__(&self) -> usize {
        self.records.len()
    }

    /// Releases the folder's lock; the object writes nothing more.
    fn close(&mut self) {
        self.run = None;
    }
}

fn key(record: &GameRecord) -> (String, String, u64) {
    (record.a.clone(), record.b.clone(), record.game)
}

impl RunFolder {
    /// A record belongs to the run: it is of the run's board, and of the run by the rule
    /// every resumed run follows ([`check_resumed`]).
    fn check(&self, record: &GameRecord) -> PyResult<()> {
        let refused = |reason: String| {
            value_error(format!(
                "game {} of {} against {} is not a game of the run in {}: {reason}",
                record.game,
                record.a,
                record.b,
                self.dir.display()
            ))
        };
        if record.size != self.plan.size {
            return Err(refused(format!(
                "it is played on the {} board, the run on {}",
                record.size, self.plan.size
            )));
        }
        check_resumed(std::slice::from_ref(record), &self.pairings)
            .map_err(|e| refused(e.to_string()))
    }

    fn keep(&mut self, record: GameRecord) {
        self.keys.insert(key(&record));
        self.records.push(record);
    }
}

/// The driver's side of a distributed book build (`c4 book build`'s files): the positions of
/// the deepest ply still to solve, the scores shards return appended to `OUT.partial`, then
/// the shallower plies derived and the book written.
#[pyclass(module = "c4lab", unsendable)]
pub struct BookRun {
    out: PathBuf,
    build: BookBuild,
    format: BookFormat,
    state: BookState,
}

enum BookState {
    Finished(usize),
    Building(Box<BookProgress>),
    Closed,
}

#[pymethods]
impl BookRun {
    /// Opens the build of the book of the positions after `start` to ply `depth` into `out`
    /// (`format` "binary" or "text"; default by the file's name), resuming its progress file.
    #[new]
    #[pyo3(signature = (out, depth, start = "", table_bits = TableBits(24), format = None))]
    fn new(
        out: PathBuf,
        depth: BookDepth,
        start: &str,
        table_bits: TableBits,
        format: Option<&str>,
    ) -> PyResult<BookRun> {
        let (BookDepth(depth), TableBits(table_bits)) = (depth, table_bits);
        let root = Game::from_moves(start)
            .map_err(|e| value_error(format!("invalid start {:?}: {e}", excerpt(start))))?;
        // Checks the root and depth as the CLI does; its one worker only derives the shallower
        // plies at the end (and solves whatever of the deepest no shard returned).
        let build = BookBuild::new(root.clone(), depth, 1, table_bits)
            .map_err(|e| value_error(format!("start {:?}, depth {depth}: {e}", excerpt(start))))?;
        let format = match format {
            None => BookFormat::for_path(&out),
            Some("binary") => BookFormat::Binary,
            Some("text") => BookFormat::Text,
            Some(other) => {
                return Err(value_error(format!(
                    "format={:?}: use \"binary\" or \"text\"",
                    excerpt(other)
                )));
            }
        };
        let state = match BookProgress::open(&out, &root, depth).map_err(value_error)? {
            Opened::Finished(book) => BookState::Finished(book.len()),
            Opened::Building(progress) => {
                for warning in &progress.warnings {
                    eprintln!("warning: {warning}");
                }
                BookState::Building(Box::new(progress))
            }
        };
        Ok(BookRun {
            out,
            build,
            format,
            state,
        })
    }

    /// Whether `out` already holds this build's finished book.
    fn finished(&self) -> bool {
        matches!(self.state, BookState::Finished(_))
    }

    /// Positions in the finished book (0 while building).
    fn positions(&self) -> usize {
        match self.state {
            BookState::Finished(n) => n,
            _ => 0,
        }
    }

    /// The deepest ply's positions without a score yet, as move strings, neighbours together.
    fn todo(&self) -> Vec<String> {
        match &self.state {
            BookState::Building(progress) => progress.todo(),
            _ => Vec::new(),
        }
    }

    /// Records the `MOVES SCORE` lines a shard returned, each checked and appended at once.
    fn append(&mut self, lines: Vec<String>) -> PyResult<()> {
        let BookState::Building(progress) = &mut self.state else {
            return Err(value_error("the book is not being built"));
        };
        for line in lines {
            progress.add_line(&line).map_err(value_error)?;
        }
        Ok(())
    }

    /// Derives the shallower plies (and solves here whatever of the deepest is missing),
    /// writes the book and removes the progress file; returns a one-line summary.
    fn finish(&mut self, py: Python<'_>) -> PyResult<String> {
        let state = std::mem::replace(&mut self.state, BookState::Closed);
        let BookState::Building(mut progress) = state else {
            self.state = state;
            return Err(value_error("the book is not being built"));
        };
        let build = &self.build;
        py.detach(|| progress.run(build, |_| {}))
            .map_err(|e| value_error(e.to_string()))?;
        let written = progress.finish(self.format).map_err(value_error)?;
        self.state = BookState::Finished(written);
        Ok(format!(
            "wrote {written} positions to {}",
            self.out.display()
        ))
    }
}

/// Solves positions of one ply (move strings, neighbours best together) on one table of
/// `2^table_bits` slots: their `MOVES SCORE` lines, as a book build writes them.
#[pyfunction]
#[pyo3(signature = (moves, table_bits = TableBits(24)))]
pub fn book_solve(
    py: Python<'_>,
    moves: Vec<String>,
    table_bits: TableBits,
) -> PyResult<Vec<String>> {
    py.detach(|| solve_lines(&moves, table_bits.0))
        .map_err(value_error)
}
