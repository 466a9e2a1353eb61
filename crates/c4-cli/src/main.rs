//! The `c4` binary: parses the command line and hands each subcommand to its module.
//! Everything testable lives in the library crates; this is glue.

mod analyze;
mod arena;
mod bench;
mod bench_explain;
mod best;
mod board_size;
mod book;
mod dataset;
mod evals;
mod experiment;
mod explain;
mod layer;
mod learn;
mod levels;
mod lines;
mod parse_error;
mod play;
mod plies;
mod protocol;
mod review;
mod serve;
mod show;
mod solve;
mod solver_args;
mod threads;
mod tune;
mod verify;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// c4: a Connect-4 AI lab. Play, analyse, solve, and rerun the papers' experiments.
///
/// Positions are move strings from the empty board: column digits 1-7 (`4453`) or letters
/// a-g (`ddec`). An empty string is the empty board. Players are specs such as
/// `alphabeta:depth=5,eval=center` or levels (easy to perfect): see `c4 evals` and
/// `c4 levels`.
#[derive(Parser, Debug)]
#[command(name = "c4", version, about, long_about, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Draw a position, say whose turn it is, the status and the winning line if any.
    Show(show::ShowArgs),
    /// Play against the computer in the terminal.
    #[command(after_help = levels::table())]
    Play(play::PlayArgs),
    /// Watch two computer players play each other, with per-move statistics.
    Watch(play::WatchArgs),
    /// The move a player chooses in a position, with its statistics.
    Best(best::BestArgs),
    /// Every column of a position: exact where solved within the budget, heuristic otherwise.
    Analyze(analyze::AnalyzeArgs),
    /// An evaluator's score of a position, with its breakdown.
    Eval(best::EvalArgs),
    /// List the players, levels and evaluators with their options.
    Evals(evals::EvalsArgs),
    /// The levels (easy to perfect): measured Elo, mistake rate, think time, what each does.
    Levels(levels::LevelsArgs),
    /// Why a position is what it is: Allis' strategic rules as a proof a person can follow,
    /// or each side's threats and the zugzwang, with the solver's exact score beside.
    Explain(explain::ExplainArgs),
    /// Exact scores of positions read from standard input (one move string per line; an
    /// empty line is the empty board, a line of only spaces an error).
    Solve(solve::SolveArgs),
    /// Opening books of exact scores: `c4 book build --depth D --out FILE`.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Positions labelled by the solver, for tuning: `c4 dataset build --positions N --seed S --out FILE`.
    #[command(subcommand)]
    Dataset(dataset::DatasetCommand),
    /// Fit an evaluator's tunable weights to labelled positions: `c4 tune --eval NAME --data FILE`.
    Tune(tune::TuneArgs),
    /// Train an n-tuple network by self-play (resumable): `c4 learn --games N --out DIR`.
    Learn(learn::LearnArgs),
    /// A line protocol for other programs: a position per line in, a column per line out.
    Engine(protocol::EngineArgs),
    /// Play two players against each other, many games in parallel, with statistics.
    Match(arena::MatchArgs),
    /// A round robin of several players: crosstable and Elo ranking.
    Tournament(arena::TournamentArgs),
    /// Rerun a paper's experiment (or `list`, or `all`), with the paper's numbers beside ours.
    Experiment(experiment::ExperimentArgs),
    /// Rebuild an experiment's report and plots from its saved games.
    Report(experiment::ReportArgs),
    /// Serve the browser UI and the JSON API (http://127.0.0.1:8080/ by default).
    Serve(serve::ServeArgs),
    /// One game judged move by move against perfect play: optimal, inaccurate or a mistake.
    Review(review::ReviewArgs),
    /// Check the games of a run against perfect play: which moves were optimal, from which ply.
    Verify(verify::VerifyArgs),
    /// Speed figures: the solver on the reference sets, the searchers on fixed positions.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

fn main() -> ExitCode {
    exit_quietly_on_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            let args: Vec<String> = std::env::args().collect();
            eprintln!(
                "error: {}",
                parse_error::one_line(&error, &Cli::command(), &args)
            );
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Show(args) => show::run(&args),
        Command::Play(args) => play::run_play(&args),
        Command::Watch(args) => play::run_watch(&args),
        Command::Best(args) => best::run_best(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Eval(args) => best::run_eval(&args),
        Command::Evals(args) => evals::run(&args),
        Command::Levels(args) => levels::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Book(command) => book::run(&command),
        Command::Dataset(command) => dataset::run(&command),
        Command::Tune(args) => tune::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::Engine(args) => protocol::run(&args),
        Command::Match(args) => arena::run_match_command(&args),
        Command::Tournament(args) => arena::run_tournament(&args),
        Command::Experiment(args) => experiment::run(&args),
        Command::Report(args) => experiment::report(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Bench(command) => bench::run(&command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", describe(&error));
            ExitCode::from(2)
        }
    }
}

/// An error and its causes, each said once: a cause that the message before it already shows
/// (an error that gives its source in its own text) is not repeated.
fn describe(error: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in error.chain() {
        let cause = cause.to_string();
        if text.is_empty() {
            text = cause;
        } else if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

/// Makes a write to a closed standard output or error (`c4 ... | head`) end the program with
/// exit code 0 wherever it happens: `println!` and `eprintln!` panic on it rather than return an
/// error, so the panic hook is the one place that sees them all.
fn exit_quietly_on_broken_pipe() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied());
        let broken_pipe = message.is_some_and(|m| {
            m.starts_with("failed printing to std") && m.to_lowercase().contains("broken pipe")
        });
        if broken_pipe {
            std::process::exit(0);
        }
        default_hook(info);
    }));
}

/// A reader that closed the pipe (`c4 ... | head`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        let kind = e
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            .or_else(|| e.downcast_ref::<serde_json::Error>()?.io_error_kind());
        kind == Some(std::io::ErrorKind::BrokenPipe)
    })
}
