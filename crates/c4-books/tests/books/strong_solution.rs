//! The built-in book against the published strong solution of 7x6 Connect-4 (Böck's counts
//! per ply, with their source, in `c4_books::strong_solution`): per ply, the numbers of
//! positions won, drawn and lost for the first player. The test checks every ply the
//! built-in book covers.

use c4_books::OpeningBook;
use c4_books::strong_solution::{
    Outcomes, PUBLISHED_7X6, PUBLISHED_ALREADY_WON_7X6, decided_result,
};
use c4_core::{Column, Position};
use std::collections::HashSet;

/// The result of `position` for its side to move: decided on the board, else the book's.
fn mover_result(book: &OpeningBook, position: &Position, moves: &str) -> i32 {
    decided_result(position).unwrap_or_else(|| {
        book.get(position)
            .unwrap_or_else(|| panic!("{moves:?} is within the book's plies but not in it"))
            .signum()
    })
}

#[test]
fn the_books_won_drawn_and_lost_counts_per_ply_equal_the_published_strong_solution() {
    let book = OpeningBook::builtin();
    assert!(
        book.depth() >= 8 && (book.depth() as usize) < PUBLISHED_7X6.len(),
        "the book covers plies 0-{}; the test holds the table for 0-{} and expects at least 0-8",
        book.depth(),
        PUBLISHED_7X6.len() - 1
    );
    let checked = &PUBLISHED_7X6[..=book.depth() as usize];
    // Every distinct position of each ply (mirrors apart), with a move string for messages.
    let mut level = vec![(String::new(), Position::new())];
    for (ply, published) in checked.iter().enumerate() {
        let mut counts = Outcomes::default();
        let mut already_won = 0u64;
        for (moves, position) in &level {
            counts.count(ply as u32, mover_result(&book, position, moves));
            already_won += u64::from(position.is_over());
        }
        println!("ply {ply}: {counts}, already won {already_won}");
        assert_eq!(&counts, published, "ply {ply}: won, drawn, lost");
        if let Some(&expected_won) = PUBLISHED_ALREADY_WON_7X6.get(ply) {
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
