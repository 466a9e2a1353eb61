//! The `c4` binary as a user runs it: stdout, stderr and exit codes.

use assert_cmd::Command;

fn c4() -> Command {
    Command::cargo_bin("c4").expect("the c4 binary is built for tests")
}

/// Runs `c4 ARGS`, returning (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let output = c4().args(args).output().expect("c4 runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn show_draws_the_position() {
    let (code, out, err) = run(&["show", "4453"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 | .  .  O  X  X  .  . |"), "{out}");
    assert!(out.contains("red to move"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when piped");
}

#[test]
fn show_reports_the_winning_line() {
    let (code, out, _) = run(&["show", "4455667"]);
    assert_eq!(code, 0);
    assert!(out.contains("red wins: d1 e1 f1 g1"), "{out}");
}

#[test]
fn show_json_has_the_fields() {
    let (code, out, _) = run(&["show", "--json", "4455667"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "won");
    assert_eq!(v["winner"], "red");
    assert_eq!(
        v["winning_cells"],
        serde_json::json!(["d1", "e1", "f1", "g1"])
    );
    assert_eq!(v["to_move"], serde_json::Value::Null);
    assert_eq!(v["board"][5], "...XXXX");
}

/// Issue 2: each bad position exits 2 with a one-line error naming the problem.
#[test]
fn bad_positions_exit_2_with_one_line() {
    for (moves, needle) in [
        ("44a", "move 3 is the letter 'a'"),
        ("1111111", "move 7 ('1') plays column 1, which is full"),
        ("44556671", "move 8 ('1') comes after the game is over"),
        ("9", "move 1 is '9'"),
        ("  ", "only whitespace"),
    ] {
        let (code, out, err) = run(&["show", moves]);
        assert_eq!(code, 2, "{moves}: {err}");
        assert!(out.is_empty(), "{moves}");
        assert_eq!(err.lines().count(), 1, "{moves}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{moves}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["frobnicate"]).0, 2);
    assert_eq!(run(&["show", "--nonsense"]).0, 2);
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("show"));
    let (code, out, _) = run(&["help", "show"]);
    assert_eq!(code, 0);
    assert!(out.contains("--json"));
}
