//! `c4 learn`: train an n-tuple network by self-play, resumably, with its learning curve;
//! `c4 learn fit`: fit one to a dataset the solver labelled; `c4 learn blend`: several
//! networks as one.

use crate::board_size::SizeArg;
use anyhow::{Context, Result, anyhow, bail};
use c4_eval::ntuple::{Network, WeightsChoice, file as weights_file};
use c4_learn::learn::checkpoint::write_atomically;
use c4_learn::learn::fit::Loss;
use c4_learn::learn::fit_run::{self, FitEnd, FitMeasurement, FitRequest};
use c4_learn::learn::metrics::SampleCount;
use c4_learn::learn::output;
use c4_learn::learn::run::{self, Cadence, LearnObserver, Measurement, RunEnd};
use c4_learn::learn::spec::{MAX_OPENING_PLIES, StartFile};
use c4_learn::learn::{LearnError, LearnSpec, TupleLayout};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct LearnArgs {
    #[command(subcommand)]
    pub command: Option<LearnCommand>,
    /// The run folder: learn.json, checkpoint.bin, metrics.csv, curve.svg and, at the end,
    /// network.c4nt. Run the same command again to resume an interrupted run.
    #[arg(long, required = true)]
    pub out: Option<PathBuf>,
    /// Self-play games in all.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub games: u64,
    /// Tuples in the network, laid as random walks by the seed.
    #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u64).range(1..=1000), conflicts_with = "from")]
    pub tuples: u64,
    /// Cells a tuple.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(2..=10), conflicts_with = "from")]
    pub length: u64,
    /// Base step size.
    #[arg(long, default_value_t = LearnSpec::default().alpha)]
    pub alpha: f32,
    /// Trace decay per ply (0: TD(0)).
    #[arg(long, default_value_t = LearnSpec::default().lambda)]
    pub lambda: f32,
    /// Temporal coherence's exponent (0: every weight steps by alpha).
    #[arg(long, default_value_t = LearnSpec::default().tcl_beta)]
    pub tcl_beta: f32,
    /// Chance of a random move at the first game, falling linearly to --epsilon-end.
    #[arg(long, default_value_t = LearnSpec::default().epsilon_start)]
    pub epsilon: f32,
    /// Chance of a random move at the last game.
    #[arg(long, default_value_t = LearnSpec::default().epsilon_end)]
    pub epsilon_end: f32,
    /// Seed of the layout and of every game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How the tuples are laid: `walks` (random walks, the published setups') or `lines`
    /// (each grown from a line of four, so that every line of four is read whole by a tuple).
    #[arg(long, default_value = "walks", value_parser = ["walks", "lines"], conflicts_with = "from")]
    pub layout: String,
    /// Start from this network (the shipped one, a fit's `network.c4nt`) instead of zeros:
    /// its tuples are the run's, so --tuples, --length and --layout are refused with it.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Start each self-play game from a random opening of 0 to PLIES plies (0: every game
    /// from the empty board), so that the network learns positions away from its own line.
    #[arg(long, value_name = "PLIES", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_OPENING_PLIES)))]
    pub openings: u32,
    /// With --openings, the share of games that start from a random opening (the rest from
    /// the empty board).
    #[arg(long, value_name = "SHARE", default_value_t = 1.0)]
    pub opening_share: f32,
    /// Games between checkpoints, at most 1000000000: a kill loses at most these.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub checkpoint_every: u64,
    /// Games between measurements (mistakes on the sample, score against easy), at most
    /// 1000000000.
    #[arg(long, default_value_t = 50_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub eval_every: u64,
    /// Positions of each sample set graded [default: 100, or as many as a small board gives].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub sample: Option<u64>,
    /// Games against easy a measurement plays.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub eval_games: u64,
    /// Stop once the run has played this many games, after a checkpoint; the same command
    /// without it goes on from there to the same weights (a long run in pieces).
    #[arg(long, value_name = "GAMES", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub until: Option<u64>,
    /// Play no games: write the network of the run's latest checkpoint to this file (a
    /// snapshot of a run that goes on, to grade or to play with `eval=ntuple,weights=FILE`).
    #[arg(long, value_name = "FILE")]
    pub snapshot: Option<PathBuf>,
    /// The board the network learns on and plays (default 7x6, or --from's network's). On
    /// another board than 7x6 the sample graded is drawn from random games on it.
    #[command(flatten)]
    pub size: SizeArg,
}

/// What `c4 learn` does besides self-play.
#[derive(clap::Subcommand, Debug)]
pub enum LearnCommand {
    /// Fit a network to the solver's labels of a dataset (`c4 dataset build`): minibatch
    /// steps on each position's result and its moves' (resumable, as a self-play run).
    Fit(Box<FitArgs>),
    /// Blend networks into one whose value is their mean (before the tanh): every network's
    /// tuples in one file, each network's weights divided by their number.
    Blend(BlendArgs),
}

#[derive(clap::Args, Debug)]
pub struct BlendArgs {
    /// A network to blend: `builtin` (the one c4 ships) or a `.c4nt` file; give two or more,
    /// of one board and one tuple length.
    #[arg(long = "network", value_name = "FILE", required = true, num_args = 1)]
    pub networks: Vec<String>,
    /// The blended network's file (`eval=ntuple,weights=FILE`).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

fn run_blend(args: &BlendArgs) -> Result<()> {
    let mut choices: Vec<(&str, WeightsChoice)> = Vec::with_capacity(args.networks.len());
    for text in &args.networks {
        let choice: WeightsChoice = text.parse().expect("any text names a network");
        if let Some((earlier, _)) = choices.iter().find(|(_, seen)| same_network(seen, &choice)) {
            bail!(
                "--network {text} is --network {earlier} again: a network blended with itself \
                 is that network; name each network once"
            );
        }
        choices.push((text, choice));
    }
    let files: Vec<(&str, &Path)> = choices
        .iter()
        .filter_map(|(_, choice)| match choice {
            WeightsChoice::File(path) => Some(("--network", path.as_path())),
            WeightsChoice::Builtin => None,
        })
        .collect();
    output::check_output("--out", &args.out, &files)?;
    let mut networks = Vec::with_capacity(choices.len());
    for (text, choice) in &choices {
        let network = choice.load().with_context(|| format!("--network {text}"))?;
        networks.push(network.to_network());
    }
    let blend = Network::blend(&networks.iter().collect::<Vec<_>>())?;
    let bytes = weights_file::encode(&blend);
    write_atomically(&args.out, &bytes)?;
    println!(
        "{} networks blended: {} tuples of {} cells on {}, {} bytes (crc32 {:08x}): the network is {}",
        networks.len(),
        blend.layout().tuples().len(),
        blend.layout().tuple_len(),
        blend.size(),
        bytes.len(),
        weights_file::fingerprint(&bytes),
        args.out.display()
    );
    Ok(())
}

struct Bar(ProgressBar);

impl LearnObserver for Bar {
    fn played(&self, games: u64, total: u64) {
        self.0.set_length(total);
        self.0.set_position(games);
    }
    fn measured(&self, m: &Measurement) {
        self.0.set_message(format!(
            "mistakes {:.1}%, score vs easy {:.2}",
            m.mistakes_pct, m.score
        ));
        let line = format!(
            "{} games: one-ply mistakes {:.2}% on the sample, score against easy {:.3}, epsilon {:.3}",
            m.games, m.mistakes_pct, m.score, m.epsilon
        );
        // A hidden bar (standard error not a terminal: a log file) prints nothing itself.
        if self.0.is_hidden() {
            eprintln!("{line}");
        } else {
            self.0.println(line);
        }
    }
}

pub fn run(args: &LearnArgs) -> Result<()> {
    match &args.command {
        Some(LearnCommand::Fit(fit)) => return run_fit(fit),
        Some(LearnCommand::Blend(blend)) => return run_blend(blend),
        None => {}
    }
    let out = args.out.as_ref().context("--out is required")?;
    if let Some(file) = &args.snapshot {
        let games = run::write_snapshot(out, file)?;
        println!("{games} games: the network is {}", file.display());
        return Ok(());
    }
    let (from, tuples, length, size) = match &args.from {
        Some(path) => {
            let (file, network) = StartFile::read(path)?;
            let size = args
                .size
                .of_file(network.size(), &format!("--from {}", path.display()))?;
            let tuples = network.layout().tuples();
            let length = tuples.iter().map(Vec::len).max().unwrap_or(0);
            (Some(file), tuples.len(), length, size)
        }
        None => (
            None,
            args.tuples as usize,
            args.length as usize,
            args.size.size(),
        ),
    };
    let spec = LearnSpec {
        tuples,
        length,
        games: args.games,
        alpha: args.alpha,
        lambda: args.lambda,
        tcl_beta: args.tcl_beta,
        epsilon_start: args.epsilon,
        epsilon_end: args.epsilon_end,
        seed: args.seed,
        layout: TupleLayout::from_name(&args.layout).expect("clap checked the name"),
        openings: args.openings,
        opening_share: args.opening_share,
        from,
        size,
    };
    let cadence = Cadence {
        checkpoint_every: args.checkpoint_every,
        eval_every: args.eval_every,
        sample_per_set: args.sample.map_or(SampleCount::UpTo(DEFAULT_SAMPLE), |n| {
            SampleCount::Exactly(n as usize)
        }),
        eval_games: args.eval_games,
    };
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {per_sec}, eta {eta} {msg}")
            .expect("a valid template"),
    );
    let observer = Bar(bar);
    let end =
        run::run(out, &spec, cadence, args.until, &observer).map_err(|error| match error {
            LearnError::Setting {
                name: "sample",
                value,
                expected,
            } => anyhow!("--sample {value}: expected {expected}"),
            error => error.into(),
        })?;
    observer.0.finish_and_clear();
    match end {
        RunEnd::Finished(_) => println!(
            "{} games: the network is {}",
            args.games,
            out.join(run::NETWORK_FILE).display()
        ),
        RunEnd::Paused { games } => println!(
            "{games} of {} games: paused at a checkpoint in {} (the same command without --until goes on)",
            args.games,
            out.display()
        ),
    }
    Ok(())
}

/// Positions of each sample set a run grades when `--sample` is not given (fewer where the
/// board gives fewer).
const DEFAULT_SAMPLE: usize = 100;

/// Whether two `--network`s name one network: `builtin` twice, or one file (by identity).
fn same_network(a: &WeightsChoice, b: &WeightsChoice) -> bool {
    match (a, b) {
        (WeightsChoice::Builtin, WeightsChoice::Builtin) => true,
        (WeightsChoice::File(a), WeightsChoice::File(b)) => a == b || output::same_file(a, b),
        _ => false,
    }
}

#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// The labelled positions (`c4 dataset build --out FILE`, of any board: the network is
    /// of the dataset's board): its training positions are fitted, its validation ones
    /// measured after each epoch.
    #[arg(long)]
    pub dataset: PathBuf,
    /// Leave out the dataset's positions that this dataset holds, or their mirror images
    /// (the sets that will grade the network, say), from training and validation alike;
    /// repeat it to name several.
    #[arg(long, value_name = "FILE")]
    pub exclude: Vec<PathBuf>,
    /// The run folder: fit.json, checkpoint.bin (after each epoch), metrics.csv and, at the
    /// end, network.c4nt. Run the same command again to resume an interrupted run.
    #[arg(long)]
    pub out: PathBuf,
    /// Start from this network (`network.c4nt` of a self-play run, say, of the dataset's
    /// board) instead of a fresh one.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub epochs: u64,
    /// Labelled positions a minibatch, valued with the same weights before their steps.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub batch: u64,
    /// Step size at the first epoch (each selected weight moves by it times the error).
    #[arg(long, default_value_t = 0.002)]
    pub rate: f32,
    /// Step size at the last epoch, reached linearly.
    #[arg(long, default_value_t = 0.0005)]
    pub rate_end: f32,
    /// `logistic` (cross-entropy of the value as a probability) or `squared` (its squared
    /// error).
    #[arg(long, default_value = "logistic", value_parser = ["logistic", "squared"])]
    pub loss: String,
    /// How much of a win's target (1) its distance takes away: 0 fits win, draw and loss
    /// alone; D fits the slowest win at 1 - D.
    #[arg(long, default_value_t = 0.0)]
    pub distance: f32,
    /// Fit the positions alone, not also the positions each move leads to.
    #[arg(long)]
    pub no_children: bool,
    /// Tuples of a fresh network.
    #[arg(long, default_value_t = 70, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub tuples: u64,
    /// Cells a tuple of a fresh network.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(2..=10))]
    pub length: u64,
    /// How a fresh network's tuples are laid: `walks` or `lines` (as `c4 learn --layout`).
    #[arg(long, default_value = "walks", value_parser = ["walks", "lines"])]
    pub layout: String,
    /// Seed of a fresh network's layout and of every epoch's order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop once the run has done this many epochs, after a checkpoint; the same command
    /// without it goes on from there to the same weights.
    #[arg(long, value_name = "EPOCHS", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub until: Option<u64>,
}

fn run_fit(args: &FitArgs) -> Result<()> {
    let request = FitRequest {
        dataset: args.dataset.clone(),
        exclude: args.exclude.clone(),
        from: args.from.clone(),
        tuples: args.tuples as usize,
        length: args.length as usize,
        layout: TupleLayout::from_name(&args.layout).expect("clap checked the name"),
        epochs: args.epochs,
        batch: args.batch as usize,
        rate: args.rate,
        rate_end: args.rate_end,
        loss: Loss::from_name(&args.loss).expect("clap checked the name"),
        distance: args.distance,
        children: !args.no_children,
        seed: args.seed,
    };
    let mut observe = |m: &FitMeasurement| {
        eprintln!(
            "epoch {}: training mse {:.4}, validation mse {:.4}, one-ply mistakes {:.2}% ({:.0} s)",
            m.epoch, m.train_mse, m.valid_mse, m.valid_mistakes_pct, m.seconds
        );
    };
    let fit = fit_run::prepare(&request)?;
    if !args.exclude.is_empty() {
        eprintln!(
            "left out {} of the dataset's positions: {} training and {} validation positions remain",
            fit.left_out,
            fit.examples.train.len(),
            fit.examples.valid.len()
        );
    }
    match fit_run::run_prepared(&args.out, fit, args.until, &mut observe)? {
        FitEnd::Finished(_) => println!(
            "{} epochs: the network is {}",
            args.epochs,
            args.out.join(fit_run::NETWORK_FILE).display()
        ),
        FitEnd::Paused { epochs } => println!(
            "{epochs} of {} epochs: paused at a checkpoint in {} (the same command without --until goes on)",
            args.epochs,
            args.out.display()
        ),
    }
    Ok(())
}
