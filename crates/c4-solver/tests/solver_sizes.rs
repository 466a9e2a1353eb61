//! The solver on every board size, against independent results: the positions of
//! `data/positions/sizes/` (40 a size, scored by Pons' solver built for each size; see that
//! folder's README) and Tromp's table of the empty boards' results
//! (`data/reference/board_sizes.csv`).
//!
//! By default each size's positions are solved under a node limit ([`CHEAP_NODES`]) and those
//! that finish are checked (how many, per size, is printed, and at least
//! [`CHEAP_PER_SIZE_FLOOR`] of every size must); `--ignored` solves every one to the end.

use c4_core::{AnySize, Position, Size, parse_moves_in};
use c4_solver::{SolveError, SolveLimits, Solver};

/// The node limit of a cheap position in the default run.
const CHEAP_NODES: u64 = 300_000;
/// The fewest positions of a size that finish within [`CHEAP_NODES`] (the deepest ones, cut
/// late in their games, are cheap on every size).
const CHEAP_PER_SIZE_FLOOR: usize = 25;
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

/// Solves each size's positions (under `nodes` each, when given) and checks the score of
/// every one that finishes; the number of those per size.
fn solve_sizes(nodes: Option<u64>) -> Vec<(Size, usize)> {
    let limits = SolveLimits { nodes, time: None };
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
                Err(SolveError::LimitReached) if nodes.is_some() => {}
                Err(e) => panic!("{size} {moves:?}: {e}"),
            }
        }
        println!(
            "{size}: {finished} of {} positions solved, the costliest in {most_nodes} nodes",
            lines.len()
        );
        solved.push((size, finished));
    }
    solved
}

#[test]
fn every_size_s_cheap_positions_get_the_reference_score() {
    let solved = solve_sizes(Some(CHEAP_NODES));
    let total: usize = solved.iter().map(|(_, n)| n).sum();
    println!("{total} positions within {CHEAP_NODES} nodes each");
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
    for (size, finished) in solve_sizes(None) {
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
