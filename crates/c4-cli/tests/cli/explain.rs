//! `c4 explain`: Allis' rules in words, squares and JSON, the solver's score beside them
//! labelled, one line a position from standard input, bad input refused in one line.

use assert_cmd::Command;

fn c4() -> Command {
    Command::new(env!("CARGO_BIN_EXE_c4"))
}

fn stdout(command: &mut Command) -> String {
    let output = command.output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_proof_is_told_in_words_with_its_squares_marked_and_the_solver_labelled() {
    let text = stdout(c4().args(["explain", "--size", "6x4", ""]));
    assert!(
        text.contains(
            "Yellow (second player) at least draws: proven by Allis' rules alone, no search."
        ),
        "{text}"
    );
    assert!(
        text.contains("8 rule applications answer Red's groups"),
        "{text}"
    );
    assert!(text.contains("1. claimeven on "), "{text}");
    // The board marks the applications' squares by their numbers.
    assert!(
        text.lines()
            .any(|l| l.starts_with(" 4 ") && l.contains('1')),
        "{text}"
    );
    assert!(
        text.contains(
            "The solver (an exact search, not a proof a person can follow): for Red, to move, loss"
        ),
        "{text}"
    );
}

#[test]
fn the_json_holds_the_proof_nodes_and_time() {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(c4().args(["explain", "--json", "1"]))).unwrap();
    assert_eq!(json["proof"]["player"], "second", "{json}");
    assert_eq!(json["proof"]["result"], "at_least_draw", "{json}");
    assert_eq!(json["proof"]["first_move"], 2, "{json}");
    assert_eq!(json["nodes"], 1, "{json}");
    assert!(json["time_ms"].as_f64().is_some(), "{json}");
    assert_eq!(
        json["proof"]["rules"].as_array().unwrap().len(),
        12,
        "{json}"
    );
    // After a1 the side to move, Yellow, wins (Red's first column scores -2 in the book).
    assert_eq!(json["solver"]["score"], 2, "{json}");
}

#[test]
fn a_search_settles_what_the_rules_leave_unclear() {
    let text = stdout(c4().args([
        "explain",
        "--size",
        "7x4",
        "--no-solver",
        "--search",
        "20000",
        "4",
    ]));
    assert!(text.contains("No proof from the rules"), "{text}");
    assert!(
        text.contains("A search of 7797 positions, each settled by the rules or the end of the game, proves that Yellow (second player) at least draws."),
        "{text}"
    );
}

#[test]
fn standard_input_is_answered_one_line_a_position_and_a_bad_line_is_named() {
    let output = c4()
        .args(["explain", "--size", "6x4"])
        .write_stdin("\n11\n7\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(": Yellow (second player) at least draws"),
        "{text}"
    );
    assert!(lines[1].starts_with("11: "), "{text}");
    let errors = String::from_utf8(output.stderr).unwrap();
    assert!(
        errors.contains("line 3: invalid position \"7\" on the 6x4 board"),
        "{errors}"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bad_input_is_refused_in_one_line() {
    for args in [
        vec!["explain", "99"],
        vec!["explain", "--size", "3x3", "1"],
        vec!["explain", "--search", "0", "4"],
    ] {
        let output = c4().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = String::from_utf8(output.stderr).unwrap();
        assert!(errors.starts_with("error: "), "{args:?}: {errors}");
        assert_eq!(errors.lines().count(), 1, "{args:?}: {errors}");
    }
}
