//! The shipped network (`crates/c4-eval/data/ntuple/builtin.c4nt`) is made by the commands its
//! README commits to: a fit to labelled positions (its network kept beside it as
//! `fit470.c4nt`), then self-play runs, each from the last one's network. The default test
//! runs each self-play command's first games, the first from the kept fit and each next from
//! the last one's short network, and checks the weights against the fingerprints recorded
//! here when the network was shipped, so that a change to how c4 learns cannot go unnoticed
//! while the shipped file stays as it is. The ignored tests run the self-play commands whole
//! (about four hours on one core) and compare the result with the shipped file byte for byte,
//! and, given the labelled sets, run the fit and compare it with the kept one.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Games of the short runs.
const SHORT_GAMES: &str = "2000";
/// The fingerprints (the CRC-32 of the contents, which the file stores in its last four
/// bytes) of each self-play command's network after its first [`SHORT_GAMES`] games, in the
/// README's order.
const SHORT_FINGERPRINTS: [u32; 8] = [
    0x57f6_cbb3,
    0x4abf_de54,
    0x9979_3044,
    0xe416_7d31,
    0x1e10_fdd2,
    0x7b97_60d3,
    0x1f80_84d5,
    0x1c4a_27ea,
];

const README: &str = "crates/c4-eval/data/ntuple/README.md";
/// The fit's network, where the self-play runs start.
const FIT: &str = "crates/c4-eval/data/ntuple/fit470.c4nt";
const SHIPPED: &str = "crates/c4-eval/data/ntuple/builtin.c4nt";
/// The variable that names the folder of the labelled sets the fit reads.
const TEACHER_DATA: &str = "C4_TEACHER_DATA";

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

/// The CRC-32 the README's table of labelled sets gives `file`.
fn readme_crc(file: &str) -> u64 {
    let readme = std::fs::read_to_string(repo_file(README)).unwrap();
    let row = format!("| `{file}` |");
    let line = readme
        .lines()
        .find(|line| line.starts_with(&row))
        .unwrap_or_else(|| panic!("{README} lists {file}"));
    let crc = line
        .trim_end_matches(['|', ' '])
        .rsplit("| ")
        .next()
        .unwrap();
    crc.parse()
        .unwrap_or_else(|_| panic!("{README}: {file}'s CRC-32 {crc}"))
}

/// Where the value after `flag` is in `args`; the flag must be there.
fn value_at(args: &[String], flag: &str) -> usize {
    args.iter()
        .position(|arg| arg == flag)
        .unwrap_or_else(|| panic!("`c4 {}` has {flag}", args.join(" ")))
        + 1
}

/// Sets the value after `flag` in `args` to `value`; the flag must be there.
fn set_value(args: &mut [String], flag: &str, value: &Path) {
    let at = value_at(args, flag);
    args[at] = value.display().to_string();
}

/// The README's self-play commands (`c4 learn --out ...`).
fn self_play_commands() -> Vec<Vec<String>> {
    let runs: Vec<_> = readme_commands()
        .into_iter()
        .filter(|args| args[1] == "--out")
        .collect();
    assert_eq!(
        runs.len(),
        SHORT_FINGERPRINTS.len(),
        "{README} gives one self-play command per recorded fingerprint"
    );
    runs
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

/// Runs the self-play commands in `dir`, the first from the kept fit and each next from the
/// last one's network, each stopped after `until` games if given; returns each run's command
/// and network.
fn self_play_chain(dir: &Path, until: Option<&str>) -> Vec<(Vec<String>, PathBuf)> {
    let mut start = repo_file(FIT);
    let mut runs = Vec::new();
    for (run, mut args) in self_play_commands().into_iter().enumerate() {
        let out = dir.join(format!("run{run}"));
        set_value(&mut args, "--out", &out);
        set_value(&mut args, "--from", &start);
        let network = match until {
            Some(games) => {
                args.extend(["--until".to_owned(), games.to_owned()]);
                let said = c4(&args);
                assert!(said.contains(&format!("{games} of ")), "{said}");
                let file = out.join("snapshot.c4nt");
                c4(&[
                    "learn".to_owned(),
                    "--out".to_owned(),
                    out.display().to_string(),
                    "--snapshot".to_owned(),
                    file.display().to_string(),
                ]);
                file
            }
            None => {
                c4(&args);
                out.join("network.c4nt")
            }
        };
        start.clone_from(&network);
        runs.push((args, network));
    }
    runs
}

#[test]
fn the_shipped_commands_still_learn_the_same_first_games() {
    let dir = scratch("short");
    let runs = self_play_chain(&dir, Some(SHORT_GAMES));
    for ((args, network), recorded) in runs.iter().zip(SHORT_FINGERPRINTS) {
        let fingerprint = fingerprint_of(network);
        assert_eq!(
            fingerprint,
            recorded,
            "the network of `c4 {}` has changed (crc32 {fingerprint:08x}): {SHIPPED} no \
             longer follows from its commands",
            args.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "the eight whole self-play runs: about four hours on one core"]
fn the_shipped_commands_learn_the_shipped_network() {
    let dir = scratch("whole");
    let runs = self_play_chain(&dir, None);
    let (_, last) = runs.last().expect("the README gives self-play commands");
    let learned = std::fs::read(last).unwrap();
    let shipped = std::fs::read(repo_file(SHIPPED)).unwrap();
    assert!(
        learned == shipped,
        "the commands' network differs from {SHIPPED}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs the labelled sets (C4_TEACHER_DATA); about three minutes"]
fn the_fit_command_fits_the_kept_start() {
    let data = std::env::var_os(TEACHER_DATA)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            panic!("{TEACHER_DATA} names the folder of the labelled sets the README's fit reads")
        });
    let mut args = readme_commands()
        .into_iter()
        .find(|args| args[1] == "fit")
        .expect("the README gives the fit");
    let dir = scratch("fit");
    let out = dir.join("fit");
    set_value(&mut args, "--out", &out);
    for flag in ["--dataset", "--exclude"] {
        let file = data.join(&args[value_at(&args, flag)]);
        assert!(file.exists(), "{} is not there", file.display());
        set_value(&mut args, flag, &file);
    }
    c4(&args);
    // The fit records the CRC-32 of what it read: the README's, or the sets are others.
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("fit.json")).unwrap()).unwrap();
    let read = std::iter::once((&record["dataset"], &record["dataset_crc32"])).chain(
        record["exclude"]
            .as_array()
            .unwrap()
            .iter()
            .map(|file| (&file["path"], &file["crc32"])),
    );
    for (path, crc) in read {
        let path = Path::new(path.as_str().unwrap());
        let name = path.file_name().unwrap().to_str().unwrap();
        assert_eq!(
            crc.as_u64(),
            Some(readme_crc(name)),
            "{} is not the README's {name}",
            path.display()
        );
    }
    let fitted = std::fs::read(out.join("network.c4nt")).unwrap();
    let kept = std::fs::read(repo_file(FIT)).unwrap();
    assert!(
        fitted == kept,
        "the fit command's network differs from {FIT}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
