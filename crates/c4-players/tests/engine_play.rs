//! The engine and the perfect player at play: the solver beside the search on two threads,
//! the opening book, and wins and losses in one move.

mod support;

use c4_core::{Column, Game};
use c4_players::parse_agent;
use c4_search::search::MoveValue;
use c4_solver::{SolveLimits, Solver, best_solved_column};
use std::time::Duration;
use support::random_games;

#[test]
fn engine_on_two_threads_solves_beside_its_search() {
    // The solve runs on the second thread while the heuristic search deepens: a position it
    // solves in time gets the solver's optimal move and exact score.
    let mut engine = parse_agent("engine:time=3000,threads=2", 1).unwrap();
    let mut solver = Solver::new(20);
    let mut solved = 0;
    for game in random_games(11, 400, 30)
        .into_iter()
        .filter(|g| g.position().moves_played() >= 18 && !g.position().can_win_next())
        .take(12)
    {
        let p = *game.position();
        let report = engine.choose(&game);
        let (scores, _) = solver.analyze(&p, false, SolveLimits::default()).unwrap();
        assert!(
            report.score.is_exact(),
            "not solved: {}",
            game.move_string()
        );
        assert_eq!(
            report.column,
            best_solved_column(&p, &scores),
            "{}",
            game.move_string()
        );
        assert_eq!(
            report.score,
            MoveValue::exact(scores[report.column.index()])
        );
        solved += 1;
    }
    assert_eq!(solved, 12);
    // Without the book the empty board cannot be solved in 100 ms: the heuristic search's
    // move, when the budget is spent.
    let mut quick = parse_agent("engine:time=100,threads=2,book=none", 1).unwrap();
    let report = quick.choose(&Game::new());
    assert!(!report.score.is_exact());
    assert!(report.depth > 0, "the heuristic search finished no depth");
    assert!(report.time >= Duration::from_millis(100) && report.time < Duration::from_secs(5));
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
            (3, MoveValue::exact(1)),
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
