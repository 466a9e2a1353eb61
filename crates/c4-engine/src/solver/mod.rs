//! The perfect solver: exact game-theoretic scores.
//!
//! # Scores (Pons' convention)
//!
//! 0 is a draw; a positive score means the side to move wins, negative that it loses. The
//! magnitude is 22 minus the number of discs the winner has played when four connect
//! (`(CELLS + 2) / 2 - k` in general), so quicker wins score higher. The empty board scores +1.
//!
//! # Algorithm
//!
//! Negamax with alpha-beta over bitboards, as in Pascal Pons' "Solving Connect 4" (parts
//! 3-12): only non-losing moves are generated (a forced block is the only move; a move
//! under an opponent's winning cell is never played), moves are tried by the winning cells
//! they create, centre first on ties; bounds from the transposition table
//! narrow the window; the root runs a sequence of null-window searches that bisect the score
//! range. What c4 adds, each measured with `c4 bench solver` and kept because it paid:
//!
//! - every child's table slot is prefetched before the moves are scored, and below
//!   `ETC_MAX_DISCS` discs a child whose stored upper bound already refutes the window ends
//!   the node before any child is searched (enhanced transposition cutoffs; past
//!   `ETC_ALWAYS_DISCS` only at nodes the table already holds);
//! - each entry keeps the column that refuted the window, tried first next time;
//! - a move that leaves two threats the other player cannot both stop (`wins_by_force`)
//!   ends the node with its exact score, found while the moves are scored;
//! - move ordering (`order_score`) that ignores winning cells right above the opponent's and
//!   prefers those right above a playable cell in the rows of the mover's zugzwang parity;
//! - bounds that need no search (`static_bounds`): a player with no line free of the
//!   other's discs cannot win; Allis' claimeven for whichever player can take the even rows,
//!   extended to positions with columns of an odd number of empty cells by pairing those
//!   columns' playable cells; Allis' odd threat, by which the first player wins when the
//!   second must at last play under its threat in rows 1, 3 or 5;
//! - a node with one non-losing move plays it at once, without table probe or entry;
//! - the last plies skip the table and ordering (`ENDGAME_DISCS`), and positions with few
//!   empty cells are searched over their whole score range at once (`FULL_WINDOW_DISCS`);
//! - mirror-canonical keys in the first plies, a two-slot table that keeps the entries whose
//!   searches cost the most nodes, and a lazy SMP parallel solve whose first helper
//!   probes the scores nearest 0 while the main thread bisects.
//!
//! Nothing in the search allocates; the table is allocated once per [`Solver`].

pub mod book;

mod move_order;
mod negamax;
mod parallel;
mod root;
mod score;
mod slot_memory;
mod static_rules;
mod table;

pub use book::{BookError, OpeningBook};
pub use score::{
    INVALID_MOVE, MAX_SCORE, MIN_SCORE, Score, best_solved_column, describe_score, is_win,
    move_score, win_now_score, winner_discs_left,
};
pub use table::{DEFAULT_TABLE_BITS, Entry, MAX_TABLE_BITS, MIN_TABLE_BITS, SolverTable};

use crate::clock::Instant;
use crate::search::Cancel;
use c4_core::bitboard::{non_losing_cells, winning_cells};
use c4_core::{Bitboard, CELLS, COLUMN_BITS, Column, Position, WIDTH};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Why the solver gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The game is already over: there is nothing to solve.
    GameOver,
    /// The node or time limit was reached.
    LimitReached,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::GameOver => f.write_str("the game is over: nothing to solve"),
            SolveError::LimitReached => f.write_str("the solve did not finish within its limit"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A [`Solver::best_move_or_worse`] that gave up: why, and what it had proven by then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// Why it stopped.
    pub error: SolveError,
    /// Columns proven to score below the position's score, so never the best move. Empty
    /// unless that score was known (from the book, or a solve that finished before the
    /// probes of the moves ran out of time).
    pub worse: Vec<Column>,
}

/// Optional limits on one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveLimits {
    /// Give up after this many nodes.
    pub nodes: Option<u64>,
    /// Give up after this long.
    pub time: Option<Duration>,
}

/// Counters of the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

const ABORTED: Score = Score::MIN / 2;
/// Up to this many discs, table keys are mirror-canonical.
const SYMMETRY_PLIES: Score = 18;
/// Enhanced transposition cutoffs are tried at nodes with fewer discs than this...
const ETC_MAX_DISCS: Score = 30;
/// ...at every such node below this many discs, and beyond only at nodes found in the table.
const ETC_ALWAYS_DISCS: Score = 24;
/// From this many discs on, the root searches the whole score range at once.
const FULL_WINDOW_DISCS: Score = 26;
/// From this many discs on, nodes skip the table and move ordering.
const ENDGAME_DISCS: Score = 36;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// A reusable solver with its own transposition table (shared with its helper threads
/// during a parallel solve).
pub struct Solver {
    table: Arc<SolverTable>,
    book: Option<Arc<OpeningBook>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Set by whichever thread of a parallel solve finishes first.
    stop: Option<Arc<AtomicBool>>,
    /// Given by the caller to stop early.
    cancel: Option<Cancel>,
    /// Threads per solve.
    threads: usize,
    /// Which null windows this solver probes the root with.
    probes: ProbeOrder,
}

/// The order in which a solver probes the root's score range with null windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ProbeOrder {
    /// Bisection (see [`Solver::solve_root`]), each probe moved by this offset (0 for the
    /// main thread).
    Bisect(Score),
    /// Outwards from 0: is the score above 0, then above 1, 2, ... or above -1, -2, ... as
    /// the answers say (a helper's order: the scores of early positions, the costliest to
    /// solve, lie near 0 and then take two probes).
    FromZero,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(DEFAULT_TABLE_BITS)
    }
}

impl Solver {
    /// A solver with a table of `2^table_bits` slots (8 bytes each).
    #[must_use]
    pub fn new(table_bits: u32) -> Solver {
        Solver::with_table(Arc::new(SolverTable::new(table_bits)), 0)
    }

    /// The same, or the system's refusal of the table's memory.
    pub fn try_new(table_bits: u32) -> std::io::Result<Solver> {
        Ok(Solver::with_table(
            Arc::new(SolverTable::try_new(table_bits)?),
            0,
        ))
    }

    /// A solver on a shared table; `variant` 0 is the main solver, helper 1 probes outwards
    /// from 0, helpers 2, 3, ... probe null windows offset by -1, +1, -2, +2, ... from the
    /// main bisection's.
    fn with_table(table: Arc<SolverTable>, variant: usize) -> Solver {
        Solver {
            table,
            book: None,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            stop: None,
            cancel: None,
            threads: 1,
            probes: match variant {
                0 => ProbeOrder::Bisect(0),
                1 => ProbeOrder::FromZero,
                v if v % 2 == 0 => ProbeOrder::Bisect(-((v / 2) as Score)),
                v => ProbeOrder::Bisect((v / 2) as Score),
            },
        }
    }

    /// Stops solves early when `cancel` is given: they fail as at a time limit.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Uses `book` for the positions it holds (or no book).
    pub fn set_book(&mut self, book: Option<Arc<OpeningBook>>) {
        self.book = book;
    }

    /// Forgets all stored results (the book stays).
    pub fn reset(&mut self) {
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.reset(),
            // Only during a parallel solve is the table shared, and that ends before any
            // caller can reset: a new table is the same as a cleared one.
            None => {
                self.table = Arc::new(SolverTable::new(self.table.bits()));
            }
        }
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The exact score of `position`.
    pub fn solve(&mut self, position: &Position) -> Result<(Score, SolveStats), SolveError> {
        self.solve_within(position, false, SolveLimits::default())
    }

    /// The score (`weak`: only its sign, -1, 0 or 1) under optional limits, on as many
    /// threads as [`set_threads`](Self::set_threads) asked for.
    pub fn solve_within(
        &mut self,
        position: &Position,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(Score, SolveStats), SolveError> {
        if self.threads > 1 {
            self.solve_parallel(position, weak, limits)
        } else {
            self.solve_single(position, weak, limits)
        }
    }

    /// Searches each position with `threads` threads (1: this thread alone).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }
}

const _: () = assert!(c4_core::HEIGHT >= 4);

#[cfg(test)]
mod tests {
    use super::score::SOLVED_PREFERENCE;
    use super::static_rules::{EVEN_ROWS, static_bounds, wins_by_force};
    use super::*;
    use crate::SeededRng;
    use c4_core::bitboard::{BOTTOM, FULL_BOARD, has_four};
    use rand::{RngExt, SeedableRng};

    /// The exact score by plain alpha-beta: no table, no ordering, no bounds but the game's
    /// own, so it shares nothing with the solver's shortcuts.
    fn plain_score(position: &Position, mut alpha: Score, beta: Score) -> Score {
        if position.can_win_next() {
            return win_now_score(position);
        }
        let mut any = false;
        for column in Column::CENTER_FIRST {
            if !position.can_play(column) {
                continue;
            }
            any = true;
            let mut child = *position;
            child.play_unchecked(column);
            let score = -plain_score(&child, -beta, -alpha);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        if any { alpha } else { 0 }
    }

    /// A position of random moves with a disc count drawn from `discs`; `None` when the game
    /// ended on the way or the side to move can win at once (no solver node starts there).
    fn random_open_position(
        rng: &mut SeededRng,
        discs: std::ops::RangeInclusive<i32>,
    ) -> Option<Position> {
        let mut position = Position::new();
        let target = rng.random_range(discs);
        while (position.moves_played() as i32) < target && !position.is_over() {
            let legal: Vec<Column> = position.legal_moves().collect();
            position.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
        (!position.is_over() && !position.can_win_next()).then_some(position)
    }

    /// Each probe order a thread of a parallel solve may use finds, alone, the exact and the
    /// weak score the main thread's bisection finds, on seeded random positions that score
    /// above, at and below 0 (so the outward order runs both ways).
    #[test]
    fn every_probe_order_finds_the_same_score() {
        let mut rng = SeededRng::seed_from_u64(5);
        let mut solvers: Vec<Solver> = (0..4)
            .map(|variant| Solver::with_table(Arc::new(SolverTable::new(20)), variant))
            .collect();
        assert_eq!(solvers[1].probes, ProbeOrder::FromZero);
        let mut signs = [0; 3];
        for _ in 0..300 {
            let Some(position) = random_open_position(&mut rng, 12..=24) else {
                continue;
            };
            for weak in [false, true] {
                let scores: Vec<Score> = solvers
                    .iter_mut()
                    .map(|solver| {
                        solver.reset();
                        let limits = SolveLimits::default();
                        solver.solve_within(&position, weak, limits).unwrap().0
                    })
                    .collect();
                assert!(
                    scores.iter().all(|&s| s == scores[0]),
                    "{position:?} weak {weak}: {scores:?}"
                );
                if !weak {
                    signs[(scores[0].signum() + 1) as usize] += 1;
                }
            }
        }
        assert!(
            signs.iter().all(|&n| n >= 3),
            "losses, draws, wins: {signs:?}"
        );
    }

    /// Among equal scores the centre-most column wins, the right one of two at the same
    /// distance.
    #[test]
    fn solved_preference_is_centre_first_right_before_left() {
        let letters: String = SOLVED_PREFERENCE.iter().map(|c| c.letter()).collect();
        assert_eq!(letters, "decfbga");
        let position = Position::new();
        let mut scores = [0; WIDTH];
        assert_eq!(best_solved_column(&position, &scores).letter(), 'd');
        scores[3] = -1;
        assert_eq!(best_solved_column(&position, &scores).letter(), 'e');
        scores[0] = 5;
        assert_eq!(best_solved_column(&position, &scores).letter(), 'a');
    }

    /// `best_move` picks the column and score that `analyze` and `best_solved_column` pick,
    /// on one thread and on two, on seeded random positions.
    #[test]
    fn best_move_is_the_analysed_best() {
        let mut rng = SeededRng::seed_from_u64(3);
        let mut solver = Solver::new(20);
        let mut checked = 0;
        for i in 0..200 {
            let Some(position) = random_open_position(&mut rng, 10..=30) else {
                continue;
            };
            solver.set_threads(1 + i % 2);
            solver.reset();
            let limits = SolveLimits::default();
            let (scores, _) = solver.analyze(&position, false, limits).unwrap();
            let expected = best_solved_column(&position, &scores);
            solver.reset();
            let (column, score, _) = solver.best_move(&position, limits).unwrap();
            assert_eq!(
                (column, score),
                (expected, scores[expected.index()]),
                "{position:?}: {scores:?}"
            );
            checked += 1;
        }
        assert!(checked > 50, "{checked} positions");
    }

    /// A move that `wins_by_force` finds leaves the other player lost with the score of a win
    /// with the mover's next disc but one (checked by plain alpha-beta on seeded random
    /// positions), and both of its patterns (two playable threats, two stacked) occur.
    #[test]
    fn forced_wins_score_exactly() {
        let mut rng = SeededRng::seed_from_u64(11);
        let (mut side_by_side, mut stacked) = (0, 0);
        for _ in 0..20_000 {
            let Some(position) = random_open_position(&mut rng, 6..=36) else {
                continue;
            };
            let (current, occupied) = position.raw();
            let mut rest = position.non_losing_moves().0;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let wins = winning_cells(current | cell, occupied);
                if !wins_by_force(wins, occupied | cell) {
                    continue;
                }
                let playable_wins = wins & ((occupied | cell) + BOTTOM) & FULL_BOARD;
                if playable_wins.count_ones() >= 2 {
                    side_by_side += 1;
                } else {
                    stacked += 1;
                }
                let mut child = position;
                child.play_cell(cell);
                let moves = position.moves_played() as Score;
                assert_eq!(
                    -plain_score(&child, MIN_SCORE, MAX_SCORE),
                    (CELLS as Score - 1 - moves) / 2,
                    "{position:?} then {cell:#x}"
                );
            }
        }
        assert!(
            side_by_side > 20 && stacked > 20,
            "forced wins found: {side_by_side} side by side, {stacked} stacked"
        );
    }

    /// The bounds that need no search hold the exact score of seeded random late positions
    /// (scored by plain alpha-beta), and each rule fires on some of them.
    #[test]
    fn static_bounds_hold_the_exact_score() {
        let mut rng = SeededRng::seed_from_u64(7);
        let mut fired = [[0; 2]; 6];
        let mut checked = 0;
        while checked < 3000 {
            let Some(position) = random_open_position(&mut rng, 28..=40) else {
                continue;
            };
            checked += 1;
            let (current, occupied) = position.raw();
            // The empty window 0..0 is the one every rule can end.
            let (lower, upper) = static_bounds(current, occupied, 0, 0);
            let score = plain_score(&position, MIN_SCORE, MAX_SCORE);
            assert!(
                lower <= score && score <= upper,
                "{position:?}: score {score} outside [{lower}, {upper}]"
            );
            let opponent = current ^ occupied;
            let (mine_blocked, theirs_blocked) = (
                !has_four(FULL_BOARD & !opponent),
                !has_four(FULL_BOARD & !current),
            );
            let odd_columns = ((occupied + BOTTOM) & EVEN_ROWS).count_ones();
            let rule = match (lower, upper) {
                _ if mine_blocked || theirs_blocked => 0,
                (_, 0) => 1,
                (_, -1) if odd_columns.is_multiple_of(2) => 2,
                (_, -1) => 5,
                (0, _) => 3,
                (1, _) => 4,
                _ => continue,
            };
            // Whether the rule needed more odd columns than its plain form handles (none for
            // claimeven by the player not to move, one for the side to move or for the odd
            // threat).
            let extended = usize::from(odd_columns > 1);
            fired[rule][extended] += 1;
        }
        assert!(
            fired[0][0] + fired[0][1] > 0 && fired[1..].iter().flatten().all(|&n| n > 0),
            "rules fired as [plain, with more odd columns] (no free line, claimeven draw, \
             claimeven loss, claimeven for the side to move: at least a draw, a win, \
             odd threat of the player not to move): {fired:?}"
        );
    }
}
