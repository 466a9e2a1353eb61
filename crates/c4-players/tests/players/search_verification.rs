//! The ShanghaiTech report's verification list, made automatic: optimisations must not
//! change what the plain algorithm computes (alpha-beta, the state cache, kept ties, skyline
//! pruning and depth one against their plain forms).

use crate::support::random_games;
use c4_core::{Column, Game, Player};
use c4_eval::shanghai_lines::{FiveFactorLines, LinesConfig};
use c4_eval::with_evaluator;
use c4_eval::{EVALUATORS, Evaluator, parse_evaluator};
use c4_players::parse_agent;
use c4_search::search::fixed_depth::{FixedDepthConfig, FixedDepthSearch, RootValue, RootWindow};
use c4_search::search::{LeafView, MoveOrder, SearchValue, WinScore};

fn config(depth: u32, prune: bool, tt: bool, order: MoveOrder) -> FixedDepthConfig {
    FixedDepthConfig {
        depth,
        prune,
        tt,
        order,
        win_score: WinScore::Auto,
        leaf_view: LeafView::Root,
    }
}

/// Root values of each child, plus the chosen (first best) column.
fn root(
    spec: &str,
    game: &Game,
    cfg: FixedDepthConfig,
    window: RootWindow,
) -> (SearchValue, Column, Vec<RootValue>) {
    let evaluator = parse_evaluator(spec, 7).unwrap();
    with_evaluator!(evaluator, e => {
        let mut search = FixedDepthSearch::new(e, cfg);
        let values = search.search_root(game.position(), window);
        let best = values.iter().map(|v| v.value).max().unwrap();
        let column = values.iter().find(|v| v.value == best).unwrap().column;
        (best, column, values)
    })
}

/// Every evaluator whose values are a function of the position (and last move).
fn deterministic_evaluators() -> Vec<&'static str> {
    EVALUATORS.iter().map(|e| e.name).collect()
}

#[test]
fn alphabeta_equals_minimax_for_every_evaluator() {
    let games = random_games(1, 24, 30);
    for eval in deterministic_evaluators() {
        for depth in [1, 2, 3, 4] {
            for game in &games {
                let (mm, mm_col, _) = root(
                    eval,
                    game,
                    config(depth, false, false, MoveOrder::None),
                    RootWindow::Standard,
                );
                let (ab, ab_col, _) = root(
                    eval,
                    game,
                    config(depth, true, false, MoveOrder::None),
                    RootWindow::Standard,
                );
                assert_eq!(mm, ab, "{eval} depth {depth} at {}", game.move_string());
                assert_eq!(
                    mm_col,
                    ab_col,
                    "{eval} depth {depth} move at {}",
                    game.move_string()
                );
                let (ab_c, _, _) = root(
                    eval,
                    game,
                    config(depth, true, false, MoveOrder::Center),
                    RootWindow::Standard,
                );
                assert_eq!(
                    mm,
                    ab_c,
                    "{eval} depth {depth} centre order at {}",
                    game.move_string()
                );
            }
        }
    }
}

#[test]
fn state_cache_keeps_values_at_fixed_depth() {
    let games = random_games(2, 16, 24);
    for eval in deterministic_evaluators() {
        for game in &games {
            for depth in [3, 5] {
                let off = root(
                    eval,
                    game,
                    config(depth, true, false, MoveOrder::Center),
                    RootWindow::Full,
                )
                .2;
                let on = root(
                    eval,
                    game,
                    config(depth, true, true, MoveOrder::Center),
                    RootWindow::Full,
                )
                .2;
                assert_eq!(off, on, "{eval} depth {depth} at {}", game.move_string());
            }
        }
    }
}

#[test]
fn kept_ties_are_exact() {
    for game in &random_games(3, 20, 20) {
        let full = root(
            "center",
            game,
            config(4, true, false, MoveOrder::Center),
            RootWindow::Full,
        )
        .2;
        let ties = root(
            "center",
            game,
            config(4, true, false, MoveOrder::Center),
            RootWindow::KeepTies,
        )
        .2;
        let best = full.iter().map(|v| v.value).max().unwrap();
        for (f, t) in full.iter().zip(&ties) {
            if f.value == best {
                assert!(
                    t.exact && t.value == best,
                    "tie {f:?} vs {t:?} at {}",
                    game.move_string()
                );
            } else {
                assert!(t.value < best);
            }
        }
    }
}

#[test]
fn skyline_pruning_gives_the_unpruned_value() {
    for preset in [
        LinesConfig::BALANCED,
        LinesConfig::DEFENSIVE,
        LinesConfig::AGGRESSIVE,
    ] {
        let mut pruned = FiveFactorLines::new(preset.with_skyline(true));
        let mut full = FiveFactorLines::new(preset.with_skyline(false));
        for game in random_games(4, 2000, 41) {
            for view in [Player::Red, Player::Yellow] {
                let p = game.position();
                assert_eq!(
                    pruned.evaluate(p, view, None),
                    full.evaluate(p, view, None),
                    "{}",
                    game.move_string()
                );
            }
        }
    }
}

/// A greedy player: take a win, otherwise the move whose resulting position the evaluator
/// likes best (first among equals, left to right).
fn greedy(eval: &str, game: &Game) -> Column {
    let mut evaluator = parse_evaluator(eval, 7).unwrap();
    evaluator.start_search();
    let me = game.position().side_to_move();
    let mut best: Option<(i64, Column)> = None;
    for column in game.position().legal_moves() {
        let mut child = *game.position();
        child.play_unchecked(column);
        let value = if child.last_mover_won() {
            i64::MAX
        } else if child.is_over() {
            0
        } else {
            i64::from(evaluator.evaluate(&child, me, Some(column)))
        };
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, column));
        }
    }
    best.unwrap().1
}

#[test]
fn depth_one_is_the_greedy_one_ply_player() {
    for eval in [
        "center",
        "corners",
        "kang",
        "connected",
        "lines",
        "itu",
        "threats",
    ] {
        for game in random_games(5, 60, 35) {
            let spec = format!("alphabeta:depth=1,eval={eval},order=none");
            let chosen = parse_agent(&spec, 7).unwrap().choose(&game).column;
            assert_eq!(
                chosen,
                greedy(eval, &game),
                "{eval} at {}",
                game.move_string()
            );
        }
    }
}
