//! Issue 52, items 5-8: what a new player meets in the first hour: the levels' table, how
//! moves are counted and a move's statistics laid out, inputs that are refused or accepted,
//! and `c4 watch`'s pace.

use crate::support::{run, run_with_input};
use c4_books::OpeningBook;

/// The line of `text` that starts with `start`.
fn line_starting<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start:?} in\n{text}"))
}

/// Whether `line` is a move's statistics in the one layout of `best`, `watch` and `play`.
fn is_stats_layout(line: &str) -> bool {
    line.contains("; depth ") && line.contains(" nodes, ") && line.contains(" ms, pv ")
}

#[test]
fn issue_52_item_5_levels_read_in_order_with_true_texts() {
    let (code, out, err) = run(&["levels"]);
    assert_eq!(code, 0, "{err}");
    // `perfect` measured a few Elo below `hard`: the table says so, and why it is last.
    let lines: Vec<&str> = out.lines().collect();
    let perfect = lines
        .iter()
        .position(|line| line.starts_with("perfect "))
        .expect("a perfect row");
    let note = lines[perfect + 1];
    assert!(
        note.contains("below hard's") && note.contains("cannot tell the two apart"),
        "{out}"
    );
    // Think times as a player feels them: no median of 0.0 ms.
    assert!(!out.contains("0.0 ms"), "{out}");
    assert!(
        line_starting(&out, "strong ").contains("instant, at most"),
        "{out}"
    );
    // The book's depth read from the book.
    let depth = OpeningBook::builtin().depth();
    assert!(
        out.contains(&format!("exact scores of plies 0-{depth}")),
        "{out}"
    );
    assert!(!out.contains("ply 8"), "{out}");

    let (code, help, _) = run(&["play", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("below hard's"), "{help}");

    let (code, json, err) = run(&["levels", "--json"]);
    assert_eq!(code, 0, "{err}");
    let levels: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let perfect = levels
        .as_array()
        .unwrap()
        .iter()
        .find(|level| level["name"] == "perfect")
        .unwrap();
    assert_eq!(perfect["measured_above"]["level"], "hard", "{json}");
    assert_eq!(
        perfect["measured_above"]["inside_intervals"], true,
        "{json}"
    );
}

#[test]
fn moves_are_counted_by_disc_everywhere() {
    // A disc each, then the prompt: it is move 3, as review and the page count.
    let (code, out, err) = run_with_input(&["play", "--ai", "easy"], "4\nq\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("your move 1> "), "{out}");
    assert!(out.contains("(move 3)"), "{out}");
    assert!(out.contains("your move 3> "), "{out}");
    assert!(!out.contains("your move 2> "), "{out}");

    let (code, out, err) = run(&["watch", "--red", "easy", "--yellow", "easy"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nmove 1: red plays"), "{out}");
    assert!(out.contains("\nmove 2: yellow plays"), "{out}");
    assert!(!out.contains("\nmove 1: yellow plays"), "{out}");
}

#[test]
fn issue_52_item_6_one_layout_for_a_moves_statistics() {
    let (code, out, err) = run(&["best", "--ai", "medium", "4453"]);
    assert_eq!(code, 0, "{err}");
    let best = out.lines().nth(1).unwrap();
    assert!(
        best.starts_with("score for red: ") && is_stats_layout(best),
        "{out}"
    );

    let (code, out, err) = run(&["watch", "--red", "easy", "--yellow", "medium"]);
    assert_eq!(code, 0, "{err}");
    let watched: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("score for "))
        .collect();
    assert!(!watched.is_empty(), "{out}");
    assert!(watched.iter().all(|l| is_stats_layout(l)), "{out}");

    let (code, out, err) = run_with_input(&["play", "--ai", "easy"], "h\n4\nq\n");
    assert_eq!(code, 0, "{err}");
    let computer = line_starting(&out, "for you: ");
    assert!(is_stats_layout(computer), "{out}");
    // The hint: score and "perfect play" said once, then the same statistics without them.
    let mut lines = out
        .lines()
        .skip_while(|l| !l.contains("hint: column 4 (d): perfect play, "));
    assert!(lines.next().is_some(), "{out}");
    let below = lines.next().unwrap();
    assert!(
        below.starts_with("depth ") && below.contains(" nodes, "),
        "{out}"
    );
    assert_eq!(out.matches("perfect play").count(), 1, "{out}");
}

#[test]
fn issue_52_item_6_each_winning_line_on_its_own_and_counts_in_words() {
    // Red's last disc, d1, makes a row and a diagonal.
    let (code, out, err) = run(&["show", "637667577773534"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("red wins: d1 e1 f1 g1\nred wins: d1 e2 f3 g4\n"),
        "{out}"
    );

    let (code, out, err) = run(&["analyze", "4453"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("every column from the opening book, in "),
        "{out}"
    );

    // A line that disagrees and one that cannot be solved: counted in words that agree.
    let (code, _, err) = run_with_input(&["solve"], "4453 5\n9\n");
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "error: 1 of 2 lines could not be solved, 1 disagrees with the score it gives"
        ),
        "{err}"
    );
}

#[test]
fn issue_52_item_7_inputs_refused_in_one_line_or_accepted() {
    let (code, _, err) = run(&["review", "--file", "/nonexistent"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: cannot open --file \"/nonexistent\": No such file or directory (os error 2)\n"
    );

    let (code, out, err) = run(&["play", "--ia", "easy"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: unexpected argument '--ia' found")
            && err.contains("a similar argument exists: '--ai'"),
        "{err}"
    );
    // Help and version are as clap prints them, on standard output.
    let (code, help, _) = run(&["play", "--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("Usage: c4 play"), "{help}");
    let (code, version, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(version.starts_with("c4 "), "{version}");

    let (code, out, err) = run_with_input(&["play", "--first", "computer", "--ai", "easy"], "q\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("computer plays"), "{out}");

    // `help` and `?` print the keys; an error prints its message and the prompt, not the
    // board again: one board for the whole exchange.
    let (code, out, err) = run_with_input(&["play", "--ai", "easy"], "help\n?\nzz\n9\nq\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("u to undo, h for a hint").count(), 3, "{out}");
    assert!(out.contains("\"zz\" is not a column"), "{out}");
    assert_eq!(out.matches("legal columns").count(), 1, "{out}");
}

#[test]
fn issue_52_item_8_watch_paces_a_terminal_and_site_is_ignored() {
    let (code, help, _) = run(&["watch", "--help"]);
    assert_eq!(code, 0);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("[default: 600 when standard output is a terminal"),
        "{help}"
    );
    // Piped, a game runs without pauses (the pause itself is a unit test of `watch_delay`).
    let (code, out, err) = run(&["watch", "--red", "easy", "--yellow", "easy"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("moves: "), "{out}");

    let ignored = include_str!("../../../../.gitignore");
    assert!(ignored.lines().any(|line| line == "/site/"), "{ignored}");
}
