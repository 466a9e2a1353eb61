//! The solver's unit tests: its static rules and its parallel solve against plain search on
//! seeded random positions.

use super::score::SOLVED_PREFERENCE;
use super::static_rules::{follower_rows, static_bounds, wins_by_force};
use super::*;
use rand::rngs::Xoshiro256PlusPlus as SeededRng;
use rand::{RngExt, SeedableRng};

/// The range of every score, as the bounds of a full window.
const MIN_SCORE: i32 = ExactScore::MIN.value();
const MAX_SCORE: i32 = ExactScore::MAX.value();

/// The range of a size's scores.
fn score_range(size: Size) -> (i32, i32) {
    let max = ExactScore::max_in(size.cells()).value();
    (-max, max)
}

/// The exact score by plain alpha-beta: no table, no ordering, no bounds but the game's
/// own, so it shares nothing with the solver's shortcuts.
fn plain_score<G: Geometry>(position: &Position<G>, mut alpha: i32, beta: i32) -> i32 {
    if position.can_win_next() {
        return ExactScore::win_now_in(position).value();
    }
    let mut any = false;
    for column in position.size().center_first() {
        if !position.can_play(column) {
            continue;
        }
        any = true;
        let mut child = *position;
        child.play_unchecked(column);
        let score = -plain_score(&child, -beta, -alpha);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    if any { alpha } else { 0 }
}

/// A position of random moves with a disc count drawn from `discs`; `None` when the game
/// ended on the way or the side to move can win at once (no solver node starts there).
fn random_open_position(
    rng: &mut SeededRng,
    discs: std::ops::RangeInclusive<i32>,
) -> Option<Position> {
    random_open_position_in(rng, discs, Standard)
}

/// [`random_open_position`] on the board of `geometry`.
fn random_open_position_in<G: Geometry>(
    rng: &mut SeededRng,
    discs: std::ops::RangeInclusive<i32>,
    geometry: G,
) -> Option<Position<G>> {
    let mut position = Position::new_in(geometry);
    let target = rng.random_range(discs);
    while (position.moves_played() as i32) < target && !position.is_over() {
        let legal: Vec<Column> = position.legal_moves().collect();
        position.play_unchecked(legal[rng.random_range(0..legal.len())]);
    }
    (!position.is_over() && !position.can_win_next()).then_some(position)
}

/// Each probe order a thread of a parallel solve may use finds, alone, the exact and the
/// weak score the main thread's bisection finds, on seeded random positions that score
/// above, at and below 0 (so the outward order runs both ways).
#[test]
fn every_probe_order_finds_the_same_score() {
    let mut rng = SeededRng::seed_from_u64(5);
    let mut solvers: Vec<Solver> = (0..4)
        .map(|variant| Solver::with_table(Arc::new(SolverTable::new(20)), variant, Standard))
        .collect();
    assert_eq!(solvers[1].probes, ProbeOrder::FromZero);
    let mut signs = [0; 3];
    for _ in 0..300 {
        let Some(position) = random_open_position(&mut rng, 12..=24) else {
            continue;
        };
        for weak in [false, true] {
            let scores: Vec<ExactScore> = solvers
                .iter_mut()
                .map(|solver| {
                    solver.reset();
                    let limits = SolveLimits::default();
                    solver.solve_within(&position, weak, limits).unwrap().0
                })
                .collect();
            assert!(
                scores.iter().all(|&s| s == scores[0]),
                "{position:?} weak {weak}: {scores:?}"
            );
            if !weak {
                signs[(scores[0].signum() + 1) as usize] += 1;
            }
        }
    }
    assert!(
        signs.iter().all(|&n| n >= 3),
        "losses, draws, wins: {signs:?}"
    );
}

/// Among equal scores the centre-most column wins, the right one of two at the same
/// distance.
#[test]
fn solved_preference_is_centre_first_right_before_left() {
    let letters: String = SOLVED_PREFERENCE.iter().map(|c| c.letter()).collect();
    assert_eq!(letters, "decfbga");
    let mut scores = [Some(ExactScore::DRAW); WIDTH];
    let best = |scores| best_solved_column(&scores).unwrap().0.letter();
    assert_eq!(best(scores), 'd');
    scores[3] = ExactScore::new(-1);
    assert_eq!(best(scores), 'e');
    scores[0] = ExactScore::new(5);
    assert_eq!(best(scores), 'a');
}

/// `best_move` picks the column and score that `analyze` and `best_solved_column` pick,
/// on one thread and on two, on seeded random positions.
#[test]
fn best_move_is_the_analysed_best() {
    let mut rng = SeededRng::seed_from_u64(3);
    let mut solver = Solver::new(20);
    let mut checked = 0;
    for i in 0..200 {
        let Some(position) = random_open_position(&mut rng, 10..=30) else {
            continue;
        };
        solver.set_threads(1 + i % 2);
        solver.reset();
        let limits = SolveLimits::default();
        let (scores, _) = solver.analyze(&position, false, limits).unwrap();
        let expected = best_solved_column(&scores).unwrap();
        solver.reset();
        let (column, score, _) = solver.best_move(&position, limits).unwrap();
        assert_eq!((column, score), expected, "{position:?}: {scores:?}");
        checked += 1;
    }
    assert!(checked > 50, "{checked} positions");
}

/// An analysis spread over two or three threads gives every column the score one thread
/// gives, exact and weak, on seeded random positions of 7x6 and of 6x5; and one that runs
/// out of nodes fails instead of answering.
#[test]
fn an_analysis_over_threads_scores_each_column_as_one_thread() {
    let mut rng = SeededRng::seed_from_u64(17);
    let mut alone = Solver::new(20);
    let mut spread = Solver::new(20);
    let mut checked = 0;
    for i in 0..60 {
        let Some(position) = random_open_position(&mut rng, 10..=26) else {
            continue;
        };
        spread.set_threads(2 + i % 2);
        for weak in [false, true] {
            alone.reset();
            spread.reset();
            let limits = SolveLimits::default();
            let (expected, _) = alone.analyze_columns(&position, weak, limits).unwrap();
            let (scores, _) = spread.analyze_columns(&position, weak, limits).unwrap();
            assert_eq!(scores, expected, "{position:?} weak {weak}");
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked} positions");

    let geometry = AnySize::new(Size::new(6, 5).unwrap());
    let mut alone = Solver::new_in(20, geometry);
    let mut spread = Solver::new_in(20, geometry);
    spread.set_threads(3);
    for _ in 0..20 {
        let Some(position) = random_open_position_in(&mut rng, 4..=14, geometry) else {
            continue;
        };
        let limits = SolveLimits::default();
        let expected = alone.analyze_columns(&position, false, limits).unwrap().0;
        assert_eq!(
            spread.analyze_columns(&position, false, limits).unwrap().0,
            expected,
            "{position:?}"
        );
    }

    let position = c4_core::parse_moves("4453").unwrap();
    let mut spread = Solver::new(20);
    spread.set_threads(2);
    let limits = SolveLimits {
        nodes: Some(10_000),
        time: None,
    };
    assert_eq!(
        spread
            .analyze_columns(&position, false, limits)
            .unwrap_err(),
        SolveError::LimitReached
    );
}

/// A cancel whose deadline has passed stops a solve with no limit of its own at the first
/// clock check of each thread: the empty 8x7 board, which no solve finishes here.
#[test]
fn a_passed_deadline_stops_a_solve_at_its_first_clock_check() {
    let geometry = AnySize::new(Size::new(8, 7).unwrap());
    let mut solver = Solver::new_in(16, geometry);
    solver.set_threads(2);
    solver.set_cancel(Some(Cancel::at(crate::clock::Instant::now())));
    let position = Position::new_in(geometry);
    let columns: Vec<Column> = Size::new(8, 7).unwrap().columns().collect();
    let each = solver.score_columns(&position, &columns, false, SolveLimits::default());
    assert_eq!(each.failure, Some(SolveError::LimitReached));
    // Each of the two threads stops at its first check, after one interval's nodes, and
    // enters no move as it unwinds.
    assert!(
        each.stats.nodes <= 2 * CLOCK_INTERVAL,
        "{}",
        each.stats.nodes
    );
}

/// A move that `wins_by_force` finds leaves the other player lost with the score of a win
/// with the mover's next disc but one (checked by plain alpha-beta on seeded random
/// positions), and both of its patterns (two playable threats, two stacked) occur.
#[test]
fn forced_wins_score_exactly() {
    let mut rng = SeededRng::seed_from_u64(11);
    let (mut side_by_side, mut stacked) = (0, 0);
    for _ in 0..20_000 {
        let Some(position) = random_open_position(&mut rng, 6..=36) else {
            continue;
        };
        let (current, occupied) = position.raw();
        let mut rest = position.non_losing_moves().0;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest ^= cell;
            let wins = Standard.winning_cells(current | cell, occupied);
            if !wins_by_force(Standard, wins, occupied | cell) {
                continue;
            }
            let playable_wins = wins & ((occupied | cell) + Standard.bottom()) & Standard.board();
            if playable_wins.count_ones() >= 2 {
                side_by_side += 1;
            } else {
                stacked += 1;
            }
            let mut child = position;
            child.play_cell(cell);
            let moves = position.moves_played() as i32;
            assert_eq!(
                -plain_score(&child, MIN_SCORE, MAX_SCORE),
                (Standard.cells() as i32 - 1 - moves) / 2,
                "{position:?} then {cell:#x}"
            );
        }
    }
    assert!(
        side_by_side > 20 && stacked > 20,
        "forced wins found: {side_by_side} side by side, {stacked} stacked"
    );
}

/// The bounds that need no search hold the exact score of seeded random late positions
/// (scored by plain alpha-beta), and each rule fires on some of them: on 7x6, and on boards
/// of odd height and of an odd number of cells, where the rules read rows by their distance
/// from the top.
#[test]
fn static_bounds_hold_the_exact_score() {
    static_bounds_hold_on(AnySize::new(Size::STANDARD), 28..=40, 3000);
    for (width, height) in [(6, 5), (5, 5), (7, 5), (4, 5), (5, 4), (4, 7)] {
        let size = Size::new(width, height).unwrap();
        let cells = size.cells() as i32;
        static_bounds_hold_on(AnySize::new(size), cells - 13..=cells - 2, 1500);
    }
}

/// The check of [`static_bounds_hold_the_exact_score`] on `checks` positions of `geometry`
/// with a disc count drawn from `discs`.
fn static_bounds_hold_on(geometry: AnySize, discs: std::ops::RangeInclusive<i32>, checks: u32) {
    let size = geometry.size();
    let (min_score, max_score) = score_range(size);
    let mut rng = SeededRng::seed_from_u64(7 + size.cells() as u64);
    let mut fired = [[0; 2]; 6];
    let mut checked = 0;
    while checked < checks {
        let Some(position) = random_open_position_in(&mut rng, discs.clone(), geometry) else {
            continue;
        };
        checked += 1;
        let (current, occupied) = position.raw();
        // The empty window 0..0 is the one every rule can end.
        let (lower, upper) = static_bounds(geometry, current, occupied, 0, 0);
        let score = plain_score(&position, min_score, max_score);
        assert!(
            lower <= score && score <= upper,
            "{size} {:?}: score {score} outside [{lower}, {upper}]",
            position.raw()
        );
        let opponent = current ^ occupied;
        let board = geometry.board();
        let (mine_blocked, theirs_blocked) = (
            !geometry.has_four(board & !opponent),
            !geometry.has_four(board & !current),
        );
        let odd_columns =
            ((occupied + geometry.bottom()) & board & follower_rows(geometry)).count_ones();
        let rule = match (lower, upper) {
            _ if mine_blocked || theirs_blocked => 0,
            (_, 0) => 1,
            (_, -1) if odd_columns.is_multiple_of(2) => 2,
            (_, -1) => 5,
            (0, _) => 3,
            (1, _) => 4,
            _ => continue,
        };
        // Whether the rule needed more odd columns than its plain form handles (none for
        // claimeven by the player not to move, one for the side to move or for the odd
        // threat).
        let extended = usize::from(odd_columns > 1);
        fired[rule][extended] += 1;
    }
    assert!(
        fired[0][0] + fired[0][1] > 0 && fired[1..].iter().flatten().all(|&n| n > 0),
        "{size}: rules fired as [plain, with more odd columns] (no free line, claimeven draw, \
         claimeven loss, claimeven for the side to move: at least a draw, a win, \
         odd threat of the player not to move): {fired:?}"
    );
}
