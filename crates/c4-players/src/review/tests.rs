//! The review's verdicts against the solver's scores, on 7x6, 6x5 and 9x6, with and without
//! a budget.

use super::*;

fn numbers(columns: &[Column]) -> Vec<u8> {
    columns.iter().map(|c| c.number()).collect()
}

#[test]
fn moves_are_judged_by_the_result_they_keep() {
    let of = |score, best| {
        Quality::of(
            ExactScore::new(score).unwrap(),
            ExactScore::new(best).unwrap(),
        )
    };
    assert_eq!(of(3, 3), Quality::Optimal);
    assert_eq!(of(1, 3), Quality::Inaccurate);
    assert_eq!(of(-4, -2), Quality::Inaccurate);
    assert_eq!(of(0, 2), Quality::Mistake);
    assert_eq!(of(-1, 0), Quality::Mistake);
}

#[test]
fn a_slower_win_is_inaccurate_a_thrown_win_a_mistake() {
    let names = || ["red".to_owned(), "yellow".to_owned()];
    let mut solver = Solver::new(20);
    // Red holds d1 e1 f1: a1 still wins (c1 and g1 stay open), a move later than c1 or g1.
    let slower = review("4455661", 6, names(), &mut solver).unwrap();
    let m = &slower.reviewed[0];
    assert_eq!((m.player, m.column.number()), (Player::Red, 1));
    assert_eq!(numbers(&m.best_columns), vec![3, 7]);
    assert_eq!(m.quality, Quality::Inaccurate, "{m:?}");
    assert_eq!(m.text, "win in 2 moves (+17)");
    assert_eq!(m.best_text, "win in 1 move (+18)");
    // After 4455 red wins with c1 or f1 (an open three on the bottom row); a1 loses.
    let thrown = review("44551", 4, names(), &mut solver).unwrap();
    let m = &thrown.reviewed[0];
    assert_eq!(numbers(&m.best_columns), vec![3, 6]);
    assert_eq!(m.quality, Quality::Mistake, "{m:?}");
    assert_eq!(m.best_text, "win in 2 moves (+18)");
    let text = thrown.to_text();
    assert!(text.contains("opening 4455 (not judged)"), "{text}");
    assert!(
        text.contains("  5. red      1 (a)  mistake     loss"),
        "{text}"
    );
    assert!(
        text.contains("red: 0 optimal, 0 inaccurate, 1 mistake"),
        "{text}"
    );
}

/// On 6x5 the moves are read and solved on its six columns, and the scores worded with
/// its 30 cells: after 3344 red's b1 or e1 makes an open three on the bottom row, which
/// wins; a1 threatens one square only, and the game is drawn.
#[test]
fn a_game_on_another_size_is_judged_on_its_own_board() {
    let names = || ["red".to_owned(), "yellow".to_owned()];
    let size = c4_core::Size::new(6, 5).unwrap();
    let mut solver = Solver::new_in(20, c4_core::AnySize::new(size));
    let judged = review("33441", 4, names(), &mut solver).unwrap();
    assert!(judged.complete);
    let m = &judged.reviewed[0];
    assert_eq!(numbers(&m.best_columns), vec![2, 5]);
    assert_eq!(m.quality, Quality::Mistake, "{m:?}");
    // A win with red's fourth disc, six before it: (30 + 1 - 6) / 2.
    assert_eq!(m.best_text, "win in 2 moves (+12)");
    assert_eq!(m.text, "draw");
    let off_the_board = review("7", 0, names(), &mut solver).unwrap_err();
    assert!(off_the_board.to_string().contains("6x5"), "{off_the_board}");
}

/// The 9x6 game whose earliest positions take minutes: within a budget of nodes the
/// latest moves are judged from two solves each, and the review names them and the move
/// it stopped at.
#[test]
fn a_budget_judges_the_latest_moves_of_a_wide_board_and_names_them() {
    let names = || ["red".to_owned(), "yellow".to_owned()];
    let size = c4_core::Size::new(9, 6).unwrap();
    let mut solver = Solver::new_in(20, c4_core::AnySize::new(size));
    let budget = SolveLimits {
        nodes: Some(10_000_000),
        time: None,
    };
    let judged =
        review_watched("445334476725", 0, names(), &mut solver, budget, &mut |_| {}).unwrap();
    assert!(!judged.complete);
    let unjudged = judged.unjudged.as_ref().unwrap();
    assert_eq!(unjudged.stopped_at, 8);
    assert_eq!(unjudged.budget_nodes, Some(10_000_000));
    let text = judged.to_text();
    assert!(
        text.starts_with(
            "judged moves 10-12 only: move 9 was not solved within the review's 10000000 \
             nodes; moves 1-8 before it not tried"
        ),
        "{text}"
    );
    let verdicts: Vec<_> = judged
        .reviewed
        .iter()
        .map(|m| (m.ply, m.quality, m.score.value(), m.best.value()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (9, Quality::Optimal, 17, 17),
            (10, Quality::Inaccurate, -19, -17),
            (11, Quality::Optimal, 19, 19),
        ]
    );
    // Red's best at move 11 is found, the others not solved in the budget.
    let inaccurate = &judged.reviewed[1];
    assert!(!inaccurate.all_best);
    assert_eq!(numbers(&inaccurate.best_columns), vec![5]);
    assert!(
        text.contains("best 5, maybe more (loss in 6 moves (-17))"),
        "{text}"
    );
}

/// Judged from two solves under a budget, every move gets the verdict, the scores and the
/// best columns of every column solved: the same review, on games of 6x5 played at random.
#[test]
fn two_solves_and_the_time_left_judge_as_every_column_solved() {
    let names = || ["red".to_owned(), "yellow".to_owned()];
    let size = c4_core::Size::new(6, 5).unwrap();
    let geometry = c4_core::AnySize::new(size);
    let mut solver = Solver::new_in(20, geometry);
    let mut seed = 7_u64;
    let mut partial = 0;
    for _ in 0..4 {
        let mut game = Game::new_in(geometry);
        while !game.position().is_over() {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let playable: Vec<Column> = size
                .columns()
                .filter(|c| game.position().can_play(*c))
                .collect();
            game.try_play(playable[(seed >> 33) as usize % playable.len()])
                .unwrap();
        }
        let moves = game.move_string();
        let every = review(&moves, 0, names(), &mut solver).unwrap();
        let ample = SolveLimits {
            nodes: Some(u64::MAX / 2),
            time: None,
        };
        let two = review_watched(&moves, 0, names(), &mut solver, ample, &mut |_| {}).unwrap();
        assert_eq!(two, every, "{moves}");
        // The nodes of the two solves alone, none left to solve every column: the
        // verdicts stay, each naming a best column.
        solver.reset();
        let tight = SolveLimits {
            nodes: Some(two_solves_nodes(&moves, &mut solver)),
            time: None,
        };
        solver.reset();
        let short = review_watched(&moves, 0, names(), &mut solver, tight, &mut |_| {}).unwrap();
        assert!(short.complete, "{moves}");
        for (a, b) in short.reviewed.iter().zip(&every.reviewed) {
            assert_eq!((a.quality, a.score, a.best), (b.quality, b.score, b.best));
            assert!(a.best_columns.iter().all(|c| b.best_columns.contains(c)));
            assert!(!a.best_columns.is_empty());
        }
        partial += short.reviewed.iter().filter(|m| !m.all_best).count();
    }
    assert!(partial > 0);
}

/// The nodes that judging every move of `moves` from two solves takes, latest first as a
/// review judges them.
fn two_solves_nodes<G: Geometry>(moves: &str, solver: &mut Solver<G>) -> u64 {
    let game = Game::from_moves_in(moves, solver.geometry()).unwrap();
    let mut replay = Game::new_in(solver.geometry());
    let mut positions = Vec::new();
    for &column in game.moves() {
        positions.push((*replay.position(), column));
        replay.try_play(column).unwrap();
    }
    let mut nodes = 0;
    for (position, column) in positions.iter().rev() {
        nodes += two_solves(solver, position, *column, SolveLimits::default())
            .unwrap()
            .nodes;
    }
    nodes
}
