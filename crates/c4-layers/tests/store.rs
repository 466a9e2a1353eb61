//! The committed ply-12 chunks as the solver's store: its answers against the solver's own,
//! a chunk that is not there answering nothing (the search still exact), a damaged file
//! refused with its error, and solves beside the built-in book equal to those without the
//! layer, in fewer nodes. Every solve is bounded by nodes.

mod common;

use c4_books::OpeningBook;
use c4_core::Position;
use c4_layers::subtree::owner;
use c4_layers::{LayerDir, LayerStore, Layout};
use c4_solver::{ScoreStore, SolveLimits, Solver, Stores};
use common::{committed, random_positions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const LIMITS: SolveLimits = SolveLimits {
    nodes: Some(200_000_000),
    time: None,
};

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-layers-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The number of the chunk that holds `position`, a ply-12 position.
fn chunk_of(dir: &LayerDir, position: &Position) -> usize {
    let root = owner(position, dir.layout(), dir.roots()).unwrap();
    dir.roots().index_of(root).unwrap() / dir.layout().roots_per_chunk
}

fn solver(store: Option<Arc<dyn ScoreStore>>) -> Solver {
    let mut solver = Solver::new(22);
    solver.set_book(store);
    solver
}

fn with_layer(path: &Path) -> Arc<dyn ScoreStore> {
    let layer = Arc::new(LayerStore::open(path, Layout::PLY12).unwrap());
    Stores::of([
        Some(OpeningBook::store(OpeningBook::builtin())),
        Some(layer as Arc<dyn ScoreStore>),
    ])
    .unwrap()
    .unwrap()
}

#[test]
fn the_store_answers_as_the_solver_where_its_chunk_is_finished() {
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    let store = LayerStore::open(&committed(), Layout::PLY12).unwrap();
    let mut solver = solver(Some(OpeningBook::store(OpeningBook::builtin())));
    let (mut answered, mut unanswered) = (0, 0);
    for position in random_positions(12, 40, 0x51ed_2701) {
        let answer = store.score(position.canonical_key());
        if position.can_win_next() {
            assert_eq!(answer, None, "a win at once is not stored");
            continue;
        }
        let finished = dir.is_finished(chunk_of(&dir, &position));
        assert_eq!(answer.is_some(), finished, "{position:?}");
        // The mirror image asks for the same key; a key of another ply holds nothing.
        assert_eq!(store.score(position.mirrored().canonical_key()), answer);
        if let Some(score) = answer {
            answered += 1;
            if answered <= 8 {
                solver.reset();
                assert_eq!(
                    solver.solve_within(&position, false, LIMITS).unwrap().0,
                    score
                );
            }
        } else {
            unanswered += 1;
        }
    }
    // With every chunk committed, all are answered; a chunk that is not there is the next
    // test's.
    assert!(answered >= 8, "{answered} answered, {unanswered} not");
    assert_eq!(store.score(Position::new().key()), None);
    assert!(store.refused().is_empty());
}

#[test]
fn a_chunk_that_is_not_there_answers_nothing_and_the_search_stays_exact() {
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    let positions: Vec<Position> = random_positions(12, 30, 0x7a11_0c4e)
        .into_iter()
        .filter(|p| !p.can_win_next() && dir.is_finished(chunk_of(&dir, p)))
        .collect();
    let (kept, left_out) = (&positions[0], &positions[1..]);
    let kept_chunk = chunk_of(&dir, kept);
    let folder = fresh_dir("one-chunk");
    std::fs::copy(
        dir.chunk_path(kept_chunk),
        folder.join(dir.chunk_path(kept_chunk).file_name().unwrap()),
    )
    .unwrap();
    let store = LayerStore::open(&folder, Layout::PLY12).unwrap();
    assert!(store.score(kept.canonical_key()).is_some());
    assert_eq!(store.chunk(kept_chunk).map_err(|e| e.to_string()), Ok(true));
    let absent: Vec<&Position> = left_out
        .iter()
        .filter(|p| chunk_of(&dir, p) != kept_chunk)
        .take(3)
        .collect();
    assert!(!absent.is_empty());
    let mut plain = solver(Some(OpeningBook::store(OpeningBook::builtin())));
    let mut layered = solver(Some(with_layer(&folder)));
    for position in absent {
        assert_eq!(store.score(position.canonical_key()), None);
        plain.reset();
        layered.reset();
        let (score, stats) = layered.solve_within(position, false, LIMITS).unwrap();
        assert_eq!(
            score,
            plain.solve_within(position, false, LIMITS).unwrap().0
        );
        assert!(stats.nodes > 0, "searched, not looked up");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_damaged_chunk_is_refused_with_its_error() {
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    let position = random_positions(12, 30, 0xdab0_57ed)
        .into_iter()
        .find(|p| !p.can_win_next() && dir.is_finished(chunk_of(&dir, p)))
        .unwrap();
    let number = chunk_of(&dir, &position);
    let folder = fresh_dir("damaged");
    let damaged = folder.join(dir.chunk_path(number).file_name().unwrap());
    let mut bytes = std::fs::read(dir.chunk_path(number)).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x04;
    std::fs::write(&damaged, &bytes).unwrap();
    let store = LayerStore::open(&folder, Layout::PLY12).unwrap();
    assert_eq!(store.score(position.canonical_key()), None);
    let expected = format!(
        "{}: damaged: its CRC-32 does not match its contents",
        damaged.display()
    );
    assert_eq!(store.chunk(number).unwrap_err().to_string(), expected);
    assert_eq!(store.check().unwrap_err().to_string(), expected);
    let refused: Vec<String> = store.refused().iter().map(|e| e.to_string()).collect();
    assert_eq!(refused, vec![expected]);
    // A search past the refused chunk is exact all the same.
    let mut plain = solver(Some(OpeningBook::store(OpeningBook::builtin())));
    let mut layered = solver(Some(with_layer(&folder)));
    assert_eq!(
        layered.solve_within(&position, false, LIMITS).unwrap().0,
        plain.solve_within(&position, false, LIMITS).unwrap().0
    );
    // Cut short: its length is named.
    std::fs::write(&damaged, &bytes[..middle]).unwrap();
    let store = LayerStore::open(&folder, Layout::PLY12).unwrap();
    let error = store.chunk(number).unwrap_err().to_string();
    assert!(
        error.contains("bytes where its header calls for"),
        "{error}"
    );
    // A folder that is not there is refused when opened.
    std::fs::remove_dir_all(&folder).unwrap();
    let error = LayerStore::open(&folder, Layout::PLY12).unwrap_err();
    assert!(error.to_string().starts_with(&folder.display().to_string()));
}

#[test]
fn solves_with_the_layer_equal_those_without_in_fewer_nodes() {
    let layered_store = with_layer(&committed());
    let mut plain = solver(Some(OpeningBook::store(OpeningBook::builtin())));
    let mut layered = solver(Some(Arc::clone(&layered_store)));
    let mut nodes_below_12 = [0u64; 2];
    for ply in 9..=14 {
        for position in random_positions(ply, 4, 0xc4c4_0000 + u64::from(ply)) {
            plain.reset();
            layered.reset();
            let (score, without) = plain.solve_within(&position, false, LIMITS).unwrap();
            let (again, with) = layered.solve_within(&position, false, LIMITS).unwrap();
            assert_eq!(score, again, "ply {ply}: {position:?}");
            if ply <= 12 {
                nodes_below_12[0] += without.nodes;
                nodes_below_12[1] += with.nodes;
            } else {
                // Past ply 12 the layer is never asked: the same search.
                assert_eq!(with.nodes, without.nodes, "ply {ply}");
            }
        }
    }
    assert!(nodes_below_12[1] < nodes_below_12[0], "{nodes_below_12:?}");
    // The scores of a ply-11 position's columns, each from the layer, as searched.
    for position in random_positions(11, 3, 0x0a11_c01d) {
        plain.reset();
        layered.reset();
        let (scores, _) = plain.analyze_columns(&position, false, LIMITS).unwrap();
        let (again, _) = layered.analyze_columns(&position, false, LIMITS).unwrap();
        assert_eq!(scores, again, "{position:?}");
    }
    // A ply-11 position whose every reply the layer holds: its best move with no search.
    let mut looked_up = 0;
    for position in random_positions(11, 8, 0xb357) {
        if let Some((column, score)) = layered.book_move(&position) {
            looked_up += 1;
            plain.reset();
            assert_eq!(
                plain.solve_within(&position, false, LIMITS).unwrap().0,
                score
            );
            let mut child = position;
            child.play_unchecked(column);
            if !child.is_over() {
                plain.reset();
                let reply = plain.solve_within(&child, false, LIMITS).unwrap().0;
                assert_eq!(-reply, score, "{position:?} plays {column:?}");
            }
        }
    }
    assert!(looked_up > 0);
}

/// A chunk whose name is there but whose file cannot be read (a link that loops) is refused
/// by name, not taken for a chunk not built yet.
#[cfg(unix)]
#[test]
fn a_chunk_that_is_a_looping_link_is_refused_by_name() {
    let folder = fresh_dir("looping");
    let dir = LayerDir::open(&committed(), Layout::PLY12);
    std::fs::copy(
        dir.chunk_path(0),
        folder.join(dir.chunk_path(0).file_name().unwrap()),
    )
    .unwrap();
    let looping = folder.join(dir.chunk_path(7).file_name().unwrap());
    std::os::unix::fs::symlink(&looping, &looping).unwrap();
    let store = LayerStore::open(&folder, Layout::PLY12).unwrap();
    let error = store.chunk(7).unwrap_err().to_string();
    assert!(error.contains("chunk-00007.c4layer"), "{error}");
    assert_eq!(store.check().unwrap_err().to_string(), error);
    std::fs::remove_dir_all(&folder).unwrap();
}
