//! `c4lab._core`: c4 as a Python extension module. The Python package around it
//! (`python/c4lab`) adds the environments, the typed stubs and the friendlier signatures.
//!
//! Conventions of the Python API: columns count from 0, 0-6 on 7x6 (PettingZoo's action
//! indices; the CLI, the JSON API, move strings and game records count 1-7), move strings are
//! the CLI's (`4453` or `ddec`), a board is 7x6 unless `width` and `height` name another size,
//! bad input raises `ValueError` with the CLI's message (every integer argument is checked
//! by the private `arguments` module), and every search or solve runs with the interpreter's
//! lock released.

#![deny(missing_docs)]

mod arena;
mod arguments;
mod error;
mod knowledge;
mod layers;
mod learn;
mod players;
mod position;
mod shards;
mod solver;
mod tuning;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A `ValueError` carrying the message c4's CLI would print.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// c4's rules, solver, players, arena, studies and learning, compiled: the core of the
/// `c4lab` package, which re-exports it with environments and typed stubs. Boards are of any
/// size (7x6 by default), columns count from 0, move strings are the CLI's (`4453` or
/// `ddec`), bad input raises `ValueError` with the CLI's message, and searches release the
/// interpreter.
#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<position::Position>()?;
    module.add_class::<solver::Solver>()?;
    module.add_class::<players::Player>()?;
    module.add_class::<players::MoveReport>()?;
    module.add_function(wrap_pyfunction!(solver::solve, module)?)?;
    module.add_function(wrap_pyfunction!(solver::analyze, module)?)?;
    module.add_function(wrap_pyfunction!(solver::solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(solver::analyze_many, module)?)?;
    module.add_function(wrap_pyfunction!(arena::play_match, module)?)?;
    module.add_function(wrap_pyfunction!(arena::experiment, module)?)?;
    module.add_function(wrap_pyfunction!(arena::experiments, module)?)?;
    module.add_function(wrap_pyfunction!(arena::evaluate, module)?)?;
    module.add_function(wrap_pyfunction!(arena::registry_json, module)?)?;
    module.add_function(wrap_pyfunction!(knowledge::explain_json, module)?)?;
    module.add_class::<shards::RunFolder>()?;
    module.add_class::<shards::BookRun>()?;
    module.add_function(wrap_pyfunction!(shards::book_solve, module)?)?;
    module.add_class::<layers::LayerRun>()?;
    module.add_function(wrap_pyfunction!(layers::layer_solve, module)?)?;
    module.add_function(wrap_pyfunction!(layers::layer_chunks, module)?)?;
    module.add_function(wrap_pyfunction!(layers::layer_scores, module)?)?;
    module.add_function(wrap_pyfunction!(shards::run_plan, module)?)?;
    module.add_function(wrap_pyfunction!(shards::play_games, module)?)?;
    module.add_class::<tuning::SpsaRun>()?;
    module.add_class::<tuning::DatasetRun>()?;
    module.add_function(wrap_pyfunction!(tuning::dataset_label, module)?)?;
    module.add_function(wrap_pyfunction!(tuning::texel_tune, module)?)?;
    module.add_function(wrap_pyfunction!(learn::learn, module)?)?;
    module.add_function(wrap_pyfunction!(learn::learn_snapshot, module)?)?;
    module.add_function(wrap_pyfunction!(arguments::parse_size, module)?)?;
    Ok(())
}
