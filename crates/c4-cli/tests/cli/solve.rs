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

/// `--size WxH`: the empty boards of 6x5 and 4x4 are draws, moves are read on the size, a
/// size outside the range is a one-line error that says the range, and a book (7x6's) for
/// another size is refused naming both sizes.
#[test]
fn other_sizes_are_solved_and_their_errors_name_the_sizes() {
    for size in ["6x5", "4x4"] {
        let output = c4()
            .args(["solve", "--size", size])
            .write_stdin("\n")
            .output()
            .unwrap();
        assert!(output.status.success(), "{size}: {output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), " 0\n", "{size}");
    }
    // A position of the 6x5 set, its score from Pons' solver built for 6x5.
    let output = c4()
        .args(["solve", "--size", "6x5"])
        .write_stdin("4365 2\n")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "4365 2\n");
    // Column 7 is not on a 6-wide board.
    let output = c4()
        .args(["solve", "--size", "6x5"])
        .write_stdin("47\n")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("6x5"),
        "{output:?}"
    );
    let output = c4()
        .args(["solve", "--size", "13x5"])
        .write_stdin("")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("13x5") && err.contains("4x4 up to 12x4"),
        "{err}"
    );
    let output = c4()
        .args(["solve", "--size", "6x5", "--book", "builtin"])
        .write_stdin("")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(err.contains("7x6") && err.contains("6x5"), "{err}");
}

/// `--layers DIR`: positions of a finished ply-12 chunk are answered from the layer with no
/// search, their scores those the lines give (a disagreement fails the command); the layer
/// is refused on another board and when its folder is not there.
#[test]
fn the_layers_answer_their_positions_and_are_refused_where_they_cannot() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../c4-layers/data/ply12");
    let dir = c4_layers::LayerDir::open(&folder, c4_layers::Layout::PLY12);
    let number = (0..dir.chunk_count())
        .find(|&n| dir.is_finished(n))
        .unwrap();
    let scored = dir.scored_positions(number).unwrap();
    let input: String = scored
        .iter()
        .step_by(scored.len() / 4)
        .map(|(position, score)| format!("{} {score}\n", c4_books::moves_of(position)))
        .collect();
    let output = c4()
        .args(["solve", "--stats", "--layers"])
        .arg(&folder)
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), input.lines().count());
    for line in stdout.lines() {
        assert_eq!(
            line.split(' ').nth(2),
            Some("0"),
            "no node searched: {line}"
        );
    }
    let output = c4()
        .args(["solve", "--size", "6x5", "--layers"])
        .arg(&folder)
        .write_stdin("")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(err.contains("--layers") && err.contains("6x5"), "{err}");
    let output = c4()
        .args(["solve", "--layers", "/nonexistent/ply12"])
        .write_stdin("")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(err.contains("/nonexistent/ply12"), "{err}");
    // An empty name, and a folder with no chunk in it, are said as typed.
    for (folder, says) in [
        ("", "--layers \"\": an empty name is no folder"),
        (
            env!("CARGO_MANIFEST_DIR"),
            "no chunk files (chunk-NNNNN.c4layer)",
        ),
    ] {
        let output = c4()
            .args(["solve", "--layers", folder])
            .write_stdin("4\n")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Every finished chunk of the committed layer is built into `c4` and read by default beside
/// the built-in book: a ply-12 position of the first finished chunk is answered with no node
/// searched, `--layers none` searches it, and
/// `--book none` reads no layer unless one is named.
#[test]
fn the_built_in_layer_answers_by_default_beside_the_built_in_book() {
    assert!(
        c4_layers::LayerDir::builtin_ply12_chunks() > 0,
        "c4 is built with the layer's chunks"
    );
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../c4-layers/data/ply12");
    let dir = c4_layers::LayerDir::builtin_ply12();
    let number = (0..dir.chunk_count())
        .find(|&n| dir.is_finished(n))
        .unwrap();
    assert!(folder.join(format!("chunk-{number:05}.c4layer")).exists());
    let (position, score) = dir.scored_positions(number).unwrap()[0];
    let line = format!("{} {score}\n", c4_books::moves_of(&position));
    let nodes = |args: &[&str]| {
        let output = c4()
            .args(["solve", "--stats"])
            .args(args)
            .write_stdin(line.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        stdout.split(' ').nth(2).unwrap().parse::<u64>().unwrap()
    };
    assert_eq!(nodes(&[]), 0, "{line}");
    assert_eq!(nodes(&["--layers", "builtin"]), 0, "{line}");
    assert!(nodes(&["--layers", "none"]) > 0, "{line}");
    assert!(nodes(&["--book", "none"]) > 0, "{line}");
    assert_eq!(
        nodes(&["--book", "none", "--layers", "builtin"]),
        0,
        "{line}"
    );
}
