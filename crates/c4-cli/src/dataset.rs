//! `c4 dataset build`: positions labelled by the solver, for `c4 tune` and grading.

use crate::plies::PlyRange;
use anyhow::{Result, bail};
use c4_engine::solver::book::BookChoice;
use c4_lab::dataset::{self, BuildProgress, DatasetSpec, Source};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum DatasetCommand {
    /// Sample positions from games of varied players (or of a run), label each with the
    /// solver's exact score and every column's, and split them by game into training and
    /// validation. Resumable: run the same command again after an interruption.
    Build(BuildArgs),
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// Positions wanted (distinct up to mirror, none from the reference sets).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub positions: u64,
    /// Plies of the sampled positions: A-B.
    #[arg(long, default_value = "4-30")]
    pub plies: PlyRange,
    /// Take the games of this run (a games file or a `--out` folder) instead of playing new
    /// ones.
    #[arg(long)]
    pub from_games: Option<PathBuf>,
    /// Positions sampled per game at most.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=42))]
    pub per_game: u64,
    /// Percent of games held out for validation.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=50))]
    pub valid_percent: u64,
    /// Seed of the games and the sampling.
    #[arg(long)]
    pub seed: u64,
    /// The dataset: one JSON position per line. Its work log is FILE.partial until done.
    #[arg(long)]
    pub out: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// log2 of each worker's solver table entries.
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(19..=27))]
    pub table: u32,
    /// Opening book for the labels: `builtin`, `none` or a file.
    #[arg(long, default_value = "builtin")]
    pub book: BookChoice,
}

pub fn run(command: &DatasetCommand) -> Result<()> {
    match command {
        DatasetCommand::Build(args) => build(args),
    }
}

struct Bar(ProgressBar);

impl BuildProgress for Bar {
    fn game_done(&self, _game: u64, positions: usize) {
        self.0
            .set_position(positions.min(self.0.length().unwrap_or(u64::MAX) as usize) as u64);
    }

    fn warn(&self, message: &str) {
        self.0.suspend(|| eprintln!("warning: {message}"));
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    dataset::check_out(&args.out)?;
    if let Some(path) = &args.from_games
        && !path.exists()
    {
        bail!("--from-games {}: no such file or folder", path.display());
    }
    let spec = DatasetSpec {
        positions: usize::try_from(args.positions)?,
        plies: args.plies.0.clone(),
        per_game: args.per_game as usize,
        valid_percent: args.valid_percent,
        seed: args.seed,
        source: args
            .from_games
            .clone()
            .map_or(Source::Generated, Source::Games),
    };
    let pool = crate::threads::pool(args.threads)?;
    let book = args.book.load()?;
    let bar = ProgressBar::new(args.positions);
    bar.set_style(
        ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} positions, {elapsed} elapsed, ETA {eta}",
        )
        .expect("the progress template is valid")
        .progress_chars("=> "),
    );
    let started = Instant::now();
    let samples = pool.install(|| {
        dataset::build(
            &spec,
            &dataset::work_path(&args.out),
            args.table,
            book,
            &Bar(bar.clone()),
        )
    })?;
    bar.finish_and_clear();
    let wrote = dataset::finish(&args.out, &samples)?;
    eprintln!("{wrote} in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
