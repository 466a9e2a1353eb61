//! `c4 experiment` and `c4 report`: the papers' tables rerun, paper beside ours.

use anyhow::Result;
use c4_lab::experiments::{ExperimentKind, Progress};
use c4_papers::{RunInfo, RunSettings};
use indicatif::ProgressBar;
use std::io::Write;
use std::path::PathBuf;

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
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = crate::threads::parser())]
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

struct Bar(ProgressBar);

impl Progress for Bar {
    fn advanced(&self) {
        self.0.inc(1);
    }

    fn warn(&self, message: &str) {
        self.0.suspend(|| eprintln!("warning: {message}"));
    }
}

pub fn run(args: &ExperimentArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.name == "list" {
        for e in ExperimentKind::all() {
            writeln!(out, "{:26} {} ({})", e.name(), e.title(), e.source())?;
        }
        return Ok(());
    }
    let experiments = if args.name == "all" {
        ExperimentKind::all()
    } else {
        vec![ExperimentKind::find(&args.name)?]
    };
    let pool = crate::threads::pool(args.threads)?;
    for experiment in experiments {
        let name = experiment.name();
        let dir = match (&args.out, args.name == "all") {
            (Some(base), true) => base.join(name),
            (Some(dir), false) => dir.clone(),
            (None, _) => PathBuf::from("results").join(name),
        };
        let settings = RunSettings {
            games: args.games,
            quick: args.quick,
            seed: args.seed,
            out: dir.clone(),
        };
        RunInfo::of(name, &settings).claim(&dir)?;
        let plan = experiment.plan(&settings)?;
        eprintln!(
            "{name}: {} {}, seed {}, into {}",
            plan.total,
            plan.unit,
            args.seed,
            dir.display()
        );
        let bar = Bar(ProgressBar::new(plan.total));
        let summary = pool.install(|| experiment.run(&settings, &bar))?;
        bar.0.finish_and_clear();
        writeln!(out, "{summary}")?;
    }
    Ok(())
}

pub fn report(args: &ReportArgs) -> Result<()> {
    let info = RunInfo::read(&args.dir)?;
    let experiment = ExperimentKind::find(&info.experiment)?;
    let bar = Bar(ProgressBar::hidden());
    let summary = experiment.rebuild_report(&args.dir, info.seed, &bar)?;
    writeln!(std::io::stdout(), "{summary}")?;
    Ok(())
}
