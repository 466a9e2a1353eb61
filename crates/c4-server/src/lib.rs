//! c4-server: c4 in the browser. A JSON API over the engine and the page that uses it,
//! both served by the `c4` binary (`c4 serve`).
//!
//! # Shape
//!
//! [`router`] builds the whole application as one axum [`Router`]: the API handlers in
//! [`api`], the embedded page in [`assets`], a request log and a body-size limit around
//! them. Tests drive that router in-process; [`serve`] runs it on a socket until a
//! shutdown signal.
//!
//! Searches are CPU-bound and may take up to the time cap, so they run on tokio's blocking
//! pool, never on the async threads, and a semaphore admits at most `max_searches` at once:
//! beyond that a request gets `429 Too Many Requests` with `Retry-After` at once instead of
//! queueing. The requests are answered by c4-api's functions under the server's
//! [`Limits`] ([`ServerConfig::limits`]): every player spec is clamped to the time cap
//! before it runs, so no request holds a search thread for longer than that.

#![deny(missing_docs)]

pub mod api;
pub mod assets;
pub mod body;
pub mod connections;
mod error;
pub mod over_capacity;
pub mod record;
mod refusals;
mod write_deadline;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::IntoResponse;
use axum::response::Response;
use c4_api::Limits;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use error::ApiError;

/// The largest request body accepted (a move string and a player spec fit in a few hundred
/// bytes).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Connections served at once by default: far below a process's usual file limit (1024),
/// far above what a page and a few scripts open.
pub const DEFAULT_MAX_CONNECTIONS: usize = 512;

/// log2 of the largest solver table one search may allocate: 2^24 slots, 128 MiB (the
/// native default).
pub const MAX_SEARCH_TABLE_BITS: u32 = 24;
/// The most threads one search may use.
pub const MAX_SEARCH_THREADS: u32 = 2;

/// Settings of a server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Searches (moves and analyses) allowed to run at once; more get 429.
    pub max_searches: usize,
    /// The longest any one search may take.
    pub time_cap: Duration,
    /// Print one line per request on stderr.
    pub log_requests: bool,
    /// Connections served at once; over it `/healthz` is answered as usual and anything
    /// else gets 503 (see [`over_capacity`]).
    pub max_connections: usize,
    /// How long a client may take to send a request's headers or its body, stay idle on a
    /// kept-alive connection, or leave an answer untaken (see `write_deadline`).
    pub client_timeout: Duration,
    /// How long the requests in flight get to finish after a shutdown signal; those still
    /// running then are answered 503.
    pub drain_timeout: Duration,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            time_cap: Duration::from_millis(5000),
            log_requests: true,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            client_timeout: DEFAULT_CLIENT_TIMEOUT,
            drain_timeout: connections::DRAIN_TIMEOUT,
        }
    }
}

impl ServerConfig {
    /// What one search may take on this server: its time cap, [`MAX_SEARCH_TABLE_BITS`]
    /// and [`MAX_SEARCH_THREADS`].
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            time_cap: self.time_cap,
            max_table_bits: MAX_SEARCH_TABLE_BITS,
            max_threads: MAX_SEARCH_THREADS,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    config: Arc<ServerConfig>,
    searches: Arc<Semaphore>,
}

impl AppState {
    /// State for `config`.
    #[must_use]
    pub fn new(config: ServerConfig) -> AppState {
        AppState {
            searches: Arc::new(Semaphore::new(config.max_searches.max(1))),
            config: Arc::new(config),
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &ServerConfig {
        &self.config
    }
}

/// How long a client may take to send a request's headers or body by default.
pub const DEFAULT_CLIENT_TIMEOUT: Duration = Duration::from_secs(10);

/// The application: API, page, request log and body limits (`read_body` buffers every
/// body within [`MAX_BODY_BYTES`] before a handler sees it).
pub fn router(config: ServerConfig) -> Router {
    app(AppState::new(config))
}

/// The application of [`router`] on `state`, which another router may share.
fn app(state: AppState) -> Router {
    let log = state.config.log_requests;
    // `/api/record` is record.rs's: it calls the API's searches, so api.rs cannot name it.
    let app = api::routes()
        .route("/api/record", axum::routing::post(record::record_game))
        .fallback(assets::serve_asset)
        .layer(middleware::from_fn_with_state(
            state.config.client_timeout,
            read_body,
        ))
        .with_state(state);
    if log {
        app.layer(middleware::from_fn(log_request))
    } else {
        app
    }
}

/// Reads a request's body before the handler runs: a body declared larger than
/// [`MAX_BODY_BYTES`] is refused at once with 413, before any of it is read, and one not
/// sent within the client timeout gets 408.
async fn read_body(
    axum::extract::State(timeout): axum::extract::State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is over the limit of {MAX_BODY_BYTES} bytes"),
        )
        .into_response()
    };
    if declared.is_some_and(|bytes| bytes > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(timeout, axum::body::to_bytes(body, MAX_BODY_BYTES)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(_)) => too_large(),
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within {} s",
                timeout.as_secs_f64()
            ),
        )
        .into_response(),
    }
}

/// One line per request: method, path, status, milliseconds.
async fn log_request(request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    eprintln!(
        "{method} {path} {} {:.1} ms",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1e3
    );
    response
}

/// Serves the application on `listener` until `shutdown` completes, then finishes the
/// requests in flight (for a bounded time): see [`connections`].
pub async fn serve(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    connections::serve(listener, config, shutdown).await
}

/// Binds `addr` (port 0 picks a free port) and returns the listener with its address.
pub async fn bind(addr: SocketAddr) -> std::io::Result<(TcpListener, SocketAddr)> {
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    Ok((listener, local))
}
