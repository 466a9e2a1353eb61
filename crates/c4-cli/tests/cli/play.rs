//! `c4 play` as a person sees it on an 80-column terminal (issue 38, item 7): the score after
//! the computer's move is the player's, no line is wider than the terminal, the banner names
//! the level, undone moves leave the statistics, and one move is "1 move".

use assert_cmd::Command;

const COLUMNS: usize = 80;

/// What a terminal shows for `c4 play ARGS` fed `input`: its output with each line typed
/// echoed after the prompt that read it, as the terminal echoes it.
fn transcript(args: &[&str], input: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_c4"))
        .arg("play")
        .args(args)
        .write_stdin(
            input
                .iter()
                .map(|line| format!("{line}\n"))
                .collect::<String>(),
        )
        .output()
        .expect("c4 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).expect("UTF-8 output");
    let mut typed = input.iter();
    let mut screen = String::new();
    for (i, piece) in out.split("> ").enumerate() {
        if i > 0 {
            let line = typed.next().expect("every prompt reads a typed line");
            screen.push_str(&format!("> {line}\n"));
        }
        screen.push_str(piece);
    }
    screen
}

fn assert_fits(screen: &str) {
    for line in screen.lines() {
        assert!(
            line.chars().count() <= COLUMNS,
            "a line over {COLUMNS} columns:\n{line}\nin\n{screen}"
        );
    }
}

#[test]
fn the_computer_moves_first_and_the_score_is_the_players() {
    // The perfect player opens in the centre: a win for red with its last disc, so a loss
    // for the person, 20 of red's discs away. Yellow answers, red replies, yellow takes it
    // back and plays the centre instead.
    let screen = transcript(&["--ai", "perfect", "--first", "ai"], &["3", "u", "4", "q"]);
    assert_fits(&screen);
    assert!(
        screen.contains("the computer is red, level perfect: the solver"),
        "{screen}"
    );
    assert!(
        !screen.contains("perfect:time="),
        "the banner names the level: {screen}"
    );
    assert!(
        screen.contains("computer plays 4 (d)\nfor you: loss in 20 moves (-1);"),
        "{screen}"
    );
    assert!(!screen.contains("for you: win"), "{screen}");
    // Three computer moves were played, one of them undone.
    assert!(screen.contains("computer: 2 moves, mean"), "{screen}");
    assert!(screen.ends_with("moves: 444\n"), "{screen}");
}

#[test]
fn a_heuristic_score_is_turned_to_the_player_and_one_move_is_singular() {
    let screen = transcript(
        &["--ai", "alphabeta:depth=3,eval=center", "--first", "ai"],
        &["q"],
    );
    assert_fits(&screen);
    // Not a level: the banner gives the spec.
    assert!(
        screen.contains("the computer is red, alphabeta:depth=3"),
        "{screen}"
    );
    // alphabeta:depth=3 with the centre evaluator values its opening +10 for itself: -10 for the person.
    assert!(
        screen.contains("for you: heuristic -10 (depth 3);"),
        "{screen}"
    );
    assert!(screen.contains("computer: 1 move, mean"), "{screen}");
}

#[test]
fn long_input_and_long_specs_stay_within_the_width() {
    let spec = "alphabeta:depth=2,eval=lines,preset=balanced,block=1,good=5,win=100000,danger=-5,lose=-100000";
    let long = "z".repeat(150);
    let screen = transcript(&["--ai", spec], &[&long, "4", "q"]);
    for line in screen.lines() {
        // The echo of what was typed is the person's own line, as wide as they made it.
        if !line.ends_with(&long) {
            assert!(line.chars().count() <= COLUMNS, "{line}\nin\n{screen}");
        }
    }
    assert!(screen.contains("is not a column"), "{screen}");
}
