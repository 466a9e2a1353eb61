//! Learning an n-tuple network from Python: [`learn`] runs or resumes `c4 learn`'s run in a
//! folder and returns its learning curve; [`learn_snapshot`] writes a running run's latest
//! network. The network then plays as `eval=ntuple,weights=FILE` in any player spec.

use crate::arguments::{board, bounded_integer as int_argument};
use crate::value_error;
use c4_learn::learn::metrics::SampleCount;
use c4_learn::learn::run::{self, Cadence, LearnObserver, Measurement};
use c4_learn::learn::spec::MAX_OPENING_PLIES;
use c4_learn::learn::{LearnSpec, TupleLayout};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};

/// Hears nothing: Python gets the curve when the run ends.
struct Quiet;

impl LearnObserver for Quiet {
    fn played(&self, _: u64, _: u64) {}
    fn measured(&self, _: &Measurement) {}
}

/// The curve of `dir`'s run, from its metrics file: one dict a measurement.
fn curve<'py>(py: Python<'py>, dir: &Path) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let path = dir.join(run::METRICS_FILE);
    if !path.exists() {
        // A run paused before its first measurement.
        return Ok(Vec::new());
    }
    let text = c4_solver::files::read_text(&path, 256 << 20).map_err(value_error)?;
    let mut rows = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<f64> = line
            .split(',')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| value_error(format!("{}: a row that is not numbers", path.display())))?;
        let [games, seconds, epsilon, mistakes, score] = fields[..] else {
            return Err(value_error(format!(
                "{}: a row of {} fields",
                path.display(),
                fields.len()
            )));
        };
        let row = PyDict::new(py);
        row.set_item("games", games as u64)?;
        row.set_item("seconds", seconds)?;
        row.set_item("epsilon", epsilon)?;
        row.set_item("mistakes_pct", mistakes)?;
        row.set_item("score_vs_easy", score)?;
        rows.push(row);
    }
    Ok(rows)
}

/// Trains (or resumes) the run in `out` as `c4 learn --out OUT ...` does, with the
/// interpreter's lock released; returns the learning curve, a dict a measurement (`games`,
/// `seconds`, `epsilon`, `mistakes_pct`, `score_vs_easy`). The network is `OUT/network.c4nt`.
/// With `until`, it stops after that many games at a checkpoint, and a later call goes on.
/// `size` ("WxH") is the board the network learns on.
/// Every setting is given: the defaults are `c4lab.learn`'s.
#[pyfunction]
#[pyo3(signature = (
    out, *, games, tuples, length, alpha, lambda_, tcl_beta, epsilon, epsilon_end, seed,
    layout, openings, opening_share, checkpoint_every, eval_every, sample, eval_games, until,
    size = "7x6"
))]
#[allow(clippy::too_many_arguments)]
pub fn learn<'py>(
    py: Python<'py>,
    out: PathBuf,
    games: &Bound<'py, PyAny>,
    tuples: &Bound<'py, PyAny>,
    length: &Bound<'py, PyAny>,
    alpha: f32,
    lambda_: f32,
    tcl_beta: f32,
    epsilon: f32,
    epsilon_end: f32,
    seed: &Bound<'py, PyAny>,
    layout: &str,
    openings: &Bound<'py, PyAny>,
    opening_share: f32,
    checkpoint_every: &Bound<'py, PyAny>,
    eval_every: &Bound<'py, PyAny>,
    sample: &Bound<'py, PyAny>,
    eval_games: &Bound<'py, PyAny>,
    until: Option<&Bound<'py, PyAny>>,
    size: &str,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let size = board(size)?;
    let layout = TupleLayout::from_name(layout)
        .ok_or_else(|| value_error(format!("layout must be `walks` or `lines`, not {layout:?}")))?;
    let until = until
        .map(|until| int_argument("until", until, 1..=i128::from(i64::MAX)))
        .transpose()?
        .map(|until| until as u64);
    let spec = LearnSpec {
        tuples: int_argument("tuples", tuples, 1..=1000)? as usize,
        length: int_argument("length", length, 2..=10)? as usize,
        games: int_argument("games", games, 1..=1_000_000_000)? as u64,
        alpha,
        lambda: lambda_,
        tcl_beta,
        epsilon_start: epsilon,
        epsilon_end,
        seed: int_argument("seed", seed, 0..=i128::from(u64::MAX))? as u64,
        layout,
        openings: int_argument("openings", openings, 0..=i128::from(MAX_OPENING_PLIES))? as u32,
        opening_share,
        from: None,
        size,
    };
    let cadence = Cadence {
        checkpoint_every: int_argument(
            "checkpoint_every",
            checkpoint_every,
            1..=i128::from(i64::MAX),
        )? as u64,
        eval_every: int_argument("eval_every", eval_every, 1..=i128::from(i64::MAX))? as u64,
        sample_per_set: SampleCount::Exactly(int_argument("sample", sample, 1..=1000)? as usize),
        eval_games: int_argument("eval_games", eval_games, 0..=10_000)? as u64,
    };
    py.detach(|| run::run(&out, &spec, cadence, until, &Quiet))
        .map_err(value_error)?;
    curve(py, &out)
}

/// Writes the network of the latest checkpoint of the run in `out` to `file` (the run may
/// still be going on); returns the games it has played.
#[pyfunction]
pub fn learn_snapshot(out: PathBuf, file: PathBuf) -> PyResult<u64> {
    run::write_snapshot(&out, &file).map_err(value_error)
}
