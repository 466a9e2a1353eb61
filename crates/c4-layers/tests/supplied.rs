//! The layer a front end supplies chunk by chunk (the page's): the chunks a position's answers
//! read, found before the solve; a solve with none supplied exact, naming what it missed; the
//! same solve with those chunks supplied exact, in fewer nodes, missing nothing; bad bytes
//! refused with their reason. Its own test binary: the supplied store is one per process,
//! and from its first use it is the program's layer. Every solve is bounded by nodes.

mod common;

use c4_books::OpeningBook;
use c4_core::Position;
use c4_layers::{LayerDir, LayerStore, Layout};
use c4_solver::{ScoreStore, SolveLimits, Solver, Stores};
use common::{committed, random_positions};
use std::sync::Arc;

const LIMITS: SolveLimits = SolveLimits {
    nodes: Some(200_000_000),
    time: None,
};

fn solver(layer: Option<Arc<LayerStore>>) -> Solver {
    let mut solver = Solver::new(22);
    let book = Some(OpeningBook::store(OpeningBook::builtin()));
    solver.set_book(Stores::of([book, layer.map(|l| l as Arc<dyn ScoreStore>)]).unwrap());
    solver
}

#[test]
fn a_supplied_layer_answers_once_the_chunks_below_a_position_are_given() {
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    let store = LayerStore::supplied_ply12();
    assert!(Arc::ptr_eq(&store, &LayerStore::builtin_ply12().unwrap()));

    // Positions of plies 10 and 11 whose chunks are all committed.
    let positions: Vec<(Position, Vec<usize>)> = [10, 11]
        .into_iter()
        .flat_map(|ply| random_positions(ply, 12, 0x5ee0_0000 + u64::from(ply)))
        .filter(|position| !position.can_win_next())
        .map(|position| (position, store.chunks_below(&position)))
        .filter(|(_, chunks)| !chunks.is_empty() && chunks.iter().all(|&n| dir.is_finished(n)))
        .collect();
    assert!(positions.len() >= 4, "{}", positions.len());
    for (position, chunks) in &positions {
        assert!(
            chunks.windows(2).all(|pair| pair[0] < pair[1]),
            "{chunks:?}"
        );
        assert_eq!(&store.chunks_below(&position.mirrored()), chunks);
    }

    let mut plain = solver(None);
    let mut layered = solver(Some(Arc::clone(&store)));
    let mut nodes = [0u64; 2];
    let mut missed_any = false;
    for (position, chunks) in &positions {
        plain.reset();
        let (score, without) = plain.solve_within(position, false, LIMITS).unwrap();
        // Nothing of its own supplied yet: the search is exact, and says what it missed.
        layered.reset();
        assert_eq!(
            layered.solve_within(position, false, LIMITS).unwrap().0,
            score
        );
        // Every chunk it missed is one the position was said to read.
        let missed = store.missed();
        assert!(
            missed.iter().all(|n| chunks.contains(n)),
            "{missed:?} {chunks:?}"
        );
        missed_any |= !missed.is_empty();
        for number in chunks {
            store
                .supply(*number, &std::fs::read(dir.chunk_path(*number)).unwrap())
                .unwrap();
        }
        assert!(
            store.missed().iter().all(|n| !chunks.contains(n)),
            "{:?} {chunks:?}",
            store.missed()
        );
        layered.reset();
        let (again, with) = layered.solve_within(position, false, LIMITS).unwrap();
        assert_eq!(again, score, "{position:?}");
        nodes[0] += without.nodes;
        nodes[1] += with.nodes;
        assert!(store.missed().is_empty(), "{:?}", store.missed());
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
    assert!(missed_any);
    // Positions of other plies read no chunk.
    assert!(store.chunks_below(&random_positions(8, 1, 3)[0]).is_empty());
    assert!(
        store
            .chunks_below(&random_positions(13, 1, 3)[0])
            .is_empty()
    );
}

#[test]
fn bad_bytes_are_refused_with_their_reason() {
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    let store = LayerStore::supplied_ply12();
    let bytes = std::fs::read(dir.chunk_path(7)).unwrap();
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    assert_eq!(
        store.supply(5, &damaged).unwrap_err().to_string(),
        "(fetched ply12)/chunk-00005.c4layer: damaged: its CRC-32 does not match its contents"
    );
    let error = store.supply(5, &bytes).unwrap_err().to_string();
    assert!(error.contains("it is chunk 7"), "{error}");
    let error = store.supply(100_000, &bytes).unwrap_err().to_string();
    assert!(
        error.ends_with("it is chunk 100000, not one of the layer's 540 chunks"),
        "{error}"
    );
    assert!(store.supply(5, b"").is_err());
}
