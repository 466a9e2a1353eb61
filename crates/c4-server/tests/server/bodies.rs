//! What the API takes in a request body (issue 47, items 5 and 6): a JSON object on every
//! POST route, never an array or another value read as positional fields; and a game
//! record built only from what the server could parse and check.

use crate::support::{error_of, post};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The router these tests ask: two search slots, a 3 s cap.
fn app() -> axum::Router {
    crate::support::app(2, 3000)
}

#[tokio::test]
async fn every_post_route_takes_a_json_object_only() {
    let app = app();
    let routes = [
        "/api/best",
        "/api/hint",
        "/api/analyze",
        "/api/review",
        "/api/record",
    ];
    for route in routes {
        for (body, kind) in [
            ("[]", "an array"),
            (r#"["4453","alphabeta:depth=1",7]"#, "an array"),
            (r#" ["4453", 100]"#, "an array"),
            (r#""4453""#, "a string"),
            ("7", "a number"),
            ("null", "null"),
            ("true", "a boolean"),
        ] {
            let (status, value) = post(&app, route, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{route} {body}: {value}");
            let error = error_of(&value);
            assert!(
                error.contains("must be a JSON object") && error.contains(kind),
                "{route} {body}: {error}"
            );
        }
    }
    // An object is still read as before.
    let (status, value) = post(&app, "/api/best", r#"{"moves": "4453", "ai": "random"}"#).await;
    assert_eq!(status, StatusCode::OK, "{value}");
}

/// A finished game: red (a computer) plays 4, 5, 6, 7 along the bottom, yellow (a person)
/// stacks on 4; `computer` is red's choice at each of its plies.
fn game(computer: impl Fn(usize, u8) -> Value) -> Value {
    let human = |column: u8| json!({"by": "human", "column": column, "time_ms": 900.0});
    json!({
        "moves": "4454647",
        "plies": [
            computer(0, 4), human(4), computer(2, 5), human(4), computer(4, 6), human(4),
            computer(6, 7)
        ],
    })
}

fn stats(column: u8, score: i32, exact: bool) -> Value {
    json!({"column": column, "score": score, "score_text": "", "exact": exact, "depth": 3,
           "nodes": 10, "time_ms": 1.5, "pv": [column]})
}

fn random(column: u8) -> Value {
    json!({"by": "computer", "ai": "random", "seed": 3, "stats": {
        "column": column, "score": 0, "score_text": "not scored", "exact": false, "depth": 0,
        "nodes": 0, "time_ms": 0.1, "pv": [column]}})
}

#[tokio::test]
async fn a_record_keeps_nothing_it_could_not_parse_or_check() {
    let app = app();
    let good = game(|_, column| random(column));
    let (status, record) = post(&app, "/api/record", &good.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["a_spec"], "random:seed=3");

    // Each refusal names its ply.
    let cases: Vec<(Value, &str)> = vec![
        (
            game(|ply, column| match ply {
                2 => json!({"by": "computer", "ai": "perfect:book=/etc/passwd", "seed": 0,
                            "stats": stats(column, 0, false)}),
                _ => random(column),
            }),
            "ply 2: invalid ai \"perfect:book=/etc/passwd\"",
        ),
        (
            game(|ply, column| match ply {
                6 => json!({"by": "computer", "ai": "perfect", "seed": 0,
                            "stats": stats(7, -999, true)}),
                _ => random(column),
            }),
            "ply 6: exact score -999 is impossible",
        ),
        (
            // 7 wins at once: the solver scores it 18, not -3.
            game(|ply, column| match ply {
                6 => json!({"by": "computer", "ai": "perfect", "seed": 0,
                            "stats": stats(7, -3, true)}),
                _ => random(column),
            }),
            "ply 6: the stats score column 7 -3",
        ),
        (
            game(|ply, column| match ply {
                4 => json!({"by": "computer", "ai": "perfect", "seed": 0,
                            "stats": stats(3, 0, false)}),
                _ => random(column),
            }),
            "ply 4: the stats give column 3, but the move is 6",
        ),
        (
            game(|ply, column| match ply {
                2 => json!({"by": "computer", "ai": "random", "seed": 0,
                            "stats": {"column": column, "score": 0, "score_text": "x", "exact": false,
                                      "depth": 0, "nodes": 0, "time_ms": 1e308, "pv": [column]}}),
                _ => random(column),
            }),
            "ply 2: time_ms 1e308 is outside 0 to 86400000",
        ),
    ];
    for (body, why) in cases {
        let (status, value) = post(&app, "/api/record", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {value}");
        let error = error_of(&value);
        assert!(error.contains(why), "{why}: {error}");
        assert!(error.len() < 400, "{error}");
    }
    let mut slow = game(|_, column| random(column));
    slow["plies"][1]["time_ms"] = json!(1e308);
    let (status, value) = post(&app, "/api/record", &slow.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(error_of(&value).contains("ply 1: time_ms 1e308"), "{value}");

    // A right exact score is kept as it is; a heuristic one is marked as the client's; a
    // long note, name or pv is cut.
    let long = "n".repeat(5_000);
    let mut checked = game(|ply, column| match ply {
        6 => json!({"by": "computer", "ai": "perfect", "seed": 0, "stats": stats(7, 18, true)}),
        4 => {
            let mut s = stats(column, 26, false);
            s["note"] = json!(long.clone());
            s["pv"] = json!([6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
            json!({"by": "computer", "ai": "alphabeta:depth=3", "seed": 0, "stats": s})
        }
        _ => random(column),
    });
    checked["names"] = json!([long.clone(), "b"]);
    let (status, record) = post(&app, "/api/record", &checked.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let stats = record["stats"].as_array().unwrap();
    assert_eq!(stats[6]["score"], 18);
    assert_eq!(stats[6]["exact"], true);
    assert_eq!(stats[6].get("note"), None, "{}", stats[6]);
    let note = stats[4]["note"].as_str().unwrap();
    assert!(
        note.starts_with("score reported by the client, not checked; nnn"),
        "{note}"
    );
    assert!(note.chars().count() < 140, "{note}");
    // The pv is cut where column 7 is full: 6, then six discs in 7.
    assert_eq!(stats[4]["pv"].as_array().unwrap().len(), 7, "{}", stats[4]);
    assert_eq!(record["a"].as_str().unwrap().chars().count(), 80);
    assert!(record.to_string().len() < 4_000, "{record}");
}
