//! Player specs as types: a [`PlayerSpec`], one variant per kind of player (`minimax`,
//! `alphabeta`, `engine`, `perfect`, `random`), each holding its settings and, for kinds with
//! one, its evaluator. The spec language that reads and writes them is `spec_text.rs`; the
//! table of kinds and their option tables is `kinds.rs`.

use c4_books::BookChoice;
use c4_eval::EvalSpec;
use c4_layers::LayerChoice;
use c4_search::search::engine::DEFAULT_ENGINE_TIME;
use c4_search::search::{LeafView, MoveOrder, RandomCount, RandomPick, TieBreak, WinScore};
use c4_solver::DEFAULT_TABLE_BITS;

/// The largest depth a spec may ask for.
pub const MAX_DEPTH: u32 = c4_core::CELLS as u32;
/// The largest time budget a spec may ask for: 10^12 ms, no practical limit (a server
/// clamps requests to its own cap with [`PlayerSpec::clamp`]).
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The most threads a spec may ask for.
pub const MAX_THREADS: u32 = 64;

/// The threads `threads=auto` stands for: every core this process may use
/// ([`std::thread::available_parallelism`]; one where that is unknown, as in the browser), at
/// most [`MAX_THREADS`].
#[must_use]
pub fn available_threads() -> u32 {
    std::thread::available_parallelism()
        .map_or(1, |n| u32::try_from(n.get()).unwrap_or(MAX_THREADS))
        .min(MAX_THREADS)
}

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
    /// Allis' strategic rules first: where they prove its result after a move of its own,
    /// that move (the strategy's reply); otherwise the engine's search, with the engine's
    /// options.
    Victor(EngineSpec),
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
    /// Threads: `None` (`auto`) the solve first on every available core
    /// ([`available_threads`]), then the search; 1 the same on one thread; N >= 2 the solve on
    /// N - 1 threads beside the search, both the whole move.
    pub threads: Option<u32>,
    /// The most cores `auto` may take: a server's cap, set by
    /// [`PlayerSpec::clamp_resources`]; not part of the spec's text, so that an answer reads
    /// the same whatever the machine (auto is every core the process may use).
    pub auto_threads_cap: Option<u32>,
    /// The opening book.
    pub book: BookChoice,
    /// The ply-12 layer read beside the book (see [`crate::score_stores`]).
    pub layers: LayerChoice,
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
    /// The ply-12 layer read beside the book (see [`crate::score_stores`]).
    pub layers: LayerChoice,
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
            threads: None,
            auto_threads_cap: None,
            book: BookChoice::Builtin,
            layers: LayerChoice::Builtin,
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
            layers: LayerChoice::Builtin,
            threads: 1,
        }
    }
}

impl PlayerSpec {
    /// The evaluator, for kinds that use one.
    #[must_use]
    pub fn eval(&self) -> Option<&EvalSpec> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(&s.eval),
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => Some(&s.eval),
            PlayerSpec::Perfect(_) | PlayerSpec::Random(_) => None,
        }
    }

    /// The evaluator, to change (for tuning).
    pub fn eval_mut(&mut self) -> Option<&mut EvalSpec> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(&mut s.eval),
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => Some(&mut s.eval),
            PlayerSpec::Perfect(_) | PlayerSpec::Random(_) => None,
        }
    }

    /// The opening book, for kinds that use one.
    #[must_use]
    pub fn book(&self) -> Option<&BookChoice> {
        match self {
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => Some(&s.book),
            PlayerSpec::Perfect(s) => Some(&s.book),
            _ => None,
        }
    }

    /// The seed of every random choice; `None` for a kind without one.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => Some(s.seed),
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => Some(s.seed),
            PlayerSpec::Random(s) => Some(s.seed),
            PlayerSpec::Perfect(_) => None,
        }
    }

    /// Sets the seed of every random choice (kinds without one ignore it).
    pub fn set_seed(&mut self, seed: u64) {
        match self {
            PlayerSpec::Minimax(s) | PlayerSpec::Alphabeta(s) => s.seed = seed,
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => s.seed = seed,
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
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => {
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
            PlayerSpec::Engine(s) | PlayerSpec::Victor(s) => match &mut s.threads {
                Some(threads) => threads,
                // `auto` is every core the process may use: under a cap, at most the cap's,
                // the solve still first (nothing the request asked for is cut).
                None => {
                    s.auto_threads_cap = Some(max_threads);
                    return notes;
                }
            },
            _ => return notes,
        };
        if *threads > max_threads {
            notes.push(format!("threads {threads} clamped to {max_threads}"));
            *threads = max_threads;
        }
        notes
    }
}
