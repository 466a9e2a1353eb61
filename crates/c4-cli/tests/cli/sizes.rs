//! The commands that play, show and judge positions on boards other than 7x6 (`--size`):
//! whole games, the board drawn for its size, and the errors that name sizes.

use crate::support::{run, run_with_input};

/// Input for `c4 play` that fills the board column by column: each column typed as often as
/// it has rows (a full one is refused and the next line read), then `q`.
fn column_by_column(width: usize, height: usize) -> String {
    let mut input = String::from("h\n");
    for column in 1..=width {
        for _ in 0..height {
            input.push_str(&format!("{column}\n"));
        }
    }
    input.push_str("q\n");
    input
}

#[test]
fn play_a_whole_game_on_6x5_against_perfect_play() {
    let (code, out, err) = run_with_input(
        &["play", "--size", "6x5", "--ai", "perfect"],
        &column_by_column(6, 5),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Type a column (1-6 or a-f)"), "{out}");
    assert!(out.contains("hint: column"), "{out}");
    assert!(out.contains("computer plays"), "{out}");
    // The board fills column by column until the game ends; perfect play never loses.
    assert!(
        out.contains("The computer wins.") || out.contains("A draw."),
        "{out}"
    );
    assert!(!out.contains("You win!"), "{out}");
    // Five rows and six columns: row 5 is the top, row 6 is not drawn, nor a seventh column.
    assert!(out.contains("\n5 |"), "{out}");
    assert!(!out.contains("\n6 |"), "{out}");
    assert!(out.contains("computer: "), "{out}");
}

#[test]
fn watch_whole_games_on_a_wide_and_a_tall_board() {
    for (size, width) in [("10x4", 10), ("5x9", 5)] {
        let (code, out, err) = run(&[
            "watch",
            "--size",
            size,
            "--red",
            "alphabeta:depth=3,eval=threats",
            "--yellow",
            "engine:time=20,book=none",
        ]);
        assert_eq!(code, 0, "{size}: {err}");
        assert!(
            out.contains(" wins: ") || out.contains("draw: the board is full"),
            "{size}: {out}"
        );
        let moves = out
            .lines()
            .find_map(|line| line.strip_prefix("moves: "))
            .unwrap_or_else(|| panic!("{size}: {out}"));
        // Letters on a board wider than 9, digits on the others; every one on the board.
        let last = if width > 9 {
            b'a' + width - 1
        } else {
            b'0' + width
        };
        assert!(
            moves
                .bytes()
                .all(|b| b <= last && (width > 9) == b.is_ascii_lowercase()),
            "{size}: {moves}"
        );
    }
}

#[test]
fn best_show_and_eval_take_the_size() {
    let (code, out, err) = run(&["best", "--size", "5x4", "--ai", "perfect", "--json", "3"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(report["column"].as_u64().unwrap() <= 5, "{out}");
    // 5x4 is a draw from the empty board, and red's centre disc keeps it.
    assert_eq!(report["score"], 0, "{out}");

    let (code, out, err) = run(&["show", "--size", "6x5", "--json", "3344"]);
    assert_eq!(code, 0, "{err}");
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(summary["size"], "6x5");
    assert_eq!(summary["board"].as_array().unwrap().len(), 5);
    assert_eq!(summary["legal_columns"].as_array().unwrap().len(), 6);

    let (code, out, err) = run(&["eval", "--size", "8x5", "--eval", "threats", "45"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("threats: "), "{out}");
    // A level plays on any size: its evaluators are defined on every board.
    let (code, out, err) = run(&["best", "--size", "6x6", "--ai", "hard", "33"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("best column "), "{out}");
}

#[test]
fn sizes_are_named_in_errors() {
    let (code, _, err) = run(&["best", "--size", "6x5", "7"]);
    assert_eq!(code, 2);
    assert!(err.contains("on the 6x5 board"), "{err}");
    let (code, _, err) = run(&["show", "--size", "3x3"]);
    assert_eq!(code, 2);
    assert!(err.contains("too small") && err.contains("4x15"), "{err}");
    let (code, _, err) = run(&["best", "--size", "6x5", "--ai", "alphabeta:eval=kang"]);
    assert_eq!(code, 2);
    assert!(err.contains("7x6") && err.contains("6x5"), "{err}");
    let (code, _, err) = run(&["eval", "--size", "6x5", "--eval", "ntuple"]);
    assert_eq!(code, 2);
    assert!(err.contains("7x6") && err.contains("6x5"), "{err}");
}

#[test]
fn analyze_and_the_engine_protocol_take_the_size() {
    let (code, out, err) = run(&["analyze", "--size", "5x4", "--json", "12"]);
    assert_eq!(code, 0, "{err}");
    let analysis: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(analysis["size"], "5x4", "{out}");
    assert_eq!(analysis["columns"].as_array().unwrap().len(), 5, "{out}");
    // A 5x4 position is solved long before the budget ends.
    assert_eq!(analysis["exact"], true, "{out}");
    let (code, out, err) = run(&["analyze", "--size", "5x4", "6"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("5x4"), "{err}");

    // A line a position on 6x5: the reply a column of the board, an error naming the size for
    // a move off it, and the engine goes on.
    let (code, out, err) = run_with_input(
        &["engine", "--size", "6x5", "--ai", "perfect", "--info"],
        "\n7\n3344\n",
    );
    assert_eq!(code, 0, "{err}");
    let replies: Vec<&str> = out.lines().collect();
    assert_eq!(replies.len(), 3, "{out}");
    for reply in [replies[0], replies[2]] {
        let column: u32 = reply.split(' ').next().unwrap().parse().unwrap();
        assert!((1..=6).contains(&column), "{out}");
        assert!(reply.contains(" score="), "{out}");
    }
    // The empty 6x5 board is a draw.
    assert!(replies[0].contains(" score=0 "), "{out}");
    assert!(
        replies[1].starts_with("error: ") && replies[1].contains("6x5"),
        "{out}"
    );
}
