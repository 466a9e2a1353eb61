//! Issue 47: hand edits of a run's games that the moves contradict are named on resume
//! (item 7), an experiment refuses a folder of other settings (item 9), and `c4 verify` of a
//! file it only reads names a bad line without speaking of redoing it (item 12).

use crate::support::run;
use std::path::PathBuf;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c4-issue-47-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

/// The games file with line `index` (from 0) changed by `edit`.
fn edit_line(text: &str, index: usize, edit: impl Fn(&mut serde_json::Value)) -> String {
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i != index {
                return line.to_owned();
            }
            let mut game: serde_json::Value = serde_json::from_str(line).unwrap();
            edit(&mut game);
            game.to_string()
        })
        .collect();
    lines.join("\n") + "\n"
}

#[test]
fn issue_47_an_edited_winner_or_score_is_named_on_resume_and_counted_as_the_moves_say() {
    let dir = fresh_dir("edits");
    let out = dir.to_str().unwrap();
    let args = |extra: &[&'static str]| {
        let mut args = vec![
            "tournament",
            "--player",
            "x=random",
            "--player",
            "y=alphabeta:depth=2",
            "--games",
            "2",
            "--out",
            out,
        ];
        args.extend_from_slice(extra);
        args
    };
    let (code, table, err) = run(&args(&[]));
    assert_eq!(code, 0, "{err}");
    let games = dir.join("games.jsonl");
    let original = std::fs::read_to_string(&games).unwrap();
    let first: serde_json::Value = serde_json::from_str(original.lines().next().unwrap()).unwrap();
    let winner = first["winner"].as_str().expect("random loses to depth 2");
    let other = if winner == "red" { "yellow" } else { "red" };

    // The winner the moves contradict.
    let edited = edit_line(&original, 0, |g| g["winner"] = other.into());
    std::fs::write(&games, edited).unwrap();
    let (code, again, err) = run(&args(&["--resume"]));
    assert_eq!(code, 0, "{err}");
    let said = format!(
        "line 1: game {}: the recorded winner ({other}) does not follow from its moves \
         ({winner}): counted as the moves say",
        first["game"]
    );
    assert!(err.contains(&said), "{err}");
    assert_eq!(again, table, "the run is counted as its moves say");

    // A score whose words say another (a heuristic value: the search's own words).
    let searched = first["stats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["score_text"].as_str().unwrap().starts_with("heuristic"))
        .expect("depth 2 searches");
    let edited = edit_line(&original, 0, |g| g["stats"][searched]["score"] = 777.into());
    std::fs::write(&games, edited).unwrap();
    let (code, _, err) = run(&args(&["--resume"]));
    assert_eq!(code, 0, "{err}");
    let named = format!("line 1: game {}: move ", first["game"]);
    assert!(err.contains(&named), "{err}");
    assert!(err.contains("its score heuristic +777"), "{err}");
    assert!(err.contains("counted as not scored"), "{err}");

    // An exact score beyond what its position allows (whatever its words say).
    let edited = edit_line(&original, 0, |g| {
        let last = g["stats"].as_array().unwrap().len() - 1;
        g["stats"][last]["exact"] = true.into();
        g["stats"][last]["score"] = 30.into();
    });
    std::fs::write(&games, &edited).unwrap();
    let (code, _, err) = run(&args(&["--resume"]));
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("its exact score is 30, but a four at once scores"),
        "{err}"
    );

    // The games as the run wrote them resume without a word.
    std::fs::write(&games, &original).unwrap();
    let (code, _, err) = run(&args(&["--resume"]));
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_47_an_experiment_refuses_a_folder_of_other_settings_naming_the_setting() {
    let dir = fresh_dir("experiment");
    let out = dir.to_str().unwrap();
    let experiment = |extra: &[&'static str]| {
        let mut args = vec!["experiment", "kang-depth", "--threads", "1", "--out", out];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, _, err) = experiment(&["--games", "2"]);
    assert_eq!(code, 0, "{err}");
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    for (extra, said) in [
        (
            &["--games", "1"][..],
            "--games: the run has 2, this command asks for fewer (1)",
        ),
        (
            &["--quick"][..],
            "--quick: the run is not a --quick run, this command asks for one",
        ),
        (
            &[][..],
            "--games: the run has 2, this command asks for each row's paper count",
        ),
    ] {
        let (code, out, err) = experiment(extra);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.starts_with("error: "), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(said), "{extra:?}: {err}");
        assert_eq!(
            std::fs::read_to_string(dir.join("report.md")).unwrap(),
            report,
            "{extra:?}: the report stands"
        );
    }
    // A run may grow, and the folder then holds the grown run.
    let (code, _, err) = experiment(&["--games", "3"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = experiment(&["--games", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the run has 3, this command asks for fewer (2)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue_47_verify_of_a_garbage_file_names_its_line_without_speaking_of_redoing_it() {
    let dir = fresh_dir("verify");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, contents) in [
        ("garbage", "this is not a games file\n"),
        ("cut.jsonl", "{\"game\": 1"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        let (code, out, err) = run(&["verify", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.starts_with("error: "), "{name}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: {err}");
        assert!(err.contains("line 1 does not parse"), "{name}: {err}");
        for word in ["dropped", "done again", "warning"] {
            assert!(!err.contains(word), "{name}: {err}");
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), contents);
    }
    std::fs::remove_dir_all(&dir).ok();
}
