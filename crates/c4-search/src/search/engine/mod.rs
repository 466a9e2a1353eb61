//! The `engine` player: the strongest practical searcher of c4.
//!
//! Per move: take a win in one; otherwise keep only moves that do not hand the opponent a
//! win in one (Pons' non-losing moves: a forced block is the only move, and no disc goes
//! directly below an opponent's winning cell); try to solve the position exactly and play
//! perfectly if that succeeds: first, on every thread it is given, within a share of the
//! budget that grows as the solve nears its end and only when few enough cells are empty, or
//! on the other threads while this one searches heuristically ([`SolverThreads`]);
//! otherwise iterate alpha-beta deeper and deeper until the time
//! budget is spent, with a transposition table kept between moves, threat-count move
//! ordering and the evaluator at the leaves. A depth that reaches the end of the game in
//! every line is exact.
//!
//! The engine is split by job, as Stockfish and Viridithas split theirs: this file holds
//! the searcher, its settings and the iterative deepening; `root` the policy of a move (the
//! moves it never needs to search, the exact solve before or beside the search); `time` the
//! budget of a move and when the deepening stops; `negamax` the tree of one iteration and
//! its move ordering ([`OrderingWeights`]).

mod negamax;
mod root;
mod time;

pub use negamax::{OrderingWeights, TABLE_MOVE_BONUS, THREAT_WEIGHT};
pub use root::SOLVER_MIN_DISCS;
pub use time::{
    DEFAULT_ENGINE_TIME, SCORE_KNOWN_SHARE_PERCENT, SEARCH_FLOOR, SOLVER_SHARE_PERCENT,
    WITHIN_REACH_EMPTY_CELLS, WITHIN_REACH_SHARE_PERCENT,
};

use super::node_counter::NodeCounter;
use super::pv::PvTable;
use super::transposition_table::{DEFAULT_TT_BITS, TranspositionTable};
use super::{MoveReport, MoveValue, SearchValue};
use c4_core::{Column, Geometry, Player, Position, Standard};
use c4_eval::Evaluator;
use c4_solver::clock::Instant;
use c4_solver::{Cancel, ScoreStore, Solver};
use std::sync::Arc;
use std::time::Duration;
use time::{CLOCK_INTERVAL, MoveClock};

/// Settings of the engine: its budget, its tables, its solver and its move ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Time budget per move.
    pub time: Duration,
    /// Optional cap on the iterative-deepening depth.
    pub max_depth: Option<u32>,
    /// Try an exact solve before searching heuristically.
    pub use_solver: bool,
    /// log2 of the heuristic table's entries.
    pub table_bits: u32,
    /// log2 of the solver table's entries.
    pub solver_table_bits: u32,
    /// The threads of the exact solve, and whether it runs before the search or beside it.
    pub solver_threads: SolverThreads,
    /// How a node's moves are ranked before they are searched.
    pub ordering: OrderingWeights,
}

/// How an exact solve shares a move with the heuristic search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverThreads {
    /// The solve first, on this many threads (at least one) searching one table together,
    /// within its share of the budget (see [`SOLVER_SHARE_PERCENT`] and the shares after
    /// it); then, if it gave up, the heuristic search on one thread for the rest.
    First(usize),
    /// The solve on this many threads (at least one) beside the heuristic search on one
    /// more, both for the whole budget: the solve's move is played when it finishes in time.
    Beside(usize),
}

impl SolverThreads {
    /// The threads a solve gets when it runs alone (a forced move's, or the solve first).
    #[must_use]
    pub fn alone(self) -> usize {
        match self {
            SolverThreads::First(n) => n.max(1),
            SolverThreads::Beside(n) => n.max(1) + 1,
        }
    }
}

/// log2 of the solver table's entries by default: 2^22 slots, 32 MiB.
pub const DEFAULT_SOLVER_TABLE_BITS: u32 = 22;

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            time: DEFAULT_ENGINE_TIME,
            max_depth: None,
            use_solver: true,
            table_bits: DEFAULT_TT_BITS,
            solver_table_bits: DEFAULT_SOLVER_TABLE_BITS,
            solver_threads: SolverThreads::First(1),
            ordering: OrderingWeights::default(),
        }
    }
}

/// The engine over evaluator `E` on boards of geometry `G` (7x6 by default). Keep one per
/// game: both tables carry over between moves.
pub struct EngineSearch<E: Evaluator<G>, G: Geometry = Standard> {
    evaluator: E,
    config: EngineConfig,
    geometry: G,
    table: TranspositionTable,
    solver: Option<Solver<G>>,
    root_player: Player,
    counter: NodeCounter<CLOCK_INTERVAL>,
    pv: PvTable,
}

/// What one finished iteration of the deepening found.
struct Iteration {
    column: Column,
    value: SearchValue,
    depth: u32,
    pv: Vec<Column>,
}

impl<E: Evaluator> EngineSearch<E> {
    /// An engine on the standard board; allocates its tables.
    pub fn new(evaluator: E, config: EngineConfig) -> Self {
        EngineSearch::new_in(evaluator, config, Standard)
    }
}

impl<E: Evaluator<G>, G: Geometry> EngineSearch<E, G> {
    /// An engine on boards of `geometry`; allocates its tables.
    pub fn new_in(evaluator: E, config: EngineConfig, geometry: G) -> Self {
        EngineSearch {
            evaluator,
            config,
            geometry,
            table: TranspositionTable::new(config.table_bits),
            solver: config.use_solver.then(|| {
                let mut solver = Solver::new_in(config.solver_table_bits, geometry);
                solver.set_threads(config.solver_threads.alone());
                solver
            }),
            root_player: Player::Red,
            counter: NodeCounter::new(),
            pv: PvTable::new(),
        }
    }

    /// Uses `book` in its exact solves, and plays the book's move wherever the book scores
    /// every move (no book: every solve searches). A book of another size than the board's
    /// is not kept (see `Solver::set_book`).
    pub fn set_book(&mut self, book: Option<Arc<dyn ScoreStore>>) {
        if let Some(solver) = &mut self.solver {
            solver.set_book(book);
        }
    }

    /// Stops the searches and solves early when `cancel` is given (as at the time limit).
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        if let Some(solver) = &mut self.solver {
            solver.set_cancel(cancel.clone());
        }
        self.counter.set_cancel(cancel);
    }

    /// Sets the time budget of the next moves.
    pub fn set_time(&mut self, time: Duration) {
        self.config.time = time;
    }

    /// Forgets everything learnt (a new game against a different opponent, say).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(solver) = &mut self.solver {
            solver.reset();
        }
    }

    /// Chooses a move in `position` (not over). The root itself is never evaluated, so the
    /// move that led to it does not matter; children get their own last move.
    ///
    /// With [`SolverThreads::First`] an exact solve on all its threads gets the first share
    /// of the budget (from [`SOLVER_SHARE_PERCENT`] up to [`SCORE_KNOWN_SHARE_PERCENT`], as
    /// the position and the solve's progress decide) and the heuristic search the rest. With
    /// [`SolverThreads::Beside`] the solve runs on its threads beside the heuristic search,
    /// both for the whole budget: the solve's move is played when it finishes in time, the
    /// heuristic search's otherwise.
    pub fn choose(&mut self, position: &Position<G>) -> MoveReport {
        self.choose_excluding(position, &[])
    }

    /// Starts the search of a move: its clock, its counter, its table generation.
    fn start_move(&mut self, position: &Position<G>) -> MoveClock {
        let clock = MoveClock::start(self.config.time);
        self.counter.start(0, Some(clock.deadline()));
        self.root_player = position.side_to_move();
        self.evaluator.start_search();
        self.table.new_generation();
        clock
    }

    /// Iterative deepening over `candidates` until the time is spent (see
    /// [`MoveClock::next_iteration_fits`]), the depth cap is reached or a depth settles the
    /// game. Beside a solve the move lasts until the solve finishes or gives up at the
    /// deadline anyway, so the search goes on until then.
    fn deepen(
        &mut self,
        position: &Position<G>,
        candidates: &[Column],
        clock: &MoveClock,
    ) -> MoveReport {
        let search_start = Instant::now();
        let remaining = self.geometry.cells() as u32 - position.moves_played();
        let max_depth = self
            .config
            .max_depth
            .unwrap_or(remaining)
            .clamp(1, remaining);
        let mut best: Option<Iteration> = None;
        let mut previous_best = None;
        for depth in 1..=max_depth {
            let (column, value) = self.search_root(position, candidates, depth, previous_best);
            if self.counter.stopped() {
                break;
            }
            previous_best = Some(column);
            best = Some(Iteration {
                column,
                value,
                depth,
                pv: self.pv.root_line(),
            });
            // A proven result, or the whole game searched: deeper cannot change it.
            if value.is_decisive() || depth >= remaining {
                break;
            }
            if !self.counter.runs_beside_another() && !clock.next_iteration_fits(search_start) {
                break;
            }
        }
        let Iteration {
            column,
            value,
            depth,
            pv,
        } = best.unwrap_or_else(|| Iteration {
            column: candidates
                .iter()
                .copied()
                .min_by_key(|c| c.distance_from_center_in(self.geometry.size()))
                .expect("non-empty"),
            value: SearchValue::ZERO,
            depth: 0,
            pv: vec![],
        });
        let note = if depth >= remaining {
            Some("searched to the end of the game: exact".to_owned())
        } else if self.counter.stopped() {
            Some(format!("depth {} cut by the time limit", depth + 1))
        } else {
            None
        };
        MoveReport {
            depth,
            nodes: self.counter.nodes(),
            time: clock.elapsed(),
            pv: if pv.is_empty() { vec![column] } else { pv },
            note,
            ..MoveReport::new(column, MoveValue::Heuristic(value), position.moves_played())
        }
    }
}
