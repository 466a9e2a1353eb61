//! `c4 play` with piped input and `c4 watch`: whole games, undo and a new game.

use crate::support::{run, run_with_input};

#[test]
fn play_in_the_terminal_with_piped_input() {
    // Red (human) plays the centre, asks for a hint, undoes, plays again, then quits.
    let (code, out, err) = run_with_input(
        &["play", "--ai", "alphabeta:depth=2,eval=center"],
        "4\nh\nu\nd\nzz\n9\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("computer plays"), "{out}");
    assert!(out.contains("hint: column"), "{out}");
    assert!(out.contains("is not a column"), "{out}");
    assert!(out.contains("computer:"), "per-player summary: {out}");
}

#[test]
fn after_a_game_the_player_can_undo_or_start_again() {
    // Red wins at once, takes the win back, wins the other way, then starts a new game;
    // the finished game is saved as it is left.
    let saved = std::env::temp_dir().join(format!("c4-cli-saved-{}.jsonl", std::process::id()));
    std::fs::remove_file(&saved).ok();
    let (code, out, err) = run_with_input(
        &[
            "play",
            "--ai",
            "easy",
            "--from",
            "445566",
            "--save",
            saved.to_str().unwrap(),
        ],
        "7\nu\n3\nn\nq\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("You win!").count(), 2, "{out}");
    assert!(out.contains("red wins: d1 e1 f1 g1"), "{out}");
    assert!(out.contains("red wins: c1 d1 e1 f1"), "{out}");
    assert!(
        out.contains("u to undo, n for a new game, q to quit>"),
        "{out}"
    );
    assert!(out.contains("new game"), "{out}");
    // The discs are X and O, the last move (yellow's f2 of 445566) in parentheses.
    assert!(out.contains("2 | .  .  .  O  O (O) . |"), "{out}");
    assert!(out.ends_with("moves: 445566\n"), "{out}");
    assert!(out.contains("saved as game 0 of"), "{out}");
    let record: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&saved).unwrap().trim()).unwrap();
    assert_eq!(record["moves"], "4455663");
    assert_eq!(record["opening"], "445566");
    assert_eq!(record["a_spec"], "human");
    assert_eq!(record["result"], "win");
    assert_eq!(record["stats"].as_array().unwrap().len(), 1);
    let (code, out, err) = run(&["review", saved.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("7. you      3 (c)  optimal     win in 1 move (+18)"),
        "{out}"
    );
    std::fs::remove_file(&saved).ok();
}

#[test]
fn watch_plays_a_whole_game() {
    let (code, out, err) = run(&[
        "watch",
        "--red",
        "alphabeta:depth=3,eval=threats",
        "--yellow",
        "random:seed=4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("red wins") || out.contains("yellow wins") || out.contains("draw"),
        "{out}"
    );
    assert!(
        out.contains("red: ") && out.contains("moves, mean"),
        "{out}"
    );
}
