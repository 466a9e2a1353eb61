//! The policy of a move: what the root settles without a search (a win at once, the book's
//! move, a forced or hopeless move), and the exact solve, tried before the heuristic search
//! on all its threads or run beside it on the others.

use super::time::{MoveClock, SolveProgress};
use super::{EngineSearch, MoveReport, MoveValue, SearchValue, SolverThreads};
use c4_core::{Column, Geometry, Position};
use c4_eval::Evaluator;
use c4_solver::{ExactScore, SolveError, Solver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// With the solve first: below this many discs the exact solve is not tried (it would
/// not finish without a book, and its time would be lost to the heuristic search).
pub const SOLVER_MIN_DISCS: u32 = 8;

impl<E: Evaluator<G>, G: Geometry> EngineSearch<E, G> {
    /// [`EngineSearch::choose`], leaving out the columns of `worse` (a solve proved them below
    /// the position's score) unless nothing else is left.
    pub fn choose_excluding(&mut self, position: &Position<G>, worse: &[Column]) -> MoveReport {
        MoveReport {
            size: position.size(),
            ..self.decide(position, worse)
        }
    }

    /// The move of [`choose_excluding`](Self::choose_excluding), its report's size left to it.
    fn decide(&mut self, position: &Position<G>, worse: &[Column]) -> MoveReport {
        let clock = self.start_move(position);
        let ply = position.moves_played();
        let legal: Vec<Column> = position.legal_moves().collect();
        if let Some(&win) = legal.iter().find(|&&c| position.is_winning_move(c)) {
            let score = if self.solver.is_some() {
                // As exact as a solve: the score in the solver's convention.
                MoveValue::exact(ExactScore::win_now_in(position))
            } else {
                MoveValue::Heuristic(SearchValue::win_in(1))
            };
            return MoveReport {
                depth: 1,
                nodes: 1,
                time: clock.elapsed(),
                note: Some("wins at once".to_owned()),
                ..MoveReport::new(win, score, ply)
            };
        }
        if let Some((column, score)) = self.solver.as_ref().and_then(|s| s.book_move(position)) {
            let note = "from the opening book: perfect play";
            return exact_report(position, column, score, 0, &clock, note);
        }
        let safe = position.non_losing_moves().0;
        let mut candidates: Vec<Column> = legal
            .iter()
            .copied()
            .filter(|c| safe & self.geometry.column_mask(*c) != 0)
            .collect();
        leave_out(&mut candidates, worse);
        if candidates.len() <= 1
            && let Ok(exact) = self.try_exact(position, &clock)
        {
            // A forced move, but the solver also knows how the game ends.
            return exact;
        }
        if candidates.is_empty() {
            // Every move loses at once: delay as well as possible by blocking one threat.
            let (current, occupied) = position.raw();
            let threats = self.geometry.winning_cells(current ^ occupied, occupied)
                & position.playable_cells().0;
            let column = legal
                .iter()
                .copied()
                .find(|c| threats & self.geometry.column_mask(*c) != 0)
                .unwrap_or(legal[0]);
            return MoveReport {
                depth: 2,
                nodes: 1,
                time: clock.elapsed(),
                note: Some("every move loses".to_owned()),
                ..MoveReport::new(column, MoveValue::Heuristic(SearchValue::loss_in(2)), ply)
            };
        }
        if candidates.len() == 1 {
            let column = candidates[0];
            let note = if legal.len() > 1 {
                "the only move that does not lose at once"
            } else {
                "the only legal move"
            };
            // Chosen without a search: no value is claimed for it.
            return MoveReport {
                nodes: 1,
                time: clock.elapsed(),
                note: Some(note.to_owned()),
                ..MoveReport::new(column, MoveValue::Unscored, ply)
            };
        }

        if let SolverThreads::Beside(threads) = self.config.solver_threads {
            // From the first move: a solve that does not finish costs the heuristic search
            // nothing, and its bounds stay in the solver's table for the next moves.
            if let Some(solver) = self.solver.take() {
                return self.solve_beside_search(solver, threads, position, &candidates, &clock);
            }
        } else {
            match self.try_exact(position, &clock) {
                Ok(exact) => return exact,
                // The probes that finished before the solve gave up are not thrown away.
                Err(proven_worse) => leave_out(&mut candidates, &proven_worse),
            }
        }
        self.deepen(position, &candidates, &clock)
    }

    /// Runs `solver` on `threads` other threads while this one deepens the heuristic search;
    /// the solver is put back for the next move.
    fn solve_beside_search(
        &mut self,
        mut solver: Solver<G>,
        threads: usize,
        position: &Position<G>,
        candidates: &[Column],
        clock: &MoveClock,
    ) -> MoveReport {
        let solved = Arc::new(AtomicBool::new(false));
        self.counter.set_moot(Some(Arc::clone(&solved)));
        // The heuristic search keeps this thread, so the solve gets the others; alone (a
        // forced move's `try_exact`) it has one more, restored below.
        solver.set_threads(threads);
        let limits = clock.until_deadline();
        let (exact, heuristic) = std::thread::scope(|scope| {
            let solving = std::thread::Builder::new().spawn_scoped(scope, || {
                let result = solver.best_move(position, limits);
                if result.is_ok() {
                    solved.store(true, Ordering::Relaxed);
                }
                result
            });
            let heuristic = self.deepen(position, candidates, clock);
            // No thread for the solve (the system is out of them): the heuristic move.
            let exact = match solving {
                Ok(handle) => handle.join().expect("the solver thread does not panic"),
                Err(_) => Err(SolveError::LimitReached),
            };
            (exact, heuristic)
        });
        solver.set_threads(self.config.solver_threads.alone());
        self.solver = Some(solver);
        self.counter.set_moot(None);
        match exact {
            Ok((best, score, stats)) => {
                let nodes = stats.nodes + heuristic.nodes;
                exact_report(position, best, score, nodes, clock, SOLVED)
            }
            Err(_) => MoveReport {
                // The move took until the solve gave up.
                time: clock.elapsed(),
                ..heuristic
            },
        }
    }

    /// Solves the position within the solver's share of the budget, in two steps: the
    /// position's score within the share of a solve just started, then (the score's proof in
    /// the table) the move within the larger share of a known score (see
    /// [`solve_share`](super::time::solve_share)). The best move on success, else the columns
    /// the solve proved worse than the position's score before it gave up.
    fn try_exact(
        &mut self,
        position: &Position<G>,
        clock: &MoveClock,
    ) -> Result<MoveReport, Vec<Column>> {
        let Some(solver) = self.solver.as_mut() else {
            return Err(Vec::new());
        };
        if position.moves_played() < SOLVER_MIN_DISCS {
            return Err(Vec::new());
        }
        let empty = self.geometry.cells() as u32 - position.moves_played();
        let (_, score_stats) = solver
            .solve_within(
                position,
                false,
                clock.solver_share(empty, SolveProgress::Started),
            )
            .map_err(|_| Vec::new())?;
        let limits = clock.solver_share(empty, SolveProgress::ScoreKnown);
        match solver.best_move_or_worse(position, limits) {
            Ok((best, score, stats)) => Ok(exact_report(
                position,
                best,
                score,
                score_stats.nodes + stats.nodes,
                clock,
                SOLVED,
            )),
            Err(gave_up) => Err(gave_up.worse),
        }
    }
}

/// The note of a move a solve found.
const SOLVED: &str = "solved exactly: perfect play";

/// Removes the columns of `worse` from `candidates`, unless that would leave none.
fn leave_out(candidates: &mut Vec<Column>, worse: &[Column]) {
    if candidates.iter().any(|c| !worse.contains(c)) {
        candidates.retain(|c| !worse.contains(c));
    }
}

/// The report of `best`, a move the solver or the book found optimal, with its exact
/// `score`: searched to the end of the game.
fn exact_report<G: Geometry>(
    position: &Position<G>,
    best: Column,
    score: ExactScore,
    nodes: u64,
    clock: &MoveClock,
    note: &str,
) -> MoveReport {
    MoveReport {
        depth: position.size().cells() as u32 - position.moves_played(),
        nodes,
        time: clock.elapsed(),
        note: Some(note.to_owned()),
        ..MoveReport::new(best, MoveValue::exact(score), position.moves_played())
    }
}
