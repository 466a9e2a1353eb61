//! Criterion benches of the solver on the reference sets' first positions. Each checks the
//! scores it computes, so a fast wrong answer cannot pass for a speed-up. Run with
//! `cargo bench -p c4-solver`; `c4 bench solver` is the node-count signature.

use c4_core::{Position, parse_moves};
use c4_solver::{ExactScore, Solver, reference_positions};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench_solver(c: &mut Criterion) {
    let mut solver = Solver::new(22);
    for (set, count) in [("Test_L3_R1", 100), ("Test_L2_R1", 100), ("Test_L1_R1", 20)] {
        let positions: Vec<(Position, ExactScore)> = reference_positions::set(set).unwrap()
            [..count]
            .iter()
            .map(|p| (parse_moves(&p.moves).unwrap(), p.score))
            .collect();
        c.bench_function(
            &format!("solve first {count} of {set}, fresh table each"),
            |b| {
                b.iter(|| {
                    for (position, expected) in &positions {
                        solver.reset();
                        let (score, _) = solver.solve(position).unwrap();
                        assert_eq!(score, *expected);
                    }
                })
            },
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_solver
}
criterion_main!(benches);
