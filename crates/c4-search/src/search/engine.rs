//! The `engine` player: the strongest practical searcher of c4.
//!
//! Per move: take a win in one; otherwise keep only moves that do not hand the opponent a
//! win in one (Pons' non-losing moves: a forced block is the only move, and no disc goes
//! directly below an opponent's winning cell); try to solve the position exactly and play
//! perfectly if that succeeds: with one thread first, within part of the budget and only
//! when few enough cells are empty, with two or more on the other threads while this one
//! searches heuristically; otherwise iterate alpha-beta deeper and deeper until the time
//! budget is spent, with a transposition table kept between moves, threat-count move
//! ordering and the evaluator at the leaves. A depth that reaches the end of the game in
//! every line is exact.

use super::transposition_table::{Bound, TranspositionTable};
use super::{INFINITY, MAX_PLY, MoveReport, MoveValue, PvTable, WIN, decisive_plies, win_in};
use crate::eval::{Evaluator, MAX_HEURISTIC};
use c4_core::bitboard::winning_cells;
use c4_core::{Bitboard, CELLS, Column, Player, Position, WIDTH};
use c4_solver::clock::Instant;
use c4_solver::{Cancel, OpeningBook, SolveLimits, Solver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Settings of the engine.
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
    /// Threads per exact solve.
    pub solver_threads: usize,
}

/// Default budget: the ShanghaiTech report's 500 ms per move.
pub const DEFAULT_ENGINE_TIME: Duration = Duration::from_millis(500);
/// With one thread: the share of the budget given to the exact solve, in percent.
pub const SOLVER_SHARE_PERCENT: u32 = 50;
/// With one thread: below this many discs the exact solve is not tried (it would
/// not finish without a book, and its time would be lost to the heuristic search).
pub const SOLVER_MIN_DISCS: u32 = 8;
/// The deepening starts another iteration while the time left is at least this many times
/// the time it has spent: the next iteration costs one to two times all those before it
/// (the table's move and threat ordering keep the effective branching factor near 2-3),
/// and one cut at the deadline costs nothing but time, the deeper finished one being kept.
const NEXT_ITERATION_COST: u32 = 1;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 1 << 11;

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            time: DEFAULT_ENGINE_TIME,
            max_depth: None,
            use_solver: true,
            table_bits: super::transposition_table::DEFAULT_TT_BITS,
            solver_table_bits: 22,
            solver_threads: 1,
        }
    }
}

/// The engine over evaluator `E`. Keep one per game: both tables carry over between moves.
pub struct EngineSearch<E: Evaluator> {
    evaluator: E,
    config: EngineConfig,
    table: TranspositionTable,
    solver: Option<Solver>,
    root_player: Player,
    nodes: u64,
    deadline: Instant,
    aborted: bool,
    /// Set when a solve running beside the heuristic search has finished.
    solved: Option<Arc<AtomicBool>>,
    /// Given by the caller to stop early.
    cancel: Option<Cancel>,
    pv: PvTable,
}

impl<E: Evaluator> EngineSearch<E> {
    /// An engine; allocates its tables.
    pub fn new(evaluator: E, config: EngineConfig) -> Self {
        EngineSearch {
            evaluator,
            config,
            table: TranspositionTable::new(config.table_bits),
            solver: config.use_solver.then(|| {
                let mut solver = Solver::new(config.solver_table_bits);
                solver.set_threads(config.solver_threads);
                solver
            }),
            root_player: Player::Red,
            nodes: 0,
            deadline: Instant::now(),
            aborted: false,
            solved: None,
            cancel: None,
            pv: PvTable::new(),
        }
    }

    /// Uses `book` in its exact solves, and plays the book's move wherever the book scores
    /// every move (no book: every solve searches).
    pub fn set_book(&mut self, book: Option<Arc<OpeningBook>>) {
        if let Some(solver) = &mut self.solver {
            solver.set_book(book);
        }
    }

    /// Stops the searches and solves early when `cancel` is given (as at the time limit).
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        if let Some(solver) = &mut self.solver {
            solver.set_cancel(cancel.clone());
        }
        self.cancel = cancel;
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
    /// With one thread an exact solve gets the first `SOLVER_SHARE_PERCENT` of the budget and
    /// the heuristic search the rest. With `solver_threads` = N >= 2 the solve runs on N - 1
    /// threads beside the heuristic search, both for the whole budget: the solve's move is
    /// played when it finishes in time, the heuristic search's otherwise.
    pub fn choose(&mut self, position: &Position) -> MoveReport {
        self.choose_excluding(position, &[])
    }

    /// [`EngineSearch::choose`], leaving out the columns of `worse` (a solve proved them below
    /// the position's score) unless nothing else is left.
    pub fn choose_excluding(&mut self, position: &Position, worse: &[Column]) -> MoveReport {
        MoveReport {
            ply: position.moves_played(),
            ..self.choose_move(position, worse)
        }
    }

    /// [`EngineSearch::choose_excluding`]'s move, its report's `ply` left for it to set.
    fn choose_move(&mut self, position: &Position, worse: &[Column]) -> MoveReport {
        let start = Instant::now();
        self.deadline = start + self.config.time;
        self.nodes = 0;
        self.aborted = false;
        self.root_player = position.side_to_move();
        self.evaluator.start_search();
        self.table.new_generation();

        let legal: Vec<Column> = position.legal_moves().collect();
        if let Some(&win) = legal.iter().find(|&&c| position.is_winning_move(c)) {
            let mut won = report(win, win_in(1), 1, 1, start, vec![win], Some("wins at once"));
            if self.solver.is_some() {
                // As exact as a solve: the score in the solver's convention.
                won.score = MoveValue::exact(c4_solver::win_now_score(position));
            }
            return won;
        }
        if let Some((column, score)) = self.solver.as_ref().and_then(|s| s.book_move(position)) {
            let mut report = exact_report(position, column, score, 0, start);
            report.note = Some("from the opening book: perfect play".to_owned());
            return report;
        }
        let (current, occupied) = position.raw();
        let safe = position.non_losing_moves().0;
        let mut candidates: Vec<Column> = legal
            .iter()
            .copied()
            .filter(|c| safe & Bitboard::column(*c).0 != 0)
            .collect();
        leave_out(&mut candidates, worse);
        if candidates.len() <= 1
            && let Ok(exact) = self.try_exact(position, start)
        {
            // A forced move, but the solver also knows how the game ends.
            return exact;
        }
        if candidates.is_empty() {
            // Every move loses at once: delay as well as possible by blocking one threat.
            let threats = winning_cells(current ^ occupied, occupied) & position.playable_cells().0;
            let column = legal
                .iter()
                .copied()
                .find(|c| threats & Bitboard::column(*c).0 != 0)
                .unwrap_or(legal[0]);
            return report(
                column,
                -win_in(2),
                2,
                1,
                start,
                vec![column],
                Some("every move loses"),
            );
        }
        if candidates.len() == 1 {
            let column = candidates[0];
            let note = if legal.len() > 1 {
                "the only move that does not lose at once"
            } else {
                "the only legal move"
            };
            return report(column, 0, 0, 1, start, vec![column], Some(note));
        }

        if self.config.solver_threads >= 2 {
            // From the first move: a solve that does not finish costs the heuristic search
            // nothing, and its bounds stay in the solver's table for the next moves.
            if let Some(solver) = self.solver.take() {
                return self.solve_beside_search(solver, position, &candidates, start);
            }
        } else {
            match self.try_exact(position, start) {
                Ok(exact) => return exact,
                // The probes that finished before the solve gave up are not thrown away.
                Err(proven_worse) => leave_out(&mut candidates, &proven_worse),
            }
        }
        self.deepen(position, &candidates, start)
    }

    /// Runs `solver` on the other threads while this one deepens the heuristic search; the
    /// solver is put back for the next move.
    fn solve_beside_search(
        &mut self,
        mut solver: Solver,
        position: &Position,
        candidates: &[Column],
        start: Instant,
    ) -> MoveReport {
        let solved = Arc::new(AtomicBool::new(false));
        self.solved = Some(Arc::clone(&solved));
        // The heuristic search keeps this thread, so the solve gets the other N - 1; alone
        // (a forced move's `try_exact`) it has all N, restored below.
        solver.set_threads(self.config.solver_threads - 1);
        let limits = SolveLimits {
            nodes: None,
            time: Some(self.deadline.saturating_duration_since(Instant::now())),
        };
        let (exact, heuristic) = std::thread::scope(|scope| {
            let solving = std::thread::Builder::new().spawn_scoped(scope, || {
                let result = solver.best_move(position, limits);
                if result.is_ok() {
                    solved.store(true, Ordering::Relaxed);
                }
                result
            });
            let heuristic = self.deepen(position, candidates, start);
            // No thread for the solve (the system is out of them): the heuristic move.
            let exact = match solving {
                Ok(handle) => handle.join().expect("the solver thread does not panic"),
                Err(_) => Err(c4_solver::SolveError::LimitReached),
            };
            (exact, heuristic)
        });
        solver.set_threads(self.config.solver_threads);
        self.solver = Some(solver);
        self.solved = None;
        match exact {
            Ok((best, score, stats)) => {
                exact_report(position, best, score, stats.nodes + heuristic.nodes, start)
            }
            Err(_) => MoveReport {
                // The move took until the solve gave up.
                time: start.elapsed(),
                ..heuristic
            },
        }
    }

    /// Iterative deepening over `candidates` until the deadline. Whatever ran before it in
    /// this move (a solve that gave up) does not count against it: its stop rule compares
    /// its own time with the time left, so it spends all of what is left.
    fn deepen(&mut self, position: &Position, candidates: &[Column], start: Instant) -> MoveReport {
        let search_start = Instant::now();
        let remaining = CELLS as u32 - position.moves_played();
        let max_depth = self
            .config
            .max_depth
            .unwrap_or(remaining)
            .clamp(1, remaining);
        let mut best: Option<(Column, i32, u32, Vec<Column>)> = None;
        let mut previous_best = None;
        for depth in 1..=max_depth {
            let (column, value) = self.search_root(position, candidates, depth, previous_best);
            if self.aborted {
                break;
            }
            previous_best = Some(column);
            best = Some((column, value, depth, self.pv.root_line()));
            // A proven result, or the whole game searched: deeper cannot change it.
            if decisive_plies(value).is_some() || depth >= remaining {
                break;
            }
            // Alone, do not start an iteration that has no chance to finish in the time
            // left. Beside a solve the move lasts until the solve finishes or gives up at
            // the deadline anyway, so the search goes on until then.
            let spent = search_start.elapsed();
            let left = self.deadline.saturating_duration_since(Instant::now());
            if self.solved.is_none() && spent * NEXT_ITERATION_COST > left {
                break;
            }
        }
        let (column, value, depth, pv) = best.unwrap_or_else(|| {
            (
                candidates
                    .iter()
                    .copied()
                    .min_by_key(|c| c.distance_from_center())
                    .expect("non-empty"),
                0,
                0,
                vec![],
            )
        });
        let pv = if pv.is_empty() { vec![column] } else { pv };
        let note = if depth >= remaining {
            Some("searched to the end of the game: exact".to_owned())
        } else if self.aborted {
            Some(format!("depth {} cut by the time limit", depth + 1))
        } else {
            None
        };
        report(column, value, depth, self.nodes, start, pv, note.as_deref())
    }

    /// Solves the position within part of the budget: the best move on success, else the
    /// columns the solve proved worse than the position's score before it gave up.
    fn try_exact(
        &mut self,
        position: &Position,
        start: Instant,
    ) -> Result<MoveReport, Vec<Column>> {
        let Some(solver) = self.solver.as_mut() else {
            return Err(Vec::new());
        };
        if position.moves_played() < SOLVER_MIN_DISCS {
            return Err(Vec::new());
        }
        let budget = self.config.time * SOLVER_SHARE_PERCENT / 100;
        let limits = SolveLimits {
            nodes: None,
            time: Some(budget),
        };
        match solver.best_move_or_worse(position, limits) {
            Ok((best, score, stats)) => Ok(exact_report(position, best, score, stats.nodes, start)),
            Err(gave_up) => Err(gave_up.worse),
        }
    }

    fn search_root(
        &mut self,
        position: &Position,
        candidates: &[Column],
        depth: u32,
        previous_best: Option<Column>,
    ) -> (Column, i32) {
        self.pv.clear(0);
        let mut order: Vec<Column> = candidates.to_vec();
        order.sort_by_key(|c| c.distance_from_center());
        if let Some(first) = previous_best {
            order.retain(|c| *c != first);
            order.insert(0, first);
        }
        let mut alpha = -INFINITY;
        let mut best = order[0];
        for column in order {
            let mut child = *position;
            child.play_unchecked(column);
            let value = -self.negamax(&child, depth - 1, 1, -INFINITY, -alpha, Some(column));
            if self.aborted {
                break;
            }
            if value > alpha {
                alpha = value;
                best = column;
                self.pv.update(0, column);
            }
        }
        (best, alpha)
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        last_move: Option<Column>,
    ) -> i32 {
        self.nodes += 1;
        self.pv.clear(ply);
        if self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && (Instant::now() >= self.deadline
                || self
                    .solved
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed))
                || self.cancel.as_ref().is_some_and(Cancel::is_cancelled))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        // The parent never plays a move that lets us win at once unless it had no choice.
        if position.can_win_next() {
            return win_in(ply as u32 + 1);
        }
        if position.moves_played() as usize >= CELLS - 1 {
            return 0; // the last disc cannot win here: we just checked
        }
        let (current, occupied) = position.raw();
        let next = position.non_losing_moves().0;
        if next == 0 {
            return -win_in(ply as u32 + 2);
        }
        if depth == 0 || ply >= MAX_PLY - 2 {
            let value = self
                .evaluator
                .evaluate(position, self.root_player, last_move)
                .clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
            return if position.side_to_move() == self.root_player {
                value
            } else {
                -value
            };
        }
        let key = position.key();
        let alpha_orig = alpha;
        let mut tt_best = u8::MAX;
        if let Some(entry) = self.table.probe(key) {
            tt_best = entry.best;
            if u32::from(entry.depth) >= depth {
                let value = from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return value,
                    Bound::Lower => alpha = alpha.max(value),
                    Bound::Upper => beta = beta.min(value),
                    Bound::None => {}
                }
                if alpha >= beta {
                    return value;
                }
            }
        }
        // Order: table move, then by winning cells created, then centre first.
        let mut moves = [(0u32, Column::ALL[0]); WIDTH];
        let mut count = 0;
        for (rank, column) in Column::CENTER_FIRST.into_iter().enumerate() {
            let cell = next & Bitboard::column(column).0;
            if cell == 0 {
                continue;
            }
            let threats = winning_cells(current | cell, occupied).count_ones();
            let table_bonus = if column.index() as u8 == tt_best {
                1000
            } else {
                0
            };
            moves[count] = (table_bonus + threats * 16 + (WIDTH - rank) as u32, column);
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut best = -INFINITY;
        let mut best_move = None;
        for &(_, column) in moves.iter() {
            let mut child = *position;
            child.play_unchecked(column);
            let value = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, Some(column));
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(column.index() as u8);
            }
            if value > alpha {
                alpha = value;
                self.pv.update(ply, column);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha_orig {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table
            .store(key, to_table(best, ply), depth, bound, best_move);
        best
    }
}

/// Removes the columns of `worse` from `candidates`, unless that would leave none.
fn leave_out(candidates: &mut Vec<Column>, worse: &[Column]) {
    if candidates.iter().any(|c| !worse.contains(c)) {
        candidates.retain(|c| !worse.contains(c));
    }
}

/// Win scores are stored relative to the node, not the root, so they stay right when the
/// same position is reached at another ply or in a later move.
fn to_table(value: i32, ply: usize) -> i32 {
    if value > WIN - MAX_PLY as i32 {
        value + ply as i32
    } else if value < -(WIN - MAX_PLY as i32) {
        value - ply as i32
    } else {
        value
    }
}

fn from_table(value: i32, ply: usize) -> i32 {
    if value > WIN - 2 * MAX_PLY as i32 {
        value - ply as i32
    } else if value < -(WIN - 2 * MAX_PLY as i32) {
        value + ply as i32
    } else {
        value
    }
}

/// The report of a move the solver found optimal, with its exact score.
fn exact_report(
    position: &Position,
    best: Column,
    score: i32,
    nodes: u64,
    start: Instant,
) -> MoveReport {
    let mut report = report(
        best,
        score,
        CELLS as u32 - position.moves_played(),
        nodes,
        start,
        vec![best],
        None,
    );
    report.score = MoveValue::exact(score);
    report.note = Some("solved exactly: perfect play".to_owned());
    report
}

fn report(
    column: Column,
    score: i32,
    depth: u32,
    nodes: u64,
    start: Instant,
    pv: Vec<Column>,
    note: Option<&str>,
) -> MoveReport {
    MoveReport {
        column,
        score: MoveValue::heuristic(score),
        depth,
        nodes,
        time: start.elapsed(),
        pv,
        note: note.map(str::to_owned),
        ply: 0,
    }
}
