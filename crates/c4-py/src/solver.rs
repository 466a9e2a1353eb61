//! The exact solver from Python: one position at a time, or batches across threads.

use crate::arguments::{SolverThreads, TableBits};
use crate::error::CoreError;
use crate::position::{Position, parse_position};
use crate::value_error;
use c4_books::BookChoice;
use c4_books::OpeningBook;
use c4_core::Game;
use c4_solver::{self as engine_solver, DEFAULT_TABLE_BITS, ExactScore, SolveError, SolveLimits};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

/// Each batch worker's table: 2^22 slots, 32 MiB.
const BATCH_TABLE_BITS: TableBits = TableBits(22);

/// A position given as a `Position` or as a move string.
pub(crate) fn game_of(object: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(position) = object.cast::<Position>() {
        return Ok(position.get().game.clone());
    }
    let moves: String = object.extract().map_err(|_| {
        value_error(format!(
            "expected a Position or a move string, found {}",
            object
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    Ok(parse_position(&moves)?.game)
}

fn load_book(book: &str) -> PyResult<Option<Arc<OpeningBook>>> {
    book.parse::<BookChoice>()
        .expect("any text names a book")
        .load()
        .map_err(value_error)
}

fn new_solver(
    TableBits(bits): TableBits,
    book: Option<Arc<OpeningBook>>,
) -> Result<engine_solver::Solver, CoreError> {
    let mut solver =
        engine_solver::Solver::try_new(bits).map_err(|_| CoreError::TableAllocation { bits })?;
    solver.set_book(book.map(OpeningBook::store));
    Ok(solver)
}

/// An exact score as Python reads it: an `int`.
type PyScore = i32;

/// Per-column scores as Python reads them: `int`s, `None` for a full column.
fn column_scores(scores: [Option<ExactScore>; c4_core::WIDTH]) -> Vec<Option<PyScore>> {
    scores
        .iter()
        .map(|score| score.map(ExactScore::value))
        .collect()
}

fn solve_failed(game: &Game) -> impl FnOnce(SolveError) -> CoreError + '_ {
    |source| CoreError::Solve {
        moves: game.move_string(),
        source,
    }
}

fn solve_game(
    solver: &mut engine_solver::Solver,
    game: &Game,
    weak: bool,
) -> Result<PyScore, CoreError> {
    solver
        .solve_within(game.position(), weak, SolveLimits::default())
        .map(|(score, _)| score.value())
        .map_err(solve_failed(game))
}

fn analyze_game(
    solver: &mut engine_solver::Solver,
    game: &Game,
    weak: bool,
) -> Result<Vec<Option<PyScore>>, CoreError> {
    solver
        .analyze(game.position(), weak, SolveLimits::default())
        .map(|(scores, _)| column_scores(scores))
        .map_err(solve_failed(game))
}

/// An exact solver with its own table and book. Scores follow Pons' convention: positive
/// when the side to move wins, 22 minus the winner's discs at the end (so quicker wins
/// score higher), 0 for a draw.
#[pyclass(module = "c4lab", frozen)]
pub struct Solver {
    inner: Mutex<engine_solver::Solver>,
}

#[pymethods]
impl Solver {
    /// A solver with a table of `2**table_bits` slots (8 bytes each), the opening `book`
    /// (`"builtin"`, `"none"` or a book file) and `threads` searching each position.
    #[new]
    #[pyo3(signature = (table_bits = None, book = "builtin", threads = None))]
    fn new(
        table_bits: Option<TableBits>,
        book: &str,
        threads: Option<SolverThreads>,
    ) -> PyResult<Solver> {
        let table_bits = table_bits.unwrap_or(TableBits(DEFAULT_TABLE_BITS));
        let mut solver = new_solver(table_bits, load_book(book)?)?;
        solver.set_threads(threads.map_or(1, |SolverThreads(n)| n));
        Ok(Solver {
            inner: Mutex::new(solver),
        })
    }

    /// The exact score of `position` (`weak`: only its sign, -1, 0 or 1).
    #[pyo3(signature = (position, weak = false))]
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<PyScore> {
        let game = game_of(position)?;
        Ok(py.detach(|| solve_game(&mut self.lock(), &game, weak))?)
    }

    /// The score of playing each column, None for a full one.
    #[pyo3(signature = (position, weak = false))]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        weak: bool,
    ) -> PyResult<Vec<Option<PyScore>>> {
        let game = game_of(position)?;
        Ok(py.detach(|| analyze_game(&mut self.lock(), &game, weak))?)
    }
}

impl Solver {
    fn lock(&self) -> std::sync::MutexGuard<'_, engine_solver::Solver> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The solver behind the module's `solve` and `analyze`: the default table and the built-in
/// book, made on first use.
fn shared_solver(py: Python<'_>) -> PyResult<&'static Solver> {
    static SHARED: OnceLock<Solver> = OnceLock::new();
    if let Some(solver) = SHARED.get() {
        return Ok(solver);
    }
    let solver = py.detach(|| Solver::new(None, "builtin", None))?;
    Ok(SHARED.get_or_init(|| solver))
}

/// The exact score of `position` (a `Position` or a move string), with the built-in book.
#[pyfunction]
#[pyo3(signature = (position, weak = false))]
pub fn solve(py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<PyScore> {
    shared_solver(py)?.solve(py, position, weak)
}

/// The score of playing each column of `position`, None for a full column.
#[pyfunction]
#[pyo3(signature = (position, weak = false))]
pub fn analyze(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    weak: bool,
) -> PyResult<Vec<Option<PyScore>>> {
    shared_solver(py)?.analyze(py, position, weak)
}

/// Runs `job` over `games` on `threads` workers (default: all cores), each with its own
/// solver, keeping the input's order; the first failure is raised.
fn batch<T: Send>(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    threads: Option<SolverThreads>,
    book: &str,
    job: impl Fn(&mut engine_solver::Solver, &Game) -> Result<T, CoreError> + Sync,
) -> PyResult<Vec<T>> {
    let games = positions
        .try_iter()?
        .map(|item| game_of(&item?))
        .collect::<PyResult<Vec<Game>>>()?;
    let book = load_book(book)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |SolverThreads(n)| n))
        .build()
        .map_err(value_error)?;
    Ok(py.detach(|| {
        pool.install(|| {
            games
                .par_iter()
                .map_init(
                    || new_solver(BATCH_TABLE_BITS, book.clone()),
                    |solver, game| match solver {
                        Ok(solver) => job(solver, game),
                        Err(_) => Err(CoreError::TableAllocation {
                            bits: BATCH_TABLE_BITS.0,
                        }),
                    },
                )
                .collect::<Result<Vec<T>, CoreError>>()
        })
    })?)
}

/// The exact scores of many positions (Positions or move strings), solved in parallel.
#[pyfunction]
#[pyo3(signature = (positions, weak = false, threads = None, book = "builtin"))]
pub fn solve_many(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    weak: bool,
    threads: Option<SolverThreads>,
    book: &str,
) -> PyResult<Vec<PyScore>> {
    batch(py, positions, threads, book, move |solver, game| {
        solve_game(solver, game, weak)
    })
}

/// Every column's score for many positions, solved in parallel.
#[pyfunction]
#[pyo3(signature = (positions, weak = false, threads = None, book = "builtin"))]
pub fn analyze_many(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    weak: bool,
    threads: Option<SolverThreads>,
    book: &str,
) -> PyResult<Vec<Vec<Option<PyScore>>>> {
    batch(py, positions, threads, book, move |solver, game| {
        analyze_game(solver, game, weak)
    })
}
