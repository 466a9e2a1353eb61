//! `POST /api/hint` against the real router: the one hint player, its words, its errors.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use c4_players::{HINT, PlayerSpec};
use c4_server::{ServerConfig, router};
use http_body_util::BodyExt;
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

fn app() -> Router {
    router(ServerConfig {
        max_searches: 2,
        time_cap: Duration::from_millis(2000),
        log_requests: false,
        ..ServerConfig::default()
    })
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn post_hint(app: &Router, body: &str) -> (StatusCode, Value) {
    let request = Request::post("/api/hint")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap();
    send(app, request).await
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
    let request = Request::get("/api/players").body(Body::empty()).unwrap();
    let (status, value) = send(&app(), request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(value["hint"]["spec"], HINT.spec);
    assert!(value["hint"]["reason"].as_str().unwrap().len() > 40);
}

#[tokio::test]
async fn a_bad_or_finished_position_is_400_with_the_reason() {
    let app = app();
    let (status, value) = post_hint(&app, r#"{"moves": "48"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .contains("invalid position")
    );
    let (status, value) = post_hint(&app, r#"{"moves": "4343434"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert!(value["error"].as_str().unwrap().contains("game is over"));
    let (status, _) = post_hint(&app, r#"{"moves": "4", "ai": "easy"}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}
