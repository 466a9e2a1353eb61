//! Shutdown with no request in flight is at once, whatever the open connections are doing
//! (issue 38, item 10: the server once waited out its client timeout, 10 s, to exit on
//! SIGTERM).

use c4_server::{ServerConfig, bind, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The clients' timeout here: an hour, so a server that waited for its connections to time
/// out would not stop within [`STOPS_WITHIN`].
const CLIENT_TIMEOUT: Duration = Duration::from_secs(3600);

/// How long the test waits for an answer, and for the server to stop: a guard against a
/// test that never ends, far below [`CLIENT_TIMEOUT`] and far above what any machine needs
/// to answer a health check or to stop at once.
const STOPS_WITHIN: Duration = Duration::from_secs(60);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_sending_a_head_does_not_hold_the_shutdown() {
    let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = ServerConfig {
        log_requests: false,
        client_timeout: CLIENT_TIMEOUT,
        ..ServerConfig::default()
    };
    let server = tokio::spawn(serve(listener, config, async {
        let _ = stopped.await;
    }));
    // A client that has sent half a request head, one that sent nothing, and one kept alive
    // after an answer: none has a request in flight. The server takes connections in the
    // order they come, so once the last one's answer is read it holds all three.
    let mut half = TcpStream::connect(addr).unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let _silent = TcpStream::connect(addr).unwrap();
    let mut kept = TcpStream::connect(addr).unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let answer = tokio::task::spawn_blocking(move || read_answer(&mut kept).map(|a| (a, kept)));
    let (answer, _kept) = tokio::time::timeout(STOPS_WITHIN, answer)
        .await
        .expect("the kept-alive client is answered")
        .unwrap()
        .unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    stop.send(()).unwrap();
    tokio::time::timeout(STOPS_WITHIN, server)
        .await
        .expect("the server stops without waiting for its connections to time out")
        .unwrap()
        .unwrap();
}

/// One answer read from a kept-alive connection: its head, then as many body bytes as its
/// `content-length` says.
fn read_answer(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut answer = Vec::new();
    let mut byte = [0; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte)?;
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    stream.read_exact(&mut body)?;
    answer.extend(body);
    Ok(String::from_utf8_lossy(&answer).into_owned())
}
