//! `c4 review`: one game judged move by move against perfect play.

use crate::board_size::SizeArg;
use crate::solver_args::SolverArgs;
use anyhow::{Context, Result, bail};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::review::review_record_within;
use c4_core::{Size, excerpt, with_geometry};
use c4_players::review::{self, ReviewProgress};
use c4_solver::SolveLimits;
use c4_terminal::words::column_keys;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// A game: its moves (`4453...`, `ddec...`), or a games file (`c4 play --save`) or run
    /// folder (`c4 match --out`) whose name cannot be moves; for any other path, use --file.
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    pub game: Option<String>,
    /// A games file or run folder to read, whatever its name.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Which game of a file holding several: its index in the run.
    #[arg(long)]
    pub game_index: Option<u64>,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub board: SizeArg,
    /// Print the review as JSON.
    #[arg(long)]
    pub json: bool,
    /// The review's budget in seconds: the moves are judged from the last backwards (late
    /// positions solve fastest) until it is spent, and the review names the moves it judged
    /// and those it did not.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_REVIEW_SECONDS,
          value_parser = parse_seconds)]
    pub time: f64,
}

/// `c4 review`'s budget when `--time` is not given, seconds.
const DEFAULT_REVIEW_SECONDS: f64 = 60.0;

/// The longest `--time` taken: a day.
const MAX_REVIEW_SECONDS: f64 = 86_400.0;

/// Why a `--time` is refused.
#[derive(Debug, thiserror::Error)]
enum SecondsError {
    /// Not a number.
    #[error("{0:?} is not a number of seconds")]
    NotANumber(String),
    /// Not above 0, or over a day.
    #[error("{0} seconds: the budget is above 0 and at most {MAX_REVIEW_SECONDS} (a day)")]
    OutOfRange(String),
}

/// `--time SECONDS`: a number of seconds above 0, at most a day.
fn parse_seconds(text: &str) -> Result<f64, SecondsError> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| SecondsError::NotANumber(text.to_owned()))?;
    if seconds > 0.0 && seconds <= MAX_REVIEW_SECONDS {
        Ok(seconds)
    } else {
        Err(SecondsError::OutOfRange(text.to_owned()))
    }
}

/// Where a review stands, on one line of standard error rewritten as it goes (on a terminal
/// only; a pipe gets the review alone).
fn show_progress(progress: ReviewProgress, started: std::time::Instant) {
    eprint!(
        "\rjudging move {} ({} of {} judged, {:.0} s)\x1b[K",
        progress.ply + 1,
        progress.judged,
        progress.total,
        started.elapsed().as_secs_f64()
    );
}

/// Whether `text` is spelled as a move string: digits only, or letters of the columns of a
/// board of `size` only.
fn could_be_moves(text: &str, size: Size) -> bool {
    let letter = |c: char| ('a'..=size.last_letter()).contains(&c.to_ascii_lowercase());
    !text.is_empty() && (text.chars().all(|c| c.is_ascii_digit()) || text.chars().all(letter))
}

/// What is reviewed: moves, or a file's game (named) and its record.
enum Judged<'a> {
    Moves(&'a str),
    Game(String, Box<GameRecord>),
}

pub fn run(args: &ReviewArgs) -> Result<()> {
    // The game argument is read as moves when it is spelled as moves, even if a file of that
    // name exists; as a file otherwise, or with --file.
    let (size, judged) = match (&args.game, &args.file) {
        (Some(moves), None) if could_be_moves(moves, args.board.size()) => {
            if args.game_index.is_some() {
                bail!(
                    "--game-index picks a game of a file; {:?} is a move string (a file of \
                     that name is read with --file)",
                    excerpt(moves)
                );
            }
            (args.board.size(), Judged::Moves(moves))
        }
        (game, file) => {
            let path = file.as_deref().or(game.as_deref().map(Path::new));
            let path = path.expect("clap requires a game or --file");
            if let Err(error) = std::fs::metadata(path) {
                let name = excerpt(&path.to_string_lossy());
                if args.file.is_some() {
                    bail!("cannot open --file {name:?}: {error}");
                }
                bail!(
                    "cannot open {name:?}: {error}; nor is it a move string (moves are {})",
                    column_keys(args.board.size())
                );
            }
            let (file, record) = record_of(path, args.game_index)?;
            let game = format!("game {} of {}", record.game, file.display());
            (
                args.board.of_file(record.size, &game)?,
                Judged::Game(game, Box::new(record)),
            )
        }
    };
    let from_ply = args.solver.first_ply(size)?;
    match &judged {
        Judged::Moves(moves) => eprintln!("reviewing the moves {}", excerpt(moves)),
        Judged::Game(game, _) => eprintln!("reviewing {game}"),
    }
    // The game is reviewed on its board, by a solver of that board and its book.
    let book = args.solver.book_in(size)?;
    let budget = SolveLimits {
        nodes: None,
        time: Some(Duration::from_secs_f64(args.time)),
    };
    let on_terminal = std::io::stderr().is_terminal();
    let started = std::time::Instant::now();
    let mut progress = |p: ReviewProgress| {
        if on_terminal {
            show_progress(p, started);
        }
    };
    let review = with_geometry!(size, g => {
        let mut solver = args.solver.solver_in(book, g);
        match &judged {
            Judged::Moves(moves) => {
                let names = ["red".to_owned(), "yellow".to_owned()];
                review::review_watched(moves, from_ply, names, &mut solver, budget, &mut progress)
                    .map_err(|e| anyhow::anyhow!("invalid game: {e}"))
            }
            Judged::Game(game, record) => {
                review_record_within(record, from_ply, &mut solver, budget, &mut progress)
                    .map_err(|e| anyhow::anyhow!("{game}: {e}"))
            }
        }
    });
    if on_terminal {
        eprint!("\r\x1b[K");
    }
    let review = review?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&review)?);
    } else {
        print!("{}", review.to_text());
    }
    Ok(())
}

/// The game record in `path`, a games file or run folder (one game, or the one of index
/// `index`), with the file it was read from. The file is read as finished: every line must be
/// a game record, the last one too.
fn record_of(path: &Path, index: Option<u64>) -> Result<(PathBuf, GameRecord)> {
    let file = if path.is_dir() {
        path.join("games.jsonl")
    } else {
        path.to_owned()
    };
    if !file.is_file() {
        bail!(
            "{} is not a file: review a games file (`c4 play --save`) or a run folder \
             (`c4 match --out`)",
            file.display()
        );
    }
    let loaded = GameLog::load_finished(&file)?;
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    let mut records = loaded.records;
    let record = match (index, records.len()) {
        (_, 0) => bail!(
            "{} holds no game record: review a games file (`c4 play --save`) or a run folder \
             (`c4 match --out`)",
            file.display()
        ),
        (None, 1) => records.remove(0),
        (None, n) => bail!(
            "{} holds {n} games: choose one with --game-index N",
            file.display()
        ),
        (Some(i), _) => records
            .into_iter()
            .find(|r| r.game == i)
            .with_context(|| format!("{} has no game {i}", file.display()))?,
    };
    Ok((file, record))
}

#[cfg(test)]
mod tests {
    use super::could_be_moves;
    use c4_core::Size;

    #[test]
    fn moves_are_digits_or_letters_of_the_board() {
        for moves in ["4453", "ddec", "DDEC", "4458"] {
            assert!(could_be_moves(moves, Size::STANDARD), "{moves}");
        }
        for path in ["", "games", "game.jsonl", "./4453", "runs/a", "44a", "hh"] {
            assert!(!could_be_moves(path, Size::STANDARD), "{path}");
        }
        let wide: Size = "11x4".parse().unwrap();
        assert!(could_be_moves("fkka", wide));
        assert!(!could_be_moves("fkla", wide));
    }
}
