//! The players a [`PlayerSpec`] builds.

use super::Agent;
use super::spec::{EngineSpec, PlayerSpec, available_threads};
use crate::score_stores;
use c4_core::{Column, Game, Geometry, Position, Size, Standard};
use c4_eval::threats::Threats;
use c4_eval::{BoardTables, Evaluator, SeededRng, with_evaluator};
use c4_options::SpecError;
use c4_search::search::engine::{EngineConfig, EngineSearch, SolverThreads};
use c4_search::search::fixed_depth::{FixedDepthConfig, FixedDepthSearch, RootWindow};
use c4_search::search::{MoveReport, MoveValue, RandomCount, RandomPick, TieBreak};
use c4_solver::Cancel;
use c4_solver::clock::Instant;
use c4_solver::{SolveLimits, Solver};
use rand::{RngExt, SeedableRng};
use std::time::Duration;

impl PlayerSpec {
    /// Whether the player's evaluator plays the board `size`: an evaluator bound to 7x6 is
    /// refused on another size, naming both (see [`c4_eval::SupportedSizes`]). This is the
    /// check [`PlayerSpec::build_in`] makes first, for a caller that wants the refusal
    /// before any game; a book file is read, and its size checked, only when built.
    pub fn check_size(&self, size: Size) -> Result<(), SpecError> {
        match self.eval() {
            // The key and value lead the message: the reason says the rest once.
            Some(eval) => eval.check_size(size).map_err(|e| SpecError::Unavailable {
                key: "eval",
                value: eval.to_string(),
                reason: format!("{} {}, not {}", e.reason, e.supported, e.size),
            }),
            None => Ok(()),
        }
    }

    /// Builds the player for the standard board.
    pub fn build(&self) -> Result<Box<dyn Agent>, SpecError> {
        self.build_in(Standard)
    }

    /// Builds the player for boards of `geometry`: refused when its evaluator is bound to
    /// another size (see [`c4_eval::SupportedSizes`]), or its book file is of another size.
    /// The built-in book is 7x6's: on another board `book=builtin` is no book.
    pub fn build_in<G: BoardTables>(&self, geometry: G) -> Result<Box<dyn Agent<G>>, SpecError> {
        self.check_size(geometry.size())?;
        let spec = self.to_string();
        Ok(match self {
            PlayerSpec::Random(s) => Box::new(RandomAgent {
                spec,
                rng: SeededRng::seed_from_u64(s.seed),
            }),
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => {
                let config = FixedDepthConfig {
                    depth: s.depth,
                    prune: matches!(self, PlayerSpec::Alphabeta(_)),
                    tt: s.tt,
                    order: s.order,
                    win_score: s.win_score,
                    leaf_view: s.leaf_view,
                };
                let time_limit = s.time_ms.map(Duration::from_millis);
                with_evaluator!(s.eval.build(s.seed), e => Box::new(FixedDepthAgent {
                    spec,
                    search: {
                        let mut search = FixedDepthSearch::new_in(e, config, geometry);
                        search.set_time_limit(time_limit);
                        search
                    },
                    tiebreak: s.tiebreak,
                    random_move: s.random_every.map(|every| RandomMove {
                        every,
                        count: s.random_count,
                        pick: s.random_pick,
                    }),
                    rng: SeededRng::seed_from_u64(s.seed),
                }) as Box<dyn Agent<G>>)
            }
            PlayerSpec::Engine(s) => engine_agent(s, spec, geometry)?,
            PlayerSpec::Victor(s) => Box::new(crate::victor::VictorAgent::new(
                spec.clone(),
                engine_agent(s, spec, geometry)?,
            )),
            PlayerSpec::Perfect(s) => Box::new(PerfectAgent {
                spec,
                solver: {
                    let mut solver = Solver::try_new_in(s.table_bits, geometry).map_err(|e| {
                        SpecError::Unavailable {
                            key: "table",
                            value: s.table_bits.to_string(),
                            reason: format!(
                                "cannot allocate {} MiB: {e}",
                                (8u64 << s.table_bits) >> 20
                            ),
                        }
                    })?;
                    solver.set_book(score_stores(&s.book, &s.layers, geometry.size())?);
                    solver.set_threads(s.threads as usize);
                    solver
                },
                time: s.time_ms.map(Duration::from_millis),
                fallback: None,
                cancel: None,
                solves_give_up: geometry.size().cells() > c4_core::CELLS,
            }),
        })
    }
}

struct RandomAgent {
    spec: String,
    rng: SeededRng,
}

impl<G: Geometry> Agent<G> for RandomAgent {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, game: &Game<G>) -> MoveReport {
        let start = Instant::now();
        let legal: Vec<Column> = game.position().legal_moves().collect();
        let column = legal[self.rng.random_range(0..legal.len())];
        MoveReport {
            size: game.size(),
            ..MoveReport::unscored(
                column,
                game.position().moves_played(),
                start.elapsed(),
                None,
            )
        }
    }
}

struct FixedDepthAgent<E: Evaluator<G>, G: Geometry> {
    spec: String,
    search: FixedDepthSearch<E, G>,
    tiebreak: TieBreak,
    random_move: Option<RandomMove>,
    rng: SeededRng,
}

/// Kang's random move: every `every` moves, counted as `count` says, a column from `pick`.
#[derive(Clone, Copy, Debug)]
struct RandomMove {
    every: u32,
    count: RandomCount,
    pick: RandomPick,
}

impl RandomMove {
    /// Whether the move to play in `position` is a random one.
    fn due<G: Geometry>(&self, position: &Position<G>) -> bool {
        let number = match self.count {
            // The player's own move number, 1-based: Kang's "3rd, 6th, 9th ... move".
            RandomCount::Own => position.moves_played() / 2 + 1,
            RandomCount::Game => position.moves_played() + 1,
        };
        number.is_multiple_of(self.every)
    }
}

impl<E: Evaluator<G> + Send, G: Geometry> Agent<G> for FixedDepthAgent<E, G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.search.set_cancel(Some(cancel));
    }

    fn choose(&mut self, game: &Game<G>) -> MoveReport {
        let start = Instant::now();
        let position = game.position();
        let random_move = self.random_move.filter(|r| r.due(position));
        let random_now = random_move.is_some();
        let window = if random_now {
            RootWindow::Full
        } else if self.tiebreak == TieBreak::First {
            RootWindow::Standard
        } else {
            RootWindow::KeepTies
        };
        let values = self.search.search_root(position, window);
        let best_value = values
            .iter()
            .map(|v| v.value)
            .max()
            .expect("a position that is not over has moves");
        let stopped = self.search.stopped_early();
        // The deepest search completed over every root move: none when the time limit cut
        // the search, and never past the end of the game.
        let remaining = position.size().cells() as u32 - position.moves_played();
        let depth = if stopped {
            0
        } else {
            self.search.depth().min(remaining)
        };
        let mut note = stopped.then(|| {
            format!(
                "stopped at the time limit after {} of {} root moves at depth {}: no depth completed",
                values.len(),
                position.legal_moves().count(),
                self.search.depth()
            )
        });
        let column = if let Some(random_move) = random_move.filter(|_| values.len() > 1) {
            let mut ranked: Vec<_> = values.clone();
            ranked.sort_by_key(|v| std::cmp::Reverse(v.value)); // stable: search order among equals
            match random_move.pick {
                RandomPick::TwoBest => {
                    note = Some(joined(
                        note,
                        format!(
                            "random move between the two best columns ({} and {})",
                            ranked[0].column, ranked[1].column
                        ),
                    ));
                    ranked[self.rng.random_range(0..2)].column
                }
                RandomPick::Any => {
                    note = Some(joined(
                        note,
                        format!("random move among the {} legal columns", ranked.len()),
                    ));
                    ranked[self.rng.random_range(0..ranked.len())].column
                }
            }
        } else {
            let tied: Vec<Column> = values
                .iter()
                .filter(|v| v.value == best_value && v.exact)
                .map(|v| v.column)
                .collect();
            match self.tiebreak {
                TieBreak::First => tied[0],
                TieBreak::Center => *tied
                    .iter()
                    .min_by_key(|c| c.distance_from_center_in(position.size()))
                    .expect("non-empty"),
                TieBreak::Random => tied[self.rng.random_range(0..tied.len())],
            }
        };
        let value = values
            .iter()
            .find(|v| v.column == column)
            .map_or(best_value, |v| v.value);
        let mut pv = self.search.principal_variation();
        if pv.first() != Some(&column) {
            pv = vec![column];
        }
        MoveReport {
            column,
            score: MoveValue::Heuristic(value),
            depth,
            nodes: self.search.nodes(),
            time: start.elapsed(),
            pv,
            note,
            ply: position.moves_played(),
            size: position.size(),
        }
    }
}

/// `first`, if any, then `then`.
fn joined(first: Option<String>, then: String) -> String {
    match first {
        Some(first) => format!("{first}; {then}"),
        None => then,
    }
}

/// The engine a spec's settings build (`engine`, and `victor` where the rules say nothing).
fn engine_agent<G: BoardTables>(
    s: &EngineSpec,
    spec: String,
    geometry: G,
) -> Result<Box<dyn Agent<G>>, SpecError> {
    let config = EngineConfig {
        time: Duration::from_millis(s.time_ms),
        max_depth: s.depth,
        use_solver: s.solver,
        solver_threads: match s.threads {
            None => SolverThreads::First(
                available_threads().min(s.auto_threads_cap.unwrap_or(u32::MAX)) as usize,
            ),
            Some(1) => SolverThreads::First(1),
            Some(n) => SolverThreads::Beside(n as usize - 1),
        },
        ..EngineConfig::default()
    };
    let book = score_stores(&s.book, &s.layers, geometry.size())?;
    Ok(
        with_evaluator!(s.eval.build(s.seed), e => Box::new(EngineAgent {
        spec,
        search: {
            let mut search = EngineSearch::new_in(e, config, geometry);
            search.set_book(book);
            search
        },
    }) as Box<dyn Agent<G>>),
    )
}

struct EngineAgent<E: Evaluator<G>, G: Geometry> {
    spec: String,
    search: EngineSearch<E, G>,
}

impl<E: Evaluator<G> + Send, G: Geometry> Agent<G> for EngineAgent<E, G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, game: &Game<G>) -> MoveReport {
        self.search.choose(game.position())
    }
    fn set_cancel(&mut self, cancel: Cancel) {
        self.search.set_cancel(Some(cancel));
    }
}

/// With a time limit, the share of `perfect`'s budget kept for the heuristic search that
/// decides when the solve does not finish, in percent: the solve gets the rest, so the
/// move takes its budget and not more, and the search has time for a real depth. The search
/// gets this share at least even when the solve overran its own.
pub const PERFECT_SEARCH_SHARE_PERCENT: u32 = 10;

/// The search's share, in percent, while solves give up (see `PerfectAgent::solves_give_up`)
/// or when the move is forced: two thirds, twice `hard`'s whole second of a 3-second
/// `perfect`, so that where it cannot solve it plays as `hard` does or better.
pub const PERFECT_SEARCH_SHARE_AFTER_GIVING_UP_PERCENT: u32 = 67;

struct PerfectAgent<G: BoardTables> {
    spec: String,
    solver: Solver<G>,
    time: Option<Duration>,
    /// The engine's search without its own solve (this one just gave up), built at the
    /// first solve that does not finish and kept for its table.
    fallback: Option<EngineSearch<Threats, G>>,
    cancel: Option<Cancel>,
    /// Whether solves give up: from a solve that gave up until one finishes, and from the
    /// start on a board of more cells than 7x6 (no book, and a solve finishes only late in
    /// the game); the solve then gets the smaller share.
    solves_give_up: bool,
}

/// The one column that does not lose at once when there are others (each of them loses),
/// and no column wins at once: a move forced whatever a solve would say of it.
fn forced_move<G: Geometry>(position: &Position<G>) -> Option<Column> {
    let legal: Vec<Column> = position.legal_moves().collect();
    if legal.len() < 2 || legal.iter().any(|&c| position.is_winning_move(c)) {
        return None;
    }
    let safe = position.non_losing_moves();
    let mut safe_columns = legal
        .iter()
        .copied()
        .filter(|&c| safe.0 & position.geometry().column_mask(c) != 0);
    match (safe_columns.next(), safe_columns.next()) {
        (Some(column), None) => Some(column),
        _ => None,
    }
}

impl<G: BoardTables> Agent<G> for PerfectAgent<G> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.solver.set_cancel(Some(cancel.clone()));
        if let Some(fallback) = &mut self.fallback {
            fallback.set_cancel(Some(cancel.clone()));
        }
        self.cancel = Some(cancel);
    }

    fn choose(&mut self, game: &Game<G>) -> MoveReport {
        let start = Instant::now();
        let position = game.position();
        let ply = position.moves_played();
        let forced = forced_move(position);
        let search_share = if forced.is_some() || self.solves_give_up {
            PERFECT_SEARCH_SHARE_AFTER_GIVING_UP_PERCENT
        } else {
            PERFECT_SEARCH_SHARE_PERCENT
        };
        let limits = SolveLimits {
            nodes: None,
            time: self.time.map(|t| t * (100 - search_share) / 100),
        };
        let solved = self.solver.best_move_or_worse(position, limits);
        self.solves_give_up = solved.is_err();
        match solved {
            Ok((column, score, stats)) => MoveReport {
                column,
                score: MoveValue::exact(score),
                depth: position.size().cells() as u32 - position.moves_played(),
                nodes: stats.nodes,
                time: start.elapsed(),
                pv: vec![column],
                note: None,
                ply: position.moves_played(),
                size: position.size(),
            },
            Err(_) if forced.is_some() => {
                let column = forced.unwrap_or_else(|| unreachable!("matched as forced"));
                MoveReport {
                    time: start.elapsed(),
                    note: Some(
                        "the only move that does not lose at once (the solve of its score did \
                         not finish in time)"
                            .to_owned(),
                    ),
                    size: position.size(),
                    ..MoveReport::new(column, MoveValue::Unscored, ply)
                }
            }
            Err(gave_up) => {
                // The engine's table is built first: its zeroing is part of the time spent.
                let cancel = self.cancel.clone();
                let fallback = self.fallback.get_or_insert_with(|| {
                    let config = EngineConfig {
                        use_solver: false,
                        ..EngineConfig::default()
                    };
                    let mut engine =
                        EngineSearch::new_in(Threats::default(), config, self.solver.geometry());
                    engine.set_cancel(cancel);
                    engine
                });
                // Without a time limit only a cancel stops the solve: the search then stops
                // at once too, after its first depth. With one, the search has its share at
                // least, even when the solve overran its own.
                let budget = self.time.unwrap_or_default();
                let left = budget
                    .saturating_sub(start.elapsed())
                    .max(budget * search_share / 100)
                    .max(Duration::from_millis(1));
                fallback.set_time(left);
                // The columns the solve proved worse before it gave up are left out.
                let mut report = fallback.choose_excluding(position, &gave_up.worse);
                report.time = start.elapsed();
                let chose = format!(
                    "the solve did not finish in time: the engine's search chose in {} ms",
                    left.as_millis()
                );
                report.note = Some(match report.note.take() {
                    Some(why) => format!("{chose} ({why})"),
                    None => chose,
                });
                report
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::PlayerSpec;
    use c4_core::Game;

    fn report(spec: &str, moves: &str) -> c4_search::search::MoveReport {
        let mut agent = PlayerSpec::parse(spec, 1).unwrap().build().unwrap();
        agent.choose(&Game::from_moves(moves).unwrap())
    }

    #[test]
    fn a_search_cut_by_the_time_limit_reports_no_completed_depth() {
        // Plain minimax to depth 42 cannot finish in 20 ms on any machine.
        let cut = report("minimax:depth=42,time=20", "4453");
        assert_eq!(cut.depth, 0);
        let note = cut.note.unwrap();
        assert!(note.contains("at depth 42: no depth completed"), "{note}");
    }

    #[test]
    fn the_depth_never_passes_the_end_of_the_game() {
        // Five empty cells: a depth-9 search completes depth 5.
        let moves = "4335724454537642154327567131267271253";
        let full = report("alphabeta:depth=9", moves);
        assert_eq!(full.depth, 5);
        assert_eq!(full.note, None);
    }
}
