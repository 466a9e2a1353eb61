//! The square-value evaluators against the matrices as the papers print them
//! (`crates/c4-papers/data/reference/square_value_matrices.csv`: Kang's H2, which is Ayoub's
//! "value center of board", and Ayoub's "value corners of board"): on many random positions,
//! each evaluator's score is the sum of the matrix over the view's discs minus the sum over
//! the opponent's, the sum taken here from the table, so each square's value is pinned to the
//! paper's number.

use c4_core::{Column, Game, HEIGHT, Player, Position, Square, WIDTH};
use c4_eval::SeededRng;
use c4_eval::{Evaluator, parse_evaluator};
use rand::{RngExt, SeedableRng};

/// The matrices as transcribed in c4-papers' reference tables.
const MATRICES: &str = include_str!("../../c4-papers/data/reference/square_value_matrices.csv");

/// Matrix `name` from the CSV, indexed `[row][column]` with row 0 the bottom (the CSV lists
/// row 6, the top, first).
fn matrix(name: &str) -> [[i64; WIDTH]; HEIGHT] {
    let mut values = [[-1i64; WIDTH]; HEIGHT];
    let rows = MATRICES
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1);
    for line in rows {
        let fields: Vec<&str> = line.split(',').collect();
        if fields[0] != name {
            continue;
        }
        let row: usize = fields[1].parse().unwrap();
        assert_eq!(fields.len(), 2 + WIDTH, "{line}");
        for (column, text) in fields[2..].iter().enumerate() {
            values[row - 1][column] = text.parse().unwrap();
        }
    }
    assert!(
        values.iter().flatten().all(|&v| v >= 0),
        "matrix {name} lacks a square"
    );
    values
}

/// The table's score of `position` for `view`: own discs' values minus the opponent's.
fn table_score(values: &[[i64; WIDTH]; HEIGHT], position: &Position, view: Player) -> i64 {
    let mut score = 0;
    for (row, row_values) in values.iter().enumerate() {
        for (column, value) in row_values.iter().enumerate() {
            let square = Square::new(Column::new(column).unwrap(), row).unwrap();
            match position.cell(square) {
                Some(player) if player == view => score += value,
                Some(_) => score -= value,
                None => {}
            }
        }
    }
    score
}

#[test]
fn square_value_evaluators_score_by_the_papers_matrices() {
    let mut rng = SeededRng::seed_from_u64(6);
    for name in ["center", "corners"] {
        let values = matrix(name);
        let mut evaluator = parse_evaluator(name, 0).unwrap();
        for _ in 0..2000 {
            let mut game = Game::new();
            for _ in 0..rng.random_range(0..42) {
                let legal: Vec<Column> = game.position().legal_moves().collect();
                if legal.is_empty() || game.position().is_over() {
                    break;
                }
                game.try_play(legal[rng.random_range(0..legal.len())])
                    .unwrap();
            }
            let position = game.position();
            for view in [Player::Red, Player::Yellow] {
                assert_eq!(
                    i64::from(evaluator.evaluate(position, view, None)),
                    table_score(&values, position, view),
                    "{name} for {view:?} at {}",
                    game.move_string()
                );
            }
        }
    }
}
