//! `c4 review MOVES --size WxH`: moves reviewed on the board asked for, `--from-ply` bounded
//! by that board's last ply, and a file's game refused on another board, naming both.

use crate::support::run;

/// The judged moves of a review printed as JSON.
fn reviewed(out: &str) -> Vec<serde_json::Value> {
    let review: serde_json::Value = serde_json::from_str(out).unwrap();
    assert!(review["complete"].as_bool().unwrap(), "{out}");
    review["reviewed"].as_array().unwrap().clone()
}

#[test]
fn moves_are_reviewed_on_the_board_asked_for() {
    // 5x4 and 4x4 are solved at once; letters go to the board's last column.
    let (code, out, err) = run(&["review", "--size", "5x4", "--json", "--table", "20", "cce"]);
    assert_eq!(code, 0, "{err}");
    let judged = reviewed(&out);
    assert_eq!(judged.len(), 3, "{out}");
    // 5x4 is a draw from the empty board, and red's centre disc keeps it.
    assert_eq!(judged[0]["quality"], "optimal", "{out}");
    assert_eq!(judged[0]["score"], 0, "{out}");
    let (code, out, err) = run(&["review", "--size", "4x4", "--table", "20", "bccd"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("reviewing the moves bccd"), "{err}");
    assert!(out.contains("red: 2 optimal"), "{out}");
    // A move off the board names it, in one line of error.
    let (code, _, err) = run(&["review", "--size", "5x4", "--table", "20", "16"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "reviewing the moves 16
error: "
        ),
        "{err}"
    );
    assert!(err.contains("on the 5x4 board"), "{err}");
    assert_eq!(err.trim().lines().count(), 2, "{err}");
    // A letter past the board is no move string, nor a file.
    let (code, _, err) = run(&["review", "--size", "5x4", "cf"]);
    assert_eq!(code, 2);
    assert!(err.contains("moves are 1-5 or a-e"), "{err}");
}

#[test]
fn from_ply_follows_the_board() {
    // 4x15 has 60 cells: ply 45 is a ply of its games, past 7x6's last (41).
    let args = [
        "review",
        "--size",
        "4x15",
        "--json",
        "--from-ply",
        "45",
        "1",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(reviewed(&out).is_empty(), "{out}");
    for (size, ply, last) in [
        ("4x15", "60", "59"),
        ("5x4", "20", "19"),
        ("7x6", "42", "41"),
    ] {
        let (code, _, err) = run(&["review", "--size", size, "--from-ply", ply, "1"]);
        assert_eq!(code, 2, "{size}");
        let wanted = format!("--from-ply {ply} is past the {size} board's last ply ({last})");
        assert!(err.contains(&wanted), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_bad_size_says_the_range() {
    for command in ["review", "verify"] {
        let (code, _, err) = run(&[command, "--size", "13x4", "1"]);
        assert_eq!(code, 2, "{command}");
        assert!(err.contains("up to 12x4 and 4x15"), "{command}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{command}: {err}");
    }
    let (code, _, err) = run(&[
        "book", "build", "--size", "3x9", "--depth", "2", "--out", "x",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("too small"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
