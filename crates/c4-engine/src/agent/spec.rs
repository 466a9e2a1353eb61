//! Player specs: `ALGO[:KEY=VALUE,...]` as a typed [`PlayerSpec`], one variant per kind of
//! player, each with its option table.
//!
//! The keys are the kind's own and, for kinds with an evaluator, the evaluator's
//! (`minimax:depth=4,eval=kang,features=12`). Level names (`easy`, `medium`, `hard`,
//! `perfect`) are aliases defined in [`LEVELS`]. The text a spec displays is canonical: it
//! is written in every saved games file and parses back to an equal spec.

use crate::eval::EvalSpec;
use crate::options::{
    Field, FileAccess, NumberOr, OptionDef, OptionDoc, OptionTable, Options, SpecError, Spelled,
    Variant, VariantOptions, split_spec,
};
use crate::search::engine::DEFAULT_ENGINE_TIME;
use crate::search::{LeafView, MoveOrder, RandomCount, RandomPick, TieBreak, WinScore};
use crate::solver::book::BookChoice;
use crate::solver::{DEFAULT_TABLE_BITS, MAX_TABLE_BITS, MIN_TABLE_BITS};
use crate::{choice_option, integer_option, switch_option};
use std::fmt;

/// The largest depth a spec may ask for.
pub const MAX_DEPTH: u32 = c4_core::CELLS as u32;
/// The largest time budget a spec may ask for: 10^12 ms, no practical limit (a server
/// clamps requests to its own cap with [`PlayerSpec::clamp`]).
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The most threads a spec may ask for.
pub const MAX_THREADS: u32 = 64;

/// A parsed, validated player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Plain minimax with a depth cut-off.
    Minimax(FixedDepthSpec),
    /// Fixed-depth alpha-beta, optionally with a state cache.
    Alphabeta(FixedDepthSpec),
    /// Iterative deepening under a time budget, with the solver for endgames.
    Engine(EngineSpec),
    /// Always an optimal move, from the solver.
    Perfect(PerfectSpec),
    /// A uniformly random legal move.
    Random(RandomSpec),
}

/// `minimax` and `alphabeta`: the papers' fixed-depth searchers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedDepthSpec {
    /// Plies to search.
    pub depth: u32,
    /// A safety cap on the time of a move, in milliseconds.
    pub time_ms: Option<u64>,
    /// The depth-aware state cache (alpha-beta only).
    pub tt: bool,
    /// Move order.
    pub order: MoveOrder,
    /// How to choose among equal best moves.
    pub tiebreak: TieBreak,
    /// Kang's random move every K moves.
    pub random_every: Option<u32>,
    /// Whose moves count towards `random_every`.
    pub random_count: RandomCount,
    /// What the random move picks from.
    pub random_pick: RandomPick,
    /// Whose point of view leaves are scored from.
    pub leaf_view: LeafView,
    /// What a won end is worth.
    pub win_score: WinScore,
    /// The evaluator.
    pub eval: EvalSpec,
    /// The seed of every random choice.
    pub seed: u64,
}

/// `engine`: iterative deepening under a time budget, exact solves when they fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Milliseconds per move.
    pub time_ms: u64,
    /// Optional cap on the search depth.
    pub depth: Option<u32>,
    /// Whether to try exact solves.
    pub solver: bool,
    /// Threads: one runs the solve then the search; more run both side by side.
    pub threads: u32,
    /// The opening book.
    pub book: BookChoice,
    /// The evaluator.
    pub eval: EvalSpec,
    /// The seed (used by random evaluators).
    pub seed: u64,
}

/// `perfect`: an optimal move from the solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerfectSpec {
    /// Milliseconds after which the engine's search decides instead.
    pub time_ms: Option<u64>,
    /// log2 of the solver table's entries.
    pub table_bits: u32,
    /// The opening book.
    pub book: BookChoice,
    /// Threads per solve.
    pub threads: u32,
}

/// `random`: a uniformly random legal move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RandomSpec {
    /// The seed of its choices.
    pub seed: u64,
}

impl FixedDepthSpec {
    /// `minimax`'s defaults: the papers' plain loop, left to right.
    #[must_use]
    pub fn minimax() -> FixedDepthSpec {
        FixedDepthSpec {
            depth: 4,
            time_ms: None,
            tt: false,
            order: MoveOrder::None,
            tiebreak: TieBreak::First,
            random_every: None,
            random_count: RandomCount::Own,
            random_pick: RandomPick::TwoBest,
            leaf_view: LeafView::Root,
            win_score: WinScore::Auto,
            eval: EvalSpec::default(),
            seed: 0,
        }
    }

    /// `alphabeta`'s defaults.
    #[must_use]
    pub fn alphabeta() -> FixedDepthSpec {
        FixedDepthSpec {
            depth: 6,
            order: MoveOrder::Center,
            ..FixedDepthSpec::minimax()
        }
    }
}

impl Default for EngineSpec {
    fn default() -> Self {
        EngineSpec {
            time_ms: DEFAULT_ENGINE_TIME.as_millis() as u64,
            depth: None,
            solver: true,
            threads: 1,
            book: BookChoice::Builtin,
            eval: EvalSpec::default(),
            seed: 0,
        }
    }
}

impl Default for PerfectSpec {
    fn default() -> Self {
        PerfectSpec {
            time_ms: None,
            table_bits: DEFAULT_TABLE_BITS,
            book: BookChoice::Builtin,
            threads: 1,
        }
    }
}

/// `none` or a number, for optional limits.
fn limit(value: Option<u64>) -> NumberOr {
    value.map_or(NumberOr::Word("none"), |n| NumberOr::Number(n as i64))
}

/// The number of a [`limit`], if any.
fn limit_value(value: NumberOr) -> Option<u64> {
    match value {
        NumberOr::Number(n) => Some(n as u64),
        NumberOr::Word(_) => None,
    }
}

/// Players that use the opening book.
trait UsesBook {
    fn book(&self) -> &BookChoice;
    fn book_mut(&mut self) -> &mut BookChoice;
}

impl UsesBook for EngineSpec {
    fn book(&self) -> &BookChoice {
        &self.book
    }
    fn book_mut(&mut self) -> &mut BookChoice {
        &mut self.book
    }
}

impl UsesBook for PerfectSpec {
    fn book(&self) -> &BookChoice {
        &self.book
    }
    fn book_mut(&mut self) -> &mut BookChoice {
        &mut self.book
    }
}

/// The words of `book=` that name no file.
const BOOK_WORDS: &[&str] = &["builtin", "none"];

/// The `book=` option of a player that uses the book: a file option, so servers refuse a
/// path.
const fn book_option<C: UsesBook>() -> OptionDef<C> {
    OptionDef::new(
        "book",
        "opening book of exact scores: builtin (c4's own), none, or a book file (c4 book build)",
        Field::File {
            shipped: BOOK_WORDS,
            get: |c| c.book().to_string(),
            set: |c, text| {
                if text.contains([',', '=']) {
                    return Err(());
                }
                *c.book_mut() = text.parse().unwrap_or_else(|never| match never {});
                Ok(())
            },
        },
    )
}

/// A spec with an evaluator.
trait UsesEval {
    fn eval(&self) -> &EvalSpec;
    fn eval_mut(&mut self) -> &mut EvalSpec;
}

impl UsesEval for FixedDepthSpec {
    fn eval(&self) -> &EvalSpec {
        &self.eval
    }
    fn eval_mut(&mut self) -> &mut EvalSpec {
        &mut self.eval
    }
}

impl UsesEval for EngineSpec {
    fn eval(&self) -> &EvalSpec {
        &self.eval
    }
    fn eval_mut(&mut self) -> &mut EvalSpec {
        &mut self.eval
    }
}

/// The `eval=` option: an evaluator, whose own options join the player's.
const fn eval_option<C: UsesEval>() -> OptionDef<C> {
    OptionDef::new(
        "eval",
        "evaluator name (see c4 evals); its options may follow",
        Field::Nested {
            expected: "an evaluator name (see c4 evals)",
            name: |c: &C| c.eval().name(),
            options_text: |c: &C| c.eval().options_text(),
            set: |c: &mut C, name, options| {
                *c.eval_mut() = EvalSpec::from_options(name, options)?;
                Ok(())
            },
        },
    )
    .spelled(Spelled::Always)
}

/// The `seed=` option of a spec with a `seed` field.
macro_rules! seed_option {
    ($spec:ty) => {
        OptionDef::<$spec>::new(
            "seed",
            "seed of every random choice",
            Field::Unsigned {
                get: |c| c.seed,
                set: |c, seed| c.seed = seed,
            },
        )
    };
}

/// The `time=none|N` option of a spec with an optional `time_ms` limit.
macro_rules! time_limit_option {
    ($spec:ty, $help:expr) => {
        OptionDef::<$spec>::new(
            "time",
            $help,
            Field::NumberOr {
                words: &["none"],
                min: 1,
                max: MAX_TIME_MS as i64,
                get: |c| limit(c.time_ms),
                set: |c, v| c.time_ms = limit_value(v),
            },
        )
    };
}

const FIXED_DEPTH_DEPTH: OptionDef<FixedDepthSpec> = integer_option!(
    FixedDepthSpec,
    "depth",
    depth,
    1,
    MAX_DEPTH as i64,
    "plies to search (1-42)"
)
.spelled(Spelled::Always);

const FIXED_DEPTH_TIME: OptionDef<FixedDepthSpec> = time_limit_option!(
    FixedDepthSpec,
    "milliseconds: a safety cap (not in the papers); the search stops there and plays the best root move finished"
);

const FIXED_DEPTH_ORDER: OptionDef<FixedDepthSpec> = choice_option!(
    FixedDepthSpec,
    "order",
    order,
    "move order: none (left to right), center, best (table move first)"
);

const FIXED_DEPTH_TIEBREAK: OptionDef<FixedDepthSpec> = choice_option!(
    FixedDepthSpec,
    "tiebreak",
    tiebreak,
    "among equal best moves: first, center or random (Ayoub)"
);

const FIXED_DEPTH_RANDOM_EVERY: OptionDef<FixedDepthSpec> = OptionDef::new(
    "random-every",
    "K: at the player's K-th, 2K-th ... move pick at random between the two best columns (Kang: 3)",
    Field::NumberOr {
        words: &["off", "0"],
        min: 1,
        max: MAX_DEPTH as i64,
        get: |c| {
            c.random_every
                .map_or(NumberOr::Word("off"), |k| NumberOr::Number(i64::from(k)))
        },
        set: |c, v| c.random_every = limit_value(v).map(|k| k as u32),
    },
);

const FIXED_DEPTH_RANDOM_COUNT: OptionDef<FixedDepthSpec> = choice_option!(
    FixedDepthSpec,
    "random-count",
    random_count,
    "which moves random-every counts: the player's own (own) or the game's (game: random when the player's move is the game's K-th, 2K-th ...)"
);

const FIXED_DEPTH_RANDOM_PICK: OptionDef<FixedDepthSpec> = choice_option!(
    FixedDepthSpec,
    "random-pick",
    random_pick,
    "what the random move picks from: one of the two best columns (two-best) or any legal column (any)"
);

const FIXED_DEPTH_VIEW: OptionDef<FixedDepthSpec> = choice_option!(
    FixedDepthSpec,
    "view",
    leaf_view,
    "leaves scored for the searching player (root) or, as a reproduced slip, for the player to move there (mover)"
);

const FIXED_DEPTH_WIN_SCORE: OptionDef<FixedDepthSpec> = OptionDef::new(
    "win-score",
    "value of a won end: auto (above any heuristic, quicker wins higher), a number (Ayoub: 100), or eval (Kang)",
    Field::NumberOr {
        words: &["auto", "eval"],
        min: 1,
        max: 400_000_000,
        get: |c| match c.win_score {
            WinScore::Auto => NumberOr::Word("auto"),
            WinScore::Eval => NumberOr::Word("eval"),
            WinScore::Fixed(v) => NumberOr::Number(i64::from(v)),
        },
        set: |c, v| {
            c.win_score = match v {
                NumberOr::Number(n) => WinScore::Fixed(n as i32),
                NumberOr::Word("eval") => WinScore::Eval,
                NumberOr::Word(_) => WinScore::Auto,
            }
        },
    },
);

const FIXED_DEPTH_EVAL: OptionDef<FixedDepthSpec> = eval_option();

const FIXED_DEPTH_SEED: OptionDef<FixedDepthSpec> = seed_option!(FixedDepthSpec);
/// `minimax`'s options, in the order the canonical text spells them.
const MINIMAX_OPTIONS: OptionTable<FixedDepthSpec> = OptionTable {
    options: &[
        FIXED_DEPTH_DEPTH,
        FIXED_DEPTH_TIME,
        FIXED_DEPTH_ORDER,
        FIXED_DEPTH_TIEBREAK,
        FIXED_DEPTH_RANDOM_EVERY,
        FIXED_DEPTH_RANDOM_COUNT,
        FIXED_DEPTH_RANDOM_PICK,
        FIXED_DEPTH_VIEW,
        FIXED_DEPTH_WIN_SCORE,
        FIXED_DEPTH_EVAL,
        FIXED_DEPTH_SEED,
    ],
    default: FixedDepthSpec::minimax,
};

/// `alphabeta`'s options: `minimax`'s and the state cache.
const ALPHABETA_OPTIONS: OptionTable<FixedDepthSpec> = OptionTable {
    options: &[
        FIXED_DEPTH_DEPTH,
        FIXED_DEPTH_TIME,
        switch_option!(
            FixedDepthSpec,
            "tt",
            tt,
            "state cache (transposition table): on or off"
        ),
        FIXED_DEPTH_ORDER,
        FIXED_DEPTH_TIEBREAK,
        FIXED_DEPTH_RANDOM_EVERY,
        FIXED_DEPTH_RANDOM_COUNT,
        FIXED_DEPTH_RANDOM_PICK,
        FIXED_DEPTH_VIEW,
        FIXED_DEPTH_WIN_SCORE,
        FIXED_DEPTH_EVAL,
        FIXED_DEPTH_SEED,
    ],
    default: FixedDepthSpec::alphabeta,
};

const ENGINE_OPTIONS: OptionTable<EngineSpec> = OptionTable {
    options: &[
        OptionDef::<EngineSpec>::new(
            "time",
            "milliseconds per move",
            Field::Integer {
                min: 1,
                max: MAX_TIME_MS as i64,
                get: |c| c.time_ms as i64,
                set: |c, v| c.time_ms = v as u64,
            },
        )
        .spelled(Spelled::Always),
        OptionDef::new(
            "depth",
            "optional cap on the search depth",
            Field::NumberOr {
                words: &["none"],
                min: 1,
                max: MAX_DEPTH as i64,
                get: |c| limit(c.depth.map(u64::from)),
                set: |c, v| c.depth = limit_value(v).map(|d| d as u32),
            },
        ),
        switch_option!(
            EngineSpec,
            "solver",
            solver,
            "try an exact solve first when it may finish in time"
        ),
        integer_option!(
            EngineSpec,
            "threads",
            threads,
            1,
            MAX_THREADS as i64,
            "1: an exact solve first, then the heuristic search; N >= 2: the solve on N - 1 threads beside the heuristic search, both the whole time (1-64)"
        ),
        book_option(),
        eval_option(),
        seed_option!(EngineSpec).spelled(Spelled::IfUsed(|c| c.eval.uses_seed())),
    ],
    default: EngineSpec::default,
};

const PERFECT_OPTIONS: OptionTable<PerfectSpec> = OptionTable {
    options: &[
        // Always spelled: a bare `perfect` is the level, which has a time limit.
        time_limit_option!(
            PerfectSpec,
            "milliseconds; if the solve does not finish in 90% of them, the engine's search decides in the rest (and says so)"
        )
        .spelled(Spelled::Always),
        integer_option!(
            PerfectSpec,
            "table",
            table_bits,
            MIN_TABLE_BITS as i64,
            MAX_TABLE_BITS as i64,
            "log2 of the solver table's entries (8 bytes each)"
        ),
        book_option(),
        integer_option!(
            PerfectSpec,
            "threads",
            threads,
            1,
            MAX_THREADS as i64,
            "threads for exact solves, searching one shared table together (1-64)"
        ),
    ],
    default: PerfectSpec::default,
};

const RANDOM_OPTIONS: OptionTable<RandomSpec> = OptionTable {
    options: &[seed_option!(RandomSpec)],
    default: RandomSpec::default,
};

/// One kind of player in the registry.
#[derive(Clone, Copy)]
pub struct PlayerKind {
    /// Name in specs.
    pub name: &'static str,
    /// One line.
    pub summary: &'static str,
    /// Whether it takes `eval=` and the evaluator's options.
    pub uses_evaluator: bool,
    /// Its options.
    pub options: &'static dyn VariantOptions<PlayerSpec>,
}

impl fmt::Debug for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayerKind")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl serde::Serialize for PlayerKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut kind = serializer.serialize_struct("PlayerKind", 4)?;
        kind.serialize_field("name", self.name)?;
        kind.serialize_field("summary", self.summary)?;
        kind.serialize_field("uses_evaluator", &self.uses_evaluator)?;
        kind.serialize_field("options", &self.docs())?;
        kind.end()
    }
}

impl PlayerKind {
    /// Its options' documentation, defaults included.
    #[must_use]
    pub fn docs(&self) -> Vec<OptionDoc> {
        self.options.docs()
    }
}

/// Every kind of player.
pub static PLAYER_KINDS: &[PlayerKind] = &[
    PlayerKind {
        name: "minimax",
        summary: "plain minimax with a depth cut-off, no pruning (Kang et al. Figure 1)",
        uses_evaluator: true,
        options: &Variant {
            table: MINIMAX_OPTIONS,
            wrap: PlayerSpec::Minimax,
            unwrap: |s| match s {
                PlayerSpec::Minimax(c) => Some(c),
                _ => None,
            },
        },
    },
    PlayerKind {
        name: "alphabeta",
        summary: "fixed-depth alpha-beta; tt=on adds the papers' depth-aware state cache",
        uses_evaluator: true,
        options: &Variant {
            table: ALPHABETA_OPTIONS,
            wrap: PlayerSpec::Alphabeta,
            unwrap: |s| match s {
                PlayerSpec::Alphabeta(c) => Some(c),
                _ => None,
            },
        },
    },
    PlayerKind {
        name: "engine",
        summary: "iterative deepening under a time budget, table kept between moves, exact endgames",
        uses_evaluator: true,
        options: &Variant {
            table: ENGINE_OPTIONS,
            wrap: PlayerSpec::Engine,
            unwrap: |s| match s {
                PlayerSpec::Engine(c) => Some(c),
                _ => None,
            },
        },
    },
    PlayerKind {
        name: "random",
        summary: "a uniformly random legal move",
        uses_evaluator: false,
        options: &Variant {
            table: RANDOM_OPTIONS,
            wrap: PlayerSpec::Random,
            unwrap: |s| match s {
                PlayerSpec::Random(c) => Some(c),
                _ => None,
            },
        },
    },
    PlayerKind {
        name: "perfect",
        summary: "an optimal move from the solver (best score, centre-most among equals)",
        uses_evaluator: false,
        options: &Variant {
            table: PERFECT_OPTIONS,
            wrap: PlayerSpec::Perfect,
            unwrap: |s| match s {
                PlayerSpec::Perfect(c) => Some(c),
                _ => None,
            },
        },
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

/// The level the terminal, the page and the API play when none is named.
pub const DEFAULT_LEVEL: &str = "medium";

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
        description: "the solver with the opening book: an optimal move every time (the engine's search decides, in the last 0.3 s, only if a solve outruns 2.7 s)",
    },
];

impl PlayerSpec {
    /// Parses a spec or a level name. `default_seed` applies when the spec sets no seed.
    /// Its file options may name any file (see [`PlayerSpec::parse_with`]).
    pub fn parse(text: &str, default_seed: u64) -> Result<PlayerSpec, SpecError> {
        PlayerSpec::parse_with(text, default_seed, FileAccess::Any)
    }

    /// Parses a spec or a level name whose file options (`book=`, an evaluator's
    /// `params=`) may name only what `files` allows: a server passes
    /// [`FileAccess::ShippedOnly`], and a path is then refused before anything is read.
    pub fn parse_with(
        text: &str,
        default_seed: u64,
        files: FileAccess,
    ) -> Result<PlayerSpec, SpecError> {
        let (name, rest) = split_spec(text);
        if name.is_empty() {
            return Err(SpecError::Empty {
                valid: spec_names(),
            });
        }
        // A bare level name is its spec; with options, the name is the kind of player
        // (`perfect` is both a level and a kind).
        if rest.trim().is_empty()
            && let Some(level) = LEVELS.iter().find(|l| l.name == name)
        {
            return PlayerSpec::parse_kind(level.spec, default_seed, files);
        }
        PlayerSpec::parse_kind(text, default_seed, files)
    }

    fn parse_kind(
        text: &str,
        default_seed: u64,
        files: FileAccess,
    ) -> Result<PlayerSpec, SpecError> {
        let (name, rest) = split_spec(text);
        let kind = PLAYER_KINDS
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| match LEVELS.iter().find(|l| l.name == name) {
                Some(level) => SpecError::LevelWithOptions {
                    level: level.name,
                    spec: level.spec,
                },
                None => SpecError::UnknownPlayer {
                    name: c4_core::excerpt(&name),
                    valid: spec_names(),
                },
            })?;
        let mut options = Options::parse(rest)?.with_file_access(files);
        let seeded = options.contains("seed");
        let mut spec = kind.options.parse(&mut options)?;
        if !seeded {
            spec.set_seed(default_seed);
        }
        let mut valid = kind.options.keys();
        if let Some(eval) = spec.eval() {
            valid.extend(eval.entry().options.keys());
        }
        options.finish(&format!("player {}", kind.name), &valid)?;
        Ok(spec)
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> &'static PlayerKind {
        PLAYER_KINDS
            .iter()
            .find(|k| k.options.holds(self))
            .expect("every kind of player is in the registry")
    }

    /// The evaluator, for kinds that use one.
    #[must_use]
    pub fn eval(&self) -> Option<&EvalSpec> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(&s.eval),
            PlayerSpec::Engine(s) => Some(&s.eval),
            PlayerSpec::Perfect(_) | PlayerSpec::Random(_) => None,
        }
    }

    /// The evaluator, to change (for tuning).
    pub fn eval_mut(&mut self) -> Option<&mut EvalSpec> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(&mut s.eval),
            PlayerSpec::Engine(s) => Some(&mut s.eval),
            PlayerSpec::Perfect(_) | PlayerSpec::Random(_) => None,
        }
    }

    /// The opening book, for kinds that use one.
    #[must_use]
    pub fn book(&self) -> Option<&BookChoice> {
        match self {
            PlayerSpec::Engine(s) => Some(&s.book),
            PlayerSpec::Perfect(s) => Some(&s.book),
            _ => None,
        }
    }

    /// The seed of every random choice; `None` for a kind without one.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(s.seed),
            PlayerSpec::Engine(s) => Some(s.seed),
            PlayerSpec::Random(s) => Some(s.seed),
            PlayerSpec::Perfect(_) => None,
        }
    }

    /// Sets the seed of every random choice (kinds without one ignore it).
    pub fn set_seed(&mut self, seed: u64) {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => s.seed = seed,
            PlayerSpec::Engine(s) => s.seed = seed,
            PlayerSpec::Random(s) => s.seed = seed,
            PlayerSpec::Perfect(_) => {}
        }
    }

    /// Caps depth and time (for the server); returns what the request asked for that was
    /// changed, in words (an untimed search is capped without a word).
    pub fn clamp(&mut self, max_depth: u32, max_time_ms: u64) -> Vec<String> {
        let mut notes = Vec::new();
        let mut cap_depth = |depth: &mut u32| {
            if *depth > max_depth {
                notes.push(format!("depth {depth} clamped to {max_depth}"));
                *depth = max_depth;
            }
        };
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => {
                cap_depth(&mut s.depth);
                match s.time_ms {
                    Some(t) if t > max_time_ms => {
                        notes.push(format!("time {t} ms clamped to {max_time_ms} ms"));
                        s.time_ms = Some(max_time_ms);
                    }
                    Some(_) => {}
                    // An untimed search gets the cap silently: only a search it cuts says
                    // so, in its move's note.
                    None => s.time_ms = Some(max_time_ms),
                }
            }
            PlayerSpec::Engine(s) => {
                if let Some(depth) = &mut s.depth {
                    cap_depth(depth);
                }
                if s.time_ms > max_time_ms {
                    notes.push(format!("time {} ms clamped to {max_time_ms} ms", s.time_ms));
                    s.time_ms = max_time_ms;
                }
            }
            PlayerSpec::Perfect(s) => match s.time_ms {
                Some(t) if t > max_time_ms => {
                    notes.push(format!("time {t} ms clamped to {max_time_ms} ms"));
                    s.time_ms = Some(max_time_ms);
                }
                Some(_) => {}
                None => {
                    notes.push(format!("perfect play limited to {max_time_ms} ms"));
                    s.time_ms = Some(max_time_ms);
                }
            },
            PlayerSpec::Random(_) => {}
        }
        notes
    }

    /// Caps the memory and threads of one search (for the server): the solver table's size
    /// and the threads of exact solves; returns what was changed, in words.
    pub fn clamp_resources(&mut self, max_table_bits: u32, max_threads: u32) -> Vec<String> {
        let mut notes = Vec::new();
        let threads = match self {
            PlayerSpec::Perfect(s) => {
                if s.table_bits > max_table_bits {
                    notes.push(format!(
                        "table {} clamped to {max_table_bits} ({} MiB)",
                        s.table_bits,
                        (8u64 << max_table_bits) >> 20
                    ));
                    s.table_bits = max_table_bits;
                }
                &mut s.threads
            }
            PlayerSpec::Engine(s) => &mut s.threads,
            _ => return notes,
        };
        if *threads > max_threads {
            notes.push(format!("threads {threads} clamped to {max_threads}"));
            *threads = max_threads;
        }
        notes
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spec: parses back to an equal `PlayerSpec`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        let items = kind.options.canonical(self);
        if items.is_empty() {
            f.write_str(kind.name)
        } else {
            write!(f, "{}:{}", kind.name, items.join(","))
        }
    }
}

/// Every player name and level, for error messages.
fn spec_names() -> String {
    let mut names: Vec<&str> = PLAYER_KINDS.iter().map(|k| k.name).collect();
    for level in LEVELS {
        if !names.contains(&level.name) {
            names.push(level.name);
        }
    }
    names.join(", ")
}
