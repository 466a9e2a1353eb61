//! What the terminal says of who plays and how to go on: `serve --port`, `watch`'s players
//! and scores, `match`'s sides, the keys after a game, a level's words on the board in use.

use crate::support::{run, run_with_input};

#[test]
fn serve_takes_a_port_on_the_loopback_address() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("c4"))
        .args(["serve", "--port", "0", "--quiet"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().ok();
    child.wait().ok();
    assert!(first.starts_with("c4 serving http://127.0.0.1:"), "{first}");
    let (code, _, err) = run(&["serve", "--port", "1", "--addr", "127.0.0.1:2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--port") && err.contains("--addr"), "{err}");
}

#[test]
fn watch_names_its_levels_and_says_whose_each_score_is() {
    let (code, out, err) = run(&[
        "watch", "--red", "easy", "--yellow", "medium", "--size", "6x5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("red: level easy\nyellow: level medium\n"),
        "{out}"
    );
    assert!(out.contains("\nscore for red: "), "{out}");
    assert!(out.contains("\nscore for yellow: "), "{out}");
    assert!(!out.contains("\nscore: "), "{out}");
}

#[test]
fn match_names_its_levels_and_a_fresh_run_played_nothing_before() {
    let (code, out, err) = run(&[
        "match",
        "--a",
        "easy",
        "--b",
        "medium",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("A: level easy (alphabeta:"), "{out}");
    assert!(out.contains("\nB: level medium (alphabeta:"), "{out}");
    assert!(!err.contains("already played"), "{err}");
}

#[test]
fn after_a_game_help_shows_its_keys() {
    let (code, out, err) =
        run_with_input(&["play", "--ai", "easy", "--from", "445566"], "7\n?\nq\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("You win!"), "{out}");
    assert!(!out.contains("type u, n or q"), "{out}");
    assert_eq!(
        out.matches("u to undo, n for a new game, q to quit")
            .count(),
        3,
        "{out}"
    );
}

#[test]
fn a_level_says_what_it_does_on_the_board_in_use() {
    let (code, out, err) = run_with_input(&["play", "--ai", "perfect", "--size", "9x6"], "q\n");
    assert_eq!(code, 0, "{err}");
    let banner = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(banner.contains("without a book"), "{out}");
    assert!(!banner.contains("every time"), "{out}");
    let (code, out, err) = run_with_input(&["play", "--ai", "perfect"], "q\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every time"), "{out}");
}
