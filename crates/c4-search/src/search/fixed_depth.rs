//! The papers' players: plain minimax (Kang et al.'s Figure 1) and fixed-depth alpha-beta,
//! optionally with their depth-aware state cache.
//!
//! Both are written as negamax over values from the root player's point of view: a leaf is
//! `eval(position, root player)`, negated at nodes where the other side moves. That is exactly
//! minimax with MAX = the root player, including for the papers' heuristics that are not
//! zero-sum (Ayoub's random score, the ITU last-coin score).
//!
//! With `tt=on`, an entry is used only when it was searched to the *same* remaining depth,
//! as the ShanghaiTech report requires ("provided the cached value is obtained in the same
//! depth"); so the root value stays exactly the minimax value.

use super::node_counter::NodeCounter;
use super::pv::PvTable;
use super::transposition_table::{Bound, DEFAULT_TT_BITS, Entry, TranspositionTable};
use super::{LeafView, MoveOrder, SearchValue, WinScore};
use c4_core::{Column, Geometry, Player, Position, Standard};
use c4_eval::Evaluator;
use c4_solver::Cancel;
use c4_solver::clock::Instant;
use std::time::Duration;

/// How often (in nodes) a search with a time limit reads the clock.
const CLOCK_INTERVAL: u64 = 1 << 10;
/// What a key that tells positions apart by their last move holds there at the empty board,
/// where no move was played (a column index is below it).
const NO_LAST_MOVE: u64 = 15;
/// Where that last move goes in such a key: above the position's key, on every board whose
/// keys are below 2^56 (7x6's are below 2^49). On the larger boards the last move is hashed
/// into the key instead.
const LAST_MOVE_SHIFT: u32 = 56;

/// Settings of a fixed-depth search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedDepthConfig {
    /// Plies to search.
    pub depth: u32,
    /// Alpha-beta pruning on or off (off = plain minimax).
    pub prune: bool,
    /// Use the transposition table (only with pruning).
    pub tt: bool,
    /// Move order.
    pub order: MoveOrder,
    /// Value of a won terminal node.
    pub win_score: WinScore,
    /// Whose point of view leaves are evaluated from.
    pub leaf_view: LeafView,
}

/// The value of one root move, as [`FixedDepthSearch::search_root`] found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootValue {
    /// The move.
    pub column: Column,
    /// Its value for the side to move at the root.
    pub value: SearchValue,
    /// Whether `value` is the move's value; false when alpha-beta only proved it is at most
    /// that (the move cannot beat the best one found before it).
    pub exact: bool,
}

/// How the root should search its children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootWindow {
    /// Plain alpha-beta: only the best move's value is exact.
    Standard,
    /// Every move tied with the best gets an exact value (for tie-breaks).
    KeepTies,
    /// Every move gets an exact value (for Kang's "two best columns").
    Full,
}

/// A fixed-depth searcher over evaluator `E` on boards of geometry `G` (7x6 by default).
/// Reuse it across moves: the PV table and the transposition table are allocated once.
pub struct FixedDepthSearch<E: Evaluator<G>, G: Geometry = Standard> {
    /// The evaluator at the leaves.
    pub evaluator: E,
    config: FixedDepthConfig,
    geometry: G,
    table: Option<TranspositionTable>,
    key_uses_last_move: bool,
    root_player: Player,
    counter: NodeCounter<CLOCK_INTERVAL>,
    pv: PvTable,
    time_limit: Option<Duration>,
}

impl<E: Evaluator> FixedDepthSearch<E> {
    /// A searcher on the standard board; allocates the transposition table if `config.tt`.
    pub fn new(evaluator: E, config: FixedDepthConfig) -> Self {
        FixedDepthSearch::new_in(evaluator, config, Standard)
    }
}

impl<E: Evaluator<G>, G: Geometry> FixedDepthSearch<E, G> {
    /// A searcher on boards of `geometry`; allocates the transposition table if `config.tt`.
    pub fn new_in(evaluator: E, config: FixedDepthConfig, geometry: G) -> Self {
        let key_uses_last_move = evaluator.uses_last_move();
        let table = (config.tt && config.prune).then(|| TranspositionTable::new(DEFAULT_TT_BITS));
        FixedDepthSearch {
            evaluator,
            config,
            geometry,
            table,
            key_uses_last_move,
            root_player: Player::Red,
            counter: NodeCounter::new(),
            pv: PvTable::new(),
            time_limit: None,
        }
    }

    /// A safety cap on each search (the papers have none): when it runs out, the search
    /// stops and [`search_root`](Self::search_root) returns the root moves finished so far.
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
    }

    /// Stops the searches early when `cancel` is given (as at a time limit).
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.counter.set_cancel(cancel);
    }

    /// Whether the last search stopped at its time limit before finishing every root move.
    #[must_use]
    pub fn stopped_early(&self) -> bool {
        self.counter.stopped()
    }

    /// The depth the next search goes to, in plies.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.config.depth
    }

    /// Changes the depth of the next searches (iterative deepening reuses one searcher).
    pub fn set_depth(&mut self, depth: u32) {
        self.config.depth = depth;
    }

    /// Nodes visited by the last search.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.counter.nodes()
    }

    /// The principal variation of the last search.
    #[must_use]
    pub fn principal_variation(&self) -> Vec<Column> {
        self.pv.root_line()
    }

    /// Searches every root move of `position` (which must not be over) to the configured
    /// depth and returns their values, in search order. With a time limit that runs out,
    /// only the moves finished in time are returned (at least one: the first move searched,
    /// whose value is then a guess of 0 unless it finished).
    pub fn search_root(&mut self, position: &Position<G>, window: RootWindow) -> Vec<RootValue> {
        // The root counts as a node.
        self.counter
            .start(1, self.time_limit.map(|t| Instant::now() + t));
        self.root_player = position.side_to_move();
        self.evaluator.start_search();
        if let Some(table) = &mut self.table {
            // Same-depth entries from an earlier root would be valid, but the papers' cache
            // lives for one decision; keep searches independent and repeatable.
            table.clear();
        }
        self.pv.clear(0);
        let depth = self.config.depth.max(1);
        let mut values = Vec::with_capacity(self.geometry.width());
        let mut alpha = -SearchValue::INFINITY;
        for column in self.order(position, None) {
            let mut child = *position;
            child.play_unchecked(column);
            let child_alpha = match (self.config.prune, window) {
                (false, _) | (true, RootWindow::Full) => -SearchValue::INFINITY,
                (true, RootWindow::Standard) => alpha,
                (true, RootWindow::KeepTies) => alpha.just_below(),
            };
            let value = -self.negamax(
                &child,
                depth - 1,
                1,
                -SearchValue::INFINITY,
                -child_alpha,
                Some(column),
            );
            if self.counter.stopped() {
                if values.is_empty() {
                    values.push(RootValue {
                        column,
                        value: SearchValue::ZERO,
                        exact: true,
                    });
                    self.pv.update(0, column);
                }
                break;
            }
            values.push(RootValue {
                column,
                value,
                exact: !self.config.prune || value > child_alpha,
            });
            if value > alpha {
                alpha = value;
                self.pv.update(0, column);
            }
        }
        values
    }

    fn order(
        &self,
        position: &Position<G>,
        best: Option<Column>,
    ) -> impl Iterator<Item = Column> + use<E, G> {
        let base = match self.config.order {
            MoveOrder::None => self.geometry.columns(),
            MoveOrder::Center | MoveOrder::Best => self.geometry.centre_first(),
        };
        let first = best.filter(|_| self.config.order == MoveOrder::Best);
        let position = *position;
        first
            .into_iter()
            .chain(base.iter().copied().filter(move |&c| Some(c) != first))
            .filter(move |&c| position.can_play(c))
    }

    /// The leaf value for the side to move.
    #[inline]
    fn leaf(&mut self, position: &Position<G>, last_move: Option<Column>) -> SearchValue {
        let view = match self.config.leaf_view {
            LeafView::Root => self.root_player,
            LeafView::Mover => position.side_to_move(),
        };
        let value = SearchValue::from_eval(self.evaluator.evaluate(position, view, last_move));
        if position.side_to_move() == self.root_player {
            value
        } else {
            -value
        }
    }

    fn key(&self, position: &Position<G>, last_move: Option<Column>) -> u64 {
        let key = position.key();
        if !self.key_uses_last_move {
            return key;
        }
        let last = last_move.map_or(NO_LAST_MOVE, |c| c.index() as u64);
        if self.geometry.key_bits() <= LAST_MOVE_SHIFT as usize {
            key | (last << LAST_MOVE_SHIFT)
        } else {
            // No bits left above the key: the last move scrambled into all of them, which
            // tells two entries apart but for a chance of about 2^-64 a pair.
            key ^ c4_solver::hashing::mix64(last + 1)
        }
    }

    /// The minimax value of `position` (`ply` plies below the root, `depth` left to search)
    /// for the side to move, within `alpha..beta` when pruning.
    fn negamax(
        &mut self,
        position: &Position<G>,
        depth: u32,
        ply: usize,
        mut alpha: SearchValue,
        mut beta: SearchValue,
        last_move: Option<Column>,
    ) -> SearchValue {
        self.pv.clear(ply);
        if self.counter.visit() {
            return SearchValue::ZERO;
        }
        if position.last_mover_won() {
            return match self.config.win_score {
                WinScore::Auto => SearchValue::loss_in(ply as u32),
                WinScore::Fixed(v) => -SearchValue(v),
                WinScore::Eval => self.leaf(position, last_move),
            };
        }
        if position.moves_played() as usize == self.geometry.cells() {
            return SearchValue::ZERO;
        }
        if depth == 0 {
            return self.leaf(position, last_move);
        }
        let prune = self.config.prune;
        let alpha_orig = alpha;
        let key = if self.table.is_some() {
            self.key(position, last_move)
        } else {
            0
        };
        let mut tt_best = None;
        if let Some(entry) = self.table.as_ref().and_then(|t| t.probe(key)) {
            // Only an entry of the same depth keeps the root value the minimax value.
            if entry.depth == depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower => alpha = alpha.max(entry.value),
                    Bound::Upper => beta = beta.min(entry.value),
                }
                if alpha >= beta {
                    return entry.value;
                }
            }
            tt_best = entry.best;
        }
        let mut best = -SearchValue::INFINITY;
        let mut best_move = None;
        for column in self.order(position, tt_best) {
            let mut child = *position;
            child.play_unchecked(column);
            let value = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, Some(column));
            if self.counter.stopped() {
                return SearchValue::ZERO;
            }
            if value > best {
                best = value;
                best_move = Some(column);
                if !prune || value > alpha {
                    self.pv.update(ply, column);
                }
            }
            if prune {
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
        }
        if let Some(table) = &mut self.table {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let entry = Entry {
                value: best,
                depth,
                bound,
                best: best_move,
            };
            table.store(key, entry);
        }
        best
    }
}
