//! `c4 show`: a position as a diagram or as JSON.

use crate::board_size::{SizeArg, parse_game_in};
use anyhow::Result;
use c4_core::{Geometry, PositionSummary, with_geometry};
use c4_terminal::screen;
use c4_terminal::words::describe;
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// The moves from the empty board, e.g. 4453 or ddec (empty for the empty board).
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

pub fn run(args: &ShowArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => show_in(args, g))
}

fn show_in<G: Geometry>(args: &ShowArgs, geometry: G) -> Result<()> {
    let game = parse_game_in(&args.moves, geometry)?;
    let summary = PositionSummary::of(&game);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &summary)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", screen::board(&game))?;
    writeln!(out, "{}", describe(&game))?;
    Ok(())
}
