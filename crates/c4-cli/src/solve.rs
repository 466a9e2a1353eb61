//! `c4 solve`: exact scores for positions read from standard input, one per line, in the
//! reference solver's layout, so the test sets can be piped in as they are.

use anyhow::{Result, bail};
use c4_core::parse_moves;
use c4_engine::solver::book::BookChoice;
use c4_engine::solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, SolveLimits, Solver};
use std::io::{BufRead, Write};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Print only the sign of the score: -1 loss, 0 draw, 1 win (faster).
    #[arg(long)]
    pub weak: bool,
    /// Print the score of each of the 7 columns instead (-1000 for a full column).
    #[arg(long)]
    pub analyze: bool,
    /// Append the nodes searched and the microseconds taken.
    #[arg(long)]
    pub stats: bool,
    /// Threads searching each position together, on one shared table (lazy SMP).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Positions solved at once, each with its own table (output stays in order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: u32,
    /// log2 of the table's slots, one table per job (8 bytes each; 24 = 128 MiB, 27 = 1 GiB).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
    /// An opening book (`c4 book build`) whose positions are answered at once: `builtin`
    /// (the one in c4), `none`, or a file.
    #[arg(long, default_value = "builtin")]
    pub book: BookChoice,
}

/// The answer to one input line: stdout text and an optional stderr message.
fn solve_line(
    solver: &mut Solver,
    line_number: usize,
    line: &str,
    args: &SolveArgs,
) -> (String, Option<String>) {
    // Before the first space (a book's empty-board line is " SCORE").
    let moves = line.split(' ').next().unwrap_or("").trim();
    let position = match parse_moves(moves) {
        Ok(p) => p,
        Err(e) => {
            return (
                String::new(),
                Some(format!("line {line_number}: {e}: {moves:?}")),
            );
        }
    };
    if position.is_over() {
        return (
            String::new(),
            Some(format!("line {line_number}: the game is over: {moves:?}")),
        );
    }
    let limits = SolveLimits::default();
    // Entries of earlier lines would only crowd the table (its first slots keep the costliest
    // entries): a fresh table per line, as `c4 bench solver` measures.
    solver.reset();
    let (text, stats) = if args.analyze {
        match solver.analyze(&position, args.weak, limits) {
            Ok((scores, stats)) => (
                scores
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                stats,
            ),
            Err(e) => return (String::new(), Some(format!("line {line_number}: {e}"))),
        }
    } else {
        match solver.solve_within(&position, args.weak, limits) {
            Ok((score, stats)) => (score.to_string(), stats),
            Err(e) => return (String::new(), Some(format!("line {line_number}: {e}"))),
        }
    };
    let mut out = format!("{moves} {text}");
    if args.stats {
        out.push_str(&format!(" {} {}", stats.nodes, stats.time.as_micros()));
    }
    (out, None)
}

pub fn run(args: &SolveArgs) -> Result<()> {
    if args.jobs > 1 && u64::from(args.jobs) << args.table > 1 << 31 {
        bail!(
            "{} jobs x 2^{} slots x 8 bytes is over 16 GiB: lower --table or --jobs",
            args.jobs,
            args.table
        );
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines().enumerate();
    let mut out = std::io::stdout().lock();
    let book = crate::book::load(&args.book)?;
    let mut solvers: Vec<Solver> = (0..args.jobs)
        .map(|_| {
            let mut solver = Solver::new(args.table);
            solver.set_book(book.clone());
            solver.set_threads(args.threads as usize);
            solver
        })
        .collect();
    let batch = args.jobs as usize;
    loop {
        let mut lines = Vec::with_capacity(batch);
        for (i, line) in input.by_ref().take(batch) {
            lines.push((i + 1, line?));
        }
        if lines.is_empty() {
            break;
        }
        let answers: Vec<(String, Option<String>)> = if batch == 1 {
            lines
                .iter()
                .map(|(n, l)| solve_line(&mut solvers[0], *n, l, args))
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = lines
                    .iter()
                    .zip(solvers.iter_mut())
                    .map(|((n, l), solver)| scope.spawn(move || solve_line(solver, *n, l, args)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a solver thread does not panic"))
                    .collect()
            })
        };
        for (text, error) in answers {
            if let Some(error) = error {
                eprintln!("{error}");
            }
            writeln!(out, "{text}")?;
        }
        out.flush()?;
    }
    Ok(())
}
