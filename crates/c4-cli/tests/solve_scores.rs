//! `c4 solve` checks the score of a `MOVES SCORE` line against its answer (issue 40, item 9).

use assert_cmd::Command;

fn solve(args: &[&str], input: &str) -> (i32, String, String) {
    let output = Command::cargo_bin("c4")
        .expect("the c4 binary is built for tests")
        .arg("solve")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("c4 runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn issue_40_a_line_s_wrong_score_is_said_and_fails_the_run() {
    let (code, out, err) = solve(&[], "4453 5\n");
    assert_eq!(out, "4453 -2\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 1: \"4453\" scores -2, not 5"), "{err}");
    assert!(err.contains("1 of 1 lines disagree"), "{err}");

    let (code, out, err) = solve(&[], "4453 -2\n4453\n");
    assert_eq!((code, out.as_str()), (0, "4453 -2\n4453 -2\n"), "{err}");
    let (code, _, err) = solve(&["--weak"], "4453 -5\n");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = solve(&["--weak"], "4453 3\n");
    assert_eq!(code, 2, "{err}");
}
