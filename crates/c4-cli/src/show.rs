//! `c4 show`: a position as a diagram or as JSON.

use crate::board_size::{SizeArg, parse_game_in};
use crate::terminal;
use anyhow::Result;
use c4_core::{Game, Geometry, Player, Position, PositionSummary, Square, with_geometry};
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
    write!(out, "{}", terminal::board(&game))?;
    writeln!(out, "{}", describe(&game))?;
    Ok(())
}

/// One line on where the game stands (a line more for each further winning four), moves
/// numbered as players count them: a move is a disc of each colour.
pub fn describe<G: Geometry>(game: &Game<G>) -> String {
    let summary = PositionSummary::of(game);
    match (summary.status, summary.winner, summary.to_move) {
        ("won", Some(winner), _) => winning_lines(game.position(), winner)
            .iter()
            .map(|line| format!("{winner} wins: {}", line.join(" ")))
            .collect::<Vec<_>>()
            .join("\n"),
        ("draw", _, _) => "draw: the board is full".to_owned(),
        (_, _, Some(to_move)) => format!(
            "{to_move} to move (move {}), legal columns {}",
            move_number(summary.moves_played),
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

/// The number players give the move made after `plies` discs: red's and yellow's discs of
/// one turn share a number, from 1.
pub fn move_number(plies: u32) -> u32 {
    plies / 2 + 1
}

/// Each row of four or more of `winner`'s discs, its squares in order (`d1`), bottom-left
/// first: two fours that share a disc are two lines.
fn winning_lines<G: Geometry>(position: &Position<G>, winner: Player) -> Vec<Vec<String>> {
    let size = position.size();
    let is_winners = |column: isize, row: isize| -> Option<Square> {
        let column = size.column(usize::try_from(column).ok()?)?;
        let square = size.square(column, usize::try_from(row).ok()?)?;
        (position.cell(square) == Some(winner)).then_some(square)
    };
    let mut lines = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for row in 0..size.height() as isize {
            for column in 0..size.width() as isize {
                // A line starts where the square before it is not the winner's.
                if is_winners(column - dc, row - dr).is_some() {
                    continue;
                }
                let line: Vec<Square> = (0..)
                    .map_while(|i| is_winners(column + i * dc, row + i * dr))
                    .collect();
                if line.len() >= 4 {
                    lines.push(line);
                }
            }
        }
    }
    lines.sort_by_key(|line| (line[0].row(), line[0].column()));
    lines
        .iter()
        .map(|line| line.iter().map(ToString::to_string).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_winning_fours_are_two_lines() {
        // Red's last disc, d1, makes a row and a diagonal (issue 52, item 6).
        let game = Game::from_moves("637667577773534").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            describe(&game),
            "red wins: d1 e1 f1 g1\nred wins: d1 e2 f3 g4"
        );
    }

    #[test]
    fn moves_are_counted_per_pair_of_discs() {
        assert_eq!(move_number(0), 1);
        assert_eq!(move_number(1), 1);
        assert_eq!(move_number(2), 2);
        assert_eq!(move_number(41), 21);
    }
}
