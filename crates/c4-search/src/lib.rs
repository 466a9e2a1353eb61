//! c4-search: the heuristic searches over `c4-eval`'s evaluators.
//!
//! # Why the crate is shaped this way
//!
//! The papers compare *heuristics* under *search algorithms*, so the two are separate axes:
//! the heuristics are the crate below, `c4-eval`, behind its small `Evaluator` trait and a
//! registry that names them; [`search`] holds searchers generic over `E: Evaluator`, so the
//! tree runs monomorphised code and the enum of evaluators is matched once at the root.
//! Exact search, with no heuristic at all, and its opening books are `c4-solver`, which the
//! engine's search runs beside its own. The players built from a searcher and an evaluator,
//! and the spec language that names them, are the crate above, `c4-players`.
//!
//! Nothing here prints or reads a file; threads are spawned only where a caller asks for
//! them (`threads=` of the engine); randomness always comes from a seed ([`random_play`]'s
//! generator is `c4-eval`'s `SeededRng`).

#![deny(missing_docs)]

pub mod search;

/// A game of `plies` uniformly random legal moves from the empty board, or fewer if it ends
/// sooner: the random openings of matches and the random positions of benchmarks.
pub fn random_play(rng: &mut c4_eval::SeededRng, plies: usize) -> c4_core::Game {
    random_play_in(rng, plies, c4_core::Standard)
}

/// `count` positions of random play worth timing: each of a number of plies drawn uniformly
/// from `plies`, then that many uniformly random moves from the empty board (the same draws
/// as [`random_play`]), kept when the game is not over and its side to move cannot win at
/// once. What `c4 bench` times natively and the static site's benchmark in the browser, so
/// both time the same positions for the same seed.
pub fn random_positions(
    seed: u64,
    plies: std::ops::RangeInclusive<u32>,
    count: usize,
) -> Vec<c4_core::Game> {
    random_positions_in(seed, plies, count, c4_core::Standard)
}

/// [`random_positions`] on the board of `geometry`: the same draws, so 7x6's positions are
/// the same whichever of the two makes them (`c4 bench explain` times every size on them).
pub fn random_positions_in<G: c4_core::Geometry>(
    seed: u64,
    plies: std::ops::RangeInclusive<u32>,
    count: usize,
    geometry: G,
) -> Vec<c4_core::Game<G>> {
    use rand::{RngExt, SeedableRng};
    let mut rng = c4_eval::SeededRng::seed_from_u64(seed);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let ply = rng.random_range(plies.clone());
        let game = random_play_in(&mut rng, ply as usize, geometry);
        if !game.position().is_over() && !game.position().can_win_next() {
            games.push(game);
        }
    }
    games
}

/// [`random_play`] on the board of `geometry`: the same draws, so 7x6's games are the same
/// whichever of the two makes them.
pub fn random_play_in<G: c4_core::Geometry>(
    rng: &mut c4_eval::SeededRng,
    plies: usize,
    geometry: G,
) -> c4_core::Game<G> {
    use rand::RngExt;
    let mut game = c4_core::Game::new_in(geometry);
    for _ in 0..plies {
        let legal: Vec<c4_core::Column> = game.position().legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        game.try_play(legal[rng.random_range(0..legal.len())])
            .expect("a legal move");
    }
    game
}
