//! `c4 review`: one game judged move by move against perfect play.

use crate::solver_args::SolverArgs;
use anyhow::{Context, Result, bail};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::review::review_record;
use c4_engine::review::{self, Review};
use std::path::Path;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// A game: its moves (`4453...`), or a games file (`c4 play --save`) or run folder
    /// (`c4 match --out`), one game of it picked with --game-index.
    pub game: String,
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

pub fn run(args: &ReviewArgs) -> Result<()> {
    let mut solver = args.solver.solver(args.solver.book()?);
    let path = Path::new(&args.game);
    let review = if path.exists() {
        let record = record_of(path, args.game_index)?;
        review_record(&record, args.from_ply, &mut solver)
    } else if args.game.chars().all(|c| c.is_ascii_alphanumeric()) && !args.game.is_empty() {
        if args.game_index.is_some() {
            bail!(
                "--game-index picks a game of a file; {:?} is a move string",
                args.game
            );
        }
        review::review(
            &args.game,
            args.from_ply,
            ["red".to_owned(), "yellow".to_owned()],
            &mut solver,
        )
    } else {
        bail!("{:?} is neither a file nor a move string", args.game);
    }
    .map_err(|e| anyhow::anyhow!("invalid game: {e}"))?;
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

/// The game record in `path`: a games file or run folder (one game, or the one of index
/// `index`).
fn record_of(path: &Path, index: Option<u64>) -> Result<GameRecord> {
    let file = if path.is_dir() {
        path.join("games.jsonl")
    } else {
        path.to_owned()
    };
    let loaded = GameLog::load(&file).with_context(|| format!("reading {}", file.display()))?;
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    let mut records = loaded.records;
    match (index, records.len()) {
        (_, 0) => bail!("{} holds no finished game", file.display()),
        (None, 1) => Ok(records.remove(0)),
        (None, n) => bail!(
            "{} holds {n} games: choose one with --game-index N",
            file.display()
        ),
        (Some(i), _) => records
            .into_iter()
            .find(|r| r.game == i)
            .with_context(|| format!("{} has no game {i}", file.display())),
    }
}
