//! Shutdown with no request in flight is at once, whatever the open connections are doing
//! (issue 38, item 10: the server once took 10 s to exit on SIGTERM).

use c4_server::{ServerConfig, bind, serve};
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_sending_a_head_does_not_hold_the_shutdown() {
    let (listener, addr) = bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = ServerConfig {
        log_requests: false,
        client_timeout: Duration::from_secs(10),
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
    let asked = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server stops within 5 s")
        .unwrap()
        .unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}
