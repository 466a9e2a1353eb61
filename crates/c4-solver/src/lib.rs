//! c4-solver: the exact solver of Connect-4.
//!
//! # Why the crate is shaped this way
//!
//! Exact search needs no heuristic, no player and no game loop, only the rules, so this
//! crate depends on `c4-core` alone and sits below everything that asks for perfect play:
//! the engine's search (which runs a solve beside its own), the perfect player, the arena's
//! verify and c4-learn's graded datasets. An opening book is the solver's scores stored; a
//! solver reads one through [`ScoreStore`], a trait defined here, so that the books (crate
//! c4-books: formats, build, verification, all of which need a solver) sit above it.
//!
//! The crate root is the solver itself ([`Solver`], its limits and errors); the search is
//! split by job into private modules: `root` (the null-window bisection, per-move scores,
//! the best move), `negamax` (the tree), `move_order`, `static_rules` (bounds that need no
//! search), `table` and `slot_memory` (the transposition table, allocated once per solver)
//! and `parallel` (lazy SMP helpers on one shared table). The exact score ([`ExactScore`]),
//! its helpers ([`move_score`], [`best_solved_column`]) and the table's public face
//! ([`SolverTable`]) are re-exported at the root, so callers name `c4_solver::X` and never a
//! module of the search.
//!
//! A few small pieces live here because the solver needs them and the crates above share
//! them, and this is the lowest crate that needs them: [`clock`] (the one clock, the
//! browser's on wasm32), [`files`] (the one reader of files a user names), [`hashing`]
//! (`mix64`), [`Cancel`] (a request to stop a search) and [`reference_positions`] (the
//! scored position sets that check the solver and grade players).
//!
//! Nothing here prints. Files are read only where a caller names one (a book), threads are
//! spawned only where a caller asks for them (`threads=` of a solve, a book build's
//! workers), and nothing in the search allocates per node.
//!
//! `unsafe` is denied rather than forbidden: the table holds the workspace's two reviewed
//! exceptions, the atomic view of its memory map (`slot_memory.rs`) and a cache prefetch
//! hint (`table.rs`), each allowed at its block with its safety argument.
//!
//! # Scores (Pons' convention)
//!
//! 0 is a draw; a positive score means the side to move wins, negative that it loses. The
//! magnitude is 22 minus the number of discs the winner has played when four connect
//! (`(CELLS + 2) / 2 - k` in general), so quicker wins score higher. The empty board scores +1.
//! On a board of any size, as Pons' solver built for it computes: a win scores
//! (W x H + 1 - the discs played before the winning one) / 2 (integer division), and every
//! bound of the search derives from the size's cell count.
//!
//! # Sizes
//!
//! [`Solver`] is generic over c4-core's [`Geometry`], as [`Position`] is: `Solver::new` is
//! the 7x6 solver, whose masks are constants, and [`Solver::new_in`] takes [`AnySize`] for
//! any other board (the same search, masks read at run time). The table keys have
//! W x (H + 1) bits; move order is centre first for the width; symmetry mirrors over the
//! width; the static rules read rows by their distance from the top (see `static_rules`),
//! so none is switched off on any size. A book is of one size ([`ScoreStore::size`]), and a
//! solver consults the book of its own size: a book of another holds none of its positions.
//! Every score that leaves the crate is an [`ExactScore`], and a row of column scores is
//! `[Option<ExactScore>; WIDTH]` (`None` for a full column); the search works on bare `i32`
//! bounds inside.
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
//!   probes the scores nearest 0 while the main thread bisects;
//! - an analysis's columns spread over the threads ([`Solver::solve_each`]): each thread
//!   takes the next column's position, then joins one still being searched.
//!
//! Nothing in the search allocates; the table is allocated once per [`Solver`].

#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod clock;
pub mod files;
pub mod hashing;
pub mod reference_positions;

mod cancel;
mod move_order;
mod negamax;
mod parallel;
mod root;
mod score;
mod slot_memory;
mod static_rules;
mod store;
mod table;

pub use score::{
    ExactScore, ScoreError, best_solved_column, best_solved_column_in, move_score,
    solved_preference,
};
use table::Entry;
pub use table::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, SolverTable};

use crate::clock::Instant;
use c4_core::{AnySize, Column, Geometry, Position, Size, Standard, WIDTH};
pub use cancel::Cancel;
pub use parallel::EachSolved;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use store::Consulted;
pub use store::{ScoreStore, Stores, StoresError, stored_or_win_now};

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

impl SolveLimits {
    /// What is left of these limits once `nodes` were searched and `elapsed` has passed.
    #[must_use]
    pub fn left_after(self, nodes: u64, elapsed: Duration) -> SolveLimits {
        SolveLimits {
            nodes: self.nodes.map(|n| n.saturating_sub(nodes)),
            time: self.time.map(|t| t.saturating_sub(elapsed)),
        }
    }
}

/// Counters of the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

/// What the search returns once it must stop: no score, far below every one.
const ABORTED: i32 = i32::MIN / 2;
/// Up to this many discs, table keys are mirror-canonical.
const SYMMETRY_PLIES: i32 = 18;
/// Enhanced transposition cutoffs are tried at nodes with fewer discs than this...
const ETC_MAX_DISCS: i32 = 30;
/// ...at every such node below this many discs, and beyond only at nodes found in the table.
const ETC_ALWAYS_DISCS: i32 = 24;
/// From this many discs on, the root searches the whole score range at once.
const FULL_WINDOW_DISCS: i32 = 26;
/// From this many discs on, nodes skip the table and move ordering.
const ENDGAME_DISCS: i32 = 36;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// A reusable solver with its own transposition table (shared with its helper threads
/// during a parallel solve), for the board of its geometry: [`Standard`] (7x6, the default,
/// fixed at compile time, as `Solver::new` makes) or [`AnySize`] (any size, read at run
/// time, as [`Solver::new_in`] makes). Both run the same generic search.
pub struct Solver<G: Geometry = Standard> {
    geometry: G,
    /// The board's columns from the centre outwards (read on sizes other than 7x6, whose
    /// order is the constant [`Column::CENTER_FIRST`]).
    centre_first: [Column; Size::MAX_WIDTH],
    table: Arc<SolverTable>,
    book: Option<Consulted>,
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

/// A solver of a board size chosen at run time.
pub type AnySizeSolver = Solver<AnySize>;

/// The order in which a solver probes the root's score range with null windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ProbeOrder {
    /// Bisection (see [`Solver::search_root`]), each probe moved by this offset (0 for the
    /// main thread).
    Bisect(i32),
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
    /// A 7x6 solver with a table of `2^table_bits` slots (8 bytes each).
    #[must_use]
    pub fn new(table_bits: u32) -> Solver {
        Solver::new_in(table_bits, Standard)
    }

    /// The same, or the system's refusal of the table's memory.
    pub fn try_new(table_bits: u32) -> std::io::Result<Solver> {
        Solver::try_new_in(table_bits, Standard)
    }
}

impl<G: Geometry> Solver<G> {
    /// A solver of `geometry`'s board with a table of `2^table_bits` slots (8 bytes each),
    /// at least [`SolverTable::min_bits`] of the size.
    ///
    /// # Panics
    /// When the system has no memory for the table: [`try_new_in`](Self::try_new_in)
    /// reports that instead.
    #[must_use]
    pub fn new_in(table_bits: u32, geometry: G) -> Solver<G> {
        Solver::try_new_in(table_bits, geometry)
            .expect("memory for the solver table (out of memory?)")
    }

    /// The same, or the system's refusal of the table's memory.
    pub fn try_new_in(table_bits: u32, geometry: G) -> std::io::Result<Solver<G>> {
        let table = SolverTable::try_new_for(table_bits, geometry.size())?;
        Ok(Solver::with_table(Arc::new(table), 0, geometry))
    }

    /// The board's geometry.
    #[must_use]
    pub fn geometry(&self) -> G {
        self.geometry
    }

    /// A solver on a shared table; `variant` 0 is the main solver, helper 1 probes outwards
    /// from 0, helpers 2, 3, ... probe null windows offset by -1, +1, -2, +2, ... from the
    /// main bisection's.
    fn with_table(table: Arc<SolverTable>, variant: usize, geometry: G) -> Solver<G> {
        Solver {
            geometry,
            centre_first: move_order::centre_first_order(geometry.size()),
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
                v if v % 2 == 0 => ProbeOrder::Bisect(-((v / 2) as i32)),
                v => ProbeOrder::Bisect((v / 2) as i32),
            },
        }
    }

    /// Stops solves early when `cancel` is given: they fail as at a time limit.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Uses `book`, an opening book or any other [`ScoreStore`], for the positions it holds
    /// (or no book). A book of another size than the solver's holds none of its positions,
    /// so it is not kept (callers that take a book from a user refuse it for another size,
    /// naming both: c4-books' `BookChoice::load_in`); the search then probes the book it
    /// keeps without comparing sizes.
    pub fn set_book(&mut self, book: Option<Arc<dyn ScoreStore>>) {
        self.book = book.and_then(|book| Consulted::of_size(book, self.geometry.size()));
    }

    /// Forgets all stored results (the book stays).
    pub fn reset(&mut self) {
        match Arc::get_mut(&mut self.table) {
            Some(table) => table.reset(),
            // Only during a parallel solve is the table shared, and that ends before any
            // caller can reset: a new table is the same as a cleared one.
            None => {
                let (bits, size) = (self.table.bits(), self.geometry.size());
                self.table = Arc::new(
                    SolverTable::try_new_for(bits, size)
                        .expect("memory for a table the size of the one just held"),
                );
            }
        }
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The exact score of `position`.
    pub fn solve(
        &mut self,
        position: &Position<G>,
    ) -> Result<(ExactScore, SolveStats), SolveError> {
        self.solve_within(position, false, SolveLimits::default())
    }

    /// The score (`weak`: only its sign, see [`ExactScore::weak`]) under optional limits, on
    /// as many threads as [`set_threads`](Self::set_threads) asked for.
    pub fn solve_within(
        &mut self,
        position: &Position<G>,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(ExactScore, SolveStats), SolveError> {
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
mod tests;
