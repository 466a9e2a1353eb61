//! The rules on every size: random games of every size checked move by move against a naive
//! board, perft against the naive board's, position counts against published ones
//! (`data/positions_by_size.csv`, `data/positions_by_ply.csv`) and line counts against OEIS
//! A364823 (`data/lines_by_size.csv`); notation and errors that name the size.

use crate::naive::NaiveBoard;
use c4_core::perft::{distinct_positions_per_ply_in, perft};
use c4_core::{
    AnySize, Bitboard, Column, Game, Geometry, MoveAlphabet, ParseMovesError, PlayError, Player,
    Position, Size, Standard, Status, format_moves, parse_moves, parse_moves_in,
};
use proptest::prelude::*;
use std::collections::HashMap;

/// A seeded generator for the fixed games (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The naive board's cells, column by column from the bottom, as text: what a key must tell
/// apart.
fn naive_grid(naive: &NaiveBoard) -> String {
    naive
        .cells
        .iter()
        .flatten()
        .map(|cell| cell.map_or('.', Player::symbol))
        .collect()
}

/// The position's cells in the order and symbols of [`naive_grid`].
fn bitboard_grid(position: &Position<AnySize>) -> String {
    let size = position.size();
    size.squares()
        .map(|square| position.cell(square).map_or('.', Player::symbol))
        .collect()
}

/// Checks `position` against `naive`, square by square and move by move.
fn check_against_naive(position: &Position<AnySize>, naive: &NaiveBoard) {
    let size = position.size();
    for column in size.columns() {
        for row in 0..size.height() {
            let square = size.square(column, row).unwrap();
            assert_eq!(
                position.cell(square),
                naive.cells[column.index()][row],
                "{square}"
            );
        }
        assert_eq!(position.height(column), naive.height_of(column.index()));
    }
    let legal: Vec<usize> = position.legal_moves().map(Column::index).collect();
    assert_eq!(legal, naive.legal_moves(), "{position:?}");
    match position.status() {
        Status::Won { winner, cells } => {
            assert_eq!(naive.winner(), Some(winner), "{position:?}");
            assert!(cells.count() >= 4);
            for square in cells.squares_in(size) {
                assert_eq!(position.cell(square), Some(winner));
            }
        }
        Status::Draw => assert!(naive.winner().is_none() && naive.is_full(), "{position:?}"),
        Status::InProgress => {
            assert!(naive.winner().is_none() && !naive.is_full(), "{position:?}")
        }
    }
    assert_eq!(position.is_over(), naive.is_over());
    // Winning moves found by bit tricks agree with playing them and scanning.
    for &column in &legal {
        let mut child = naive.clone();
        child.play(column);
        let column = size.column(column).unwrap();
        assert_eq!(
            position.is_winning_move(column),
            child.winner().is_some(),
            "{position:?} {column}"
        );
    }
    // A full column, a finished game and a column of a wider board are refused by name.
    let mut refused = *position;
    for column in size.columns() {
        let expected = if position.is_over() {
            Some(PlayError::GameOver)
        } else if !naive.can_play(column.index()) {
            Some(PlayError::ColumnFull { column })
        } else {
            None
        };
        if let Some(expected) = expected {
            assert_eq!(refused.try_play(column), Err(expected));
            assert_eq!(refused, *position);
        }
    }
    if let Some(beyond) = Size::new(12, 4).unwrap().column(size.width()) {
        assert_eq!(
            refused.try_play(beyond),
            Err(PlayError::OffBoard {
                column: beyond,
                size
            })
        );
        assert!(!position.can_play(beyond) && position.height(beyond) == 0);
    }
}

/// Plays the game whose moves `pick` chooses on the naive board (`None` to stop) on `size`,
/// checking every position against the naive board, keys against the naive grids seen
/// (`keys`), and the mirror, the key's inverse and the grid text. Returns the game.
fn check_game(
    size: Size,
    mut pick: impl FnMut(&NaiveBoard) -> Option<usize>,
    keys: &mut HashMap<u64, String>,
) -> Game<AnySize> {
    let geometry = AnySize::new(size);
    let mut game = Game::new_in(geometry);
    let mut naive = NaiveBoard::new(size.width(), size.height());
    loop {
        let position = *game.position();
        check_against_naive(&position, &naive);
        let grid = naive_grid(&naive);
        assert_eq!(bitboard_grid(&position), grid);
        let known = keys.entry(position.key()).or_insert_with(|| grid.clone());
        assert_eq!(
            *known,
            grid,
            "two boards share key {:#x} on {size}",
            position.key()
        );
        assert_eq!(position.mirror_key(), position.mirrored().key());
        assert_eq!(
            bitboard_grid(&position.mirrored()),
            naive_grid(&naive.mirrored())
        );
        assert_eq!(
            Position::from_key_in(position.key(), geometry),
            Some(position)
        );
        assert_eq!(
            Position::from_key_in(position.mirror_key(), geometry),
            Some(position.mirrored())
        );
        let text = c4_core::diagram::plain_grid(&position);
        assert_eq!(
            Position::from_grid_in(&text, geometry),
            Ok(position),
            "{text}"
        );
        let Some(column) = pick(&naive) else {
            break;
        };
        game.try_play(size.column(column).unwrap()).unwrap();
        naive.play(column);
    }
    game
}

/// Random play: the `choices[i]`-th legal move (modulo their number) at ply `i`, to the end
/// of the game or of the choices.
fn random_player(choices: &[usize]) -> impl FnMut(&NaiveBoard) -> Option<usize> + '_ {
    let mut choices = choices.iter();
    move |naive| {
        let legal = naive.legal_moves();
        let &choice = choices.next()?;
        (!legal.is_empty()).then(|| legal[choice % legal.len()])
    }
}

/// A game of `size` that fills the board with no four: the discs of the full board coloured
/// by `(row + (column + shift) / 2) % 2` (no run of more than two in any direction; `shift`
/// 0 or 1, whichever gives red as many discs as yellow or one more), the leftmost order of
/// moves that reaches it less one disc, and that disc.
fn drawn_game(size: Size) -> Vec<usize> {
    let geometry = AnySize::new(size);
    let colouring = |shift: usize| {
        let (mut red, mut yellow) = (0u64, 0u64);
        for square in size.squares() {
            if (square.row() + (square.column().index() + shift) / 2).is_multiple_of(2) {
                red |= size.bit(square);
            } else {
                yellow |= size.bit(square);
            }
        }
        if red.count_ones() < yellow.count_ones() {
            std::mem::swap(&mut red, &mut yellow);
        }
        (red, yellow)
    };
    let (red, yellow) = [colouring(0), colouring(1)]
        .into_iter()
        .find(|(red, yellow)| red.count_ones() - yellow.count_ones() <= 1)
        .unwrap();
    let full = Position::from_discs_in(Bitboard(red), Bitboard(yellow), geometry).unwrap();
    let (last, before) = size
        .columns()
        .find_map(|column| {
            let mut before = full;
            before.undo(column).then_some((column, before))
        })
        .unwrap();
    let game = Game::leading_to(&before).unwrap();
    game.moves()
        .iter()
        .chain([&last])
        .map(|c| c.index())
        .collect()
}

/// The seeded games of each size (the proptest below plays more, of sizes drawn at random).
const GAMES_PER_SIZE: usize = 12;

#[test]
fn every_size_plays_like_the_naive_board() {
    let mut rng = SplitMix(49);
    for size in Size::all() {
        let mut keys = HashMap::new();
        let mut ends = [0; 3]; // wins, draws, unfinished
        for game in 0..GAMES_PER_SIZE {
            let choices: Vec<usize> = (0..size.cells()).map(|_| rng.below(1000)).collect();
            let played = if game == 0 {
                let mut moves = drawn_game(size).into_iter();
                check_game(size, |_| moves.next(), &mut keys)
            } else {
                check_game(size, random_player(&choices), &mut keys)
            };
            ends[match played.position().status() {
                Status::Won { .. } => 0,
                Status::Draw => 1,
                Status::InProgress => 2,
            }] += 1;
            // The mirrored game reaches the mirror image.
            let mut mirrored = Game::new_in(AnySize::new(size));
            for column in played.moves() {
                mirrored
                    .try_play(column.mirrored_in(size).unwrap())
                    .unwrap();
            }
            assert_eq!(*mirrored.position(), played.position().mirrored());
            assert_eq!(
                mirrored.position().canonical_key(),
                played.position().canonical_key()
            );
        }
        println!(
            "{size}: {} wins, {} draws, {} keys",
            ends[0],
            ends[1],
            keys.len()
        );
        assert!(ends[0] > 0, "{size}: no game was won");
        assert!(ends[1] > 0, "{size}: no game was drawn");
        assert_eq!(ends[2], 0, "{size}: a game stopped before its end");
    }
}

/// Where perft against the naive board stops on a size: the deepest depth, at most 9,
/// whose sequences number at most this many (width^depth, before games end).
const NAIVE_PERFT_LEAVES: u64 = 10_000;

#[test]
fn perft_agrees_with_the_naive_board_on_every_size() {
    for size in Size::all() {
        let width = size.width() as u64;
        let depth = (1..=9u32)
            .take_while(|&d| width.pow(d) <= NAIVE_PERFT_LEAVES)
            .last()
            .unwrap();
        let naive = NaiveBoard::new(size.width(), size.height()).perft(depth);
        let position = Position::new_in(AnySize::new(size));
        println!("{size}: perft {depth} = {naive}");
        assert_eq!(perft(&position, depth), naive, "{size} depth {depth}");
    }
    // Past the first wins (ply 7) on the narrowest boards, and where columns fill (4x4).
    for (size, depth) in [("4x4", 8), ("4x5", 8)] {
        let size: Size = size.parse().unwrap();
        let naive = NaiveBoard::new(size.width(), size.height()).perft(depth);
        assert_eq!(
            perft(&Position::new_in(AnySize::new(size)), depth),
            naive,
            "{size}"
        );
    }
}

#[test]
fn the_standard_board_is_the_same_at_compile_time_and_at_run_time() {
    let any = Position::new_in(AnySize::new(Size::STANDARD));
    for depth in 0..=6 {
        assert_eq!(perft(&any, depth), perft(&Position::new(), depth));
    }
    let position = parse_moves("4453").unwrap();
    let read: Position<AnySize> = position.into();
    assert_eq!(
        read,
        parse_moves_in("4453", AnySize::new(Size::STANDARD)).unwrap()
    );
    assert_eq!(read.to_geometry(Standard), Some(position));
    assert_eq!(read.key(), position.key());
    assert_eq!(format!("{read}"), format!("{position}"));
    let other = Size::new(6, 5).unwrap();
    assert_eq!(
        Position::new_in(AnySize::new(other)).to_geometry(Standard),
        None
    );
    assert_eq!(Standard.size(), Size::STANDARD);
}

/// The rows of one of the crate's data files: its numbers, `#` lines and the header skipped.
fn data_rows(text: &str) -> Vec<Vec<u64>> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .map(|line| {
            line.split(',')
                .map(|field| field.parse().unwrap())
                .collect()
        })
        .collect()
}

/// Sizes whose every position `cargo test` counts: 1.9 million positions, seconds.
const COUNTED: [&str; 2] = ["4x4", "4x5"];

fn published_total(size: Size) -> u64 {
    data_rows(include_str!("../../data/positions_by_size.csv"))
        .into_iter()
        .find(|row| row[0] as usize == size.width() && row[1] as usize == size.height())
        .map(|row| row[2])
        .unwrap_or_else(|| panic!("{size} has no published count"))
}

fn counted_total(size: Size) -> u64 {
    let counts = distinct_positions_per_ply_in(size.cells() as u32, AnySize::new(size));
    assert_eq!(counts.len(), size.cells() + 1);
    counts.iter().map(|&c| c as u64).sum()
}

#[test]
fn small_boards_have_the_published_number_of_positions() {
    for size in COUNTED {
        let size: Size = size.parse().unwrap();
        let total = counted_total(size);
        println!("{size}: {total} positions");
        assert_eq!(total, published_total(size), "{size}");
    }
}

#[test]
#[ignore = "counts 89 million positions (1.5 GB, minutes); run with --ignored"]
fn larger_boards_have_the_published_number_of_positions() {
    for size in ["5x4", "4x6", "5x5"] {
        let size: Size = size.parse().unwrap();
        assert_eq!(counted_total(size), published_total(size), "{size}");
    }
}

#[test]
fn positions_per_ply_match_the_published_counts() {
    // The plies counted here: enough to pass the first wins and full columns, in seconds.
    for (size, plies) in [("7x6", 9), ("5x5", 12)] {
        let size: Size = size.parse().unwrap();
        let published: Vec<usize> = data_rows(include_str!("../../data/positions_by_ply.csv"))
            .into_iter()
            .filter(|row| row[0] as usize == size.width() && row[1] as usize == size.height())
            .map(|row| row[3] as usize)
            .take(plies + 1)
            .collect();
        let counted = distinct_positions_per_ply_in(plies as u32, AnySize::new(size));
        assert_eq!(counted, published, "{size}");
    }
}

#[test]
fn every_size_has_the_lines_of_oeis_a364823() {
    let mut checked = std::collections::BTreeSet::new();
    for row in data_rows(include_str!("../../data/lines_by_size.csv")) {
        let (width, height, lines) = (row[0] as usize, row[1] as usize, row[2] as usize);
        for size in [Size::new(width, height), Size::new(height, width)]
            .into_iter()
            .flatten()
        {
            assert_eq!(size.lines().count(), lines, "{size}");
            assert_eq!(size.line_count(), lines, "{size}");
            checked.insert(size);
        }
    }
    // The published triangle stops at 13 columns: 4x14 and 4x15 turned are beyond it.
    let expected: std::collections::BTreeSet<Size> =
        Size::all().filter(|s| s.height() <= 13).collect();
    assert_eq!(checked, expected);
    assert_eq!(Size::STANDARD.lines().collect::<Vec<_>>(), c4_core::LINES);
}

#[test]
fn move_strings_follow_the_size_and_errors_name_it() {
    let geometry = |text: &str| AnySize::new(text.parse().unwrap());
    // Digits up to the width on boards up to 9 wide, letters always.
    let position = parse_moves_in("99", geometry("9x6")).unwrap();
    assert_eq!(position, parse_moves_in("ii", geometry("9x6")).unwrap());
    let wide = parse_moves_in("lla", geometry("12x4")).unwrap();
    assert_eq!(wide.moves_played(), 3);
    let game = Game::from_moves_in("ljk", geometry("12x4")).unwrap();
    assert_eq!(game.move_string(), "ljk");
    assert_eq!(
        Game::from_moves_in("123", geometry("6x5"))
            .unwrap()
            .move_string(),
        "123"
    );
    let error = |text: &str, size: &str| parse_moves_in(text, geometry(size)).unwrap_err();
    assert_eq!(
        error("17", "6x5"),
        ParseMovesError::ColumnOutOfRange {
            index: 1,
            found: '7',
            size: "6x5".parse().unwrap()
        }
    );
    assert_eq!(
        error("17", "6x5").to_string(),
        "move 2 is '7': columns are 1-6 (or a-f) on the 6x5 board"
    );
    assert_eq!(
        error("a1", "10x4").to_string(),
        "move 2 is '1': columns are a-j on the 10x4 board (digits name columns only on boards up to 9 wide)"
    );
    assert!(error("5", "10x4").to_string().contains("on the 10x4 board"));
    assert!(error("k", "10x4").to_string().contains("columns are a-j"));
    assert!(
        error("a-", "5x4")
            .to_string()
            .contains("on the 5x4 board columns are 1-5")
    );
    assert!(
        parse_moves("8")
            .unwrap_err()
            .to_string()
            .contains("columns are 1-7 (or a-g) on the 7x6 board")
    );
    // A column of one size played on a narrower one.
    let twelfth = "12x4".parse::<Size>().unwrap().column(11).unwrap();
    let mut standard = Game::new();
    assert_eq!(
        standard.try_play(twelfth),
        Err(PlayError::OffBoard {
            column: twelfth,
            size: Size::STANDARD
        })
    );
    assert_eq!(
        PlayError::OffBoard {
            column: twelfth,
            size: Size::STANDARD
        }
        .to_string(),
        "column 12 is not on the 7x6 board: its columns are 1-7"
    );
    // Digits stop at column 9: a string with a later column is written in letters.
    assert_eq!(
        format_moves(&[Column::ALL[0], twelfth], MoveAlphabet::Digits),
        "al"
    );
    assert_eq!(
        MoveAlphabet::preferred("10x4".parse().unwrap()),
        MoveAlphabet::Letters
    );
}

#[test]
fn diagrams_and_grids_follow_the_size() {
    let geometry = AnySize::new("10x4".parse().unwrap());
    let position = parse_moves_in("jja", geometry).unwrap();
    let text = position.to_string();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4 + 3, "{text}");
    assert_eq!(rows[4], "1 | X  .  .  .  .  .  .  .  .  X |");
    assert_eq!(
        rows[6], "    a  b  c  d  e  f  g  h  i  j",
        "letters only: {text}"
    );
    let tall = AnySize::new("4x11".parse().unwrap());
    let text = parse_moves_in("1", tall).unwrap().to_string();
    assert!(
        text.starts_with("   +------------+\n11 | .  .  .  . |"),
        "{text}"
    );
    assert!(text.contains("\n 1 | X  .  .  . |\n"), "{text}");
    assert!(
        text.ends_with("\n     a  b  c  d\n     1  2  3  4\n"),
        "{text}"
    );
    let debug = format!("{:#?}", parse_moves_in("1", tall).unwrap());
    assert!(
        debug.contains("AnySize::new(Size::new(4, 11).unwrap())"),
        "{debug}"
    );
    let error = Position::from_grid_in("....\n....", tall).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the grid must be 11 rows of 4 cells for the 4x11 board: found 2 rows"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_games_of_any_size_agree_with_the_naive_board(
        size in proptest::sample::select(Size::all().collect::<Vec<_>>()),
        choices in proptest::collection::vec(0usize..12, 0..64),
    ) {
        let game = check_game(size, random_player(&choices), &mut HashMap::new());
        let text = game.move_string();
        let geometry = AnySize::new(size);
        prop_assert_eq!(Game::from_moves_in(&text, geometry).unwrap(), game.clone());
        let letters = format_moves(game.moves(), MoveAlphabet::Letters);
        prop_assert_eq!(parse_moves_in(&letters, geometry).unwrap(), *game.position());
        match Game::leading_to(game.position()) {
            Some(found) => prop_assert_eq!(found.position(), game.position()),
            None => prop_assert!(game.position().is_over()),
        }
    }

    #[test]
    fn any_number_is_a_key_of_any_size_or_refused(
        size in proptest::sample::select(Size::all().collect::<Vec<_>>()),
        key in any::<u64>(),
    ) {
        if let Some(position) = Position::from_key_in(key, AnySize::new(size)) {
            prop_assert_eq!(position.key(), key);
        }
    }

    #[test]
    fn move_parser_never_panics_on_any_size(
        size in proptest::sample::select(Size::all().collect::<Vec<_>>()),
        text in "[0-9a-mA-M .-]{0,70}",
    ) {
        let _ = parse_moves_in(&text, AnySize::new(size));
        let _ = Position::from_grid_in(&text, AnySize::new(size));
        let _ = size.parse_square(&text);
    }

    #[test]
    fn size_parser_never_panics(text in ".{0,12}") {
        if let Ok(size) = text.parse::<Size>() {
            prop_assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
    }
}
