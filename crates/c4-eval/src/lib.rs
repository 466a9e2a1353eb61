//! c4-eval: every heuristic of the papers, and ours, behind one small trait.
//!
//! An [`Evaluator`] scores a non-terminal position for one player, the `view`. Search calls
//! it at the leaves; `evaluate` must be cheap and allocation-free. Most heuristics are
//! antisymmetric (own minus opponent), but three of the papers' are not: Ayoub's naive score
//! is a random number whoever is asking, and the ITU evaluation looks only at the last
//! disc played. That is why the view is a parameter rather than "the side to move".
//!
//! The [`registry`] lists them all with names, summaries, citations and options; it drives
//! `--eval NAME[:KEY=VALUE,...]`, `c4 evals`, the server's menus and the docs.
//!
//! # Why the crate is shaped this way
//!
//! The papers compare *heuristics* under *search algorithms*, so the two are separate axes
//! and separate crates: this one says what a position is worth, `c4-search` above it
//! searches trees of positions with any `E: Evaluator`, matching [`AnyEvaluator`] once at the
//! root ([`with_evaluator!`]) so that the tree runs monomorphised code. Each heuristic is one
//! file, named for what it computes and the paper it comes from, with its settings in an
//! option table of `c4-options`. The n-tuple network ([`ntuple`]) is an evaluator like the
//! others: its layouts, weights and file format live here, beside the weights c4 ships
//! (`data/ntuple/`) and the tuned parameter files (`data/tuned/`, read by [`params`]); what
//! learns and tunes them is `c4-learn`.
//!
//! Nothing here prints or spawns threads. Files are read only where a caller names one (a
//! parameter file, a network), always through `c4_solver::files`, which with
//! `c4_solver::hashing::mix64` (the naive evaluator's leaf scores) is all the crate takes
//! from the solver. Randomness comes from a seed: [`SeededRng`], c4's one generator, is
//! declared here because the lowest of its users are evaluators (Ayoub's random scores, the
//! network's random-walk layouts).

#![deny(missing_docs)]

pub mod ayoub_max_connected;
pub mod ayoub_naive;
pub mod board_tables;
pub mod itu_last_coin;
pub mod kang_h1_features;
pub mod ntuple;
pub mod params;
pub mod registry;
pub mod shanghai_lines;
pub mod sizes;
pub mod square_values;
pub mod threats;

pub use board_tables::BoardTables;
pub use c4_core::Player;
use c4_core::{Column, Geometry, Position, Standard};
pub use registry::{
    AnyEvaluator, EVALUATORS, EvalSpec, EvaluatorEntry, Family, heuristics, parse_evaluator,
};
pub use sizes::{EvalSizeError, SupportedSizes};

/// The one random generator of c4: Xoshiro256++ (Blackman and Vigna), small, fast, `Clone`,
/// and the same sequence for the same seed on every platform. Every random choice in c4
/// draws from one of these, seeded from a seed the user can see and set.
pub type SeededRng = rand::rngs::Xoshiro256PlusPlus;

/// A heuristic value. Larger is better for the view it was computed for.
pub type Eval = i32;

/// The largest magnitude an evaluator may return; search clamps to it so that heuristic
/// values always stay below the scores of won and lost games.
pub const MAX_HEURISTIC: Eval = 500_000_000;

/// One named part of an evaluation, for `c4 eval`'s breakdown.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Term {
    /// What is counted.
    pub name: String,
    /// The count or value for the view.
    pub own: i64,
    /// The count or value for the other player.
    pub opponent: i64,
    /// What the term adds to the total (for the view).
    pub value: i64,
}

/// The name of the term that brings a breakdown's sum to a value that saturated.
pub const CAP_TERM: &str = "capped at the evaluator's limit";

/// `terms` completed so that their values sum to `value`: when the evaluator's value
/// saturated (an infinite feature, the heuristic limit), a last term says by how much.
#[must_use]
pub fn with_cap(mut terms: Vec<Term>, value: Eval) -> Vec<Term> {
    let sum: i64 = terms.iter().map(|t| t.value).sum();
    if sum != i64::from(value) {
        terms.push(Term {
            name: CAP_TERM.to_owned(),
            own: 0,
            opponent: 0,
            value: i64::from(value) - sum,
        });
    }
    terms
}

/// A heuristic evaluation function, of positions on the board `G`: [`Standard`] (7x6, its
/// masks constants) by default, or [`c4_core::AnySize`], any size chosen at run time. The
/// evaluators defined for every size implement it for both through [`BoardTables`]; those
/// bound to 7x6 say so in the registry ([`SupportedSizes`]), and a spec naming one is refused
/// on another size ([`EvalSpec::check_size`]) before it is built.
pub trait Evaluator<G: Geometry = Standard> {
    /// The value of `position` for `view`. `last_move` is the column of the last disc played
    /// (`None` at the empty board or when unknown). The position is not over.
    fn evaluate(&mut self, position: &Position<G>, view: Player, last_move: Option<Column>)
    -> Eval;

    /// Whether `evaluate` depends on `last_move`; a transposition table must then tell
    /// positions apart by it too.
    fn uses_last_move(&self) -> bool {
        false
    }

    /// Called before each search, for evaluators with per-search state (Ayoub's random
    /// numbers draw a new salt here).
    fn start_search(&mut self) {}

    /// The evaluation split into named terms whose values sum to `evaluate`'s (see
    /// [`with_cap`] for values that saturate). The default is a single "total".
    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last_move: Option<Column>,
    ) -> Vec<Term> {
        let total = i64::from(self.evaluate(position, view, last_move));
        vec![Term {
            name: "total".to_owned(),
            own: total,
            opponent: 0,
            value: total,
        }]
    }
}

/// `zero`: always 0. Search alone decides, for experiments that isolate the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<G: Geometry> Evaluator<G> for Zero {
    fn evaluate(&mut self, _: &Position<G>, _: Player, _: Option<Column>) -> Eval {
        0
    }
}

/// Which sides a one-sided heuristic counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sides {
    /// Own score minus the opponent's (c4's default: zero-sum, as negamax expects).
    #[default]
    Both,
    /// Only the view's own discs, as a paper that describes one side may have done.
    Own,
}

impl c4_options::Word for Sides {
    const WORDS: &'static [(Self, &'static str)] = &[(Sides::Both, "both"), (Sides::Own, "own")];
}

/// The help of the `sides=` option.
pub(crate) const SIDES_HELP: &str = "both: own minus opponent; own: only the evaluating player's discs (the paper's one-sided reading)";

impl Sides {
    /// Combines per-side values.
    #[must_use]
    pub fn combine(self, own: Eval, opponent: Eval) -> Eval {
        match self {
            Sides::Both => own - opponent,
            Sides::Own => own,
        }
    }
}

/// The discs of `view` and of the other player.
#[must_use]
#[inline]
pub fn sides_of<G: Geometry>(position: &Position<G>, view: Player) -> (u64, u64) {
    (position.discs(view).0, position.discs(view.other()).0)
}
