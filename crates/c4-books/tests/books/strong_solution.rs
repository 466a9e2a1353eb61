//! The built-in book against the published strong solution of 7x6 Connect-4: per ply, the
//! numbers of positions won, drawn and lost for the first player.
//!
//! Source: Markus Böck, "Strongly Solving 7x6 ConnectFour on Consumer Grade Hardware",
//! arXiv:2507.05267 (2025), the README of its artifact,
//! <https://github.com/markus7800/Connect4-Strong-Solver>, and the artifact's per-ply results
//! (`src/connect4/solution_w7_h6/results_solve_w7_h6.csv`, which counts from the side to move's
//! view; the table below is the first player's): every position reachable from the empty
//! board, mirror images counted separately, positions already won included (the win is the
//! player's who just moved), classified by a symbolic (BDD) search that shares no code or
//! method with c4's solver. The test checks every ply the built-in book covers.

use c4_books::OpeningBook;
use c4_core::{Column, Position};
use std::collections::HashSet;

/// Böck's table for plies 0-12: `[won, drawn, lost]` for the first player.
const PUBLISHED: [[u64; 3]; 13] = [
    [1, 0, 0],
    [1, 2, 4],
    [27, 12, 10],
    [35, 58, 145],
    [690, 200, 230],
    [1_080, 697, 2_486],
    [10_889, 1_943, 3_590],
    [17_507, 5_944, 31_408],
    [124_624, 14_676, 44_975],
    [197_749, 42_896, 317_541],
    [1_122_696, 97_532, 442_395],
    [1_734_122, 255_780, 2_578_781],
    [8_191_645, 541_825, 3_502_631],
];

/// Positions of the published table already won by the player who just moved, for plies
/// 0-8 (the README gives no figure past ply 8): the first player at ply 7, the second at
/// ply 8, and none earlier.
const PUBLISHED_ALREADY_WON: [u64; 9] = [0, 0, 0, 0, 0, 0, 0, 728, 1_892];

/// The class of `position` for the first player: 0 won, 1 drawn, 2 lost. A game already
/// won is the last mover's; a side to move that wins at once wins (the book leaves those
/// out); anything else is the book's exact score.
fn first_player_class(book: &OpeningBook, position: &Position, moves: &str) -> usize {
    let first_to_move = position.moves_played().is_multiple_of(2);
    let mover_view = if position.is_over() {
        -1 // the side to move has lost: the last mover made four
    } else if position.can_win_next() {
        1
    } else {
        let score = book
            .get(position)
            .unwrap_or_else(|| panic!("{moves:?} is within the book's plies but not in it"));
        score.signum()
    };
    let first_view = if first_to_move {
        mover_view
    } else {
        -mover_view
    };
    match first_view {
        1 => 0,
        0 => 1,
        _ => 2,
    }
}

#[test]
fn the_books_won_drawn_and_lost_counts_per_ply_equal_the_published_strong_solution() {
    let book = OpeningBook::builtin();
    assert!(
        book.depth() >= 8 && (book.depth() as usize) < PUBLISHED.len(),
        "the book covers plies 0-{}; the test holds the table for 0-{} and expects at least 0-8",
        book.depth(),
        PUBLISHED.len() - 1
    );
    let checked = &PUBLISHED[..=book.depth() as usize];
    // Every distinct position of each ply (mirrors apart), with a move string for messages.
    let mut level = vec![(String::new(), Position::new())];
    for (ply, published) in checked.iter().enumerate() {
        let mut counts = [0u64; 3];
        let mut already_won = 0u64;
        for (moves, position) in &level {
            counts[first_player_class(&book, position, moves)] += 1;
            already_won += u64::from(position.is_over());
        }
        println!("ply {ply}: won/drawn/lost {counts:?}, already won {already_won}");
        assert_eq!(&counts, published, "ply {ply}: won, drawn, lost");
        if let Some(&expected_won) = PUBLISHED_ALREADY_WON.get(ply) {
            assert_eq!(
                already_won, expected_won,
                "ply {ply}: positions already won"
            );
        }

        if ply + 1 == checked.len() {
            break;
        }
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (moves, position) in level.iter().filter(|(_, p)| !p.is_over()) {
            for column in Column::ALL.into_iter().filter(|c| position.can_play(*c)) {
                let mut child = *position;
                child.play_unchecked(column);
                if seen.insert(child.key()) {
                    next.push((format!("{moves}{column}"), child));
                }
            }
        }
        level = next;
    }
}
