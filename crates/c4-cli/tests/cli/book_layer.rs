//! `c4 book build --ply` and `c4 book verify FOLDER`: the deep layer's commands refuse what
//! they cannot do before any work, and a committed chunk of the ply-12 layer checks out.

use crate::support::run;

#[test]
fn layer_arguments_are_refused_before_any_work() {
    let dir = std::env::temp_dir().join(format!("c4-cli-layer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("ply12");
    let out_arg = out.to_str().unwrap();
    for (args, says) in [
        (vec!["--ply", "9"], "9 is not in 10..=13"),
        (vec!["--ply", "12", "--depth", "3"], "cannot be used with"),
        (
            vec!["--depth", "3", "--minutes", "5"],
            "are for a layer's build (--ply)",
        ),
        (vec!["--ply", "12", "--from", "44"], "cannot be used with"),
        (
            vec!["--ply", "12", "--chunks", "0"],
            "0 is not in 1..=100000",
        ),
    ] {
        let mut all = vec!["book", "build", "--out", out_arg];
        all.extend_from_slice(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?}");
    }
    // A folder below a file cannot be made: named, and nothing solved.
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let below = file.join("ply12");
    let (code, _, err) = run(&[
        "book",
        "build",
        "--ply",
        "12",
        "--out",
        below.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("a-file/ply12"), "{err}");
    assert!(!err.contains("solved"), "{err}");
    // A folder without chunks is no layer.
    std::fs::create_dir_all(&out).unwrap();
    let (code, _, err) = run(&["book", "verify", out_arg]);
    assert_ne!(code, 0);
    assert!(err.contains("no chunk files"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_committed_chunk_checks_out_and_the_results_per_ply_wait_for_the_whole_layer() {
    let dir = std::env::temp_dir().join(format!("c4-cli-layer-good-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Chunk 284, one of the smallest committed.
    let name = "chunk-00284.c4layer";
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../c4-layers/data/ply12")
        .join(name);
    std::fs::copy(committed, dir.join(name)).unwrap();
    let (code, out, err) = run(&["book", "verify", dir.to_str().unwrap(), "--sample", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 of 540 chunks finished"), "{err}");
    assert!(err.contains("once all 540 chunks are finished"), "{err}");
    assert!(err.contains("2 positions solved again and equal"), "{err}");
    assert!(out.ends_with(": good\n"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `c4 book verify FOLDER` checks the progress files it counts as chunks under way, and names
/// the chunk file of a score that does not solve again; a spec's layer folder is checked
/// before any game, naming a damaged chunk; a folder with no chunk is no layer.
#[test]
fn damaged_layer_files_are_named_by_every_reader() {
    let committed =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../c4-layers/data/ply12");
    let dir = std::env::temp_dir().join(format!("c4-cli-layer-damaged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let layer = dir.join("layer");
    std::fs::create_dir_all(&layer).unwrap();
    let first = c4_layers::file_names::chunk_file_name(0);
    std::fs::copy(committed.join(&first), layer.join(&first)).unwrap();
    let folder = layer.to_str().unwrap();

    let garbage = layer.join(c4_layers::file_names::progress_file_name(5));
    std::fs::write(&garbage, b"not a progress file").unwrap();
    let (code, _, err) = run(&["book", "verify", folder, "--sample", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("chunk-00005.partial: not the progress file"),
        "{err}"
    );
    assert!(!err.contains("remove"), "{err}");
    std::fs::remove_file(&garbage).unwrap();

    let bytes = std::fs::read(layer.join(&first)).unwrap();
    let mut chunk = c4_layers::Chunk::decode(&bytes).unwrap();
    for score in &mut chunk.scores {
        *score = -*score;
    }
    std::fs::write(layer.join(&first), chunk.encode()).unwrap();
    let (code, _, err) = run(&["book", "verify", folder, "--sample", "40", "--seed", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("{}: ", layer.join(&first).display())) && err.contains("holds"),
        "{err}"
    );

    std::fs::write(layer.join(&first), b"xx").unwrap();
    let spec = format!("perfect:layers={folder}");
    let (code, _, err) = run(&["best", "--ai", &spec, "4444"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("chunk-00000.c4layer: not a c4 layer chunk"),
        "{err}"
    );

    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, err) = run(&[
        "best",
        "--ai",
        &format!("engine:layers={}", empty.display()),
        "4",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no chunk files"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
