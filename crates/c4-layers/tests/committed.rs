//! The committed chunks of the ply-12 layer (`data/ply12/`): each read back whole (CRC,
//! header, roots, score ranges); eight picked by a fixed seed with their positions derived
//! again (shares equal to this program's), and three positions of each solved again from
//! scratch to the same scores; and the whole layer's results of plies 10-12 against the
//! published strong solution (a minute or two of CPU, shared among the threads).

use c4_books::strong_solution::published_7x6;
use c4_layers::counts::{PlyOutcomes, outcomes_by_ply};
use c4_layers::{LayerDir, Layout};
use c4_solver::Solver;
use std::path::Path;

#[test]
fn every_committed_chunk_reads_back_and_a_sample_solves_again() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ply12");
    let dir = LayerDir::open(&path, Layout::PLY12);
    // Every ply-9 position that is not over, one of each mirror pair; the built-in book's
    // 239,959 ply-9 entries are those of them whose side to move cannot win at once.
    assert_eq!(dir.roots().len(), 269_531);
    assert_eq!(dir.chunk_count(), 540);
    let finished: Vec<usize> = (0..dir.chunk_count())
        .filter(|&n| dir.is_finished(n))
        .collect();
    assert!(!finished.is_empty(), "no chunk in {}", path.display());
    for &number in &finished {
        dir.read_chunk(number).unwrap();
    }
    let mut solver = Solver::new(22);
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // Eight chunks, each with its positions derived again: three of them solved.
    for _ in 0..8 {
        let number = finished[(next() % finished.len() as u64) as usize];
        let scored = dir.scored_positions(number).unwrap();
        assert!(scored.iter().all(|(p, _)| p.moves_played() == 12));
        // Three positions a chunk, picked by a fixed xorshift.
        for _ in 0..3 {
            let (position, score) = &scored[(next() % scored.len() as u64) as usize];
            solver.reset();
            assert_eq!(solver.solve(position).unwrap().0, *score, "chunk {number}");
        }
    }
}

/// The whole layer's results for plies 10-12 against the published strong solution (Böck's
/// counts of wins, draws and losses per ply): every chunk's positions derived, the chunks
/// shared among the machine's threads.
#[test]
fn the_complete_layers_results_per_ply_are_the_published_strong_solutions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ply12");
    let dir = LayerDir::open(&path, Layout::PLY12);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let scored: Vec<_> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                let dir = &dir;
                scope.spawn(move || {
                    (worker..dir.chunk_count())
                        .step_by(threads)
                        .flat_map(|number| dir.scored_positions(number).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect()
    });
    let counted = outcomes_by_ply(dir.layout(), &scored).unwrap();
    assert_eq!(counted.len(), 3);
    for PlyOutcomes { ply, outcomes } in counted {
        assert_eq!(Some(outcomes), published_7x6(ply), "ply {ply}");
    }
}
