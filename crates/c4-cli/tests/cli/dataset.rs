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
    assert!(plies.iter().any(|&p| p > 30), "{plies:?}");

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
