//! The evaluators on every board size: the same value on 7x6 whether the size is fixed at
//! compile time (`Standard`) or read at run time (`AnySize`), mirror symmetry where the
//! formula is symmetric, the per-size tables against a plain walk of the grid, and wins and
//! threats found on hand-made positions of other sizes. Bound by positions, never by time.

use c4_core::{AnySize, Column, Geometry, Player, Position, Size, Standard};
use c4_eval::board_tables::tables_of;
use c4_eval::{EVALUATORS, EvalSpec, Evaluator, SeededRng, SupportedSizes};
use rand::{RngExt, SeedableRng};

/// The sizes the tests walk, 7x6 among them, and the extremes of the table.
const SIZES: [(usize, usize); 7] = [(4, 4), (5, 4), (6, 5), (7, 6), (8, 7), (12, 4), (4, 15)];

/// Random positions per size.
const POSITIONS: usize = 150;

/// The evaluators defined on every size, with settings that change what they weigh.
const GENERAL: [&str; 11] = [
    "threats",
    "threats:center=5,parity=3",
    "center",
    "center:sides=own",
    "lines",
    "lines:skyline=off,good=7",
    "connected",
    "itu",
    "itu:sides=own",
    "naive",
    "zero",
];

/// The evaluators whose formula is left-right symmetric.
const SYMMETRIC: [&str; 8] = [
    "threats",
    "threats:center=5,parity=3",
    "center",
    "lines",
    "lines:skyline=off,good=7",
    "connected",
    "itu",
    "itu:sides=own",
];

fn size(width: usize, height: usize) -> Size {
    Size::new(width, height).expect("a size of the table")
}

/// Positions of `geometry`'s board reached by random play, none of them over, each with the
/// column of its last disc.
fn random_positions<G: Geometry>(geometry: G, seed: u64) -> Vec<(Position<G>, Option<Column>)> {
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut found = Vec::with_capacity(POSITIONS);
    while found.len() < POSITIONS {
        let mut position = Position::new_in(geometry);
        let mut last = None;
        let plies = rng.random_range(0..geometry.cells());
        for _ in 0..plies {
            let legal: Vec<Column> = position.legal_moves().collect();
            if legal.is_empty() {
                break;
            }
            let column = legal[rng.random_range(0..legal.len())];
            if position.is_winning_move(column)
                || position.moves_played() as usize + 1 == geometry.cells()
            {
                break;
            }
            position.play_unchecked(column);
            last = Some(column);
        }
        found.push((position, last));
    }
    found
}

#[test]
fn on_7x6_anysize_and_standard_agree() {
    let any = AnySize::new(Size::STANDARD);
    let mut specs: Vec<&str> = GENERAL.to_vec();
    specs.extend(["kang", "corners", "center:d3=9", "ntuple"]);
    for text in specs {
        let spec = EvalSpec::parse(text).expect(text);
        let (mut fixed, mut read) = (spec.build(3), spec.build(3));
        for (position, last) in random_positions(Standard, 7) {
            let other = position.to_geometry(any).expect("7x6 both");
            for view in [Player::Red, Player::Yellow] {
                assert_eq!(
                    fixed.evaluate(&position, view, last),
                    read.evaluate(&other, view, last),
                    "{text} at {position:?}"
                );
                assert_eq!(
                    fixed.breakdown(&position, view, last),
                    read.breakdown(&other, view, last),
                    "{text} at {position:?}"
                );
            }
        }
    }
}

#[test]
fn general_evaluators_explain_their_values_on_every_size() {
    for (width, height) in SIZES {
        let geometry = AnySize::new(size(width, height));
        let positions = random_positions(geometry, (width * 100 + height) as u64);
        for text in GENERAL {
            let spec = EvalSpec::parse(text).expect(text);
            assert!(spec.check_size(geometry.size()).is_ok(), "{text}");
            let mut evaluator = spec.build(5);
            for (position, last) in &positions {
                for view in [Player::Red, Player::Yellow] {
                    let value = evaluator.evaluate(position, view, *last);
                    let terms = evaluator.breakdown(position, view, *last);
                    let sum: i64 = terms.iter().map(|t| t.value).sum();
                    assert_eq!(
                        sum,
                        i64::from(value),
                        "{text} on {width}x{height}: {terms:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn symmetric_evaluators_score_mirrors_alike_on_every_size() {
    for (width, height) in SIZES {
        let size = size(width, height);
        let geometry = AnySize::new(size);
        let positions = random_positions(geometry, (width * 1000 + height) as u64);
        for text in SYMMETRIC {
            let mut evaluator = EvalSpec::parse(text).expect(text).build(0);
            for (position, last) in &positions {
                let mirror = position.mirrored();
                let mirror_last = last.and_then(|c| c.mirrored_in(size));
                for view in [Player::Red, Player::Yellow] {
                    assert_eq!(
                        evaluator.evaluate(position, view, *last),
                        evaluator.evaluate(&mirror, view, mirror_last),
                        "{text} on {size}: {position:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn skyline_pruning_changes_nothing_on_every_size() {
    for (width, height) in SIZES {
        let geometry = AnySize::new(size(width, height));
        let mut pruned = EvalSpec::parse("lines").unwrap().build(0);
        let mut full = EvalSpec::parse("lines:skyline=off").unwrap().build(0);
        for (position, last) in random_positions(geometry, 11) {
            assert_eq!(
                pruned.evaluate(&position, Player::Red, last),
                full.evaluate(&position, Player::Red, last),
                "{width}x{height}: {position:?}"
            );
        }
    }
}

/// The number of four-cell lines through (`column`, `row`), by walking the grid.
fn fours_through_by_walking(size: Size, column: isize, row: isize) -> i32 {
    let (width, height) = (size.width() as isize, size.height() as isize);
    let inside = |c: isize, r: isize| (0..width).contains(&c) && (0..height).contains(&r);
    let mut count = 0;
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for start in -3..=0 {
            count += i32::from(
                (0..4).all(|k| inside(column + (start + k) * dc, row + (start + k) * dr)),
            );
        }
    }
    count
}

#[test]
fn center_values_are_the_fours_through_each_square_on_every_size() {
    for size in Size::all() {
        let tables = tables_of(size);
        for square in size.squares() {
            let (column, row) = (square.column().index() as isize, square.row() as isize);
            let bit = size.bit(square).trailing_zeros() as usize;
            assert_eq!(
                tables.fours_through.at(bit),
                fours_through_by_walking(size, column, row),
                "{size} {column} {row}"
            );
        }
    }
    // One disc each on 6x5: red in a1 (3 fours), yellow in c1 (5: its row's three and its
    // column and a diagonal).
    let six_by_five = AnySize::new(size(6, 5));
    let position = c4_core::parse_moves_in("13", six_by_five).unwrap();
    let mut center = EvalSpec::parse("center").unwrap().build(0);
    assert_eq!(center.evaluate(&position, Player::Red, None), 3 - 5);
}

#[test]
fn threats_finds_wins_and_double_threats_on_other_sizes() {
    let mut threats = EvalSpec::parse("threats").unwrap().build(0);
    let immediate = 100_000;
    // 5x4: red has b1 c1 d1; a1 and e1 are open. Red to move wins at once.
    let geometry = AnySize::new(size(5, 4));
    let position = Position::from_grid_in(".....\n.....\n.OOO.\n.XXX.", geometry).unwrap();
    assert_eq!(position.side_to_move(), Player::Red);
    assert_eq!(threats.evaluate(&position, Player::Red, None), immediate);
    assert_eq!(
        threats.evaluate(&position, Player::Yellow, None),
        -immediate
    );
    // The same with yellow to move: yellow cannot stop both ends.
    let position = Position::from_grid_in(".....\n.X...\n.OOO.\n.XXX.", geometry).unwrap();
    assert_eq!(position.side_to_move(), Player::Yellow);
    assert_eq!(
        threats.evaluate(&position, Player::Yellow, None),
        -immediate
    );
    // 4x15: red's three stacked in column a, yellow to move and no win of its own: red's
    // threat at a4 is a threat cell, on an even row (not red's good rows).
    let tall = AnySize::new(size(4, 15));
    let mut grid = "....\n".repeat(12);
    grid.push_str("X...\nXO..\nXO..");
    let position = Position::from_grid_in(&grid, tall).unwrap();
    assert_eq!(position.side_to_move(), Player::Yellow);
    let terms = threats.breakdown(&position, Player::Red, None);
    let cells = terms.iter().find(|t| t.name == "threat cells").unwrap();
    assert_eq!((cells.own, cells.opponent), (1, 0), "{terms:?}");
    let good = terms
        .iter()
        .find(|t| t.name == "threats on good rows")
        .unwrap();
    assert_eq!(good.own, 0, "a4 is an even row: {terms:?}");
}

fn six_by_five() -> Size {
    Size::new(6, 5).unwrap()
}

#[test]
fn bound_evaluators_name_both_sizes() {
    let error = EvalSpec::parse("ntuple")
        .unwrap()
        .check_size(six_by_five())
        .unwrap_err();
    assert_eq!(error.to_string(), "eval=ntuple is trained on 7x6, not 6x5");
    for name in ["kang", "corners", "ntuple", "center:a1=9"] {
        let spec = EvalSpec::parse(name).unwrap();
        assert!(spec.check_size(Size::STANDARD).is_ok(), "{name}");
        let text = spec.check_size(six_by_five()).unwrap_err().to_string();
        assert!(text.contains("7x6") && text.contains("6x5"), "{text}");
    }
}

#[test]
fn general_evaluators_take_every_size() {
    for spec in [
        "threats",
        "center",
        "center:sides=own",
        "lines",
        "connected",
        "itu",
        "naive",
        "zero",
    ] {
        let spec = EvalSpec::parse(spec).unwrap();
        assert_eq!(spec.supported_sizes(), SupportedSizes::Any, "{spec}");
        assert!(
            Size::all().all(|size| spec.check_size(size).is_ok()),
            "{spec}"
        );
    }
}

#[test]
fn the_registry_agrees_with_default_specs() {
    for entry in EVALUATORS {
        let spec = EvalSpec::parse(entry.name).unwrap();
        assert_eq!(spec.supported_sizes(), entry.sizes, "{}", entry.name);
    }
}
