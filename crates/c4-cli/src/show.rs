//! `c4 show`: a position as a diagram or as JSON.

use crate::terminal;
use anyhow::{Context, Result};
use c4_core::{Game, PositionSummary, excerpt};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// The moves from the empty board, e.g. 4453 or ddec (empty for the empty board).
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ShowArgs) -> Result<()> {
    let game = Game::from_moves(&args.moves)
        .with_context(|| format!("invalid position {:?}", excerpt(&args.moves)))?;
    let summary = PositionSummary::of(&game);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &summary)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", terminal::board(&game))?;
    writeln!(out, "{}", describe(&summary))?;
    Ok(())
}

/// One line on where the game stands.
pub fn describe(summary: &PositionSummary) -> String {
    match (summary.status, summary.winner, summary.to_move) {
        ("won", Some(winner), _) => format!("{winner} wins: {}", summary.winning_cells.join(" ")),
        ("draw", _, _) => "draw: the board is full".to_owned(),
        (_, _, Some(to_move)) => format!(
            "{to_move} to move (move {}), legal columns {}",
            summary.moves_played + 1,
            summary
                .legal_columns
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => unreachable!("a summary is won, drawn or has a side to move"),
    }
}
