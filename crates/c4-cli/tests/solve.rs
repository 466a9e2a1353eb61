//! `c4 solve` as a first user meets it: positions come on standard input, and it says so
//! (issue 38, item 3).

use assert_cmd::Command;

fn c4() -> Command {
    Command::new(env!("CARGO_BIN_EXE_c4"))
}

#[test]
fn positions_given_as_arguments_are_refused_with_where_they_come_from() {
    let output = c4()
        .args(["solve", "4453"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("unexpected argument \"4453\"")
            && err.contains("reads its positions from standard input"),
        "{err}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn on_a_terminal_it_says_where_positions_come_from() {
    // `script` (util-linux) runs c4 on a pseudo-terminal and passes it our input.
    let command = format!("{} solve", env!("CARGO_BIN_EXE_c4"));
    let output = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"4453\n")?;
            child.wait_with_output()
        })
        .expect("script (util-linux) runs");
    let transcript = String::from_utf8_lossy(&output.stdout);
    assert!(
        transcript.contains("c4 solve: type positions, one per line")
            && transcript.contains("Ctrl-D ends"),
        "{transcript}"
    );
    assert!(transcript.contains("4453 -2"), "{transcript}");
}

#[test]
fn piped_input_gets_no_terminal_note() {
    let output = c4().arg("solve").write_stdin("4453\n").output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "4453 -2\n");
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
}
