//! The shipped network (`crates/c4-eval/data/ntuple/builtin.c4nt`) is made by the commands its
//! README commits to: two training runs and their blend. The default test runs each training
//! command's first games and their blend, and checks the weights against the fingerprints
//! recorded here when the network was shipped, so that a change to how c4 learns or blends
//! cannot go unnoticed while the shipped file stays as it is. The ignored test runs all three
//! commands whole (about two hours on one core) and compares the result with the shipped file
//! byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Games of the short runs.
const SHORT_GAMES: &str = "2000";
/// The fingerprints (the CRC-32 of the contents, which the file stores in its last four
/// bytes) of each training command's network after its first [`SHORT_GAMES`] games, in the
/// README's order.
const SHORT_FINGERPRINTS: [u32; 2] = [0x1138_c8ee, 0x9900_56e3];
/// The fingerprint of the two short runs' networks blended.
const SHORT_BLEND_FINGERPRINT: u32 = 0x414d_ad23;

const README: &str = "crates/c4-eval/data/ntuple/README.md";

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// The README's `c4 learn` commands, in its order, each as its arguments.
fn readme_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(repo_file(README)).unwrap();
    readme
        .lines()
        .filter(|line| line.starts_with("c4 learn "))
        .map(|line| line.split_whitespace().skip(1).map(str::to_owned).collect())
        .collect()
}

/// The README's training commands (`c4 learn --out ...`), each with `--out` moved to a folder
/// of `scratch`, and the folder.
fn training_commands(scratch: &Path) -> Vec<(Vec<String>, PathBuf)> {
    let training: Vec<_> = readme_commands()
        .into_iter()
        .filter(|args| args[1] == "--out")
        .enumerate()
        .map(|(run, mut args)| {
            let out = scratch.join(format!("run{run}"));
            args[2] = out.display().to_string();
            (args, out)
        })
        .collect();
    assert_eq!(
        training.len(),
        SHORT_FINGERPRINTS.len(),
        "{README} gives one training command per recorded fingerprint"
    );
    training
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-shipped-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn c4(args: &[String]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "c4 {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn fingerprint_of(file: &Path) -> u32 {
    c4_eval::ntuple::file::fingerprint(&std::fs::read(file).unwrap())
}

/// The README's blend command, its `--network` files replaced by `networks` in order and its
/// `--out` by `out`.
fn blend_command(networks: &[PathBuf], out: &Path) -> Vec<String> {
    let mut args = readme_commands()
        .into_iter()
        .find(|args| args[1] == "blend")
        .expect("the README gives the blend");
    let mut network = networks.iter();
    for at in 1..args.len() {
        if args[at - 1] == "--network" {
            let file = network.next().expect("one network blended per run");
            args[at] = file.display().to_string();
        } else if args[at - 1] == "--out" {
            args[at] = out.display().to_string();
        }
    }
    assert!(network.next().is_none(), "every run's network is blended");
    args
}

#[test]
fn the_shipped_commands_still_learn_the_same_first_games() {
    let dir = scratch("short");
    let mut snapshots = Vec::new();
    for ((mut args, out), recorded) in training_commands(&dir).into_iter().zip(SHORT_FINGERPRINTS) {
        args.extend(["--until".to_owned(), SHORT_GAMES.to_owned()]);
        let said = c4(&args);
        assert!(said.contains(&format!("{SHORT_GAMES} of ")), "{said}");
        let file = out.join("snapshot.c4nt");
        c4(&[
            "learn".to_owned(),
            "--out".to_owned(),
            out.display().to_string(),
            "--snapshot".to_owned(),
            file.display().to_string(),
        ]);
        let fingerprint = fingerprint_of(&file);
        assert_eq!(
            fingerprint,
            recorded,
            "the network of `c4 {}` after {SHORT_GAMES} games has changed (crc32 \
             {fingerprint:08x}): crates/c4-eval/data/ntuple/builtin.c4nt no longer follows \
             from its commands",
            args.join(" ")
        );
        snapshots.push(file);
    }
    // The blend of the short runs, by the README's blend command.
    let blended = dir.join("blend.c4nt");
    c4(&blend_command(&snapshots, &blended));
    let fingerprint = fingerprint_of(&blended);
    assert_eq!(
        fingerprint, SHORT_BLEND_FINGERPRINT,
        "the blend of the short runs has changed (crc32 {fingerprint:08x})"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "the two whole training runs: about two hours on one core"]
fn the_shipped_commands_learn_the_shipped_network() {
    let dir = scratch("whole");
    let mut networks = Vec::new();
    for (args, out) in training_commands(&dir) {
        c4(&args);
        networks.push(out.join("network.c4nt"));
    }
    let blended = dir.join("builtin.c4nt");
    c4(&blend_command(&networks, &blended));
    let learned = std::fs::read(&blended).unwrap();
    let shipped = std::fs::read(repo_file("crates/c4-eval/data/ntuple/builtin.c4nt")).unwrap();
    assert!(
        learned == shipped,
        "the commands' network differs from crates/c4-eval/data/ntuple/builtin.c4nt"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
