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
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The players of a watched game: each agent with the name it was asked for by (a level's,
/// or its spec).
pub struct Players<G: BoardTables> {
    /// Red, who moves first, and the words it was asked for by.
    pub red: (Box<dyn Agent<G>>, String),
    /// Yellow, and the words it was asked for by.
    pub yellow: (Box<dyn Agent<G>>, String),
}

/// Plays `game` (not over) to its end between the `players`, each move with its statistics
/// and the board, a pause of `delay` between moves, unless `stop` is set between two moves;
/// then the result, each side's moves summed up and the moves.
pub fn watch<G: BoardTables>(
    players: Players<G>,
    mut game: Game<G>,
    delay: Duration,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> Result<()> {
    let Players {
        red: (mut red, red_name),
        yellow: (mut yellow, yellow_name),
    } = players;
    writeln!(out, "red: {red_name}\nyellow: {yellow_name}")?;
    let (mut red_stats, mut yellow_stats) = (Vec::new(), Vec::new());
    while !game.position().is_over() {
        if stop.load(Ordering::Relaxed) {
            writeln!(out, "\nstopped")?;
            break;
        }
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
            "\nmove {}: {mover} plays {}\n{}",
            move_number(game.position().moves_played() - 1),
            game.size().column_words(report.column),
            wrap(&stats_line(&report, ScoreShown::Mover), 4)
        )?;
        write!(out, "{}", screen::board(&game))?;
        stats.push(report);
        if !delay.is_zero() && !game.position().is_over() {
            std::thread::sleep(delay);
        }
    }
    if game.position().is_over() {
        writeln!(out, "\n{}", describe(&game))?;
    }
    summarise(out, "red", &red_stats)?;
    summarise(out, "yellow", &yellow_stats)?;
    writeln!(out, "moves: {}", game.move_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_players::PlayerSpec;

    #[test]
    fn a_stop_asked_for_ends_the_game_between_two_moves() {
        let player = |name: &str| {
            let agent = PlayerSpec::parse(name, 0).unwrap().build().unwrap();
            (agent, format!("level {name}"))
        };
        let players = Players {
            red: player("easy"),
            yellow: player("easy"),
        };
        let mut out = Vec::new();
        let stop = AtomicBool::new(true);
        watch(players, Game::new(), Duration::ZERO, &stop, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with("red: level easy\nyellow: level easy\n\nstopped\n"),
            "{out}"
        );
        assert!(!out.contains("move 1:"), "{out}");
    }
}
