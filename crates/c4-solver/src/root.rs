//! The root: solves under limits, the score of each move, the best move, and the
//! null-window probes that bisect the score range.

use super::score::{best_solved_column_in, solved_preference};
use super::*;

impl Solver {
    /// The score of playing each column: `None` for a full one (on 7x6,
    /// [`analyze_columns`](Self::analyze_columns) as an array).
    pub fn analyze(
        &mut self,
        position: &Position,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<([Option<ExactScore>; WIDTH], SolveStats), SolveError> {
        let (scores, stats) = self.analyze_columns(position, weak, limits)?;
        Ok((std::array::from_fn(|i| scores[i]), stats))
    }
}

impl<G: Geometry> Solver<G> {
    /// The score, for the side to move in `position`, of playing `column` (which must be
    /// playable in a position that is not over).
    pub fn score_move(
        &mut self,
        position: &Position<G>,
        column: Column,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(ExactScore, SolveStats), SolveError> {
        let mut stats = SolveStats::default();
        let score = move_score(position, column, |child| {
            let (score, child_stats) = self.solve_within(child, weak, limits)?;
            stats = child_stats;
            Ok(score)
        })?;
        Ok((if weak { score.weak() } else { score }, stats))
    }

    /// The move [`best_solved_column`] would pick from [`analyze`](Self::analyze)'s scores,
    /// with its exact score, at less cost: the position is solved once, then the columns are
    /// tried in that function's order of preference and the first whose reply scores at
    /// most minus the position's score takes one null-window probe (its proof is mostly in
    /// the table from the solve already). The solve may use several threads; the probes
    /// run on this one.
    pub fn best_move(
        &mut self,
        position: &Position<G>,
        limits: SolveLimits,
    ) -> Result<(Column, ExactScore, SolveStats), SolveError> {
        self.best_move_or_worse(position, limits)
            .map_err(|gave_up| gave_up.error)
    }

    /// [`best_move`](Self::best_move), and when it gives up, the columns it had proven worse
    /// than the position's score by then: a search that decides instead can leave them out.
    pub fn best_move_or_worse(
        &mut self,
        position: &Position<G>,
        limits: SolveLimits,
    ) -> Result<(Column, ExactScore, SolveStats), GaveUp> {
        let nothing_proven = |error| GaveUp {
            error,
            worse: Vec::new(),
        };
        if position.is_over() {
            return Err(nothing_proven(SolveError::GameOver));
        }
        let start = Instant::now();
        if let Some((column, score)) = self.book_move(position) {
            return Ok((column, score, SolveStats::default()));
        }
        if position.can_win_next() {
            let column = solved_preference(self.geometry.size())
                .into_iter()
                .find(|c| position.can_play(*c) && position.is_winning_move(*c))
                .expect("a position that can win next has a winning column");
            return Ok((
                column,
                ExactScore::win_now_in(position),
                SolveStats::default(),
            ));
        }
        let (score, mut stats) = self
            .solve_within(position, false, limits)
            .map_err(nothing_proven)?;
        let mut worse = Vec::new();
        for column in solved_preference(self.geometry.size()) {
            if !position.can_play(column) {
                continue;
            }
            let mut child = *position;
            child.play_unchecked(column);
            let optimal = if child.is_over() {
                score.is_draw() // the last cell filled without a four
            } else if child.can_win_next() {
                -ExactScore::win_now_in(&child) == score
            } else {
                let remaining = limits.left_after(stats.nodes, start.elapsed());
                // The reply scores at most -score exactly when it is not above -score.
                let above = self
                    .probe(&child, -score, remaining)
                    .map_err(|error| GaveUp {
                        error,
                        worse: worse.clone(),
                    })?;
                stats.nodes += self.nodes;
                !above
            };
            if optimal {
                stats.time = start.elapsed();
                return Ok((column, score, stats));
            }
            worse.push(column);
        }
        // Unreachable for a correct solve (some move achieves the score); analysing every
        // column instead still gives the right move.
        let (scores, more) = self
            .analyze_columns(position, false, limits)
            .map_err(|error| GaveUp { error, worse })?;
        let (column, score) = best_solved_column_in(&scores, self.geometry.size())
            .expect("a position that is not over has a legal move");
        stats.nodes += more.nodes;
        stats.time = start.elapsed();
        Ok((column, score, stats))
    }

    /// The best move and its exact score when the book scores every move of `position`
    /// (a four at once, the last cell, or minus the book's score of the position after it):
    /// no search at all.
    #[must_use]
    pub fn book_move(&self, position: &Position<G>) -> Option<(Column, ExactScore)> {
        let book = self.book.as_ref()?;
        if position.is_over() || position.moves_played() > book.depth() {
            return None;
        }
        let size = self.geometry.size();
        let mut scores = [None; Size::MAX_WIDTH];
        for column in size.columns().filter(|c| position.can_play(*c)) {
            let score = move_score(position, column, |child| book.known(child).ok_or(()));
            scores[column.index()] = Some(score.ok()?);
        }
        best_solved_column_in(&scores[..size.width()], size)
    }

    pub(super) fn solve_single(
        &mut self,
        position: &Position<G>,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(ExactScore, SolveStats), SolveError> {
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
        position: &Position<G>,
        bound: ExactScore,
        limits: SolveLimits,
    ) -> Result<bool, SolveError> {
        self.arm(limits, Instant::now());
        let bound = bound.value();
        let above = self.negamax(position, bound, bound + 1) > bound;
        if self.aborted {
            Err(SolveError::LimitReached)
        } else {
            Ok(above)
        }
    }

    /// The score of playing each column of the board, left to right: `None` for a full one
    /// (on 7x6, what [`Solver::analyze`] gives as an array), from
    /// [`score_columns`](Self::score_columns).
    pub fn analyze_columns(
        &mut self,
        position: &Position<G>,
        weak: bool,
        limits: SolveLimits,
    ) -> Result<(Vec<Option<ExactScore>>, SolveStats), SolveError> {
        if position.is_over() {
            return Err(SolveError::GameOver);
        }
        let size = self.geometry.size();
        let playable: Vec<Column> = size.columns().filter(|c| position.can_play(*c)).collect();
        let solved = self.score_columns(position, &playable, weak, limits);
        if let Some(failure) = solved.failure {
            return Err(failure);
        }
        let mut scores = vec![None; size.width()];
        for (column, score) in playable.into_iter().zip(solved.scores) {
            scores[column.index()] = score;
        }
        Ok((scores, solved.stats))
    }

    /// The scores (`weak`: their signs) of playing `columns` (each playable, in a position
    /// not over), in the order given: a move that wins or fills the board scores at once, the
    /// positions the others lead to are solved by [`solve_each`](Self::solve_each), with
    /// several threads spread over them. A failure leaves `None` for the columns whose
    /// solves it stopped.
    pub fn score_columns(
        &mut self,
        position: &Position<G>,
        columns: &[Column],
        weak: bool,
        limits: SolveLimits,
    ) -> EachSolved {
        let start = Instant::now();
        let mut scores = Vec::with_capacity(columns.len());
        // The columns whose score needs a search, and the positions they lead to.
        let mut searched = Vec::new();
        let mut children = Vec::new();
        for (at, &column) in columns.iter().enumerate() {
            let known = move_score(position, column, |child| {
                searched.push(at);
                children.push(*child);
                Err(())
            });
            scores.push(known.ok());
        }
        let solved = self.solve_each(&children, weak, limits);
        for (at, score) in searched.into_iter().zip(solved.scores) {
            scores[at] = score.map(|score| -score);
        }
        if weak {
            scores.iter_mut().flatten().for_each(|s| *s = s.weak());
        }
        EachSolved {
            scores,
            stats: SolveStats {
                time: start.elapsed(),
                ..solved.stats
            },
            failure: solved.failure,
        }
    }

    /// The score of `position` (`weak`: its sign); any score once the search is aborted.
    fn solve_root(&mut self, position: &Position<G>, weak: bool) -> ExactScore {
        let book = |position: &Position<G>| self.book.as_ref()?.get(position);
        let score = if position.can_win_next() {
            ExactScore::win_now_in(position)
        } else if let Some(score) = book(position) {
            score
        } else {
            ExactScore::from_search(self.search_root(position, weak))
        };
        if weak { score.weak() } else { score }
    }

    /// The null-window searches of [`solve_root`](Self::solve_root): the score, or its sign
    /// or a bound beyond it with `weak`.
    fn search_root(&mut self, position: &Position<G>, weak: bool) -> i32 {
        let moves = position.moves_played() as i32;
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            let cells = self.geometry.cells() as i32;
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
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
}
