//! The time of one move: its budget, the share of it an exact solve gets, and when the
//! iterative deepening stops starting iterations.
//!
//! The solve's share adapts to the position and to how far the solve got ([`solve_share`]):
//! where the game is short enough that a solve finishes in about a second of one thread
//! while the heuristic search, some 16 plies deep, still sees only half of what is left, the
//! solve gets more of the move; once its score is known and only the probes of the moves
//! remain (mostly answered by its table), more again; where the solve is hopeless (the
//! opening without a book), the search keeps half the move. Past half the move the search
//! always keeps [`SEARCH_FLOOR`], so that a short budget still searches as deep as before.

use c4_solver::SolveLimits;
use c4_solver::clock::Instant;
use std::time::Duration;

/// Default budget: the ShanghaiTech report's 500 ms per move.
pub const DEFAULT_ENGINE_TIME: Duration = Duration::from_millis(500);
/// With the solve first: the share of the budget given to an exact solve far from the end
/// of the game, in percent; the heuristic search keeps the rest.
pub const SOLVER_SHARE_PERCENT: u32 = 50;
/// With the solve first: the share of the budget a solve gets to find the position's score
/// when at most [`WITHIN_REACH_EMPTY_CELLS`] cells are empty, in percent.
pub const WITHIN_REACH_SHARE_PERCENT: u32 = 75;
/// With the solve first: the share of the budget a solve whose score is known gets to find
/// its move (the probes of the moves, mostly in the table already), in percent.
pub const SCORE_KNOWN_SHARE_PERCENT: u32 = 90;
/// At most this many empty cells (ply 10 on) a solve is within reach of the move: exact solves
/// of random positions of ply 10 and later take at most about a second of one thread, while
/// the heuristic search, some 16 plies deep in a second, sees half of the game that is left.
pub const WITHIN_REACH_EMPTY_CELLS: u32 = 32;
/// With the solve first: a solve's share past half the move leaves the heuristic search at
/// least this long, which reaches depth 12-14 past the opening book on one core (a budget
/// under twice this gives the solve half, as far from the end).
pub const SEARCH_FLOOR: Duration = Duration::from_millis(100);
/// The deepening starts another iteration while the time left is at least this many times
/// the time it has spent: the next iteration costs one to two times all those before it
/// (the table's move and threat ordering keep the effective branching factor near 2-3),
/// and one cut at the deadline costs nothing but time, the deeper finished one being kept.
const NEXT_ITERATION_COST: u32 = 1;
/// How far an exact solve before the heuristic search has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SolveProgress {
    /// Nothing settled yet: the position's score is being searched.
    Started,
    /// The position's score is known; the moves are being probed for one that keeps it.
    ScoreKnown,
}

/// The part of a move's `budget` that an exact solve before the heuristic search may spend
/// (counted from the start of the move) in a position with `empty_cells` empty cells, having
/// got as far as `progress`: its share in percent, but past half the budget never so much
/// that the search is left less than [`SEARCH_FLOOR`]. The rest is the search's.
#[must_use]
pub(super) fn solve_share(budget: Duration, empty_cells: u32, progress: SolveProgress) -> Duration {
    let percent = match progress {
        SolveProgress::ScoreKnown => SCORE_KNOWN_SHARE_PERCENT,
        SolveProgress::Started if empty_cells <= WITHIN_REACH_EMPTY_CELLS => {
            WITHIN_REACH_SHARE_PERCENT
        }
        SolveProgress::Started => SOLVER_SHARE_PERCENT,
    };
    let half = budget * SOLVER_SHARE_PERCENT / 100;
    let most = budget.saturating_sub(SEARCH_FLOOR).max(half);
    (budget * percent / 100).min(most)
}

// The solve's share grows as it nears its end, and the search always keeps some of the move.
const _: () = assert!(
    SOLVER_SHARE_PERCENT < WITHIN_REACH_SHARE_PERCENT
        && WITHIN_REACH_SHARE_PERCENT < SCORE_KNOWN_SHARE_PERCENT
        && SCORE_KNOWN_SHARE_PERCENT < 100
);

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

    /// The limits of an exact solve before the heuristic search that has got as far as
    /// `progress` in a position with `empty_cells` empty cells: until its share of the
    /// budget ([`solve_share`]) is spent, counted from the start of the move.
    pub(super) fn solver_share(&self, empty_cells: u32, progress: SolveProgress) -> SolveLimits {
        let share = solve_share(self.budget, empty_cells, progress);
        SolveLimits {
            nodes: None,
            time: Some(share.saturating_sub(self.elapsed())),
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

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::CELLS;

    const SECOND: Duration = Duration::from_secs(1);

    fn percent(budget: Duration, empty: u32, progress: SolveProgress) -> u128 {
        solve_share(budget, empty, progress).as_micros() * 100 / budget.as_micros()
    }

    #[test]
    fn a_hopeless_solve_leaves_the_search_half_the_move() {
        for empty in WITHIN_REACH_EMPTY_CELLS + 1..=CELLS as u32 {
            assert_eq!(percent(SECOND, empty, SolveProgress::Started), 50);
        }
    }

    #[test]
    fn a_solve_within_reach_gets_more_and_a_known_score_more_again() {
        for empty in 0..=WITHIN_REACH_EMPTY_CELLS {
            assert_eq!(percent(SECOND, empty, SolveProgress::Started), 75);
        }
        for empty in 0..=CELLS as u32 {
            assert_eq!(percent(SECOND, empty, SolveProgress::ScoreKnown), 90);
            assert_eq!(percent(SECOND * 10, empty, SolveProgress::ScoreKnown), 90);
        }
    }

    #[test]
    fn past_half_the_move_the_search_keeps_its_floor() {
        for budget_ms in [1, 50, 100, 150, 200, 300, 500, 1000, 2000, 60_000] {
            let budget = Duration::from_millis(budget_ms);
            for empty in 0..=CELLS as u32 {
                for progress in [SolveProgress::Started, SolveProgress::ScoreKnown] {
                    let share = solve_share(budget, empty, progress);
                    assert!(share >= budget / 2, "{budget_ms} ms, {empty}: {share:?}");
                    assert!(
                        share <= budget / 2 || budget - share >= SEARCH_FLOOR,
                        "{budget_ms} ms, {empty}, {progress:?}: {share:?}"
                    );
                    assert!(
                        progress == SolveProgress::Started
                            || share >= solve_share(budget, empty, SolveProgress::Started)
                    );
                }
            }
        }
        // A tenth of a second: half, wherever the position is.
        let tenth = Duration::from_millis(100);
        assert_eq!(solve_share(tenth, 20, SolveProgress::ScoreKnown), tenth / 2);
        // Half a second: three quarters within reach, the score known short of nine tenths.
        let half = Duration::from_millis(500);
        assert_eq!(
            solve_share(half, 30, SolveProgress::Started),
            Duration::from_millis(375)
        );
        assert_eq!(
            solve_share(half, 30, SolveProgress::ScoreKnown),
            Duration::from_millis(400)
        );
    }

    #[test]
    fn a_share_counts_from_the_start_of_the_move() {
        let clock = MoveClock::start(Duration::from_secs(3600));
        let limits = clock.solver_share(40, SolveProgress::Started);
        let share = limits.time.expect("a solve's share is a time");
        assert!(share <= Duration::from_secs(1800));
        assert!(limits.nodes.is_none());
    }
}
