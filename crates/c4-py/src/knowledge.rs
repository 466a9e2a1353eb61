//! Allis' strategic rules from Python: `explain`, the answer of `c4 explain --json` and of
//! the page's `/api/explain`, through the one function in c4-api.

use crate::arguments::board;
use crate::solver::game_on;
use crate::value_error;
use c4_api::{ExplainRequest, Limits};
use c4_solver::Cancel;
use pyo3::prelude::*;
use std::time::Duration;

/// Python's limits: a search asked for runs to its node limit.
const PYTHON_LIMITS: Limits = Limits {
    time_cap: Duration::from_secs(24 * 3600),
    max_table_bits: 24,
    max_threads: 1,
};

/// The rules' verdict on `position` (a `Position`, or a move string read on the board
/// `size`, "WxH", 7x6 by default) as JSON text; `search`: positions a proof-number search
/// with the rules as leaves may look at where the rules alone give no proof (0: none).
#[pyfunction]
#[pyo3(signature = (position, size = None, search = 0))]
pub fn explain_json(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    size: Option<&str>,
    search: u64,
) -> PyResult<String> {
    let size = match size {
        Some(text) => board(text)?,
        None => c4_core::Size::STANDARD,
    };
    let game = game_on(position, size)?;
    let request = ExplainRequest {
        moves: game.move_string(),
        size: game.size(),
        search: (search > 0).then_some(search),
    };
    let answer = py
        .detach(|| c4_api::explain(request, &PYTHON_LIMITS, &Cancel::new()))
        .map_err(value_error)?;
    Ok(serde_json::to_string(&answer).expect("an explanation serializes"))
}
