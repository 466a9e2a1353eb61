//! Books of board sizes other than 7x6: the shipped ones (`data/books/`) read back, of their
//! size, complete and consistent, their deepest plies and a sample of every ply solved again by
//! the solver of their size; a book refused for another size, naming both; the 4x4 strong
//! solution against a full solve of every position; a solver consulting the book of its size.
//! Every solve is bounded by its position's depth (small boards) or a node limit.

use c4_books::OpeningBook;
use c4_books::build::BookBuild;
use c4_books::verify::Sample;
use c4_books::{BookChoice, BookError, binary, positions_by_ply, text};
use c4_core::{AnySize, Game, Position, Size, parse_moves_in};
use c4_solver::hashing::mix64;
use c4_solver::{AnySizeSolver, SolveLimits, Solver};
use std::path::PathBuf;

/// The shipped books of other sizes: file, size, depth, positions, and the first ply whose
/// positions are solved again on a sample (8x5's shallower ones take a minute each).
const SHIPPED: &[(&str, &str, u32, usize, u32)] = &[
    ("4x4.c4book", "4x4", 15, 54819, 0),
    ("5x4.c4book", "5x4", 19, 1086642, 0),
    ("6x5.c4book", "6x5", 8, 46918, 0),
    ("6x6.c4book", "6x6", 7, 16587, 0),
    ("8x5.c4book", "8x5", 2, 37, 2),
];

/// Positions of each ply of a shipped book solved again from scratch, at most.
const PER_PLY: usize = 3;
/// The most nodes one of them may take: every sampled position of the shipped books takes
/// fewer (a limit reached fails the test, it never skips a position).
const NODES: u64 = 400_000_000;

fn path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/books")
        .join(file)
}

fn size(text: &str) -> Size {
    text.parse().expect("a size")
}

fn solver(size: Size) -> AnySizeSolver {
    Solver::new_in(20, AnySize::new(size))
}

/// Each shipped book reads back (every check of a book file), is of its size and depth,
/// consistent and complete, and its deepest ply solves again on a seeded sample (on the small
/// boards; 6x6's and 8x5's are solved again by the ignored test below).
#[test]
fn each_shipped_book_reads_back_of_its_size_and_checks() {
    for &(file, name, depth, positions, _) in SHIPPED {
        let book = OpeningBook::open_for(&path(file), size(name))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(book.size(), size(name), "{file}");
        assert_eq!((book.depth(), book.len()), (depth, positions), "{file}");
        let check = book
            .check_consistency()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(check.derived > 0, "{file}: {check:?}");
        if is_heavy(name) {
            continue;
        }
        let mut solver = solver(book.size());
        let sample = Sample::Seeded { count: 2, seed: 7 };
        let solved = book
            .check_by_solving_in(sample, &mut solver)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(solved >= 2.min(check.bounded), "{file}: {solved}");
    }
}

/// A seeded few positions of every ply of the small boards' shipped books score as a fresh
/// solve of their size scores them.
#[test]
fn sampled_positions_of_every_ply_equal_a_fresh_solve() {
    for &(file, name, depth, _, first_ply) in SHIPPED.iter().filter(|s| !is_heavy(s.1)) {
        check_sample_against_fresh_solves(file, name, depth, first_ply);
    }
}

/// The same for 6x6's and 8x5's books, whose shallow positions take some seconds to a minute
/// each to solve again: a benchmark's length, so run with `--ignored`.
#[test]
#[ignore = "minutes: fresh solves of 6x6 and 8x5 opening positions"]
fn sampled_positions_of_the_larger_boards_equal_a_fresh_solve() {
    for &(file, name, depth, _, first_ply) in SHIPPED.iter().filter(|s| is_heavy(s.1)) {
        check_sample_against_fresh_solves(file, name, depth, first_ply);
    }
}

/// Whether the shipped book of the board `name` takes long to solve again.
fn is_heavy(name: &str) -> bool {
    matches!(name, "6x6" | "8x5")
}

fn check_sample_against_fresh_solves(file: &str, name: &str, depth: u32, first_ply: u32) {
    let size = size(name);
    let book = OpeningBook::open_for(&path(file), size).unwrap();
    let levels = positions_by_ply(&Game::new_in(AnySize::new(size)), depth);
    let mut solver = solver(size);
    for level in levels.into_iter().filter(|l| {
        l.first()
            .is_some_and(|(_, p)| p.moves_played() >= first_ply)
    }) {
        let mut level: Vec<_> = level.into_iter().collect();
        level.sort_by_key(|(_, p)| (mix64(p.canonical_key() ^ 11), p.canonical_key()));
        for (moves, position) in level.into_iter().take(PER_PLY) {
            solver.reset();
            let limits = SolveLimits {
                nodes: Some(NODES),
                time: None,
            };
            let (score, _) = solver
                .solve_within(&position, false, limits)
                .unwrap_or_else(|e| panic!("{file}: {moves}: {e}"));
            assert_eq!(book.get(&position), Some(score), "{file}: {moves}");
        }
    }
}

/// The 4x4 book is the strong solution: every position reachable from the empty board, not
/// over and not won at once, is in it with the score a full solve gives, and nothing else is.
#[test]
fn the_4x4_book_agrees_with_a_full_solve_on_every_position() {
    let size = size("4x4");
    let book = OpeningBook::open_for(&path("4x4.c4book"), size).unwrap();
    let mut solver = solver(size);
    let mut compared = 0;
    for (moves, position) in positions_by_ply(&Game::new_in(AnySize::new(size)), 15)
        .into_iter()
        .flatten()
    {
        let (score, _) = solver.solve(&position).unwrap();
        assert_eq!(book.get(&position), Some(score), "{moves}");
        compared += 1;
    }
    assert_eq!(compared, book.len());
}

/// A book of one size read for another is refused, naming both sizes, in either format and
/// through every way a book is chosen; read for no size in particular, it says its own.
#[test]
fn a_book_of_another_size_is_refused_naming_both() {
    let four = path("4x4.c4book");
    let standard = Size::STANDARD;
    for error in [
        OpeningBook::open_for(&four, standard).unwrap_err(),
        BookChoice::File(four.clone()).load().unwrap_err(),
        BookChoice::File(four.clone())
            .load_in(size("6x5"))
            .unwrap_err(),
    ] {
        let text = error.to_string();
        assert!(
            text.contains("4x4") && text.contains("board, not"),
            "{text}"
        );
        assert!(
            matches!(&error, BookError::InFile { error, .. }
                if matches!(**error, BookError::OtherSize { book, .. } if book == size("4x4"))),
            "{error:?}"
        );
    }
    assert!(
        OpeningBook::open_for(&four, standard)
            .unwrap_err()
            .to_string()
            .contains("the book is for the 4x4 board, not 7x6")
    );
    assert_eq!(OpeningBook::open(&four).unwrap().size(), size("4x4"));
    let error = OpeningBook::builtin()
        .as_ref()
        .clone()
        .for_size(size("6x5"))
        .unwrap_err();
    assert_eq!(error.to_string(), "the book is for the 7x6 board, not 6x5");
}

/// A book of another size round-trips through both formats, each recording the size: the
/// binary one in its header with W x (H + 1) bits of key an entry in whole bytes, the text one
/// in `size=`; a header without it is 7x6's.
#[test]
fn both_formats_record_the_size() {
    let size = size("5x4");
    let root = Game::new_in(AnySize::new(size));
    let mut book = OpeningBook::new_in(size, 4);
    BookBuild::new(root.clone(), 4, 1, 20)
        .unwrap()
        .run(&mut book, |_| Ok(()))
        .unwrap();
    let bytes = binary::encode(&book);
    assert_eq!((bytes[7], bytes[8]), (5, 4));
    assert_eq!(bytes.len(), binary::HEADER_BYTES + 5 * book.len());
    assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
    let mut written = Vec::new();
    text::write(&book, &mut written, &root).unwrap();
    let written = String::from_utf8(written).unwrap();
    assert!(
        written.starts_with("c4-book 1 size=5x4 depth=4\n"),
        "{written}"
    );
    assert_eq!(OpeningBook::from_bytes(written.as_bytes()).unwrap(), book);
    let old = OpeningBook::from_bytes(b"c4-book 1 depth=1\n 1\n4 -1\n").unwrap();
    assert_eq!(old.size(), Size::STANDARD);
    assert_eq!(OpeningBook::builtin().size(), Size::STANDARD);
    // A move string of another size, or a score beyond its range, is refused by line.
    for (text, needle) in [
        ("c4-book 1 size=5x4 depth=2\n6 1\n", "line 2"),
        (
            "c4-book 1 size=5x4 depth=2\n3 9\n",
            "exact scores of the 5x4 board",
        ),
        (
            "c4-book 1 size=5x4 depth=20\n",
            "maximum of 19 on the 5x4 board",
        ),
        ("c4-book 1 size=3x4 depth=2\n", "not a c4 book"),
    ] {
        let error = OpeningBook::from_bytes(text.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(error.contains(needle), "{text:?}: {error}");
    }
}

/// A solver consults the book of its size, answering its positions with no search, and
/// never a book of another size.
#[test]
fn a_solver_consults_the_book_of_its_size_only() {
    let size = size("6x5");
    let book = std::sync::Arc::new(OpeningBook::open(&path("6x5.c4book")).unwrap());
    let position: Position<AnySize> = parse_moves_in("34", AnySize::new(size)).unwrap();
    let mut plain = solver(size);
    let (score, searched) = plain.solve(&position).unwrap();
    assert!(searched.nodes > 0);
    let mut with_book = solver(size);
    with_book.set_book(Some(book));
    let (from_book, stats) = with_book.solve(&position).unwrap();
    assert_eq!((from_book, stats.nodes), (score, 0));
    let mut foreign = solver(size);
    foreign.set_book(Some(OpeningBook::builtin()));
    let (score_again, stats) = foreign.solve(&position).unwrap();
    assert_eq!(score_again, score);
    assert_eq!(stats.nodes, searched.nodes);
}
