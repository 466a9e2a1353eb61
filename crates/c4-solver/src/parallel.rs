//! The parallel driver: several threads searching one shared table (lazy SMP).

use super::{ExactScore, SolveError, SolveLimits, SolveStats, Solver};
use crate::clock::Instant;
use c4_core::{Geometry, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

impl<G: Geometry> Solver<G> {
    /// The exact score of `position` (`weak`: its sign) from several threads searching
    /// the same tree on one shared table (lazy SMP): each helper probes the root with other
    /// null windows than the main thread's (see [`ProbeOrder`], and `docs/solver.md` for how
    /// the orders compare), and the bounds any thread stores cut the others' work. The first thread to finish gives the
    /// answer; the others stop. `nodes` counts every thread's.
    pub(super) fn solve_parallel(
        &mut self,
        position: &Position<G>,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(ExactScore, SolveStats), SolveError> {
        let threads = self.threads;
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut helpers: Vec<Solver<G>> = (1..threads)
            .map(|variant| {
                let mut helper =
                    Solver::with_table(Arc::clone(&self.table), variant, self.geometry);
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
}
