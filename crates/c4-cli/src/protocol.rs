//! `c4 engine`: a line protocol for other programs.
//!
//! Each input line is a position as a move string (an empty line is the start); the reply is
//! one line with the chosen column by the name a move string gives it (its digit on boards up
//! to 9 wide, its letter on wider ones), or `error: ...` for a line that
//! cannot be played (the engine keeps going). `--info` appends `score= depth= nodes= time_ms=`.
//! `--size WxH` plays on another board: every line is read on it.

use crate::board_size::SizeArg;
use crate::lines::{Line, next_line};
use anyhow::{Context, Result};
use c4_core::{Game, Geometry, with_geometry};
use c4_eval::BoardTables;
use c4_players::{Agent, PlayerSpec};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// The player answering: a level or a spec.
    #[arg(long, default_value = "hard")]
    pub ai: String,
    /// Append score= depth= nodes= time_ms= to each reply.
    #[arg(long)]
    pub info: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

pub fn run(args: &EngineArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => run_in(args, g))
}

fn run_in<G: BoardTables>(args: &EngineArgs, geometry: G) -> Result<()> {
    let spec = PlayerSpec::parse(&args.ai, 0).context("invalid --ai")?;
    let mut agent = spec.build_in(geometry)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut input = stdin.lock();
    while let Some(line) = next_line(&mut input)? {
        let reply = answer(&mut *agent, geometry, &line, args.info);
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

/// The reply to one input line, a position on the board of `geometry`.
pub fn answer<G: Geometry>(
    agent: &mut dyn Agent<G>,
    geometry: G,
    line: &Line,
    info: bool,
) -> String {
    let text = match line.text() {
        Ok(text) => text,
        Err(refused) => return format!("error: {refused}"),
    };
    let moves = text.trim();
    let game = match Game::from_moves_in(moves, geometry) {
        Ok(game) => game,
        Err(e) => return format!("error: {e}"),
    };
    if game.position().is_over() {
        return "error: the game is over".to_owned();
    }
    let report = agent.choose(&game);
    let name = geometry.size().column_name(report.column);
    if info {
        format!(
            "{} score={} depth={} nodes={} time_ms={:.1}",
            name,
            report.score.number(),
            report.depth,
            report.nodes,
            report.time_ms()
        )
    } else {
        name.to_string()
    }
}
