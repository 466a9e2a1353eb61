//! `c4 serve` as a process: it answers, bounds slow clients, refuses bad options and stops
//! gracefully on a signal.

use crate::support::run;

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

/// A guard against a test that never ends, far above what any machine needs for what is
/// awaited (an answer, a connection taken, a search started or stopped): it decides nothing
/// else.
const HANG_GUARD: std::time::Duration = std::time::Duration::from_secs(120);

/// Tries `done` until it holds, a short pause between tries; fails after [`HANG_GUARD`],
/// saying `what` never came.
fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + HANG_GUARD;
    while !done() {
        assert!(std::time::Instant::now() < deadline, "{what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn serve_bounds_slow_clients_and_connections_and_drains_on_sigterm() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
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
        stream.set_read_timeout(Some(HANG_GUARD)).unwrap();
        stream
    };
    let read_all = |mut stream: TcpStream| {
        let mut response = String::new();
        stream.read_to_string(&mut response).ok();
        response
    };
    let get = |path: &str| {
        let mut stream = connect();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        read_all(stream)
    };
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
    let searches_running = |n: u32| get("/healthz").contains(&format!("\"searches_running\":{n}"));
    // Whether the server has answered on `stream` (or closed it): a byte waits there.
    let answered = |stream: &TcpStream| {
        stream.set_nonblocking(true).unwrap();
        let waiting =
            !matches!(stream.peek(&mut [0]), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
        stream.set_nonblocking(false).unwrap();
        waiting
    };

    // A half-sent header is closed after the client timeout (one second), not held open: the
    // server ends the read, which this side's own read timeout, the guard, would otherwise do.
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

    // Over the connection cap: 503 at once for the API, once the server has taken the held
    // connections, which it takes in the order they come. Silent connections are closed at
    // the one-second client timeout, so each try holds fresh ones, until a try finds the
    // server holding all three (a loaded machine can take more than a second to accept them).
    let mut answer = String::new();
    until("no try found every connection taken", || {
        let held: Vec<TcpStream> = (0..3).map(|_| connect()).collect();
        answer = get("/api/players");
        drop(held);
        answer.starts_with("HTTP/1.1 503")
    });
    assert!(answer.contains("too many connections"), "{answer}");
    until("the closed connections were never freed", || {
        get("/api/position?moves=4").starts_with("HTTP/1.1 200")
    });

    // A client that goes away cancels its search: the one search slot is free again long
    // before the search's ten-minute cap, which a server that let it run would hold past the
    // guard.
    let endless = post(r#"{"moves": "", "ai": "minimax:depth=20,eval=kang"}"#);
    until("the search never started", || searches_running(1));
    drop(endless);
    until("the slot stays held", || {
        let answer = read_all(post(r#"{"moves": "4453", "ai": "easy"}"#));
        assert!(
            answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.1 429"),
            "{answer}"
        );
        answer.starts_with("HTTP/1.1 200")
    });

    // SIGTERM with a search in flight: the search is answered, then the server exits 0. The
    // search ends at its own time limit, a second (set in the request), well within the
    // drain; the signal goes once the server counts it running (a search that ended before
    // it was seen running is asked again).
    let searching = loop {
        let searching = post(r#"{"moves": "", "ai": "alphabeta:depth=42,eval=kang,time=1000"}"#);
        let mut running = false;
        until("the search neither started nor ended", || {
            running = searches_running(1);
            running || answered(&searching)
        });
        if running {
            break searching;
        }
        assert!(read_all(searching).starts_with("HTTP/1.1 200"));
    };
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
