//! How every command meets its output and reports errors: a closed pipe ends it quietly with
//! exit code 0 (issue 40, item 2), and an error's causes are each said once (issue 38, item 5).

use std::process::{Command, Stdio};

/// Runs `c4 ARGS` with its standard output closed before it writes: (exit code, stderr).
fn run_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("c4"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("c4 starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("c4 ends");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn issue_40_every_command_exits_0_on_a_closed_pipe() {
    for args in [
        &["book", "info"][..],
        &["book", "export"],
        &["show", "4453"],
        &["evals"],
        &["best", "4453", "--ai", "random"],
    ] {
        let (code, err) = run_into_closed_pipe(args);
        assert_eq!(code, Some(0), "c4 {args:?}: {err}");
        assert!(!err.contains("panicked"), "c4 {args:?}: {err}");
    }
}

#[test]
fn issue_38_a_missing_book_names_its_cause_once() {
    let output = assert_cmd::Command::cargo_bin("c4")
        .expect("the c4 binary is built for tests")
        .args(["solve", "--book", "/nope"])
        .write_stdin("4453\n")
        .output()
        .expect("c4 runs");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("/nope"), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}
