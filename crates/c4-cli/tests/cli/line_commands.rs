//! The line-oriented commands, `c4 engine` and `c4 solve`: an answer for every input line,
//! garbage included.

use crate::support::run_with_input;

#[test]
fn engine_protocol_answers_every_line_and_survives_garbage() {
    let input = "\n4453\n44a\n1111111\n4455667\n\u{0}\u{1}zz\n44\n";
    let (code, out, err) = run_with_input(
        &["engine", "--ai", "alphabeta:depth=3,eval=center", "--info"],
        input,
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(
        lines[0].split(' ').next().unwrap().parse::<u8>().is_ok(),
        "{out}"
    );
    assert!(
        lines[0].contains("depth=3") && lines[0].contains("nodes="),
        "{out}"
    );
    assert!(lines[2].starts_with("error: move 3"), "{out}");
    assert!(lines[3].starts_with("error: move 7"), "{out}");
    assert_eq!(lines[4], "error: the game is over");
    assert!(lines[5].starts_with("error:"));
    assert!(lines[6].split(' ').next().unwrap().parse::<u8>().is_ok());
}

#[test]
fn engine_protocol_never_panics_on_random_lines() {
    // A deterministic scramble of bytes, many lines in one process.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut input = String::new();
    for _ in 0..300 {
        let len = (state % 12) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let alphabet = b"12345670089abcdefgh -\t\r";
            input.push(char::from(
                alphabet[(state % alphabet.len() as u64) as usize],
            ));
        }
        input.push('\n');
    }
    let (code, out, err) =
        run_with_input(&["engine", "--ai", "alphabeta:depth=1,eval=center"], &input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 300);
    assert!(!err.contains("panicked"));
}

#[test]
fn solve_prints_reference_layout_and_survives_bad_lines() {
    let input = "2252576253462244111563365343671351441 -1\n9\n7422341735647741166133573473242566 1\n4455667\n";
    let (code, out, err) = run_with_input(&["solve"], input);
    assert_eq!(code, 2, "a line failed: {err}");
    assert!(err.contains("2 of 4 lines could not be solved"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "2252576253462244111563365343671351441 -1",
            "",
            "7422341735647741166133573473242566 1",
            ""
        ]
    );
    assert!(err.contains("line 2: move 1 is '9'"), "{err}");
    assert!(err.contains("line 4: the game is over"), "{err}");
    // Lines are trimmed; inner spaces are refused unless MOVES SCORE; a huge line or one that
    // is not UTF-8 is refused without ending the run, and is echoed cut short.
    let long = "4".repeat(1_000_000);
    let input = format!(
        "  2252576253462244111563365343671351441  \n4 4 5 3\n{long}\n7422341735647741166133573473242566 1\n"
    );
    let (code, out, err) = run_with_input(&["solve"], &input);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "2252576253462244111563365343671351441 -1",
            "",
            "",
            "7422341735647741166133573473242566 1"
        ]
    );
    assert!(
        err.contains("line 2: expected MOVES or MOVES SCORE, found \"4 4 5 3\""),
        "{err}"
    );
    assert!(
        err.contains("line 3: the line is 1000000 bytes long"),
        "{err}"
    );
    assert!(
        err.len() < 1000,
        "the long line is not echoed: {} bytes",
        err.len()
    );
    let (_, out, _) = run_with_input(
        &["solve", "--weak", "--stats"],
        "7422341735647741166133573473242566\n",
    );
    let fields: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(fields[1], "1");
    assert_eq!(fields.len(), 4, "moves score nodes microseconds: {out}");
    let (_, out, _) = run_with_input(
        &["solve", "--analyze", "--threads", "2"],
        "1111117\n5554224333234511764415115\n",
    );
    let first: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(first[1], "-1000", "full column: {out}");
    assert_eq!(first.len(), 8);
}
