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
