//! Shutdown with no request in flight is at once, whatever the open connections are doing
//! (issue 38, item 10: the server once waited out its client timeout, 10 s, to exit on
//! SIGTERM).

use c4_server::{ServerConfig, bind, serve};
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

/// The clients' timeout here: an hour, so a server that waited for its connections to time
/// out would not stop within [`STOPS_WITHIN`].
const CLIENT_TIMEOUT: Duration = Duration::from_secs(3600);

/// How long the test waits for the server to stop: a guard against a test that never ends,
/// far below [`CLIENT_TIMEOUT`] and far above what any machine needs to stop at once.
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
    // after an answer: none has a request in flight.
    let mut half = TcpStream::connect(addr).unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let _silent = TcpStream::connect(addr).unwrap();
    let mut kept = TcpStream::connect(addr).unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.send(()).unwrap();
    tokio::time::timeout(STOPS_WITHIN, server)
        .await
        .expect("the server stops without waiting for its connections to time out")
        .unwrap()
        .unwrap();
}
