//! Search: the papers' fixed-depth minimax and alpha-beta, and the practical engine.
//!
//! # Values
//!
//! A search's value is a [`SearchValue`], from the point of view of the side to move at the
//! root: a game won by the side to move `n` plies from the root is worth
//! [`SearchValue::win_in`]`(n)`, so that quicker wins are worth more, and a loss the
//! negation; heuristic values are clamped below
//! [`MAX_HEURISTIC`](c4_eval::MAX_HEURISTIC), far from any win. The solver's exact
//! scores are another type ([`ExactScore`]), and a [`MoveReport`] says which of the two it
//! holds. The papers' quirk of a fixed win value (Ayoub's 100 whatever the heuristic's
//! scale) is [`WinScore::Fixed`].
//!
//! # Searchers
//!
//! [`fixed_depth`] holds the papers' minimax and alpha-beta, [`engine`] the practical
//! engine. What both do at every node is written once: `NodeCounter` counts nodes and stops
//! a search at its limits, `PvTable` keeps the principal variation, and
//! [`transposition_table`] is their table.
//!
//! Nothing under `search/` allocates per node: positions are copied, the principal
//! variation lives in a table allocated with the searcher, the transposition table once.

pub mod engine;
pub mod fixed_depth;
mod node_counter;
mod pv;
mod report;
pub mod transposition_table;
mod value;

/// The solver's exact score, the one type of it (re-exported beside [`MoveValue`]).
pub use c4_solver::ExactScore;
pub use report::{MoveReport, MoveReportError, MoveValue, duration_from_ms};
pub use value::SearchValue;

/// The most cells of any board (4x15; a test checks it against every size): a game has at most
/// this many moves (42 on 7x6).
pub const MOST_CELLS: usize = 60;

/// The deepest any search goes.
pub const MAX_PLY: usize = MOST_CELLS + 1;

/// What a won or lost terminal node is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WinScore {
    /// Above any heuristic value; quicker wins score higher. c4's default.
    Auto,
    /// A fixed value, whatever the heuristic's scale (Ayoub: 100 / -100 / 0).
    Fixed(i32),
    /// The evaluator's own value of the final position (Kang: feature 1 is "infinity").
    Eval,
}

/// Whose point of view a leaf is evaluated from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeafView {
    /// The searching player's, at every leaf: minimax as the papers describe it.
    Root,
    /// The player to move at the leaf, used as the searcher's value without a sign change.
    /// A plausible implementation slip, kept as an option because it reproduces results
    /// like Ayoub's (see `c4 experiment ayoub-heuristics`): at odd depths the searcher then
    /// maximises the *opponent's* heuristic.
    Mover,
}

/// Order in which the search tries columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveOrder {
    /// Left to right, as the papers' loops.
    None,
    /// Centre first.
    Center,
    /// The transposition table's best move first, then centre first.
    Best,
}

/// How to choose among root moves with equal scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TieBreak {
    /// The first in search order.
    First,
    /// The most central.
    Center,
    /// Uniformly at random from the player's seed (Ayoub).
    Random,
}

/// Which moves count towards Kang's random move every K moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RandomCount {
    /// The player's own moves: its K-th, 2K-th ... move.
    Own,
    /// The game's moves: the player moves at random when its move is the game's K-th,
    /// 2K-th ... move.
    Game,
}

/// What the random move picks from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RandomPick {
    /// One of the two best columns (Kang's text).
    TwoBest,
    /// Any legal column.
    Any,
}

impl c4_options::Word for RandomCount {
    const WORDS: &'static [(Self, &'static str)] =
        &[(RandomCount::Own, "own"), (RandomCount::Game, "game")];
}

impl c4_options::Word for RandomPick {
    const WORDS: &'static [(Self, &'static str)] =
        &[(RandomPick::TwoBest, "two-best"), (RandomPick::Any, "any")];
}

impl c4_options::Word for LeafView {
    const WORDS: &'static [(Self, &'static str)] =
        &[(LeafView::Root, "root"), (LeafView::Mover, "mover")];
}

impl c4_options::Word for MoveOrder {
    const WORDS: &'static [(Self, &'static str)] = &[
        (MoveOrder::None, "none"),
        (MoveOrder::Center, "center"),
        (MoveOrder::Best, "best"),
    ];
}

impl c4_options::Word for TieBreak {
    const WORDS: &'static [(Self, &'static str)] = &[
        (TieBreak::First, "first"),
        (TieBreak::Center, "center"),
        (TieBreak::Random, "random"),
    ];
}

#[cfg(test)]
mod tests {
    use super::MOST_CELLS;
    use c4_core::Size;

    #[test]
    fn the_most_cells_are_those_of_the_largest_board() {
        assert_eq!(Size::all().map(Size::cells).max(), Some(MOST_CELLS));
    }
}
