//! The solver on long solves against Pons' Begin-Hard and Begin-Medium sets (scored by his
//! solver, `crates/c4-solver/data/positions/`): a seeded sample of each solved with the
//! built-in book and the committed ply-12 layer on one thread and on two sharing a table,
//! and without them where a solve stays within the test's node bound (most of Begin-Medium's
//! sample and a few of Begin-Hard's: the others ask millions of nodes each). Every solve is
//! bounded by nodes; the whole sets run with
//! `cargo test --release -p c4-solver --test solver_reference -- --ignored`.

use c4_books::OpeningBook;
use c4_core::{Position, parse_moves};
use c4_layers::{LayerStore, Layout};
use c4_solver::reference_positions::{self, ScoredPosition};
use c4_solver::{ExactScore, ScoreStore, SolveError, SolveLimits, Solver, Stores};
use std::path::Path;
use std::sync::Arc;

/// Lines drawn from each set.
const SAMPLE: usize = 30;
/// The most nodes a solve with the book and the layer may take.
const WITH_STORES: SolveLimits = SolveLimits {
    nodes: Some(10_000_000),
    time: None,
};
/// The most nodes a solve without them may take: Begin-Medium's lines take about 1.2 million
/// on average in Pons' solver, Begin-Hard's about 60 million, so most of Begin-Medium's
/// sample and a few of Begin-Hard's finish within it.
const WITHOUT_STORES: SolveLimits = SolveLimits {
    nodes: Some(600_000),
    time: None,
};

/// `SAMPLE` distinct lines of `set`, drawn by a fixed xorshift.
fn sample(set: &str, seed: u64) -> Vec<ScoredPosition> {
    let lines = reference_positions::set(set).expect("a built-in set");
    assert_eq!(lines.len(), 1000, "{set}");
    let mut state = seed;
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < SAMPLE {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let index = (state % lines.len() as u64) as usize;
        if !picked.contains(&index) {
            picked.push(index);
        }
    }
    picked.into_iter().map(|i| lines[i].clone()).collect()
}

/// The built-in book and the committed ply-12 layer, as `c4 solve` reads them.
fn stores() -> Arc<dyn ScoreStore> {
    let layer = Arc::new(
        LayerStore::open(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ply12"),
            Layout::PLY12,
        )
        .unwrap(),
    );
    Stores::of([
        Some(OpeningBook::store(OpeningBook::builtin())),
        Some(layer as Arc<dyn ScoreStore>),
    ])
    .unwrap()
    .unwrap()
}

fn solver(threads: usize, store: Option<Arc<dyn ScoreStore>>) -> Solver {
    let mut solver = Solver::new(22);
    solver.set_threads(threads);
    solver.set_book(store);
    solver
}

/// `position` solved from a fresh table within `limits`: its score, or None if it gave up.
fn solve(solver: &mut Solver, position: &Position, limits: SolveLimits) -> Option<ExactScore> {
    solver.reset();
    match solver.solve_within(position, false, limits) {
        Ok((score, _)) => Some(score),
        Err(SolveError::LimitReached) => None,
        Err(error) => panic!("{error}"),
    }
}

/// Each line of `lines` solved with the book and the layer on one thread and on two: every
/// solve finishes within the bound with the set's score.
fn check_with_stores(set: &str, lines: &[ScoredPosition]) {
    let store = stores();
    for threads in [1, 2] {
        let mut solver = solver(threads, Some(store.clone()));
        for line in lines {
            let position = parse_moves(&line.moves).unwrap();
            let score = solve(&mut solver, &position, WITH_STORES);
            assert_eq!(
                score,
                Some(line.score),
                "{set} with the book and layer, threads {threads}: {}",
                line.moves
            );
        }
    }
}

/// Each line of `lines` solved without the book or the layer on one thread and on two, within
/// `WITHOUT_STORES`: a solve that finishes has the set's score. Returns how many finished on
/// one thread.
fn check_without_stores(set: &str, lines: &[ScoredPosition]) -> usize {
    let mut finished = 0;
    for threads in [1, 2] {
        let mut solver = solver(threads, None);
        for line in lines {
            let position = parse_moves(&line.moves).unwrap();
            if let Some(score) = solve(&mut solver, &position, WITHOUT_STORES) {
                assert_eq!(
                    score, line.score,
                    "{set} without the book, threads {threads}: {}",
                    line.moves
                );
                finished += usize::from(threads == 1);
            }
        }
    }
    finished
}

#[test]
fn a_sample_of_begin_hard_solves_to_pons_scores() {
    let lines = sample("Test_L1_R3", 0x9e37_79b9_7f4a_7c15);
    check_with_stores("Begin-Hard", &lines);
    let finished = check_without_stores("Begin-Hard", &lines);
    eprintln!("Begin-Hard: {finished} of {SAMPLE} solved without the book within the bound");
    assert!(finished >= 1, "no Begin-Hard line solved without the book");
}

#[test]
fn a_sample_of_begin_medium_solves_to_pons_scores() {
    let lines = sample("Test_L1_R2", 0x2545_f491_4f6c_dd1d);
    check_with_stores("Begin-Medium", &lines);
    let finished = check_without_stores("Begin-Medium", &lines);
    eprintln!("Begin-Medium: {finished} of {SAMPLE} solved without the book within the bound");
    assert!(
        finished >= SAMPLE * 2 / 3,
        "too few Begin-Medium lines solved without the book"
    );
}
