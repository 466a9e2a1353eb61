//! `c4 match`, `c4 tournament` and `c4 verify` on run folders: games and summaries written,
//! runs resumed and checked, bad input refused.

use crate::support::{run, run_with_input};

#[test]
fn match_writes_games_and_summaries_and_resumes() {
    let dir = std::env::temp_dir().join(format!("c4-cli-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let args = [
        "match",
        "--a",
        "alphabeta:depth=2,eval=center",
        "--b",
        "random",
        "--games",
        "12",
        "--seed",
        "3",
        "--out",
        out,
    ];
    let (code, stdout, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("A score") && stdout.contains("Elo") && stdout.contains("as first"),
        "{stdout}"
    );
    assert!(err.contains("seed 3"), "the seed is printed: {err}");
    let games = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 12);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["games"], 12);
    assert!(
        std::fs::read_to_string(dir.join("summary.csv"))
            .unwrap()
            .starts_with("a,b,")
    );
    // Running again without --resume refuses to overwrite; with it, nothing is left to play.
    assert_eq!(run(&args).0, 2);
    let mut resume = args.to_vec();
    resume.push("--resume");
    let (code, _, err) = run(&resume);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("12 of 12 games already played"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("games.jsonl"))
            .unwrap()
            .lines()
            .count(),
        12
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verify_checks_every_move_against_the_solver_and_resumes() {
    let dir = std::env::temp_dir().join(format!("c4-cli-verify-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    let middle_games: Vec<String> = c4_solver::reference_positions::set("Test_L2_R1")
        .expect("a set c4 ships")
        .into_iter()
        .take(3)
        .map(|scored| scored.moves)
        .collect();
    std::fs::write(&openings, middle_games.join("\n")).unwrap();
    let run_dir = dir.join("run");
    let (code, _, err) = run(&[
        "match",
        "--a",
        "perfect",
        "--b",
        "random",
        "--openings",
        openings.to_str().unwrap(),
        "--games",
        "6",
        "--out",
        run_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let verify = |extra: &[&str]| {
        let mut args = vec!["verify", run_dir.to_str().unwrap(), "--threads", "1"];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, out, err) = verify(&[]);
    assert_eq!(code, 0, "{err}");
    // The perfect player's every move is optimal; the random one's are not all.
    assert!(
        out.contains("A (perfect") && out.contains("every move optimal in 6 of 6 games"),
        "{out}"
    );
    assert!(out.contains("B (random): "), "{out}");
    assert!(out.contains("moves short of optimal ("), "{out}");
    assert!(err.contains("positions to solve (0 known"), "{err}");
    let scores = run_dir.join("verified-positions.book");
    let text = std::fs::read_to_string(&scores).unwrap();
    assert!(text.starts_with("c4-book 1 depth=41\n"), "{text}");
    // The scores are a book c4 solve reads.
    let entry = text.lines().nth(1).unwrap();
    let moves = entry.split(' ').next().unwrap();
    let (code, solved, err) = run_with_input(
        &["solve", "--book", scores.to_str().unwrap()],
        &format!("{moves}\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(solved.trim(), entry);

    // A second check solves nothing; a line cut short by an interruption is solved again.
    let (code, again, err) = verify(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(" 0 positions to solve"), "{err}");
    assert_eq!(again, out);
    std::fs::write(&scores, &text[..text.len() - 3]).unwrap();
    let (code, again, err) = verify(&[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    assert!(err.contains(" 1 positions to solve"), "{err}");
    assert_eq!(std::fs::read_to_string(&scores).unwrap(), text);

    // The same verdict as JSON, every mistake listed.
    let (code, json, err) = verify(&["--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["games"], 6);
    let perfect = &json["players"][0];
    assert_eq!(perfect["optimal"], perfect["moves"]);
    assert_eq!(perfect["perfect_games"], 6);
    let mistakes = json["mistakes"].as_array().unwrap();
    assert!(!mistakes.is_empty());
    assert!(mistakes.iter().all(|m| m["player"] == "B"
        && m["score"].as_i64() < m["best"].as_i64()
        && (1..=7).contains(&m["column"].as_i64().unwrap())));

    // Only from a ply on: fewer moves checked.
    let (code, later, err) = verify(&["--from-ply", "30"]);
    assert_eq!(code, 0, "{err}");
    assert_ne!(later, out);

    // Bad input: a clear error and exit 2.
    std::fs::write(dir.join("other.txt"), "hello\n1 2\n").unwrap();
    let (code, _, err) = verify(&["--scores", dir.join("other.txt").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("was written for something else"), "{err}");
    let (code, _, err) = run(&["verify", dir.join("missing").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is not a games file or a run folder"), "{err}");
    std::fs::write(dir.join("broken.jsonl"), "{\"game\": 1}\n{}\n").unwrap();
    let (code, _, err) = run(&["verify", dir.join("broken.jsonl").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_run_must_be_the_same_run_and_its_file_is_checked() {
    let dir = std::env::temp_dir().join(format!("c4-cli-resume-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out = dir.to_str().unwrap();
    let play = |extra: &[&str]| {
        let mut args = vec!["match", "--a", "random", "--b", "easy", "--threads", "2"];
        args.extend_from_slice(&["--out", out]);
        args.extend_from_slice(extra);
        if !extra.contains(&"--games") {
            args.extend_from_slice(&["--games", "10"]);
        }
        run(&args)
    };
    let (code, _, err) = play(&[]);
    assert_eq!(code, 0, "{err}");
    let games = dir.join("games.jsonl");
    let original = std::fs::read_to_string(&games).unwrap();

    // Another seed, colour rule or opening rule is another run.
    let (code, _, err) = play(&[
        "--resume",
        "--seed",
        "7",
        "--first",
        "a",
        "--random-openings",
        "2",
    ]);
    assert_eq!(code, 2);
    for needle in [
        "--seed: the run has 1, this command asks for 7",
        "--first",
        "openings",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    // A second writer is kept out while the first holds the folder.
    let held = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("run.lock"))
        .unwrap();
    held.try_lock().unwrap();
    let (code, _, err) = play(&["--resume"]);
    assert_eq!(code, 2);
    assert!(err.contains("another c4 run is writing"), "{err}");
    drop(held);

    // A game listed twice is an error naming both lines.
    let first_line = original.lines().next().unwrap();
    std::fs::write(&games, format!("{original}{first_line}\n")).unwrap();
    let (code, _, err) = play(&["--resume"]);
    assert_eq!(code, 2);
    assert!(err.contains("is on lines 1 and 11"), "{err}");
    // A result edited by hand is recomputed from the moves; a complete last line without
    // its newline is kept.
    let record: serde_json::Value = serde_json::from_str(first_line).unwrap();
    let edited_result = if record["result"] == "draw" {
        "win"
    } else {
        "draw"
    };
    let edited = original.replacen(
        &format!("\"result\":{}", record["result"]),
        &format!("\"result\":\"{edited_result}\""),
        1,
    );
    std::fs::write(&games, edited.trim_end()).unwrap();
    let (code, out, err) = play(&["--resume", "--games", "12"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("10 of 12 games already played"), "{err}");
    assert!(err.contains("does not follow from its moves"), "{err}");
    assert!(out.contains("games 12"), "{out}");
    let text = std::fs::read_to_string(&games).unwrap();
    assert_eq!(text.lines().count(), 12);
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_and_tournament_reject_bad_input() {
    assert_eq!(run(&["match", "--a", "nope", "--b", "random"]).0, 2);
    assert_eq!(
        run(&["match", "--a", "random", "--b", "random", "--sprt", "5,1"]).0,
        2
    );
    assert_eq!(
        run(&["match", "--a", "random", "--b", "random", "--games", "0"]).0,
        2
    );
    assert_eq!(
        run(&[
            "match",
            "--a",
            "random",
            "--b",
            "random",
            "--openings",
            "/nonexistent/file"
        ])
        .0,
        2
    );
    assert_eq!(run(&["tournament", "--player", "x=random"]).0, 2);
    assert_eq!(
        run(&["tournament", "--player", "x=random", "--player", "x=random"]).0,
        2
    );
    assert_eq!(
        run(&["tournament", "--player", "random", "--player", "y=random"]).0,
        2
    );
}

#[test]
fn tournament_ranks_the_players() {
    let (code, out, err) = run(&[
        "tournament",
        "--player",
        "strong=alphabeta:depth=4,eval=threats",
        "--player",
        "weak=random",
        "--player",
        "mid=alphabeta:depth=1,eval=center",
        "--games",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    let ranking: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .skip(1)
        .collect();
    assert!(
        ranking[0].contains("strong") && ranking[2].contains("weak"),
        "{out}"
    );
}
