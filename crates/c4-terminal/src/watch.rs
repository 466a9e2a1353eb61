//! `c4 watch`: two computer players, move by move on the terminal.

use crate::screen::{self, wrap};
use crate::stats::{ScoreShown, stats_line, summarise};
use crate::words::{describe, move_number};
use anyhow::{Context, Result};
use c4_core::{Game, Player};
use c4_eval::BoardTables;
use c4_players::Agent;
use c4_search::search::MoveReport;
use std::io::Write;
use std::time::Duration;

/// Plays `game` (not over) to its end between `red` and `yellow`, each move with its
/// statistics and the board, a pause of `delay` between moves; then the result, each side's
/// moves summed up and the moves.
pub fn watch<G: BoardTables>(
    mut red: Box<dyn Agent<G>>,
    mut yellow: Box<dyn Agent<G>>,
    mut game: Game<G>,
    delay: Duration,
    out: &mut impl Write,
) -> Result<()> {
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
        write!(out, "{}", screen::board(&game))?;
        stats.push(report);
        if !delay.is_zero() && !game.position().is_over() {
            std::thread::sleep(delay);
        }
    }
    writeln!(out, "\n{}", describe(&game))?;
    summarise(out, "red", &red_stats)?;
    summarise(out, "yellow", &yellow_stats)?;
    writeln!(out, "moves: {}", game.move_string())?;
    Ok(())
}
