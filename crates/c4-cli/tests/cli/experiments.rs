//! `c4 experiment` and `c4 report`: every experiment in its quick form, rebuilt from its games.

use crate::support::run;

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
