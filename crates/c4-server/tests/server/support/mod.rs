//! What the in-process API tests share: the router with a given number of search slots and
//! time cap, and requests sent to it with their answers read as JSON.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use c4_server::{ServerConfig, router};
use http_body_util::BodyExt;
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

/// The settings of a quiet server with `max_searches` slots and a time cap.
pub fn config(max_searches: usize, time_cap_ms: u64) -> ServerConfig {
    ServerConfig {
        max_searches,
        time_cap: Duration::from_millis(time_cap_ms),
        log_requests: false,
        ..ServerConfig::default()
    }
}

/// The whole application of [`config`]'s settings, driven in-process.
pub fn app(max_searches: usize, time_cap_ms: u64) -> Router {
    router(config(max_searches, time_cap_ms))
}

/// What the router answered: the status, the JSON body and any `Retry-After`.
pub struct Reply {
    pub status: StatusCode,
    pub json: Value,
    pub retry_after: Option<String>,
}

/// Sends `request`; the answer's body must be JSON.
pub async fn send(app: &Router, request: Request<Body>) -> Reply {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)));
    Reply {
        status,
        json,
        retry_after,
    }
}

/// `GET uri`: the status and the JSON answer.
pub async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let reply = send(app, request).await;
    (reply.status, reply.json)
}

/// `POST uri` with a JSON `body`: the status and the JSON answer.
pub async fn post(app: &Router, uri: &str, body: &str) -> (StatusCode, Value) {
    let reply = post_reply(app, uri, body).await;
    (reply.status, reply.json)
}

/// `POST uri` with a JSON `body`: the whole reply, `Retry-After` included.
pub async fn post_reply(app: &Router, uri: &str, body: &str) -> Reply {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap();
    send(app, request).await
}

/// An error answer's message.
pub fn error_of(value: &Value) -> &str {
    value["error"].as_str().expect("an error message")
}
