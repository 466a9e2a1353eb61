//! `c4 verify`: the games of a run checked against perfect play, move by move.
//!
//! Every position a player moved from is solved exactly, deepest first on one kept table, and
//! appended at once to a scores file (a c4 book), so an interrupted check resumes where it
//! stopped and a second check of the same games costs nothing.

use crate::board_size::SizeArg;
use crate::solver_args::SolverArgs;
use anyhow::{Result, bail};
use c4_arena::book::resume_scores_in;
use c4_arena::log::AppendLog;
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::run::{MANIFEST_FILE, RunLock, RunManifest};
use c4_arena::verify::{CheckedMove, Verdict, check_game_in, positions_to_score_in};
use c4_books::text::header_line_in;
use c4_books::{OpeningBook, max_depth};
use c4_core::{Geometry, Position, Size, with_geometry};
use c4_solver::ExactScore;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// A run folder (`c4 match --out`, `c4 tournament --out`) or its games JSONL file; with
    /// --size, only that board's games of a file holding several boards' are checked.
    pub games: PathBuf,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub board: SizeArg,
    /// Where the exact scores are kept between runs (default: `verified-positions.book`
    /// beside the games).
    #[arg(long)]
    pub scores: Option<PathBuf>,
    /// How many of the moves short of optimal to list (at most 100000).
    #[arg(long, default_value_t = 20, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=100_000))]
    pub mistakes: usize,
    /// Print the verdict as JSON (every mistake listed) instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &VerifyArgs) -> Result<()> {
    let games_path = if args.games.is_dir() {
        args.games.join("games.jsonl")
    } else {
        args.games.clone()
    };
    if !games_path.is_file() {
        bail!(
            "{} is not a games file or a run folder",
            args.games.display()
        );
    }
    let run = RunState::of(&games_path)?;
    // The file is read, never continued: only a run still writing it leaves a last line
    // that does not parse for a reason other than damage.
    let loaded = if run.being_written {
        GameLog::load_being_written(&games_path)?
    } else {
        GameLog::load_finished(&games_path)?
    };
    if let Some(manifest) = &run.manifest {
        let folder = games_path.parent().unwrap_or(Path::new("."));
        args.board
            .of_file(manifest.size, &format!("the run in {}", folder.display()))?;
        manifest.check_games(&games_path, &loaded)?;
    }
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    let mut records = loaded.records;
    records.sort_by_key(|r| r.game);
    let size = board_of(args.board, &games_path, &mut records)?;
    args.solver.first_ply(size)?;
    if records.is_empty() {
        bail!("{} holds no finished game", games_path.display());
    }
    let unfinished = run.unfinished(records.len() as u64);
    if let Some(expected) = unfinished {
        eprintln!(
            "warning: the run is unfinished: {} of its {expected} games are played, and only \
             they are checked (resume it with --resume to play the rest)",
            records.len()
        );
    }
    let scores_path = args.scores.clone().unwrap_or_else(|| {
        games_path
            .parent()
            .unwrap_or(Path::new("."))
            .join("verified-positions.book")
    });

    let write_scores = !run.writes_into(&scores_path);
    if !write_scores {
        eprintln!(
            "warning: a c4 run is still writing {}: the games finished so far are checked, and \
             no scores are written into its folder (give --scores FILE elsewhere to keep them)",
            games_path.parent().unwrap_or(Path::new(".")).display()
        );
    }
    let scores = write_scores.then_some(scores_path.as_path());
    let checked = with_geometry!(size, g => check_all(args, &records, scores, g))?;
    let verdict = Verdict::of(&records, &checked);
    if args.json {
        let mut json = verdict.to_json();
        json["unfinished"] = serde_json::json!(unfinished.map(|expected| serde_json::json!({
            "played": records.len(),
            "expected": expected,
        })));
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{}", verdict.to_text(args.mistakes));
    }
    Ok(())
}

/// The board whose games of `records` (read from `path`) are checked: `board`'s, the others
/// left out, or else the one board of them all (games of several are refused).
fn board_of(board: SizeArg, path: &Path, records: &mut Vec<GameRecord>) -> Result<Size> {
    if let Some(asked) = board.asked {
        records.retain(|r| r.size == asked);
        if records.is_empty() {
            bail!(
                "{} holds no finished game of the {asked} board",
                path.display()
            );
        }
        return Ok(asked);
    }
    let size = records.first().map_or(Size::STANDARD, |r| r.size);
    if let Some(other) = records.iter().find(|r| r.size != size) {
        bail!(
            "{} holds games of the {size} board and of the {} board (game {}): a check is of \
             one board's games, chosen with --size",
            path.display(),
            other.size,
            other.game
        );
    }
    Ok(size)
}

/// The moves of every game of `records`, all on the board of `geometry`, checked: the scores
/// of `scores` (a file kept between checks, or none) read and each position they lack
/// solved and appended there.
fn check_all<G: Geometry>(
    args: &VerifyArgs,
    records: &[GameRecord],
    scores: Option<&Path>,
    geometry: G,
) -> Result<Vec<Vec<CheckedMove>>> {
    let size = geometry.size();
    let depth = max_depth(size);
    let mut known = OpeningBook::new_in(size, depth);
    let header = header_line_in(size, depth);
    let (reused, scores_log) = match scores {
        Some(path) => {
            let resumed = resume_scores_in(path, &header, &mut known, geometry)?;
            for warning in &resumed.warnings {
                eprintln!("warning: {warning}");
            }
            (resumed.scores, Some(resumed.log))
        }
        None => (0, None),
    };
    let book = args.solver.book_in(size)?;
    let todo = positions_to_solve(
        records,
        args.solver.from_ply,
        &known,
        book.as_deref(),
        geometry,
    )?;
    eprintln!(
        "{} games; {} positions to solve ({reused} known{})",
        records.len(),
        todo.len(),
        scores.map_or_else(String::new, |path| format!(" from {}", path.display()))
    );
    if !todo.is_empty() {
        solve_all(args, &todo, book.clone(), scores_log, &mut known, geometry)?;
    }
    let exact = |p: &Position<G>| known_score(&known, book.as_deref(), p);
    Ok(records
        .iter()
        .map(|record| check_game_in(record, args.solver.from_ply, geometry, exact))
        .collect::<Result<Vec<_>, _>>()?)
}

/// The run folder a games file belongs to, if any: its manifest and whether another
/// process is writing it. While this command runs, it holds the folder's lock if it could
/// take it, so that no run starts writing the folder under it.
struct RunState {
    folder: Option<PathBuf>,
    manifest: Option<RunManifest>,
    _lock: Option<RunLock>,
    being_written: bool,
}

impl RunState {
    fn of(games_path: &Path) -> Result<RunState> {
        let folder = games_path
            .parent()
            .filter(|dir| dir.join(MANIFEST_FILE).is_file());
        let Some(folder) = folder else {
            return Ok(RunState {
                folder: None,
                manifest: None,
                _lock: None,
                being_written: false,
            });
        };
        let manifest = RunManifest::load(folder)?;
        let lock = RunLock::try_acquire(folder)?;
        Ok(RunState {
            folder: Some(folder.to_owned()),
            manifest,
            being_written: lock.is_none(),
            _lock: lock,
        })
    }

    /// The games the run is to hold, if it holds fewer (`played`).
    fn unfinished(&self, played: u64) -> Option<u64> {
        self.manifest
            .as_ref()
            .map(RunManifest::expected_games)
            .filter(|&expected| played < expected)
    }

    /// Whether writing `path` would write into a folder that another run is writing.
    fn writes_into(&self, path: &Path) -> bool {
        self.being_written
            && self.folder.as_ref().is_some_and(|folder| {
                let parent = path.parent().unwrap_or(Path::new("."));
                same_folder(parent, folder)
            })
    }
}

/// Whether two paths name one folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a.starts_with(b),
        _ => a == b,
    }
}

/// The score of `position` from the scores file or the book, if either holds it.
fn known_score<G: Geometry>(
    known: &OpeningBook,
    book: Option<&OpeningBook>,
    position: &Position<G>,
) -> Option<ExactScore> {
    known.get(position).or_else(|| book?.get(position))
}

/// The distinct positions (one of each mirror pair) that neither the scores file nor the
/// book holds, deepest first, so that each solve finds the deeper ones' bounds in the table.
fn positions_to_solve<G: Geometry>(
    records: &[GameRecord],
    from_ply: u32,
    known: &OpeningBook,
    book: Option<&OpeningBook>,
    geometry: G,
) -> Result<Vec<(String, Position<G>)>> {
    let mut todo = HashMap::new();
    for record in records {
        for (moves, position) in positions_to_score_in(record, from_ply, geometry)? {
            if known_score(known, book, &position).is_none() {
                todo.entry(position.canonical_key())
                    .or_insert((moves, position));
            }
        }
    }
    let mut todo: Vec<(String, Position<G>)> = todo.into_values().collect();
    todo.sort_by(|(a, _), (b, _)| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    Ok(todo)
}

fn solve_all<G: Geometry>(
    args: &VerifyArgs,
    todo: &[(String, Position<G>)],
    book: Option<Arc<OpeningBook>>,
    mut scores_log: Option<AppendLog>,
    known: &mut OpeningBook,
    geometry: G,
) -> Result<()> {
    let mut solver = args.solver.solver_in(book, geometry);
    let bar = ProgressBar::new(todo.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} positions, ply {msg}, {elapsed} elapsed, ETA {eta}",
        )
        .expect("the progress template is valid")
        .progress_chars("=> "),
    );
    let started = Instant::now();
    for (moves, position) in todo {
        bar.set_message(position.moves_played().to_string());
        // The table is kept: entries are bounds of positions, true whatever the root.
        let (score, _) = solver
            .solve(position)
            .map_err(|e| anyhow::anyhow!("{moves}: {e}"))?;
        if let Some(log) = &mut scores_log {
            log.append(&format!("{moves} {score}"))?;
        }
        known.insert(position, score);
        bar.inc(1);
    }
    bar.finish_and_clear();
    eprintln!(
        "solved {} positions in {:.1} s",
        todo.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
