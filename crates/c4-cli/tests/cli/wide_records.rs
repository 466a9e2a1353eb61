//! Games on boards wider than 7 (8x5, 9x6, 12x4): played and saved by `c4 play --save` with
//! moves in the columns past 7, read back by `review` and `verify` on their own board, and a
//! games file that keeps playing on its games' board; every column shown as it is typed.

use crate::support::{run, run_with_input};
use std::path::PathBuf;

/// A games file of this test's own, in a folder of its own (`verify` keeps its scores
/// beside it), emptied first.
fn games_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-cli-wide-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.jsonl")
}

/// Removes the folder of a file of [`games_file`].
fn remove(path: &std::path::Path) {
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

/// Input that plays the rightmost column until it is full, then the next to its left, and
/// so on, each by the name the board's columns are typed with; then `q`.
fn right_to_left(width: u8, height: usize) -> String {
    let mut input = String::new();
    for number in (1..=width).rev() {
        let name = if width <= 9 {
            char::from(b'0' + number)
        } else {
            char::from(b'a' + number - 1)
        };
        for _ in 0..height {
            input.push(name);
            input.push('\n');
        }
    }
    input.push_str("q\n");
    input
}

#[test]
fn a_game_on_a_wide_board_is_saved_reviewed_verified_and_played_on_again() {
    for (size, width, height) in [("8x5", 8u8, 5usize), ("9x6", 9, 6), ("12x4", 12, 4)] {
        let path = games_file(size);
        let file = path.to_str().unwrap();
        let input = right_to_left(width, height);
        let (code, out, err) = run_with_input(
            &["play", "--size", size, "--ai", "easy", "--save", file],
            &input,
        );
        assert_eq!(code, 0, "{size}: {err}");
        assert!(out.contains("saved as game 0 of"), "{size}: {out}");
        let record: serde_json::Value =
            serde_json::from_str(std::fs::read_to_string(&path).unwrap().trim()).unwrap();
        assert_eq!(record["size"], size, "{record}");
        // The person's first move is the rightmost column, past 7, recorded on the board.
        assert_eq!(record["stats"][0]["column"], width, "{record}");
        assert_eq!(record["stats"][0]["size"], size, "{record}");
        // Legal columns are listed as they are typed.
        let last = if width <= 9 {
            width.to_string()
        } else {
            "l".to_owned()
        };
        assert!(
            out.contains(&format!(" {last}\n")),
            "{size}: legal columns end with {last}: {out}"
        );

        // Review and verify read it on its board: its last two moves judged.
        let plies = record["moves"].as_str().unwrap().len();
        let from = (plies - 2).to_string();
        let (code, out, err) = run(&["review", file, "--from-ply", &from, "--json"]);
        assert_eq!(code, 0, "{size}: {err}");
        let review: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(review["reviewed"].as_array().unwrap().len(), 2, "{out}");
        let (code, out, err) = run(&["verify", file, "--from-ply", &from]);
        assert_eq!(code, 0, "{size}: {err}");
        assert!(out.contains("you"), "{size}: {out}");

        // Played again, the file's games say the board: no --size needed, another refused.
        let (code, out, err) = run_with_input(&["play", "--ai", "easy", "--save", file], &input);
        assert_eq!(code, 0, "{size}: {err}");
        assert!(out.contains("saved as game 1 of"), "{size}: {out}");
        let (code, _, err) = run_with_input(
            &["play", "--ai", "easy", "--save", file, "--size", "7x6"],
            "q\n",
        );
        assert_eq!(code, 2, "{size}: {err}");
        assert!(err.contains(size) && err.contains("7x6"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        remove(&path);
    }
}

#[test]
fn a_record_whose_statistics_name_another_board_is_refused_naming_both() {
    let path = games_file("other-stats");
    let file = path.to_str().unwrap();
    let (code, _, err) = run_with_input(
        &["play", "--size", "6x5", "--ai", "easy", "--save", file],
        &right_to_left(6, 5),
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    record["stats"][0]["size"] = "7x6".into();
    std::fs::write(&path, format!("{record}\n")).unwrap();
    for command in ["review", "verify"] {
        let (code, _, err) = run(&[command, file]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(
            err.contains("move 1's statistics are of the 7x6 board, the record's of 6x5"),
            "{command}: {err}"
        );
        assert!(!err.contains("remove"), "{command}: {err}");
    }
    // Statistics that name no board are read on the record's, as files written before the
    // person's moves said theirs.
    for entry in record["stats"].as_array_mut().unwrap() {
        entry.as_object_mut().unwrap().remove("size");
    }
    std::fs::write(&path, format!("{record}\n")).unwrap();
    let plies = record["moves"].as_str().unwrap().len();
    let (code, out, err) = run(&["review", file, "--from-ply", &(plies - 1).to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("optimal") || out.contains("mistake") || out.contains("inaccurate"),
        "{out}"
    );
    remove(&path);
}

#[test]
fn columns_past_9_are_shown_by_the_letter_that_is_typed() {
    // The engine answers a letter, which its own input reads back.
    let (code, out, err) =
        run_with_input(&["engine", "--size", "10x4", "--ai", "easy"], "jajaja\n");
    assert_eq!(code, 0, "{err}");
    let reply = out.trim();
    assert!(
        reply.len() == 1 && ('a'..='j').contains(&reply.chars().next().unwrap()),
        "{out}"
    );
    let (code, out, err) = run(&["show", "--size", "10x4", ""]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal columns a b c d e f g h i j"), "{out}");
    let (code, out, err) = run(&["analyze", "--size", "10x4", "jajaja"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n  j      "), "{out}");
    assert!(!out.contains("10 (j)"), "{out}");
    assert!(!out.contains("heuristic  heuristic"), "{out}");
}

#[test]
fn a_review_on_9x6_ends_within_its_budget_naming_the_moves_it_judged() {
    let (code, out, err) = run(&["review", "--size", "9x6", "445334476725", "--time", "3"]);
    assert_eq!(code, 0, "{err}");
    let judged = out
        .lines()
        .filter(|line| line.contains(". red ") || line.contains(". yellow "))
        .count();
    if judged < 12 {
        let first = out.lines().next().unwrap();
        let named = match judged {
            0 => "no move judged: move 12 was not solved within the review's 3.0 s".to_owned(),
            1 => "judged move 12 only".to_owned(),
            n => format!("judged moves {}-12 only", 13 - n),
        };
        assert!(first.starts_with(&named), "{out}");
        assert!(first.contains("more time judges more"), "{out}");
    }
    for bad in ["0", "-1", "x", "100000"] {
        let time = format!("--time={bad}");
        let (code, _, err) = run(&["review", "--size", "9x6", "4453", &time]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--time"), "{bad}: {err}");
    }
}
