//! The arena from Python: matches (with c4's players or Python functions), the experiments,
//! and evaluations, returning what the CLI writes (JSON of its summaries and game records).

use crate::arguments::{ExperimentGames, GameCount, OpeningPlies, Seed, Threads, column_on};
use crate::error::CoreError;
use crate::players::parse_spec;
use crate::position::{Position, game_in};
use crate::value_error;
use c4_arena::matches::{
    ChooseError, Contestant, FirstPolicy, GameStart, MatchConfig, Openings, Quiet, Seat,
    play_seated, run_match,
};
use c4_arena::record::GameRecord;
use c4_arena::stats::Sprt;
use c4_arena::summary::MatchSummary;
use c4_core::{Game, Player, Size, excerpt, with_geometry};
use c4_eval::{EvalSpec, Evaluator};
use c4_lab::experiments::{ExperimentKind, Progress};
use c4_papers::{RunInfo, RunSettings};
use c4_players::{Agent, REGISTRY};
use c4_search::search::MoveReport;
use pyo3::prelude::*;
use pyo3::types::PyInt;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

/// One side of a match: a spec (parsed) or a Python callable with a name for the records.
enum Side {
    Spec(Contestant),
    Function {
        label: String,
        name: String,
        function: Py<PyAny>,
    },
}

impl Side {
    fn label(&self) -> &str {
        match self {
            Side::Spec(contestant) => &contestant.label,
            Side::Function { label, .. } => label,
        }
    }
}

fn side(label: &str, object: &Bound<'_, PyAny>) -> PyResult<Side> {
    if let Ok(spec) = object.extract::<String>() {
        return Ok(Side::Spec(Contestant {
            label: label.to_owned(),
            spec: parse_spec(&spec, 0)?,
        }));
    }
    if object.is_callable() {
        let name = object
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "callable".to_owned());
        return Ok(Side::Function {
            label: label.to_owned(),
            name: format!("python:{name}"),
            function: object.clone().unbind(),
        });
    }
    Err(value_error(format!(
        "player {label} must be a spec string, a Player or a callable taking a Position"
    )))
}

/// The openings `object` names (None, a number of random plies, or a list of move strings,
/// each read on the board of `size`).
pub(crate) fn openings(object: Option<&Bound<'_, PyAny>>, size: Size) -> PyResult<Openings> {
    let Some(object) = object else {
        return Ok(Openings::None);
    };
    if object.is_instance_of::<PyInt>() {
        let OpeningPlies(plies) = object.extract()?;
        return Ok(Openings::Random(plies));
    }
    let list: Vec<String> = object.extract().map_err(|_| {
        value_error("openings must be None, a number of random plies, or a list of move strings")
    })?;
    if list.is_empty() {
        return Err(value_error("openings: the list is empty"));
    }
    for (i, moves) in list.iter().enumerate() {
        with_geometry!(size, g => Openings::check_in(moves, g))
            .map_err(|e| value_error(format!("openings[{i}]: {e}")))?;
    }
    Ok(Openings::List(list))
}

pub(crate) fn first_policy(text: &str) -> PyResult<FirstPolicy> {
    match text {
        "a" => Ok(FirstPolicy::A),
        "b" => Ok(FirstPolicy::B),
        "alternate" => Ok(FirstPolicy::Alternate),
        _ => Err(value_error(format!(
            "first={:?}: use \"a\", \"b\" or \"alternate\"",
            excerpt(text)
        ))),
    }
}

/// A pool of `threads` workers (default: one per core).
pub(crate) fn thread_pool(threads: Option<Threads>) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |Threads(n)| n))
        .build()
        .map_err(value_error)
}

/// Why a Python function gave no move.
#[derive(Debug, thiserror::Error)]
enum FunctionError {
    /// The function raised (the exception itself is kept in `raised` for the caller).
    #[error(transparent)]
    Raised(PyErr),
    /// Its answer is not a column: the message of the `ValueError` that says so.
    #[error("{0}")]
    NotAColumn(String),
}

/// Asks a Python function for a move: it takes a `Position` and returns a column 0-6. What
/// it raises is kept in `raised`, to be given back as itself; an answer that is not a column
/// is the arena's to report, with the player and the game.
fn ask_function(
    function: &Py<PyAny>,
    game: &Game,
    raised: &Mutex<Option<PyErr>>,
) -> Result<MoveReport, FunctionError> {
    let start = Instant::now();
    let column = Python::attach(|py| {
        let answer = function
            .call1(py, (Position::from(game.clone()),))
            .map_err(|error| {
                let copy = error.clone_ref(py);
                *raised
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(error);
                FunctionError::Raised(copy)
            })?;
        column_on(answer.bind(py), Size::STANDARD)
            .map_err(|e| FunctionError::NotAColumn(e.value(py).to_string()))
    })?;
    Ok(MoveReport::unscored(
        column,
        game.position().moves_played(),
        start.elapsed(),
        Some("chosen by a Python function".to_owned()),
    ))
}

/// Plays a game of a match where at least one side is a Python function.
fn play_with_functions(start: &GameStart, sides: &[Side; 2]) -> Result<GameRecord, CoreError> {
    let failed = |reason: String| CoreError::Game {
        game: start.game,
        a: sides[0].label().to_owned(),
        b: sides[1].label().to_owned(),
        reason,
    };
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::with_capacity(2);
    for (side, seed) in sides.iter().zip(start.seeds) {
        agents.push(match side {
            Side::Spec(contestant) => {
                let mut spec = contestant.spec.clone();
                spec.set_seed(seed);
                Some(spec.build().map_err(|e| failed(e.to_string()))?)
            }
            Side::Function { .. } => None,
        });
    }
    let specs: Vec<String> = sides
        .iter()
        .map(|side| match side {
            Side::Spec(contestant) => contestant.spec.to_string(),
            Side::Function { name, .. } => name.clone(),
        })
        .collect();
    let [agent_a, agent_b] = &mut agents[..] else {
        unreachable!("two sides")
    };
    // What a function raised, given back as itself rather than as the arena's words.
    let raised = Mutex::new(None);
    let mut choose_a = chooser(&sides[0], agent_a, &raised);
    let mut choose_b = chooser(&sides[1], agent_b, &raised);
    let played = play_seated(
        start,
        Seat {
            label: sides[0].label(),
            spec: &specs[0],
            choose: &mut choose_a,
        },
        Seat {
            label: sides[1].label(),
            spec: &specs[1],
            choose: &mut choose_b,
        },
    );
    played.map_err(|reason| {
        let raised = raised
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        raised.map_or_else(
            || failed(reason.to_string()),
            |error| CoreError::Function {
                game: start.game,
                error,
            },
        )
    })
}

/// The chooser of a side; a function's exception is kept in `raised` for the caller.
fn chooser<'a>(
    side: &'a Side,
    agent: &'a mut Option<Box<dyn Agent>>,
    raised: &'a Mutex<Option<PyErr>>,
) -> impl FnMut(&Game) -> Result<MoveReport, ChooseError> + 'a {
    move |game: &Game| match (side, agent.as_mut()) {
        (Side::Function { function, .. }, _) => {
            ask_function(function, game, raised).map_err(ChooseError::from)
        }
        (Side::Spec(_), Some(agent)) => Ok(agent.choose(game)),
        (Side::Spec(_), None) => unreachable!("spec sides have agents"),
    }
}

/// A match: `(summary JSON, summary text, [game record JSON])`, the numbers `c4 match`
/// gives for the same arguments.
#[pyfunction]
#[pyo3(signature = (a, b, games = GameCount(100), seed = Seed(1), openings = None, first = "alternate", threads = None, sprt = None))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    games: GameCount,
    seed: Seed,
    openings: Option<&Bound<'_, PyAny>>,
    first: &str,
    threads: Option<Threads>,
    sprt: Option<&str>,
) -> PyResult<(String, String, Vec<String>)> {
    let (GameCount(games), Seed(seed)) = (games, seed);
    let sides = [side("A", a)?, side("B", b)?];
    let sprt = sprt.map(Sprt::parse).transpose().map_err(value_error)?;
    let openings = self::openings(openings, Size::STANDARD)?;
    let first = first_policy(first)?;
    let records = match &sides {
        [Side::Spec(a), Side::Spec(b)] => {
            let config = MatchConfig {
                a: a.clone(),
                b: b.clone(),
                games,
                seed,
                openings,
                first,
                sprt,
            };
            let pool = thread_pool(threads)?;
            py.detach(|| pool.install(|| run_match(&config, Vec::new(), None, &Quiet)))
                .map_err(value_error)?
        }
        _ => py.detach(|| {
            (0..games)
                .map(|game| {
                    let start = GameStart::new(&openings, first, seed, game).map_err(|reason| {
                        CoreError::Game {
                            game,
                            a: sides[0].label().to_owned(),
                            b: sides[1].label().to_owned(),
                            reason: reason.to_string(),
                        }
                    })?;
                    play_with_functions(&start, &sides)
                })
                .collect::<Result<Vec<_>, CoreError>>()
        })?,
    };
    let summary = MatchSummary::of(&records, seed, sprt.as_ref());
    let lines = records
        .iter()
        .map(|r| serde_json::to_string(r).expect("records serialize"))
        .collect();
    Ok((
        serde_json::to_string(&summary).expect("summaries serialize"),
        summary.to_text(),
        lines,
    ))
}

struct Silent;

impl Progress for Silent {
    fn advanced(&self) {}
    fn warn(&self, message: &str) {
        eprintln!("warning: {message}");
    }
}

/// Runs experiment `name` into `out` (default `results/NAME`) as `c4 experiment` does;
/// returns its summary text. A second run in the same folder resumes the first.
#[pyfunction]
#[pyo3(signature = (name, quick = false, games = None, seed = Seed(1), out = None, threads = None))]
pub fn experiment(
    py: Python<'_>,
    name: &str,
    quick: bool,
    games: Option<ExperimentGames>,
    seed: Seed,
    out: Option<PathBuf>,
    threads: Option<Threads>,
) -> PyResult<String> {
    let experiment = ExperimentKind::find(name).map_err(value_error)?;
    let (games, Seed(seed)) = (games.map(|ExperimentGames(n)| n), seed);
    let dir = out.unwrap_or_else(|| PathBuf::from("results").join(experiment.name()));
    let settings = RunSettings {
        games,
        quick,
        seed,
        out: dir,
    };
    RunInfo::of(experiment.name(), &settings)
        .claim(&settings.out)
        .map_err(value_error)?;
    let pool = thread_pool(threads)?;
    py.detach(|| pool.install(|| experiment.run(&settings, &Silent)))
        .map_err(value_error)
}

/// Every experiment: `(name, title, source)`.
#[pyfunction]
pub fn experiments() -> Vec<(&'static str, &'static str, &'static str)> {
    ExperimentKind::all()
        .iter()
        .map(|e| (e.name(), e.title(), e.source()))
        .collect()
}

/// An evaluator's value of `position` (a `Position` of any size, or a move string of 7x6)
/// with its terms, as `c4 eval --json` prints it; an evaluator bound to 7x6 refuses another
/// size.
#[pyfunction]
#[pyo3(signature = (eval, position, view = None, seed = Seed(0)))]
pub fn evaluate(
    eval: &str,
    position: &Bound<'_, PyAny>,
    view: Option<&str>,
    seed: Seed,
) -> PyResult<String> {
    let Seed(seed) = seed;
    let game = crate::solver::game_of(position)?;
    let spec = EvalSpec::parse(eval)
        .map_err(|e| value_error(format!("invalid eval {:?}: {e}", excerpt(eval))))?;
    let view = match view {
        None => game.position().side_to_move(),
        Some("red") => Player::Red,
        Some("yellow") => Player::Yellow,
        Some(other) => {
            return Err(value_error(format!(
                "{:?} is not a player: use red or yellow",
                excerpt(other)
            )));
        }
    };
    spec.check_size(game.size()).map_err(value_error)?;
    let mut evaluator = spec.build(seed);
    let (terms, score) = with_geometry!(game.size(), g => {
        let game = game_in(&game, g)?;
        (
            evaluator.breakdown(game.position(), view, game.last_move()),
            evaluator.evaluate(game.position(), view, game.last_move()),
        )
    });
    Ok(serde_json::json!({
        "eval": spec.to_string(),
        "view": view,
        "score": score,
        "terms": terms,
    })
    .to_string())
}

/// Every kind of player, evaluator and level with their options, as `c4 evals --json`.
#[pyfunction]
pub fn registry_json() -> String {
    serde_json::to_string(&REGISTRY).expect("the registry serializes")
}
