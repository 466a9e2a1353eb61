//! The words the terminal says about a game: where it stands, the number of a move (its
//! disc's, from 1), and the names and keys of a board's columns.

use c4_core::{Game, Geometry, Player, Position, PositionSummary, Size, Square};

/// One line on where the game stands (a line more for each further winning four), the
/// legal columns by the names that are typed for them.
#[must_use]
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
                .map(|&column| game.size().column_name(column).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => unreachable!("a summary is won, drawn or has a side to move"),
    }
}

/// The number of the move made after `plies` discs: its disc's, from 1 (red's first move
/// is 1, yellow's reply 2), as the page, `c4 review` and game records count.
#[must_use]
pub const fn move_number(plies: u32) -> u32 {
    plies + 1
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

/// The keys that name the columns of `size`: `1-7 or a-g` on 7x6, letters alone on a board
/// wider than 9.
#[must_use]
pub fn column_keys(size: Size) -> String {
    let letters = format!("a-{}", size.last_letter());
    if size.has_digit_columns() {
        format!("1-{} or {letters}", size.width())
    } else {
        letters
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::Column;

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
    fn moves_are_counted_by_disc() {
        assert_eq!(move_number(0), 1);
        assert_eq!(move_number(1), 2);
        assert_eq!(move_number(41), 42);
    }

    #[test]
    fn columns_are_shown_as_they_are_typed() {
        let wide: Size = "10x4".parse().unwrap();
        let game = Game::from_moves_in("", c4_core::AnySize::new(wide)).unwrap();
        assert!(describe(&game).ends_with("legal columns a b c d e f g h i j"));
        assert_eq!(wide.column_words(wide.column(9).unwrap()), "j");
        let four = Column::new(3).unwrap();
        assert_eq!(Size::STANDARD.column_words(four), "4 (d)");
    }

    #[test]
    fn the_keys_follow_the_width() {
        assert_eq!(column_keys(Size::STANDARD), "1-7 or a-g");
        assert_eq!(column_keys("11x4".parse().unwrap()), "a-k");
    }
}
