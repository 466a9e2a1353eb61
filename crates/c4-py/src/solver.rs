//! The exact solver from Python on every board size: one position at a time, or batches
//! across threads.

use crate::arguments::{SolverThreads, TableBits, board_size};
use crate::error::CoreError;
use crate::position::{Position as PyPosition, game_in, parse_position};
use crate::value_error;
use c4_books::BookChoice;
use c4_core::{AnySize, Game, Geometry, Position, Size};
use c4_layers::LayerChoice;
use c4_solver::{
    self as engine_solver, DEFAULT_TABLE_BITS, ExactScore, ScoreStore, SolveError, SolveLimits,
};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::{Arc, Mutex};

/// Each batch worker's table for each size: 2^22 slots, 32 MiB.
const BATCH_TABLE_BITS: TableBits = TableBits(22);

/// A position given as a `Position` (of its own size) or as a move string, read on a board
/// of `size`.
pub(crate) fn game_on(object: &Bound<'_, PyAny>, size: Size) -> PyResult<Game<AnySize>> {
    if let Ok(position) = object.cast::<PyPosition>() {
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
    Ok(parse_position(&moves, size)?.game)
}

/// A position given as a `Position` or as a move string of the standard board.
pub(crate) fn game_of(object: &Bound<'_, PyAny>) -> PyResult<Game<AnySize>> {
    game_on(object, Size::STANDARD)
}

/// What a solver of the board `size` answers from without a search: the book `book` names
/// (`"builtin"`, `"none"` or a file) and the ply-12 layer `layers` names (`"builtin"`, `"none"`
/// or a folder of chunks), as `c4 solve --book --layers` reads them. The built-in book and
/// layer are 7x6's, so on another size they are none; a file of another size is refused.
fn load_stores(book: &str, layers: &str, size: Size) -> PyResult<Option<Arc<dyn ScoreStore>>> {
    let book: BookChoice = book.parse().expect("any text names a book");
    let layers: LayerChoice = layers.parse().expect("any text names a layer");
    c4_players::score_stores(&book, &layers, size).map_err(value_error)
}

/// An exact score as Python reads it: an `int`.
type PyScore = i32;

/// Per-column scores as Python reads them: `int`s, `None` for a full column.
fn column_scores(scores: &[Option<ExactScore>]) -> Vec<Option<PyScore>> {
    scores
        .iter()
        .map(|score| score.map(ExactScore::value))
        .collect()
}

fn solve_failed(game: &Game<AnySize>) -> impl FnOnce(SolveError) -> CoreError + '_ {
    |source| CoreError::Solve {
        moves: game.move_string(),
        source,
    }
}

/// The solver of one board size: 7x6's compiled board, or any other read at run time.
pub(crate) enum SizedSolver {
    /// The 7x6 solver, whose masks are constants.
    Standard(engine_solver::Solver),
    /// A solver of any other size.
    Other(engine_solver::Solver<AnySize>),
}

/// `game`'s position on the board of `geometry`, or the error that it is of another size.
fn position_in<G: Geometry>(game: &Game<AnySize>, geometry: G) -> Result<Position<G>, CoreError> {
    game_in(game, geometry).map(|game| *game.position())
}

impl SizedSolver {
    /// A solver of `size` with a table of `2^bits` slots, answering from `stores` (of `size`).
    fn try_new(
        TableBits(bits): TableBits,
        size: Size,
        stores: Option<Arc<dyn ScoreStore>>,
    ) -> Result<SizedSolver, CoreError> {
        let refused = |_| CoreError::TableAllocation { bits };
        Ok(if size.is_standard() {
            let mut solver = engine_solver::Solver::try_new(bits).map_err(refused)?;
            solver.set_book(stores);
            SizedSolver::Standard(solver)
        } else {
            let mut solver =
                engine_solver::Solver::try_new_in(bits, AnySize::new(size)).map_err(refused)?;
            solver.set_book(stores);
            SizedSolver::Other(solver)
        })
    }

    /// The board's size.
    fn size(&self) -> Size {
        match self {
            SizedSolver::Standard(solver) => solver.geometry().size(),
            SizedSolver::Other(solver) => solver.geometry().size(),
        }
    }

    /// Searches each position with `threads` threads.
    fn set_threads(&mut self, threads: usize) {
        match self {
            SizedSolver::Standard(solver) => solver.set_threads(threads),
            SizedSolver::Other(solver) => solver.set_threads(threads),
        }
    }

    /// The exact score of `game`'s position (`weak`: its sign), which must be of the
    /// solver's size.
    fn solve(&mut self, game: &Game<AnySize>, weak: bool) -> Result<PyScore, CoreError> {
        let solved = match self {
            SizedSolver::Standard(solver) => {
                let position = position_in(game, solver.geometry())?;
                solver.solve_within(&position, weak, SolveLimits::default())
            }
            SizedSolver::Other(solver) => {
                let position = position_in(game, solver.geometry())?;
                solver.solve_within(&position, weak, SolveLimits::default())
            }
        };
        solved
            .map(|(score, _)| score.value())
            .map_err(solve_failed(game))
    }

    /// The score of playing each column of `game`'s position, None for a full one.
    fn analyze(
        &mut self,
        game: &Game<AnySize>,
        weak: bool,
    ) -> Result<Vec<Option<PyScore>>, CoreError> {
        let scores = match self {
            SizedSolver::Standard(solver) => {
                let position = position_in(game, solver.geometry())?;
                solver
                    .analyze(&position, weak, SolveLimits::default())
                    .map(|(scores, _)| column_scores(&scores))
            }
            SizedSolver::Other(solver) => {
                let position = position_in(game, solver.geometry())?;
                solver
                    .analyze_columns(&position, weak, SolveLimits::default())
                    .map(|(scores, _)| column_scores(&scores))
            }
        };
        scores.map_err(solve_failed(game))
    }
}

/// An exact solver of one board size with its own table and book. Scores follow Pons'
/// convention: positive when the side to move wins, (cells + 1) / 2 minus the winner's discs
/// at the end (22 minus them on 7x6: quicker wins score higher), 0 for a draw.
#[pyclass(module = "c4lab", frozen)]
pub struct Solver {
    size: Size,
    inner: Mutex<SizedSolver>,
}

#[pymethods]
impl Solver {
    /// A solver of the board of `width` columns and `height` rows (7x6 unless given), with
    /// a table of `2**table_bits` slots (8 bytes each), the opening `book` (`"builtin"`,
    /// 7x6's, none on other sizes; `"none"`; or a book file of the size), the book's ply-12
    /// `layers` (`"builtin"`, read beside the built-in book on 7x6; `"none"`; or a folder of
    /// chunks) and `threads` searching each position.
    #[new]
    #[pyo3(signature = (table_bits = None, book = "builtin", threads = None, width = None, height = None, layers = "builtin"))]
    fn new(
        table_bits: Option<TableBits>,
        book: &str,
        threads: Option<SolverThreads>,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        layers: &str,
    ) -> PyResult<Solver> {
        let size = board_size(width, height)?;
        Solver::sized(table_bits, load_stores(book, layers, size)?, threads, size)
    }

    /// Columns of the board the solver solves.
    #[getter]
    fn width(&self) -> usize {
        self.size.width()
    }

    /// Rows of the board the solver solves.
    #[getter]
    fn height(&self) -> usize {
        self.size.height()
    }

    /// The exact score of `position` (`weak`: only its sign, -1, 0 or 1): a `Position` of
    /// the solver's size, or a move string read on it.
    #[pyo3(signature = (position, weak = false))]
    fn solve(&self, py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<PyScore> {
        let game = game_on(position, self.size)?;
        Ok(py.detach(|| self.lock().solve(&game, weak))?)
    }

    /// The score of playing each column, None for a full one.
    #[pyo3(signature = (position, weak = false))]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        weak: bool,
    ) -> PyResult<Vec<Option<PyScore>>> {
        let game = game_on(position, self.size)?;
        Ok(py.detach(|| self.lock().analyze(&game, weak))?)
    }
}

impl Solver {
    /// A solver of the board `size` answering from `stores` (see `Solver.__init__`).
    fn sized(
        table_bits: Option<TableBits>,
        stores: Option<Arc<dyn ScoreStore>>,
        threads: Option<SolverThreads>,
        size: Size,
    ) -> PyResult<Solver> {
        let table_bits = table_bits.unwrap_or(TableBits(DEFAULT_TABLE_BITS));
        let mut solver = SizedSolver::try_new(table_bits, size, stores)?;
        solver.set_threads(threads.map_or(1, |SolverThreads(n)| n));
        Ok(Solver {
            size,
            inner: Mutex::new(solver),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, SizedSolver> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The solver of `size` behind the module's `solve` and `analyze`: the default table and the
/// built-in book and layer (7x6's), made on first use of the size and kept for the process.
fn shared_solver(py: Python<'_>, size: Size) -> PyResult<&'static Solver> {
    static SHARED: Mutex<Vec<&'static Solver>> = Mutex::new(Vec::new());
    let find = || {
        SHARED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .copied()
            .find(|solver| solver.size == size)
    };
    if let Some(solver) = find() {
        return Ok(solver);
    }
    let stores = load_stores("builtin", "builtin", size)?;
    let solver = py.detach(|| Solver::sized(None, stores, None, size))?;
    let mut shared = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Another thread may have made the size's solver meanwhile: the first one kept is used.
    if let Some(solver) = shared.iter().copied().find(|solver| solver.size == size) {
        return Ok(solver);
    }
    let solver: &'static Solver = Box::leak(Box::new(solver));
    shared.push(solver);
    Ok(solver)
}

/// The exact score of `position` (a `Position` of any size, or a move string of 7x6), with
/// the built-in book and layer on 7x6.
#[pyfunction]
#[pyo3(signature = (position, weak = false))]
pub fn solve(py: Python<'_>, position: &Bound<'_, PyAny>, weak: bool) -> PyResult<PyScore> {
    let size = game_of(position)?.size();
    shared_solver(py, size)?.solve(py, position, weak)
}

/// The score of playing each column of `position`, None for a full column.
#[pyfunction]
#[pyo3(signature = (position, weak = false))]
pub fn analyze(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    weak: bool,
) -> PyResult<Vec<Option<PyScore>>> {
    let size = game_of(position)?.size();
    shared_solver(py, size)?.analyze(py, position, weak)
}

/// The solver of `size` among a worker's, made with its stores on first use.
fn solver_for<'a>(
    solvers: &'a mut Vec<SizedSolver>,
    size: Size,
    stores: &[(Size, Option<Arc<dyn ScoreStore>>)],
) -> Result<&'a mut SizedSolver, CoreError> {
    let index = match solvers.iter().position(|solver| solver.size() == size) {
        Some(index) => index,
        None => {
            let sized = stores
                .iter()
                .find(|(stores_size, _)| *stores_size == size)
                .and_then(|(_, stores)| stores.clone());
            solvers.push(SizedSolver::try_new(BATCH_TABLE_BITS, size, sized)?);
            solvers.len() - 1
        }
    };
    Ok(&mut solvers[index])
}

/// Runs `job` over `positions` (of any sizes, each solved on its own) on `threads` workers
/// (default: all cores), each with its own solver of each size it meets, keeping the
/// input's order; the first failure is raised.
fn batch<T: Send>(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    threads: Option<SolverThreads>,
    (book, layers): (&str, &str),
    job: impl Fn(&mut SizedSolver, &Game<AnySize>) -> Result<T, CoreError> + Sync,
) -> PyResult<Vec<T>> {
    let games = positions
        .try_iter()?
        .map(|item| game_of(&item?))
        .collect::<PyResult<Vec<Game<AnySize>>>>()?;
    let mut stores: Vec<(Size, Option<Arc<dyn ScoreStore>>)> = Vec::new();
    for game in &games {
        if stores.iter().all(|(size, _)| *size != game.size()) {
            stores.push((game.size(), load_stores(book, layers, game.size())?));
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |SolverThreads(n)| n))
        .build()
        .map_err(value_error)?;
    Ok(py.detach(|| {
        pool.install(|| {
            games
                .par_iter()
                .map_init(Vec::new, |solvers, game| {
                    job(solver_for(solvers, game.size(), &stores)?, game)
                })
                .collect::<Result<Vec<T>, CoreError>>()
        })
    })?)
}

/// The exact scores of many positions (Positions or move strings), solved in parallel.
#[pyfunction]
#[pyo3(signature = (positions, weak = false, threads = None, book = "builtin", layers = "builtin"))]
pub fn solve_many(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    weak: bool,
    threads: Option<SolverThreads>,
    book: &str,
    layers: &str,
) -> PyResult<Vec<PyScore>> {
    batch(
        py,
        positions,
        threads,
        (book, layers),
        move |solver, game| solver.solve(game, weak),
    )
}

/// Every column's score for many positions, solved in parallel.
#[pyfunction]
#[pyo3(signature = (positions, weak = false, threads = None, book = "builtin", layers = "builtin"))]
pub fn analyze_many(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    weak: bool,
    threads: Option<SolverThreads>,
    book: &str,
    layers: &str,
) -> PyResult<Vec<Vec<Option<PyScore>>>> {
    batch(
        py,
        positions,
        threads,
        (book, layers),
        move |solver, game| solver.analyze(game, weak),
    )
}
