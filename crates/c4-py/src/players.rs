//! c4's players from Python: any spec or level, and the report of each move.

use crate::arguments::Seed;
use crate::value_error;
use c4_core::excerpt;
use c4_players::{Agent, PlayerSpec};
use pyo3::prelude::*;
use std::sync::Mutex;

/// The spec `text` parsed, with the CLI's message on failure.
pub(crate) fn parse_spec(text: &str, seed: u64) -> PyResult<PlayerSpec> {
    PlayerSpec::parse(text, seed)
        .map_err(|e| value_error(format!("invalid player {:?}: {e}", excerpt(text))))
}

/// What a player said about its move: c4's one move report (the CLI's, the JSON API's and the
/// game records'), read in Python's convention, where a column is 0-6 (PettingZoo's action).
#[pyclass(module = "c4lab", frozen, name = "MoveReport")]
#[derive(Clone)]
pub struct MoveReport(pub c4_search::search::MoveReport);

#[pymethods]
impl MoveReport {
    /// The chosen column, 0-6.
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

    /// The principal variation, starting with `column`, columns 0-6.
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

    /// The report as a dict (columns 0-6).
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

/// One of c4's players, built from a spec (`alphabeta:depth=5,eval=center`) or a level
/// (`easy`, `medium`, `hard`, `perfect`). It keeps its state (tables, random stream) from
/// move to move.
#[pyclass(module = "c4lab", frozen)]
pub struct Player {
    spec: PlayerSpec,
    agent: Mutex<Box<dyn Agent>>,
}

#[pymethods]
impl Player {
    /// The player `spec`; `seed` seeds its random choices unless the spec names one.
    #[new]
    #[pyo3(signature = (spec, seed = Seed(0)))]
    fn new(spec: &str, seed: Seed) -> PyResult<Player> {
        let spec = parse_spec(spec, seed.0)?;
        let agent = spec.build().map_err(value_error)?;
        Ok(Player {
            spec,
            agent: Mutex::new(agent),
        })
    }

    /// The canonical spec, every option spelled out.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// Chooses a move in `position` (a `Position` or a move string), which is not over.
    fn choose(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<MoveReport> {
        let game = crate::solver::game_of(position)?;
        if game.position().is_over() {
            return Err(value_error("the game is over: there is no move to choose"));
        }
        let report = py.detach(|| {
            self.agent
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .choose(&game)
        });
        Ok(MoveReport(report))
    }

    /// `Player("SPEC")`, the spec as it plays: canonical, every option spelled out.
    fn __repr__(&self) -> String {
        format!("Player({:?})", self.spec.to_string())
    }
}
