//! What fails inside the binding's own work (a solve, a game, a label), and the one place
//! each failure becomes its Python exception.

use c4_core::Size;
use c4_solver::SolveError;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

/// A failure of a batch, a game or a label; bad arguments are refused earlier, as
/// `ValueError`, where they are read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CoreError {
    /// The solver refused a position (a finished game, a limit reached).
    #[error("{source}: {moves:?}")]
    Solve { moves: String, source: SolveError },
    /// A position of another size than the solver's or the player's, which plays one size.
    #[error(
        "a position of the {position} board, but this one plays the {plays} board: make one \
         for {position} (width={}, height={})",
        position.width(),
        position.height()
    )]
    OtherSize { plays: Size, position: Size },
    /// A batch worker's solver table could not be allocated.
    #[error("cannot allocate a solver table of 2^{bits} slots")]
    TableAllocation { bits: u32 },
    /// A game of a match or a run could not be played (a player that cannot be built, an
    /// illegal move, an opening that does not fit); `reason` is the arena's words.
    #[error("game {game} of {a} against {b}: {reason}")]
    Game {
        game: u64,
        a: String,
        b: String,
        reason: String,
    },
    /// A Python function playing a side raised: its own exception goes back to the caller,
    /// with a note naming the game.
    #[error("game {game}: the function raised {error}")]
    Function { game: u64, error: PyErr },
}

impl From<CoreError> for PyErr {
    fn from(error: CoreError) -> PyErr {
        match error {
            CoreError::Function { game, error } => {
                Python::attach(|py| {
                    // Notes exist from Python 3.11; before, the exception goes back as it was.
                    let note = format!("while a Python function played game {game}");
                    let _ = error.value(py).call_method1("add_note", (note,));
                });
                error
            }
            CoreError::TableAllocation { .. } => PyMemoryError::new_err(error.to_string()),
            CoreError::Solve { .. } | CoreError::OtherSize { .. } | CoreError::Game { .. } => {
                PyValueError::new_err(error.to_string())
            }
        }
    }
}
