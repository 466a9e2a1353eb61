//! Players: a text spec such as `alphabeta:depth=5,eval=center` turned into an [`Agent`]
//! that picks moves. The CLI, the arena and the server all go through [`AgentSpec`].
//!
//! Specs are `ALGO[:KEY=VALUE,...]`, where the keys are the algorithm's own and, for
//! algorithms with an evaluator, the evaluator's (`minimax:depth=4,eval=kang,features=12`).
//! Level names (`easy`, `medium`, `hard`, `perfect`) are aliases defined in [`LEVELS`].

use crate::eval::{AnyEvaluator, EVALUATORS, parse_evaluator, registry::find_evaluator};
use crate::options::{OptionDoc, Options, SpecError, split_spec};
use crate::search::engine::{DEFAULT_ENGINE_TIME, EngineConfig, EngineSearch};
use crate::search::fixed_depth::{FixedDepthConfig, FixedDepthSearch, RootWindow};
use crate::search::{Cancel, LeafView, MoveOrder, MoveReport, TieBreak, WinScore};
use crate::solver::book::BookChoice;
use crate::solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS, SolveLimits, Solver};
use crate::{SeededRng, spec_error, with_evaluator};
use c4_core::{Column, Game};
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::time::{Duration, Instant};

/// Something that plays moves. Object-safe: the arena calls it once per move.
pub trait Agent: Send {
    /// The canonical spec this agent was built from.
    fn spec(&self) -> String;
    /// Chooses a move in `game`, which is not over.
    fn choose(&mut self, game: &Game) -> MoveReport;
    /// Stops its searches early when `cancel` is given: the move is then chosen from what
    /// was searched, as at a time limit. Players that do not search ignore it.
    fn set_cancel(&mut self, _cancel: Cancel) {}
}

/// The search algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax with a depth cut-off.
    Minimax,
    /// Fixed-depth alpha-beta, optionally with a state cache.
    Alphabeta,
    /// Iterative deepening under a time budget, with the solver for endgames.
    Engine,
    /// A uniformly random legal move.
    Random,
    /// Always an optimal move, from the solver.
    Perfect,
}

/// One algorithm in the registry.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct AlgorithmEntry {
    /// Name in specs.
    pub name: &'static str,
    /// Which algorithm.
    #[serde(skip)]
    pub algorithm: Algorithm,
    /// One line.
    pub summary: &'static str,
    /// Whether it takes `eval=` and the evaluator's options.
    pub uses_evaluator: bool,
    /// Its own options.
    pub options: &'static [OptionDoc],
}

const DEPTH: OptionDoc = OptionDoc {
    key: "depth",
    default: "4",
    help: "plies to search (1-42)",
};
const EVAL: OptionDoc = OptionDoc {
    key: "eval",
    default: "threats",
    help: "evaluator name (see c4 evals); its options may follow",
};
const SEED: OptionDoc = OptionDoc {
    key: "seed",
    default: "0",
    help: "seed of every random choice",
};
const WIN_SCORE: OptionDoc = OptionDoc {
    key: "win-score",
    default: "auto",
    help: "value of a won end: auto (above any heuristic, quicker wins higher), a number (Ayoub: 100), or eval (Kang)",
};
const TIEBREAK: OptionDoc = OptionDoc {
    key: "tiebreak",
    default: "first",
    help: "among equal best moves: first, center or random (Ayoub)",
};
const RANDOM_EVERY: OptionDoc = OptionDoc {
    key: "random-every",
    default: "off",
    help: "K: at the player's K-th, 2K-th ... move pick at random between the two best columns (Kang: 3)",
};
const ORDER: OptionDoc = OptionDoc {
    key: "order",
    default: "center",
    help: "move order: none (left to right), center, best (table move first)",
};
const VIEW: OptionDoc = OptionDoc {
    key: "view",
    default: "root",
    help: "leaves scored for the searching player (root) or, as a reproduced slip, for the player to move there (mover)",
};
const SAFETY_TIME: OptionDoc = OptionDoc {
    key: "time",
    default: "none",
    help: "milliseconds: a safety cap (not in the papers); the search stops there and plays the best root move finished",
};
const BOOK: OptionDoc = OptionDoc {
    key: "book",
    default: "builtin",
    help: "opening book of exact scores: builtin (c4's own), none, or a book file (c4 book build)",
};
const SOLVER_THREADS: OptionDoc = OptionDoc {
    key: "threads",
    default: "1",
    help: "threads for exact solves, searching one shared table together (1-64)",
};
const MINIMAX_OPTIONS: &[OptionDoc] = &[
    DEPTH,
    SAFETY_TIME,
    EVAL,
    WIN_SCORE,
    TIEBREAK,
    RANDOM_EVERY,
    OptionDoc {
        default: "none",
        ..ORDER
    },
    VIEW,
    SEED,
];

/// Every algorithm.
pub static ALGORITHMS: &[AlgorithmEntry] = &[
    AlgorithmEntry {
        name: "minimax",
        algorithm: Algorithm::Minimax,
        summary: "plain minimax with a depth cut-off, no pruning (Kang et al. Figure 1)",
        uses_evaluator: true,
        options: MINIMAX_OPTIONS,
    },
    AlgorithmEntry {
        name: "alphabeta",
        algorithm: Algorithm::Alphabeta,
        summary: "fixed-depth alpha-beta; tt=on adds the papers' depth-aware state cache",
        uses_evaluator: true,
        options: &[
            OptionDoc {
                default: "6",
                ..DEPTH
            },
            SAFETY_TIME,
            EVAL,
            OptionDoc {
                key: "tt",
                default: "off",
                help: "state cache (transposition table): on or off",
            },
            WIN_SCORE,
            TIEBREAK,
            RANDOM_EVERY,
            ORDER,
            VIEW,
            SEED,
        ],
    },
    AlgorithmEntry {
        name: "engine",
        algorithm: Algorithm::Engine,
        summary: "iterative deepening under a time budget, table kept between moves, exact endgames",
        uses_evaluator: true,
        options: &[
            OptionDoc {
                key: "time",
                default: "500",
                help: "milliseconds per move",
            },
            OptionDoc {
                key: "depth",
                default: "none",
                help: "optional cap on the search depth",
            },
            EVAL,
            OptionDoc {
                key: "solver",
                default: "on",
                help: "try an exact solve first when it may finish in time",
            },
            OptionDoc {
                key: "threads",
                default: "1",
                help: "1: an exact solve first, then the heuristic search; N >= 2: the solve on N - 1 threads beside the heuristic search, both the whole time (1-64)",
            },
            BOOK,
            SEED,
        ],
    },
    AlgorithmEntry {
        name: "random",
        algorithm: Algorithm::Random,
        summary: "a uniformly random legal move",
        uses_evaluator: false,
        options: &[SEED],
    },
    AlgorithmEntry {
        name: "perfect",
        algorithm: Algorithm::Perfect,
        summary: "an optimal move from the solver (best score, centre-most among equals)",
        uses_evaluator: false,
        options: &[
            OptionDoc {
                key: "time",
                default: "none",
                help: "milliseconds; if the solve does not finish, the engine's search decides (and says so)",
            },
            OptionDoc {
                key: "table",
                default: "24",
                help: "log2 of the solver table's entries (8 bytes each)",
            },
            BOOK,
            SOLVER_THREADS,
        ],
    },
];

/// A named level: an alias for a spec, with an honest description.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Level {
    /// The alias.
    pub name: &'static str,
    /// What it stands for.
    pub spec: &'static str,
    /// What to expect.
    pub description: &'static str,
}

/// The levels, weakest first. The one place they are defined.
pub static LEVELS: &[Level] = &[
    Level {
        name: "easy",
        spec: "alphabeta:depth=2,eval=center,tiebreak=random",
        description: "looks two plies ahead: takes a win and blocks a direct threat, falls for double threats",
    },
    Level {
        name: "medium",
        spec: "alphabeta:depth=6,eval=threats,tiebreak=random",
        description: "six plies with threat analysis: punishes loose play, can be outplayed with long-range plans",
    },
    Level {
        name: "hard",
        spec: "engine:time=1000",
        description: "the engine with a second a move: opening book moves to ply 8, then an exact solve when one fits in half the second, else a deep search",
    },
    Level {
        name: "perfect",
        spec: "perfect:time=3000",
        description: "the solver with the opening book: an optimal move every time (the engine decides only if a solve outruns 3 s)",
    },
];

/// The largest depth a spec may ask for.
pub const MAX_DEPTH: u32 = c4_core::CELLS as u32;
/// The largest time budget a spec may ask for: 10^12 ms, no practical limit (a server
/// clamps requests to its own cap with [`AgentSpec::clamp`]).
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;

/// A parsed, validated player spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Depth (fixed-depth algorithms) or depth cap (engine).
    pub depth: Option<u32>,
    /// Time budget.
    pub time_ms: Option<u64>,
    /// Canonical evaluator spec (`center`, `kang:features=12`).
    pub eval: String,
    /// State cache.
    pub tt: bool,
    /// Move order.
    pub order: MoveOrder,
    /// Tie-break.
    pub tiebreak: TieBreak,
    /// Kang's random move every K moves.
    pub random_every: Option<u32>,
    /// Win value.
    pub win_score: WinScore,
    /// Leaf point of view.
    pub leaf_view: LeafView,
    /// Seed.
    pub seed: u64,
    /// Engine: exact solves.
    pub solver: bool,
    /// Perfect: table size.
    pub table_bits: u32,
    /// Engine and perfect: the opening book.
    pub book: BookChoice,
    /// Engine and perfect: threads per exact solve (the engine's heuristic search takes one
    /// of them when there are two or more).
    pub solver_threads: u32,
}

impl AgentSpec {
    /// Parses a spec or a level name. `default_seed` applies when the spec sets no seed.
    pub fn parse(text: &str, default_seed: u64) -> Result<AgentSpec, SpecError> {
        let (name, rest) = split_spec(text);
        if name.is_empty() {
            return Err(spec_error!(
                "empty player spec; try one of: {}",
                spec_names()
            ));
        }
        // A bare level name is its spec; with options, the name is the algorithm
        // (`perfect` is both a level and an algorithm).
        if rest.trim().is_empty()
            && let Some(level) = LEVELS.iter().find(|l| l.name == name)
        {
            return AgentSpec::parse_algorithm(level.spec, default_seed);
        }
        AgentSpec::parse_algorithm(text, default_seed)
    }

    fn parse_algorithm(text: &str, default_seed: u64) -> Result<AgentSpec, SpecError> {
        let (name, rest) = split_spec(text);
        let entry = ALGORITHMS.iter().find(|a| a.name == name).ok_or_else(|| {
            match LEVELS.iter().find(|l| l.name == name) {
                Some(level) => spec_error!(
                    "level {:?} takes no options; write its spec instead: {}",
                    level.name,
                    level.spec
                ),
                None => spec_error!("unknown player {name:?}; valid players: {}", spec_names()),
            }
        })?;
        let mut options = Options::parse(rest)?;
        let algorithm = entry.algorithm;
        let mut spec = AgentSpec {
            algorithm,
            depth: match algorithm {
                Algorithm::Minimax => Some(4),
                Algorithm::Alphabeta => Some(6),
                _ => None,
            },
            time_ms: (algorithm == Algorithm::Engine)
                .then_some(DEFAULT_ENGINE_TIME.as_millis() as u64),
            eval: "threats".to_owned(),
            tt: false,
            order: if algorithm == Algorithm::Minimax {
                MoveOrder::None
            } else {
                MoveOrder::Center
            },
            tiebreak: TieBreak::First,
            random_every: None,
            win_score: WinScore::Auto,
            leaf_view: LeafView::Root,
            seed: default_seed,
            solver: true,
            table_bits: DEFAULT_TABLE_BITS,
            book: BookChoice::Builtin,
            solver_threads: 1,
        };
        if let Some(seed) = options.take::<u64>("seed", "a non-negative integer")? {
            spec.seed = seed;
        }
        let mut eval_keys: Vec<&str> = Vec::new();
        match algorithm {
            Algorithm::Minimax | Algorithm::Alphabeta => {
                if let Some(d) = options.take_in_range("depth", 1, i64::from(MAX_DEPTH))? {
                    spec.depth = Some(d as u32);
                }
                if let Some(t) = options.take_limit("time", 1, MAX_TIME_MS as i64)? {
                    spec.time_ms = Some(t as u64);
                }
                if algorithm == Algorithm::Alphabeta
                    && let Some(tt) = options.take_switch("tt")?
                {
                    spec.tt = tt;
                }
                if let Some(o) = options.take_choice("order", &["none", "center", "best"])? {
                    spec.order = match o {
                        "none" => MoveOrder::None,
                        "center" => MoveOrder::Center,
                        _ => MoveOrder::Best,
                    };
                }
                if let Some(t) = options.take_choice("tiebreak", &["first", "center", "random"])? {
                    spec.tiebreak = match t {
                        "first" => TieBreak::First,
                        "center" => TieBreak::Center,
                        _ => TieBreak::Random,
                    };
                }
                if let Some(raw) = options.take_raw("random-every") {
                    spec.random_every = match raw.as_str() {
                        "off" | "0" => None,
                        _ => Some(raw.parse::<u32>().ok().filter(|k| (1..=42).contains(k)).ok_or_else(|| {
                            spec_error!("random-every={raw} is not valid: expected off or a number of moves from 1 to 42")
                        })?),
                    };
                }
                if let Some(view) = options.take_choice("view", &["root", "mover"])? {
                    spec.leaf_view = if view == "mover" {
                        LeafView::Mover
                    } else {
                        LeafView::Root
                    };
                }
                if let Some(raw) = options.take_raw("win-score") {
                    spec.win_score = match raw.as_str() {
                        "auto" => WinScore::Auto,
                        "eval" => WinScore::Eval,
                        _ => WinScore::Fixed(raw.parse::<i32>().ok().filter(|v| *v > 0 && *v <= 400_000_000).ok_or_else(
                            || spec_error!("win-score={raw} is not valid: expected auto, eval or a number from 1 to 400000000"),
                        )?),
                    };
                }
            }
            Algorithm::Engine => {
                if let Some(t) = options.take_in_range("time", 1, MAX_TIME_MS as i64)? {
                    spec.time_ms = Some(t as u64);
                }
                if let Some(d) = options.take_limit("depth", 1, i64::from(MAX_DEPTH))? {
                    spec.depth = Some(d as u32);
                }
                if let Some(s) = options.take_switch("solver")? {
                    spec.solver = s;
                }
                if let Some(t) = options.take_in_range("threads", 1, 64)? {
                    spec.solver_threads = t as u32;
                }
                spec.book = take_book(&mut options)?;
            }
            Algorithm::Perfect => {
                if let Some(t) = options.take_limit("time", 1, MAX_TIME_MS as i64)? {
                    spec.time_ms = Some(t as u64);
                }
                if let Some(t) = options.take_in_range("threads", 1, 64)? {
                    spec.solver_threads = t as u32;
                }
                if let Some(b) = options.take_in_range(
                    "table",
                    i64::from(MIN_TABLE_BITS),
                    i64::from(MAX_TABLE_BITS),
                )? {
                    spec.table_bits = b as u32;
                }
                spec.book = take_book(&mut options)?;
            }
            Algorithm::Random => {}
        }
        if entry.uses_evaluator {
            let eval_name = options
                .take_raw("eval")
                .unwrap_or_else(|| "threats".to_owned());
            let eval_entry = find_evaluator(&eval_name)?;
            eval_keys = eval_entry.options.iter().map(|o| o.key).collect();
            let evaluator = (eval_entry.build)(&mut options, spec.seed)?;
            spec.eval = evaluator.spec();
        }
        let mut valid: Vec<&str> = entry.options.iter().map(|o| o.key).collect();
        valid.extend(eval_keys);
        options.finish(&format!("player {}", entry.name), &valid)?;
        Ok(spec)
    }

    /// The evaluator (for algorithms that use one).
    pub fn evaluator(&self) -> Result<AnyEvaluator, SpecError> {
        parse_evaluator(&self.eval, self.seed)
    }

    /// Caps depth and time (for the server); returns what was changed, in words.
    pub fn clamp(&mut self, max_depth: u32, max_time_ms: u64) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(d) = self.depth.filter(|&d| d > max_depth) {
            notes.push(format!("depth {d} clamped to {max_depth}"));
            self.depth = Some(max_depth);
        }
        match self.time_ms {
            Some(t) if t > max_time_ms => {
                notes.push(format!("time {t} ms clamped to {max_time_ms} ms"));
                self.time_ms = Some(max_time_ms);
            }
            None if self.algorithm == Algorithm::Perfect => {
                notes.push(format!("perfect play limited to {max_time_ms} ms"));
                self.time_ms = Some(max_time_ms);
            }
            None if matches!(self.algorithm, Algorithm::Minimax | Algorithm::Alphabeta) => {
                notes.push(format!(
                    "search stopped at {max_time_ms} ms if not finished"
                ));
                self.time_ms = Some(max_time_ms);
            }
            _ => {}
        }
        notes
    }

    /// Caps the memory and threads of one search (for the server): the solver table's size
    /// and the threads of exact solves; returns what was changed, in words.
    pub fn clamp_resources(&mut self, max_table_bits: u32, max_threads: u32) -> Vec<String> {
        let mut notes = Vec::new();
        if self.table_bits > max_table_bits {
            notes.push(format!(
                "table {} clamped to {max_table_bits} ({} MiB)",
                self.table_bits,
                (8u64 << max_table_bits) >> 20
            ));
            self.table_bits = max_table_bits;
        }
        if self.solver_threads > max_threads {
            notes.push(format!(
                "threads {} clamped to {max_threads}",
                self.solver_threads
            ));
            self.solver_threads = max_threads;
        }
        notes
    }

    /// Builds the player.
    pub fn build(&self) -> Result<Box<dyn Agent>, SpecError> {
        let spec = self.to_string();
        Ok(match self.algorithm {
            Algorithm::Random => Box::new(RandomAgent {
                spec,
                rng: SeededRng::seed_from_u64(self.seed),
            }),
            Algorithm::Minimax | Algorithm::Alphabeta => {
                let config = FixedDepthConfig {
                    depth: self.depth.unwrap_or(4),
                    prune: self.algorithm == Algorithm::Alphabeta,
                    tt: self.tt,
                    order: self.order,
                    win_score: self.win_score,
                    leaf_view: self.leaf_view,
                };
                let (tiebreak, random_every, seed) = (self.tiebreak, self.random_every, self.seed);
                let time_limit = self.time_ms.map(Duration::from_millis);
                with_evaluator!(self.evaluator()?, e => Box::new(FixedDepthAgent {
                    spec,
                    search: {
                        let mut search = FixedDepthSearch::new(e, config);
                        search.set_time_limit(time_limit);
                        search
                    },
                    tiebreak,
                    random_every,
                    rng: SeededRng::seed_from_u64(seed),
                }) as Box<dyn Agent>)
            }
            Algorithm::Engine => {
                let config = self.engine_config();
                let book = self.book.load().map_err(|e| spec_error!("{e}"))?;
                with_evaluator!(self.evaluator()?, e => Box::new(EngineAgent {
                    spec,
                    search: {
                        let mut search = EngineSearch::new(e, config);
                        search.set_book(book);
                        search
                    },
                }) as Box<dyn Agent>)
            }
            Algorithm::Perfect => Box::new(PerfectAgent {
                spec,
                solver: {
                    let mut solver = Solver::try_new(self.table_bits).map_err(|e| {
                        spec_error!(
                            "table={}: cannot allocate {} MiB: {e}",
                            self.table_bits,
                            (8u64 << self.table_bits) >> 20
                        )
                    })?;
                    solver.set_book(self.book.load().map_err(|e| spec_error!("{e}"))?);
                    solver.set_threads(self.solver_threads as usize);
                    solver
                },
                time: self.time_ms.map(Duration::from_millis),
                fallback: None,
                cancel: None,
            }),
        })
    }

    fn engine_config(&self) -> EngineConfig {
        EngineConfig {
            time: Duration::from_millis(
                self.time_ms
                    .unwrap_or(DEFAULT_ENGINE_TIME.as_millis() as u64),
            ),
            max_depth: self.depth,
            use_solver: self.solver,
            solver_threads: self.solver_threads as usize,
            ..EngineConfig::default()
        }
    }
}

impl fmt::Display for AgentSpec {
    /// The canonical spec: parses back to an equal `AgentSpec`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entry = ALGORITHMS
            .iter()
            .find(|a| a.algorithm == self.algorithm)
            .expect("every algorithm is listed");
        let mut parts: Vec<String> = Vec::new();
        match self.algorithm {
            Algorithm::Minimax | Algorithm::Alphabeta => {
                parts.push(format!("depth={}", self.depth.unwrap_or(4)));
                if let Some(t) = self.time_ms {
                    parts.push(format!("time={t}"));
                }
                if self.tt {
                    parts.push("tt=on".into());
                }
                let default_order = if self.algorithm == Algorithm::Minimax {
                    MoveOrder::None
                } else {
                    MoveOrder::Center
                };
                if self.order != default_order {
                    parts.push(format!(
                        "order={}",
                        format!("{:?}", self.order).to_lowercase()
                    ));
                }
                if self.tiebreak != TieBreak::First {
                    parts.push(format!(
                        "tiebreak={}",
                        format!("{:?}", self.tiebreak).to_lowercase()
                    ));
                }
                if let Some(k) = self.random_every {
                    parts.push(format!("random-every={k}"));
                }
                if self.leaf_view == LeafView::Mover {
                    parts.push("view=mover".into());
                }
                match self.win_score {
                    WinScore::Auto => {}
                    WinScore::Eval => parts.push("win-score=eval".into()),
                    WinScore::Fixed(v) => parts.push(format!("win-score={v}")),
                }
            }
            Algorithm::Engine => {
                parts.push(format!(
                    "time={}",
                    self.time_ms
                        .unwrap_or(DEFAULT_ENGINE_TIME.as_millis() as u64)
                ));
                if let Some(d) = self.depth {
                    parts.push(format!("depth={d}"));
                }
                if !self.solver {
                    parts.push("solver=off".into());
                }
                if self.solver_threads > 1 {
                    parts.push(format!("threads={}", self.solver_threads));
                }
                if self.book != BookChoice::Builtin {
                    parts.push(format!("book={}", self.book));
                }
            }
            Algorithm::Perfect => {
                // Always spelled: a bare `perfect` is the level, which has a time limit.
                parts.push(format!(
                    "time={}",
                    self.time_ms
                        .map_or_else(|| "none".to_owned(), |t| t.to_string())
                ));
                if self.table_bits != DEFAULT_TABLE_BITS {
                    parts.push(format!("table={}", self.table_bits));
                }
                if self.book != BookChoice::Builtin {
                    parts.push(format!("book={}", self.book));
                }
                if self.solver_threads > 1 {
                    parts.push(format!("threads={}", self.solver_threads));
                }
            }
            Algorithm::Random => {}
        }
        if entry.uses_evaluator {
            let (name, options) = split_spec(&self.eval);
            parts.push(format!("eval={name}"));
            parts.extend(
                options
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned),
            );
        }
        let uses_seed = matches!(
            self.algorithm,
            Algorithm::Random | Algorithm::Minimax | Algorithm::Alphabeta
        ) || (entry.uses_evaluator && self.eval.starts_with("naive"));
        if self.seed != 0 && uses_seed {
            parts.push(format!("seed={}", self.seed));
        }
        if parts.is_empty() {
            write!(f, "{}", entry.name)
        } else {
            write!(f, "{}:{}", entry.name, parts.join(","))
        }
    }
}

/// The `book=` option: `builtin` when absent.
fn take_book(options: &mut Options) -> Result<BookChoice, SpecError> {
    let Some(text) = options.take_raw("book") else {
        return Ok(BookChoice::Builtin);
    };
    if text.is_empty() || text.contains([',', '=']) {
        return Err(spec_error!(
            "book={text} is not valid: expected builtin, none or a file path without ',' or '='"
        ));
    }
    Ok(text
        .parse::<BookChoice>()
        .unwrap_or_else(|never| match never {}))
}

/// Every player name and level, for error messages.
fn spec_names() -> String {
    let mut names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name).collect();
    for level in LEVELS {
        if !names.contains(&level.name) {
            names.push(level.name);
        }
    }
    names.join(", ")
}

/// Parses and builds in one step.
pub fn parse_agent(text: &str, default_seed: u64) -> Result<Box<dyn Agent>, SpecError> {
    AgentSpec::parse(text, default_seed)?.build()
}

/// Every player, level and evaluator with their options: what `c4 evals --json` prints and
/// the server's `/api/players` serves, so menus and the CLI list the same things.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Registry {
    /// The algorithms.
    pub algorithms: &'static [AlgorithmEntry],
    /// The evaluators.
    pub evaluators: &'static [crate::eval::EvaluatorEntry],
    /// The levels, weakest first.
    pub levels: &'static [Level],
}

/// The registry.
pub const REGISTRY: Registry = Registry {
    algorithms: ALGORITHMS,
    evaluators: EVALUATORS,
    levels: LEVELS,
};

/// The evaluator registry, re-exported for menus.
#[must_use]
pub fn evaluators() -> &'static [crate::eval::EvaluatorEntry] {
    EVALUATORS
}

struct RandomAgent {
    spec: String,
    rng: SeededRng,
}

impl Agent for RandomAgent {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, game: &Game) -> MoveReport {
        let start = Instant::now();
        let legal: Vec<Column> = game.position().legal_moves().collect();
        let column = legal[self.rng.random_range(0..legal.len())];
        MoveReport {
            column,
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
            time: start.elapsed(),
            pv: vec![column],
            note: None,
        }
    }
}

struct FixedDepthAgent<E: crate::eval::Evaluator> {
    spec: String,
    search: FixedDepthSearch<E>,
    tiebreak: TieBreak,
    random_every: Option<u32>,
    rng: SeededRng,
}

impl<E: crate::eval::Evaluator + Send> Agent for FixedDepthAgent<E> {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.search.set_cancel(Some(cancel));
    }

    fn choose(&mut self, game: &Game) -> MoveReport {
        let start = Instant::now();
        let position = game.position();
        // The player's own move number, 1-based: Kang's "3rd, 6th, 9th ... move".
        let own_move = position.moves_played() / 2 + 1;
        let random_now = self
            .random_every
            .is_some_and(|k| own_move.is_multiple_of(k));
        let window = if random_now {
            RootWindow::Full
        } else if self.tiebreak == TieBreak::First {
            RootWindow::Standard
        } else {
            RootWindow::KeepTies
        };
        let values = self.search.search_root(position, window);
        let best_value = values
            .iter()
            .map(|v| v.1)
            .max()
            .expect("a position that is not over has moves");
        let mut note = self.search.stopped_early().then(|| {
            format!(
                "stopped at the time limit after {} of {} root moves",
                values.len(),
                position.legal_moves().count()
            )
        });
        let column = if random_now && values.len() > 1 {
            let mut ranked: Vec<_> = values.clone();
            ranked.sort_by_key(|v| std::cmp::Reverse(v.1)); // stable: search order among equals
            let pick = ranked[self.rng.random_range(0..2)];
            note = Some(format!(
                "random move between the two best columns ({} and {})",
                ranked[0].0, ranked[1].0
            ));
            pick.0
        } else {
            let tied: Vec<Column> = values
                .iter()
                .filter(|v| v.1 == best_value && v.2)
                .map(|v| v.0)
                .collect();
            match self.tiebreak {
                TieBreak::First => tied[0],
                TieBreak::Center => *tied
                    .iter()
                    .min_by_key(|c| c.distance_from_center())
                    .expect("non-empty"),
                TieBreak::Random => tied[self.rng.random_range(0..tied.len())],
            }
        };
        let score = values
            .iter()
            .find(|v| v.0 == column)
            .map_or(best_value, |v| v.1);
        let mut pv = self.search.principal_variation();
        if pv.first() != Some(&column) {
            pv = vec![column];
        }
        MoveReport {
            column,
            score,
            exact: false,
            depth: self.search.depth(),
            nodes: self.search.nodes(),
            time: start.elapsed(),
            pv,
            note,
        }
    }
}

struct EngineAgent<E: crate::eval::Evaluator> {
    spec: String,
    search: EngineSearch<E>,
}

impl<E: crate::eval::Evaluator + Send> Agent for EngineAgent<E> {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, game: &Game) -> MoveReport {
        self.search.choose(game.position())
    }
    fn set_cancel(&mut self, cancel: Cancel) {
        self.search.set_cancel(Some(cancel));
    }
}

struct PerfectAgent {
    spec: String,
    solver: Solver,
    time: Option<Duration>,
    fallback: Option<Box<dyn Agent>>,
    cancel: Option<Cancel>,
}

impl Agent for PerfectAgent {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.solver.set_cancel(Some(cancel.clone()));
        if let Some(fallback) = &mut self.fallback {
            fallback.set_cancel(cancel.clone());
        }
        self.cancel = Some(cancel);
    }

    fn choose(&mut self, game: &Game) -> MoveReport {
        let start = Instant::now();
        let position = game.position();
        let limits = SolveLimits {
            nodes: None,
            time: self.time,
        };
        match self.solver.best_move(position, limits) {
            Ok((column, score, stats)) => MoveReport {
                column,
                score,
                exact: true,
                depth: c4_core::CELLS as u32 - position.moves_played(),
                nodes: stats.nodes,
                time: start.elapsed(),
                pv: vec![column],
                note: None,
            },
            Err(_) => {
                let remaining = self
                    .time
                    .unwrap_or_default()
                    .saturating_sub(start.elapsed())
                    .max(Duration::from_millis(50));
                let cancel = self.cancel.clone();
                let fallback = self.fallback.get_or_insert_with(|| {
                    let spec = format!("engine:time={}", remaining.as_millis());
                    let mut engine =
                        parse_agent(&spec, 0).expect("the fallback engine spec is valid");
                    if let Some(cancel) = cancel {
                        engine.set_cancel(cancel);
                    }
                    engine
                });
                let mut report = fallback.choose(game);
                report.time = start.elapsed();
                report.note =
                    Some("the solve did not finish in time: the engine's search chose".to_owned());
                report
            }
        }
    }
}
