//! `c4 experiment` and `c4 report`: the papers' tables rerun, paper beside ours.

use anyhow::{Context, Result, bail};
use c4_arena::experiments::profiles::{self, PROFILES};
use c4_arena::experiments::{
    EXPERIMENTS, Experiment, RunSettings, accuracy, build_report, games_path, ladder, play_table,
};

/// The experiment measured against the solver rather than against a paper's table.
const ACCURACY: &str = "accuracy";
/// The round robin of every kind of player.
const LADDER: &str = "ladder";
use c4_arena::matches::MatchObserver;
use c4_arena::record::{GameLog, GameRecord};
use indicatif::ProgressBar;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct ExperimentArgs {
    /// `list`, `all`, or an experiment's name (see `c4 experiment list`).
    pub name: String,
    /// Games per row instead of the paper's count.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: Option<u64>,
    /// A few games per row: checks the whole pipeline in a minute or two.
    #[arg(long)]
    pub quick: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output folder (default results/NAME); a second run there resumes the first.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// A folder written by `c4 experiment`.
    pub dir: PathBuf,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct RunInfo {
    experiment: String,
    seed: u64,
}

struct Bar(ProgressBar);

impl MatchObserver for Bar {
    fn game_finished(&self, _: &GameRecord, _: u64, _: u64) {
        self.0.inc(1);
    }

    fn warn(&self, message: &str) {
        self.0.suspend(|| eprintln!("warning: {message}"));
    }
}

fn find(name: &str) -> Result<&'static Experiment> {
    EXPERIMENTS
        .iter()
        .find(|e| e.name == name)
        .with_context(|| {
            format!(
                "unknown experiment {name:?}; experiments: {}",
                EXPERIMENTS
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

pub fn run(args: &ExperimentArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.name == "list" {
        for e in EXPERIMENTS {
            writeln!(out, "{:26} {} ({})", e.name, e.title, e.source)?;
        }
        for p in PROFILES {
            writeln!(out, "{:26} {} ({})", p.name, p.title, p.source)?;
        }
        writeln!(
            out,
            "{ACCURACY:26} move quality of every heuristic against perfect play (c4)"
        )?;
        writeln!(
            out,
            "{LADDER:26} every heuristic, the engine and the perfect player in one Elo ladder (c4)"
        )?;
        return Ok(());
    }
    let names: Vec<&str> = if args.name == "all" {
        EXPERIMENTS
            .iter()
            .map(|e| e.name)
            .chain(PROFILES.iter().map(|p| p.name))
            .chain([ACCURACY, LADDER])
            .collect()
    } else if let Some(own) = [ACCURACY, LADDER].into_iter().find(|n| *n == args.name) {
        vec![own]
    } else if let Some(profile) = PROFILES.iter().find(|p| p.name == args.name) {
        vec![profile.name]
    } else {
        vec![find(&args.name)?.name]
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        if n == 0 || n > 256 {
            bail!("--threads must be from 1 to 256");
        }
        pool = pool.num_threads(n);
    }
    let pool = pool.build()?;
    for name in names {
        let dir = match (&args.out, args.name == "all") {
            (Some(base), true) => base.join(name),
            (Some(dir), false) => dir.clone(),
            (None, _) => PathBuf::from("results").join(name),
        };
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        check_run_info(&dir, name, args.seed)?;
        if let Some(profile) = PROFILES.iter().find(|p| p.name == name) {
            let games = if args.quick {
                1
            } else {
                args.games.unwrap_or(profile.games)
            };
            let total = games * profile.configs.len() as u64;
            eprintln!(
                "{name}: {total} self-play games, seed {}, into {}",
                args.seed,
                dir.display()
            );
            let bar = Bar(ProgressBar::new(total));
            let plies = if args.quick {
                profiles::QUICK_OPENING_PLIES
            } else {
                profiles::OPENING_PLIES
            };
            let records = pool
                .install(|| profiles::run(profile, &dir, games, plies, args.seed, &bar))
                .map_err(anyhow::Error::msg)?;
            bar.0.finish_and_clear();
            profiles::report(profile, &dir, &records, args.seed).map_err(anyhow::Error::msg)?;
            writeln!(out, "{name}: report in {}", dir.join("report.md").display())?;
            continue;
        }
        if name == LADDER {
            let games = if args.quick {
                2
            } else {
                args.games.unwrap_or(20)
            };
            let pairs = (ladder::PLAYERS.len() * (ladder::PLAYERS.len() - 1) / 2) as u64;
            eprintln!(
                "{name}: {} games, seed {}, into {}",
                games * pairs,
                args.seed,
                dir.display()
            );
            let bar = Bar(ProgressBar::new(games * pairs));
            let records = pool
                .install(|| ladder::run(&dir, games, args.seed, &bar))
                .map_err(anyhow::Error::msg)?;
            bar.0.finish_and_clear();
            ladder::report(&dir, &records, args.seed).map_err(anyhow::Error::msg)?;
            writeln!(out, "{name}: report in {}", dir.join("report.md").display())?;
            continue;
        }
        if name == ACCURACY {
            let per_set = if args.quick {
                3
            } else {
                args.games.unwrap_or(100) as usize
            };
            let total = (2 * per_set * accuracy::players().len()) as u64;
            eprintln!(
                "{name}: {total} decisions, seed {}, into {}",
                args.seed,
                dir.display()
            );
            let bar = ProgressBar::new(total);
            let decisions = pool
                .install(|| accuracy::run(&dir, per_set, args.seed, &|| bar.inc(1)))
                .map_err(anyhow::Error::msg)?;
            bar.finish_and_clear();
            accuracy::report(&dir, &decisions, args.seed).map_err(anyhow::Error::msg)?;
            writeln!(out, "{name}: report in {}", dir.join("report.md").display())?;
            continue;
        }
        let experiment = find(name)?;
        let settings = RunSettings {
            games: args.games,
            quick: args.quick,
            seed: args.seed,
            out: dir.clone(),
        };
        let tables = (experiment.tables)().map_err(anyhow::Error::msg)?;
        let total: u64 = tables
            .iter()
            .flat_map(|t| &t.rows)
            .map(|r| settings.games_for(r.paper.games()))
            .sum();
        let bar = Bar(ProgressBar::new(total));
        eprintln!(
            "{name}: {total} games, seed {}, into {}",
            args.seed,
            dir.display()
        );
        let mut records = Vec::new();
        for table in &tables {
            let observer: &dyn MatchObserver = &bar;
            records.extend(
                pool.install(|| play_table(table, &settings, observer))
                    .map_err(anyhow::Error::msg)?,
            );
        }
        bar.0.finish_and_clear();
        let report = build_report(experiment, &tables, &records, args.seed, &dir)
            .map_err(anyhow::Error::msg)?;
        let agree: usize = report
            .tables
            .iter()
            .map(|(_, rows)| rows.iter().filter(|r| r.agrees()).count())
            .sum();
        let rows: usize = report.tables.iter().map(|(_, rows)| rows.len()).sum();
        writeln!(
            out,
            "{name}: {agree}/{rows} rows agree with the paper within 95%; report in {}",
            dir.join("report.md").display()
        )?;
    }
    Ok(())
}

/// A folder holds one experiment with one seed; a rerun there resumes it.
fn check_run_info(dir: &Path, name: &str, seed: u64) -> Result<()> {
    let path = dir.join("experiment.json");
    if let Ok(text) = std::fs::read_to_string(&path) {
        let info: RunInfo =
            serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
        if info.experiment != name || info.seed != seed {
            bail!(
                "{} holds {} with seed {}: choose another --out to run {name} with seed {seed}",
                dir.display(),
                info.experiment,
                info.seed
            );
        }
        return Ok(());
    }
    let info = RunInfo {
        experiment: name.to_owned(),
        seed,
    };
    std::fs::write(&path, serde_json::to_string_pretty(&info)?)
        .with_context(|| format!("writing {}", path.display()))
}

pub fn report(args: &ReportArgs) -> Result<()> {
    let path = args.dir.join("experiment.json");
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "{} is not an experiment folder (no experiment.json)",
            args.dir.display()
        )
    })?;
    let info: RunInfo =
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
    if let Some(profile) = PROFILES.iter().find(|p| p.name == info.experiment) {
        return rebuild_from_games(&args.dir, &format!("{}.jsonl", profile.name), |records| {
            profiles::report(profile, &args.dir, records, info.seed)
        });
    }
    if info.experiment == LADDER {
        return rebuild_from_games(&args.dir, "ladder.jsonl", |records| {
            ladder::report(&args.dir, records, info.seed)
        });
    }
    if info.experiment == ACCURACY {
        let games = args.dir.join("games").join("accuracy.jsonl");
        let text = std::fs::read_to_string(&games)
            .with_context(|| format!("reading {}", games.display()))?;
        let decisions: Vec<accuracy::Decision> = text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        if decisions.is_empty() {
            bail!("{} holds no decisions yet", args.dir.display());
        }
        accuracy::report(&args.dir, &decisions, info.seed).map_err(anyhow::Error::msg)?;
        let rebuilt = args.dir.join("report.md");
        writeln!(
            std::io::stdout(),
            "rebuilt {} from {} decisions",
            rebuilt.display(),
            decisions.len()
        )?;
        return Ok(());
    }
    let experiment = find(&info.experiment)?;
    let tables = (experiment.tables)().map_err(anyhow::Error::msg)?;
    let mut records = Vec::new();
    for table in &tables {
        let games = games_path(&args.dir, table.id);
        let (loaded, _) =
            GameLog::load(&games).with_context(|| format!("reading {}", games.display()))?;
        for warning in loaded.warnings {
            eprintln!("warning: {warning}");
        }
        records.extend(loaded.records);
    }
    if records.is_empty() {
        bail!("{} holds no games yet", args.dir.display());
    }
    build_report(experiment, &tables, &records, info.seed, &args.dir)
        .map_err(anyhow::Error::msg)?;
    writeln!(
        std::io::stdout(),
        "rebuilt {} from {} games",
        args.dir.join("report.md").display(),
        records.len()
    )?;
    Ok(())
}

/// Rebuilds a report from `DIR/games/FILE` with `build`.
fn rebuild_from_games(
    dir: &Path,
    file: &str,
    build: impl FnOnce(&[GameRecord]) -> Result<String, String>,
) -> Result<()> {
    let games = dir.join("games").join(file);
    let (loaded, _) =
        GameLog::load(&games).with_context(|| format!("reading {}", games.display()))?;
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    if loaded.records.is_empty() {
        bail!("{} holds no games yet", dir.display());
    }
    build(&loaded.records).map_err(anyhow::Error::msg)?;
    writeln!(
        std::io::stdout(),
        "rebuilt {} from {} games",
        dir.join("report.md").display(),
        loaded.records.len()
    )?;
    Ok(())
}
