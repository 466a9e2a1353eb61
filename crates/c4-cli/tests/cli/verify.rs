//! A run folder's games checked against its manifest, and `c4 verify` on a run that is
//! unfinished or still being written (issue 40, items 4 and 7), for matches and tournaments
//! alike.

use crate::support::run;
use std::path::PathBuf;

/// A run as the tests write it: the command and options (all but `--out`), and the games it
/// plays in all.
struct Kind {
    name: &'static str,
    command: &'static [&'static str],
    games: usize,
}

/// A match of 6 games from the empty board, colours alternating.
const MATCH: Kind = Kind {
    name: "match",
    command: &["match", "--a", "random", "--b", "random", "--games", "6"],
    games: 6,
};

/// A tournament of three players, 2 games per pairing, each pair of games from a random
/// opening of 2 plies: its games follow from each pairing's own seed.
const TOURNAMENT: Kind = Kind {
    name: "tournament",
    command: &[
        "tournament",
        "--player",
        "x=random",
        "--player",
        "y=random:seed=3",
        "--player",
        "z=random:seed=5",
        "--games",
        "2",
        "--random-openings",
        "2",
    ],
    games: 6,
};

impl Kind {
    /// The command with `--out DIR` and any `extra` arguments.
    fn args<'a>(&self, dir: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = self.command.to_vec();
        args.extend(["--out", dir]);
        args.extend(extra);
        args
    }

    /// The run finished in a fresh folder, then cut to its first 3 games.
    fn unfinished_run(&self, test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "c4-verify-{}-{test}-{}",
            self.name,
            std::process::id()
        ));
        std::fs::remove_dir_all(&dir).ok();
        let (code, _, err) = run(&self.args(dir.to_str().unwrap(), &[]));
        assert_eq!(code, 0, "{err}");
        let games = dir.join("games.jsonl");
        let text = std::fs::read_to_string(&games).unwrap();
        assert_eq!(text.lines().count(), self.games, "{text}");
        let first_three: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
        std::fs::write(&games, first_three).unwrap();
        dir
    }
}

fn an_unfinished_run_is_said_to_be(kind: &Kind) {
    let dir = kind.unfinished_run("unfinished");
    let (code, out, err) = run(&["verify", dir.to_str().unwrap(), "--table", "20", "--json"]);
    assert_eq!(code, 0, "{err}");
    let said = format!(
        "the run is unfinished: 3 of its {} games are played",
        kind.games
    );
    assert!(err.contains(&said), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["unfinished"]["expected"], kind.games, "{out}");
    assert_eq!(json["unfinished"]["played"], 3, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_40_an_unfinished_match_is_said_to_be() {
    an_unfinished_run_is_said_to_be(&MATCH);
}

#[test]
fn issue_40_an_unfinished_tournament_is_said_to_be() {
    an_unfinished_run_is_said_to_be(&TOURNAMENT);
}

fn a_run_being_written_is_checked_without_writing_into_its_folder(kind: &Kind) {
    let dir = kind.unfinished_run("locked");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("run.lock"))
        .unwrap();
    lock.try_lock().expect("the test takes the run's lock");
    let (code, _, err) = run(&["verify", dir.to_str().unwrap(), "--table", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("a c4 run is still writing"), "{err}");
    assert!(err.contains("the run is unfinished"), "{err}");
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

#[test]
fn issue_40_a_match_being_written_is_checked_without_writing_into_its_folder() {
    a_run_being_written_is_checked_without_writing_into_its_folder(&MATCH);
}

#[test]
fn issue_40_a_tournament_being_written_is_checked_without_writing_into_its_folder() {
    a_run_being_written_is_checked_without_writing_into_its_folder(&TOURNAMENT);
}

/// A hand edit of one game's line.
type Edit = fn(&mut serde_json::Value);

/// Hand edits of a game, each with what the refusal says after `line 2: game G: `.
const EDITS: [(&str, Edit); 5] = [
    ("a_first is", |g| {
        g["a_first"] = (!g["a_first"].as_bool().unwrap()).into()
    }),
    // A start of the moves, but not the run's opening.
    ("opening is", |g| {
        g["opening"] = g["moves"].as_str().unwrap()[..1].into()
    }),
    // No start of the moves at all.
    ("its opening", |g| {
        let first = g["moves"].as_str().unwrap().as_bytes()[0];
        let other = if first == b'1' { "2" } else { "1" };
        g["opening"] = other.into()
    }),
    ("seeds is", |g| g["seeds"][0] = 12345.into()),
    ("players is", |g| g["b"] = "w".into()),
];

fn hand_edits_to_a_run_are_named_by_line_and_field(kind: &Kind) {
    let dir = kind.unfinished_run("edits");
    let out = dir.to_str().unwrap();
    let games = dir.join("games.jsonl");
    let original = std::fs::read_to_string(&games).unwrap();
    let second: serde_json::Value = serde_json::from_str(original.lines().nth(1).unwrap()).unwrap();
    for (said, edit) in EDITS {
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
        let needle = format!("line 2: game {}: {said}", second["game"]);
        let (code, _, err) = run(&["verify", out, "--table", "20"]);
        assert_eq!(code, 2, "{said}: {err}");
        assert!(err.contains(&needle), "{said}: {err}");
        let (code, _, err) = run(&kind.args(out, &["--resume"]));
        assert_eq!(code, 2, "{said}: {err}");
        assert!(err.contains(&needle), "{said}: {err}");
    }
    // The games as the run wrote them resume: each follows from its pairing's seed.
    std::fs::write(&games, &original).unwrap();
    let (code, _, err) = run(&kind.args(out, &["--resume"]));
    assert_eq!(code, 0, "{err}");
    let resumed = std::fs::read_to_string(&games).unwrap();
    assert_eq!(resumed.lines().count(), kind.games, "{resumed}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_40_hand_edits_to_a_match_are_named_by_line_and_field() {
    hand_edits_to_a_run_are_named_by_line_and_field(&MATCH);
}

#[test]
fn issue_40_hand_edits_to_a_tournament_are_named_by_line_and_field() {
    hand_edits_to_a_run_are_named_by_line_and_field(&TOURNAMENT);
}
