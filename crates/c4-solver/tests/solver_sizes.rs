//! The solver on every board size, against independent results: the positions of
//! `data/positions/sizes/` (40 a size, scored by Pons' solver built for each size; see that
//! folder's README) and Tromp's table of the empty boards' results
//! (`data/reference/board_sizes.csv`).
//!
//! By default each size's positions are solved under a node limit ([`CHEAP_NODES`]) and those
//! that finish are checked (how many, per size, is printed, and at least
//! [`CHEAP_PER_SIZE_FLOOR`] of every size must); of the long ones, those that do not finish,
//! a fixed quarter (by a hash of size and moves) is solved again under [`LONG_NODES`], and
//! each of those must finish with Pons' score. `--ignored` solves every one to the end.

use c4_core::{AnySize, Position, Size, parse_moves_in};
use c4_solver::{SolveError, SolveLimits, Solver};

/// The node limit of a cheap position in the default run.
const CHEAP_NODES: u64 = 300_000;
/// The fewest positions of a size that finish within [`CHEAP_NODES`] (the deepest ones, cut
/// late in their games, are cheap on every size).
const CHEAP_PER_SIZE_FLOOR: usize = 25;
/// The node limit of a long position of the default run's sample: the 66 positions beyond
/// [`CHEAP_NODES`] take at most 2.9 million nodes each (measured 2026-11-29).
const LONG_NODES: u64 = 4_000_000;
/// The fewest long positions the default run solves.
const LONG_FLOOR: usize = 15;
/// log2 of the table's slots.
const TABLE_BITS: u32 = 20;

/// A line of a size's file: its moves, their position and Pons' score.
type Scored = (String, Position<AnySize>, i32);

/// Every size's file: (size, its lines).
fn size_files() -> Vec<(Size, Vec<Scored>)> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/data/positions/sizes");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .expect("the sizes folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 36, "one file a size");
    files
        .iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_str().unwrap();
            let size: Size = name.parse().expect("a file named by its size");
            let text = std::fs::read_to_string(path).unwrap();
            let lines = text
                .lines()
                .map(|line| {
                    // `MOVES SCORE`, the empty board as ` SCORE`.
                    let (moves, score) = line.rsplit_once(' ').expect("MOVES SCORE");
                    let position = parse_moves_in(moves, AnySize::new(size))
                        .unwrap_or_else(|e| panic!("{size} {moves:?}: {e}"));
                    (moves.to_owned(), position, score.parse().unwrap())
                })
                .collect::<Vec<_>>();
            assert_eq!(lines.len(), 40, "{size}");
            (size, lines)
        })
        .collect()
}

/// Whether a long position is in the default run's sample: a fixed quarter of them, by the
/// FNV-1a hash of its size and moves.
fn sampled(size: Size, moves: &str) -> bool {
    let hash = format!("{size} {moves}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    hash % 4 == 0
}

/// Solves each size's positions (under `nodes` each, when given) and checks the score of
/// every one that finishes, and of the sampled ones that do not, solved again under
/// [`LONG_NODES`]; the number per size of those that finished first, and the long ones.
fn solve_sizes(nodes: Option<u64>) -> (Vec<(Size, usize)>, usize) {
    let limits = SolveLimits { nodes, time: None };
    let long_limits = SolveLimits {
        nodes: Some(LONG_NODES),
        time: None,
    };
    let mut long = 0;
    let mut solved = Vec::new();
    for (size, lines) in size_files() {
        let mut solver = Solver::new_in(TABLE_BITS, AnySize::new(size));
        let (mut finished, mut most_nodes) = (0, 0);
        for (moves, position, expected) in &lines {
            solver.reset();
            match solver.solve_within(position, false, limits) {
                Ok((score, stats)) => {
                    most_nodes = most_nodes.max(stats.nodes);
                    assert_eq!(
                        score.value(),
                        *expected,
                        "{size} {moves:?}: the solver says {score}, Pons' solver {expected}"
                    );
                    finished += 1;
                }
                Err(SolveError::LimitReached) if nodes.is_some() => {
                    if !sampled(size, moves) {
                        continue;
                    }
                    solver.reset();
                    let (score, _) = solver
                        .solve_within(position, false, long_limits)
                        .unwrap_or_else(|e| panic!("{size} {moves:?}, a long one: {e}"));
                    assert_eq!(
                        score.value(),
                        *expected,
                        "{size} {moves:?}: the solver says {score}, Pons' solver {expected}"
                    );
                    long += 1;
                }
                Err(e) => panic!("{size} {moves:?}: {e}"),
            }
        }
        println!(
            "{size}: {finished} of {} positions solved, the costliest in {most_nodes} nodes",
            lines.len()
        );
        solved.push((size, finished));
    }
    (solved, long)
}

#[test]
fn every_size_s_cheap_positions_get_the_reference_score() {
    let (solved, long) = solve_sizes(Some(CHEAP_NODES));
    let total: usize = solved.iter().map(|(_, n)| n).sum();
    println!(
        "{total} positions within {CHEAP_NODES} nodes each, {long} long ones within {LONG_NODES}"
    );
    assert!(long >= LONG_FLOOR, "only {long} long positions solved");
    for (size, finished) in solved {
        assert!(
            finished >= CHEAP_PER_SIZE_FLOOR,
            "{size}: only {finished} positions within {CHEAP_NODES} nodes"
        );
    }
}

#[test]
#[ignore = "solves every position of every size: minutes"]
fn every_size_s_positions_get_the_reference_score() {
    for (size, finished) in solve_sizes(None).0 {
        assert_eq!(finished, 40, "{size}");
    }
}

/// Tromp's result of every size with width + height <= 11, from the empty board: the first
/// player wins (+), draws (=) or loses (-).
#[test]
fn tromp_s_table_holds_for_the_small_boards() {
    let table = include_str!("../data/reference/board_sizes.csv");
    let mut checked = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (width, height): (usize, usize) =
            (fields[0].parse().unwrap(), fields[1].parse().unwrap());
        if width + height > 11 {
            continue;
        }
        let size = Size::new(width, height).unwrap();
        let mut solver = Solver::new_in(22, AnySize::new(size));
        let (score, stats) = solver.solve(&Position::new_in(AnySize::new(size))).unwrap();
        let result = match score.signum() {
            1 => "+",
            0 => "=",
            _ => "-",
        };
        println!("{size}: {result} ({score}), {} nodes", stats.nodes);
        assert_eq!(result, fields[2], "{size}: the solver says {score}");
        checked.push(size);
    }
    assert_eq!(checked.len(), 10, "the sizes with W + H <= 11: {checked:?}");
}
