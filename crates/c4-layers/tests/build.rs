//! A small layer (ply 6 over ply-3 roots, answered by the built-in book) built, interrupted,
//! resumed and read back; damaged files named.

use c4_books::OpeningBook;
use c4_layers::{LayerBuild, LayerDir, LayerError, LayerEvent, Layout};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const SMALL: Layout = Layout {
    root_ply: 3,
    ply: 6,
    roots_per_chunk: 20,
};

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-layers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn build(max_chunks: Option<usize>) -> LayerBuild {
    LayerBuild {
        threads: 2,
        table_bits: 20,
        deadline: None,
        max_chunks,
    }
}

#[test]
fn a_layer_built_in_pieces_holds_the_book_s_scores() {
    let path = fresh_dir("whole");
    let dir = LayerDir::create(&path, SMALL).unwrap();
    assert!(dir.chunk_count() >= 4);
    let stop = AtomicBool::new(false);
    let first = build(Some(2)).run(&dir, &stop, &|_| {}).unwrap();
    assert_eq!((first.finished, first.finished_before), (2, 0));
    let rest = build(None).run(&dir, &stop, &|_| {}).unwrap();
    assert_eq!(rest.finished_before, 2);
    assert_eq!(rest.finished, dir.chunk_count() - 2);
    let book = OpeningBook::builtin();
    let mut positions = 0;
    for number in 0..dir.chunk_count() {
        for (position, score) in dir.scored_positions(number).unwrap() {
            assert_eq!(book.get(&position), Some(score));
            positions += 1;
        }
    }
    assert_eq!(positions, first.solved + rest.solved);
    assert!(std::fs::read_dir(&path).unwrap().all(|entry| {
        entry
            .unwrap()
            .path()
            .extension()
            .is_some_and(|e| e == "c4layer")
    }));
    std::fs::remove_dir_all(&path).unwrap();
}

#[test]
fn an_interrupted_chunk_is_taken_up_where_it_stopped() {
    let path = fresh_dir("resume");
    let dir = LayerDir::create(&path, SMALL).unwrap();
    let stop = AtomicBool::new(false);
    let solved = AtomicUsize::new(0);
    let one = LayerBuild {
        threads: 1,
        ..build(Some(1))
    };
    let summary = one
        .run(&dir, &stop, &|event| {
            if let LayerEvent::Solved = event
                && solved.fetch_add(1, Ordering::Relaxed) == 9
            {
                stop.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert_eq!((summary.finished, summary.solved), (0, 10));
    assert!(dir.partial_path(0).exists() && !dir.is_finished(0));
    stop.store(false, Ordering::Relaxed);
    let resumed = AtomicUsize::new(usize::MAX);
    let summary = one
        .run(&dir, &stop, &|event| {
            if let LayerEvent::Started { done, .. } = event {
                resumed.store(done, Ordering::Relaxed);
            }
        })
        .unwrap();
    assert_eq!(resumed.load(Ordering::Relaxed), 10);
    assert_eq!(summary.finished, 1);
    assert!(!dir.partial_path(0).exists());
    let book = OpeningBook::builtin();
    for (position, score) in dir.scored_positions(0).unwrap() {
        assert_eq!(book.get(&position), Some(score));
    }
    std::fs::remove_dir_all(&path).unwrap();
}

#[test]
fn damaged_or_foreign_files_are_named_and_refused() {
    let path = fresh_dir("damaged");
    let dir = LayerDir::create(&path, SMALL).unwrap();
    let stop = AtomicBool::new(false);
    build(Some(2)).run(&dir, &stop, &|_| {}).unwrap();
    // A flipped score byte.
    let file = dir.chunk_path(1);
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() - 6;
    bytes[at] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let error = dir.read_chunk(1).unwrap_err().to_string();
    assert!(
        error.contains("chunk-00001.c4layer") && error.contains("damaged"),
        "{error}"
    );
    // Chunk 0's file under chunk 1's name.
    std::fs::copy(dir.chunk_path(0), &file).unwrap();
    let error = dir.read_chunk(1).unwrap_err().to_string();
    assert!(
        error.contains("it is chunk 0") && error.contains("not chunk 1"),
        "{error}"
    );
    // A progress file of another chunk.
    std::fs::write(dir.partial_path(2), b"c4lpart\0 not this chunk's header").unwrap();
    let error = build(Some(1)).run(&dir, &stop, &|_| {}).unwrap_err();
    assert!(matches!(error, LayerError::Partial { .. }), "{error}");
    assert!(error.to_string().contains("chunk-00002.partial"), "{error}");
    // A folder that cannot be made.
    let error = LayerDir::create(&file.join("below-a-file"), SMALL).unwrap_err();
    assert!(error.to_string().contains("below-a-file"), "{error}");
    std::fs::remove_dir_all(&path).unwrap();
}
