//! Kang's H1 computed bit-parallel (the evaluator) against a plain grid walk written here
//! from the paper's Table 2, on many random positions: every situation count and the total.
//! The walk's values are read from the table as transcribed
//! (`crates/c4-papers/data/reference/kang2019_table2_h1_values.csv`), so each of the
//! evaluator's weights is pinned to the paper's number.

use c4_core::{Column, Game, HEIGHT, Player, Position, Square, WIDTH};
use c4_eval::SeededRng;
use c4_eval::{Evaluator, parse_evaluator};
use rand::{RngExt, SeedableRng};

/// Kang et al. (2019), Table 2, as transcribed in c4-papers' reference tables.
const TABLE_2: &str = include_str!("../../c4-papers/data/reference/kang2019_table2_h1_values.csv");

/// The values of Table 2 that the walk adds.
struct Table2 {
    /// "inf": four connected, and three with both adjacent squares playable.
    infinity: i64,
    /// Three with one adjacent square playable.
    three_half_open: i64,
    /// Two and one with the gap between them playable (a split three).
    split_three: i64,
    /// Three with no adjacent square playable.
    three_closed: i64,
    /// Two with both adjacent squares playable.
    two_open: i64,
    /// Two with one side playable, by the squares available along the line (the table lists
    /// 2 to 5; fewer are worth nothing).
    two_half_open: [i64; 6],
    /// A single disc, by column a-g.
    single: [i64; WIDTH],
}

/// Table 2 read from its CSV, each row's value placed by its situation's words; every row
/// must be placed. "inf" is the evaluator's win value, the one number the paper leaves open.
fn table_2() -> Table2 {
    let mut table = Table2 {
        infinity: i64::from(c4_eval::kang_h1_features::KANG_INFINITY),
        three_half_open: -1,
        split_three: -1,
        three_closed: -1,
        two_open: -1,
        two_half_open: [0, 0, -1, -1, -1, -1],
        single: [-1; WIDTH],
    };
    let rows = TABLE_2
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1);
    for row in rows {
        let fields: Vec<&str> = row.splitn(3, ',').collect();
        let (feature, situation, value) = (fields[0], fields[1], fields[2].trim());
        if value == "inf" {
            assert!(
                feature == "1" || situation.contains("both immediately adjacent"),
                "{row}"
            );
            continue;
        }
        let value: i64 = value.parse().unwrap_or_else(|_| panic!("{row}"));
        let available = |n: usize| situation.contains(&format!("{n} available squares"));
        match feature {
            "2" if situation.contains("no adjacent") => table.three_closed = value,
            "2" if situation.contains("only one adjacent") => table.three_half_open = value,
            "2" if situation.contains("split three") => table.split_three = value,
            "3" if situation.contains("both adjacent") => table.two_open = value,
            "3" => {
                let n = (2..=5)
                    .find(|&n| available(n))
                    .unwrap_or_else(|| panic!("{row}"));
                table.two_half_open[n] = value;
            }
            "4" => {
                for (column, letter) in ('a'..='g').enumerate() {
                    if situation.contains(&format!("column {letter}"))
                        || situation.contains(&format!(" or {letter}"))
                    {
                        table.single[column] = value;
                    }
                }
            }
            _ => panic!("a row the walk does not know: {row}"),
        }
    }
    let placed = [
        table.three_half_open,
        table.split_three,
        table.three_closed,
        table.two_open,
    ]
    .into_iter()
    .chain(table.two_half_open)
    .chain(table.single);
    assert!(
        placed.into_iter().all(|v| v >= 0),
        "a value of Table 2 missing"
    );
    table
}

/// Situation counts in the evaluator's breakdown order, and the value.
fn grid_walk(
    table: &Table2,
    position: &Position,
    player: Player,
    count_empty: bool,
) -> ([i64; 9], i64) {
    let own = |c: isize, r: isize| {
        c >= 0
            && r >= 0
            && c < WIDTH as isize
            && r < HEIGHT as isize
            && position.cell(Square::new(Column::new(c as usize).unwrap(), r as usize).unwrap())
                == Some(player)
    };
    let empty = |c: isize, r: isize| {
        c >= 0
            && r >= 0
            && c < WIDTH as isize
            && r < HEIGHT as isize
            && position
                .cell(Square::new(Column::new(c as usize).unwrap(), r as usize).unwrap())
                .is_none()
    };
    let playable = |c: isize, r: isize| {
        empty(c, r) && position.height(Column::new(c as usize).unwrap()) == r as usize
    };
    let reach = |c: isize, r: isize| {
        if count_empty {
            empty(c, r)
        } else {
            playable(c, r)
        }
    };
    let mut counts = [0i64; 9];
    let mut value = 0i64;
    for (dc, dr) in [(1isize, 0isize), (0, 1), (1, 1), (1, -1)] {
        for c in 0..WIDTH as isize {
            for r in 0..HEIGHT as isize {
                if own(c, r) && !own(c - dc, r - dr) {
                    let mut k = 1;
                    while own(c + k * dc, r + k * dr) {
                        k += 1;
                    }
                    let before = playable(c - dc, r - dr);
                    let after = playable(c + k * dc, r + k * dr);
                    match (k, before, after) {
                        (4.., _, _) => {
                            counts[0] += 1;
                            value += table.infinity;
                        }
                        (3, true, true) => {
                            counts[1] += 1;
                            value += table.infinity;
                        }
                        (3, false, false) => {
                            counts[4] += 1;
                            value += table.three_closed;
                        }
                        (3, _, _) => {
                            counts[2] += 1;
                            value += table.three_half_open;
                        }
                        (2, true, true) => {
                            counts[5] += 1;
                            value += table.two_open;
                        }
                        (2, false, false) => counts[7] += 1,
                        (2, _, _) => {
                            counts[6] += 1;
                            let (mut x, mut y, sx, sy) = if after {
                                (c + 2 * dc, r + 2 * dr, dc, dr)
                            } else {
                                (c - dc, r - dr, -dc, -dr)
                            };
                            let mut n = 0;
                            while n < 5 && reach(x, y) {
                                n += 1;
                                x += sx;
                                y += sy;
                            }
                            value += table.two_half_open[n];
                        }
                        _ => {}
                    }
                }
                if own(c, r) && own(c + 3 * dc, r + 3 * dr) {
                    let (a, b) = ((c + dc, r + dr), (c + 2 * dc, r + 2 * dr));
                    if (own(a.0, a.1) && playable(b.0, b.1))
                        || (playable(a.0, a.1) && own(b.0, b.1))
                    {
                        counts[3] += 1;
                        value += table.split_three;
                    }
                }
            }
        }
    }
    for c in 0..WIDTH as isize {
        for r in 0..HEIGHT as isize {
            let alone = own(c, r)
                && (-1..=1)
                    .all(|dc| (-1..=1).all(|dr| (dc == 0 && dr == 0) || !own(c + dc, r + dr)));
            if alone {
                counts[8] += 1;
                value += table.single[c as usize];
            }
        }
    }
    (counts, value)
}

#[test]
fn bit_parallel_h1_equals_the_grid_walk() {
    let table = table_2();
    let mut rng = SeededRng::seed_from_u64(11);
    for spec in ["kang", "kang:count=empty"] {
        let mut kang = parse_evaluator(spec, 0).unwrap();
        for _ in 0..3000 {
            let mut game = Game::new();
            let length = rng.random_range(0..42);
            for _ in 0..length {
                let legal: Vec<Column> = game.position().legal_moves().collect();
                if legal.is_empty() {
                    break;
                }
                game.try_play(legal[rng.random_range(0..legal.len())])
                    .unwrap();
            }
            let p = game.position();
            for view in [Player::Red, Player::Yellow] {
                let terms = kang.breakdown(p, view, None);
                let (mine, my_value) = grid_walk(&table, p, view, spec.ends_with("empty"));
                let (theirs, their_value) =
                    grid_walk(&table, p, view.other(), spec.ends_with("empty"));
                for i in 0..9 {
                    assert_eq!(
                        terms[i].own,
                        mine[i],
                        "{spec} {} at {}",
                        terms[i].name,
                        game.move_string()
                    );
                    assert_eq!(
                        terms[i].opponent,
                        theirs[i],
                        "{spec} {} at {}",
                        terms[i].name,
                        game.move_string()
                    );
                }
                let expected =
                    (my_value - their_value).clamp(i64::from(i32::MIN), i64::from(i32::MAX));
                assert_eq!(
                    i64::from(kang.evaluate(p, view, None)),
                    expected,
                    "{spec} at {}",
                    game.move_string()
                );
            }
        }
    }
}
