//! c4's players from Python: any spec or level on any board size, and the report of each
//! move.

use crate::arguments::{Seed, board_size};
use crate::error::CoreError;
use crate::position::game_in;
use crate::value_error;
use c4_core::{AnySize, Size, Standard, excerpt};
use c4_players::{Agent, PlayerSpec};
use pyo3::prelude::*;
use std::sync::Mutex;

/// The spec `text` parsed, with the CLI's message on failure.
pub(crate) fn parse_spec(text: &str, seed: u64) -> PyResult<PlayerSpec> {
    PlayerSpec::parse(text, seed)
        .map_err(|e| value_error(format!("invalid player {:?}: {e}", excerpt(text))))
}

/// What a player said about its move: c4's one move report (the CLI's, the JSON API's and the
/// game records'), read in Python's convention, where a column counts from 0 (PettingZoo's
/// action).
#[pyclass(module = "c4lab", frozen, name = "MoveReport")]
#[derive(Clone)]
pub struct MoveReport(pub c4_search::search::MoveReport);

#[pymethods]
impl MoveReport {
    /// The chosen column, from 0.
    #[getter]
    fn column(&self) -> usize {
        self.0.column.index()
    }

    /// The score: exact (Pons' convention) when `exact`, else the search's heuristic value,
    /// both for the side to move; 0 when the move was not scored.
    #[getter]
    fn score(&self) -> i32 {
        self.0.score.number()
    }

    /// The score in words.
    #[getter]
    fn score_text(&self) -> String {
        self.0.score_text()
    }

    /// Whether the score is proven by the solver or the book.
    #[getter]
    fn exact(&self) -> bool {
        self.0.score.is_exact()
    }

    /// Deepest completed search depth, in plies.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// Nodes visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Milliseconds taken.
    #[getter]
    fn time_ms(&self) -> f64 {
        self.0.time_ms()
    }

    /// The principal variation, starting with `column`, columns from 0.
    #[getter]
    fn pv(&self) -> Vec<usize> {
        self.0.pv.iter().map(|c| c.index()).collect()
    }

    /// A remark (a random move, a fallback), or None.
    #[getter]
    fn note(&self) -> Option<String> {
        self.0.note.clone()
    }

    /// Discs on the board when the move was chosen.
    #[getter]
    fn ply(&self) -> u32 {
        self.0.ply
    }

    /// The report as a dict (columns from 0).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("column", self.column())?;
        dict.set_item("score", self.score())?;
        dict.set_item("score_text", self.score_text())?;
        dict.set_item("exact", self.exact())?;
        dict.set_item("depth", self.depth())?;
        dict.set_item("nodes", self.nodes())?;
        dict.set_item("time_ms", self.time_ms())?;
        dict.set_item("pv", self.pv())?;
        dict.set_item("note", self.note())?;
        dict.set_item("ply", self.ply())?;
        Ok(dict)
    }

    /// The report's fields in one line: `MoveReport(column=3, score=..., ...)`.
    fn __repr__(&self) -> String {
        format!(
            "MoveReport(column={}, score={} ({}), exact={}, depth={}, nodes={}, time_ms={:.1}, pv={:?}{})",
            self.column(),
            self.score(),
            self.score_text(),
            if self.exact() { "True" } else { "False" },
            self.depth(),
            self.nodes(),
            self.time_ms(),
            self.pv(),
            self.0
                .note
                .as_ref()
                .map_or(String::new(), |n| format!(", note={n:?}"))
        )
    }
}

/// A player of one board size: 7x6's compiled board, or any other read at run time.
enum SizedAgent {
    /// A player of 7x6.
    Standard(Box<dyn Agent>),
    /// A player of any other size.
    Other(Box<dyn Agent<AnySize>>),
}

/// One of c4's players, built from a spec (`alphabeta:depth=5,eval=center`) or a level
/// (`easy`, `medium`, `hard`, `perfect`) for one board size. It keeps its state (tables,
/// random stream) from move to move.
#[pyclass(module = "c4lab", frozen)]
pub struct Player {
    spec: PlayerSpec,
    size: Size,
    agent: Mutex<SizedAgent>,
}

#[pymethods]
impl Player {
    /// The player `spec` for the board of `width` columns and `height` rows (7x6 unless
    /// given); `seed` seeds its random choices unless the spec names one. An evaluator bound
    /// to 7x6 is refused on another size.
    #[new]
    #[pyo3(signature = (spec, seed = Seed(0), width = None, height = None))]
    fn new(
        spec: &str,
        seed: Seed,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Player> {
        let size = board_size(width, height)?;
        let spec = parse_spec(spec, seed.0)?;
        let agent = if size.is_standard() {
            SizedAgent::Standard(spec.build().map_err(value_error)?)
        } else {
            SizedAgent::Other(spec.build_in(AnySize::new(size)).map_err(value_error)?)
        };
        Ok(Player {
            spec,
            size,
            agent: Mutex::new(agent),
        })
    }

    /// The canonical spec, every option spelled out.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// Columns of the board the player plays.
    #[getter]
    fn width(&self) -> usize {
        self.size.width()
    }

    /// Rows of the board the player plays.
    #[getter]
    fn height(&self) -> usize {
        self.size.height()
    }

    /// Chooses a move in `position` (a `Position` of the player's size, or a move string
    /// read on it), which is not over.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<MoveReport> {
        let game = crate::solver::game_on(position, self.size)?;
        if game.position().is_over() {
            return Err(value_error("the game is over: there is no move to choose"));
        }
        let report = py.detach(|| {
            let mut agent = self
                .agent
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            Ok::<_, CoreError>(match &mut *agent {
                SizedAgent::Standard(agent) => agent.choose(&game_in(&game, Standard)?),
                SizedAgent::Other(agent) => agent.choose(&game_in(&game, AnySize::new(self.size))?),
            })
        })?;
        Ok(MoveReport(report))
    }

    /// `Player("SPEC")`, the spec as it plays: canonical, every option spelled out (with
    /// `width` and `height` off 7x6).
    fn __repr__(&self) -> String {
        if self.size.is_standard() {
            format!("Player({:?})", self.spec.to_string())
        } else {
            format!(
                "Player({:?}, width={}, height={})",
                self.spec.to_string(),
                self.size.width(),
                self.size.height()
            )
        }
    }
}
