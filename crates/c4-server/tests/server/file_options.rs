//! No request names a file on the server: every file option of every player spec (walked
//! from the option tables, so a new one is covered by itself) answers 400 without the file
//! being opened, while `/healthz` keeps answering. The paths are the hostile ones: a FIFO
//! with no writer (a read would block a worker forever), `/dev/zero` (a read would fill
//! memory), `/etc/passwd` (a read would echo its first line) and standard input.

use axum::body::Bytes;
use c4_players::file_option_uses;
use c4_server::{ServerConfig, bind, serve};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::time::{Duration, Instant};

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

/// A guard, far above what any loaded machine needs to answer: a request that reads a FIFO
/// never answers, and fails it.
const ANSWER_WITHIN: Duration = Duration::from_secs(120);

async fn send(client: &HttpClient, uri: &str, body: Option<String>) -> (u16, String) {
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
    let response = tokio::time::timeout(ANSWER_WITHIN, client.request(builder.body(body).unwrap()))
        .await
        .unwrap_or_else(|_| panic!("{uri}: no answer within {ANSWER_WITHIN:?}"))
        .expect("the server answers");
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn hostile_paths() -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("c4-file-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", fifo.display());
    vec![
        fifo.display().to_string(),
        "/dev/zero".to_owned(),
        "/etc/passwd".to_owned(),
        "/dev/stdin".to_owned(),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_file_option_reaches_the_file_system_and_healthz_keeps_answering() {
    let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = ServerConfig {
        max_searches: 2,
        log_requests: false,
        ..ServerConfig::default()
    };
    let server = tokio::spawn(serve(listener, config, async {
        let _ = stopped.await;
    }));
    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();
    let base = format!("http://{addr}");

    let probe = {
        let (client, uri) = (client.clone(), format!("{base}/healthz"));
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            let deadline = Instant::now() + Duration::from_secs(60);
            while Instant::now() < deadline {
                let start = Instant::now();
                let (status, _) = send(&client, &uri, None).await;
                latencies.push(start.elapsed());
                assert_eq!(status, 200, "/healthz");
                tokio::time::sleep(Duration::from_millis(5)).await;
                if latencies.len() >= 200 {
                    break;
                }
            }
            latencies
        })
    };

    let uses = file_option_uses();
    assert!(
        uses.len() >= 10,
        "the walk finds the file options: {uses:?}"
    );
    let mut requests = Vec::new();
    for path in hostile_paths() {
        for file_use in &uses {
            let ai = file_use.spec(&path);
            let body = serde_json::json!({ "moves": "4453", "ai": ai }).to_string();
            let (client, uri) = (client.clone(), format!("{base}/api/best"));
            requests.push(tokio::spawn(async move {
                let (status, text) = send(&client, &uri, Some(body)).await;
                (ai, status, text)
            }));
        }
    }
    let count = requests.len();
    for request in requests {
        let (ai, status, text) = request.await.unwrap();
        assert_eq!(status, 400, "{ai}: {text}");
        assert!(text.contains("names a file on the server"), "{ai}: {text}");
        assert!(!text.contains("root:"), "{ai} quotes the file: {text}");
    }

    // Every probe was answered 200 within ANSWER_WITHIN: a worker blocked on the FIFO would
    // have left one unanswered. How fast they were answered is printed, not asserted.
    let mut latencies = probe.await.unwrap();
    latencies.sort();
    let p99 = latencies[latencies.len() * 99 / 100 - 1];
    println!(
        "{count} file-option requests refused; /healthz: {} probes, p50 {:?}, p99 {p99:?}",
        latencies.len(),
        latencies[latencies.len() / 2]
    );

    let _ = stop.send(());
    server.await.unwrap().unwrap();
}
