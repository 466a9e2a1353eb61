//! The standard board's rules checked against a naive array-based reference and published
//! counts (every other size: `sizes.rs`).

use crate::naive::NaiveBoard;
use c4_core::perft::{distinct_positions_per_ply, perft};
use c4_core::{Column, Game, HEIGHT, Player, Position, Square, Status, WIDTH, parse_moves};
use proptest::prelude::*;

fn naive_board() -> NaiveBoard {
    NaiveBoard::new(WIDTH, HEIGHT)
}

/// Published move-sequence counts from the empty board, plies 0-8.
const PERFT: [u64; 9] = [1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234];

#[test]
fn perft_matches_naive_reference_and_published_counts() {
    let naive = naive_board();
    for (depth, &expected) in PERFT.iter().enumerate() {
        let depth = depth as u32;
        let fast = perft(&Position::new(), depth);
        println!("perft {depth}: {fast}");
        assert_eq!(fast, expected, "bitboard perft at depth {depth}");
        if depth <= 7 {
            assert_eq!(naive.perft(depth), expected, "naive perft at depth {depth}");
        }
    }
}

#[test]
#[ignore = "naive depth 8 and bitboard depths 9-10 take a while; run with --ignored"]
fn perft_deep() {
    assert_eq!(naive_board().perft(8), 5673234);
    assert_eq!(perft(&Position::new(), 9), 39394572);
    assert_eq!(perft(&Position::new(), 10), 268031646);
}

#[test]
fn distinct_positions_match_oeis_a212693() {
    let counts = distinct_positions_per_ply(9);
    assert_eq!(
        counts,
        [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186]
    );
}

fn random_game(choices: &[u8]) -> (Game, NaiveBoard) {
    let mut game = Game::new();
    let mut naive = naive_board();
    for &choice in choices {
        let legal: Vec<Column> = game.position().legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        let column = legal[choice as usize % legal.len()];
        game.try_play(column).unwrap();
        naive.play(column.index());
    }
    (game, naive)
}

proptest! {
    #[test]
    fn play_then_undo_restores(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (mut game, _) = random_game(&choices);
        let snapshots: Vec<Position> = {
            let mut g = Game::new();
            let mut s = vec![*g.position()];
            for &c in game.moves() { g.try_play(c).unwrap(); s.push(*g.position()); }
            s
        };
        for expected in snapshots.iter().rev().skip(1) {
            game.undo().unwrap();
            prop_assert_eq!(game.position(), expected);
        }
        prop_assert!(game.undo().is_none());
    }

    #[test]
    fn bitboard_status_equals_naive_scan(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (game, naive) = random_game(&choices);
        let p = game.position();
        match p.status() {
            Status::Won { winner, cells } => {
                prop_assert_eq!(naive.winner(), Some(winner));
                prop_assert!(cells.count() >= 4);
                for square in cells.squares() {
                    prop_assert_eq!(p.cell(square), Some(winner));
                }
            }
            Status::Draw => prop_assert!(naive.winner().is_none() && naive.moves == 42),
            Status::InProgress => prop_assert!(naive.winner().is_none() && naive.moves < 42),
        }
        // Winning moves found by bit tricks agree with playing them and scanning.
        if !p.is_over() {
            for column in p.legal_moves() {
                let mut child = naive.clone();
                child.play(column.index());
                prop_assert_eq!(p.is_winning_move(column), child.winner().is_some());
            }
        }
    }

    #[test]
    fn mirror_key_of_mirrored_game_is_the_key(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (game, _) = random_game(&choices);
        let mut mirrored = Game::new();
        for c in game.moves() { mirrored.try_play(c.mirrored()).unwrap(); }
        prop_assert_eq!(mirrored.position().mirror_key(), game.position().key());
        prop_assert_eq!(mirrored.position().canonical_key(), game.position().canonical_key());
        prop_assert_eq!(*mirrored.position(), game.position().mirrored());
    }

    #[test]
    fn a_key_gives_back_its_position(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (game, _) = random_game(&choices);
        let position = *game.position();
        prop_assert_eq!(Position::from_key(position.key()), Some(position));
        prop_assert_eq!(Position::from_key(position.mirror_key()), Some(position.mirrored()));
    }

    #[test]
    fn every_open_position_has_a_game_leading_to_it(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (game, _) = random_game(&choices);
        let position = *game.position();
        match Game::leading_to(&position) {
            Some(found) => prop_assert_eq!(*found.position(), position),
            None => prop_assert!(position.is_over()),
        }
        // From any earlier position of the game, the game continues to it.
        let mut prefix = Game::new();
        for &column in &game.moves()[..game.moves().len() / 2] {
            prefix.try_play(column).unwrap();
        }
        if let Some(continued) = prefix.continued_to(&position) {
            prop_assert_eq!(*continued.position(), position);
            prop_assert!(continued.moves().starts_with(prefix.moves()));
        } else {
            prop_assert!(position.is_over());
        }
    }

    #[test]
    fn any_number_is_a_key_or_refused(key in any::<u64>()) {
        if let Some(position) = Position::from_key(key) {
            prop_assert_eq!(position.key(), key);
        }
    }

    #[test]
    fn move_strings_round_trip(choices in proptest::collection::vec(any::<u8>(), 0..42)) {
        let (game, _) = random_game(&choices);
        let text = game.move_string();
        prop_assert_eq!(Game::from_moves(&text).unwrap(), game.clone());
        let letters = c4_core::format_moves(game.moves(), c4_core::MoveAlphabet::Letters);
        prop_assert_eq!(parse_moves(&letters).unwrap(), *game.position());
        let grid = c4_core::diagram::plain_grid(game.position());
        prop_assert_eq!(Position::from_grid(&grid).unwrap(), *game.position());
    }

    #[test]
    fn move_parser_never_panics(text in ".{0,60}") {
        let _ = parse_moves(&text);
    }

    #[test]
    fn move_parser_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let _ = parse_moves(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn grid_parser_never_panics(text in "[.XOxo\n ]{0,80}") {
        let _ = Position::from_grid(&text);
    }

    #[test]
    fn squares_round_trip(c in 0usize..WIDTH, r in 0usize..HEIGHT) {
        let square = Square::new(Column::new(c).unwrap(), r).unwrap();
        prop_assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
    }
}

#[test]
fn squares_name_like_kang_figure_5() {
    assert_eq!("a1".parse::<Square>().unwrap().to_string(), "a1");
    let p = parse_moves("4").unwrap();
    assert_eq!(p.cell("d1".parse().unwrap()), Some(Player::Red));
    for bad in ["", "a", "a0", "a7", "h1", "11", "a10"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
}
