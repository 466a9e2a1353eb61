//! `victor` never falls below a result Allis' rules have proven for it: from positions where
//! the rules prove its result after a move of its own, it plays on against a random player
//! and a searching one, and every game ends at least as proven. Bounded by games and depth.

use c4_core::{AnySize, Game, Player, Size, Status};
use c4_knowledge::{ProofResult, proving_move};
use c4_players::PlayerSpec;
use c4_solver::hashing::mix64;

/// Positions of `size` where the side to move has a proven result after one move: seeded
/// random play, the first `count` found.
fn proven_starts(size: Size, count: usize) -> Vec<(Game<AnySize>, Player, ProofResult)> {
    let mut found = Vec::new();
    let mut n = 0u64;
    while found.len() < count {
        n += 1;
        let mut state = mix64(n ^ size.cells() as u64);
        let mut game = Game::new_in(AnySize::new(size));
        let plies = 4 + state % (size.cells() as u64 / 2);
        for _ in 0..plies {
            let moves: Vec<_> = game.position().legal_moves().collect();
            state = mix64(state.wrapping_add(1));
            game.try_play(moves[(state % moves.len() as u64) as usize])
                .unwrap();
            if game.position().is_over() {
                break;
            }
        }
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

#[test]
fn victor_reads_as_a_spec_with_the_engines_options() {
    let spec = PlayerSpec::parse("victor:depth=3", 1).unwrap();
    assert!(spec.to_string().starts_with("victor:"), "{spec}");
    assert!(PlayerSpec::parse("victor:nonsense=1", 1).is_err());
}
