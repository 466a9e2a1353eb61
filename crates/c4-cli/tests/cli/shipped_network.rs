//! The shipped network (`crates/c4-eval/data/ntuple/builtin.c4nt`) is made by the command its README
//! commits to. The default test runs that command's first games and checks the weights
//! against the fingerprint recorded here when the network was shipped, so that a change to
//! how c4 learns cannot go unnoticed while the shipped file stays as it is. The ignored test
//! runs the whole command (about an hour on one core) and compares the result with the shipped
//! file byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Games of the short run.
const SHORT_GAMES: &str = "2000";
/// The fingerprint (the CRC-32 of the contents, which the file stores in its last four bytes)
/// of the network the shipped command has after its first [`SHORT_GAMES`] games.
const SHORT_FINGERPRINT: u32 = 0x1138_c8ee;

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// The arguments of the `c4 learn` command in `crates/c4-eval/data/ntuple/README.md`, with `--out` moved
/// to `out`.
fn shipped_command(out: &Path) -> Vec<String> {
    let readme =
        std::fs::read_to_string(repo_file("crates/c4-eval/data/ntuple/README.md")).unwrap();
    let line = readme
        .lines()
        .find(|line| line.starts_with("c4 learn "))
        .expect("crates/c4-eval/data/ntuple/README.md gives the command");
    let mut args: Vec<String> = line.split_whitespace().skip(1).map(str::to_owned).collect();
    let at = args
        .iter()
        .position(|arg| arg == "--out")
        .expect("the command names its folder");
    args[at + 1] = out.display().to_string();
    args
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-shipped-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
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

#[test]
fn the_shipped_command_still_learns_the_same_first_games() {
    let out = scratch("short");
    let mut args = shipped_command(&out);
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
    let fingerprint = c4_eval::ntuple::file::fingerprint(&std::fs::read(&file).unwrap());
    assert_eq!(
        fingerprint, SHORT_FINGERPRINT,
        "the shipped command's network after {SHORT_GAMES} games has changed \
         (crc32 {fingerprint:08x}): crates/c4-eval/data/ntuple/builtin.c4nt no longer follows from its command"
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
#[ignore = "the whole training run: about an hour on one core"]
fn the_shipped_command_learns_the_shipped_network() {
    let out = scratch("whole");
    c4(&shipped_command(&out));
    let learned = std::fs::read(out.join("network.c4nt")).unwrap();
    let shipped = std::fs::read(repo_file("crates/c4-eval/data/ntuple/builtin.c4nt")).unwrap();
    assert!(
        learned == shipped,
        "the command's network differs from crates/c4-eval/data/ntuple/builtin.c4nt"
    );
    let _ = std::fs::remove_dir_all(&out);
}
