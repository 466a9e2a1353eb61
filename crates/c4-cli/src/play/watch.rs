//! `c4 watch`: two computer players, move by move on the terminal.

use super::{WatchArgs, summarise, watch_delay};
use crate::board_size::parse_game_in;
use crate::move_stats::{ScoreShown, stats_line};
use crate::show::{describe, move_number};
use crate::terminal::{self, wrap};
use anyhow::{Context, Result, bail};
use c4_core::{Player, with_geometry};
use c4_eval::BoardTables;
use c4_players::{Agent, PlayerSpec};
use c4_search::search::MoveReport;
use std::io::{IsTerminal, Write};

pub fn run_watch(args: &WatchArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => watch_in(args, g))
}

fn watch_in<G: BoardTables>(args: &WatchArgs, geometry: G) -> Result<()> {
    let player = |text: &str, seed: u64, flag: &str| -> Result<Box<dyn Agent<G>>> {
        let spec = PlayerSpec::parse(text, seed).with_context(|| format!("invalid {flag}"))?;
        spec.build_in(geometry)
            .with_context(|| format!("invalid {flag}"))
    };
    let mut red = player(&args.red, args.seed, "--red")?;
    let mut yellow = player(&args.yellow, args.seed.wrapping_add(1), "--yellow")?;
    let mut game = parse_game_in(&args.from, geometry)?;
    if game.position().is_over() {
        bail!("the game given with --from is already over");
    }
    let delay = watch_delay(args.delay, std::io::stdout().is_terminal());
    let mut out = std::io::stdout();
    writeln!(out, "red: {}\nyellow: {}", red.spec(), yellow.spec())?;
    let (mut red_stats, mut yellow_stats) = (Vec::new(), Vec::new());
    while !game.position().is_over() {
        let mover = game.position().side_to_move();
        let (agent, stats): (&mut Box<dyn Agent<G>>, &mut Vec<MoveReport>) = match mover {
            Player::Red => (&mut red, &mut red_stats),
            Player::Yellow => (&mut yellow, &mut yellow_stats),
        };
        let report = agent.choose(&game);
        game.try_play(report.column)
            .context("a player chose an illegal move")?;
        writeln!(
            out,
            "\nmove {}: {mover} plays {} ({})\n{}",
            move_number(game.position().moves_played() - 1),
            report.column,
            report.column.letter(),
            wrap(&stats_line(&report, ScoreShown::Mover), 4)
        )?;
        write!(out, "{}", terminal::board(&game))?;
        stats.push(report);
        if !delay.is_zero() && !game.position().is_over() {
            std::thread::sleep(delay);
        }
    }
    writeln!(out, "\n{}", describe(&game))?;
    summarise(&mut out, "red", &red_stats)?;
    summarise(&mut out, "yellow", &yellow_stats)?;
    writeln!(out, "moves: {}", game.move_string())?;
    Ok(())
}
