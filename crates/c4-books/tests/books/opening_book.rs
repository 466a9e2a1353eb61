//! The built-in opening book checked as a whole: complete, consistent with itself, with the
//! independent reference sets, and with the solver.

use c4_core::{Game, Position};
// c4-eval's `SeededRng`, the one generator of c4, is this type.
use c4_books::OpeningBook;
use c4_books::{positions_by_ply, score_bounds};
use c4_solver::Solver;
use c4_solver::reference_positions::{self, SETS};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus as SeededRng;
use rand::seq::SliceRandom;

/// The book holds every position of its plies (but those whose side to move wins at once),
/// and each shallower one scores the negamax of its moves' scores (the whole book, fast).
#[test]
fn the_book_is_complete_and_each_shallower_entry_is_the_negamax_of_its_children() {
    let book = OpeningBook::builtin();
    let levels = positions_by_ply(&Game::new(), book.depth());
    let listed: usize = levels.iter().map(Vec::len).sum();
    assert_eq!(
        book.len(),
        listed,
        "entries against positions to ply {}",
        book.depth()
    );
    let mut checked = 0;
    for (moves, position) in levels.iter().flatten() {
        let score = book
            .get(position)
            .unwrap_or_else(|| panic!("{moves:?} is missing"));
        let (min, max) = score_bounds(position.moves_played());
        assert!((min..=max).contains(&score), "{moves}: {score}");
        if position.moves_played() < book.depth() {
            assert_eq!(book.derived_score(position), Ok(score), "{moves:?}");
            checked += 1;
        }
    }
    assert!(checked >= 1);
}

/// Every position of the reference sets (scored by an independent solver) within the
/// book's plies has the set's score.
#[test]
fn the_book_agrees_with_the_reference_sets() {
    let book = OpeningBook::builtin();
    let mut compared = 0;
    for (name, _, _) in SETS {
        for scored in reference_positions::set(name).expect("a built-in set") {
            let position: Position = scored.moves.parse().expect("a reference position");
            if let Some(score) = book.get(&position) {
                assert_eq!(score, scored.score, "{name}: {}", scored.moves);
                compared += 1;
            } else {
                assert!(
                    position.moves_played() > book.depth() || position.can_win_next(),
                    "{name}: {} is within the book's plies but not in it",
                    scored.moves
                );
            }
        }
    }
    // The lines of the six sets with at most the book's plies whose side to move cannot win
    // at once: the comparison covers that many, not a handful.
    assert_eq!(compared, 1371, "reference positions within the book");
}

/// `count` seeded entries of the book's deepest ply, solved again from scratch without it.
fn resolve_deepest(count: usize) {
    let book = OpeningBook::builtin();
    let mut deepest = positions_by_ply(&Game::new(), book.depth()).swap_remove(0);
    deepest.shuffle(&mut SeededRng::seed_from_u64(8));
    deepest.truncate(count);
    let workers = 2;
    std::thread::scope(|scope| {
        for share in deepest.chunks(deepest.len().div_ceil(workers).max(1)) {
            let book = &book;
            scope.spawn(move || {
                let mut solver = Solver::new(22);
                for (moves, position) in share {
                    let (score, _) = solver.solve(position).unwrap();
                    assert_eq!(book.get(position), Some(score), "{moves:?}");
                }
            });
        }
    });
}

#[test]
fn a_seeded_sample_of_the_deepest_ply_solves_to_the_same_scores() {
    resolve_deepest(200);
}

#[test]
#[ignore = "every position of the deepest ply: hours on two cores for a book of 9 plies"]
fn every_entry_of_the_deepest_ply_solves_to_the_same_score() {
    resolve_deepest(usize::MAX);
}
