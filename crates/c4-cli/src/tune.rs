//! `c4 tune`: fit an evaluator's tunable weights on labelled positions.

use anyhow::{Context, Result, bail};
use c4_arena::matches::{Quiet, run_match};
use c4_core::excerpt;
use c4_dataset as dataset;
use c4_eval::EvalSpec;
use c4_learn::tuning::eval_text;
use c4_learn::tuning::spsa::{self, SpsaConfig, SpsaRun};
use c4_learn::tuning::texel::{self, Target, TexelConfig};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How to tune.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Fit a logistic of the evaluation to the exact results of labelled positions.
    Texel,
    /// Move the weights by the results of games against the untuned weights, then confirm
    /// with an SPRT.
    Spsa,
}

/// What texel fits.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitTarget {
    /// The exact result of each position, by a logistic of its value.
    Results,
    /// The columns that keep the best win/draw/loss value, by a softmax of the columns'
    /// values: the move choice a searcher of --depth makes.
    Moves,
}

#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// The evaluator, with any options to start from (`threats`, `lines:preset=defensive`).
    #[arg(long)]
    pub eval: String,
    /// The tunable weights to fit, comma-separated (default: all of them; see `c4 evals`).
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// The tuning method.
    #[arg(long, value_enum, default_value = "texel")]
    pub method: Method,
    /// texel: what the evaluation predicts.
    #[arg(long, value_enum, default_value = "results")]
    pub target: FitTarget,
    /// Labelled positions (`c4 dataset build`), for texel.
    #[arg(long, required_if_eq("method", "texel"))]
    pub data: Option<PathBuf>,
    /// texel: 0 (the default) evaluates the quiescent leaf of each position, N searches N
    /// plies (with --target moves: the searcher's depth, each column searched N - 1 plies);
    /// spsa: the alpha-beta depth of the games (default 4).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub depth: Option<u32>,
    /// spsa: iterations in the whole run (a rerun resumes).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub iterations: u32,
    /// spsa: games of each perturbed side against the untuned weights per iteration (even).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(2..=10_000))]
    pub games: u64,
    /// spsa: the learning rate.
    #[arg(long, default_value_t = 4.0)]
    pub rate: f64,
    /// spsa: at most this many games (up to 1000000) of the SPRT (elo0=0, elo1=20) that
    /// confirms the result; 0 skips it.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub confirm_games: u64,
    /// spsa: seed of the perturbations and openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes without a better validation loss before stopping.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub patience: u32,
    /// At most this many passes.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_passes: u32,
    /// The parameter file to write (default: tuned/NAME.params).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = crate::threads::parser())]
    pub threads: Option<usize>,
}

/// Checks before the fit that `out` can be written: its folder is created and the file opened
/// (created if missing, left as it is otherwise). Whether it was created here.
fn claim_output(out: &Path) -> Result<bool> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("--out {}: cannot create its folder", out.display()))?;
    }
    let existed = out.exists();
    if existed && !out.is_file() {
        bail!("--out {}: not a regular file", out.display());
    }
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(out)
        .with_context(|| format!("--out {}: cannot be written", out.display()))?;
    Ok(!existed)
}

pub fn run(args: &TuneArgs) -> Result<()> {
    let start =
        EvalSpec::parse(&args.eval).with_context(|| format!("--eval {:?}", excerpt(&args.eval)))?;
    let pool = crate::threads::pool(args.threads)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("tuned").join(format!("{}.params", start.name())));
    let created = claim_output(&out)?;
    let started = Instant::now();
    let fitted = match args.method {
        Method::Texel => pool.install(|| texel_fit(args, &start)),
        Method::Spsa => pool.install(|| spsa_run(args, &start, &out)),
    };
    let (tuned, comments) = fitted.inspect_err(|_| {
        if created {
            std::fs::remove_file(&out).ok();
        }
    })?;
    let command: Vec<String> = std::env::args().collect();
    let mut comments = comments;
    comments.push(format!("command: {}", command.join(" ")));
    if let Err(error) = tuned.write_params(&out, &comments) {
        // The fit is not lost: its parameter file goes to standard output instead.
        print!("{}", tuned.params_text(&comments));
        return Err(error).context("the parameter file is printed above instead");
    }
    println!("done in {:.1} s", started.elapsed().as_secs_f64());
    println!("wrote {}", out.display());
    println!(
        "use it as eval={}:params={} or eval={}",
        start.name(),
        out.display(),
        eval_text(&tuned)
    );
    Ok(())
}

/// Texel on `--data`: the tuned evaluator and the parameter file's provenance lines.
fn texel_fit(args: &TuneArgs, start: &EvalSpec) -> Result<(EvalSpec, Vec<String>)> {
    let data = args.data.as_ref().context("texel needs --data FILE")?;
    let samples = dataset::read(data)?;
    let depth = args.depth.unwrap_or(0);
    let target = match args.target {
        FitTarget::Results => Target::Results,
        FitTarget::Moves => Target::Moves,
    };
    let config = TexelConfig {
        target,
        depth,
        params: args.params.clone(),
        patience: args.patience,
        max_passes: args.max_passes,
    };
    let bar = ProgressBar::new(u64::from(args.max_passes));
    bar.set_style(
        ProgressStyle::with_template("pass {pos}/{len} [{bar:20}] {elapsed} {msg}")
            .expect("the progress template is valid")
            .progress_chars("=> "),
    );
    let result = texel::fit(start, &samples, &config, &mut |report| {
        bar.set_position(u64::from(report.pass));
        bar.set_message(format!(
            "train {:.5} valid {:.5} scale {:.1}",
            report.train, report.valid, report.scale
        ));
        bar.suspend(|| {
            eprintln!(
                "pass {:3}: train {:.6}  valid {:.6}  scale {:8.2}  {}",
                report.pass,
                report.train,
                report.valid,
                report.scale,
                report.weights_text()
            );
        });
    })?;
    bar.finish_and_clear();
    print!("{}", result.report());
    let comments = result.provenance(&data.display().to_string(), &config);
    Ok((result.tuned, comments))
}

/// SPSA against the untuned weights, then the SPRT: the tuned evaluator and provenance lines.
fn spsa_run(
    args: &TuneArgs,
    start: &EvalSpec,
    out: &std::path::Path,
) -> Result<(EvalSpec, Vec<String>)> {
    let depth = args.depth.unwrap_or(4);
    let config = SpsaConfig {
        depth,
        params: args.params.clone(),
        iterations: args.iterations,
        games: args.games,
        seed: args.seed,
        rate: args.rate,
    };
    let mut run = SpsaRun::open(start, &config, &SpsaConfig::work_path(out))?;
    let bar = ProgressBar::new(u64::from(args.iterations));
    bar.set_style(
        ProgressStyle::with_template("iteration {pos}/{len} [{bar:20}] {elapsed}, ETA {eta} {msg}")
            .expect("the progress template is valid")
            .progress_chars("=> "),
    );
    let keys = run.keys().to_vec();
    let show = |iteration: &spsa::Iteration| {
        bar.set_position(u64::from(iteration.k) + 1);
        let weights: Vec<String> = keys
            .iter()
            .zip(&iteration.weights)
            .map(|(k, w)| format!("{k}={w:.1}"))
            .collect();
        bar.set_message(format!(
            "S+ {:.3} S- {:.3} {}",
            iteration.plus,
            iteration.minus,
            weights.join(",")
        ));
    };
    run.iterations().iter().for_each(show);
    while let Some(step) = run.next_step()? {
        let plus = run_match(&step.plus, Vec::new(), None, &Quiet)?;
        let minus = run_match(&step.minus, Vec::new(), None, &Quiet)?;
        show(run.record(&step, &plus, &minus)?);
    }
    bar.finish_and_clear();
    let result = run.result()?;
    println!("{}", run.report()?);
    let confirmed = if args.confirm_games > 0 {
        eprintln!(
            "confirming: tuned against untuned at depth {depth}, SPRT elo0=0 elo1=20, at most {} games",
            args.confirm_games
        );
        let summary = spsa::confirm(&run, args.confirm_games)?;
        print!("{}", summary.to_text());
        Some(summary)
    } else {
        None
    };
    Ok((result.tuned, run.provenance(confirmed.as_ref())))
}
