//! `c4 match --size WxH`: games played on that board, recorded with their size, openings
//! read and drawn on it.

use crate::support::run;
use c4_core::{AnySize, Game, Size};
use std::path::PathBuf;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("c4-cli-arena-sizes-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

/// Runs a short match on `size` into `dir`, with `more` arguments (4 games unless they say).
fn short_match(size: &str, dir: &std::path::Path, more: &[&str]) -> crate::support::Said {
    let mut args = vec![
        "match",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "random",
        "--threads",
        "1",
        "--size",
        size,
        "--out",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    if !more.contains(&"--games") {
        args.extend_from_slice(&["--games", "4"]);
    }
    run(&args)
}

/// The records of `dir`'s games file, each checked to be a finished game of `size`.
fn records_on(dir: &std::path::Path, size: &str) -> Vec<serde_json::Value> {
    let board: Size = size.parse().unwrap();
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    for record in &records {
        assert_eq!(record["size"], size, "{record}");
        let moves = record["moves"].as_str().unwrap();
        let game = Game::from_moves_in(moves, AnySize::new(board))
            .unwrap_or_else(|e| panic!("{moves} on {size}: {e}"));
        assert!(game.position().is_over(), "{moves}");
    }
    records
}

#[test]
fn a_match_on_6x5_plays_and_records_6x5_games() {
    let dir = folder("6x5");
    let (code, out, err) = short_match("6x5", &dir, &["--random-openings", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games 4  seed 1  board 6x5"), "{out}");
    let records = records_on(&dir, "6x5");
    assert_eq!(records.len(), 4);
    assert!(
        records
            .iter()
            .all(|r| r["opening"].as_str().unwrap().len() == 2)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_on_10x4_reads_its_openings_in_letters() {
    let dir = folder("10x4");
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "aj\nje\n").unwrap();
    let games = dir.join("games");
    let (code, out, err) = short_match("10x4", &games, &["--openings", openings.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("board 10x4"), "{out}");
    let records = records_on(&games, "10x4");
    let openings: Vec<&str> = records
        .iter()
        .map(|r| r["opening"].as_str().unwrap())
        .collect();
    assert_eq!(openings, ["aj", "aj", "je", "je"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_opening_off_the_board_is_refused_naming_the_size() {
    let dir = folder("off");
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "44\n47\n").unwrap();
    let (code, _, err) = short_match(
        "6x5",
        &dir.join("games"),
        &["--openings", openings.to_str().unwrap()],
    );
    assert_ne!(code, 0);
    assert!(err.contains("line 2") && err.contains("6x5"), "{err}");
    assert!(!dir.join("games").join("games.jsonl").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_on_7x6_writes_no_size() {
    let dir = folder("7x6");
    let (code, out, err) = short_match("7x6", &dir, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games 4  seed 1\n"), "{out}");
    let text = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert!(!text.contains("size"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_run_resumed_on_another_board_is_refused_naming_both() {
    let dir = folder("resume");
    let (code, _, err) = short_match("6x5", &dir, &["--random-openings", "2"]);
    assert_eq!(code, 0, "{err}");
    let manifest = std::fs::read_to_string(dir.join("run.json")).unwrap();
    assert!(manifest.contains(r#""size": "6x5""#), "{manifest}");
    let (code, _, err) = short_match("7x6", &dir, &["--random-openings", "2", "--resume"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--size: the run is on the 6x5 board, not 7x6"),
        "{err}"
    );
    let (code, _, err) = short_match(
        "6x5",
        &dir,
        &["--random-openings", "2", "--resume", "--games", "6"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("4 of 6 games already played"), "{err}");
    assert_eq!(records_on(&dir, "6x5").len(), 6);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_tournament_on_10x4_plays_and_records_10x4_games() {
    let dir = folder("tournament");
    let (code, out, err) = run(&[
        "tournament",
        "--player",
        "x=random",
        "--player",
        "y=alphabeta:depth=2",
        "--player",
        "z=random:seed=5",
        "--games",
        "2",
        "--threads",
        "1",
        "--size",
        "10x4",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("board 10x4\n"), "{out}");
    assert_eq!(records_on(&dir, "10x4").len(), 6);
    // The crosstable's file names its board too.
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["crosstable"]["size"], "10x4", "{summary}");
    let (code, _, err) = run(&[
        "tournament",
        "--player",
        "x=random",
        "--player",
        "y=alphabeta:depth=2",
        "--player",
        "z=random:seed=5",
        "--games",
        "2",
        "--out",
        dir.to_str().unwrap(),
        "--resume",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("--size: the run is on the 10x4 board, not 7x6"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--random-openings N` with N as many as the board's cells is refused by name before
/// anything is written, in a match and in a tournament.
#[test]
fn random_openings_past_the_board_are_refused_before_any_game() {
    let dir = folder("long-openings");
    let (code, _, err) = short_match("4x4", &dir, &["--random-openings", "16"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "--random-openings 16: the 4x4 board has 16 cells, so an opening that leaves a \
             game to play has at most 15 plies"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!dir.exists());
    let (code, _, err) = run(&[
        "tournament",
        "--player",
        "x=easy",
        "--player",
        "y=random",
        "--size",
        "5x4",
        "--games",
        "2",
        "--threads",
        "1",
        "--random-openings",
        "20",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--random-openings 20: the 5x4 board"), "{err}");
}
