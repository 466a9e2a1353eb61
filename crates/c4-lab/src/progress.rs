//! How a run tells its caller how far it has come: the small types every study shares, kept
//! apart so the experiments and the pipelines they run import them from one place.

use c4_arena::matches::MatchObserver;
use c4_arena::record::GameRecord;

/// Told as an experiment advances; called from worker threads.
pub trait Progress: Sync {
    /// One more unit of the run (a game, a decision) is done.
    fn advanced(&self);
    /// Something the user should know (a dropped line cut short, say).
    fn warn(&self, message: &str);
}

/// The size of a run: how many units, and what a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Units in the whole run, finished ones included.
    pub total: u64,
    /// What one unit is ("games", "decisions").
    pub unit: &'static str,
}

/// Passes the games of a run to a [`Progress`].
pub struct GamesOf<'a>(pub &'a dyn Progress);

impl MatchObserver for GamesOf<'_> {
    fn game_finished(&self, _: &GameRecord, _: u64, _: u64) {
        self.0.advanced();
    }

    fn warn(&self, message: &str) {
        self.0.warn(message);
    }
}
