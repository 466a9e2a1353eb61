//! `c4 review`: one game judged move by move against perfect play.

use crate::solver_args::SolverArgs;
use anyhow::{Context, Result, bail};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::review::review_record;
use c4_core::{excerpt, with_geometry};
use c4_players::review::{self, Review};
use std::path::{Path, PathBuf};

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
    /// Judge only the moves from this ply on (moves before it are taken as an opening).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=41))]
    pub from_ply: u32,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Print the review as JSON.
    #[arg(long)]
    pub json: bool,
}

/// What the command line names: moves, or a games file or run folder.
#[derive(Debug, PartialEq, Eq)]
enum GameSource<'a> {
    Moves(&'a str),
    File(&'a Path),
}

impl ReviewArgs {
    /// The game argument read as moves when it is spelled as moves (all digits, or all
    /// letters a-g), even if a file of that name exists; a file otherwise, or with --file.
    fn source(&self) -> GameSource<'_> {
        match (&self.file, &self.game) {
            (Some(file), _) => GameSource::File(file),
            (None, Some(game)) if could_be_moves(game) => GameSource::Moves(game),
            (None, Some(game)) => GameSource::File(Path::new(game)),
            (None, None) => unreachable!("clap requires a game or --file"),
        }
    }
}

/// Whether `text` is spelled as a move string: digits only, or letters a-g only.
fn could_be_moves(text: &str) -> bool {
    !text.is_empty()
        && (text.chars().all(|c| c.is_ascii_digit())
            || text
                .chars()
                .all(|c| matches!(c.to_ascii_lowercase(), 'a'..='g')))
}

pub fn run(args: &ReviewArgs) -> Result<()> {
    let review = match args.source() {
        GameSource::Moves(moves) => {
            if args.game_index.is_some() {
                bail!(
                    "--game-index picks a game of a file; {:?} is a move string (a file of \
                     that name is read with --file)",
                    excerpt(moves)
                );
            }
            eprintln!("reviewing the moves {}", excerpt(moves));
            let mut solver = args.solver.solver(args.solver.book()?);
            review::review(
                moves,
                args.from_ply,
                ["red".to_owned(), "yellow".to_owned()],
                &mut solver,
            )
            .map_err(|e| anyhow::anyhow!("invalid game: {e}"))?
        }
        GameSource::File(path) => {
            if let Err(error) = std::fs::metadata(path) {
                let name = excerpt(&path.to_string_lossy());
                if args.file.is_some() {
                    bail!("cannot open --file {name:?}: {error}");
                }
                bail!(
                    "cannot open {name:?}: {error}; nor is it a move string (moves are digits \
                     1-7 or letters a-g)"
                );
            }
            let (file, record) = record_of(path, args.game_index)?;
            eprintln!("reviewing game {} of {}", record.game, file.display());
            // The game is reviewed on its board, by a solver of that board and its book.
            let book = args.solver.book_in(record.size)?;
            with_geometry!(record.size, g => {
                let mut solver = args.solver.solver_in(book, g);
                review_record(&record, args.from_ply, &mut solver)
            })
            .map_err(|e| anyhow::anyhow!("{}: game {}: {e}", file.display(), record.game))?
        }
    };
    print(&review, args.json)
}

fn print(review: &Review, json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(review)?);
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

    #[test]
    fn moves_are_digits_or_letters_a_to_g() {
        for moves in ["4453", "ddec", "DDEC", "4458"] {
            assert!(could_be_moves(moves), "{moves}");
        }
        for path in ["", "games", "game.jsonl", "./4453", "runs/a", "44a"] {
            assert!(!could_be_moves(path), "{path}");
        }
    }
}
