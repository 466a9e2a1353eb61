//! The engine and the perfect player at play: the solver beside the search on two threads,
//! the opening book, and wins and losses in one move.

use crate::support::random_games;
use c4_core::{Column, Game};
use c4_players::parse_agent;
use c4_search::search::MoveValue;
use c4_solver::{Cancel, ExactScore, SolveLimits, Solver, best_solved_column};

/// The most nodes the test's own solver may spend scoring every column of one of the
/// positions below (the largest takes about 50,000): a position that needs more is not
/// the quick endgame this test means, and would make the engine's move long.
const REFERENCE_SOLVE_NODES: u64 = 1_000_000;

#[test]
fn engine_on_two_threads_solves_beside_its_search() {
    // The solve runs on the second thread while the heuristic search deepens: a position it
    // solves within the budget gets the solver's optimal move and exact score. The budget
    // is an hour, so the end of the solve, not a clock, ends each move.
    let mut engine = parse_agent("engine:time=3600000,threads=2", 1).unwrap();
    let mut solver = Solver::new(20);
    let limits = SolveLimits {
        nodes: Some(REFERENCE_SOLVE_NODES),
        time: None,
    };
    let mut solved = 0;
    for game in random_games(11, 400, 30)
        .into_iter()
        .filter(|g| g.position().moves_played() >= 18 && !g.position().can_win_next())
        .take(12)
    {
        let p = *game.position();
        let (scores, stats) = solver
            .analyze(&p, false, limits)
            .unwrap_or_else(|e| panic!("{}: {e}", game.move_string()));
        println!("{}: {} nodes", game.move_string(), stats.nodes);
        let report = engine.choose(&game);
        assert!(
            report.score.is_exact(),
            "not solved: {}",
            game.move_string()
        );
        let (best, score) = best_solved_column(&scores).expect("a move");
        assert_eq!(report.column, best, "{}", game.move_string());
        assert_eq!(report.score, MoveValue::exact(score));
        solved += 1;
    }
    assert_eq!(solved, 12);
}

#[test]
fn engine_on_two_threads_answers_from_its_search_when_the_solve_does_not_finish() {
    // Without the book the empty board's solve is far beyond a test's work. A cancel given
    // before the move stops both threads at their first look at it: the heuristic search's
    // move, from the depths it finished (its first takes seven nodes and always finishes).
    let mut engine = parse_agent("engine:time=3600000,threads=2,book=none", 1).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    engine.set_cancel(cancel);
    let report = engine.choose(&Game::new());
    assert!(!report.score.is_exact(), "{report:?}");
    assert!(report.depth > 0, "the heuristic search finished no depth");
    let note = report.note.as_deref().unwrap_or_default();
    assert!(note.contains("cut by the time limit"), "{note}");
}

#[test]
fn the_engine_and_the_perfect_player_open_from_the_book() {
    for spec in [
        "engine:time=100",
        "engine:time=100,threads=2",
        "perfect:time=100",
    ] {
        let report = parse_agent(spec, 1).unwrap().choose(&Game::new());
        assert_eq!(
            (report.column.index(), report.score),
            (3, MoveValue::exact(ExactScore::new(1).unwrap())),
            "{spec}"
        );
        assert_eq!(report.nodes, 0, "{spec}: searched");
    }
}

#[test]
fn engine_takes_wins_and_stops_losses_in_one() {
    let mut engine = parse_agent("engine:time=20", 1).unwrap();
    let mut checked = (0, 0);
    for game in random_games(6, 300, 36) {
        let p = *game.position();
        let chosen = engine.choose(&game).column;
        let wins: Vec<Column> = p.legal_moves().filter(|&c| p.is_winning_move(c)).collect();
        if !wins.is_empty() {
            assert!(
                wins.contains(&chosen),
                "missed a win in one at {}",
                game.move_string()
            );
            checked.0 += 1;
            continue;
        }
        // A loss in one that some move prevents must be prevented.
        let safe_exists = p.legal_moves().any(|c| {
            let mut after = p;
            after.play_unchecked(c);
            !after.can_win_next()
        });
        let threatened = p.opponent_winning_cells().0 & p.playable_cells().0 != 0;
        if threatened && safe_exists {
            let mut after = p;
            after.play_unchecked(chosen);
            assert!(
                !after.can_win_next(),
                "allowed a loss in one at {} by {chosen}",
                game.move_string()
            );
            checked.1 += 1;
        }
    }
    assert!(
        checked.0 > 10 && checked.1 > 10,
        "too few tactical positions: {checked:?}"
    );
}
