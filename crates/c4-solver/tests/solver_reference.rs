//! The solver against positions scored by an independent reference solver
//! (`crates/c4-solver/data/positions/`, see its README). Every line must agree.

use c4_core::parse_moves;
use c4_solver::{ExactScore, Solver};
use std::path::PathBuf;

fn positions(set: &str) -> Vec<(String, ExactScore)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/positions")
        .join(set);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (moves, score) = l.split_once(' ').expect("MOVES SCORE");
            (moves.to_owned(), score.trim().parse().expect("a score"))
        })
        .collect()
}

fn check_set(set: &str, limit: usize) {
    let mut solver = Solver::default();
    let mut nodes = 0;
    let lines = positions(set);
    let count = lines.len().min(limit);
    for (moves, expected) in lines.into_iter().take(limit) {
        let position = parse_moves(&moves).unwrap();
        solver.reset();
        let (score, stats) = solver.solve(&position).unwrap();
        nodes += stats.nodes;
        assert_eq!(
            score, expected,
            "{set}: {moves} expected {expected}, got {score}"
        );
        // Weak solving agrees in sign.
        solver.reset();
        let (weak, _) = solver
            .solve_within(&position, true, Default::default())
            .unwrap();
        assert_eq!(weak, expected.weak(), "{set}: weak {moves}");
    }
    println!(
        "{set}: {count} positions agree, mean nodes {:.1}",
        nodes as f64 / count as f64
    );
}

#[test]
fn parallel_solves_agree() {
    // Two threads on one table, with and without a reset between positions, strong and weak.
    let mut solver = Solver::new(20);
    solver.set_threads(2);
    for (i, (moves, expected)) in positions("Test_L2_R2").into_iter().take(40).enumerate() {
        let position = parse_moves(&moves).unwrap();
        if i % 2 == 0 {
            solver.reset();
        }
        let (score, stats) = solver.solve(&position).unwrap();
        assert_eq!(score, expected, "{moves}");
        assert!(stats.nodes > 0);
        let (weak, _) = solver
            .solve_within(&position, true, Default::default())
            .unwrap();
        assert_eq!(weak, expected.weak(), "weak {moves}");
    }
}

#[test]
fn end_easy() {
    check_set("Test_L3_R1", usize::MAX);
}

#[test]
fn middle_easy() {
    check_set("Test_L2_R1", usize::MAX);
}

#[test]
fn begin_easy() {
    check_set("Test_L1_R1", usize::MAX);
}

#[test]
fn middle_medium() {
    check_set("Test_L2_R2", usize::MAX);
}

#[test]
#[ignore = "about 0.6 M nodes a position: minutes; run with --ignored --release"]
fn begin_medium() {
    check_set("Test_L1_R2", usize::MAX);
}

#[test]
#[ignore = "17 million nodes a position on average: half an hour of CPU; run with --ignored --release"]
fn begin_hard() {
    check_set("Test_L1_R3", usize::MAX);
}

/// The first 50 of Begin-Medium in the default run, so the set is never entirely skipped.
#[test]
fn begin_medium_sample() {
    check_set("Test_L1_R2", 50);
}

#[test]
#[ignore = "the empty board: minutes on one core"]
fn empty_board_is_a_first_player_win_by_plus_one() {
    let (score, _) = Solver::default().solve(&parse_moves("").unwrap()).unwrap();
    assert_eq!(score.value(), 1);
}
