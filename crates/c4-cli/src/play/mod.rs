//! `c4 play` (human against the computer) and `c4 watch` (computer against computer).

use crate::board_size::{SizeArg, parse_game_in};
use anyhow::{Context, Result, bail};
use c4_core::with_geometry;
use c4_eval::BoardTables;
use c4_players::{Agent, DEFAULT_LEVEL, LEVELS, PlayerSpec};
use c4_terminal::play::{Saver, Seats, Session, banner, keys};
use c4_terminal::watch::Players;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Who moves first in `c4 play`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// You play red and move first.
    Human,
    /// The computer plays red and moves first (also `computer`).
    #[value(alias = "computer")]
    Ai,
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Your opponent: a level (below, and `c4 levels`) or a spec such as alphabeta:depth=5,eval=kang.
    #[arg(long, default_value = DEFAULT_LEVEL)]
    pub ai: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Start from this position instead of the empty board.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub from: String,
    /// Seed for the computer's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Append each finished game, when you leave it, to this games file (the records
    /// `c4 review` and `c4 verify` read): moves, each player's spec and seed, and per-move
    /// statistics (your moves with the time you took), and the board off 7x6.
    #[arg(long)]
    pub save: Option<PathBuf>,
    #[command(flatten)]
    pub board: SizeArg,
}

/// The longest pause `c4 watch --delay` takes between moves: a minute.
const MAX_DELAY_MS: u64 = 60_000;

/// `c4 watch`'s pause between moves on a terminal, so that a game can be followed (the
/// page's pause too); piped, a game runs at full speed.
const TERMINAL_DELAY_MS: u64 = 600;

/// The pause between moves: the one asked for, else [`TERMINAL_DELAY_MS`] on a terminal.
fn watch_delay(asked: Option<u64>, on_terminal: bool) -> Duration {
    let ms = asked.unwrap_or(if on_terminal { TERMINAL_DELAY_MS } else { 0 });
    Duration::from_millis(ms)
}

#[derive(clap::Args, Debug)]
pub struct WatchArgs {
    /// The red player (moves first).
    #[arg(long)]
    pub red: String,
    /// The yellow player.
    #[arg(long)]
    pub yellow: String,
    /// Start from this position.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub from: String,
    /// Pause between moves, in milliseconds (at most 60000) [default: 600 when standard
    /// output is a terminal, none when it is not].
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=MAX_DELAY_MS))]
    pub delay: Option<u64>,
    /// Seed for the players' random choices (yellow gets seed + 1).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub board: SizeArg,
}

/// `c4 play`: the checks of everything given (the opponent, the start, the games file) before
/// the first move, then the session.
pub fn run_play(args: &PlayArgs) -> Result<()> {
    // Opened before the first move, so that a file that cannot take games is refused before
    // anything is played; its games' board is the board unless --size says another.
    let saver = args.save.as_deref().map(Saver::open).transpose()?;
    let size = match &saver {
        Some(saver) => saver.board(args.board.asked)?,
        None => args.board.size(),
    };
    with_geometry!(size, g => play_in(args, g, saver))
}

fn play_in<G: BoardTables>(args: &PlayArgs, geometry: G, saver: Option<Saver>) -> Result<()> {
    let spec = PlayerSpec::parse(&args.ai, args.seed).context("invalid --ai")?;
    let ai = spec.build_in(geometry)?;
    let start = parse_game_in(&args.from, geometry)?;
    if start.position().is_over() {
        bail!("the game given with --from is already over");
    }
    let size = geometry.size();
    let ai_player = match args.first {
        First::Human => c4_core::Player::Yellow,
        First::Ai => c4_core::Player::Red,
    };
    let human = ai_player.other();
    let mut out = std::io::stdout();
    writeln!(out, "{}", banner(&args.ai, &spec, human, size))?;
    writeln!(out, "{}", keys(size))?;
    let seats = Seats {
        human,
        ai_spec: spec.to_string(),
        seed: args.seed,
    };
    let session = Session::new(start, ai, ai_player, seats, saver);
    session.run(&mut std::io::stdin().lock().lines(), &mut out)
}

/// `c4 watch`: both players and the start checked before the first move, then the game.
pub fn run_watch(args: &WatchArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => watch_in(args, g))
}

fn watch_in<G: BoardTables>(args: &WatchArgs, geometry: G) -> Result<()> {
    let player = |text: &str, seed: u64, flag: &str| -> Result<(Box<dyn Agent<G>>, String)> {
        let spec = PlayerSpec::parse(text, seed).with_context(|| format!("invalid {flag}"))?;
        let agent = spec
            .build_in(geometry)
            .with_context(|| format!("invalid {flag}"))?;
        Ok((agent, player_name(text, &spec)))
    };
    let players = Players {
        red: player(&args.red, args.seed, "--red")?,
        yellow: player(&args.yellow, args.seed.wrapping_add(1), "--yellow")?,
    };
    let game = parse_game_in(&args.from, geometry)?;
    if game.position().is_over() {
        bail!("the game given with --from is already over");
    }
    let delay = watch_delay(args.delay, std::io::stdout().is_terminal());
    // On a terminal, `q` and Enter stops the game between two moves (Ctrl-C at once).
    let stop = Arc::new(AtomicBool::new(false));
    if std::io::stdin().is_terminal() {
        println!("(q and Enter stops the game after the move being made; Ctrl-C at once)");
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                if line.is_ok_and(|line| matches!(line.trim(), "q" | "quit")) {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
            }
        });
    }
    c4_terminal::watch::watch(players, game, delay, &stop, &mut std::io::stdout())
}

/// A player as it was asked for: a level by its name (`hard`), any other spec by its
/// canonical text.
fn player_name(asked: &str, spec: &PlayerSpec) -> String {
    match LEVELS.iter().find(|level| level.name == asked.trim()) {
        Some(level) => format!("level {}", level.name),
        None => spec.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_pauses_on_a_terminal_unless_told_otherwise() {
        let ms = |asked, on_terminal| watch_delay(asked, on_terminal).as_millis();
        assert_eq!(ms(None, true), u128::from(TERMINAL_DELAY_MS));
        assert_eq!(ms(None, false), 0);
        assert_eq!(ms(Some(0), true), 0);
        assert_eq!(ms(Some(50), false), 50);
    }
}
