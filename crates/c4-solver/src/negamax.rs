//! The search: null- or narrow-window negamax over bitboards.
//!
//! [`Solver::negamax`] is the steps of a node in the order they run, each a small function
//! inlined into it: count the node; settle it without search where the rules can (no safe
//! move, a full board); probe the book (a forced position too); play the one safe move;
//! end on bounds that need no search; search the last plies plainly; probe the table; start
//! loading the children's slots; score the moves, ending the node on a double threat; try
//! the enhanced transposition cutoff; then search the children best first and store the
//! bound found.
//!
//! The larger steps are `#[inline(always)]`: each runs once per node, and kept apart as
//! calls (which a plain `#[inline]` leaves the compiler free to do) they cost the solver 4%.

use super::move_order::{MoveSorter, order_score};
use super::static_rules::{follower_rows, mover_rows, static_bounds, wins_by_force};
use super::table::Bound;
use super::*;

/// What a node's steps read of its position, computed once at its entry.
struct Node<G> {
    /// The board.
    g: G,
    /// The side to move's discs.
    current: u64,
    /// Every disc.
    occupied: u64,
    /// Discs played.
    moves: i32,
    /// The cells where the opponent would connect four.
    opponent_wins: u64,
    /// The playable cells that do not hand the opponent a win at once.
    safe: u64,
}

impl<G: Geometry> Node<G> {
    #[inline]
    fn new(position: &Position<G>) -> Node<G> {
        let g = position.geometry();
        let (current, occupied) = position.raw();
        let opponent_wins = g.winning_cells(current ^ occupied, occupied);
        Node {
            g,
            current,
            occupied,
            moves: position.moves_played() as i32,
            opponent_wins,
            safe: g.non_losing_cells(occupied, opponent_wins),
        }
    }

    /// The score of a win with the side to move's disc after next: the best left, as it
    /// cannot win with its next one (callers check).
    #[inline]
    fn win_after_next(&self) -> i32 {
        (self.cells() - 1 - self.moves) / 2
    }

    /// The board's cells.
    #[inline]
    fn cells(&self) -> i32 {
        self.g.cells() as i32
    }

    /// The cells of `column` (a column of the board).
    #[inline]
    fn column_cells(&self, column: Column) -> u64 {
        ((1 << self.g.height()) - 1) << (column.index() * self.g.column_bits())
    }

    /// Whether exactly one move does not lose at once (mostly a forced block).
    #[inline]
    fn is_forced(&self) -> bool {
        self.safe & (self.safe - 1) == 0
    }
}

/// The scores a node's search works within.
#[derive(Clone, Copy)]
struct Window {
    /// The score the side to move is sure of: a move must beat it to matter.
    alpha: i32,
    /// The score from which on the parent needs no more (the node fails high).
    beta: i32,
    /// The best score still possible here: a win with the disc after next, or less where a
    /// rule or the table says so. It narrows `beta` before the moves are searched.
    max: i32,
}

impl Window {
    /// Raises alpha to `lower` where that is higher; the node's score when that closes the
    /// window.
    #[inline]
    fn raise_alpha(&mut self, lower: i32) -> Option<i32> {
        if self.alpha < lower {
            self.alpha = lower;
            if self.alpha >= self.beta {
                return Some(self.alpha);
            }
        }
        None
    }

    /// Lowers the best possible score to `upper` where that is lower; the node's score when
    /// that leaves nothing above alpha.
    #[inline]
    fn lower_max(&mut self, upper: i32) -> Option<i32> {
        if upper < self.max {
            self.max = upper;
            if self.max <= self.alpha {
                return Some(self.max);
            }
        }
        None
    }

    /// Lowers beta to the best possible score; the node's score when that closes the window.
    #[inline]
    fn cap_beta(&mut self) -> Option<i32> {
        if self.beta > self.max {
            self.beta = self.max;
            if self.alpha >= self.beta {
                return Some(self.beta);
            }
        }
        None
    }
}

/// A node's table key. Early on, a position and its mirror share one entry (they score the
/// same); the entry's best move is then stored as seen in the canonical one of the two.
#[derive(Clone, Copy)]
struct TableKey {
    key: u64,
    mirrored: bool,
}

impl TableKey {
    #[inline]
    fn new<G: Geometry>(position: &Position<G>, moves: i32) -> TableKey {
        if moves < SYMMETRY_PLIES {
            let (key, mirror) = (position.key(), position.mirror_key());
            if mirror < key {
                TableKey {
                    key: mirror,
                    mirrored: true,
                }
            } else {
                TableKey {
                    key,
                    mirrored: false,
                }
            }
        } else {
            TableKey {
                key: position.key(),
                mirrored: false,
            }
        }
    }

    /// `column` of the position as seen in the keyed one, or back (on a board of `size`).
    #[inline]
    fn orient(self, column: Column, size: Size) -> Column {
        if self.mirrored {
            column.mirrored_in(size).unwrap_or(column)
        } else {
            column
        }
    }
}

impl<G: Geometry> Solver<G> {
    /// Null- or narrow-window negamax. The side to move cannot win with its next disc
    /// (callers check). Returns a bound consistent with the window (fail-hard).
    pub(super) fn negamax(&mut self, position: &Position<G>, mut alpha: i32, beta: i32) -> i32 {
        debug_assert!(alpha < beta && !position.can_win_next());
        let nodes_before = self.nodes;
        if self.count_node() {
            return ABORTED;
        }
        let node = Node::new(position);
        if let Some(score) = settle_by_rules(&node, &mut alpha, beta) {
            return score;
        }
        // Before the forced move: a store holds forced positions too (the ply-12 layer, the
        // book), and its score ends the search where the forced line would go on below it.
        if let Some(score) = self.book_score(position) {
            return score;
        }
        if node.is_forced() {
            return self.play_forced_move(position, &node, alpha, beta);
        }
        let mut window = Window {
            alpha,
            beta,
            max: node.win_after_next(),
        };
        if let Some(score) = narrow_by_static_bounds(&node, &mut window) {
            return score;
        }
        if node.moves >= ENDGAME_DISCS {
            return self.search_endgame(position, &node, window);
        }
        let key = TableKey::new(position, node.moves);
        let entry = self.table.get(key.key);
        let hash_move = table_move_cell(&node, entry, key);
        let tries_etc = tries_enhanced_cutoff(node.moves, entry.is_some());
        if let Some(score) = narrow_by_entry(entry, &mut window) {
            return score;
        }
        let child_keys = self.prefetch_children(position, &node);
        let mut sorter = MoveSorter::new();
        if let Some(score) = self.order_moves(&node, hash_move, &mut sorter) {
            return score;
        }
        if tries_etc
            && let Some(score) = self.enhanced_cutoff(&child_keys[..sorter.len], window.beta)
        {
            return score;
        }
        self.search_moves(position, &mut sorter, window, key, nodes_before)
    }

    /// Counts a node and reads the limits every `CLOCK_INTERVAL` nodes: whether the search
    /// must stop.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.check_limits();
        }
        self.aborted
    }

    /// The only safe move, played here without a table probe or an entry for this node (the
    /// child has its own); or a win at once found for it.
    #[inline(always)]
    fn play_forced_move(
        &mut self,
        position: &Position<G>,
        node: &Node<G>,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (current, occupied) = (node.current, node.occupied);
        if wins_by_force(
            node.g,
            node.g.winning_cells(current | node.safe, occupied),
            occupied | node.safe,
        ) {
            return node.win_after_next();
        }
        let mut child = *position;
        child.play_cell(node.safe);
        -self.negamax(&child, -beta, -alpha)
    }

    /// The last plies: the subtrees are too small to repay table probes and ordering, so the
    /// moves are searched centre first.
    #[inline(always)]
    fn search_endgame(
        &mut self,
        position: &Position<G>,
        node: &Node<G>,
        mut window: Window,
    ) -> i32 {
        if let Some(score) = window.cap_beta() {
            return score;
        }
        for i in 0..node.g.width() {
            let cell = node.safe & node.column_cells(self.centre_first(i));
            if cell != 0 {
                let mut child = *position;
                child.play_cell(cell);
                let score = -self.negamax(&child, -window.beta, -window.alpha);
                if self.aborted {
                    return ABORTED;
                }
                if score >= window.beta {
                    return score;
                }
                if score > window.alpha {
                    window.alpha = score;
                }
            }
        }
        window.alpha
    }

    /// The book's score of `position`, if it holds it.
    #[inline]
    fn book_score(&self, position: &Position<G>) -> Option<i32> {
        self.book
            .as_ref()
            .and_then(|book| book.get(position))
            .map(ExactScore::value)
    }

    /// Starts loading every child's slot, so that the memory latency overlaps the move
    /// scoring instead of stalling the cutoff probes one child at a time; the children's
    /// keys, in the order of their cells from the bottom bit up.
    #[inline(always)]
    fn prefetch_children(&self, position: &Position<G>, node: &Node<G>) -> [u64; Size::MAX_WIDTH] {
        let mut child_keys = [0u64; Size::MAX_WIDTH];
        let mut rest = node.safe;
        let mut i = 0;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest ^= cell;
            let mut child = *position;
            child.play_cell(cell);
            child_keys[i] = if node.moves + 1 < SYMMETRY_PLIES {
                child.canonical_key()
            } else {
                child.key()
            };
            self.table.prefetch(child_keys[i]);
            i += 1;
        }
        child_keys
    }

    /// Enhanced transposition cutoff: a child whose stored upper bound already proves this
    /// node fails high ends the search before any child is searched.
    #[inline(always)]
    fn enhanced_cutoff(&self, child_keys: &[u64], beta: i32) -> Option<i32> {
        for &child_key in child_keys {
            if let Some(entry) = self.table.get(child_key)
                && let Bound::Upper(child_max) = entry.bound()
                && -child_max >= beta
            {
                return Some(-child_max);
            }
        }
        None
    }

    /// Searches the moves best first; the first that fails high is stored as the entry's
    /// best move, and with none the node's upper bound is stored.
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &Position<G>,
        sorter: &mut MoveSorter,
        mut window: Window,
        key: TableKey,
        nodes_before: u64,
    ) -> i32 {
        while let Some(cell) = sorter.next() {
            let mut child = *position;
            child.play_cell(cell);
            let score = -self.negamax(&child, -window.beta, -window.alpha);
            if self.aborted {
                return ABORTED;
            }
            if score >= window.beta {
                let g = self.geometry;
                let column = g
                    .size()
                    .column(cell.trailing_zeros() as usize / g.column_bits())
                    .expect("a played cell is in a column of the board");
                self.store(
                    key,
                    Entry::lower(score, key.orient(column, g.size())),
                    nodes_before,
                );
                return score;
            }
            if score > window.alpha {
                window.alpha = score;
            }
        }
        self.store(key, Entry::upper(window.alpha), nodes_before);
        window.alpha
    }

    /// Stores `entry` for `key`, its work the nodes searched since `nodes_before`.
    #[inline]
    fn store(&self, key: TableKey, entry: Entry, nodes_before: u64) {
        self.table.put(key.key, entry, self.nodes - nodes_before);
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

/// Scores that need no search: a loss when every move hands the opponent a win, a draw when
/// the board is all but full; and a floor for `alpha`, as the opponent cannot win with its
/// next disc either. The node's score when one settles it.
#[inline(always)]
fn settle_by_rules<G: Geometry>(node: &Node<G>, alpha: &mut i32, beta: i32) -> Option<i32> {
    if node.safe == 0 {
        return Some(-(node.cells() - node.moves) / 2);
    }
    if node.moves >= node.cells() - 2 {
        return Some(0);
    }
    let min = -(node.cells() - 2 - node.moves) / 2;
    if *alpha < min {
        *alpha = min;
        if *alpha >= beta {
            return Some(*alpha);
        }
    }
    None
}

/// The window narrowed by the bounds that need no search (`static_bounds`); the node's
/// score when they close it.
#[inline(always)]
fn narrow_by_static_bounds<G: Geometry>(node: &Node<G>, window: &mut Window) -> Option<i32> {
    let (lower, upper) = static_bounds(
        node.g,
        node.current,
        node.occupied,
        window.alpha,
        window.beta,
    );
    window
        .raise_alpha(lower)
        .or_else(|| window.lower_max(upper))
}

/// The cell mask of the column the table's entry found best, in this node's orientation
/// (0 when none).
#[inline]
fn table_move_cell<G: Geometry>(node: &Node<G>, entry: Option<Entry>, key: TableKey) -> u64 {
    match entry.and_then(|entry| entry.best_move) {
        Some(column) => node.column_cells(key.orient(column, node.g.size())),
        None => 0,
    }
}

/// The window narrowed by the table's bound, then beta lowered to the best possible score;
/// the node's score when either closes it.
#[inline(always)]
fn narrow_by_entry(entry: Option<Entry>, window: &mut Window) -> Option<i32> {
    if let Some(entry) = entry {
        match entry.bound() {
            Bound::Lower(lower) => {
                if let Some(score) = window.raise_alpha(lower) {
                    return Some(score);
                }
            }
            Bound::Upper(upper) => window.max = upper,
        }
    }
    window.cap_beta()
}

/// Whether a node of `moves` discs tries the enhanced transposition cutoff. Deeper in, a
/// child is rarely in the table unless this node was (`seen`): probing them all would
/// mostly wait on memory for nothing (Begin-Easy runs a quarter faster for probing only at
/// nodes the table holds).
#[inline]
fn tries_enhanced_cutoff(moves: i32, seen: bool) -> bool {
    moves < ETC_MAX_DISCS && (seen || moves < ETC_ALWAYS_DISCS)
}

impl<G: Geometry> Solver<G> {
    /// Puts the safe moves in `sorter` in the order to search them: the table's move first,
    /// then by `order_score`, centre first among equals. The node's score when one of them
    /// leaves two threats the other player cannot stop both: a win with the disc after next,
    /// the best score left.
    #[inline(always)]
    fn order_moves(&self, node: &Node<G>, hash_move: u64, sorter: &mut MoveSorter) -> Option<i32> {
        let g = node.g;
        let zugzwang_rows = if node.moves % 2 == 0 {
            mover_rows(g)
        } else {
            follower_rows(g)
        };
        for i in (0..g.width()).rev() {
            let cell = node.safe & node.column_cells(self.centre_first(i));
            if cell != 0 {
                let wins = g.winning_cells(node.current | cell, node.occupied);
                if wins_by_force(g, wins, node.occupied | cell) {
                    return Some(node.win_after_next());
                }
                let score = if cell & hash_move != 0 {
                    u32::MAX
                } else {
                    order_score(
                        g,
                        wins,
                        node.opponent_wins,
                        node.occupied | cell,
                        zugzwang_rows,
                    )
                };
                sorter.add(cell, score);
            }
        }
        None
    }

    /// The `i`th column from the centre outwards: a constant on 7x6.
    #[inline(always)]
    fn centre_first(&self, i: usize) -> Column {
        if self.geometry.size().is_standard() {
            Column::CENTER_FIRST[i]
        } else {
            self.centre_first[i]
        }
    }
}
