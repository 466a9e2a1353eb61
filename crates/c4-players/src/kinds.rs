//! The table of kinds of players: each kind's option table (its keys, their defaults, ranges
//! and documentation) in [`PLAYER_KINDS`]. The spec language that reads and writes them is in
//! `spec.rs`; the named levels are in `levels.rs`.

use super::spec::{
    EngineSpec, FixedDepthSpec, MAX_DEPTH, MAX_THREADS, MAX_TIME_MS, PerfectSpec, PlayerSpec,
    RandomSpec,
};
use c4_books::BookChoice;
use c4_eval::EvalSpec;
use c4_layers::LayerChoice;
use c4_options::{
    Field, NumberOr, OptionDef, OptionDoc, OptionTable, Spelled, Variant, VariantOptions,
};
use c4_options::{choice_option, integer_option, switch_option};
use c4_search::search::WinScore;
use c4_solver::{MAX_TABLE_BITS, MIN_TABLE_BITS};
use std::fmt;

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

/// Players that read the ply-12 layer beside the book.
trait UsesLayers {
    fn layers(&self) -> &LayerChoice;
    fn layers_mut(&mut self) -> &mut LayerChoice;
}

impl UsesLayers for EngineSpec {
    fn layers(&self) -> &LayerChoice {
        &self.layers
    }
    fn layers_mut(&mut self) -> &mut LayerChoice {
        &mut self.layers
    }
}

impl UsesLayers for PerfectSpec {
    fn layers(&self) -> &LayerChoice {
        &self.layers
    }
    fn layers_mut(&mut self) -> &mut LayerChoice {
        &mut self.layers
    }
}

/// The `layers=` option: the ply-12 layer built into c4, none, or a folder of one; a file
/// option, so servers refuse a path.
const fn layers_option<C: UsesLayers>() -> OptionDef<C> {
    OptionDef::new(
        "layers",
        "the book's ply-12 layer (7x6): builtin (the chunks built into c4, read beside the built-in book only), none, or a folder of chunks (crates/c4-layers/data/ply12 of a checkout)",
        Field::File {
            shipped: &["builtin", "none"],
            get: |c| c.layers().to_string(),
            set: |c, text| {
                if text.contains([',', '=']) {
                    return Err(());
                }
                *c.layers_mut() = text.parse().unwrap_or_else(|never| match never {});
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
        OptionDef::new(
            "threads",
            "auto: an exact solve first on every available core, then the heuristic search; 1: the same on one thread; N >= 2: the solve on N - 1 threads beside the heuristic search, both the whole time (1-64)",
            Field::NumberOr {
                words: &["auto"],
                min: 1,
                max: MAX_THREADS as i64,
                get: |c| {
                    c.threads
                        .map_or(NumberOr::Word("auto"), |n| NumberOr::Number(i64::from(n)))
                },
                set: |c, v| {
                    c.threads = match v {
                        NumberOr::Number(n) => Some(n as u32),
                        NumberOr::Word(_) => None,
                    }
                },
            },
        ),
        book_option(),
        layers_option(),
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
        layers_option(),
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
    /// Its name in specs: the word before the colon (`alphabeta` in `alphabeta:depth=5`).
    pub name: &'static str,
    /// What it plays, in one line, for `c4 evals`, `--help` and the page's menus.
    pub summary: &'static str,
    /// Whether it takes `eval=` and the evaluator's options.
    pub uses_evaluator: bool,
    /// Its option table: what parses its `KEY=VALUE` options, spells its canonical text
    /// and documents each option with its default.
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
        name: "victor",
        summary: "Allis' strategic rules: the strategy's reply where they prove its result, else the engine",
        uses_evaluator: true,
        options: &Variant {
            table: ENGINE_OPTIONS,
            wrap: PlayerSpec::Victor,
            unwrap: |s| match s {
                PlayerSpec::Victor(c) => Some(c),
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
