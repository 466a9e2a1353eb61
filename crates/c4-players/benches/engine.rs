//! Criterion benches: perft, evaluators and fixed-depth search on fixed positions (the
//! solver's are in c4-solver's `benches/solver.rs`). Each bench checks what it computes where
//! it can (perft counts), so a fast wrong answer cannot pass for a speed-up. Run with
//! `cargo bench -p c4-players --bench engine`.

use c4_core::perft::perft;
use c4_core::{Game, Player, Position, parse_moves};
use c4_eval::{EvalSpec, Evaluator};
use c4_players::parse_agent;
use c4_solver::reference_positions;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    c.bench_function("perft 6 from the empty board", |b| {
        b.iter(|| {
            let n = perft(black_box(&Position::new()), 6);
            assert_eq!(n, 117_649);
        })
    });
}

/// Evaluations per second of the learned network beside `threats`, on the same positions, and
/// of the network's trained form beside the compact one the evaluator reads.
fn bench_evaluators(c: &mut Criterion) {
    let positions: Vec<Position> = reference_positions::set("Test_L2_R2")
        .unwrap()
        .iter()
        .map(|p| parse_moves(&p.moves).unwrap())
        .collect();
    let mut group = c.benchmark_group("evaluations");
    group.throughput(Throughput::Elements(positions.len() as u64));
    for spec in ["threats", "ntuple"] {
        let mut evaluator = EvalSpec::parse(spec).unwrap().build(0);
        group.bench_function(format!("{spec} on the 1000 Test_L2_R2 positions"), |b| {
            b.iter(|| {
                let mut sum = 0i64;
                for position in &positions {
                    sum += i64::from(evaluator.evaluate(position, Player::Red, None));
                }
                black_box(sum)
            })
        });
    }
    // The network's trained form (f32 tables) beside the compact one `eval=ntuple` reads.
    let trained = c4_eval::ntuple::evaluator::builtin().unwrap().to_network();
    group.bench_function(
        "ntuple's trained f32 network on the 1000 Test_L2_R2 positions",
        |b| {
            b.iter(|| {
                let mut sum = 0f32;
                for position in &positions {
                    sum += trained.value(position);
                }
                black_box(sum)
            })
        },
    );
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    let games: Vec<Game> = reference_positions::set("Test_L2_R2").unwrap()[..20]
        .iter()
        .map(|p| Game::from_moves(&p.moves).unwrap())
        .collect();
    for spec in [
        "alphabeta:depth=6,eval=center",
        "alphabeta:depth=6,eval=kang",
        "alphabeta:depth=6,eval=threats",
        "alphabeta:depth=6,eval=ntuple",
    ] {
        let mut agent = parse_agent(spec, 0).unwrap();
        c.bench_function(&format!("{spec} on 20 Test_L2_R2 positions"), |b| {
            b.iter(|| {
                for game in &games {
                    black_box(agent.choose(game));
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_perft, bench_evaluators, bench_search
}
criterion_main!(benches);
