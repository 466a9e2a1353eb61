//! The parallel drivers: several threads searching one shared table, on one position (lazy
//! SMP) or on several (an analysis's columns).

use super::{ExactScore, SolveError, SolveLimits, SolveStats, Solver};
use crate::clock::Instant;
use c4_core::{Geometry, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One position of [`Solver::solve_each`] spread over threads.
struct Job<G: Geometry> {
    position: Position<G>,
    /// Set once a thread has its score (or the whole solve failed): it stops the others.
    done: Arc<AtomicBool>,
    score: Mutex<Option<ExactScore>>,
    /// Threads searching it now.
    searching: AtomicUsize,
}

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
        let mut helpers = self.helpers(threads);
        for helper in &mut helpers {
            helper.stop = Some(Arc::clone(&stop));
        }
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

    /// `threads - 1` solvers beside this one on its table, each probing its own null
    /// windows ([`Solver::with_table`]'s variants), with its book and cancel.
    fn helpers(&self, threads: usize) -> Vec<Solver<G>> {
        (1..threads)
            .map(|variant| {
                let mut helper =
                    Solver::with_table(Arc::clone(&self.table), variant, self.geometry);
                helper.book.clone_from(&self.book);
                helper.cancel.clone_from(&self.cancel);
                helper
            })
            .collect()
    }

    /// The exact scores of `positions` (none over; `weak`: their signs), in order, within
    /// the limits for all of them together; a failure (a limit reached, a cancel) stops
    /// every solve still under way, and the positions solved by then keep their scores. On
    /// one thread, one after another. With several, spread over the threads on the shared
    /// table: each thread takes the next position no thread has taken, and once none is
    /// left joins the position fewest threads are searching, with its own null windows as
    /// in a parallel solve, until every one is solved. So no thread idles while a costly
    /// position is searched, whichever comes last.
    pub fn solve_each(
        &mut self,
        positions: &[Position<G>],
        weak: bool,
        limits: SolveLimits,
    ) -> EachSolved {
        let start = Instant::now();
        if self.threads == 1 || positions.len() <= 1 {
            let mut solved = EachSolved {
                scores: vec![None; positions.len()],
                stats: SolveStats::default(),
                failure: None,
            };
            for (position, score) in positions.iter().zip(&mut solved.scores) {
                let left = limits.left_after(solved.stats.nodes, start.elapsed());
                match self.solve_within(position, weak, left) {
                    Ok((found, stats)) => {
                        *score = Some(found);
                        solved.stats.nodes += stats.nodes;
                    }
                    Err(error) => {
                        solved.stats.nodes += self.nodes;
                        solved.failure = Some(error);
                        break;
                    }
                }
            }
            solved.stats.time = start.elapsed();
            return solved;
        }
        let jobs: Vec<Job<G>> = positions
            .iter()
            .map(|&position| Job {
                position,
                done: Arc::new(AtomicBool::new(false)),
                score: Mutex::new(None),
                searching: AtomicUsize::new(0),
            })
            .collect();
        let shared = Shared {
            jobs: &jobs,
            next: AtomicUsize::new(0),
            nodes: AtomicU64::new(0),
            failure: Mutex::new(None),
            weak,
            limits,
            start,
        };
        let mut helpers = self.helpers(self.threads);
        std::thread::scope(|scope| {
            // A helper the system gives no thread to is left out: this thread alone still
            // solves every position.
            for helper in &mut helpers {
                let shared = &shared;
                let _ = std::thread::Builder::new()
                    .spawn_scoped(scope, move || helper.work_through(shared));
            }
            self.work_through(&shared);
        });
        EachSolved {
            scores: jobs
                .iter()
                .map(|job| *job.score.lock().unwrap_or_else(|e| e.into_inner()))
                .collect(),
            stats: SolveStats {
                nodes: shared.nodes.into_inner(),
                time: start.elapsed(),
            },
            failure: shared
                .failure
                .into_inner()
                .unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// One thread's share of [`solve_each`](Self::solve_each).
    fn work_through(&mut self, shared: &Shared<'_, G>) {
        let jobs = shared.jobs;
        while !shared.has_failed() {
            let taken = shared.next.fetch_add(1, Ordering::Relaxed);
            let job = match jobs.get(taken) {
                Some(job) => job,
                None => match jobs
                    .iter()
                    .filter(|job| !job.done.load(Ordering::Relaxed))
                    .min_by_key(|job| job.searching.load(Ordering::Relaxed))
                {
                    Some(job) => job,
                    None => break,
                },
            };
            job.searching.fetch_add(1, Ordering::Relaxed);
            self.stop = Some(Arc::clone(&job.done));
            let left = shared
                .limits
                .left_after(shared.nodes.load(Ordering::Relaxed), shared.start.elapsed());
            let result = self.solve_single(&job.position, shared.weak, left);
            shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
            job.searching.fetch_sub(1, Ordering::Relaxed);
            match result {
                Ok((score, _)) => {
                    job.score
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(score);
                    job.done.store(true, Ordering::Relaxed);
                }
                // Another thread solved it first and stopped this one.
                Err(_) if job.done.load(Ordering::Relaxed) => {}
                // A limit or a cancel: every thread stops, and the solve fails.
                Err(error) => {
                    shared
                        .failure
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(error);
                    for job in jobs {
                        job.done.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
        self.stop = None;
    }
}

/// What [`Solver::solve_each`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EachSolved {
    /// Each position's score, in order: `None` where a failure stopped its solve.
    pub scores: Vec<Option<ExactScore>>,
    /// Every thread's nodes, and the wall time.
    pub stats: SolveStats,
    /// Why a position has no score, if one has none.
    pub failure: Option<SolveError>,
}

/// What the threads of one [`Solver::solve_each`] share.
struct Shared<'a, G: Geometry> {
    jobs: &'a [Job<G>],
    /// The next job no thread has taken.
    next: AtomicUsize,
    nodes: AtomicU64,
    /// The first failure: once there is one, no thread takes another position.
    failure: Mutex<Option<SolveError>>,
    weak: bool,
    limits: SolveLimits,
    start: Instant,
}

impl<G: Geometry> Shared<'_, G> {
    fn has_failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }
}
