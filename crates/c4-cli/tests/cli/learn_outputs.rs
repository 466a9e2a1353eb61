//! What `c4 learn`'s commands write, and where they refuse to: a snapshot never replaces a
//! file of the run, a fit never into a self-play run's folder (nor a run into a fit's), a
//! blend never over one of its networks or into a FIFO, and every refusal comes before any
//! file is touched. Defaults follow the board: a run on 4x4 grades what the board gives.

use crate::support::run;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-learn-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A short self-play run into `out`.
fn short_run(out: &Path) -> crate::support::Said {
    run(&[
        "learn",
        "--out",
        out.to_str().unwrap(),
        "--games",
        "40",
        "--tuples",
        "2",
        "--length",
        "4",
        "--checkpoint-every",
        "20",
        "--eval-every",
        "40",
        "--sample",
        "2",
        "--eval-games",
        "2",
    ])
}

/// The bytes of every file of `dir`, by name.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap_or_default())
        })
        .collect();
    files.sort();
    files
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_snapshot_never_replaces_a_file_of_the_run_and_is_written_whole() {
    let dir = scratch("snapshot");
    let out = dir.join("n44");
    let (code, _, err) = short_run(&out);
    assert_eq!(code, 0, "{err}");
    let before = contents(&out);
    for file in ["learn.json", "checkpoint.bin", "network.c4nt"] {
        let target = out.join(file);
        let (code, _, err) = run(&[
            "learn",
            "--out",
            out.to_str().unwrap(),
            "--snapshot",
            target.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(err.contains("is a file of the run in"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(contents(&out), before, "the run's files are as they were");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let (code, _, err) = run(&[
        "learn",
        "--out",
        out.to_str().unwrap(),
        "--snapshot",
        fifo.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is a FIFO, not a regular file"), "{err}");
    let snapshot = dir.join("snap.c4nt");
    let (code, out_text, err) = run(&[
        "learn",
        "--out",
        out.to_str().unwrap(),
        "--snapshot",
        snapshot.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out_text.starts_with("40 games: the network is"),
        "{out_text}"
    );
    assert!(std::fs::read(&snapshot).unwrap().starts_with(b"C4NT"));
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no temporary file left"
    );
    // Beside the run's files, under a name of its own, a snapshot is welcome.
    let beside = out.join("snapshot-40.c4nt");
    let (code, _, err) = run(&[
        "learn",
        "--out",
        out.to_str().unwrap(),
        "--snapshot",
        beside.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fit_and_a_run_refuse_each_others_folders_and_a_file() {
    let dir = scratch("kinds");
    let selfplay = dir.join("selfplay");
    let (code, _, err) = short_run(&selfplay);
    assert_eq!(code, 0, "{err}");
    let before = contents(&selfplay);
    let data = dir.join("data.jsonl");
    let good = r#"{"moves":"4444","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#;
    let valid = good.replace("train", "valid");
    std::fs::write(&data, format!("{good}\n{valid}\n")).unwrap();
    let fit = |out: &Path| {
        run(&[
            "learn",
            "fit",
            "--dataset",
            data.to_str().unwrap(),
            "--tuples",
            "2",
            "--length",
            "4",
            "--epochs",
            "1",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (code, _, err) = fit(&selfplay);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds a self-play run of c4 learn (learn.json): choose another --out"),
        "{err}"
    );
    assert!(!err.contains("delete"), "{err}");
    assert_eq!(contents(&selfplay), before, "nothing written into the run");
    // With its checkpoint gone, the run's folder is still the run's.
    std::fs::remove_file(selfplay.join("checkpoint.bin")).unwrap();
    let (code, _, err) = fit(&selfplay);
    assert_eq!(code, 2, "{err}");
    assert!(!selfplay.join("fit.json").exists());

    let fitted = dir.join("fit");
    let (code, _, err) = fit(&fitted);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = short_run(&fitted);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds a fit of c4 learn fit (fit.json)"),
        "{err}"
    );
    assert!(!fitted.join("learn.json").exists());

    let (code, _, err) = fit(&data);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is a file, not a folder: a run's files go in a folder"),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");

    // `builtin` names the shipped network here as in `learn blend --network builtin`.
    let (code, _, err) = run(&[
        "learn",
        "fit",
        "--dataset",
        data.to_str().unwrap(),
        "--from",
        "builtin",
        "--epochs",
        "1",
        "--out",
        dir.join("from-builtin").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_blend_never_replaces_its_networks_nor_blends_one_with_itself() {
    let dir = scratch("blend");
    let shipped = c4_eval::ntuple::evaluator::builtin().unwrap().to_network();
    let copy = dir.join("copy.c4nt");
    std::fs::write(&copy, c4_eval::ntuple::file::encode(&shipped)).unwrap();
    let bytes = std::fs::read(&copy).unwrap();
    let blend = |networks: &[&Path], out: &Path| {
        let mut args = vec!["learn", "blend", "--out", out.to_str().unwrap()];
        for network in networks {
            args.extend(["--network", network.to_str().unwrap()]);
        }
        run(&args)
    };
    let builtin = Path::new("builtin");
    let (code, _, err) = blend(&[builtin, &copy], &copy);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("which the command reads"), "{err}");
    let spelled = dir.join(".").join("copy.c4nt");
    let (code, _, err) = blend(&[&copy, &spelled], &dir.join("twice.c4nt"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a network blended with itself"), "{err}");
    let (code, _, err) = blend(&[builtin, builtin], &dir.join("twice.c4nt"));
    assert_eq!(code, 2, "{err}");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let (code, _, err) = blend(&[builtin, &copy], &fifo);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is a FIFO, not a regular file"), "{err}");
    assert_eq!(std::fs::read(&copy).unwrap(), bytes, "the input is whole");
    let blended = dir.join("blended.c4nt");
    let (code, _, err) = blend(&[builtin, &copy], &blended);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no temporary left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_on_a_small_board_grades_what_the_board_gives_and_checks_before_writing() {
    let dir = scratch("small");
    let out = dir.join("n44");
    let args = |extra: &[&'static str]| {
        let mut args = vec![
            "learn".to_owned(),
            "--size".to_owned(),
            "4x4".to_owned(),
            "--games".to_owned(),
            "50".to_owned(),
            "--tuples".to_owned(),
            "4".to_owned(),
            "--length".to_owned(),
            "4".to_owned(),
            "--eval-games".to_owned(),
            "2".to_owned(),
            "--out".to_owned(),
            out.to_str().unwrap().to_owned(),
        ];
        args.extend(extra.iter().map(|s| (*s).to_owned()));
        args
    };
    let typed = args(&["--sample", "1000"]);
    let (code, _, err) = run(&typed.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--sample 1000 (the 4x4 board gave"), "{err}");
    assert!(!out.exists(), "refused before anything is written");
    let plain = args(&[]);
    let (code, said, err) = run(&plain.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    assert!(said.starts_with("50 games: the network is"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
