//! The exact solver from Python: one position at a time, or batches across threads.

use crate::position::{Position, parse_position};
use crate::{int_argument, value_error};
use c4_core::Game;
use c4_engine::solver::book::BookChoice;
use c4_engine::solver::{
    self as engine_solver, DEFAULT_TABLE_BITS, INVALID_MOVE, MAX_TABLE_BITS, MIN_TABLE_BITS,
    OpeningBook, Score, SolveLimits,
};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

/// Each batch worker's table: 2^22 slots, 32 MiB.
const BATCH_TABLE_BITS: u32 = 22;

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

fn new_solver(table_bits: u32, book: Option<Arc<OpeningBook>>) -> PyResult<engine_solver::Solver> {
    if !(MIN_TABLE_BITS..=MAX_TABLE_BITS).contains(&table_bits) {
        return Err(value_error(format!(
            "table_bits {table_bits} is not {MIN_TABLE_BITS}-{MAX_TABLE_BITS}"
        )));
    }
    let mut solver = engine_solver::Solver::try_new(table_bits).map_err(|e| {
        PyMemoryError::new_err(format!(
            "cannot allocate a table of 2^{table_bits} slots: {e}"
        ))
    })?;
    solver.set_book(book);
    Ok(solver)
}

/// Per-column scores with None for a full column.
fn column_scores(scores: [Score; c4_core::WIDTH]) -> Vec<Option<Score>> {
    scores
        .iter()
        .map(|&s| (s != INVALID_MOVE).then_some(s))
        .collect()
}

fn solve_game(
    solver: &mut engine_solver::Solver,
    game: &Game,
    weak: bool,
) -> Result<Score, String> {
    solver
        .solve_within(game.position(), weak, SolveLimits::default())
        .map(|(score, _)| score)
        .map_err(|e| format!("{e}: {:?}", game.move_string()))
}

fn analyze_game(
    solver: &mut engine_solver::Solver,
    game: &Game,
    weak: bool,
) -> Result<Vec<Option<Score>>, String> {
    solver
        .analyze(game.position(), weak, SolveLimits::default())
        .map(|(scores, _)| column_scores(scores))
        .map_err(|e| format!("{e}: {:?}", game.move_string()))
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
        table_bits: Option<&Bound<'_, PyAny>>,
        book: &str,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Solver> {
        let table_bits = table_bits
            .map(|bits| {
                int_argument(
                    "table_bits",
                    bits,
                    i64::from(MIN_TABLE_BITS)..=i64::from(MAX_TABLE_BITS),
                )
            })
            .transpose()?
            .map_or(DEFAULT_TABLE_BITS, |bits| bits as u32);
        let threads = thread_count(threads)?.unwrap_or(1);
        let mut solver = new_solver(table_bits, load_book(book)?)?;
        solver.set_threads(threads);
        Ok(Solver {
            inner: Mutex::new(solver),
        })
    }

    /// The exact score of `position` (`weak`: only its sign, -1, 0 or 1).
    #[pyo3(signature = (position, weak = false))]
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<Score> {
        let game = game_of(position)?;
        py.detach(|| solve_game(&mut self.lock(), &game, weak))
            .map_err(value_error)
    }

    /// The score of playing each column, None for a full one.
    #[pyo3(signature = (position, weak = false))]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        weak: bool,
    ) -> PyResult<Vec<Option<Score>>> {
        let game = game_of(position)?;
        py.detach(|| analyze_game(&mut self.lock(), &game, weak))
            .map_err(value_error)
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
pub fn solve(py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<Score> {
    shared_solver(py)?.solve(py, position, weak)
}

/// The score of playing each column of `position`, None for a full column.
#[pyfunction]
#[pyo3(signature = (position, weak = false))]
pub fn analyze(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    weak: bool,
) -> PyResult<Vec<Option<Score>>> {
    shared_solver(py)?.analyze(py, position, weak)
}

/// The most threads a solver or a batch runs on, as in the CLI.
const MAX_THREADS: i64 = 64;

/// A `threads` argument, 1 to [`MAX_THREADS`], if given.
fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    threads
        .map(|n| int_argument("threads", n, 1..=MAX_THREADS).map(|n| n as usize))
        .transpose()
}

/// Runs `job` over `games` on `threads` workers (default: all cores), each with its own
/// solver, keeping the input's order; the first failure is raised.
fn batch<T: Send>(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    book: &str,
    job: impl Fn(&mut engine_solver::Solver, &Game) -> Result<T, String> + Sync,
) -> PyResult<Vec<T>> {
    let games = positions
        .try_iter()?
        .map(|item| game_of(&item?))
        .collect::<PyResult<Vec<Game>>>()?;
    let threads = thread_count(threads)?;
    let book = load_book(book)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(value_error)?;
    py.detach(|| {
        pool.install(|| {
            games
                .par_iter()
                .map_init(
                    || new_solver(BATCH_TABLE_BITS, book.clone()).ok(),
                    |solver, game| match solver {
                        Some(solver) => job(solver, game),
                        None => Err("cannot allocate a solver table".to_owned()),
                    },
                )
                .collect::<Result<Vec<T>, String>>()
        })
    })
    .map_err(value_error)
}

/// The exact scores of many positions (Positions or move strings), solved in parallel.
#[pyfunction]
#[pyo3(signature = (positions, weak = false, threads = None, book = "builtin"))]
pub fn solve_many(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    weak: bool,
    threads: Option<&Bound<'_, PyAny>>,
    book: &str,
) -> PyResult<Vec<Score>> {
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
    threads: Option<&Bound<'_, PyAny>>,
    book: &str,
) -> PyResult<Vec<Vec<Option<Score>>>> {
    batch(py, positions, threads, book, move |solver, game| {
        analyze_game(solver, game, weak)
    })
}
