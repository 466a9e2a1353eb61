//! `c4 tune`: fit an evaluator's tunable weights on labelled positions.

use anyhow::{Context, Result, bail};
use c4_arena::tuning::dataset;
use c4_arena::tuning::texel::{self, PassReport, TexelConfig};
use c4_engine::eval::EvalSpec;
use c4_engine::eval::params;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::time::Instant;

/// How to tune.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Fit a logistic of the evaluation to the exact results of labelled positions.
    Texel,
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
    /// Labelled positions (`c4 dataset build`).
    #[arg(long)]
    pub data: PathBuf,
    /// 0: evaluate the quiescent leaf of each position; N: search N plies of alpha-beta.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub depth: u32,
    /// Passes without a better validation loss before stopping.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub patience: u32,
    /// At most this many passes.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_passes: u32,
    /// The parameter file to write (default: tuned/NAME.params).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

fn weights_text(report: &PassReport) -> String {
    report
        .weights
        .iter()
        .map(|t| format!("{}={}", t.key, t.value))
        .collect::<Vec<_>>()
        .join(",")
}

pub fn run(args: &TuneArgs) -> Result<()> {
    let start = EvalSpec::parse(&args.eval).with_context(|| format!("--eval {:?}", args.eval))?;
    let samples = dataset::read(&args.data).map_err(anyhow::Error::msg)?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        if n == 0 || n > 256 {
            bail!("--threads must be from 1 to 256");
        }
        pool = pool.num_threads(n);
    }
    let pool = pool.build()?;
    let config = TexelConfig {
        depth: args.depth,
        params: args.params.clone(),
        patience: args.patience,
        max_passes: args.max_passes,
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("tuned").join(format!("{}.params", start.name())));
    let bar = ProgressBar::new(u64::from(args.max_passes));
    bar.set_style(
        ProgressStyle::with_template("pass {pos}/{len} [{bar:20}] {elapsed} {msg}")
            .expect("the progress template is valid")
            .progress_chars("=> "),
    );
    let started = Instant::now();
    let result = pool
        .install(|| {
            texel::fit(&start, &samples, &config, &mut |report| {
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
                        weights_text(report)
                    );
                });
            })
        })
        .map_err(anyhow::Error::msg)?;
    bar.finish_and_clear();
    let first = &result.passes[0];
    let best = &result.passes[result.best_pass as usize];
    let (train, valid, decided) = result.counts;
    let command: Vec<String> = std::env::args().collect();
    let comments = vec![
        format!("{} weights fitted by c4 tune (texel)", start.name()),
        format!(
            "data: {} ({train} training, {valid} validation positions; {decided} decided at the leaf, left out)",
            args.data.display()
        ),
        format!(
            "depth {}; validation loss {:.6} -> {:.6} after pass {} of {}; scale {:.2}",
            args.depth,
            first.valid,
            best.valid,
            result.best_pass,
            result.passes.len() - 1,
            best.scale
        ),
        format!("command: {}", command.join(" ")),
    ];
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::write(&out, params::render(&result.tuned, &comments))
        .with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{}: validation loss {:.6} -> {:.6} (training {:.6} -> {:.6}) in {} passes, {:.1} s",
        start.name(),
        first.valid,
        best.valid,
        first.train,
        best.train,
        result.passes.len() - 1,
        started.elapsed().as_secs_f64()
    );
    println!("weights: {}", weights_text(best));
    println!("wrote {}", out.display());
    println!(
        "use it as eval={}:params={} or eval={}",
        start.name(),
        out.display(),
        std::iter::once(result.tuned.name().to_owned())
            .chain(result.tuned.options_text())
            .collect::<Vec<_>>()
            .join(",")
    );
    Ok(())
}
