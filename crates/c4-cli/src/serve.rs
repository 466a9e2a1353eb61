//! `c4 serve`: the browser UI and the JSON API on a local port.

use anyhow::{Context, Result};
use c4_server::ServerConfig;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080", conflicts_with = "port")]
    pub addr: SocketAddr,
    /// The port to listen on, on the loopback address: `--port 18080` is
    /// `--addr 127.0.0.1:18080`.
    #[arg(long)]
    pub port: Option<u16>,
    /// Searches (moves and analyses) that may run at once; more get 429 Too Many Requests
    /// [default: the number of CPUs].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_searches: Option<u32>,
    /// The longest any one search may take, in milliseconds: deeper or longer requests are
    /// clamped to it, and the response says so.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub time_cap: u64,
    /// Connections served at once; more get 503 Service Unavailable and are closed.
    #[arg(long, default_value_t = c4_server::DEFAULT_MAX_CONNECTIONS as u32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_connections: u32,
    /// Seconds a client may take to send a request's headers or body, or stay idle on a
    /// kept-alive connection, before it is closed.
    #[arg(long, default_value_t = c4_server::DEFAULT_CLIENT_TIMEOUT.as_secs_f64())]
    pub client_timeout: f64,
    /// Do not log one line per request on stderr.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    let mut config = ServerConfig {
        time_cap: Duration::from_millis(args.time_cap),
        log_requests: !args.quiet,
        max_connections: args.max_connections as usize,
        client_timeout: client_timeout(args.client_timeout)?,
        ..ServerConfig::default()
    };
    if let Some(n) = args.max_searches {
        config.max_searches = n as usize;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let time_cap = config.time_cap;
    let asked = args.port.map_or(args.addr, |port| {
        SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, port))
    });
    runtime.block_on(async {
        let (listener, addr) = c4_server::bind(asked)
            .await
            .with_context(|| format!("cannot listen on {asked}"))?;
        eprintln!(
            "c4 serving http://{addr}/ (at most {} searches at once, {} ms each); Ctrl-C stops",
            config.max_searches, args.time_cap
        );
        let shutdown = async {
            let signal = stop_signal().await;
            eprintln!(
                "{signal}: shutting down, finishing the requests in flight (at most {} s)",
                c4_server::connections::DRAIN_TIMEOUT.as_secs()
            );
        };
        c4_server::serve(listener, config, shutdown)
            .await
            .context("the server failed")
    })?;
    // Searches still running end within the time cap.
    runtime.shutdown_timeout(time_cap + Duration::from_secs(1));
    Ok(())
}

fn client_timeout(seconds: f64) -> Result<Duration> {
    if !(0.1..=3600.0).contains(&seconds) {
        anyhow::bail!("--client-timeout must be from 0.1 to 3600 seconds");
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The next signal of `stream`; never, if it could not be listened for.
async fn next_of(stream: &mut Option<tokio::signal::unix::Signal>) {
    match stream {
        Some(stream) => {
            stream.recv().await;
        }
        None => std::future::pending::<()>().await,
    }
}

/// The first of SIGINT (Ctrl-C), SIGTERM (service managers, `kill`) and SIGHUP (a closed
/// terminal), by name; never, if none can be listened for.
async fn stop_signal() -> &'static str {
    use tokio::signal::unix::{SignalKind, signal};
    let listen = |kind| signal(kind).ok();
    let (mut interrupt, mut terminate, mut hangup) = (
        listen(SignalKind::interrupt()),
        listen(SignalKind::terminate()),
        listen(SignalKind::hangup()),
    );
    tokio::select! {
        () = next_of(&mut interrupt) => "interrupted",
        () = next_of(&mut terminate) => "terminated",
        () = next_of(&mut hangup) => "hung up",
    }
}
