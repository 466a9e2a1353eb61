//! `POST /api/hint` against the real router: the one hint player and its words (its errors
//! are c4-api's shared cases, `tests/server/cases.rs`).

use crate::support::{get, post};
use axum::Router;
use axum::http::StatusCode;
use c4_players::{HINT, PlayerSpec};
use serde_json::Value;

fn app() -> Router {
    crate::support::app(2, 2000)
}

async fn post_hint(app: &Router, body: &str) -> (StatusCode, Value) {
    post(app, "/api/hint", body).await
}

#[tokio::test]
async fn the_hint_plays_the_one_hint_spec_and_says_an_exact_answer_is_perfect_play() {
    let app = app();
    let (status, value) = post_hint(&app, r#"{"moves": "4453"}"#).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    let canonical = PlayerSpec::parse(HINT.spec, 0).unwrap().to_string();
    assert_eq!(value["ai"], canonical.as_str());
    assert_eq!(value["exact"], true, "{value}");
    let text = value["text"].as_str().unwrap();
    assert!(text.starts_with("perfect play, "), "{text}");
    assert!((1..=7).contains(&value["column"].as_u64().unwrap()));
}

#[tokio::test]
async fn the_page_reads_the_hint_player_from_the_registry() {
    let (status, value) = get(&app(), "/api/players").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(value["hint"]["spec"], HINT.spec);
    assert!(value["hint"]["reason"].as_str().unwrap().len() > 40);
}
