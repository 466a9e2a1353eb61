//! `c4 serve`: the browser UI and the JSON API on a local port.

use anyhow::{Context, Result};
use c4_server::ServerConfig;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Searches (moves and analyses) that may run at once; more get 429 Too Many Requests
    /// [default: the number of CPUs].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_searches: Option<u32>,
    /// The longest any one search may take, in milliseconds: deeper or longer requests are
    /// clamped to it, and the response says so.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub time_cap: u64,
    /// Do not log one line per request on stderr.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: &ServeArgs) -> Result<()> {
    let mut config = ServerConfig {
        time_cap: Duration::from_millis(args.time_cap),
        log_requests: !args.quiet,
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
    runtime.block_on(async {
        let (listener, addr) = c4_server::bind(args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        eprintln!(
            "c4 serving http://{addr}/ (at most {} searches at once, {} ms each); Ctrl-C stops",
            config.max_searches, args.time_cap
        );
        let shutdown = async {
            // If the handler cannot be installed, run until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            eprintln!("shutting down: finishing the requests in flight");
        };
        c4_server::serve(listener, config, shutdown)
            .await
            .context("the server failed")
    })?;
    // Searches still running end within the time cap.
    runtime.shutdown_timeout(time_cap + Duration::from_secs(1));
    Ok(())
}
