//! One position at a time: `c4 show`, `best`, `eval`, `analyze`, `evals` and `levels`, and the exit
//! codes of bad positions and bad usage.

use crate::support::run;
use c4_eval::EVALUATORS;
use c4_players::{LEVELS, PLAYER_KINDS};

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
fn evals_lists_every_registry_entry() {
    let (code, out, _) = run(&["evals"]);
    assert_eq!(code, 0);
    let evaluators = EVALUATORS.iter().map(|entry| entry.name);
    let kinds = PLAYER_KINDS.iter().map(|kind| kind.name);
    let levels = LEVELS.iter().map(|level| level.name);
    for name in evaluators.chain(kinds).chain(levels) {
        assert!(out.contains(name), "{name}");
    }
}

#[test]
fn levels_prints_each_levels_measured_figures_weakest_first() {
    let (code, out, err) = run(&["levels"]);
    assert_eq!(code, 0, "{err}");
    let mut at = 0;
    for level in LEVELS {
        let measured = level.measured().expect("every level is measured");
        let line = out[at..]
            .lines()
            .find(|l| l.starts_with(level.name))
            .unwrap_or_else(|| panic!("no line for {}: {out}", level.name));
        assert!(
            line.contains(&format!("{:+.0} ± {:.0}", measured.elo, measured.elo_95)),
            "{line}"
        );
        assert!(
            line.contains(&format!("{:.1}%", measured.mistakes_pct)),
            "{line}"
        );
        at = out.find(line).unwrap() + line.len();
        assert!(
            out[at..].contains(level.spec),
            "{} after its line",
            level.spec
        );
    }
    let (code, json, _) = run(&["levels", "--json"]);
    assert_eq!(code, 0);
    let levels: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(levels.as_array().unwrap().len(), LEVELS.len());
    assert!(levels[0]["measured"]["elo"].is_number());
    let (_, help, _) = run(&["play", "--help"]);
    assert!(
        help.contains("Elo (95%)"),
        "c4 play --help ends with the levels: {help}"
    );
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
