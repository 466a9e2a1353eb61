//! The tree of one iteration: the root's moves, and alpha-beta negamax below them with the
//! transposition table and threat-count move ordering.
//!
//! [`EngineSearch::negamax`] is the steps of a node in the order they run: count the node;
//! settle it without search where the rules can (a win at once, a full board, no safe move);
//! evaluate a leaf; probe the table; order the safe moves; search them; store the result.

use super::EngineSearch;
use crate::search::transposition_table::{Bound, Entry};
use crate::search::{MAX_PLY, MOST_CELLS, SearchValue};
use c4_core::{Column, Geometry, Position, Size};
use c4_eval::Evaluator;

/// Added to the ordering score of the table's best move: above what any other move can
/// reach (a threat for every cell and the most central column), so it is tried first.
pub const TABLE_MOVE_BONUS: u32 = 1000;
/// Added to a move's ordering score for each winning cell it creates: above the spread of
/// the centre ranks (1 to the width), so one more threat outranks any column's centrality.
pub const THREAT_WEIGHT: u32 = 16;
const _: () = assert!(THREAT_WEIGHT > Size::MAX_WIDTH as u32);
const _: () =
    assert!(TABLE_MOVE_BONUS > THREAT_WEIGHT * MOST_CELLS as u32 + Size::MAX_WIDTH as u32);

/// How the engine ranks a node's moves before searching them: the table's move first, then
/// by the winning cells each creates, then centre first. A move's ordering score is
/// `table_move` (for the table's move) + `threat` x its winning cells + its centre rank
/// (the width for the centre column down to 1 for the outermost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingWeights {
    /// What the table's best move adds ([`TABLE_MOVE_BONUS`]).
    pub table_move: u32,
    /// What each winning cell a move creates adds ([`THREAT_WEIGHT`]).
    pub threat: u32,
}

impl Default for OrderingWeights {
    fn default() -> Self {
        OrderingWeights {
            table_move: TABLE_MOVE_BONUS,
            threat: THREAT_WEIGHT,
        }
    }
}

impl<E: Evaluator<G>, G: Geometry> EngineSearch<E, G> {
    /// Searches every one of `candidates` to `depth`, the previous iteration's best first,
    /// then centre first: the best move and its value. Stops early when the counter says so
    /// (the caller then ignores the answer).
    pub(super) fn search_root(
        &mut self,
        position: &Position<G>,
        candidates: &[Column],
        depth: u32,
        previous_best: Option<Column>,
    ) -> (Column, SearchValue) {
        self.pv.clear(0);
        let mut order: Vec<Column> = candidates.to_vec();
        let size = self.geometry.size();
        order.sort_by_key(|c| c.distance_from_center_in(size));
        if let Some(first) = previous_best {
            order.retain(|c| *c != first);
            order.insert(0, first);
        }
        let mut alpha = -SearchValue::INFINITY;
        let mut best = order[0];
        for column in order {
            let mut child = *position;
            child.play_unchecked(column);
            let value = -self.negamax(
                &child,
                depth - 1,
                1,
                -SearchValue::INFINITY,
                -alpha,
                Some(column),
            );
            if self.counter.stopped() {
                break;
            }
            if value > alpha {
                alpha = value;
                best = column;
                self.pv.update(0, column);
            }
        }
        (best, alpha)
    }

    /// The value of `position`, `ply` plies below the root with `depth` left to search, for
    /// the side to move, within `alpha..beta` (fail-soft).
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
        if let Some(value) = settle_by_rules(position, ply, self.geometry.cells()) {
            return value;
        }
        let safe = position.non_losing_moves().0;
        if safe == 0 {
            // Every move hands the opponent a win.
            return SearchValue::loss_in(ply as u32 + 2);
        }
        if depth == 0 || ply >= MAX_PLY - 2 {
            return self.leaf(position, last_move);
        }
        let key = position.key();
        let alpha_orig = alpha;
        let entry = self.table.probe(key);
        if let Some(entry) = entry
            && let Some(value) = cutoff_by_entry(entry, depth, ply, &mut alpha, &mut beta)
        {
            return value;
        }
        let mut moves = [(0u32, Column::ALL[0]); Size::MAX_WIDTH];
        let count = self.order_moves(position, safe, entry.and_then(|e| e.best), &mut moves);
        let mut best = -SearchValue::INFINITY;
        let mut best_move = None;
        for &(_, column) in &moves[..count] {
            let mut child = *position;
            child.play_unchecked(column);
            let value = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, Some(column));
            if self.counter.stopped() {
                return SearchValue::ZERO;
            }
            if value > best {
                best = value;
                best_move = Some(column);
            }
            if value > alpha {
                alpha = value;
                self.pv.update(ply, column);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha_orig {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            value: to_table(best, ply),
            depth,
            bound,
            best: best_move,
        };
        self.table.store(key, entry);
        best
    }

    /// The evaluator's value of a leaf, for the side to move there.
    #[inline]
    fn leaf(&mut self, position: &Position<G>, last_move: Option<Column>) -> SearchValue {
        let value = SearchValue::from_eval(self.evaluator.evaluate(
            position,
            self.root_player,
            last_move,
        ));
        if position.side_to_move() == self.root_player {
            value
        } else {
            -value
        }
    }

    /// Writes the moves to the `safe` cells of `position` into `moves`, best first by
    /// [`OrderingWeights`]; how many there are.
    #[inline]
    fn order_moves(
        &self,
        position: &Position<G>,
        safe: u64,
        table_move: Option<Column>,
        moves: &mut [(u32, Column); Size::MAX_WIDTH],
    ) -> usize {
        let weights = self.config.ordering;
        let (current, occupied) = position.raw();
        let width = self.geometry.width();
        let mut count = 0;
        for (rank, &column) in self.geometry.centre_first().iter().enumerate() {
            let cell = safe & self.geometry.column_mask(column);
            if cell == 0 {
                continue;
            }
            let threats = self
                .geometry
                .winning_cells(current | cell, occupied)
                .count_ones();
            let table_bonus = if table_move == Some(column) {
                weights.table_move
            } else {
                0
            };
            let centre_rank = (width - rank) as u32;
            moves[count] = (table_bonus + threats * weights.threat + centre_rank, column);
            count += 1;
        }
        moves[..count].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        count
    }
}

/// Values that need no search: a win at once (the parent never plays a move that lets us
/// win at once unless it had no choice), a draw when only the last cell is left (its disc
/// cannot win: we just checked), on a board of `cells` cells.
#[inline]
fn settle_by_rules<G: Geometry>(
    position: &Position<G>,
    ply: usize,
    cells: usize,
) -> Option<SearchValue> {
    if position.can_win_next() {
        return Some(SearchValue::win_in(ply as u32 + 1));
    }
    if position.moves_played() as usize >= cells - 1 {
        return Some(SearchValue::ZERO);
    }
    None
}

/// The window narrowed by a table entry searched at least `depth` deep; the node's value
/// when the entry settles it.
#[inline]
fn cutoff_by_entry(
    entry: Entry,
    depth: u32,
    ply: usize,
    alpha: &mut SearchValue,
    beta: &mut SearchValue,
) -> Option<SearchValue> {
    if entry.depth < depth {
        return None;
    }
    let value = from_table(entry.value, ply);
    match entry.bound {
        Bound::Exact => return Some(value),
        Bound::Lower => *alpha = (*alpha).max(value),
        Bound::Upper => *beta = (*beta).min(value),
    }
    (*alpha >= *beta).then_some(value)
}

/// Win values are stored relative to the node, not the root, so they stay right when the
/// same position is reached at another ply or in a later move.
#[inline]
fn to_table(value: SearchValue, ply: usize) -> SearchValue {
    let decisive = SearchValue::WIN.0 - MAX_PLY as i32;
    if value.0 > decisive {
        SearchValue(value.0 + ply as i32)
    } else if value.0 < -decisive {
        SearchValue(value.0 - ply as i32)
    } else {
        value
    }
}

/// A stored value back relative to the root, `ply` plies above the node. A stored win is
/// relative to its node, so it may lie up to `MAX_PLY` beyond the root's decisive range.
#[inline]
fn from_table(value: SearchValue, ply: usize) -> SearchValue {
    let decisive = SearchValue::WIN.0 - 2 * MAX_PLY as i32;
    if value.0 > decisive {
        SearchValue(value.0 - ply as i32)
    } else if value.0 < -decisive {
        SearchValue(value.0 + ply as i32)
    } else {
        value
    }
}
