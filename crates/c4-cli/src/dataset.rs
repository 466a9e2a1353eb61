//! `c4 dataset build`: positions labelled by the solver, for `c4 tune` and grading;
//! `c4 dataset grade`: players graded on them.

use crate::board_size::SizeArg;
use crate::plies::PlyRange;
use anyhow::{Context, Result, bail};
use c4_books::BookChoice;
use c4_dataset::grade::{self as grading, BAND_PLIES, Counts, Which};
use c4_dataset::{self as dataset, BuildProgress, DatasetSpec, Source, Split};
use c4_players::{LayerChoice, PlayerSpec};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Subcommand, Debug)]
pub enum DatasetCommand {
    /// Sample positions from games of varied players (or of a run), label each with the
    /// solver's exact score and every column's, and split them by game into training and
    /// validation. Resumable: run the same command again after an interruption.
    Build(BuildArgs),
    /// Grade players on a dataset's positions: the share of moves that give away a win or a
    /// draw (as the mistakes experiment grades the reference sets), in all and by ply band.
    Grade(GradeArgs),
}

#[derive(clap::Args, Debug)]
pub struct GradeArgs {
    /// The dataset (`c4 dataset build --out FILE`).
    #[arg(long, required_unless_present = "reference")]
    pub data: Option<PathBuf>,
    /// Grade on the six reference sets instead (the `mistakes` experiment's: Begin-Easy,
    /// Middle-Easy, End-Easy, Begin-Medium, Middle-Medium, Begin-Hard), every column of their
    /// first --first positions scored by the solver first; mistakes in % of the positions.
    #[arg(long, conflicts_with_all = ["data", "split"])]
    pub reference: bool,
    /// With --reference: positions graded of each set, its first ones.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub first: u64,
    /// A player spec or level; give several to compare them.
    #[arg(long = "player", required = true)]
    pub players: Vec<String>,
    /// Which positions of the dataset: `all`, `train` or `valid`.
    #[arg(long, default_value = "all", value_parser = ["all", "train", "valid"])]
    pub split: String,
    /// Seed of the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = crate::threads::parser())]
    pub threads: Option<usize>,
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// Positions wanted (distinct up to mirror, none from the reference sets).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub positions: u64,
    /// Plies of the sampled positions: A-B, below the board's cells [default: 4-30, ending
    /// at the board's last ply where it has fewer cells].
    #[arg(long)]
    pub plies: Option<PlyRange>,
    /// Take the games of this run (a games file or a `--out` folder) instead of playing new
    /// ones.
    #[arg(long, conflicts_with = "players")]
    pub from_games: Option<PathBuf>,
    /// A player of the generated games (spec or level), instead of the built-in pool of
    /// varied players; repeat it to name several. Each side of each game is drawn from them
    /// with equal chance, so a spec given twice is drawn twice as often.
    #[arg(long = "player")]
    pub players: Vec<String>,
    /// Positions sampled per game at most.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=42))]
    pub per_game: u64,
    /// Leave out the positions that this dataset holds, or their mirror images (the sets
    /// that will grade what learns from this one, say); repeat it to name several. A build
    /// may be resumed with other files: they choose the positions kept, not the games.
    #[arg(long, value_name = "FILE")]
    pub exclude: Vec<PathBuf>,
    /// Percent of games held out for validation.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=50))]
    pub valid_percent: u64,
    /// Seed of the games and the sampling.
    #[arg(long)]
    pub seed: u64,
    /// The dataset: one JSON position per line. Its work log is FILE.partial until done.
    #[arg(long)]
    pub out: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = crate::threads::parser())]
    pub threads: Option<usize>,
    /// log2 of each worker's solver table entries.
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(19..=27))]
    pub table: u32,
    /// Opening book for the labels: `builtin`, `none` or a file.
    #[arg(long, default_value = "builtin")]
    pub book: BookChoice,
    /// The ply-12 layer beside the book: `builtin` (read beside the built-in book only),
    /// `none` or a folder of chunks. The labels are the same; plies 10-12 are found sooner.
    #[arg(long, value_name = "LAYER", default_value = "builtin")]
    pub layers: LayerChoice,
    /// The board of the games and positions (with --from-games, the games' own). Off 7x6
    /// the built-in book and layer (7x6's) are not read, the pool's players bound to 7x6 play
    /// with size-general evaluators instead, and each position records its board.
    #[command(flatten)]
    pub board: SizeArg,
}

pub fn run(command: &DatasetCommand) -> Result<()> {
    match command {
        DatasetCommand::Build(args) => build(args),
        DatasetCommand::Grade(args) => grade(args),
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
    let size = match &args.from_games {
        Some(path) => args.board.of_file(
            dataset::recorded_board(path)?,
            &format!("--from-games {}", path.display()),
        )?,
        None => args.board.size(),
    };
    let plies = args
        .plies
        .clone()
        .unwrap_or_else(|| PlyRange::default_on(size));
    plies.check_on(size)?;
    let spec = DatasetSpec {
        size,
        positions: usize::try_from(args.positions)?,
        plies: plies.0,
        per_game: args.per_game as usize,
        valid_percent: args.valid_percent,
        seed: args.seed,
        source: match (&args.from_games, args.players.is_empty()) {
            (Some(path), _) => Source::Games(path.clone()),
            (None, true) => Source::Generated,
            (None, false) => Source::Players(args.players.clone()),
        },
        exclude: args.exclude.clone(),
    };
    let pool = crate::threads::pool(args.threads)?;
    let stores = c4_players::score_stores(&args.book, &args.layers, size)?;
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
            stores,
            &Bar(bar.clone()),
        )
    })?;
    bar.finish_and_clear();
    let wrote = dataset::finish(&args.out, &samples)?;
    eprintln!("{wrote} in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn grade(args: &GradeArgs) -> Result<()> {
    let which = match args.split.as_str() {
        "train" => Which::Split(Split::Train),
        "valid" => Which::Split(Split::Valid),
        _ => Which::All,
    };
    let specs = args
        .players
        .iter()
        .map(|text| PlayerSpec::parse(text, args.seed).with_context(|| format!("--player {text}")))
        .collect::<Result<Vec<_>>>()?;
    let pool = crate::threads::pool(args.threads)?;
    let Some(data) = &args.data else {
        return grade_reference(args, &specs, &pool);
    };
    let samples = dataset::read(data)?;
    let mut rows = Vec::new();
    for (text, spec) in args.players.iter().zip(&specs) {
        let grades = pool.install(|| grading::grade(&samples, which, spec, args.seed))?;
        rows.push((text, grades));
    }
    let Some((_, first)) = rows.first() else {
        unreachable!("clap asks for a player")
    };
    if first.all.positions == 0 {
        bail!(
            "{}: no positions in the split {}",
            data.display(),
            args.split
        );
    }
    let bands = rows.iter().map(|(_, g)| g.bands.len()).max().unwrap_or(0);
    let band_name = |band: usize| {
        let low = band as u32 * BAND_PLIES;
        format!("plies {low}-{}", low + BAND_PLIES - 1)
    };
    println!(
        "{} ({} split): mistakes, % of the positions where a move can be one (positions in brackets)",
        data.display(),
        args.split
    );
    let width = rows.iter().map(|(t, _)| t.len()).max().unwrap_or(6).max(6);
    let cell = |c: &Counts| format!("{:.1} ({})", c.decisive_mistake_pct(), c.decisive);
    let mut header = format!("{:<width$}  {:>14}  {:>11}", "player", "all", "not optimal");
    for band in 0..bands {
        header.push_str(&format!("  {:>13}", band_name(band)));
    }
    println!("{header}");
    for (text, grades) in &rows {
        let mut line = format!(
            "{text:<width$}  {:>14}  {:>10.1}%",
            cell(&grades.all),
            grades.all.not_optimal_pct()
        );
        for band in 0..bands {
            let counts = grades.bands.get(band).copied().unwrap_or_default();
            line.push_str(&format!("  {:>13}", cell(&counts)));
        }
        println!("{line}");
    }
    println!(
        "not optimal: % of all {} positions whose move scores below the best",
        first.all.positions
    );
    Ok(())
}

/// `c4 dataset grade --reference`: each player's mistakes on the six reference sets, in % of
/// the positions graded (as `c4 experiment mistakes` counts them), and their mean.
fn grade_reference(args: &GradeArgs, specs: &[PlayerSpec], pool: &rayon::ThreadPool) -> Result<()> {
    // The built-in book and layer: the same scores, found sooner.
    let store = c4_players::builtin_stores();
    let sets = pool.install(|| {
        grading::reference_samples(usize::try_from(args.first)?, REFERENCE_TABLE_BITS, store)
            .context("labelling the reference sets")
    })?;
    let counts: Vec<String> = sets
        .iter()
        .map(|(name, samples)| format!("{name} {}", samples.len()))
        .collect();
    println!(
        "reference sets, mistakes in % of the positions graded ({})",
        counts.join(", ")
    );
    let width = args
        .players
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(6)
        .max(6);
    let mut header = format!("{:<width$}", "player");
    for (name, _) in &sets {
        header.push_str(&format!("  {name:>13}"));
    }
    println!("{header}  {:>6}", "mean");
    for (text, spec) in args.players.iter().zip(specs) {
        let mut line = format!("{text:<width$}");
        let mut sum = 0.0;
        for (_, samples) in &sets {
            let grades = pool.install(|| grading::grade(samples, Which::All, spec, args.seed))?;
            let pct = grades.all.mistake_pct();
            sum += pct;
            line.push_str(&format!("  {pct:>13.1}"));
        }
        println!("{line}  {:>6.2}", sum / sets.len() as f64);
    }
    Ok(())
}

/// log2 of each worker's solver table entries when the reference sets are labelled.
const REFERENCE_TABLE_BITS: u32 = 22;
