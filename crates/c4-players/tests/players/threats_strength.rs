//! `threats` against every seed heuristic at equal depth, in paired games: each random
//! opening is played twice with colours swapped. A small loop until the arena measures it
//! properly; run with `cargo test --release -p c4-players --test players threats_strength:: -- --ignored --nocapture`.

use c4_core::{Column, Game, Player, Status};
use c4_eval::EVALUATORS;
use c4_eval::SeededRng;
use c4_players::parse_agent;
use rand::{RngExt, SeedableRng};

/// Plays one game; returns 1.0 if `a` won, 0.5 draw, 0.0 loss.
fn play(a: &str, b: &str, a_is_red: bool, opening: &Game, seed: u64) -> f64 {
    let mut first = parse_agent(if a_is_red { a } else { b }, seed).unwrap();
    let mut second = parse_agent(if a_is_red { b } else { a }, seed + 1).unwrap();
    let mut game = opening.clone();
    while !game.position().is_over() {
        let mover = if game.position().side_to_move() == Player::Red {
            &mut first
        } else {
            &mut second
        };
        let column = mover.choose(&game).column;
        game.try_play(column).unwrap();
    }
    match game.position().status() {
        Status::Won { winner, .. } => {
            if (winner == Player::Red) == a_is_red {
                1.0
            } else {
                0.0
            }
        }
        _ => 0.5,
    }
}

/// The registry's evaluators from the papers: those c4 adds (`threats`, `zero`) cite c4.
fn papers_heuristics() -> Vec<&'static str> {
    EVALUATORS
        .iter()
        .filter(|entry| !entry.citation.starts_with("c4"))
        .map(|entry| entry.name)
        .collect()
}

#[test]
#[ignore = "plays 2,800 games: run in release"]
fn threats_beats_every_seed_heuristic_at_equal_depth() {
    // Openings from another seed than the one the default weights were tuned on.
    let openings_count = 100;
    let mut rng = SeededRng::seed_from_u64(7);
    let openings: Vec<Game> = (0..openings_count)
        .map(|_| {
            let mut g = Game::new();
            for _ in 0..2 {
                let c = Column::new(rng.random_range(0..7)).unwrap();
                g.try_play(c).unwrap();
            }
            g
        })
        .collect();
    for depth in [4, 6] {
        println!("threats vs X, alphabeta depth {depth}, {openings_count} openings x 2 colours");
        for seed_heuristic in papers_heuristics() {
            let a = format!("alphabeta:depth={depth},eval=threats");
            let b = format!("alphabeta:depth={depth},eval={seed_heuristic}");
            let mut score = 0.0;
            for (i, opening) in openings.iter().enumerate() {
                score += play(&a, &b, true, opening, i as u64);
                score += play(&a, &b, false, opening, i as u64);
            }
            let share = score / (2 * openings_count) as f64;
            println!(
                "  vs {seed_heuristic:<10} threats scores {:.1}%",
                100.0 * share
            );
            assert!(
                share > 0.5,
                "threats must beat {seed_heuristic} at depth {depth}: {share}"
            );
        }
    }
}
