//! Allis' board-size results from the rules alone (A Knowledge-based Approach of
//! Connect-Four, 1988): the second player at least draws on the empty 6x4, 6x6 and 6x8
//! boards, and on 7x4, 7x6 and 7x8 after any first move off the middle column.

use c4_core::{AnySize, Column, Player, Position, Size};
use c4_knowledge::{Found, Goal, ProofResult, explain, proof_number_search};

#[test]
fn the_second_player_at_least_draws_on_the_empty_6x2n_boards() {
    for height in [4, 6, 8] {
        let size = Size::new(6, height).unwrap();
        let verdict = explain(&Position::new_in(AnySize::new(size)));
        let proof = verdict
            .proof
            .unwrap_or_else(|| panic!("no proof on the empty {size}"));
        assert_eq!(proof.player, Player::Yellow, "{size}");
        assert_eq!(proof.result, ProofResult::AtLeastDraw, "{size}");
        assert_eq!(verdict.nodes, 0, "{size}");
        eprintln!("{size}: {} rules", proof.rules.len());
    }
}

#[test]
fn the_second_player_at_least_draws_on_7x2n_after_a_first_move_off_the_middle() {
    for height in [4, 6, 8] {
        let size = Size::new(7, height).unwrap();
        for index in [0, 1, 2, 4, 5, 6] {
            let mut position = Position::new_in(AnySize::new(size));
            position.play_unchecked(Column::of_some_board(index).unwrap());
            let verdict = explain(&position);
            let proof = verdict
                .proof
                .unwrap_or_else(|| panic!("no proof on {size} after column {}", index + 1));
            assert_eq!(proof.player, Player::Yellow, "{size} {index}");
            assert_eq!(proof.result, ProofResult::AtLeastDraw, "{size} {index}");
            eprintln!(
                "{size} after {}: nodes {}, reply {:?}, {} rules",
                index + 1,
                verdict.nodes,
                proof.first_move,
                proof.rules.len()
            );
            assert!(
                verdict.nodes <= 1,
                "{size} after column {}: {} nodes",
                index + 1,
                verdict.nodes
            );
        }
    }
}

#[test]
fn after_the_middle_move_on_7x4_a_search_with_the_rules_shows_the_second_player_draws() {
    let size = Size::new(7, 4).unwrap();
    let mut position = Position::new_in(AnySize::new(size));
    position.play_unchecked(Column::of_some_board(3).unwrap());
    assert!(
        explain(&position).proof.is_none(),
        "the rules alone settle it"
    );
    let goal = Goal {
        player: Player::Yellow,
        result: ProofResult::AtLeastDraw,
    };
    let result = proof_number_search(&position, goal, 100_000, || false);
    eprintln!("7x4 after d1: {result:?}");
    assert_eq!(result.found, Found::Proven);
}
