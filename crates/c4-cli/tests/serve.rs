//! `c4 serve` as a process: it answers, bounds slow clients, refuses bad options and stops
//! gracefully on a signal.

mod support;

use support::run;

/// `c4 serve` on a free loopback port with `options`: the process, its stderr after the
/// first line, and the address that line names.
fn start_server(
    options: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("c4"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(options)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    // "c4 serving http://127.0.0.1:PORT/ (...)"
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    (child, stderr, addr)
}

#[test]
fn serve_answers_and_stops_gracefully_on_ctrl_c() {
    use std::io::{Read, Write};
    let (mut child, mut stderr, addr) = start_server(&["--max-searches", "1"]);
    let mut stream = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"max_searches\":1"), "{response}");

    // A second server on the same port is refused with a clear error.
    let (code, _, err) = run(&["serve", "--addr", &addr]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot listen on"), "{err}");

    let interrupted = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status}: {rest}");
    assert!(rest.contains("GET /healthz 200"), "request log: {rest}");
    assert!(rest.contains("shutting down"), "{rest}");
}

#[test]
fn serve_bounds_slow_clients_and_connections_and_drains_on_sigterm() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::{Duration, Instant};
    let (mut child, mut stderr, addr) = start_server(&[
        "--max-connections",
        "3",
        "--client-timeout",
        "1",
        "--quiet",
        "--max-searches",
        "1",
        "--time-cap",
        "600000",
    ]);
    let connect = || {
        let stream = TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream
    };
    let read_all = |mut stream: TcpStream| {
        let mut response = String::new();
        stream.read_to_string(&mut response).ok();
        response
    };

    // A half-sent header is closed after the client timeout (one second), not held open: the
    // server ends the read, which this side's own 20-second read timeout would otherwise do.
    let mut slow = connect();
    write!(slow, "GET /healthz HTTP/1.1\r\nHo").unwrap();
    let mut answer = String::new();
    let read = slow.read_to_string(&mut answer);
    assert!(
        !read.as_ref().is_err_and(|e| matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        )),
        "the server held a half-sent header open: {read:?}"
    );
    assert!(!answer.contains("200 OK"), "{answer}");

    // A body declared as 1 GB is refused before it is sent.
    let mut big = connect();
    write!(
        big,
        "POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: 1000000000\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let answer = read_all(big);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");

    // Over the connection cap: 503 at once for the API (the health check is still answered),
    // once the server has taken the held connections. Silent connections are closed after the
    // one-second client timeout, so each try holds fresh ones (on a loaded machine the server
    // can take more than a moment to accept them).
    let deadline = Instant::now() + Duration::from_secs(10);
    let answer = loop {
        let held: Vec<TcpStream> = (0..3).map(|_| connect()).collect();
        std::thread::sleep(Duration::from_millis(200));
        let mut over = connect();
        write!(over, "GET /api/players HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let answer = read_all(over);
        drop(held);
        if answer.starts_with("HTTP/1.1 503") || Instant::now() > deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(1200));
    };
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    std::thread::sleep(Duration::from_millis(200));

    // A client that goes away cancels its search: the one search slot is free again long
    // before the search's ten-minute cap.
    let post = |body: &str| {
        let mut stream = connect();
        write!(
            stream,
            "POST /api/best HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        stream
    };
    let endless = post(r#"{"moves": "", "ai": "minimax:depth=20,eval=kang"}"#);
    std::thread::sleep(Duration::from_millis(300));
    drop(endless);
    let gone = Instant::now();
    loop {
        let answer = read_all(post(r#"{"moves": "4453", "ai": "easy"}"#));
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
        assert!(
            gone.elapsed() < Duration::from_secs(60),
            "the slot stays held"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    // SIGTERM with a search in flight: the search is answered, then the server exits 0.
    let searching = post(r#"{"moves": "", "ai": "alphabeta:depth=9,eval=kang"}"#);
    std::thread::sleep(Duration::from_millis(300));
    let terminated = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(terminated.success());
    let answer = read_all(searching);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let status = child.wait().unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status}: {rest}");
    assert!(rest.contains("terminated: shutting down"), "{rest}");
}

#[test]
fn serve_rejects_bad_options() {
    let (code, _, err) = run(&["serve", "--addr", "nowhere"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'nowhere'"), "{err}");
    let (code, _, err) = run(&["serve", "--time-cap", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time-cap"), "{err}");
}
