//! Bounds and wins that need no search: Allis' claimeven and odd threat, lines no longer
//! free, and double threats.

use c4_core::bitboard::{BOTTOM, FULL_BOARD, ODD_ROWS, has_four, winning_cells};
use c4_core::{COLUMN_BITS, HEIGHT};

/// Rows 2, 4 and 6 counted from 1: the cells the second player takes by always answering in
/// the column just played (Allis' claimeven).
pub(super) const EVEN_ROWS: u64 = FULL_BOARD & !ODD_ROWS;

/// The cells of the first column.
const COLUMN: u64 = (1 << HEIGHT) - 1;

/// Bounds on the score of the side to move that need no search, as (lower, upper) around 0
/// (`i32::MIN`/`i32::MAX` where a rule says nothing or cannot end the search of the window
/// `alpha..beta`: the upper bounds are tried only when `alpha >= -1`, the lower ones only when
/// `beta <= 1`):
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
pub(super) fn static_bounds(current: u64, occupied: u64, alpha: i32, beta: i32) -> (i32, i32) {
    let opponent = current ^ occupied;
    let mut lower = i32::MIN;
    let mut upper = i32::MAX;
    if beta <= 0 && !has_four(FULL_BOARD & !current) {
        lower = 0;
    }
    let playable = (occupied + BOTTOM) & FULL_BOARD;
    // The playable cells of the columns with an odd number of empty cells.
    let odd_columns = playable & EVEN_ROWS;
    let empty = FULL_BOARD & !occupied;
    let first_cells = empty & ODD_ROWS;
    let second_cells = empty & EVEN_ROWS & !odd_columns;
    if alpha >= 0 && !has_four(FULL_BOARD & !opponent) {
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
        if alpha >= -1 && lower < 0 && wins_by_odd_threat(opponent, current, occupied) {
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
pub(super) fn wins_by_odd_threat(follower: u64, mover: u64, occupied: u64) -> bool {
    let empty = FULL_BOARD & !occupied;
    let odd_columns = (occupied + BOTTOM) & FULL_BOARD & EVEN_ROWS;
    let odd_threats = winning_cells(follower, occupied) & ODD_ROWS;
    let mut rest = odd_columns;
    while rest != 0 {
        let bottom = rest & rest.wrapping_neg();
        rest ^= bottom;
        let column = COLUMN << (bottom.trailing_zeros() / COLUMN_BITS as u32 * COLUMN_BITS as u32);
        let threats = odd_threats & column;
        if threats == 0 {
            continue;
        }
        let below_threat = column & empty & ((threats & threats.wrapping_neg()) - 1);
        let mover_cells =
            (empty & ODD_ROWS & !column) | (odd_columns ^ bottom) | (below_threat & EVEN_ROWS);
        if !has_four(mover | mover_cells) {
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
pub(super) fn wins_by_force(wins: u64, occupied: u64) -> bool {
    let playable_wins = wins & (occupied + BOTTOM) & FULL_BOARD;
    playable_wins & playable_wins.wrapping_sub(1) != 0 || playable_wins & (wins >> 1) != 0
}
