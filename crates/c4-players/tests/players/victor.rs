//! `victor` never falls below a result Allis' rules have proven for it: from positions where
//! the rules prove its result after a move of its own, it plays on against a random player
//! and a searching one, and every game ends at least as proven. Bounded by games and depth.

use c4_core::{AnySize, Game, Player, Size, Status};
use c4_knowledge::{ProofResult, proving_move};
use c4_players::PlayerSpec;
use c4_solver::hashing::mix64;
use c4_solver::{SolveLimits, Solver};

/// `plies` moves of random play on `size` drawn from `state`, or fewer where the game ends.
fn random_game(size: Size, mut state: u64, plies: u64) -> Game<AnySize> {
    let mut game = Game::new_in(AnySize::new(size));
    for _ in 0..plies {
        let moves: Vec<_> = game.position().legal_moves().collect();
        state = mix64(state.wrapping_add(1));
        game.try_play(moves[(state % moves.len() as u64) as usize])
            .unwrap();
        if game.position().is_over() {
            break;
        }
    }
    game
}

/// Positions of `size` where the side to move has a proven result after one move: seeded
/// random play, the first `count` found.
fn proven_starts(size: Size, count: usize) -> Vec<(Game<AnySize>, Player, ProofResult)> {
    let mut found = Vec::new();
    let mut n = 0u64;
    while found.len() < count {
        n += 1;
        let state = mix64(n ^ size.cells() as u64);
        let game = random_game(size, state, 4 + state % (size.cells() as u64 / 2));
        let position = *game.position();
        if position.is_over() || position.can_win_next() {
            continue;
        }
        if let (Some((_, proof)), _) = proving_move(&position)
            && !proof.rules.is_empty()
        {
            found.push((game, position.side_to_move(), proof.result));
        }
    }
    found
}

#[test]
fn victor_never_falls_below_a_result_its_rules_proved() {
    let mut games = 0;
    for size in ["6x4", "7x4", "6x5", "5x6"] {
        let size: Size = size.parse().unwrap();
        for (start, victor_side, proven) in proven_starts(size, 4) {
            for opponent in ["random", "alphabeta:depth=4,eval=threats"] {
                let mut victor = PlayerSpec::parse("victor:depth=4", 1)
                    .unwrap()
                    .build_in(AnySize::new(size))
                    .unwrap();
                let mut other = PlayerSpec::parse(opponent, 7)
                    .unwrap()
                    .build_in(AnySize::new(size))
                    .unwrap();
                let mut game = start.clone();
                while !game.position().is_over() {
                    let player = if game.position().side_to_move() == victor_side {
                        &mut victor
                    } else {
                        &mut other
                    };
                    let column = player.choose(&game).column;
                    game.try_play(column).unwrap();
                }
                let held = match game.position().status() {
                    Status::Won { winner, .. } => winner == victor_side,
                    Status::Draw => proven == ProofResult::AtLeastDraw,
                    Status::InProgress => unreachable!("the loop ends with the game"),
                };
                assert!(
                    held,
                    "{size} {}: victor had {proven:?} proven and the game {} ended {:?}",
                    start.move_string(),
                    game.move_string(),
                    game.position().status()
                );
                games += 1;
            }
        }
    }
    assert_eq!(games, 32);
}

/// Where the rules prove only a draw with a move that gives a won position's win away,
/// victor plays a winning move where its engine's solve proves one: the rules' draw is a
/// floor, not the aim. On 6x5, where a solve is quick, against the solver's scores.
#[test]
fn victor_plays_a_win_its_search_proves_where_the_rules_prove_a_draw() {
    let size: Size = "6x5".parse().unwrap();
    let geometry = AnySize::new(size);
    let mut solver = Solver::new_in(20, geometry);
    let mut checked = 0;
    let mut n = 0u64;
    while checked < 4 {
        n += 1;
        assert!(n < 20_000, "too few drawn-by-rules won positions");
        let state = mix64(n);
        let mut game = random_game(size, state, 8 + state % 12);
        let position = *game.position();
        if position.is_over() || position.can_win_next() {
            continue;
        }
        let Some((rules_column, proof)) = proving_move(&position).0 else {
            continue;
        };
        let mut score = |p: &c4_core::Position<AnySize>| {
            solver.reset();
            solver
                .solve_within(p, false, SolveLimits::default())
                .unwrap()
                .0
        };
        if proof.result != ProofResult::AtLeastDraw || !score(&position).is_win() {
            continue;
        }
        // Only where the rules' own move gives the win away.
        let mut by_rules = game.clone();
        by_rules.try_play(rules_column).unwrap();
        if by_rules.position().is_over() || score(by_rules.position()).is_loss() {
            continue;
        }
        let mut victor = PlayerSpec::parse("victor:time=600000", 1)
            .unwrap()
            .build_in(geometry)
            .unwrap();
        let column = victor.choose(&game).column;
        game.try_play(column).unwrap();
        let after = *game.position();
        // A win kept: the game won at once, or the opponent, to move, lost.
        let kept = match after.status() {
            Status::Won { .. } => true,
            _ => score(&after).is_loss(),
        };
        assert!(
            kept,
            "{}: the last move gives away the win",
            game.move_string()
        );
        checked += 1;
    }
}

#[test]
fn victor_reads_as_a_spec_with_the_engines_options() {
    let spec = PlayerSpec::parse("victor:depth=3", 1).unwrap();
    assert!(spec.to_string().starts_with("victor:"), "{spec}");
    assert!(PlayerSpec::parse("victor:nonsense=1", 1).is_err());
}
