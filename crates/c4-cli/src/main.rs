//! The `c4` binary: parses the command line and hands each subcommand to its module.
//! Everything testable lives in the library crates; this is glue.

mod show;
mod terminal;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// c4: a Connect-4 AI lab. Play, analyse, solve, and rerun the papers' experiments.
///
/// Positions are move strings from the empty board: column digits 1-7 (`4453`) or letters
/// a-g (`ddec`). An empty string is the empty board.
#[derive(Parser, Debug)]
#[command(name = "c4", version, about, long_about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Draw a position, say whose turn it is, the status and the winning line if any.
    Show(show::ShowArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Show(args) => show::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// A reader that closed the pipe (`c4 ... | head`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|e| e.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
