//! Properties of exact scores that hold whatever the positions: checked on seeded random
//! middle- and end-game positions that are not in the reference files.

use c4_core::{Column, Game, Position};
// c4-eval's `SeededRng`, the one generator of c4, is this type.
use c4_solver::{ExactScore, SolveLimits, Solver};
use rand::rngs::Xoshiro256PlusPlus as SeededRng;
use rand::{RngExt, SeedableRng};

/// Random games of 18-34 discs that are not over.
fn positions(seed: u64, count: usize) -> Vec<Game> {
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let target = rng.random_range(18..=34);
        let mut game = Game::new();
        while game.moves().len() < target && !game.position().is_over() {
            let legal: Vec<Column> = game.position().legal_moves().collect();
            game.try_play(legal[rng.random_range(0..legal.len())])
                .unwrap();
        }
        if !game.position().is_over() {
            out.push(game);
        }
    }
    out
}

#[test]
fn a_position_and_its_mirror_score_the_same() {
    let mut solver = Solver::new(22);
    for game in positions(1, 150) {
        let (a, _) = solver.solve(game.position()).unwrap();
        let (b, _) = solver.solve(&game.position().mirrored()).unwrap();
        assert_eq!(a, b, "{}", game.move_string());
    }
}

#[test]
fn score_is_the_best_child_score() {
    let mut solver = Solver::new(22);
    for game in positions(2, 150) {
        let p = *game.position();
        let (score, _) = solver.solve(&p).unwrap();
        let mut best = ExactScore::MIN;
        let mut values = [None; c4_core::WIDTH];
        for column in p.legal_moves() {
            let value = if p.is_winning_move(column) {
                ExactScore::win_now(&p)
            } else {
                let mut child = p;
                child.play_unchecked(column);
                if child.is_over() {
                    ExactScore::DRAW
                } else {
                    -solver.solve(&child).unwrap().0
                }
            };
            best = best.max(value);
            values[column.index()] = Some(value);
        }
        assert_eq!(score, best, "{}", game.move_string());
        // analyze agrees column by column, and scores exactly the playable columns.
        let (scores, _) = solver.analyze(&p, false, SolveLimits::default()).unwrap();
        assert_eq!(scores, values, "{}", game.move_string());
    }
}

#[test]
fn weak_score_is_the_sign_of_the_strong_score() {
    let mut solver = Solver::new(22);
    for game in positions(3, 150) {
        let (strong, _) = solver.solve(game.position()).unwrap();
        let (weak, _) = solver
            .solve_within(game.position(), true, SolveLimits::default())
            .unwrap();
        assert_eq!(weak, strong.weak(), "{}", game.move_string());
    }
}

/// Playing the solver's best move every time wins every winning position against random play.
#[test]
fn a_move_the_solver_calls_winning_wins_against_random_play() {
    let mut solver = Solver::new(22);
    let mut rng = SeededRng::seed_from_u64(4);
    let mut checked = 0;
    for game in positions(4, 80) {
        let (score, _) = solver.solve(game.position()).unwrap();
        if !score.is_win() {
            continue;
        }
        checked += 1;
        let winner = game.position().side_to_move();
        let mut p: Position = *game.position();
        while !p.is_over() {
            let column = if p.side_to_move() == winner {
                let (scores, _) = solver.analyze(&p, false, SolveLimits::default()).unwrap();
                c4_solver::best_solved_column(&scores).unwrap().0
            } else {
                let legal: Vec<Column> = p.legal_moves().collect();
                legal[rng.random_range(0..legal.len())]
            };
            p.play_unchecked(column);
        }
        let won_by = if p.last_mover_won() {
            Some(p.side_to_move().other())
        } else {
            None
        };
        assert_eq!(won_by, Some(winner), "from {}", game.move_string());
    }
    assert!(checked > 20, "only {checked} winning positions");
}
