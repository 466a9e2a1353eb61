//! `c4 engine`: a line protocol for other programs.
//!
//! Each input line is a position as a move string (an empty line is the start); the reply is
//! one line with the chosen column 1-7, or `error: ...` for a line that cannot be played
//! (the engine keeps going). `--info` appends `score= depth= nodes= time_ms=`.

use anyhow::{Context, Result};
use c4_core::Game;
use c4_engine::agent::AgentSpec;
use std::io::{BufRead, Write};

#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// The player answering: a level or a spec.
    #[arg(long, default_value = "hard")]
    pub ai: String,
    /// Append score= depth= nodes= time_ms= to each reply.
    #[arg(long)]
    pub info: bool,
}

/// Longest line accepted (a game has at most 42 moves).
const MAX_LINE: usize = 256;

pub fn run(args: &EngineArgs) -> Result<()> {
    let spec = AgentSpec::parse(&args.ai, 0).context("invalid --ai")?;
    let mut agent = spec.build()?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut buffer = Vec::new();
    let mut input = stdin.lock();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            break;
        }
        let reply = answer(&mut *agent, &buffer, args.info);
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

/// The reply to one raw input line.
pub fn answer(agent: &mut dyn c4_engine::agent::Agent, raw: &[u8], info: bool) -> String {
    if raw.len() > MAX_LINE {
        return format!(
            "error: line is {} bytes long; the limit is {MAX_LINE}",
            raw.len()
        );
    }
    let Ok(text) = std::str::from_utf8(raw) else {
        return "error: line is not valid UTF-8".to_owned();
    };
    let moves = text.trim_end_matches(['\n', '\r']).trim();
    let game = match Game::from_moves(moves) {
        Ok(game) => game,
        Err(e) => return format!("error: {e}"),
    };
    if game.position().is_over() {
        return "error: the game is over".to_owned();
    }
    let report = agent.choose(&game);
    if info {
        format!(
            "{} score={} depth={} nodes={} time_ms={:.1}",
            report.column,
            report.score,
            report.depth,
            report.nodes,
            report.time_ms()
        )
    } else {
        report.column.to_string()
    }
}
