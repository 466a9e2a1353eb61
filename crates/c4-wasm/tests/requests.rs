//! The page's requests answered natively by the code the browser runs: routes, the browser's
//! limits, the book, and an error in words for every bad request.

use c4_wasm::{BROWSER_LIMITS, request};
use serde_json::Value;

/// The answer's JSON, and whether it is an answer (not an error).
fn ask(route: &str, body: &str) -> (bool, Value) {
    let answer = request(route, body);
    (answer.ok, serde_json::from_str(&answer.json).unwrap())
}

#[test]
fn a_position_says_whose_turn_and_the_legal_columns() {
    let (ok, position) = ask("/api/position", r#"{"moves": "444444"}"#);
    assert!(ok, "{position}");
    assert_eq!(position["to_move"], "red");
    assert_eq!(
        position["legal_columns"],
        serde_json::json!([1, 2, 3, 5, 6, 7])
    );
}

#[test]
fn perfect_opens_in_the_centre_from_the_book() {
    let (ok, best) = ask("/api/best", r#"{"moves": "", "ai": "perfect", "seed": 5}"#);
    assert!(ok, "{best}");
    assert_eq!(best["column"], 4);
    assert_eq!(best["exact"], true);
    assert_eq!(best["seed"], 5);
}

#[test]
fn the_hint_runs_on_the_one_thread_a_worker_has() {
    let (ok, hint) = ask("/api/hint", r#"{"moves": "4444"}"#);
    assert!(ok, "{hint}");
    let clamped = hint["clamped"].to_string();
    assert!(clamped.contains("threads 2 clamped to 1"), "{clamped}");
    assert!(
        hint["text"].as_str().unwrap().contains("perfect play"),
        "{hint}"
    );
}

#[test]
fn a_long_search_is_clamped_to_the_browser_cap() {
    let (ok, best) = ask("/api/best", r#"{"moves": "4", "ai": "engine:time=999999"}"#);
    assert!(ok, "{best}");
    let expected = format!("clamped to {}", BROWSER_LIMITS.time_cap_ms());
    assert!(best["clamped"].to_string().contains(&expected), "{best}");
}

#[test]
fn the_book_scores_every_column_of_an_early_position() {
    let (ok, book) = ask("/api/book", r#"{"moves": ""}"#);
    assert!(ok, "{book}");
    let scores: Vec<i64> = book["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(scores.len(), 7);
    let best = scores.iter().max().unwrap();
    assert_eq!(scores[3], *best, "the centre is best: {scores:?}");
    // Past the book's depth it says so with no scores.
    let (ok, deep) = ask("/api/book", r#"{"moves": "4444333355"}"#);
    assert!(ok, "{deep}");
    assert_eq!(deep["scores"], Value::Null);
}

#[test]
fn analysis_and_review_answer_as_the_server_does() {
    let (ok, analysis) = ask("/api/analyze", r#"{"moves": "443526", "time_ms": 2000}"#);
    assert!(ok, "{analysis}");
    assert_eq!(analysis["columns"].as_array().unwrap().len(), 7);
    assert_eq!(analysis["to_move"], "red");
    let (ok, review) = ask("/api/review", r#"{"moves": "4444"}"#);
    assert!(ok, "{review}");
    assert_eq!(review["reviewed"].as_array().unwrap().len(), 4);
    let (ok, players) = ask("/api/players", "");
    assert!(ok, "{players}");
    assert!(players["levels"].as_array().unwrap().len() >= 4);
}

#[test]
fn every_bad_request_gets_an_error_in_words() {
    for (route, body, words) in [
        ("/api/position", r#"{"moves": "48"}"#, "invalid position"),
        (
            "/api/position",
            r#"{"moves": "4", "extra": 1}"#,
            "unknown field",
        ),
        ("/api/best", "not json", "invalid request body"),
        ("/api/best", r#"{"moves": "1212121"}"#, "the game is over"),
        ("/api/best", r#"{"ai": "nonsense"}"#, "invalid ai"),
        (
            "/api/best",
            r#"{"ai": "perfect:book=/etc/passwd"}"#,
            "invalid ai",
        ),
        ("/api/analyze", r#"{"time_ms": 0}"#, "at least 1"),
        ("/api/review", r#"{"moves": ""}"#, "no move to review"),
        ("/api/record", "{}", "no route"),
    ] {
        let (ok, answer) = ask(route, body);
        assert!(!ok, "{route} {body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{route} {body}: {error}");
    }
}
