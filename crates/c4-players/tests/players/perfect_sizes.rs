//! `perfect` on a board its solver cannot finish early in the game (9x6): a searched move,
//! never one of depth 0 after the time was spent, a forced move said to be one, and words
//! true of that board.

use c4_core::{AnySize, Game, Size};
use c4_players::{LEVELS, PlayerSpec};
use c4_search::search::MoveValue;

fn nine_by_six() -> AnySize {
    AnySize::new(Size::new(9, 6).unwrap())
}

fn choose(moves: &str) -> c4_search::search::MoveReport {
    let geometry = nine_by_six();
    let mut perfect = PlayerSpec::parse("perfect:time=600,threads=1", 1)
        .unwrap()
        .build_in(geometry)
        .unwrap();
    perfect.choose(&Game::from_moves_in(moves, geometry).unwrap())
}

#[test]
fn where_the_solve_gives_up_the_search_chooses_with_a_real_depth() {
    let report = choose("45");
    let note = report.note.clone().unwrap_or_default();
    if !report.score.is_exact() {
        assert!(report.depth >= 1, "{report:?}");
        assert!(
            note.starts_with("the solve did not finish in time"),
            "{note}"
        );
    }
}

#[test]
fn a_forced_move_is_played_as_one_and_claims_no_value() {
    // Red holds a1 b1 c1 with d1 and the far side open: yellow must take d1 (column 4).
    let report = choose("11223");
    assert_eq!(report.column.number(), 4, "{report:?}");
    if !report.score.is_exact() {
        assert_eq!(report.score, MoveValue::Unscored, "{report:?}");
        let note = report.note.unwrap();
        assert!(
            note.contains("the only move that does not lose at once"),
            "{note}"
        );
    }
}

#[test]
fn perfect_and_hard_say_what_they_do_without_the_book_off_7x6() {
    let size = Size::new(9, 6).unwrap();
    for name in ["hard", "perfect"] {
        let level = LEVELS.iter().find(|level| level.name == name).unwrap();
        let elsewhere = level.description_on(size);
        assert!(elsewhere.contains("without a book"), "{name}: {elsewhere}");
        assert!(!elsewhere.contains("every time"), "{name}: {elsewhere}");
        assert_eq!(level.description_on(Size::STANDARD), level.description());
    }
}
