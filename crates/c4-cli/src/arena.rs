//! `c4 match` and `c4 tournament`: many games in parallel, recorded as they end.

use crate::board_size::SizeArg;
use anyhow::{Context, Result, bail};
use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, MatchObserver, OpeningError, Openings, run_match_in,
};
use c4_arena::record::GameRecord;
use c4_arena::run::{OpenRun, RunKind, RunManifest, check_resumed};
use c4_arena::stats::Sprt;
use c4_arena::summary::MatchSummary;
use c4_arena::tournament::{Crosstable, pairings};
use c4_core::{Geometry, excerpt, with_geometry};
use c4_eval::BoardTables;
use c4_players::PlayerSpec;
use c4_solver::files;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;

/// Who moves first.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstArg {
    /// A always.
    A,
    /// B always.
    B,
    /// Alternate game by game.
    Alternate,
}

/// Options every run of games shares.
#[derive(clap::Args, Debug)]
pub struct RunOptions {
    /// Games to play (per pairing in a tournament).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = crate::threads::parser())]
    pub threads: Option<usize>,
    /// Seed of every random choice; printed and recorded.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start games from these openings (a move string per line); each is played twice, colours swapped.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Start each pair of games from a random opening of this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub random_openings: Option<u32>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = FirstArg::Alternate)]
    pub first: FirstArg,
    /// Write games.jsonl and the summaries here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the run in --out: play only the games it is missing.
    #[arg(long, requires = "out")]
    pub resume: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// Player A.
    #[arg(long)]
    pub a: String,
    /// Player B.
    #[arg(long)]
    pub b: String,
    #[command(flatten)]
    pub run: RunOptions,
    /// Stop when a sequential probability ratio test decides: `ELO0,ELO1[,ALPHA,BETA]`.
    #[arg(long)]
    pub sprt: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// A player as NAME=SPEC; give two or more.
    #[arg(long = "player", required = true)]
    pub players: Vec<String>,
    #[command(flatten)]
    pub run: RunOptions,
}

struct Progress(ProgressBar);

impl MatchObserver for Progress {
    fn game_finished(&self, _: &GameRecord, done: u64, _: u64) {
        self.0.set_position(done);
    }
}

fn progress_bar(total: u64, label: &str) -> Progress {
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} games, {elapsed} elapsed, ETA {eta}",
        )
        .expect("the progress template is valid")
        .progress_chars("=> "),
    );
    bar.set_prefix(label.to_owned());
    Progress(bar)
}

/// The largest openings file read: a line per opening, a million of them at most.
const MAX_OPENINGS_BYTES: u64 = 64 << 20;

/// The openings of the run, a listed one read on the board of `geometry`.
fn openings<G: Geometry>(options: &RunOptions, geometry: G) -> Result<Openings> {
    if let Some(path) = &options.openings {
        let text = files::read_text(path, MAX_OPENINGS_BYTES)?;
        let list: Vec<String> = text
            .lines()
            .map(|l| l.split_whitespace().next().unwrap_or("").to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        if list.is_empty() {
            bail!("{} holds no openings", path.display());
        }
        for (i, line) in list.iter().enumerate() {
            Openings::check_in(line, geometry)
                .map_err(|e| anyhow::anyhow!("{} line {}: {e}", path.display(), i + 1))?;
        }
        return Ok(Openings::List(list));
    }
    let openings = options
        .random_openings
        .map_or(Openings::None, Openings::Random);
    match openings.check_on(geometry.size()) {
        Ok(()) => Ok(openings),
        Err(OpeningError::RandomTooLong { plies, size }) => bail!(
            "--random-openings {plies}: the {size} board has {} cells, so an opening that \
             leaves a game to play has at most {} plies",
            size.cells(),
            size.cells() - 1
        ),
        Err(error) => Err(error.into()),
    }
}

/// What an earlier run left in `--out` when resuming, and the games file open for appending
/// under the folder's lock (see [`OpenRun`]); nothing without `--out`.
fn open_run(
    options: &RunOptions,
    manifest: &RunManifest,
) -> Result<(Vec<GameRecord>, Option<OpenRun>)> {
    let Some(dir) = &options.out else {
        return Ok((Vec::new(), None));
    };
    let mut run = OpenRun::open(dir, manifest, options.resume)?;
    for warning in &run.warnings {
        eprintln!("warning: {warning}");
    }
    Ok((std::mem::take(&mut run.done), Some(run)))
}

fn contestant(label: &str, spec: &str) -> Result<Contestant> {
    Ok(Contestant {
        label: label.to_owned(),
        spec: PlayerSpec::parse(spec, 0).with_context(|| format!("player {label}"))?,
    })
}

pub fn run_match_command(args: &MatchArgs) -> Result<()> {
    with_geometry!(args.run.board.size(), g => match_in(args, g))
}

/// `c4 match` on the board of `geometry`.
fn match_in<G: BoardTables>(args: &MatchArgs, geometry: G) -> Result<()> {
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let config = MatchConfig {
        a: contestant("A", &args.a)?,
        b: contestant("B", &args.b)?,
        games: args.run.games,
        seed: args.run.seed,
        openings: openings(&args.run, geometry)?,
        first: first_policy(args.run.first),
        sprt,
    };
    let players = [config.a.clone(), config.b.clone()];
    let manifest = RunManifest::new(
        RunKind::Match,
        geometry.size(),
        &players,
        config.seed,
        config.first,
        config.openings.clone(),
        config.games,
    );
    let (done, mut run) = open_run(&args.run, &manifest)?;
    check_resumed(&done, std::slice::from_ref(&config))?;
    match done.len().min(config.games as usize) {
        0 => eprintln!("seed {}; {} games", config.seed, config.games),
        played => eprintln!(
            "seed {}; {played} of {} games already played",
            config.seed, config.games
        ),
    }
    let pool = crate::threads::pool(args.run.threads)?;
    let progress = progress_bar(config.games, "match");
    progress.0.set_position(done.len() as u64);
    let records = pool.install(|| {
        run_match_in(
            &config,
            geometry,
            done,
            run.as_mut().map(|r| &mut r.log),
            &progress,
        )
    })?;
    progress.0.finish_and_clear();
    let summary = MatchSummary::of(&records, config.seed, config.sprt.as_ref());
    let mut out = std::io::stdout().lock();
    write!(out, "{}", summary.to_text())?;
    if let Some(dir) = &args.run.out {
        summary.save(dir)?;
        writeln!(
            out,
            "games, summary.json and summary.csv in {0} (`c4 verify {0}` checks every move \
             against perfect play)",
            dir.display()
        )?;
    }
    Ok(())
}

fn first_policy(first: FirstArg) -> FirstPolicy {
    match first {
        FirstArg::A => FirstPolicy::A,
        FirstArg::B => FirstPolicy::B,
        FirstArg::Alternate => FirstPolicy::Alternate,
    }
}

pub fn run_tournament(args: &TournamentArgs) -> Result<()> {
    with_geometry!(args.run.board.size(), g => tournament_in(args, g))
}

/// `c4 tournament` on the board of `geometry`.
fn tournament_in<G: BoardTables>(args: &TournamentArgs, geometry: G) -> Result<()> {
    let mut players: Vec<Contestant> = Vec::new();
    for text in &args.players {
        let (name, spec) = text
            .split_once('=')
            .with_context(|| format!("--player {:?}: expected NAME=SPEC", excerpt(text)))?;
        if name.is_empty() || players.iter().any(|p| p.label == name) {
            bail!(
                "--player {:?}: names must be non-empty and unique",
                excerpt(text)
            );
        }
        players.push(contestant(name, spec)?);
    }
    if players.len() < 2 {
        bail!("a tournament needs at least two --player");
    }
    let openings = self::openings(&args.run, geometry)?;
    let (games, seed, first) = (args.run.games, args.run.seed, first_policy(args.run.first));
    let manifest = RunManifest::new(
        RunKind::Tournament,
        geometry.size(),
        &players,
        seed,
        first,
        openings.clone(),
        games,
    );
    let (done, mut run) = open_run(&args.run, &manifest)?;
    let pool = crate::threads::pool(args.run.threads)?;
    let configs = pairings(&players, games, seed, &openings, first);
    check_resumed(&done, &configs)?;
    let progress = progress_bar(args.run.games * configs.len() as u64, "tournament");
    let mut all = Vec::new();
    for config in &configs {
        let previous: Vec<GameRecord> = done
            .iter()
            .filter(|r| r.a == config.a.label && r.b == config.b.label)
            .cloned()
            .collect();
        let base = all.len() as u64;
        struct Offset<'a>(&'a Progress, u64);
        impl MatchObserver for Offset<'_> {
            fn game_finished(&self, _: &GameRecord, done: u64, _: u64) {
                self.0.0.set_position(self.1 + done);
            }
        }
        let records = pool.install(|| {
            run_match_in(
                config,
                geometry,
                previous,
                run.as_mut().map(|r| &mut r.log),
                &Offset(&progress, base),
            )
        })?;
        all.extend(records);
    }
    progress.0.finish_and_clear();
    let names: Vec<String> = players.iter().map(|p| p.label.clone()).collect();
    let table = Crosstable::of(&names, &all);
    print!("{}", table.report(args.run.seed, args.run.games));
    if let Some(dir) = &args.run.out {
        table.save(dir, args.run.seed)?;
    }
    Ok(())
}
