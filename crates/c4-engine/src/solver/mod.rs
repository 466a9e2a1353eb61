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

mod table;

pub use book::{BookError, OpeningBook};

pub use table::{DEFAULT_TABLE_BITS, Entry, MAX_TABLE_BITS, MIN_TABLE_BITS, SolverTable};

use crate::search::Cancel;
use c4_core::bitboard::{BOTTOM, FULL_BOARD, ODD_ROWS, has_four, non_losing_cells, winning_cells};
use c4_core::{Bitboard, CELLS, COLUMN_BITS, Column, HEIGHT, Position, WIDTH};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// An exact score (see the module docs).
pub type Score = i32;

/// The best possible score: a win with the side to move's first disc after the 3 forced ones.
pub const MAX_SCORE: Score = (CELLS as Score + 1) / 2 - 3;
/// The worst possible score.
pub const MIN_SCORE: Score = -(CELLS as Score) / 2 + 3;
/// The score a full column gets in [`Solver::analyze`].
pub const INVALID_MOVE: Score = -1000;

/// The score of the side to move connecting four with its next disc in `position`.
#[must_use]
pub const fn win_now_score(position: &Position) -> Score {
    (CELLS as Score + 1 - position.moves_played() as Score) / 2
}

/// The exact score, for the side to move in `position` (not over), of playing `column`
/// (playable): a four at once scores [`win_now_score`], filling the last cell without one 0,
/// any other move minus the score of the position after it, which `exact` gives.
pub fn move_score<E>(
    position: &Position,
    column: Column,
    exact: impl FnOnce(&Position) -> Result<Score, E>,
) -> Result<Score, E> {
    debug_assert!(position.can_play(column) && !position.is_over());
    if position.is_winning_move(column) {
        return Ok(win_now_score(position));
    }
    let mut child = *position;
    child.play_unchecked(column);
    if child.is_over() {
        return Ok(0);
    }
    exact(&child).map(|score| -score)
}

/// Whether `score` means the side to move wins.
#[must_use]
pub const fn is_win(score: Score) -> bool {
    score > 0
}

/// The number of discs the winner still plays (including the winning one) for a decisive
/// score in a position with `moves_played` discs; `None` for a draw.
#[must_use]
pub fn winner_discs_left(score: Score, moves_played: u32) -> Option<u32> {
    if score == 0 {
        return None;
    }
    // Winner's discs at the end: k = (CELLS + 2) / 2 - |score|.
    let k = (CELLS as i32 + 2) / 2 - score.abs();
    // Discs the winner has now: the side to move has played moves/2, the other (moves+1)/2.
    let now = if score > 0 {
        moves_played / 2
    } else {
        moves_played.div_ceil(2)
    } as i32;
    Some((k - now).max(1) as u32)
}

/// A score in words: `win (4 more discs)`, `loss (2 more discs)`, `draw`.
#[must_use]
pub fn describe_score(score: Score, moves_played: Option<u32>) -> String {
    let word = match score.signum() {
        1 => "win",
        -1 => "loss",
        _ => return "draw".to_owned(),
    };
    match moves_played.and_then(|m| winner_discs_left(score, m)) {
        Some(n) => format!(
            "{word} {score:+} (the winner's {n} more disc{})",
            if n == 1 { "" } else { "s" }
        ),
        None => format!("{word} {score:+}"),
    }
}

/// The columns in the order [`best_solved_column`] prefers them among equal scores: from
/// the centre outwards, right before left at the same distance.
const SOLVED_PREFERENCE: [Column; WIDTH] = {
    let mut order = Column::CENTER_FIRST;
    // CENTER_FIRST lists the centre, then each pair at one distance left first.
    let mut i = 1;
    while i + 1 < WIDTH {
        let left = order[i];
        order[i] = order[i + 1];
        order[i + 1] = left;
        i += 2;
    }
    order
};

/// The best column by solver scores ([`INVALID_MOVE`] for full columns); the centre-most
/// among equals (see `SOLVED_PREFERENCE`).
#[must_use]
pub fn best_solved_column(position: &Position, scores: &[Score; WIDTH]) -> Column {
    SOLVED_PREFERENCE
        .into_iter()
        .filter(|c| position.can_play(*c))
        // max_by_key keeps the last of equal maxima: reversed, the first preferred.
        .rev()
        .max_by_key(|c| scores[c.index()])
        .expect("a position that is not over has a legal move")
}

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

    /// The exact score of `position` (`weak`: its sign) from several threads searching
    /// the same tree on one shared table (lazy SMP): each helper probes the root with other
    /// null windows than the main thread's (see [`ProbeOrder`]; on the first 10 Begin-Hard
    /// positions helpers bisecting next to the main thread gave 1.5x on 2 threads, helpers
    /// that only reordered moves 1.4x; a first helper probing outwards from 0 takes the empty
    /// board's two threads from 324-352 M to 261-274 M nodes), and the bounds any thread
    /// stores cut the others' work. The first thread to finish gives the
    /// answer; the others stop. `nodes` counts every thread's.
    fn solve_parallel(
        &mut self,
        position: &Position,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(Score, SolveStats), SolveError> {
        let threads = self.threads;
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut helpers: Vec<Solver> = (1..threads)
            .map(|variant| {
                let mut helper = Solver::with_table(Arc::clone(&self.table), variant);
                helper.book.clone_from(&self.book);
                helper.cancel.clone_from(&self.cancel);
                helper.stop = Some(Arc::clone(&stop));
                helper
            })
            .collect();
        self.stop = Some(Arc::clone(&stop));
        let start = Instant::now();
        let (main, helper_results) = std::thread::scope(|scope| {
            // A helper the system gives no thread to is left out: the others, and this
            // thread, still find the score.
            let handles: Vec<_> = helpers
                .iter_mut()
                .filter_map(|helper| {
                    let stop = &stop;
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            let result = helper.solve_single(position, weak, limits);
                            if result.is_ok() {
                                stop.store(true, Ordering::Relaxed);
                            }
                            (result, helper.nodes)
                        })
                        .ok()
                })
                .collect();
            let main = self.solve_single(position, weak, limits);
            stop.store(true, Ordering::Relaxed);
            let results: Vec<_> = handles
                .into_iter()
                .map(|h| h.join().expect("a solver thread does not panic"))
                .collect();
            (main, results)
        });
        self.stop = None;
        let nodes = self.nodes + helper_results.iter().map(|(_, n)| n).sum::<u64>();
        let score = main.ok().map(|(s, _)| s).or_else(|| {
            helper_results
                .iter()
                .find_map(|(r, _)| r.ok().map(|(s, _)| s))
        });
        drop(helpers);
        match score {
            Some(score) => Ok((
                score,
                SolveStats {
                    nodes,
                    time: start.elapsed(),
                },
            )),
            None => Err(SolveError::LimitReached),
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

    fn solve_single(
        &mut self,
        position: &Position,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(Score, SolveStats), SolveError> {
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let start = Instant::now();
        self.arm(limits, start);
        let score = self.solve_root(position, weak);
        let stats = SolveStats {
            nodes: self.nodes,
            time: start.elapsed(),
        };
        if self.aborted {
            Err(SolveError::LimitReached)
        } else {
            Ok((score, stats))
        }
    }

    /// The score of playing each column: `INVALID_MOVE` for a full one.
    pub fn analyze(
        &mut self,
        position: &Position,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<([Score; WIDTH], SolveStats), SolveError> {
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let start = Instant::now();
        let mut scores = [INVALID_MOVE; WIDTH];
        let mut total = SolveStats::default();
        for column in Column::ALL {
            if !position.can_play(column) {
                continue;
            }
            let remaining = SolveLimits {
                nodes: limits.nodes.map(|n| n.saturating_sub(total.nodes)),
                time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
            };
            let (score, stats) = self.score_move(position, column, weak, remaining)?;
            scores[column.index()] = score;
            total.nodes += stats.nodes;
        }
        total.time = start.elapsed();
        Ok((scores, total))
    }

    /// The move [`best_solved_column`] would pick from [`analyze`](Self::analyze)'s scores,
    /// with its exact score, at less cost: the position is solved once, then the columns are
    /// tried in that function's order of preference and the first whose reply scores at
    /// most minus the position's score takes one null-window probe (its proof is mostly in
    /// the table from the solve already). The solve may use several threads; the probes
    /// run on this one.
    pub fn best_move(
        &mut self,
        position: &Position,
        limits: SolveLimits,
    ) -> Result<(Column, Score, SolveStats), SolveError> {
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let start = Instant::now();
        if let Some((column, score)) = self.book_move(position) {
            return Ok((column, score, SolveStats::default()));
        }
        if position.can_win_next() {
            let column = SOLVED_PREFERENCE
                .into_iter()
                .find(|c| position.can_play(*c) && position.is_winning_move(*c))
                .expect("a position that can win next has a winning column");
            return Ok((column, win_now_score(position), SolveStats::default()));
        }
        let (score, mut stats) = self.solve_within(position, false, limits)?;
        for column in SOLVED_PREFERENCE {
            if !position.can_play(column) {
                continue;
            }
            let mut child = *position;
            child.play_unchecked(column);
            let optimal = if child.is_over() {
                score == 0 // the last cell filled without a four
            } else if child.can_win_next() {
                -win_now_score(&child) == score
            } else {
                let remaining = SolveLimits {
                    nodes: limits.nodes.map(|n| n.saturating_sub(stats.nodes)),
                    time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
                };
                // The reply scores at most -score exactly when it is not above -score.
                let above = self.probe(&child, -score, remaining)?;
                stats.nodes += self.nodes;
                !above
            };
            if optimal {
                stats.time = start.elapsed();
                return Ok((column, score, stats));
            }
        }
        // Unreachable for a correct solve (some move achieves the score); analysing every
        // column instead still gives the right move.
        let (scores, more) = self.analyze(position, false, limits)?;
        let column = best_solved_column(position, &scores);
        stats.nodes += more.nodes;
        stats.time = start.elapsed();
        Ok((column, scores[column.index()], stats))
    }

    /// The best move and its exact score when the book scores every move of `position`
    /// (see [`OpeningBook::move_scores`]): no search at all.
    #[must_use]
    pub fn book_move(&self, position: &Position) -> Option<(Column, Score)> {
        let book = self.book.as_deref()?;
        if position.is_over() || position.moves_played() > book.depth() {
            return None;
        }
        let scores = book.move_scores(position).ok()?;
        let column = best_solved_column(position, &scores);
        Some((column, scores[column.index()]))
    }

    /// Resets the node count and sets the limits of a search starting at `start`.
    fn arm(&mut self, limits: SolveLimits, start: Instant) {
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| start + t);
        self.aborted = false;
    }

    /// Whether the score of `position` (not over, the side to move unable to win at once) is
    /// above `bound`: one null-window search on this thread.
    fn probe(
        &mut self,
        position: &Position,
        bound: Score,
        limits: SolveLimits,
    ) -> Result<bool, SolveError> {
        self.arm(limits, Instant::now());
        let above = self.negamax(position, bound, bound + 1) > bound;
        if self.aborted {
            Err(SolveError::LimitReached)
        } else {
            Ok(above)
        }
    }

    /// The score, for the side to move in `position`, of playing `column` (which must be
    /// playable in a position that is not over).
    pub fn score_move(
        &mut self,
        position: &Position,
        column: Column,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(Score, SolveStats), SolveError> {
        let mut stats = SolveStats::default();
        let score = move_score(position, column, |child| {
            let (score, child_stats) = self.solve_within(child, weak, limits)?;
            stats = child_stats;
            Ok(score)
        })?;
        Ok((if weak { score.signum() } else { score }, stats))
    }

    fn solve_root(&mut self, position: &Position, weak: bool) -> Score {
        if position.can_win_next() {
            return if weak { 1 } else { win_now_score(position) };
        }
        if let Some(score) = self.book.as_ref().and_then(|b| b.get(position)) {
            return if weak { score.signum() } else { score };
        }
        let moves = position.moves_played() as Score;
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (
                -(CELLS as Score - moves) / 2,
                (CELLS as Score + 1 - moves) / 2,
            )
        };
        if moves >= FULL_WINDOW_DISCS && !weak {
            // Few empty cells: one search over the whole score range costs less than the
            // several null-window searches of a bisection.
            let score = self.negamax(position, min, max);
            return if self.aborted { 0 } else { score };
        }
        // Bisect the score range with null windows, each probe halfway between the middle
        // and the bound on its side of 0 (Pons' choice: big wins and losses are settled by
        // the first probes; probing at two thirds cut nodes on the easy sets by 10% but
        // added 2-4% on the medium ones).
        while min < max {
            // Helpers of a parallel solve probe other windows, so between them the threads
            // settle several steps at once (through the shared table).
            let med = match self.probes {
                ProbeOrder::Bisect(offset) => {
                    let mut med = min + (max - min) / 2;
                    if med <= 0 && min / 2 < med {
                        med = min / 2;
                    } else if med >= 0 && max / 2 > med {
                        med = max / 2;
                    }
                    (med + offset).clamp(min, max - 1)
                }
                ProbeOrder::FromZero => 0.clamp(min, max - 1),
            };
            let r = self.negamax(position, med, med + 1);
            if self.aborted {
                return 0;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        // A null window may return a bound beyond the weak range: only its sign is the answer.
        if weak { min.signum() } else { min }
    }

    /// Null- or narrow-window negamax. The side to move cannot win with its next disc
    /// (callers check). Returns a bound consistent with the window (fail-hard).
    fn negamax(&mut self, position: &Position, mut alpha: Score, mut beta: Score) -> Score {
        debug_assert!(alpha < beta && !position.can_win_next());
        let nodes_before = self.nodes;
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.check_limits();
        }
        if self.aborted {
            return ABORTED;
        }
        let (current, occupied) = position.raw();
        let moves = position.moves_played() as Score;
        let opponent_wins = winning_cells(current ^ occupied, occupied);
        let next = non_losing_cells(occupied, opponent_wins);
        if next == 0 {
            return -(CELLS as Score - moves) / 2;
        }
        if moves >= CELLS as Score - 2 {
            return 0;
        }
        // The opponent cannot win with its next disc, so we have at least this:
        let min = -(CELLS as Score - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with our next disc, so at most this: a win with the one after.
        let win_after_next = (CELLS as Score - 1 - moves) / 2;
        if next & (next - 1) == 0 {
            // One move does not lose at once (mostly a forced block): play it here, without
            // a table probe or an entry for this node; the child has its own.
            if wins_by_force(winning_cells(current | next, occupied), occupied | next) {
                return win_after_next;
            }
            let mut child = *position;
            child.play_cell(next);
            return -self.negamax(&child, -beta, -alpha);
        }
        let mut max = win_after_next;
        let (lower, upper) = static_bounds(current, occupied, alpha, beta);
        if alpha < lower {
            alpha = lower;
            if alpha >= beta {
                return alpha;
            }
        }
        if upper < max {
            max = upper;
            if max <= alpha {
                return max;
            }
        }
        if moves >= ENDGAME_DISCS {
            // Near the end the subtrees are too small to repay table probes and ordering.
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return beta;
                }
            }
            for column in Column::CENTER_FIRST {
                let cell = next & Bitboard::column(column).0;
                if cell != 0 {
                    let mut child = *position;
                    child.play_cell(cell);
                    let score = -self.negamax(&child, -beta, -alpha);
                    if score >= beta {
                        return score;
                    }
                    if score > alpha {
                        alpha = score;
                    }
                }
            }
            return alpha;
        }
        // Early on, a position and its mirror share one entry (they score the same); the
        // entry's best move is then stored as seen in the canonical one of the two.
        let (key, mirrored) = if moves < SYMMETRY_PLIES {
            let (k, m) = (position.key(), position.mirror_key());
            if m < k { (m, true) } else { (k, false) }
        } else {
            (position.key(), false)
        };
        let orient = |column: usize| if mirrored { WIDTH - 1 - column } else { column };
        if let Some(book) = &self.book
            && let Some(score) = book.get(position)
        {
            return score;
        }
        let mut hash_move = 0;
        let mut seen = false;
        if let Some(entry) = self.table.get(key) {
            seen = true;
            let stored = Score::from(entry.value);
            if entry.best_move != 0 {
                hash_move =
                    Bitboard::column(Column::ALL[orient(usize::from(entry.best_move) - 1)]).0;
            }
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                let lower = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = stored + MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // Deeper in, a child is rarely in the table unless this node was: probing them all
        // would mostly wait on memory for nothing (measured: Begin-Easy 0.44 -> 0.34 ms).
        let etc = moves < ETC_MAX_DISCS && (seen || moves < ETC_ALWAYS_DISCS);
        let mut child_keys = [0u64; WIDTH];
        {
            // Start loading every child's slot now: the memory latency then overlaps the move
            // scoring below instead of stalling the cutoff probes one child at a time.
            let mut rest = next;
            let mut i = 0;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let mut child = *position;
                child.play_cell(cell);
                child_keys[i] = if moves + 1 < SYMMETRY_PLIES {
                    child.canonical_key()
                } else {
                    child.key()
                };
                self.table.prefetch(child_keys[i]);
                i += 1;
            }
        }
        let zugzwang_rows = if moves % 2 == 0 { ODD_ROWS } else { EVEN_ROWS };
        let mut sorter = MoveSorter::new();
        for column in Column::CENTER_FIRST.iter().rev() {
            let cell = next & Bitboard::column(*column).0;
            if cell != 0 {
                let wins = winning_cells(current | cell, occupied);
                if wins_by_force(wins, occupied | cell) {
                    // The other player can stop only one of the threats: a win with our
                    // next disc but one, the best score left.
                    return win_after_next;
                }
                let score = if cell & hash_move != 0 {
                    u32::MAX
                } else {
                    order_score(wins, opponent_wins, occupied | cell, zugzwang_rows)
                };
                sorter.add(cell, score);
            }
        }
        // Enhanced transposition cutoff: a child whose stored upper bound already proves
        // this node fails high ends the search before any child is searched.
        if etc {
            for &child_key in &child_keys[..sorter.len] {
                if let Some(entry) = self.table.get(child_key) {
                    let stored = Score::from(entry.value);
                    if stored <= MAX_SCORE - MIN_SCORE + 1 {
                        let child_max = stored + MIN_SCORE - 1;
                        if -child_max >= beta {
                            return -child_max;
                        }
                    }
                }
            }
        }
        while let Some(cell) = sorter.next() {
            let mut child = *position;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return ABORTED;
            }
            if score >= beta {
                let column = cell.trailing_zeros() as usize / COLUMN_BITS;
                let entry = Entry {
                    value: (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8,
                    best_move: orient(column) as u8 + 1,
                };
                self.table.put(key, entry, self.nodes - nodes_before);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        let entry = Entry {
            value: (alpha - MIN_SCORE + 1) as u8,
            best_move: 0,
        };
        self.table.put(key, entry, self.nodes - nodes_before);
        alpha
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
        {
            self.aborted = true;
        }
    }
}

/// Rows 2, 4 and 6 counted from 1: the cells the second player takes by always answering in
/// the column just played (Allis' claimeven).
const EVEN_ROWS: u64 = FULL_BOARD & !ODD_ROWS;

/// The cells of the first column.
const COLUMN: u64 = (1 << HEIGHT) - 1;

/// Bounds on the score of the side to move that need no search, as (lower, upper) around 0
/// (`Score::MIN`/`Score::MAX` where a rule says nothing or cannot end the search of the window
/// `alpha..beta`: the upper bounds are tried only when `alpha >= -1`, the lower ones only when
/// `beta <= 1`):
/// - a player none of whose lines is free of the other's discs can never connect four;
/// - claimeven (Allis), extended to columns with an odd number of empty cells: the playable
///   cell of such a column is in row 2, 4 or 6. When the number of those columns is even, the
///   player not to move answers a move in an even column in the same column and a move in an
///   odd column in another odd column, so it takes every empty cell of rows 2, 4 and 6 but
///   the odd columns' playable cells, some of which the other player gets. If the side to
///   move cannot connect four with its discs, the empty cells of rows 1, 3 and 5 and all
///   those playable cells, it cannot win, and if the other player's discs with its cells
///   hold a four, it loses;
/// - the same for the side to move when the number of odd columns is odd: it first plays
///   one of their playable cells, then answers as above; if for some choice the other
///   player cannot connect four with rows 1, 3, 5 and the other odd columns' playable cells,
///   the side to move does not lose, and if its own discs with the chosen cell and its
///   cells hold a four, it wins;
/// - the odd threat (Allis): with an odd number of odd columns, the player not to move
///   answers every move above it, but pairs the playable cells of the odd columns except
///   one, where it takes rows 1, 3 and 5 by answering there too. If it has a winning cell
///   in one of those rows of that column, the side to move must at last fill the cell below
///   it; so if the side to move cannot connect four with the cells it then gets (rows 1, 3
///   and 5 elsewhere, the paired playable cells, and rows 2, 4 and 6 below the threat), it
///   loses.
#[inline]
fn static_bounds(current: u64, occupied: u64, alpha: Score, beta: Score) -> (Score, Score) {
    let opponent = current ^ occupied;
    let mut lower = Score::MIN;
    let mut upper = Score::MAX;
    if beta <= 0 && !has_four(FULL_BOARD & !current) {
        lower = 0;
    }
    let playable = (occupied + BOTTOM) & FULL_BOARD;
    // The playable cells of the columns with an odd number of empty cells.
    let odd_columns = playable & EVEN_ROWS;
    let empty = FULL_BOARD & !occupied;
    let first_cells = empty & ODD_ROWS;
    let second_cells = empty & EVEN_ROWS & !odd_columns;
    if alpha >= 0 && !has_four(FULL_BOARD & !opponent) {
        upper = 0;
    }
    if odd_columns.count_ones().is_multiple_of(2) {
        if alpha >= -1 && !has_four(current | first_cells | odd_columns) {
            upper = if has_four(opponent | second_cells) {
                -1
            } else {
                0
            };
        }
    } else {
        if beta <= 1 {
            let mut rest = odd_columns;
            while rest != 0 {
                let first = rest & rest.wrapping_neg();
                rest ^= first;
                if !has_four(opponent | first_cells | (odd_columns ^ first)) {
                    if has_four(current | second_cells | first) {
                        return (1, upper);
                    }
                    lower = 0;
                }
            }
        }
        if alpha >= -1 && lower < 0 && wins_by_odd_threat(opponent, current, occupied) {
            return (lower, -1);
        }
    }
    (lower, upper)
}

/// Whether `follower`, not to move, wins by an odd threat against `mover` (see
/// [`static_bounds`]); the number of columns with an odd number of empty cells must be odd.
/// The follower answers every move above it but pairs the playable cells of all odd columns
/// but one, where it then takes rows 1, 3 and 5: a winning cell of its own there is at last
/// made playable by the mover, who can connect four only with the cells that strategy
/// leaves to it.
#[inline]
fn wins_by_odd_threat(follower: u64, mover: u64, occupied: u64) -> bool {
    let empty = FULL_BOARD & !occupied;
    let odd_columns = (occupied + BOTTOM) & FULL_BOARD & EVEN_ROWS;
    let odd_threats = winning_cells(follower, occupied) & ODD_ROWS;
    let mut rest = odd_columns;
    while rest != 0 {
        let bottom = rest & rest.wrapping_neg();
        rest ^= bottom;
        let column = COLUMN << (bottom.trailing_zeros() / COLUMN_BITS as u32 * COLUMN_BITS as u32);
        let threats = odd_threats & column;
        if threats == 0 {
            continue;
        }
        let below_threat = column & empty & ((threats & threats.wrapping_neg()) - 1);
        let mover_cells =
            (empty & ODD_ROWS & !column) | (odd_columns ^ bottom) | (below_threat & EVEN_ROWS);
        if !has_four(mover | mover_cells) {
            return true;
        }
    }
    false
}

/// How promising a move looks, from the winning cells `wins` of the player who made it:
/// cells directly above a winning cell of the opponent do not count (the opponent wins
/// or blocks there first); a cell right above a playable one, in the rows that the player's
/// zugzwang parity favours (`zugzwang_rows`: rows 1, 3, 5 for the first player, 2, 4, 6 for
/// the second), counts more, as the opponent can no longer play under it (measured against
/// Pons' plain count of winning cells: 20% fewer nodes on the first 30 of Begin-Hard, 13%
/// fewer on Middle-Medium, 13% more on Begin-Easy).
#[inline]
fn order_score(wins: u64, opponent_wins: u64, occupied: u64, zugzwang_rows: u64) -> u32 {
    let useful = wins & !(opponent_wins << 1);
    let above_playable = ((occupied + BOTTOM) & FULL_BOARD) << 1;
    2 * useful.count_ones() + 3 * (useful & above_playable & zugzwang_rows).count_ones()
}

/// Whether a player whose winning cells are `wins` (after their move, `occupied` including
/// it) wins with their next disc but one whatever the other does: two of those cells are
/// playable now, or one is playable with another right above it. The other player cannot
/// win first (the move was one of the non-losing ones), so they must block, and one block
/// stops only one cell.
#[inline]
fn wins_by_force(wins: u64, occupied: u64) -> bool {
    let playable_wins = wins & (occupied + BOTTOM) & FULL_BOARD;
    playable_wins & playable_wins.wrapping_sub(1) != 0 || playable_wins & (wins >> 1) != 0
}

/// Up to `WIDTH` moves, handed out best score first; among equal scores the one added
/// last comes first (Pons' `MoveSorter`). An insertion sort on a fixed array: no allocation.
struct MoveSorter {
    cells: [u64; WIDTH],
    scores: [u32; WIDTH],
    len: usize,
}

impl MoveSorter {
    #[inline]
    fn new() -> Self {
        MoveSorter {
            cells: [0; WIDTH],
            scores: [0; WIDTH],
            len: 0,
        }
    }

    #[inline]
    fn add(&mut self, cell: u64, score: u32) {
        let mut i = self.len;
        self.len += 1;
        while i > 0 && self.scores[i - 1] > score {
            self.cells[i] = self.cells[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.cells[i] = cell;
        self.scores[i] = score;
    }

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cells[self.len])
    }
}

const _: () = assert!(HEIGHT >= 4);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeededRng;
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
