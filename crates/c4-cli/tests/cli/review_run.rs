//! `c4 review` of a game given by its moves and of a game of a run folder.

use crate::support::run;

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
    assert!(
        err.contains("cannot open \"no-such-file.jsonl\": No such file")
            && err.contains("nor is it a move string"),
        "{err}"
    );
}
