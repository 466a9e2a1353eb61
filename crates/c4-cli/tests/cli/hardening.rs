//! What the third probe found (issue 47): a finished game lost to `--save`, a hang, book
//! files trusted when read back, and `c4 solve`'s blank lines. Each test fails on the code the
//! probe ran.

use crate::support::{c4, run, run_with_input, said};
use c4_books::text::checked_line;
use c4_core::Game;
use c4_solver::{ExactScore, Solver};
use std::path::PathBuf;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-hardening-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_save_path_that_cannot_take_games_is_refused_before_the_first_move() {
    let dir = folder("save");
    let not_games = dir.join("notes.txt");
    std::fs::write(&not_games, "my notes\n").unwrap();
    for path in [dir.clone(), not_games, PathBuf::from("/dev/null")] {
        let path = path.to_str().unwrap().to_owned();
        let (code, out, err) =
            run_with_input(&["play", "--from", "445566", "--save", &path], "7\nq\n");
        assert_eq!(code, 2, "{path}: {out}{err}");
        assert!(err.starts_with("error: --save"), "{path}: {err}");
        assert!(
            !out.contains("You win"),
            "{path}: the game was played: {out}"
        );
    }
}

#[test]
fn a_save_that_fails_at_the_end_keeps_the_game() {
    // A file size limit of 0 (SIGXFSZ ignored, so the write fails instead): the games file
    // opens, but the record cannot be written to it, nor to the temporary folder.
    let dir = folder("full");
    let games = dir.join("games.jsonl");
    let script = format!(
        "trap '' XFSZ; ulimit -f 0; exec {} play --from 445566 --save {}",
        env!("CARGO_BIN_EXE_c4"),
        games.display()
    );
    let mut command = assert_cmd::Command::new("bash");
    command
        .args(["-c", &script])
        .env("TMPDIR", &dir)
        .write_stdin("7\nq\n");
    let (code, out, err) = said(&mut command);
    assert!(out.contains("You win"), "{out}");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot save the game to"), "{err}");
    // Not lost: where it was kept, or the record itself.
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("c4-unsaved-game")
        })
        .collect();
    let record_said = err.contains("\"moves\":\"4455667\"");
    assert!(
        record_said || kept.iter().any(|e| e.metadata().unwrap().len() > 0),
        "{err}"
    );
}

#[test]
fn a_finished_game_is_no_start_for_play() {
    let (code, out, err) = run_with_input(&["play", "--from", "4141414"], "q\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("already over"), "{err}");
}

#[test]
fn watch_delays_are_bounded() {
    let (code, _, err) = run(&[
        "watch",
        "--red",
        "random",
        "--yellow",
        "random",
        "--delay",
        "18446744073709551615",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("60000"), "{err}");
}

#[test]
fn solve_takes_an_empty_line_for_the_empty_board_and_refuses_white_space() {
    let (code, out, err) = run_with_input(&["solve"], "4453\n\n  \n");
    // As in the reference solver, a line refused leaves an empty line in the output, so that
    // answers stay beside their input lines.
    assert_eq!(out, "4453 -2\n 1\n\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 3") && err.contains("white space"),
        "{err}"
    );
}

#[test]
fn a_file_that_is_no_book_is_not_quoted() {
    let dir = folder("quote");
    let secret = dir.join("secret");
    std::fs::write(&secret, "password=hunter2\nmore\n").unwrap();
    let (code, _, err) = run_with_input(&["solve", "--book", secret.to_str().unwrap()], "4\n");
    assert_eq!(code, 2);
    assert!(err.contains("not a c4 book"), "{err}");
    assert!(
        !err.contains("hunter2") && !err.contains("password"),
        "{err}"
    );
}

/// A Test_L2_R1 position (23 discs): books from it to a few plies more build in a moment.
const ROOT: &str = "52753311433677442422121";

#[test]
fn a_text_book_edited_or_cut_is_refused_when_read() {
    let dir = folder("text-book");
    let book = dir.join("small.book");
    let book_arg = book.to_str().unwrap();
    let (code, _, err) = run(&[
        "book", "build", "--from", ROOT, "--depth", "26", "--out", book_arg, "--table", "20",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&book).unwrap();
    let (code, _, err) = run_with_input(&["solve", "--book", book_arg], ROOT);
    assert_eq!(code, 0, "{err}");
    // One score above the deepest ply changed to another its ply can have.
    let lines: Vec<&str> = text.lines().collect();
    let index = lines
        .iter()
        .position(|l| l.split(' ').next().is_some_and(|m| m.len() == 24))
        .unwrap();
    let (moves, score) = lines[index].rsplit_once(' ').unwrap();
    let changed = if score == "0" { "1" } else { "0" };
    let mut edited = lines.clone();
    let line = format!("{moves} {changed}");
    edited[index] = &line;
    std::fs::write(&book, edited.join("\n") + "\n").unwrap();
    let (code, out, err) = run_with_input(&["solve", "--book", book_arg], ROOT);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("invalid book") && err.contains(": line ") && err.contains("scores"),
        "{err}"
    );
    // Cut at a line boundary.
    let cut = lines[..lines.len() - 3].join("\n") + "\n";
    std::fs::write(&book, cut).unwrap();
    let (code, out, err) = run_with_input(&["solve", "--book", book_arg], ROOT);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("invalid book") && err.contains("incomplete"),
        "{err}"
    );
}

#[test]
fn a_collection_of_scored_positions_reads_as_a_book() {
    // `c4 verify`'s scores are a text book of the greatest depth whose plies need not be
    // complete: read as a book, each entry still checked against the children it holds.
    let dir = folder("collection");
    let book = dir.join("scores.book");
    std::fs::write(
        &book,
        "c4-book 1 depth=41\n4453 -2\n52753311433677442422121 8\n",
    )
    .unwrap();
    let (code, out, err) = run_with_input(&["solve", "--book", book.to_str().unwrap()], "4453\n");
    assert_eq!((code, out.as_str()), (0, "4453 -2\n"), "{err}");
    std::fs::write(&book, "c4-book 1 depth=41\n4453 -2\n44535 1\n").unwrap();
    let (code, _, err) = run_with_input(&["solve", "--book", book.to_str().unwrap()], "4453\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn a_resumed_build_refuses_an_edited_line_and_verify_finds_it() {
    let dir = folder("partial");
    let out = dir.join("b.book");
    let partial = dir.join("b.book.partial");
    // One position of the deepest ply, its score solved here, written as a build writes it.
    let moves = format!("{ROOT}44");
    let game = Game::from_moves(&moves).unwrap();
    let (score, _) = Solver::new(20).solve(game.position()).unwrap();
    let header = format!("c4-book-progress 2 from={ROOT} depth=25");
    let good = checked_line(&moves, score);
    let edited = good.replacen(
        &format!(" {score} "),
        &format!(" {} ", score.value() - 1),
        1,
    );
    assert_ne!(edited, good);
    let build = || {
        run(&[
            "book",
            "build",
            "--from",
            ROOT,
            "--depth",
            "25",
            "--out",
            out.to_str().unwrap(),
            "--table",
            "20",
        ])
    };
    for (lines, bad) in [
        (vec![edited.as_str(), good.as_str()], true),
        (vec![good.as_str()], false),
    ] {
        std::fs::write(&partial, format!("{header}\n{}\n", lines.join("\n"))).unwrap();
        let (code, _, err) = run(&["book", "verify", partial.to_str().unwrap()]);
        assert_eq!(code, if bad { 2 } else { 0 }, "{err}");
        if bad {
            assert!(
                err.contains("line 2") && err.contains("edited or damaged"),
                "{err}"
            );
            let (code, _, err) = build();
            assert_eq!(code, 2, "{err}");
            assert!(
                err.contains("line 2") && err.contains("edited or damaged"),
                "{err}"
            );
        }
    }
    let (code, _, err) = build();
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming: 1 positions"), "{err}");
}

#[test]
fn a_progress_score_the_built_in_book_contradicts_is_refused() {
    // 111111222 scores 0 in the built-in book, so none of its moves can score 3 for the
    // player who made it: the line below, though its check is good, is refused.
    let dir = folder("builtin");
    let partial = dir.join("d10.book.partial");
    let lines = [
        "c4-book-progress 2 from= depth=10".to_owned(),
        checked_line("1111112222", ExactScore::new(-3).unwrap()),
    ];
    std::fs::write(&partial, lines.join("\n") + "\n").unwrap();
    let (code, _, err) = run(&["book", "verify", partial.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds a wrong score"), "{err}");
    let mut command = c4();
    command.args([
        "book",
        "build",
        "--depth",
        "10",
        "--out",
        dir.join("d10.book").to_str().unwrap(),
    ]);
    let (code, _, err) = said(&mut command);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds a wrong score"), "{err}");
}

#[test]
fn a_tune_output_that_cannot_be_written_is_refused_before_the_fit() {
    let dir = folder("tune");
    let (code, out, err) = run(&["tune", "--eval", "center", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("not a regular file"), "{err}");
    assert!(out.is_empty(), "nothing was fitted: {out}");
}
