//! `c4 bench`: speed figures on fixed position sets (medians and ratios; machines are noisy).

use crate::plies::PlyRange;
use anyhow::{Context, Result, bail};
use c4_books::{BookChoice, OpeningBook};
use c4_core::{Game, parse_moves};
use c4_eval::EVALUATORS;
use c4_players::PlayerSpec;
use c4_solver::reference_positions::{self, SETS};
use c4_solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, Solver};
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(clap::Subcommand, Debug)]
pub enum BenchCommand {
    /// The solver on the scored position sets: mean time, mean nodes, nodes/s, agreement.
    Solver(SolverBenchArgs),
    /// Every evaluator under minimax and alpha-beta at several depths: ms per move, nodes.
    Search(SearchBenchArgs),
    /// `/api/analyze`'s analysis on random positions: the share with every column exact, and
    /// the time (median, p99, max).
    Analysis(AnalysisBenchArgs),
    /// A player's move time on random positions (median, p99, max), and how many of its
    /// moves were exact.
    Player(PlayerBenchArgs),
    /// Allis' rules on random positions: the share proven, by ply, and the time of
    /// `explain`; `--check` checks every proof against the solver.
    Explain(crate::bench_explain::ExplainBenchArgs),
}

#[derive(clap::Args, Debug)]
pub struct RandomPositionsArgs {
    /// Positions, drawn by random play from the empty board.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub positions: u32,
    /// The plies of the positions: A-B, drawn uniformly.
    #[arg(long, default_value = "0-20")]
    pub plies: PlyRange,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(clap::Args, Debug)]
pub struct AnalysisBenchArgs {
    #[command(flatten)]
    pub positions: RandomPositionsArgs,
    /// The analysis budget per position, in milliseconds, at most an hour (the API's default).
    #[arg(long, default_value_t = c4_players::analysis::DEFAULT_BUDGET_MS, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time_ms: u64,
}

#[derive(clap::Args, Debug)]
pub struct PlayerBenchArgs {
    /// The player: a level or a spec.
    #[arg(long, default_value = "perfect")]
    pub ai: String,
    #[command(flatten)]
    pub positions: RandomPositionsArgs,
}

#[derive(clap::Args, Debug)]
pub struct SolverBenchArgs {
    /// Sets to run (default: all). Names like Test_L2_R2 or L2_R2.
    pub sets: Vec<String>,
    /// Positions per set, at most 1000 (default: all 1000, but the first 100 of Test_L1_R3, as
    /// the reference table).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    pub limit: Option<usize>,
    /// Keep the table between positions instead of a fresh one per position.
    #[arg(long)]
    pub keep_table: bool,
    /// log2 of the table's slots (8 bytes each).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
    /// An opening book for the solver: `none` (the default, so that every position is
    /// searched and the figures measure the search), `builtin`, or a file.
    #[arg(long, default_value = "none")]
    pub book: BookChoice,
    /// Print only the bench signature: the total nodes searched for the first positions of
    /// every set (see SIGNATURE), one thread, a fresh table each, no book.
    /// The same for the same search, whatever the machine: solver commits quote it.
    #[arg(long, conflicts_with_all = ["sets", "limit", "keep_table", "book"])]
    pub signature: bool,
}

/// How many of each set's first positions the bench signature solves: a few seconds in all.
const SIGNATURE: &[(&str, usize)] = &[
    ("Test_L3_R1", 50),
    ("Test_L2_R1", 50),
    ("Test_L2_R2", 50),
    ("Test_L1_R1", 50),
    ("Test_L1_R2", 20),
    ("Test_L1_R3", 3),
];

#[derive(clap::Args, Debug)]
pub struct SearchBenchArgs {
    /// Positions from Test_L2_R2 to search, at most its 1000.
    #[arg(long, default_value_t = 100, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    pub positions: usize,
    /// Only these evaluators (default: all).
    #[arg(long, value_delimiter = ',')]
    pub evals: Vec<String>,
    /// Only these algorithm:depth pairs, e.g. alphabeta:8,minimax:4 (default: alphabeta 4, 6, 8; minimax 4, 6).
    #[arg(long, value_delimiter = ',')]
    pub runs: Vec<String>,
}

pub fn run(command: &BenchCommand) -> Result<()> {
    match command {
        BenchCommand::Solver(args) => solver(args),
        BenchCommand::Search(args) => search(args),
        BenchCommand::Analysis(args) => analysis(args),
        BenchCommand::Player(args) => player(args),
        BenchCommand::Explain(args) => crate::bench_explain::run(args),
    }
}

fn solver(args: &SolverBenchArgs) -> Result<()> {
    if args.signature {
        return signature(args.table);
    }
    let names: Vec<String> = if args.sets.is_empty() {
        SETS.iter().map(|s| s.0.to_owned()).collect()
    } else {
        args.sets.clone()
    };
    let mut out = std::io::stdout().lock();
    let mut solver = Solver::new(args.table);
    solver.set_book(args.book.load()?.map(OpeningBook::store));
    writeln!(
        out,
        "table {} MiB, {} table per position, {}",
        solver.table_bytes() >> 20,
        if args.keep_table { "one" } else { "a fresh" },
        match &args.book {
            BookChoice::None => "no opening book (every position searched)".to_owned(),
            book => format!("opening book {book}"),
        }
    )?;
    writeln!(
        out,
        "{:<12} {:>9} {:>12} {:>14} {:>10} {:>9}",
        "set", "positions", "mean time", "mean nodes", "M nodes/s", "agree"
    )?;
    let mut mismatches = 0;
    for name in &names {
        let positions = reference_positions::set(name).with_context(|| {
            format!(
                "unknown set {name:?}; sets: {}",
                SETS.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
            )
        })?;
        let default_limit = if name.ends_with("L1_R3") {
            100
        } else {
            usize::MAX
        };
        let limit = args.limit.unwrap_or(default_limit).min(positions.len());
        let (mut time, mut nodes, mut agree) = (Duration::ZERO, 0u64, 0usize);
        for scored in &positions[..limit] {
            let position = parse_moves(&scored.moves)
                .with_context(|| format!("bad position {}", scored.moves))?;
            if !args.keep_table {
                solver.reset();
            }
            let (score, stats) = solver.solve(&position)?;
            time += stats.time;
            nodes += stats.nodes;
            if score == scored.score {
                agree += 1;
            } else {
                mismatches += 1;
                writeln!(
                    out,
                    "MISMATCH {name}: {} expected {} got {score}",
                    scored.moves, scored.score
                )?;
            }
        }
        let n = limit.max(1) as f64;
        writeln!(
            out,
            "{:<12} {:>9} {:>12} {:>14.1} {:>10.2} {:>8.1}%",
            name,
            limit,
            format_duration(time.as_secs_f64() / n),
            nodes as f64 / n,
            nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6,
            100.0 * agree as f64 / n
        )?;
    }
    if mismatches > 0 {
        bail!("{mismatches} scores disagree with the reference");
    }
    Ok(())
}

/// `c4 bench solver --signature`.
fn signature(table_bits: u32) -> Result<()> {
    let mut solver = Solver::new(table_bits);
    let mut nodes = 0u64;
    for &(name, count) in SIGNATURE {
        let positions = reference_positions::set(name).context("a built-in set")?;
        for scored in positions.iter().take(count) {
            let position = parse_moves(&scored.moves)
                .with_context(|| format!("bad position {}", scored.moves))?;
            solver.reset();
            let (score, stats) = solver.solve(&position)?;
            if score != scored.score {
                bail!(
                    "{name}: {} expected {} got {score}",
                    scored.moves,
                    scored.score
                );
            }
            nodes += stats.nodes;
        }
    }
    let positions: usize = SIGNATURE.iter().map(|s| s.1).sum();
    println!("bench signature: {nodes} nodes ({positions} positions, table 2^{table_bits})");
    Ok(())
}

/// `count` positions (not over, not winnable at once) of plies drawn uniformly from `plies`
/// (`A-B`), each reached by random play from the empty board, from `seed`.
fn random_positions(args: &RandomPositionsArgs) -> Result<Vec<Game>> {
    args.plies.check_on(c4_core::Size::STANDARD)?;
    Ok(c4_search::random_positions(
        args.seed,
        args.plies.0.clone(),
        args.positions as usize,
    ))
}

/// Median, 99th percentile and maximum of `times`, in milliseconds.
fn time_summary(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    format!(
        "median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&times, 50.0),
        percentile(&times, 99.0),
        percentile(&times, 100.0)
    )
}

fn analysis(args: &AnalysisBenchArgs) -> Result<()> {
    let games = random_positions(&args.positions)?;
    let budget = Duration::from_millis(args.time_ms);
    let mut times = Vec::with_capacity(games.len());
    let mut exact = 0;
    let mut by_ply: std::collections::BTreeMap<usize, (usize, usize)> = Default::default();
    for game in &games {
        let start = Instant::now();
        let result = c4_players::analysis::analyze(game.position(), budget);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        let entry = by_ply.entry(game.moves().len()).or_default();
        entry.1 += 1;
        if result.exact {
            exact += 1;
            entry.0 += 1;
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} random positions of plies {} (seed {}), budget {} ms",
        games.len(),
        args.positions.plies,
        args.positions.seed,
        args.time_ms
    )?;
    writeln!(
        out,
        "every column exact: {exact} ({:.1}%); time {}",
        100.0 * exact as f64 / games.len() as f64,
        time_summary(times)
    )?;
    for (ply, (exact, all)) in by_ply {
        writeln!(out, "  ply {ply:>2}: {exact} of {all} exact")?;
    }
    Ok(())
}

fn player(args: &PlayerBenchArgs) -> Result<()> {
    let games = random_positions(&args.positions)?;
    let spec = PlayerSpec::parse(&args.ai, 0).context("invalid --ai")?;
    let mut agent = spec.build()?;
    let mut times = Vec::with_capacity(games.len());
    let mut exact = 0;
    for game in &games {
        let report = agent.choose(game);
        times.push(report.time.as_secs_f64() * 1e3);
        exact += usize::from(report.score.is_exact());
    }
    writeln!(
        std::io::stdout().lock(),
        "{spec}: {} random positions of plies {} (seed {}): {exact} moves exact; move time {}",
        games.len(),
        args.positions.plies,
        args.positions.seed,
        time_summary(times)
    )?;
    Ok(())
}

fn format_duration(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} us", seconds * 1e6)
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    c4_arena::stats::nearest_rank(sorted, p / 100.0)
}

fn search(args: &SearchBenchArgs) -> Result<()> {
    let positions: Vec<Game> = reference_positions::set("Test_L2_R2")
        .expect("Test_L2_R2 is compiled in")
        .iter()
        .take(args.positions)
        .map(|p| Game::from_moves(&p.moves))
        .collect::<Result<_, _>>()?;
    let evals: Vec<&str> = if args.evals.is_empty() {
        EVALUATORS.iter().map(|e| e.name).collect()
    } else {
        args.evals.iter().map(String::as_str).collect()
    };
    let runs: Vec<String> = if args.runs.is_empty() {
        [
            "alphabeta:4",
            "alphabeta:6",
            "alphabeta:8",
            "minimax:4",
            "minimax:6",
        ]
        .map(str::to_owned)
        .to_vec()
    } else {
        args.runs.clone()
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} positions of Test_L2_R2, one move each",
        positions.len()
    )?;
    writeln!(
        out,
        "{:<10} {:<10} {:>5} {:>11} {:>11} {:>14} {:>10}",
        "eval", "algorithm", "depth", "median ms", "p90 ms", "mean nodes", "M nodes/s"
    )?;
    for eval in &evals {
        for run in &runs {
            let (algorithm, depth) = run
                .split_once(':')
                .with_context(|| format!("{run:?} is not ALGORITHM:DEPTH"))?;
            let spec = PlayerSpec::parse(&format!("{algorithm}:depth={depth},eval={eval}"), 0)?;
            let mut agent = spec.build()?;
            let mut times = Vec::with_capacity(positions.len());
            let mut nodes = 0u64;
            let start = Instant::now();
            for game in &positions {
                let report = agent.choose(game);
                times.push(report.time_ms());
                nodes += report.nodes;
            }
            let total = start.elapsed().as_secs_f64();
            times.sort_by(f64::total_cmp);
            writeln!(
                out,
                "{:<10} {:<10} {:>5} {:>11.3} {:>11.3} {:>14.0} {:>10.2}",
                eval,
                algorithm,
                depth,
                percentile(&times, 50.0),
                percentile(&times, 90.0),
                nodes as f64 / positions.len().max(1) as f64,
                nodes as f64 / total.max(1e-9) / 1e6
            )?;
            out.flush()?;
        }
    }
    Ok(())
}
