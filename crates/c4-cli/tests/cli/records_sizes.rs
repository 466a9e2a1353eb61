//! Game records of boards other than 7x6: a game saved by `c4 play --save`, reviewed by
//! `c4 review` and checked by `c4 verify` on its board, and records that do not fit refused.

use crate::support::{run, run_with_input};
use std::path::PathBuf;

/// A games file of this test's own in the temporary folder, removed first.
fn games_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "c4-cli-records-{name}-{}.jsonl",
        std::process::id()
    ));
    std::fs::remove_file(&path).ok();
    path
}

/// Input for `c4 play` that plays column 1 until the board is full or the game ends, then
/// column 2 and on, then `q`.
fn column_by_column(width: usize, height: usize) -> String {
    let mut input = String::new();
    for column in 1..=width {
        for _ in 0..height {
            input.push_str(&format!("{column}\n"));
        }
    }
    input.push_str("q\n");
    input
}

/// Plays a game on `size` against perfect play, saved to `path`; the record saved.
fn play_and_save(size: &str, width: usize, height: usize, path: &PathBuf) -> serde_json::Value {
    let (code, out, err) = run_with_input(
        &[
            "play",
            "--size",
            size,
            "--ai",
            "perfect",
            "--save",
            path.to_str().unwrap(),
        ],
        &column_by_column(width, height),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved as game 0 of"), "{out}");
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn a_6x5_game_saved_by_play_is_reviewed_and_verified_on_its_board() {
    let path = games_file("6x5");
    let record = play_and_save("6x5", 6, 5, &path);
    assert_eq!(record["size"], "6x5", "{record}");
    let moves = record["moves"].as_str().unwrap().to_owned();
    assert!(moves.chars().all(|c| ('1'..='6').contains(&c)), "{moves}");
    assert_eq!(record["a_spec"], "human");
    // Perfect play never loses.
    assert_ne!(record["result"], "win", "{record}");

    let (code, out, err) = run(&["review", path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let review: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(review["moves"], moves.as_str());
    assert!(review["complete"].as_bool().unwrap(), "{out}");
    let reviewed = review["reviewed"].as_array().unwrap();
    assert_eq!(reviewed.len(), moves.len(), "{out}");
    // The computer (yellow, perfect play) plays every move optimally.
    for judged in reviewed.iter().filter(|m| m["name"] == "computer") {
        assert_eq!(judged["quality"], "optimal", "{judged}");
    }

    // Another board asked for is refused, naming both.
    for command in ["review", "verify"] {
        let (code, _, err) = run(&[command, path.to_str().unwrap(), "--size", "5x4"]);
        assert_eq!(code, 2, "{command}");
        assert!(
            err.contains("6x5") && err.contains("5x4"),
            "{command}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{command}: {err}");
    }

    let scores = games_file("6x5-scores");
    let (code, out, err) = run(&[
        "verify",
        path.to_str().unwrap(),
        "--scores",
        scores.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Perfect play is optimal on each of its moves (yellow's: half the game).
    let n = moves.len() / 2;
    let computer = out
        .lines()
        .find(|line| line.starts_with("computer (perfect"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        computer.contains(&format!("{n} moves checked, {n} optimal")),
        "{out}"
    );
    // The scores file is of the game's board, and a second check reads them back.
    let header = std::fs::read_to_string(&scores).unwrap();
    assert!(header.starts_with("c4-book 1 size=6x5 "), "{header}");
    let (code, again, err) = run(&[
        "verify",
        path.to_str().unwrap(),
        "--scores",
        scores.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(" 0 positions to solve"), "{err}");
    assert_eq!(again, out);
    std::fs::remove_file(&path).ok();
    std::fs::remove_file(&scores).ok();
}

#[test]
fn a_games_file_holds_games_of_several_boards_that_verify_takes_one_at_a_time() {
    let path = games_file("mixed");
    play_and_save("5x4", 5, 4, &path);
    // Red wins at once from 445566 on 7x6: saved to a file of its own (`play --save` keeps
    // a file to its games' board), then put in the first file as its game 1.
    let other = games_file("mixed-7x6");
    let (code, out, err) = run_with_input(
        &[
            "play",
            "--ai",
            "easy",
            "--from",
            "445566",
            "--save",
            other.to_str().unwrap(),
        ],
        "7\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved as game 0 of"), "{out}");
    let mut second: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&other).unwrap().trim()).unwrap();
    std::fs::remove_file(&other).ok();
    second["game"] = 1.into();
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{first}{second}\n")).unwrap();
    let file = path.to_str().unwrap();
    let (code, out, err) = run(&["review", file, "--game-index", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("computer"), "{out}");
    let (code, out, err) = run(&["review", file, "--game-index", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("7. you      7 (g)  optimal     win in 1 move (+18)"),
        "{out}"
    );
    let (code, _, err) = run(&["verify", file]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("games of the 5x4 board and of the 7x6 board (game 1)"),
        "{err}"
    );
    assert!(err.contains("chosen with --size"), "{err}");
    // --size checks one board's games, the others left out.
    let scores = games_file("mixed-scores");
    let scores_arg = scores.to_str().unwrap();
    let (code, out, err) = run(&["verify", file, "--size", "5x4", "--scores", scores_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 games; "), "{err}");
    std::fs::remove_file(&scores).ok();
    assert!(out.contains("computer (perfect"), "{out}");
    let (code, _, err) = run(&["verify", file, "--size", "6x5"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("holds no finished game of the 6x5 board"),
        "{err}"
    );
    // Playing on into it needs one of its boards named.
    let (code, _, err) = run_with_input(&["play", "--ai", "easy", "--save", file], "q\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("5x4, 7x6 boards: say which with --size"),
        "{err}"
    );
    let (code, out, err) = run_with_input(
        &["play", "--ai", "easy", "--save", file, "--size", "5x4"],
        "q\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal columns 1 2 3 4 5\n"), "{out}");
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_record_whose_moves_do_not_fit_its_board_is_refused_naming_it() {
    let path = games_file("unfit");
    let record = play_and_save("5x4", 5, 4, &path);
    // The same record, said to be of 4x4: its moves in column 5 are off that board.
    let mut unfit = record.clone();
    unfit["size"] = "4x4".into();
    unfit["moves"] = format!("5{}", record["moves"].as_str().unwrap()).into();
    std::fs::write(&path, format!("{unfit}\n")).unwrap();
    for command in ["review", "verify"] {
        let (code, out, err) = run(&[command, path.to_str().unwrap()]);
        assert_eq!(code, 2, "{command}: {out}");
        assert!(err.contains("4x4"), "{command}: {err}");
        assert!(!err.contains("panicked"), "{command}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{command}: {err}");
    }
    std::fs::remove_file(&path).ok();
}
