//! The answers at the server's limits (issue 40, item 9; issue 47, items 10-12): `/healthz`
//! while every connection is taken, an answer for every connection over the cap, a client
//! that never reads its answers closed at the client timeout, a search still running when
//! the shutdown's drain is over, and the requests the HTTP layer refuses; each error answer
//! has a JSON body `{"error": ...}`.

use c4_server::{ServerConfig, bind, serve};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server on a free port, stopped by sending on the returned channel.
async fn start(config: ServerConfig) -> (SocketAddr, oneshot::Sender<()>, JoinHandle<()>) {
    let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        serve(listener, config, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (addr, stop, server)
}

/// Sends `request` whole on a new connection and reads the answer to its end: the status
/// and the body.
fn exchange(addr: SocketAddr, request: Vec<u8>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(HANG_GUARD)).unwrap();
    // A server may answer and close before reading all of a request it refuses.
    let _ = stream.write_all(&request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    (status, body.to_owned())
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes()
}

fn post(path: &str, json: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    )
    .into_bytes()
}

/// The `error` of a JSON error body, or a panic saying what the body was.
fn error_of(status: u16, body: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("{status}: the body is not JSON ({e}): {body:?}"));
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{status}: no \"error\" in {body}"))
        .to_owned()
}

/// A guard against a test that never ends, far above what any machine needs for what is
/// awaited (a connection taken, a search started, a client closed): it decides nothing else.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// Runs `exchange` on the blocking pool.
async fn exchange_off_thread(addr: SocketAddr, request: Vec<u8>) -> (u16, String) {
    tokio::task::spawn_blocking(move || exchange(addr, request))
        .await
        .unwrap()
}

/// Asks `path` until `done` holds of the answer, a short pause between tries; fails after
/// [`HANG_GUARD`], saying `what` never came.
async fn until(addr: SocketAddr, path: &'static str, what: &str, done: impl Fn(u16, &str) -> bool) {
    let waited = async {
        loop {
            let (status, body) = exchange_off_thread(addr, get(path)).await;
            if done(status, &body) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(HANG_GUARD, waited)
        .await
        .unwrap_or_else(|_| panic!("{what} within {HANG_GUARD:?}"));
}

fn quiet() -> ServerConfig {
    ServerConfig {
        log_requests: false,
        ..ServerConfig::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_while_every_connection_is_taken() {
    // The clients' timeout is an hour, so the held connections stay held however long the
    // server takes to accept them.
    let (addr, stop, server) = start(ServerConfig {
        max_connections: 4,
        client_timeout: Duration::from_secs(3600),
        ..quiet()
    })
    .await;
    // Four clients that connect and say nothing hold every connection, once the server has
    // taken them: then the API answers 503.
    let held: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(addr).unwrap()).collect();
    until(
        addr,
        "/api/players",
        "the held connections never took every slot",
        |status, body| status == 503 && error_of(status, body).contains("too many connections"),
    )
    .await;
    let (status, body) = exchange_off_thread(addr, get("/healthz")).await;
    assert_eq!(status, 200, "{body}");
    let health: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["status"], "ok");
    drop(held);
    stop.send(()).unwrap();
    server.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_longer_than_the_drain_is_answered_503() {
    // The time cap is an hour, so the search, which no machine finishes (depth 42 from the
    // empty board), runs until the drain ends it: a server that waited for it would answer
    // neither within the exchange's read timeout nor stop within the guard below.
    let (addr, stop, server) = start(ServerConfig {
        time_cap: Duration::from_secs(3600),
        drain_timeout: Duration::from_millis(300),
        ..quiet()
    })
    .await;
    let search = tokio::task::spawn_blocking(move || {
        exchange(
            addr,
            post(
                "/api/best",
                r#"{"moves": "", "ai": "alphabeta:depth=42,eval=kang"}"#,
            ),
        )
    });
    until(addr, "/healthz", "the search never started", |_, body| {
        body.contains("\"searches_running\":1")
    })
    .await;
    stop.send(()).unwrap();
    let (status, body) = search.await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(error_of(status, &body).contains("shutting down"), "{body}");
    tokio::time::timeout(HANG_GUARD, server)
        .await
        .expect("the server stops after the drain, not at the search's time cap")
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_a_json_error_body() {
    let (addr, stop, server) = start(quiet()).await;
    let many_headers: String = (0..200).map(|i| format!("X-H{i}: v\r\n")).collect();
    let cases: Vec<(&str, u16, Vec<u8>)> = vec![
        ("bad JSON", 400, post("/api/best", "{bad json")),
        (
            "oversize body",
            413,
            post("/api/best", &format!("{{{}}}", " ".repeat(20_000))),
        ),
        (
            "declared huge body",
            413,
            b"POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n".to_vec(),
        ),
        (
            "declared body no 64-bit count holds",
            413,
            b"POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551615\r\n\r\n"
                .to_vec(),
        ),
        (
            "declared body past u64::MAX",
            413,
            b"POST /api/best HTTP/1.1\r\nHost: x\r\ncontent-length: 99999999999999999999999\r\n\r\n"
                .to_vec(),
        ),
        (
            "long URI",
            414,
            get(&format!("/api/position?moves={}", "1".repeat(70_000))),
        ),
        (
            "too many headers",
            431,
            format!("GET /healthz HTTP/1.1\r\nHost: x\r\n{many_headers}\r\n").into_bytes(),
        ),
        ("garbage request line", 400, b"GARBAGE\r\n\r\n".to_vec()),
        (
            "malformed header",
            400,
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n".to_vec(),
        ),
    ];
    for (name, expected, request) in cases {
        let (status, body) = tokio::task::spawn_blocking(move || exchange(addr, request))
            .await
            .unwrap();
        assert_eq!(status, expected, "{name}: {body}");
        let error = error_of(status, &body);
        assert!(!error.is_empty(), "{name}");
    }
    stop.send(()).unwrap();
    server.await.unwrap();
}

/// The status, the head (lower case) and the body of an answer read whole.
fn parse_answer(answer: &[u8]) -> Option<(u16, String, String)> {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, head.to_ascii_lowercase(), body.to_owned()))
}

/// Issue 47, item 10: with every slot taken, 200 connections open at once, then each asks
/// for `/healthz` or `/api/players`: each gets an answer, the health as usual, the rest 503
/// with `Retry-After` and a JSON error (none is closed without one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_connection_over_the_cap_is_answered_and_healthz_as_usual() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const CAP: usize = 8;
    const OVER: usize = 200;
    // The clients' timeout is an hour: the held connections stay held to the end.
    let (addr, stop, server) = start(ServerConfig {
        max_connections: CAP,
        client_timeout: Duration::from_secs(3600),
        ..quiet()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..CAP {
        held.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    until(
        addr,
        "/api/players",
        "the held connections never took every slot",
        |status, _| status == 503,
    )
    .await;
    let mut streams = Vec::new();
    for _ in 0..OVER {
        streams.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    let mut clients = tokio::task::JoinSet::new();
    for (i, mut stream) in streams.into_iter().enumerate() {
        clients.spawn(async move {
            let path = if i % 2 == 0 {
                "/healthz"
            } else {
                "/api/players"
            };
            let _ = stream.write_all(&get(path)).await;
            let mut answer = Vec::new();
            let read = stream.read_to_end(&mut answer);
            let _ = tokio::time::timeout(HANG_GUARD, read).await;
            (path, parse_answer(&answer))
        });
    }
    let (mut healthy, mut busy, mut wrong) = (0, 0, Vec::new());
    while let Some(client) = clients.join_next().await {
        match client.unwrap() {
            ("/healthz", Some((200, _, body))) if body.contains("\"status\":\"ok\"") => {
                healthy += 1
            }
            ("/api/players", Some((503, head, body)))
                if head.contains("\r\nretry-after: 1")
                    && error_of(503, &body).contains("too many connections") =>
            {
                busy += 1;
            }
            other => wrong.push(other),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {OVER} wrong: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert_eq!((healthy, busy), (OVER / 2, OVER / 2));
    drop(held);
    stop.send(()).unwrap();
    server.await.unwrap();
}

/// Issue 47, item 11: clients that pipeline far more requests than the socket buffers hold
/// and never read the answers are closed at the client timeout, freeing their slots.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_never_read_their_answers_are_closed_at_the_client_timeout() {
    use tokio::io::AsyncWriteExt;
    const CAP: usize = 4;
    let (addr, stop, server) = start(ServerConfig {
        max_connections: CAP,
        client_timeout: Duration::from_secs(1),
        ..quiet()
    })
    .await;
    let (status, players) =
        tokio::task::spawn_blocking(move || exchange(addr, get("/api/players")))
            .await
            .unwrap();
    assert_eq!(status, 200);
    // Enough answers to fill the server's send buffer (at most 4 MiB here) several times.
    let count = (32 << 20) / players.len().max(1) + 1;
    let request = b"GET /api/players HTTP/1.1\r\nHost: x\r\n\r\n";
    let pipelined: Vec<u8> = request.repeat(count.min(200_000));
    let mut stalled = Vec::new();
    for _ in 0..CAP {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stream = socket.connect(addr).await.unwrap();
        let write = stream.write_all(&pipelined);
        // The write stops when the server stops reading (or closes): either is enough.
        let _ = tokio::time::timeout(Duration::from_secs(2), write).await;
        stalled.push(stream);
    }
    // Every slot is held by a client that reads nothing; at the client timeout the server
    // closes them and a new client is served. A server that kept them would answer 503 to
    // the end of the guard.
    until(
        addr,
        "/api/position?moves=4",
        "the non-reading clients still hold every slot",
        |status, body| {
            assert!(status == 200 || status == 503, "{status}: {body}");
            status == 200
        },
    )
    .await;
    drop(stalled);
    stop.send(()).unwrap();
    server.await.unwrap();
}
