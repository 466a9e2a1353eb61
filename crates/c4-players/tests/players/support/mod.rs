//! What the engine's test files share.

use c4_core::Game;
use c4_eval::SeededRng;
use rand::{RngExt, SeedableRng};

/// Seeded random games that are not over, with 0..max_moves discs.
pub fn random_games(seed: u64, count: usize, max_moves: u32) -> Vec<Game> {
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut games = Vec::new();
    while games.len() < count {
        let target = rng.random_range(0..=max_moves);
        let game = c4_search::random_play(&mut rng, target as usize);
        if !game.position().is_over() {
            games.push(game);
        }
    }
    games
}
