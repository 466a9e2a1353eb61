//! c4-search: evaluators and the heuristic searches over them.
//!
//! # Why the crate is shaped this way
//!
//! The papers compare *heuristics* under *search algorithms*, so the two are separate axes:
//! [`eval`] holds one file per heuristic behind the small [`eval::Evaluator`] trait and a
//! registry that names them; [`search`] holds searchers generic over `E: Evaluator`, so the
//! tree runs monomorphised code and the enum of evaluators is matched once at the root.
//! Exact search, with no heuristic at all, and its opening books are the crate below,
//! `c4-solver`, which the engine's search runs beside its own. Each evaluator's settings
//! are declared in an option table of `c4-options`; the players built from a searcher and
//! an evaluator, and the spec language that names them, are the crate above, `c4-players`.
//!
//! Nothing here prints; files are read only where a caller names one (a parameter file, a
//! network), always through `c4_solver::files`, and threads are spawned only where a caller
//! asks for them (`threads=` of the engine); randomness always comes from a seed.

#![deny(missing_docs)]

pub mod eval;
pub mod search;

/// The one random generator of c4: Xoshiro256++ (Blackman and Vigna), small, fast, `Clone`,
/// and the same sequence for the same seed on every platform. Every random choice in c4
/// draws from one of these, seeded from a seed the user can see and set.
pub type SeededRng = rand::rngs::Xoshiro256PlusPlus;

/// A game of `plies` uniformly random legal moves from the empty board, or fewer if it ends
/// sooner: the random openings of matches and the random positions of benchmarks.
pub fn random_play(rng: &mut SeededRng, plies: usize) -> c4_core::Game {
    use rand::RngExt;
    let mut game = c4_core::Game::new();
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
