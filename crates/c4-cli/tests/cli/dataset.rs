//! `c4 dataset build --player`: games of named players (the network's self-play) instead of
//! the built-in pool, the players in the work log's header.

use crate::support::run;

const SELF_PLAY: &str = "alphabeta:depth=2,eval=ntuple,tiebreak=random,random-every=6";

#[test]
fn dataset_build_plays_the_named_players_and_refuses_a_resume_with_others() {
    let dir = std::env::temp_dir().join(format!("c4-cli-dataset-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.jsonl");
    let data_arg = data.to_str().unwrap();
    let build = |players: &[&str], positions: &str| {
        let mut args = vec![
            "dataset",
            "build",
            "--positions",
            positions,
            "--plies",
            "4-36",
            "--per-game",
            "4",
            "--seed",
            "7",
            "--out",
            data_arg,
            "--threads",
            "2",
            "--table",
            "20",
        ];
        for player in players {
            args.extend(["--player", player]);
        }
        run(&args)
    };

    let (code, _, err) = build(&["alphabeta:depth=x", SELF_PLAY], "20");
    assert_eq!(code, 2);
    assert!(err.contains("player alphabeta:depth=x"), "{err}");
    assert!(
        !dir.join("data.jsonl.partial").exists(),
        "refused before any work"
    );

    let (code, _, err) = build(&[SELF_PLAY, SELF_PLAY, "random"], "20");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 20 positions"), "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    let plies: Vec<usize> = text
        .lines()
        .map(|line| {
            let sample: serde_json::Value = serde_json::from_str(line).unwrap();
            sample["moves"].as_str().unwrap().len()
        })
        .collect();
    assert!(plies.iter().all(|p| (4..=36).contains(p)), "{plies:?}");
    // Spread over the games' plies (how late they reach depends on how the players play).
    let distinct: std::collections::BTreeSet<_> = plies.iter().collect();
    assert!(distinct.len() >= 5, "{plies:?}");

    // The same seed with the built-in pool plays other games.
    let pool = dir.join("pool.jsonl");
    let (code, _, err) = run(&[
        "dataset",
        "build",
        "--positions",
        "20",
        "--plies",
        "4-36",
        "--per-game",
        "4",
        "--seed",
        "7",
        "--out",
        pool.to_str().unwrap(),
        "--threads",
        "2",
        "--table",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_ne!(std::fs::read_to_string(&pool).unwrap(), text);

    // A work log of other players is refused, naming them.
    std::fs::remove_file(&data).unwrap();
    let partial = dir.join("data.jsonl.partial");
    std::fs::write(
        &partial,
        "c4-dataset-work 1 seed=7 plies=4-36 per-game=4 valid=10% source=players:random\n",
    )
    .unwrap();
    let (code, _, err) = build(&[SELF_PLAY], "20");
    assert_eq!(code, 2);
    assert!(err.contains("source=players:random"), "{err}");
    assert!(err.contains(SELF_PLAY), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `c4 dataset grade --reference`: any player on the six reference sets, one row each.
#[test]
fn dataset_grade_reference_grades_players_on_the_six_sets() {
    let (code, out, err) = run(&[
        "dataset",
        "grade",
        "--reference",
        "--first",
        "3",
        "--player",
        "perfect",
        "--player",
        "random",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert!(rows[0].contains("Begin-Hard 3"), "{out}");
    let header: Vec<&str> = rows[1].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "player",
            "Begin-Easy",
            "Middle-Easy",
            "End-Easy",
            "Begin-Medium",
            "Middle-Medium",
            "Begin-Hard",
            "mean"
        ],
        "{out}"
    );
    let perfect: Vec<&str> = rows[2].split_whitespace().collect();
    assert_eq!(
        perfect,
        ["perfect", "0.0", "0.0", "0.0", "0.0", "0.0", "0.0", "0.00"],
        "{out}"
    );
    let random: Vec<&str> = rows[3].split_whitespace().collect();
    assert_eq!(random[0], "random", "{out}");
    assert!(random[7].parse::<f64>().unwrap() > 0.0, "{out}");

    for (extra, message) in [
        (vec!["--data", "x.jsonl"], "cannot be used with"),
        (vec!["--split", "valid"], "cannot be used with"),
    ] {
        let mut args = vec!["dataset", "grade", "--reference", "--player", "easy"];
        args.extend(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2);
        assert!(err.contains(message), "{err}");
    }
    let (code, _, err) = run(&["dataset", "grade", "--player", "easy"]);
    assert_eq!(code, 2);
    assert!(err.contains("--data"), "{err}");
}

/// `c4 dataset build --size`: positions of another board, labelled by its solver, each
/// naming its board; a player bound to 7x6, a resume on another board and games of another
/// board refused, naming both.
#[test]
fn dataset_build_on_another_board_records_it_and_refuses_what_does_not_fit() {
    let dir = std::env::temp_dir().join(format!("c4-cli-dataset-size-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("small.jsonl");
    let build = |out: &std::path::Path, positions: &str, more: &[&str]| {
        let mut args = vec![
            "dataset",
            "build",
            "--positions",
            positions,
            "--plies",
            "2-14",
            "--seed",
            "4",
            "--out",
            out.to_str().unwrap(),
            "--threads",
            "2",
            "--table",
            "19",
        ];
        args.extend_from_slice(more);
        run(&args)
    };

    let (code, _, err) = build(
        &data,
        "30",
        &["--size", "5x4", "--player", "alphabeta:depth=2,eval=kang"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("5x4") && err.contains("7x6"), "{err}");
    assert!(
        !dir.join("small.jsonl.partial").exists(),
        "refused before any work"
    );

    let (code, _, err) = build(&data, "30", &["--size", "5x4"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 30 positions"), "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    assert_eq!(text.lines().count(), 30);
    for line in text.lines() {
        let sample: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(sample["size"], "5x4", "{line}");
        assert_eq!(sample["columns"].as_array().unwrap().len(), 5, "{line}");
        let moves = sample["moves"].as_str().unwrap();
        assert!((2..=14).contains(&moves.len()), "{line}");
        assert!(moves.bytes().all(|c| (b'1'..=b'5').contains(&c)), "{line}");
    }

    // An interrupted 5x4 build resumed on 7x6.
    let resumed = dir.join("resumed.jsonl");
    std::fs::write(
        dir.join("resumed.jsonl.partial"),
        "c4-dataset-work 1 size=5x4 seed=4 plies=2-14 per-game=2 valid=10% source=generated\n",
    )
    .unwrap();
    let (code, _, err) = build(&resumed, "30", &[]);
    assert_eq!(code, 2);
    assert!(err.contains("a build on the 5x4 board, not 7x6"), "{err}");

    // The games of a 5x4 run: their board, not another.
    let games = dir.join("run");
    let (code, _, err) = run(&[
        "match",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "random",
        "--size",
        "5x4",
        "--games",
        "6",
        "--threads",
        "1",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let from_games = ["--from-games", games.to_str().unwrap()];
    let (code, _, err) = build(
        &dir.join("other.jsonl"),
        "4",
        &[&from_games[..], &["--size", "6x5"]].concat(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("is of the 5x4 board, not 6x5"), "{err}");
    let recorded = dir.join("recorded.jsonl");
    let (code, _, err) = build(&recorded, "4", &from_games);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&recorded).unwrap();
    assert!(
        text.lines().all(|l| l.starts_with(r#"{"size":"5x4","#)),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--from-games` reads a games file whole: a line that is not a game record, the last
/// included, is refused naming it; and a build's default plies follow the board.
#[test]
fn recorded_games_are_read_whole_and_the_default_plies_follow_the_board() {
    let dir = std::env::temp_dir().join(format!("c4-cli-dataset-whole-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let games = dir.join("run");
    let (code, _, err) = run(&[
        "match",
        "--a",
        "random",
        "--b",
        "random",
        "--size",
        "5x4",
        "--games",
        "3",
        "--threads",
        "1",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let file = games.join("games.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let first = text.lines().next().unwrap().to_owned();
    let out = dir.join("data.jsonl");
    for (edited, says) in [
        (format!("{text}garbage\n"), "line 4 does not parse"),
        (
            text.replacen(r#""size":"5x4""#, r#""size":null"#, 1),
            "line 1 does not parse",
        ),
        (
            format!("{first}\n").replacen(r#""winner":""#, r#""winner":"green","was":""#, 1),
            "line 1 does not parse",
        ),
    ] {
        std::fs::write(&file, &edited).unwrap();
        let (code, _, err) = run(&[
            "dataset",
            "build",
            "--from-games",
            games.to_str().unwrap(),
            "--positions",
            "2",
            "--seed",
            "1",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{edited}: {err}");
        assert!(!out.exists());
    }
    let (code, _, err) = run(&[
        "dataset",
        "build",
        "--size",
        "4x4",
        "--positions",
        "5",
        "--seed",
        "1",
        "--threads",
        "1",
        "--table",
        "20",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
