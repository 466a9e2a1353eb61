//! Ayoub's "naive move" heuristic: a random score in `[0, 50)` for every non-terminal leaf.
//!
//! The score is the same whichever player asks (a quirk of the paper, kept): the maximising
//! player sees a random number and the minimising player minimises that same number.
//! Randomness comes from the player's seed, never from the clock.
//!
//! `mode=hash` (default) draws one salt per search from the seeded generator and scores a
//! leaf by hashing its position with the salt: the same leaf gets the same number within a
//! search, so alpha-beta, the transposition table and plain minimax agree, and a leaf reached
//! by two move orders is one leaf. `mode=stream` draws the next number from the generator at
//! every call, as Java's `Random` in the paper did; results then depend on search order.

use super::{Eval, Evaluator};
use crate::SeededRng;
use c4_core::{Column, Geometry, Player, Position};
use c4_options::{Field, OptionDef, OptionTable, Word, set_word, word_of, words};
use c4_solver::hashing::mix64;
use rand::{RngExt, SeedableRng};

/// Upper bound (exclusive) of the random score, from the paper's test ("less than 50").
pub const NAIVE_RANGE: Eval = 50;

/// How random numbers are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NaiveMode {
    /// One salt per search; a leaf's score is a hash of (position, salt).
    Hash,
    /// A fresh number per call, as the paper's Java code did.
    Stream,
}

/// Settings of the naive heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NaiveConfig {
    /// Seed of the generator.
    pub seed: u64,
    /// Hash or stream.
    pub mode: NaiveMode,
}

impl Default for NaiveConfig {
    fn default() -> Self {
        NaiveConfig {
            seed: 0,
            mode: NaiveMode::Hash,
        }
    }
}

impl NaiveConfig {
    /// Sets the seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl Word for NaiveMode {
    const WORDS: &'static [(Self, &'static str)] =
        &[(NaiveMode::Hash, "hash"), (NaiveMode::Stream, "stream")];
}

/// The options of `naive`. Its seed is the player's.
pub(crate) const OPTIONS: OptionTable<NaiveConfig> = OptionTable {
    options: &[OptionDef::new(
        "mode",
        "hash: one salt per search, same leaf same score; stream: a new number per call, as the paper",
        Field::Choice {
            words: words::<NaiveMode>,
            get: |c| word_of(c.mode),
            set: |c, w| set_word(&mut c.mode, w),
        },
    )],
    default: NaiveConfig::default,
};

/// The naive evaluator (`eval=naive`): Ayoub's random score, drawn from its seed as the
/// module describes.
#[derive(Clone, Debug)]
pub struct Naive {
    config: NaiveConfig,
    rng: SeededRng,
    salt: u64,
}

impl Naive {
    /// Builds the evaluator; its generator starts from `config.seed`.
    #[must_use]
    pub fn new(config: NaiveConfig) -> Naive {
        let mut rng = SeededRng::seed_from_u64(config.seed);
        let salt = rng.random();
        Naive { config, rng, salt }
    }
}

impl<G: Geometry> Evaluator<G> for Naive {
    #[inline]
    fn evaluate(&mut self, position: &Position<G>, _: Player, _: Option<Column>) -> Eval {
        match self.config.mode {
            NaiveMode::Hash => (mix64(position.key() ^ self.salt) % NAIVE_RANGE as u64) as Eval,
            NaiveMode::Stream => self.rng.random_range(0..NAIVE_RANGE),
        }
    }

    fn start_search(&mut self) {
        self.salt = self.rng.random();
    }
}
