//! The book readers on arbitrary and damaged input: a book is refused with an error or read
//! whole, never a panic, and what is read holds only scores each ply allows.

use c4_books::OpeningBook;
use c4_books::{binary, score_bounds};
use c4_core::{Position, parse_moves};
use proptest::prelude::*;

fn sample_book() -> OpeningBook {
    let mut book = OpeningBook::new(4);
    for (moves, score) in [("", 1), ("4", -1), ("44", 1), ("443", -2), ("4433", 2)] {
        book.insert(
            &parse_moves(moves).unwrap(),
            c4_solver::ExactScore::new(score).unwrap(),
        );
    }
    book
}

fn check_read(book: &OpeningBook) -> Result<(), TestCaseError> {
    for (key, score) in book.sorted_entries() {
        let position = Position::from_key(key).expect("a stored key is a position");
        let (min, max) = score_bounds(position.moves_played());
        prop_assert!((min..=max).contains(&score));
        prop_assert!(position.moves_played() <= book.depth());
    }
    Ok(())
}

proptest! {
    #[test]
    fn arbitrary_bytes_are_read_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(book) = OpeningBook::from_bytes(&bytes) {
            check_read(&book)?;
        }
    }

    #[test]
    fn arbitrary_text_is_read_or_refused(body in "(c4-book 1 depth=[0-9]{1,2}\n)?([0-9 a-g-]{0,12}\n){0,6}") {
        if let Ok(book) = OpeningBook::from_bytes(body.as_bytes()) {
            check_read(&book)?;
        }
    }

    #[test]
    fn a_damaged_binary_book_is_refused_or_still_sound(
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut bytes = binary::encode(&sample_book());
        for (at, value) in flips {
            let at = at % bytes.len();
            bytes[at] = value;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut % (bytes.len() + 1));
        }
        if let Ok(book) = OpeningBook::from_bytes(&bytes) {
            check_read(&book)?;
        }
    }
}

#[test]
fn the_corrupt_books_of_the_hardening_report_are_refused() {
    for (text, needle) in [
        // A score above what 15 discs allow.
        (
            "c4-book 1 depth=16\n444444333333555 17\n",
            "outside -13..14",
        ),
        // A position and its mirror with different scores.
        ("c4-book 1 depth=2\n1 2\n7 1\n", "but line 2 gave 2"),
        // The same position twice with different scores.
        ("c4-book 1 depth=2\n4 -1\n4 1\n", "but line 2 gave -1"),
    ] {
        let error = OpeningBook::from_bytes(text.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains(needle), "{text:?}: {error}");
    }
}
