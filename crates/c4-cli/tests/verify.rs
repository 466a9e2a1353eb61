//! `c4 verify` on a run that is unfinished or still being written (issue 40, item 7).

mod support;

use std::path::PathBuf;
use support::run;

/// A finished match of 6 random games in a fresh folder, then cut to its first 3 games.
fn unfinished_run(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-verify-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = dir.to_str().unwrap();
    let (code, _, err) = run(&[
        "match", "--a", "random", "--b", "random", "--games", "6", "--out", out,
    ]);
    assert_eq!(code, 0, "{err}");
    let games = dir.join("games.jsonl");
    let text = std::fs::read_to_string(&games).unwrap();
    let first_three: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(&games, first_three).unwrap();
    dir
}

#[test]
fn issue_40_an_unfinished_run_is_said_to_be() {
    let dir = unfinished_run("unfinished");
    let (code, out, err) = run(&["verify", dir.to_str().unwrap(), "--table", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("the run is unfinished: 3 of its 6 games are played"),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["unfinished"]["expected"], 6, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_40_a_run_being_written_is_checked_without_writing_into_its_folder() {
    let dir = unfinished_run("locked");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("run.lock"))
        .unwrap();
    lock.try_lock().expect("the test takes the run's lock");
    let (code, _, err) = run(&["verify", dir.to_str().unwrap(), "--table", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("a c4 run is still writing"), "{err}");
    assert!(
        !dir.join("verified-positions.book").exists(),
        "nothing is written into a locked folder"
    );
    drop(lock);
    let (code, _, err) = run(&["verify", dir.to_str().unwrap(), "--table", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("verified-positions.book").exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// A hand edit of one game's line.
type Edit = fn(&mut serde_json::Value);

#[test]
fn issue_40_hand_edits_to_a_run_are_named_by_line_and_field() {
    let dir = unfinished_run("edits");
    let games = dir.join("games.jsonl");
    let original = std::fs::read_to_string(&games).unwrap();
    let second: serde_json::Value = serde_json::from_str(original.lines().nth(1).unwrap()).unwrap();
    let edits: [(&str, Edit); 3] = [
        ("a_first", |g| {
            g["a_first"] = (!g["a_first"].as_bool().unwrap()).into()
        }),
        ("opening", |g| {
            g["opening"] = g["moves"].as_str().unwrap()[..1].into()
        }),
        ("seeds", |g| g["seeds"][0] = 12345.into()),
    ];
    for (field, edit) in edits {
        let mut edited = second.clone();
        edit(&mut edited);
        let lines: Vec<String> = original
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i == 1 {
                    edited.to_string()
                } else {
                    l.to_owned()
                }
            })
            .collect();
        std::fs::write(&games, lines.join("\n") + "\n").unwrap();
        let out = dir.to_str().unwrap();
        let (code, _, err) = run(&["verify", out, "--table", "20"]);
        assert_eq!(code, 2, "{field}: {err}");
        assert!(
            err.contains(&format!("line 2: game {}: {field} is", second["game"])),
            "{field}: {err}"
        );
        let (code, _, err) = run(&[
            "match", "--a", "random", "--b", "random", "--games", "6", "--out", out, "--resume",
        ]);
        assert_eq!(code, 2, "{field}: {err}");
        assert!(err.contains(&format!("{field} is")), "{field}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
