//! The engine against plain minimax: with no time limit, no solver and no book, and a
//! fixed depth, the engine's iterative deepening, transposition table, move ordering and
//! pruning are only ways of computing one number: the minimax value of its tree. That tree
//! has the engine's rules at every node (a side that can win at once does; only moves that
//! do not lose at once are searched; leaves are scored for the root player). The reference
//! below is that minimax written plainly, with no pruning, table or ordering; the engine
//! must agree with it for several evaluators on random positions.

use c4_core::{Bitboard, CELLS, Player, Position};
use c4_core::{Column, Game};
use c4_eval::EvalSpec;
use c4_eval::SeededRng;
use c4_eval::with_evaluator;
use c4_eval::{Evaluator, MAX_HEURISTIC};
use c4_search::random_play;
use c4_search::search::engine::{EngineConfig, EngineSearch};
use c4_search::search::{MoveValue, SearchValue};
use rand::{RngExt, SeedableRng};
use std::time::Duration;

/// Seeded random games, not over, with up to `max_moves` discs, where the engine searches:
/// the side to move cannot win at once and has two or more moves that do not lose at once
/// (otherwise the engine plays without searching).
fn random_positions(seed: u64, count: usize, max_moves: u32) -> Vec<Game> {
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut games = Vec::new();
    while games.len() < count {
        let plies = rng.random_range(0..=max_moves);
        let game = random_play(&mut rng, plies as usize);
        let position = game.position();
        if !position.is_over()
            && !position.can_win_next()
            && position.non_losing_moves().0.count_ones() >= 2
        {
            games.push(game);
        }
    }
    games
}

/// The columns whose cell is in `cells`.
fn columns_in(cells: Bitboard) -> Vec<Column> {
    Column::ALL
        .into_iter()
        .filter(|c| cells.0 & Bitboard::column(*c).0 != 0)
        .collect()
}

/// The engine's tree, searched plainly: the value of `position` for its side to move, `ply`
/// plies below the root, `depth` plies from the horizon.
fn reference(
    eval: &mut impl Evaluator,
    root: Player,
    position: &Position,
    depth: u32,
    ply: u32,
    last: Column,
) -> SearchValue {
    if position.can_win_next() {
        return SearchValue::win_in(ply + 1);
    }
    if position.moves_played() as usize >= CELLS - 1 {
        return SearchValue::ZERO;
    }
    let moves = columns_in(position.non_losing_moves());
    if moves.is_empty() {
        return SearchValue::loss_in(ply + 2);
    }
    if depth == 0 {
        // Written out rather than `SearchValue::from_eval`, so the reference checks it.
        let value = SearchValue(
            eval.evaluate(position, root, Some(last))
                .clamp(-MAX_HEURISTIC, MAX_HEURISTIC),
        );
        return if position.side_to_move() == root {
            value
        } else {
            -value
        };
    }
    moves
        .into_iter()
        .map(|column| {
            let mut child = *position;
            child.try_play(column).unwrap();
            -reference(eval, root, &child, depth - 1, ply + 1, column)
        })
        .max()
        .unwrap()
}

/// The depth-`depth` value of `game` over the moves that do not lose at once, as the
/// engine's root searches them.
fn minimax_value(eval: &EvalSpec, game: &Game, depth: u32) -> SearchValue {
    let position = game.position();
    let mut evaluator = eval.build(0);
    columns_in(position.non_losing_moves())
        .into_iter()
        .map(|column| {
            let mut child = *position;
            child.try_play(column).unwrap();
            -reference(
                &mut evaluator,
                position.side_to_move(),
                &child,
                depth - 1,
                1,
                column,
            )
        })
        .max()
        .unwrap()
}

/// The engine's value of `game` searched to `depth` plies without a clock, and the depth
/// it searched (less when a shallower search proved the result).
fn engine_value(eval: &EvalSpec, game: &Game, depth: u32) -> (SearchValue, u32) {
    let config = EngineConfig {
        time: Duration::from_secs(3600),
        max_depth: Some(depth),
        use_solver: false,
        ..EngineConfig::default()
    };
    with_evaluator!(eval.build(0), e => {
        let mut engine = EngineSearch::new(e, config);
        let report = engine.choose(game.position());
        match report.score {
            MoveValue::Heuristic(value) => (value, report.depth),
            MoveValue::Exact(score) => panic!("an exact score {score:?} without the solver"),
            MoveValue::Unscored => panic!("the engine values every move it chooses"),
        }
    })
}

#[test]
fn the_engine_at_a_fixed_depth_returns_the_minimax_value() {
    let positions = random_positions(11, 40, 24);
    for eval in ["threats", "center", "kang", "lines", "itu", "connected"] {
        let eval = EvalSpec::parse(eval).unwrap();
        for depth in [1, 2, 3, 4, 5] {
            for game in &positions {
                let (value, searched) = engine_value(&eval, game, depth);
                let at = game.move_string();
                if searched < depth {
                    assert!(
                        value.is_decisive(),
                        "{eval} stopped at {searched} at {at:?}"
                    );
                }
                assert_eq!(
                    value,
                    minimax_value(&eval, game, searched),
                    "{eval} depth {searched} at {at:?}"
                );
            }
        }
    }
}
