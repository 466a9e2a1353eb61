//! `c4 solve` checks the score of a `MOVES SCORE` line against its answer (issue 40, item 9).

use crate::support::{Said, run_with_input};

fn solve(args: &[&str], input: &str) -> Said {
    run_with_input(&[&["solve"], args].concat(), input)
}

#[test]
fn issue_40_a_line_s_wrong_score_is_said_and_fails_the_run() {
    let (code, out, err) = solve(&[], "4453 5\n");
    assert_eq!(out, "4453 -2\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 1: \"4453\" scores -2, not 5"), "{err}");
    assert!(
        err.contains("1 of 1 line disagrees with the score it gives"),
        "{err}"
    );

    let (code, out, err) = solve(&[], "4453 -2\n4453\n");
    assert_eq!((code, out.as_str()), (0, "4453 -2\n4453 -2\n"), "{err}");
    let (code, _, err) = solve(&["--weak"], "4453 -5\n");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = solve(&["--weak"], "4453 3\n");
    assert_eq!(code, 2, "{err}");
}

/// Analysed, a line's wrong score is set beside the position's own score, then its columns'.
#[test]
fn an_analysed_line_s_wrong_score_says_the_position_s_score() {
    let (code, out, err) = solve(&["--analyze"], "4453 5\n");
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "4453 -5 -5 -2 -3 -4 -2 -2\n");
    assert!(
        err.contains("line 1: \"4453\" scores -2 (its columns -5 -5 -2 -3 -4 -2 -2), not 5"),
        "{err}"
    );
}
