//! The server's own accept loop: the limits that keep one client (or thousands) from
//! holding the process.
//!
//! - At most [`ServerConfig::max_connections`] connections are served at once, well below
//!   the process's file limit. A connection over the cap is answered once and closed, by
//!   [`crate::over_capacity`] rather than hyper: `/healthz` as usual (a monitor sees a busy
//!   server alive), anything else `503 Service Unavailable` with `Retry-After` and a JSON
//!   error; every such connection gets its answer, however many there are.
//! - A client has [`ServerConfig::client_timeout`] to send a request's headers, on a new
//!   connection and between the requests of a kept-alive one: idle and half-sent
//!   connections are closed (and as long to send a body: see `read_body`). It has as long
//!   to take each piece of an answer: a client that sends requests and does not read the
//!   answers is closed when a write has waited that long (see `write_deadline`).
//! - A client that closes its side of the connection is gone: hyper then drops its request,
//!   and the search it was waiting for is cancelled (see `api::run_search`), freeing the
//!   search slot at once instead of at the time cap. (A client that only half-closes after
//!   its request is taken as gone too: TCP does not tell the two apart.)
//! - On shutdown the listener closes at once, connections finish their requests in flight
//!   for at most [`ServerConfig::drain_timeout`]; a request still running then is answered
//!   `503` ("the server is shutting down"), and the server returns. A request is in
//!   flight from its head's arrival to its answer: once none is, the server returns after
//!   [`ANSWER_GRACE`] (for the last answers to be written), without waiting for connections
//!   that are only sending a head, which hyper would otherwise wait for up to the client
//!   timeout.

use crate::refusals::JsonRefusals;
use crate::write_deadline::WriteDeadline;
use crate::{ApiError, AppState, ServerConfig, app, over_capacity};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long the requests in flight get to finish after a shutdown signal by default.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long, once no request is in flight, the last answers get to be written on shutdown.
pub const ANSWER_GRACE: Duration = Duration::from_millis(250);

/// One request in flight, counted in the server's total while it lives.
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn enter(count: &Arc<AtomicUsize>) -> InFlight {
        count.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(count))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Resolves once no request is in flight (checked every few milliseconds).
async fn no_request_in_flight(count: &AtomicUsize) {
    while count.load(Ordering::SeqCst) > 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Serves `config`'s application on `listener` until `shutdown` completes, then drains.
pub async fn serve(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let (client_timeout, drain_timeout) = (config.client_timeout, config.drain_timeout);
    let in_flight = Arc::new(AtomicUsize::new(0));
    // Turns true when the drain is over: every request still running is answered 503.
    let (stop_waiting, drain_over) = tokio::sync::watch::channel(false);
    let state = AppState::new(config);
    let over_capacity_state = state.clone();
    let service = {
        let router = TowerToHyperService::new(app(state));
        let in_flight = Arc::clone(&in_flight);
        hyper::service::service_fn(move |request| {
            let counted = InFlight::enter(&in_flight);
            let answer = hyper::service::Service::call(&router, request);
            let mut drain_over = drain_over.clone();
            async move {
                let answer = tokio::select! {
                    answer = answer => answer,
                    _ = drain_over.wait_for(|&over| over) => Ok(shutting_down()),
                };
                drop(counted);
                answer
            }
        })
    };
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(connection) => connection,
                Err(e) => {
                    // Out of file descriptors or a connection reset before accept: keep
                    // serving the others, and give the system a moment.
                    eprintln!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            tokio::spawn(over_capacity::answer(stream, over_capacity_state.clone()));
            continue;
        };
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(client_timeout)
            .serve_connection(
                TokioIo::new(WriteDeadline::new(
                    JsonRefusals::new(stream),
                    client_timeout,
                )),
                service.clone(),
            );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // Errors here are the client's (a reset, a timeout): nothing to report.
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    let drained = async {
        tokio::select! {
            () = graceful.shutdown() => {}
            () = async {
                no_request_in_flight(&in_flight).await;
                tokio::time::sleep(ANSWER_GRACE).await;
            } => {}
        }
    };
    if tokio::time::timeout(drain_timeout, drained).await.is_err() {
        eprintln!(
            "answering the requests still in flight after {} s: the server is shutting down",
            drain_timeout.as_secs_f64()
        );
        let _ = stop_waiting.send(true);
        let answered = async {
            no_request_in_flight(&in_flight).await;
            tokio::time::sleep(ANSWER_GRACE).await;
        };
        let _ = tokio::time::timeout(ANSWER_GRACE * 4, answered).await;
    }
    Ok(())
}

/// The answer to a request still running when the drain is over.
fn shutting_down() -> axum::response::Response {
    let mut error = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server is shutting down: the request was not finished",
    );
    error.retry_after = Some(1);
    error.into_response()
}
