//! How an experiment is run: games per row, the seed, where its files go.

use std::path::PathBuf;

/// How to run an experiment.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// Games per row, overriding the paper's count.
    pub games: Option<u64>,
    /// A few games per row: a smoke test of the whole pipeline.
    pub quick: bool,
    /// The seed of every random choice.
    pub seed: u64,
    /// Where games, tables, plots and the report go.
    pub out: PathBuf,
}

/// Games per row in `--quick` runs.
pub const QUICK_GAMES: u64 = 4;

impl RunSettings {
    /// Games to play for a row whose paper played `paper_games`.
    #[must_use]
    pub fn games_for(&self, paper_games: u64) -> u64 {
        if self.quick {
            QUICK_GAMES
        } else {
            self.games.unwrap_or(paper_games)
        }
    }
}
