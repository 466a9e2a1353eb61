//! `c4 learn`: the same command gives the same network, a run killed with SIGKILL or paused
//! by `--until` and run again ends with the weights of an uninterrupted one (games from
//! random openings included), and a resume with other settings is refused by name; `c4 learn
//! fit` refuses a bad dataset line by its file and number; `c4 learn blend` values positions
//! as the mean of its networks and refuses networks that cannot be one.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ARGS: [&str; 16] = [
    "--games",
    "3000",
    "--openings",
    "6",
    "--opening-share",
    "0.5",
    "--tuples",
    "12",
    "--length",
    "6",
    "--checkpoint-every",
    "100",
    "--eval-every",
    "1500",
    "--sample",
    "5",
];

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-learn-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn learn(out: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_c4"));
    command
        .arg("learn")
        .arg("--out")
        .arg(out)
        .args(ARGS)
        .args(["--eval-games", "4", "--seed", "5"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn finish(out: &Path) -> Vec<u8> {
    let output = learn(out, &[]).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(out.join("network.c4nt")).unwrap()
}

#[test]
fn the_same_command_learns_the_same_network_and_a_killed_run_resumes_to_it() {
    let whole = scratch("whole");
    let network = finish(&whole);
    assert_eq!(
        finish(&scratch("again")),
        network,
        "same seed, same weights"
    );

    let killed = scratch("killed");
    let mut child = learn(&killed, &[]).spawn().unwrap();
    // Killed once its first checkpoint is written: the deadline only guards against a run
    // that never writes one.
    let deadline = Instant::now() + Duration::from_secs(600);
    while !killed.join("checkpoint.bin").exists() {
        assert!(Instant::now() < deadline, "no checkpoint written");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !killed.join("network.c4nt").exists(),
        "the run ended before it was killed"
    );
    assert_eq!(
        finish(&killed),
        network,
        "a resumed run learns what a whole one did"
    );

    let paused = scratch("paused");
    let output = learn(&paused, &["--until", "1234"]).output().unwrap();
    assert!(output.status.success());
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("1234 of 3000 games: paused"), "{said}");
    assert!(!paused.join("network.c4nt").exists());
    assert_eq!(
        finish(&paused),
        network,
        "a run paused by --until learns what a whole one did"
    );

    let metrics = std::fs::read_to_string(killed.join("metrics.csv")).unwrap();
    assert!(metrics.starts_with("games,seconds,epsilon,mistakes_pct,score_vs_easy\n"));
    assert!(metrics.contains("\n3000,"), "{metrics}");
    assert!(killed.join("curve.svg").exists());
}

#[test]
fn a_resume_with_other_settings_is_refused_by_name() {
    let out = scratch("changed");
    finish(&out);
    let output = learn(&out, &["--lambda", "0.2"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("lambda: the run has 0.5, this command asks for 0.2"),
        "{err}"
    );
}

#[test]
fn bad_settings_are_refused_before_any_game() {
    let out = scratch("bad");
    let output = learn(&out, &["--alpha=-1"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("alpha is -1"), "{err}");
    assert!(!out.join("learn.json").exists());
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .args(["learn", "--games", "10", "--openings", "21", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--openings"), "{err}");
    assert!(!out.join("learn.json").exists());
}

/// `c4 learn fit`: a bad dataset line is refused with its file and number before the run
/// folder is made; `c4 learn` without the subcommand still asks for `--out`.
#[test]
fn fit_refuses_a_bad_dataset_line_by_file_and_number() {
    let out = scratch("fit-bad");
    std::fs::create_dir_all(&out).unwrap();
    let data = out.join("bad.jsonl");
    let good = r#"{"moves":"4444","score":1,"columns":[-1,0,0,1,0,0,-1],"game":0,"split":"train"}"#;
    std::fs::write(&data, format!("{good}\n{{\"moves\":\"44\"}}\n")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .args(["learn", "fit", "--dataset"])
        .arg(&data)
        .arg("--out")
        .arg(out.join("run"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("bad.jsonl, line 2: missing field `score`"),
        "{err}"
    );
    assert!(!out.join("run").exists());
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .args(["learn", "--games", "10"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--out"));
    let _ = std::fs::remove_dir_all(&out);
}

/// `c4 learn --from FILE`: self-play goes on from a network (its tuples the run's), the start
/// is recorded, and a resume from another file or a layout beside it are refused.
#[test]
fn learn_from_a_network_goes_on_from_its_weights() {
    let base = scratch("from-base");
    let next = scratch("from-next");
    let short = [
        "--games",
        "300",
        "--checkpoint-every",
        "100",
        "--eval-every",
        "300",
        "--sample",
        "3",
        "--eval-games",
        "2",
        "--seed",
        "5",
    ];
    let c4 = |out: &Path, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_c4"))
            .arg("learn")
            .arg("--out")
            .arg(out)
            .args(short)
            .args(extra)
            .output()
            .unwrap()
    };
    let output = c4(&base, &["--tuples", "12", "--length", "6"]);
    assert!(output.status.success(), "{output:?}");
    let base_file = base.join("network.c4nt");
    let base_arg = base_file.to_str().unwrap();
    let output = c4(&next, &["--from", base_arg]);
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(next.join("learn.json")).unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(manifest["tuples"], 12, "{text}");
    assert_eq!(manifest["from"]["path"], base_arg, "{text}");
    assert!(manifest["from"]["fingerprint"].is_u64(), "{text}");
    let base_weights = std::fs::read(&base_file).unwrap();
    let next_weights = std::fs::read(next.join("network.c4nt")).unwrap();
    // From zeros, the same seed and tuples would play base's games again to base's weights.
    assert_ne!(
        next_weights, base_weights,
        "300 more games moved the weights"
    );
    assert!(
        next_weights.len().abs_diff(base_weights.len()) < base_weights.len(),
        "the same 12 tuples"
    );

    let other = next.join("network.c4nt");
    let output = c4(&next, &["--from", other.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("from: the run has"), "{err}");

    let output = c4(
        &scratch("from-bad"),
        &["--from", base_arg, "--tuples", "20"],
    );
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--from") && err.contains("--tuples"), "{err}");
    let _ = std::fs::remove_dir_all(&base);
    let _ = std::fs::remove_dir_all(&next);
}

/// `c4 learn --size WxH`: a network of another board learns on it, is graded on positions of
/// it, names its board in its file and plays there; a resume on another board, a start from
/// a network of another board, and the network on 7x6 are refused naming both sizes; the
/// solver's labels of positions of the board fit it further (`c4 learn fit`).
#[test]
fn a_network_learns_on_another_board_and_is_bound_to_it() {
    let out = scratch("sized");
    let c4 = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_c4"))
            .args(args)
            .output()
            .unwrap()
    };
    let out_arg = out.to_str().unwrap();
    let run = [
        "learn",
        "--out",
        out_arg,
        "--size",
        "5x4",
        "--games",
        "600",
        "--tuples",
        "12",
        "--length",
        "5",
        "--checkpoint-every",
        "200",
        "--eval-every",
        "300",
        "--sample",
        "4",
        "--eval-games",
        "4",
    ];
    let output = c4(&run);
    assert!(output.status.success(), "{output:?}");
    let manifest = std::fs::read_to_string(out.join("learn.json")).unwrap();
    assert!(manifest.contains("\"size\": \"5x4\""), "{manifest}");
    let labels: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("labels.json")).unwrap()).unwrap();
    let labels = labels.as_array().unwrap();
    assert_eq!(labels.len(), 8);
    for label in labels {
        let moves = label["moves"].as_str().unwrap();
        assert!(moves.chars().all(|c| ('1'..='5').contains(&c)), "{moves}");
        assert_eq!(label["scores"].as_array().unwrap().len(), 5);
    }
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    assert_eq!(metrics.lines().count(), 3, "{metrics}");
    let network = out.join("network.c4nt");
    let bytes = std::fs::read(&network).unwrap();
    assert_eq!(bytes[8..20], [2, 0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0]);

    let mut again = run.to_vec();
    again[4] = "6x5";
    let output = c4(&again);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(r#"size: the run has "5x4", this command asks for "6x5""#),
        "{err}"
    );

    let weights = network.to_str().unwrap();
    let from = scratch("sized-from");
    let output = c4(&[
        "learn",
        "--out",
        from.to_str().unwrap(),
        "--from",
        weights,
        "--size",
        "7x6",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("is of the 5x4 board, not 7x6"), "{err}");

    let player = format!("alphabeta:depth=2,eval=ntuple,weights={weights}");
    let output = c4(&["best", "--size", "5x4", "--ai", &player, "33"]);
    assert!(output.status.success(), "{output:?}");
    let output = c4(&["best", "--ai", &player, "44"]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("trained on 5x4, not 7x6"), "{err}");

    // The solver's labels of the board fit the network further, on its board.
    let data = out.join("data-5x4.jsonl");
    let output = c4(&[
        "dataset",
        "build",
        "--size",
        "5x4",
        "--positions",
        "40",
        "--plies",
        "4-12",
        "--seed",
        "3",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let fitted = out.join("fit");
    let output = c4(&[
        "learn",
        "fit",
        "--dataset",
        data.to_str().unwrap(),
        "--from",
        weights,
        "--epochs",
        "2",
        "--out",
        fitted.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let bytes = std::fs::read(fitted.join("network.c4nt")).unwrap();
    assert_eq!(bytes[8..20], [2, 0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0]);
    let _ = std::fs::remove_dir_all(&out);
}

/// `c4 eval`'s score of `moves` with the network in `weights`.
fn ntuple_score(weights: &str, moves: &str) -> i64 {
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .args([
            "eval",
            "--json",
            "--eval",
            &format!("ntuple:weights={weights}"),
            moves,
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    json["score"].as_i64().unwrap()
}

#[test]
fn a_blend_values_positions_as_its_networks_mean() {
    let dir = scratch("blend");
    std::fs::create_dir_all(&dir).unwrap();
    let blend = |networks: &[&str], out: &Path| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_c4"));
        command.args(["learn", "blend", "--out"]).arg(out);
        for network in networks {
            command.args(["--network", network]);
        }
        command.output().unwrap()
    };
    // The shipped network blended with a copy of itself is the shipped network, twice the
    // tuples.
    let copy = dir.join("copy.c4nt");
    let shipped = c4_eval::ntuple::evaluator::builtin().unwrap().to_network();
    std::fs::write(&copy, c4_eval::ntuple::file::encode(&shipped)).unwrap();
    let twice = dir.join("twice.c4nt");
    let output = blend(&["builtin", copy.to_str().unwrap()], &twice);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    let tuples = c4_eval::ntuple::evaluator::builtin()
        .unwrap()
        .layout()
        .tuples()
        .len();
    let said = format!(
        "2 networks blended: {} tuples of 8 cells on 7x6",
        2 * tuples
    );
    assert!(text.starts_with(&said), "{text}");
    for moves in ["", "4453", "71", "3344556"] {
        let alone = ntuple_score("builtin", moves);
        let blended = ntuple_score(twice.to_str().unwrap(), moves);
        assert!(alone.abs_diff(blended) <= 2, "{moves}: {alone} {blended}");
    }
    // One network is no blend; a missing network and a folder that does not exist are
    // refused by name, and nothing is written. (Networks of other boards or tuple lengths:
    // the unit tests of `Network::blend`.)
    let short = dir.join("short.c4nt");
    let bad: [(&[&str], &Path, &str); 3] = [
        (&["builtin"], &short, "two networks or more, not 1"),
        (
            &["builtin", "no-such.c4nt"],
            &short,
            "--network no-such.c4nt",
        ),
        (
            &["builtin", copy.to_str().unwrap()],
            Path::new("/no/such/folder/x.c4nt"),
            "cannot write",
        ),
    ];
    for (networks, out, message) in bad {
        let output = blend(networks, out);
        assert_eq!(output.status.code(), Some(2), "{networks:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(message), "{err}");
    }
    assert!(!short.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
