//! Search: the papers' fixed-depth minimax and alpha-beta, and the practical engine.
//!
//! # Scores
//!
//! Search scores are `i32` from the point of view of the side to move at the root. A game
//! won by the side to move `n` plies from the root scores `WIN - n` ([`win_in`]) so that
//! quicker wins score higher; a loss is the negation. Heuristic values are clamped below
//! [`MAX_HEURISTIC`](crate::eval::MAX_HEURISTIC), far from [`WIN`]. The papers' quirk of a
//! fixed win value (Ayoub's 100 whatever the heuristic's scale) is [`WinScore::Fixed`].
//!
//! Nothing under `search/` allocates per node: positions are copied, the principal
//! variation lives in a table allocated with the searcher, the transposition table once.

pub mod engine;
pub mod fixed_depth;
mod report;
pub mod transposition_table;

pub use report::{
    ExactScore, MoveReport, MoveReportError, MoveValue, SearchValue, duration_from_ms,
};

use c4_core::Column;

/// Score of a win at the root (never reached: a win is at least one ply away).
pub const WIN: i32 = 1_000_000_000;
/// Larger than any score.
pub const INFINITY: i32 = 2_000_000_000;
/// The deepest any search goes (a game has at most 42 moves).
pub const MAX_PLY: usize = c4_core::CELLS + 1;

/// The score of winning `plies` plies from the root.
#[must_use]
pub const fn win_in(plies: u32) -> i32 {
    WIN - plies as i32
}

/// If `score` is a forced win or loss found by search, the plies to the end (signed: positive
/// for a win of the side to move).
#[must_use]
pub const fn decisive_plies(score: i32) -> Option<i32> {
    if score > WIN - MAX_PLY as i32 {
        Some(WIN - score)
    } else if score < -(WIN - MAX_PLY as i32) {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// A search's value in words, for the side to move: a forced win or loss the search proved
/// reads as an exact one does (`win in 2 moves (search)`, counting the winner's discs);
/// anything else is labelled heuristic, with the depth when known: `heuristic +26 (depth 5)`.
#[must_use]
pub fn describe_search_value(value: i32, depth: Option<u32>) -> String {
    let moves = |n: i32| format!("{n} move{}", if n == 1 { "" } else { "s" });
    match decisive_plies(value) {
        Some(p) if p > 0 => format!("win in {} (search)", moves((p + 1) / 2)),
        Some(p) => format!("loss in {} (search)", moves((-p) / 2)),
        None => match depth {
            Some(depth) => format!("heuristic {value:+} (depth {depth})"),
            None => format!("heuristic {value:+}"),
        },
    }
}

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

/// The principal variation of every ply (a triangular table), allocated once per searcher.
pub(crate) struct PvTable {
    moves: Box<[[u8; MAX_PLY]; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    pub(crate) fn new() -> Self {
        PvTable {
            moves: Box::new([[u8::MAX; MAX_PLY]; MAX_PLY]),
            len: [0; MAX_PLY],
        }
    }

    /// Forgets the line below `ply` (call at node entry).
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.len[ply] = 0;
    }

    /// `column` is the new best move at `ply`: its line is it plus the child's line.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, column: Column) {
        self.moves[ply][0] = column.index() as u8;
        let child_len = if ply + 1 < MAX_PLY {
            self.len[ply + 1].min(MAX_PLY - 1)
        } else {
            0
        };
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.len[ply] = child_len + 1;
    }

    /// The root's line.
    pub(crate) fn root_line(&self) -> Vec<Column> {
        self.moves[0][..self.len[0]]
            .iter()
            .filter_map(|&c| Column::new(c as usize))
            .collect()
    }
}
