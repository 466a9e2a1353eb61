//! Bounds and wins that need no search: Allis' claimeven and odd threat, lines no longer
//! free, and double threats, on a board of any height.
//!
//! # Rows on any height
//!
//! Allis states the rules for 7x6 with "even rows" (2, 4, 6) and "odd rows" (1, 3, 5). What
//! the strategies use is the distance from the top: in a column with an even number of empty
//! cells, a player who always answers there takes the cell just above each of the other's,
//! so the cells at an even distance below the top (the top one, two below it, ...). On an
//! even height those are rows 2, 4, 6, ...; on an odd height rows 1, 3, 5, ..., the top row
//! included. A column has an odd number of empty cells exactly when its playable cell is one
//! of those. So every rule below holds on every size with [`follower_rows`] for 7x6's even
//! rows and [`mover_rows`] for its odd rows; no rule is switched off on any size.

use c4_core::Geometry;

/// The cells at an even distance below the top of their column: the ones that a player who
/// always answers in the column just played takes (Allis' claimeven). Rows 2, 4 and 6 on
/// 7x6; rows 1, 3, 5, ..., H on an odd height H. A constant on 7x6.
#[inline]
pub(super) fn follower_rows<G: Geometry>(geometry: G) -> u64 {
    let column = (1u64 << geometry.height()) - 1;
    // The top row is bit H - 1: odd bits on an even height, even bits on an odd one.
    let pattern = if geometry.height().is_multiple_of(2) {
        0xAAAA_AAAA_AAAA_AAAA
    } else {
        0x5555_5555_5555_5555
    };
    // Each column's pattern is below its sentinel: the product has no carries.
    (column & pattern) * geometry.bottom()
}

/// The other cells: at an odd distance below the top (rows 1, 3, 5 on 7x6).
#[inline]
pub(super) fn mover_rows<G: Geometry>(geometry: G) -> u64 {
    geometry.board() & !follower_rows(geometry)
}

/// Bounds on the score of the side to move that need no search, as (lower, upper) around 0
/// (`i32::MIN`/`i32::MAX` where a rule says nothing or cannot end the search of the window
/// `alpha..beta`: the upper bounds are tried only when `alpha >= -1`, the lower ones only when
/// `beta <= 1`):
/// (Rows 1, 3, 5 and 2, 4, 6 are 7x6's: [`mover_rows`] and [`follower_rows`] on any size.)
/// - a player none of whose lines is free of the other's discs can never connect four;
/// - claimeven (Allis), extended to columns with an odd number of empty cells: the playable
///   cell of such a column is in row 2, 4 or 6. When the number of those columns is even, the
///   player not to move answers a move in an even column in the same column and a move in an
///   odd column in another odd column, so it takes every empty cell of rows 2, 4 and 6 but
///   the odd columns' playable cells, some of which the other player gets. If the side to
///   move cannot connect four with its discs, the empty cells of rows 1, 3 and 5 and all
///   those playable cells, it cannot win, and if the other player's discs with its cells
///   hold a four, it loses;
/// - the same for the side to move when the number of odd columns is odd: it first plays
///   one of their playable cells, then answers as above; if for some choice the other
///   player cannot connect four with rows 1, 3, 5 and the other odd columns' playable cells,
///   the side to move does not lose, and if its own discs with the chosen cell and its
///   cells hold a four, it wins;
/// - the odd threat (Allis): with an odd number of odd columns, the player not to move
///   answers every move above it, but pairs the playable cells of the odd columns except
///   one, where it takes rows 1, 3 and 5 by answering there too. If it has a winning cell
///   in one of those rows of that column, the side to move must at last fill the cell below
///   it; so if the side to move cannot connect four with the cells it then gets (rows 1, 3
///   and 5 elsewhere, the paired playable cells, and rows 2, 4 and 6 below the threat), it
///   loses.
#[inline]
pub(super) fn static_bounds<G: Geometry>(
    g: G,
    current: u64,
    occupied: u64,
    alpha: i32,
    beta: i32,
) -> (i32, i32) {
    let has_four = |discs| g.has_four(discs);
    let (board, follower_rows) = (g.board(), follower_rows(g));
    let opponent = current ^ occupied;
    let mut lower = i32::MIN;
    let mut upper = i32::MAX;
    if beta <= 0 && !has_four(board & !current) {
        lower = 0;
    }
    let playable = (occupied + g.bottom()) & board;
    // The playable cells of the columns with an odd number of empty cells.
    let odd_columns = playable & follower_rows;
    let empty = board & !occupied;
    let first_cells = empty & mover_rows(g);
    let second_cells = empty & follower_rows & !odd_columns;
    if alpha >= 0 && !has_four(board & !opponent) {
        upper = 0;
    }
    if odd_columns.count_ones().is_multiple_of(2) {
        if alpha >= -1 && !has_four(current | first_cells | odd_columns) {
            upper = if has_four(opponent | second_cells) {
                -1
            } else {
                0
            };
        }
    } else {
        if beta <= 1 {
            let mut rest = odd_columns;
            while rest != 0 {
                let first = rest & rest.wrapping_neg();
                rest ^= first;
                if !has_four(opponent | first_cells | (odd_columns ^ first)) {
                    if has_four(current | second_cells | first) {
                        return (1, upper);
                    }
                    lower = 0;
                }
            }
        }
        if alpha >= -1 && lower < 0 && wins_by_odd_threat(g, opponent, current, occupied) {
            return (lower, -1);
        }
    }
    (lower, upper)
}

/// Whether `follower`, not to move, wins by an odd threat against `mover` (see
/// [`static_bounds`]); the number of columns with an odd number of empty cells must be odd.
/// The follower answers every move above it but pairs the playable cells of all odd columns
/// but one, where it then takes rows 1, 3 and 5: a winning cell of its own there is at last
/// made playable by the mover, who can connect four only with the cells that strategy
/// leaves to it.
#[inline]
pub(super) fn wins_by_odd_threat<G: Geometry>(
    g: G,
    follower: u64,
    mover: u64,
    occupied: u64,
) -> bool {
    let (follower_rows, mover_rows) = (follower_rows(g), mover_rows(g));
    let empty = g.board() & !occupied;
    let odd_columns = (occupied + g.bottom()) & g.board() & follower_rows;
    let odd_threats = g.winning_cells(follower, occupied) & mover_rows;
    let column_bits = g.column_bits() as u32;
    let first_column = (1u64 << g.height()) - 1;
    let mut rest = odd_columns;
    while rest != 0 {
        let bottom = rest & rest.wrapping_neg();
        rest ^= bottom;
        let column = first_column << (bottom.trailing_zeros() / column_bits * column_bits);
        let threats = odd_threats & column;
        if threats == 0 {
            continue;
        }
        let below_threat = column & empty & ((threats & threats.wrapping_neg()) - 1);
        let mover_cells = (empty & mover_rows & !column)
            | (odd_columns ^ bottom)
            | (below_threat & follower_rows);
        if !g.has_four(mover | mover_cells) {
            return true;
        }
    }
    false
}

/// Whether a player whose winning cells are `wins` (after their move, `occupied` including
/// it) wins with their next disc but one whatever the other does: two of those cells are
/// playable now, or one is playable with another right above it. The other player cannot
/// win first (the move was one of the non-losing ones), so they must block, and one block
/// stops only one cell.
#[inline]
pub(super) fn wins_by_force<G: Geometry>(g: G, wins: u64, occupied: u64) -> bool {
    let playable_wins = wins & (occupied + g.bottom()) & g.board();
    playable_wins & playable_wins.wrapping_sub(1) != 0 || playable_wins & (wins >> 1) != 0
}
