//! What a connection over the connection cap gets: one answer, then a gentle close.
//!
//! Such a connection is not given to hyper (whose buffers and tasks are what the cap
//! bounds): its request head is read here into a small buffer, `GET /healthz` is
//! answered with the health as usual, so that a monitor sees a busy server alive, and
//! anything else gets `503` with `Retry-After: 1` and a JSON error. A client that sends no
//! head within [`OVER_CAPACITY_TIMEOUT`] gets the 503 too.
//!
//! The close is a lingering one: the answer is written, the server's side shut, and what
//! the client still sends is read and dropped until it closes (for at most
//! [`OVER_CAPACITY_TIMEOUT`]). Closing a socket with unread bytes in it sends a reset,
//! which makes the client's system drop the answer it has not read yet: the client would
//! see its connection closed with no answer at all.
//!
//! Each such connection costs one task, one socket and a 4 KiB head buffer (`HEAD_BYTES`)
//! for at most twice [`OVER_CAPACITY_TIMEOUT`]; their number is bounded by the process's file
//! limit (past it, accepting waits and new connections queue in the system's backlog).

use crate::AppState;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a connection over the cap may take to send its request head, and then to
/// take the answer and close.
pub const OVER_CAPACITY_TIMEOUT: Duration = Duration::from_secs(1);

/// The most of a request head read to find its request line.
const HEAD_BYTES: usize = 4096;

/// The 503 of a connection over the cap.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: 49\r\n\r\n{\"error\":\"too many connections: try again later\"}";

/// Answers one connection over the cap (see the module docs).
pub(crate) async fn answer(mut stream: TcpStream, state: AppState) {
    let mut head = [0u8; HEAD_BYTES];
    let read = tokio::time::timeout(OVER_CAPACITY_TIMEOUT, read_head(&mut stream, &mut head))
        .await
        .unwrap_or(0);
    let answer = if asks_for_health(&head[..read]) {
        health(&state)
    } else {
        BUSY.to_vec()
    };
    let reply = async {
        stream.write_all(&answer).await?;
        stream.shutdown().await?;
        let mut rest = [0u8; 1024];
        while stream.read(&mut rest).await? > 0 {}
        std::io::Result::Ok(())
    };
    // Errors are the client's (a reset, a close): nothing to report.
    let _ = tokio::time::timeout(OVER_CAPACITY_TIMEOUT, reply).await;
}

/// Reads into `head` until it holds a whole request head (or is full, or the client stops
/// sending); returns the bytes read.
async fn read_head(stream: &mut TcpStream, head: &mut [u8]) -> usize {
    let mut read = 0;
    while read < head.len() {
        match stream.read(&mut head[read..]).await {
            Ok(0) | Err(_) => break,
            Ok(n) => read += n,
        }
        let so_far = &head[..read];
        if so_far.windows(4).any(|w| w == b"\r\n\r\n") || so_far.windows(2).any(|w| w == b"\n\n") {
            break;
        }
    }
    read
}

/// Whether the request line in `head` asks for `/healthz`.
fn asks_for_health(head: &[u8]) -> bool {
    let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let mut words = line.split(|&b| b == b' ');
    let method = words.next().unwrap_or_default();
    let target = words.next().unwrap_or_default();
    let path = target.split(|&b| b == b'?').next().unwrap_or_default();
    method == b"GET" && path == b"/healthz"
}

/// The health answer, as `GET /healthz` gives it.
fn health(state: &AppState) -> Vec<u8> {
    let body = serde_json::to_string(&crate::api::health_of(state))
        .expect("the health serialises: plain numbers and a string");
    let mut answer = format!(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(body.as_bytes());
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_get_of_healthz_is_the_health() {
        for (line, health) in [
            ("GET /healthz HTTP/1.1\r\n", true),
            ("GET /healthz?x=1 HTTP/1.1\r\n", true),
            ("HEAD /healthz HTTP/1.1\r\n", false),
            ("GET /healthz/x HTTP/1.1\r\n", false),
            ("POST /healthz HTTP/1.1\r\n", false),
            ("GET /api/players HTTP/1.1\r\n", false),
            ("", false),
        ] {
            assert_eq!(asks_for_health(line.as_bytes()), health, "{line:?}");
        }
    }
}
