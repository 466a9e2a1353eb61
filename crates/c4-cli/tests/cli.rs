//! The `c4` binary as a user runs it: stdout, stderr and exit codes.

mod support;

use support::{run, run_with_input};

#[test]
fn show_draws_the_position() {
    let (code, out, err) = run(&["show", "4453"]);
    assert_eq!(code, 0, "{err}");
    // The last move, yellow's c1, in parentheses.
    assert!(out.contains("1 | .  . (O) X  X  .  . |"), "{out}");
    assert!(out.contains("red to move"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when piped");
}

#[test]
fn show_reports_the_winning_line() {
    let (code, out, _) = run(&["show", "4455667"]);
    assert_eq!(code, 0);
    assert!(out.contains("red wins: d1 e1 f1 g1"), "{out}");
}

#[test]
fn show_json_has_the_fields() {
    let (code, out, _) = run(&["show", "--json", "4455667"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "won");
    assert_eq!(v["winner"], "red");
    assert_eq!(
        v["winning_cells"],
        serde_json::json!(["d1", "e1", "f1", "g1"])
    );
    assert_eq!(v["to_move"], serde_json::Value::Null);
    assert_eq!(v["board"][5], "...XXXX");
}

/// Issue 2: each bad position exits 2 with a one-line error naming the problem.
#[test]
fn bad_positions_exit_2_with_one_line() {
    for (moves, needle) in [
        ("44a", "move 3 is the letter 'a'"),
        ("1111111", "move 7 ('1') plays column 1, which is full"),
        ("44556671", "move 8 ('1') comes after the game is over"),
        ("9", "move 1 is '9'"),
        ("  ", "only whitespace"),
    ] {
        let (code, out, err) = run(&["show", moves]);
        assert_eq!(code, 2, "{moves}: {err}");
        assert!(out.is_empty(), "{moves}");
        assert_eq!(err.lines().count(), 1, "{moves}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{moves}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["frobnicate"]).0, 2);
    assert_eq!(run(&["show", "--nonsense"]).0, 2);
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("show"));
    let (code, out, _) = run(&["help", "show"]);
    assert_eq!(code, 0);
    assert!(out.contains("--json"));
}

#[test]
fn best_json_has_the_statistics() {
    let (code, out, err) = run(&[
        "best",
        "--json",
        "--ai",
        "alphabeta:depth=4,eval=center",
        "4453",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["column", "score", "depth", "nodes", "time_ms", "pv"] {
        assert!(v.get(key).is_some(), "missing {key}: {out}");
    }
    let column = v["column"].as_u64().unwrap();
    assert!((1..=7).contains(&column));
    assert_eq!(v["pv"][0].as_u64().unwrap(), column);
    assert_eq!(v["depth"], 4);
}

#[test]
fn best_takes_a_win_in_one() {
    // Red has d1 e1 f1; g1 or c1 wins.
    let (code, out, _) = run(&["best", "--ai", "alphabeta:depth=2,eval=center", "445566"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("best column 3") || out.contains("best column 7"),
        "{out}"
    );
}

#[test]
fn perfect_player_plays_optimally() {
    // From the reference set (Middle-Easy): the perfect move keeps the position's score.
    // No time limit, so a loaded machine cannot turn this into the engine's fallback.
    let (code, out, err) = run(&[
        "best",
        "--json",
        "--ai",
        "perfect:table=20",
        "5554224333234511764415115",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact"], true);
    assert_eq!(
        v["score"], 4,
        "Test_L2_R1 scores 5554224333234511764415115 as 4"
    );
}

#[test]
fn bad_specs_and_finished_games_are_errors() {
    let (code, _, err) = run(&["best", "--ai", "alphabeta:depth=99", "44"]);
    assert_eq!(code, 2);
    assert!(err.contains("out of range"), "{err}");
    let (code, _, err) = run(&["best", "4455667"]);
    assert_eq!(code, 2);
    assert!(err.contains("game is over"), "{err}");
    let (code, _, err) = run(&["eval", "--eval", "kang:features=9", "44"]);
    assert_eq!(code, 2);
    assert!(err.contains("features=9"), "{err}");
}

#[test]
fn eval_prints_a_breakdown() {
    let (code, out, _) = run(&["eval", "--eval", "kang", "443355"]);
    assert_eq!(code, 0);
    assert!(out.contains("f2 three, both sides available"), "{out}");
    // The values column sums to the total row, which is the score.
    let values: Vec<i64> = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("term"))
        .skip(1)
        .map(|l| l.split_whitespace().last().unwrap().parse().unwrap())
        .collect();
    let (total, terms) = values.split_last().unwrap();
    assert_eq!(terms.iter().sum::<i64>(), *total, "{out}");
    assert!(terms.iter().any(|&v| v != 0), "{out}");
    let (code, out, _) = run(&["eval", "--json", "--eval", "center:sides=own", "443"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 10, "yellow to move owns d2 (10)");
}

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

#[test]
fn evals_lists_every_registry_entry() {
    let (code, out, _) = run(&["evals"]);
    assert_eq!(code, 0);
    for name in [
        "kang",
        "center",
        "corners",
        "naive",
        "connected",
        "lines",
        "itu",
        "threats",
        "zero",
        "easy",
        "perfect",
    ] {
        assert!(out.contains(name), "{name}");
    }
}

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
    let middle_games: Vec<&str> = include_str!("../../../data/positions/Test_L2_R1")
        .lines()
        .take(3)
        .map(|l| l.split(' ').next().unwrap())
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

/// Issue 5: every experiment end to end in its quick form, then rebuilt from its files.
#[test]
fn every_experiment_runs_quick_and_rebuilds_from_its_games() {
    let dir = std::env::temp_dir().join(format!("c4-cli-experiments-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let (code, stdout, err) = run(&["experiment", "all", "--quick", "--out", out]);
    assert_eq!(code, 0, "{err}");
    let (_, list, _) = run(&["experiment", "list"]);
    let names: Vec<&str> = list
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert!(names.len() >= 8, "{list}");
    for name in &names {
        let folder = dir.join(name);
        let report = std::fs::read_to_string(folder.join("report.md"))
            .unwrap_or_else(|_| panic!("{name} report"));
        let compared = report.contains("paper: P1 wins %")
            || report.contains("optimal % [95% CI]")
            || report.contains("Elo")
            || report.contains("mean nodes per move")
            || report.contains("Mistake % (not optimal %)");
        assert!(compared && report.contains("## Reading"), "{name}");
        let svgs = std::fs::read_dir(&folder)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "svg")
            })
            .count();
        assert!(svgs >= 1, "{name} has a plot");
        assert!(stdout.contains(&format!("{name}: ")), "{stdout}");
        // The report rebuilds from the saved games alone.
        std::fs::remove_file(folder.join("report.md")).unwrap();
        let (code, out, err) = run(&["report", folder.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("rebuilt"));
        assert!(folder.join("report.md").exists());
    }
    // A second run resumes: nothing left to play, same report.
    let (code, _, err) = run(&[
        "experiment",
        "ayoub-depth",
        "--quick",
        "--out",
        dir.join("ayoub-depth").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let games = std::fs::read_to_string(dir.join("ayoub-depth/games/table7.jsonl")).unwrap();
    assert_eq!(
        games.lines().count(),
        6 * 4,
        "6 rows x 4 quick games, none replayed"
    );
    // The tuning run resumes from its dataset, fits and games, and its weights are specs.
    let tuning = dir.join("tuning");
    let report = std::fs::read_to_string(tuning.join("report.md")).unwrap();
    let (code, _, err) = run(&[
        "experiment",
        "tuning",
        "--quick",
        "--out",
        tuning.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(tuning.join("report.md")).unwrap(),
        report
    );
    let matches = std::fs::read_to_string(tuning.join("games/tuning.jsonl")).unwrap();
    assert_eq!(
        matches.lines().count(),
        6 * 2 * 4,
        "6 evaluators x 2 depths x 4"
    );
    let params = tuning.join("tuned/corners.params");
    let spec = format!("alphabeta:depth=2,eval=corners:params={}", params.display());
    let (code, _, err) = run(&["best", "--ai", &spec, "44"]);
    assert_eq!(code, 0, "{err}");
    // Another seed in the same folder is refused rather than mixed in.
    let (code, _, err) = run(&[
        "experiment",
        "ayoub-depth",
        "--quick",
        "--seed",
        "9",
        "--out",
        dir.join("ayoub-depth").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("seed"), "{err}");
    assert_eq!(run(&["experiment", "nonsense"]).0, 2);
    assert_eq!(run(&["report", "/nonexistent"]).0, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `c4 serve` on a free loopback port with `options`: the process, its stderr after the
/// first line, and the address that line names.
fn start_server(
    options: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("c4"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(options)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    // "c4 serving http://127.0.0.1:PORT/ (...)"
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    (child, stderr, addr)
}

#[test]
fn serve_answers_and_stops_gracefully_on_ctrl_c() {
    use std::io::{Read, Write};
    let (mut child, mut stderr, addr) = start_server(&["--max-searches", "1"]);
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"max_searches\":1"), "{response}");

    // A second server on the same port is refused with a clear error.
    let (code, _, err) = run(&["serve", "--addr", &addr]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot listen on"), "{err}");

    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status}: {rest}");
    assert!(rest.contains("GET /healthz 200"), "request log: {rest}");
    assert!(rest.contains("shutting down"), "{rest}");
}

#[test]
fn serve_bounds_slow_clients_and_connections_and_drains_on_sigterm() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    let (mut child, mut stderr, addr) = start_server(&[
        "--max-connections",
        "3",
        "--client-timeout",
        "1",
        "--quiet",
        "--max-searches",
        "1",
        "--time-cap",
        "600000",
    ]);
    let connect = || {
        let stream = TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream
    };
    let read_all = |mut stream: TcpStream| {
        let mut response = String::new();
        stream.read_to_string(&mut response).ok();
        response
    };

    // A half-sent header is closed after the client timeout, not held open.
    let mut slow = connect();
    write!(slow, "GET /healthz HTTP/1.1\r\nHo").unwrap();
    let started = Instant::now();
    let answer = read_all(slow);
    assert!(!answer.contains("200 OK"), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );

    // A body declared as 1 GB is refused before it is sent.
    let mut big = connect();
    write!(
        big,
        "POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: 1000000000\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let answer = read_all(big);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");

    // Over the connection cap: 503 at once, once the server has taken the held connections
    // (on a loaded machine that can take more than a moment).
    let held: Vec<TcpStream> = (0..3).map(|_| connect()).collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    let answer = loop {
        std::thread::sleep(Duration::from_millis(200));
        let mut over = connect();
        write!(over, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let answer = read_all(over);
        if answer.starts_with("HTTP/1.1 503") || Instant::now() > deadline {
            break answer;
        }
    };
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    drop(held);
    std::thread::sleep(Duration::from_millis(200));

    // A client that goes away cancels its search: the one search slot is free again long
    // before the search's ten-minute cap.
    let post = |body: &str| {
        let mut stream = connect();
        write!(
            stream,
            "POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        stream
    };
    let endless = post(r#"{"moves": "", "ai": "minimax:depth=20,eval=kang"}"#);
    std::thread::sleep(Duration::from_millis(300));
    drop(endless);
    let gone = Instant::now();
    loop {
        let answer = read_all(post(r#"{"moves": "4453", "ai": "easy"}"#));
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
        assert!(
            gone.elapsed() < Duration::from_secs(60),
            "the slot stays held"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    // SIGTERM with a search in flight: the search is answered, then the server exits 0.
    let searching = post(r#"{"moves": "", "ai": "alphabeta:depth=9,eval=kang"}"#);
    std::thread::sleep(Duration::from_millis(300));
    let terminated = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(terminated.success());
    let answer = read_all(searching);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let status = child.wait().unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status}: {rest}");
    assert!(rest.contains("terminated: shutting down"), "{rest}");
}

#[test]
fn bench_commands_report_their_figures() {
    let (code, out, err) = run(&["bench", "solver", "--signature"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("bench signature: "), "{out}");
    let (code, out, err) = run(&[
        "bench",
        "analysis",
        "--positions",
        "4",
        "--plies",
        "30-34",
        "--time-ms",
        "200",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("every column exact: 4 (100.0%)"), "{out}");
    let (code, out, err) = run(&[
        "bench",
        "player",
        "--ai",
        "easy",
        "--positions",
        "5",
        "--plies",
        "2-6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 random positions of plies 2-6"), "{out}");
    let (code, _, err) = run(&["bench", "player", "--plies", "9-3"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected A-B"), "{err}");
}

#[test]
fn serve_rejects_bad_options() {
    let (code, _, err) = run(&["serve", "--addr", "nowhere"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'nowhere'"), "{err}");
    let (code, _, err) = run(&["serve", "--time-cap", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time-cap"), "{err}");
}

#[test]
fn book_build_solve_resume_and_the_perfect_player() {
    // A Test_L2_R1 position (23 discs) and four plies more: a small book that builds fast.
    const ROOT: &str = "52753311433677442422121";
    let dir = std::env::temp_dir().join(format!("c4-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("small.book");
    let book_arg = book.to_str().unwrap();
    let build = |extra: &[&str]| {
        let mut args = vec![
            "book", "build", "--from", ROOT, "--depth", "27", "--out", book_arg,
        ];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--table", "20"]);
        run(&args)
    };
    let (code, _, err) = build(&["--threads", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote"), "{err}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(text.starts_with("c4-book 1 depth=27\n"));
    let entries: Vec<&str> = text.lines().skip(1).collect();
    assert!(entries.len() > 100, "{} entries", entries.len());
    assert!(!dir.join("small.book.partial").exists());

    // Every entry is what the solver says without the book.
    let body = entries.join("\n");
    let (code, solved, _) = run_with_input(&["solve"], &body);
    assert_eq!(code, 0);
    assert_eq!(solved.lines().collect::<Vec<_>>(), entries);
    // With the book the root is answered at once, with the same score.
    let (_, with_book, _) = run_with_input(&["solve", "--stats", "--book", book_arg], ROOT);
    let fields: Vec<&str> = with_book.split_whitespace().collect();
    assert_eq!(fields[1], entries[0].split(' ').nth(1).unwrap());
    assert_eq!(fields[2], "0", "nodes with the book: {with_book}");

    // An interrupted build resumes: half the lines and a cut line are kept in the partial file.
    let partial = dir.join("small.book.partial");
    let deepest: Vec<&str> = entries
        .iter()
        .rev()
        .take(entries.len() / 2)
        .copied()
        .collect();
    let mut content = format!("c4-book-progress 1 from={ROOT} depth=27\n");
    for line in &deepest {
        content.push_str(line);
        content.push('\n');
    }
    content.push_str("5275331143367744242212112 "); // cut short by the interruption
    std::fs::write(&partial, content).unwrap();
    std::fs::remove_file(&book).unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("resuming: {} positions", deepest.len())),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&book).unwrap(), text);
    // A finished build is recognised, not built again.
    let (code, _, err) = build(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("finished already"), "{err}");
    // The binary format holds the same book: import, export and describe.
    let binary = dir.join("small.c4book");
    let binary_arg = binary.to_str().unwrap();
    let (code, _, err) = run(&["book", "import", book_arg, "--out", binary_arg]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::metadata(&binary).unwrap().len(),
        24 + 8 * entries.len() as u64
    );
    // Exported, the binary book reads as the same positions and scores (each under a game
    // that reaches it: a binary book keeps positions, not the moves of the build).
    let exported = dir.join("exported.book");
    let (code, _, err) = run(&[
        "book",
        "export",
        binary_arg,
        "--out",
        exported.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let exported_text = std::fs::read_to_string(&exported).unwrap();
    assert_eq!(exported_text.lines().count(), text.lines().count());
    let again = dir.join("again.c4book");
    let (code, _, err) = run(&[
        "book",
        "import",
        exported.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read(&again).unwrap(),
        std::fs::read(&binary).unwrap()
    );
    let (code, info, _) = run(&["book", "info", binary_arg]);
    assert_eq!(code, 0);
    assert!(info.contains("depth: 27"), "{info}");
    assert!(
        info.contains(&format!("positions: {}", entries.len())),
        "{info}"
    );
    // A wrong score in a partial file stops the build, naming the line.
    std::fs::remove_file(&book).unwrap();
    std::fs::write(
        &partial,
        format!(
            "c4-book-progress 1 from={ROOT} depth=27
{ROOT}1 19
"
        ),
    )
    .unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2") && err.contains("outside"), "{err}");
    // A partial file of another book is not mixed in.
    std::fs::write(&partial, "c4-book-progress 1 from= depth=3\n").unwrap();
    let (code, _, err) = build(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("was written for something else"), "{err}");
    std::fs::remove_file(&partial).unwrap();

    // The perfect player uses the book: an exact move with no search at the root.
    let spec = format!("perfect:book={binary_arg}");
    let (code, out, err) = run(&["best", "--json", "--ai", &spec, ROOT]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exact"], true);

    // Broken books are refused with the reason.
    let broken = dir.join("broken.book");
    std::fs::write(&broken, "c4-book 1 depth=27\n44 x\n").unwrap();
    let (code, _, err) = run_with_input(&["solve", "--book", broken.to_str().unwrap()], "4");
    assert_eq!(code, 2);
    assert!(err.contains("line 2"), "{err}");
    let (code, _, err) = run(&["best", "--ai", "perfect:book=/no/such/book", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the book /no/such/book"), "{err}");
    let (code, _, err) = run(&["best", "--ai", "perfect:book=/dev/zero", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a regular file"), "{err}");
    let (code, _, err) = run(&[
        "book", "build", "--depth", "2", "--from", "4444", "--out", book_arg,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("shallower"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_option_tables_in_docs_are_c4_evals_markdown() {
    let (code, tables, _) = run(&["evals", "--markdown"]);
    assert_eq!(code, 0);
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/players.md"
    ))
    .unwrap();
    let start = readme.find("<!-- c4 evals --markdown -->\n").unwrap();
    let end = readme.find("<!-- end of c4 evals --markdown -->").unwrap();
    let block = &readme[start + "<!-- c4 evals --markdown -->\n".len()..end];
    assert_eq!(
        block, tables,
        "docs/players.md's option tables differ from `c4 evals --markdown`: paste its output"
    );
}

#[test]
fn dataset_build_then_tune_writes_a_parameter_file_that_specs_accept() {
    let dir = std::env::temp_dir().join(format!("c4-cli-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.jsonl");
    let data_arg = data.to_str().unwrap();
    let build = [
        "dataset",
        "build",
        "--positions",
        "40",
        "--plies",
        "20-34",
        "--seed",
        "3",
        "--out",
        data_arg,
        "--threads",
        "2",
        "--table",
        "20",
    ];
    let (code, _, err) = run(&build);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote 40 positions"), "{err}");
    assert_eq!(std::fs::read_to_string(&data).unwrap().lines().count(), 40);
    assert!(!dir.join("data.jsonl.partial").exists());
    let (code, _, err) = run(&build);
    assert_eq!(code, 2);
    assert!(err.contains("exists"), "{err}");

    let params = dir.join("threats.params");
    let (code, out, err) = run(&[
        "tune",
        "--eval",
        "threats",
        "--params",
        "threat,line3",
        "--data",
        data_arg,
        "--max-passes",
        "3",
        "--out",
        params.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("validation loss"), "{out}");
    let text = std::fs::read_to_string(&params).unwrap();
    assert!(
        text.starts_with("# threats weights fitted by c4 tune (texel)"),
        "{text}"
    );
    assert!(text.contains("\neval=threats\n"), "{text}");
    let spec = format!("alphabeta:depth=2,eval=threats:params={}", params.display());
    let (code, out, err) = run(&["best", "4453", "--ai", &spec, "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let canonical = json["ai"].as_str().unwrap();
    assert!(
        !canonical.contains("params"),
        "the canonical spec spells the weights: {canonical}"
    );
    // The canonical spec spells the file's weights, so it plays the same without the file.
    let (_, again, _) = run(&["best", "4453", "--ai", canonical, "--json"]);
    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["ai"], json["ai"]);

    for (bad, message) in [
        ("eval=kang:params=PARAMS", "holds parameters of threats"),
        ("eval=threats:params=/no/such/file", "params=/no/such/file"),
        ("eval=threats:weights=1", "NAME:params=FILE"),
    ] {
        let spec = format!(
            "alphabeta:depth=2,{}",
            bad.replace("PARAMS", params.to_str().unwrap())
        );
        let (code, _, err) = run(&["best", "4453", "--ai", &spec]);
        assert_eq!(code, 2, "{spec}");
        assert!(err.contains(message), "{spec}: {err}");
    }
    let (code, _, err) = run(&["tune", "--eval", "zero", "--data", data_arg]);
    assert_eq!(code, 2);
    assert!(err.contains("no tunable weights"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_gives_every_column_in_the_score_language() {
    let (code, out, err) = run(&["analyze", "4453"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("red to move; each column for red (all exact)"),
        "{out}"
    );
    assert!(
        out.contains("  3 (c)  exact      loss in 18 moves (-2)"),
        "{out}"
    );
    let (code, out, _) = run(&["analyze", "--json", "--time-ms", "50", "4453"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["columns"].as_array().unwrap().len(), 7);
    assert_eq!(v["to_move"], "red");
    let (code, _, err) = run(&["analyze", "4444444"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: invalid position"), "{err}");
    let (code, _, err) = run(&["analyze", "445566", "--time-ms", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn review_judges_a_game_given_by_moves_or_by_a_run() {
    let (code, out, err) = run(&["review", "44551"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "  3. red      5 (e)  mistake     loss in 19 moves (-2); best 4 (win in 20 moves (+1))"
        ),
        "{out}"
    );
    assert!(
        out.contains("red: 1 optimal, 0 inaccurate, 2 mistakes"),
        "{out}"
    );

    // A run whose games start from random openings: the openings are not judged, and its
    // games feed a dataset too (the records' moves hold the opening).
    let dir = std::env::temp_dir().join(format!("c4-cli-review-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let out_dir = dir.to_str().unwrap();
    let (code, _, err) = run(&[
        "match",
        "--a",
        "easy",
        "--b",
        "easy",
        "--games",
        "4",
        "--random-openings",
        "4",
        "--out",
        out_dir,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["review", out_dir]);
    assert_eq!(code, 2);
    assert!(
        err.contains("holds 4 games: choose one with --game-index N"),
        "{err}"
    );
    let (code, out, err) = run(&["review", out_dir, "--game-index", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let review: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(review["opening"], 4);
    assert_eq!(review["reviewed"][0]["ply"], 4);
    let data = dir.join("positions.jsonl");
    let (code, _, err) = run(&[
        "dataset",
        "build",
        "--positions",
        "4",
        "--seed",
        "1",
        "--from-games",
        out_dir,
        "--out",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();

    let (code, _, err) = run(&["review", "no-such-file.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("neither a file nor a move string"), "{err}");
}
