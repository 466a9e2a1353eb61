//! The page's requests answered natively by the code the browser runs: c4-api's shared cases
//! through the JSON glue and directly with the browser's limits, then what is the browser's
//! own (one thread, the book route, the routes it lacks).

use c4_api::Limits;
use c4_api::cases::{Fault, Outcome, cases, check_directly};
use c4_wasm::request;
use serde_json::Value;

/// The answer's JSON, and whether it is an answer (not an error).
fn ask(route: &str, body: &str) -> (bool, Value) {
    let answer = request(route, body);
    (answer.ok, serde_json::from_str(&answer.json).unwrap())
}

#[test]
fn every_shared_case_is_answered_through_the_json_glue() {
    let cases = cases();
    for case in &cases {
        let (ok, json) = ask(&case.route, &case.body());
        let outcome = if ok {
            Outcome::Answer(json)
        } else {
            let error = json["error"].as_str().expect("an error message");
            // A body the glue could not read says so first; c4-api's refusals are its words.
            let unread = error.starts_with("invalid request body: ");
            let fault = case.refusal().map(|refusal| refusal.fault);
            assert_eq!(unread, fault != Some(Fault::Unanswerable), "{}", case.name);
            Outcome::Refused(error.to_owned())
        };
        case.check(&outcome, &Limits::BROWSER);
    }
    println!("{} cases through the JSON glue", cases.len());
}

#[test]
fn every_shared_case_is_answered_directly_with_the_browser_limits() {
    let count = check_directly(&Limits::BROWSER);
    println!("{count} cases directly");
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
fn what_the_browser_does_not_answer_is_named() {
    for (route, body, words) in [
        ("/api/book", r#"{"moves": "48"}"#, "invalid position"),
        ("/api/book", r#"{"moves": "4", "ai": "x"}"#, "unknown field"),
        ("/api/record", "{}", "no route \"/api/record\""),
        ("/healthz", "", "the engine answers /api/position"),
    ] {
        let (ok, answer) = ask(route, body);
        assert!(!ok, "{route} {body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{route} {body}: {error}");
    }
}
