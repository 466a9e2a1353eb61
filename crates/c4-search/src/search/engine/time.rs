//! The time of one move: its budget, the share of it an exact solve gets, and when the
//! iterative deepening stops starting iterations.

use c4_solver::SolveLimits;
use c4_solver::clock::Instant;
use std::time::Duration;

/// Default budget: the ShanghaiTech report's 500 ms per move.
pub const DEFAULT_ENGINE_TIME: Duration = Duration::from_millis(500);
/// With one thread: the share of the budget given to the exact solve, in percent.
pub const SOLVER_SHARE_PERCENT: u32 = 50;
/// The deepening starts another iteration while the time left is at least this many times
/// the time it has spent: the next iteration costs one to two times all those before it
/// (the table's move and threat ordering keep the effective branching factor near 2-3),
/// and one cut at the deadline costs nothing but time, the deeper finished one being kept.
const NEXT_ITERATION_COST: u32 = 1;
/// How often (in nodes) the search reads the clock.
pub(super) const CLOCK_INTERVAL: u64 = 1 << 11;

/// The clock of one move: when it started, its budget, and the deadline they make.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveClock {
    start: Instant,
    budget: Duration,
    deadline: Instant,
}

impl MoveClock {
    /// Starts the clock of a move that may take `budget`.
    pub(super) fn start(budget: Duration) -> MoveClock {
        let start = Instant::now();
        MoveClock {
            start,
            budget,
            deadline: start + budget,
        }
    }

    /// When the move must be chosen.
    pub(super) fn deadline(&self) -> Instant {
        self.deadline
    }

    /// The time the move has taken so far.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The limits of an exact solve on this thread before the heuristic search: its share
    /// of the budget, the rest left to the search.
    pub(super) fn solver_share(&self) -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: Some(self.budget * SOLVER_SHARE_PERCENT / 100),
        }
    }

    /// The limits of an exact solve on other threads beside the heuristic search: the time
    /// left to the deadline.
    pub(super) fn until_deadline(&self) -> SolveLimits {
        SolveLimits {
            nodes: None,
            time: Some(self.deadline.saturating_duration_since(Instant::now())),
        }
    }

    /// Whether a deepening that started at `search_start` has time for another iteration
    /// (see [`NEXT_ITERATION_COST`]). Whatever ran before it in this move (a solve that gave
    /// up) does not count against it, so it spends all that is left.
    pub(super) fn next_iteration_fits(&self, search_start: Instant) -> bool {
        let spent = search_start.elapsed();
        let left = self.deadline.saturating_duration_since(Instant::now());
        spent * NEXT_ITERATION_COST <= left
    }
}
