//! Load test (ignored by default): K concurrent clients ask for moves and analyses for T
//! seconds against a server on loopback, while a probe checks that `/healthz` stays fast.
//!
//! ```text
//! cargo test --release -p c4-server --test server load:: -- --ignored --nocapture
//! C4_LOAD_CLIENTS=8 C4_LOAD_SECONDS=20 C4_LOAD_MAX_SEARCHES=2 cargo test --release ...
//! ```
//!
//! Prints requests/s, p50/p99 latency of the answered searches, the count of every status,
//! and the `/healthz` latencies.

use axum::body::Bytes;
use c4_server::{ServerConfig, bind, serve};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Positions the clients ask about: openings, middle games, endgames.
const POSITIONS: &[&str] = &[
    "",
    "4",
    "4453",
    "44444",
    "445362",
    "4453322",
    "7422341735647741166133573473242566",
    "2252576253462244111563365343671351441",
];
const PLAYERS: &[&str] = &["medium", "engine:time=100", "alphabeta:depth=8,eval=kang"];

async fn request(client: &HttpClient, uri: &str, body: Option<String>) -> (u16, Duration) {
    let start = Instant::now();
    let mut builder = hyper::Request::builder().uri(uri);
    let body = match body {
        Some(json) => {
            builder = builder
                .method("POST")
                .header("content-type", "application/json");
            Full::new(Bytes::from(json))
        }
        None => Full::new(Bytes::new()),
    };
    let response = client.request(builder.body(body).unwrap()).await;
    let status = match response {
        Ok(response) => {
            let status = response.status().as_u16();
            let _ = response.into_body().collect().await;
            status
        }
        Err(_) => 0, // connection error
    };
    (status, start.elapsed())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1e3
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load test: run it on purpose, with --release"]
async fn load() {
    let clients = env_or("C4_LOAD_CLIENTS", 8);
    let seconds = env_or("C4_LOAD_SECONDS", 10).min(600);
    let max_searches = env_or("C4_LOAD_MAX_SEARCHES", 2) as usize;
    let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = ServerConfig {
        max_searches,
        time_cap: Duration::from_millis(1000),
        log_requests: false,
        ..ServerConfig::default()
    };
    let server = tokio::spawn(serve(listener, config, async {
        let _ = stopped.await;
    }));
    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let base = format!("http://{addr}");

    let mut workers = Vec::new();
    for id in 0..clients {
        let (client, base) = (client.clone(), base.clone());
        workers.push(tokio::spawn(async move {
            let mut results = Vec::new();
            let mut n = id as usize;
            while Instant::now() < deadline {
                let moves = POSITIONS[n % POSITIONS.len()];
                let (uri, body) = if n % 3 == 2 {
                    (
                        format!("{base}/api/analyze"),
                        format!(r#"{{"moves": "{moves}", "time_ms": 200}}"#),
                    )
                } else {
                    let ai = PLAYERS[n % PLAYERS.len()];
                    (
                        format!("{base}/api/best"),
                        format!(r#"{{"moves": "{moves}", "ai": "{ai}"}}"#),
                    )
                };
                let (status, latency) = request(&client, &uri, Some(body)).await;
                if status == 429 {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                results.push((status, latency));
                n += 1;
            }
            results
        }));
    }
    let probe = {
        let (client, base) = (client.clone(), base.clone());
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            while Instant::now() < deadline {
                let (status, latency) = request(&client, &format!("{base}/healthz"), None).await;
                assert_eq!(status, 200);
                latencies.push(latency);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            latencies
        })
    };

    let started = Instant::now();
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    let mut answered = Vec::new();
    for worker in workers {
        for (status, latency) in worker.await.unwrap() {
            *statuses.entry(status).or_default() += 1;
            if status == 200 {
                answered.push(latency);
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut health = probe.await.unwrap();
    let _ = stop.send(());
    server.await.unwrap().unwrap();

    answered.sort();
    health.sort();
    let total: usize = statuses.values().sum();
    println!(
        "load: {clients} clients, {seconds} s, at most {max_searches} searches at once, 1000 ms cap"
    );
    println!(
        "requests: {total} ({:.1}/s), answered 200: {} ({:.1}/s)",
        total as f64 / elapsed,
        answered.len(),
        answered.len() as f64 / elapsed
    );
    println!(
        "search latency (200s): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&answered, 0.5),
        percentile(&answered, 0.99),
        percentile(&answered, 1.0)
    );
    println!("statuses: {statuses:?}");
    println!(
        "/healthz while searching: {} probes, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        health.len(),
        percentile(&health, 0.5),
        percentile(&health, 0.99),
        percentile(&health, 1.0)
    );
    assert!(
        statuses.keys().all(|s| *s == 200 || *s == 429),
        "unexpected statuses: {statuses:?}"
    );
    assert!(!answered.is_empty());
    assert!(percentile(&health, 0.99) < 100.0, "/healthz slowed down");
}
