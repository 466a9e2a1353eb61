//! Kang's H1 computed bit-parallel (the evaluator) against a plain grid walk written here
//! from the paper's Table 2, on many random positions: every situation count and the total.

use c4_core::{Column, Game, HEIGHT, Player, Position, Square, WIDTH};
use c4_eval::SeededRng;
use c4_eval::{Evaluator, parse_evaluator};
use rand::{RngExt, SeedableRng};

/// Situation counts in the evaluator's breakdown order, and the value.
fn grid_walk(position: &Position, player: Player, count_empty: bool) -> ([i64; 9], i64) {
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
                            value += 10_000_000;
                        }
                        (3, true, true) => {
                            counts[1] += 1;
                            value += 10_000_000;
                        }
                        (3, false, false) => counts[4] += 1,
                        (3, _, _) => {
                            counts[2] += 1;
                            value += 900_000;
                        }
                        (2, true, true) => {
                            counts[5] += 1;
                            value += 50_000;
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
                            value += [0, 0, 10_000, 20_000, 30_000, 40_000][n];
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
                        value += 900_000;
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
                value += [40, 70, 120, 200, 120, 70, 40][c as usize];
            }
        }
    }
    (counts, value)
}

#[test]
fn bit_parallel_h1_equals_the_grid_walk() {
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
                let (mine, my_value) = grid_walk(p, view, spec.ends_with("empty"));
                let (theirs, their_value) = grid_walk(p, view.other(), spec.ends_with("empty"));
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
