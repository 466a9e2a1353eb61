//! The search: null- or narrow-window negamax over bitboards.

use super::move_order::{MoveSorter, order_score};
use super::static_rules::{EVEN_ROWS, static_bounds, wins_by_force};
use super::table::Bound;
use super::*;
use c4_core::bitboard::ODD_ROWS;

impl Solver {
    /// Null- or narrow-window negamax. The side to move cannot win with its next disc
    /// (callers check). Returns a bound consistent with the window (fail-hard).
    pub(super) fn negamax(
        &mut self,
        position: &Position,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        debug_assert!(alpha < beta && !position.can_win_next());
        let nodes_before = self.nodes;
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.check_limits();
        }
        if self.aborted {
            return ABORTED;
        }
        let (current, occupied) = position.raw();
        let moves = position.moves_played() as Score;
        let opponent_wins = winning_cells(current ^ occupied, occupied);
        let next = non_losing_cells(occupied, opponent_wins);
        if next == 0 {
            return -(CELLS as Score - moves) / 2;
        }
        if moves >= CELLS as Score - 2 {
            return 0;
        }
        // The opponent cannot win with its next disc, so we have at least this:
        let min = -(CELLS as Score - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with our next disc, so at most this: a win with the one after.
        let win_after_next = (CELLS as Score - 1 - moves) / 2;
        if next & (next - 1) == 0 {
            // One move does not lose at once (mostly a forced block): play it here, without
            // a table probe or an entry for this node; the child has its own.
            if wins_by_force(winning_cells(current | next, occupied), occupied | next) {
                return win_after_next;
            }
            let mut child = *position;
            child.play_cell(next);
            return -self.negamax(&child, -beta, -alpha);
        }
        let mut max = win_after_next;
        let (lower, upper) = static_bounds(current, occupied, alpha, beta);
        if alpha < lower {
            alpha = lower;
            if alpha >= beta {
                return alpha;
            }
        }
        if upper < max {
            max = upper;
            if max <= alpha {
                return max;
            }
        }
        if moves >= ENDGAME_DISCS {
            // Near the end the subtrees are too small to repay table probes and ordering.
            if beta > max {
                beta = max;
                if alpha >= beta {
                    return beta;
                }
            }
            for column in Column::CENTER_FIRST {
                let cell = next & Bitboard::column(column).0;
                if cell != 0 {
                    let mut child = *position;
                    child.play_cell(cell);
                    let score = -self.negamax(&child, -beta, -alpha);
                    if score >= beta {
                        return score;
                    }
                    if score > alpha {
                        alpha = score;
                    }
                }
            }
            return alpha;
        }
        // Early on, a position and its mirror share one entry (they score the same); the
        // entry's best move is then stored as seen in the canonical one of the two.
        let (key, mirrored) = if moves < SYMMETRY_PLIES {
            let (k, m) = (position.key(), position.mirror_key());
            if m < k { (m, true) } else { (k, false) }
        } else {
            (position.key(), false)
        };
        let orient = |column: usize| if mirrored { WIDTH - 1 - column } else { column };
        if let Some(book) = &self.book
            && let Some(score) = book.get(position)
        {
            return score;
        }
        let mut hash_move = 0;
        let mut seen = false;
        if let Some(entry) = self.table.get(key) {
            seen = true;
            if let Some(column) = entry.best_column() {
                hash_move = Bitboard::column(Column::ALL[orient(column)]).0;
            }
            match entry.bound() {
                Bound::Lower(lower) => {
                    if alpha < lower {
                        alpha = lower;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Bound::Upper(upper) => max = upper,
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // Deeper in, a child is rarely in the table unless this node was: probing them all
        // would mostly wait on memory for nothing (Begin-Easy runs a quarter faster for
        // probing only at nodes the table holds).
        let etc = moves < ETC_MAX_DISCS && (seen || moves < ETC_ALWAYS_DISCS);
        let mut child_keys = [0u64; WIDTH];
        {
            // Start loading every child's slot now: the memory latency then overlaps the move
            // scoring below instead of stalling the cutoff probes one child at a time.
            let mut rest = next;
            let mut i = 0;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let mut child = *position;
                child.play_cell(cell);
                child_keys[i] = if moves + 1 < SYMMETRY_PLIES {
                    child.canonical_key()
                } else {
                    child.key()
                };
                self.table.prefetch(child_keys[i]);
                i += 1;
            }
        }
        let zugzwang_rows = if moves % 2 == 0 { ODD_ROWS } else { EVEN_ROWS };
        let mut sorter = MoveSorter::new();
        for column in Column::CENTER_FIRST.iter().rev() {
            let cell = next & Bitboard::column(*column).0;
            if cell != 0 {
                let wins = winning_cells(current | cell, occupied);
                if wins_by_force(wins, occupied | cell) {
                    // The other player can stop only one of the threats: a win with our
                    // next disc but one, the best score left.
                    return win_after_next;
                }
                let score = if cell & hash_move != 0 {
                    u32::MAX
                } else {
                    order_score(wins, opponent_wins, occupied | cell, zugzwang_rows)
                };
                sorter.add(cell, score);
            }
        }
        // Enhanced transposition cutoff: a child whose stored upper bound already proves
        // this node fails high ends the search before any child is searched.
        if etc {
            for &child_key in &child_keys[..sorter.len] {
                if let Some(entry) = self.table.get(child_key)
                    && let Bound::Upper(child_max) = entry.bound()
                    && -child_max >= beta
                {
                    return -child_max;
                }
            }
        }
        while let Some(cell) = sorter.next() {
            let mut child = *position;
            child.play_cell(cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return ABORTED;
            }
            if score >= beta {
                let column = cell.trailing_zeros() as usize / COLUMN_BITS;
                let entry = Entry::lower(score, orient(column));
                self.table.put(key, entry, self.nodes - nodes_before);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        let entry = Entry::upper(alpha);
        self.table.put(key, entry, self.nodes - nodes_before);
        alpha
    }

    pub(super) fn check_limits(&mut self) {
        if self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
        {
            self.aborted = true;
        }
    }
}
