//! The static site's answers timed in headless Chromium, ply by ply, beside `c4 bench`'s
//! native figures for the same positions: 40 a ply from `c4_search::random_positions` (seed 1,
//! the positions `c4 bench analysis --plies P-P --positions 40 --seed 1` and `c4 bench
//! player --ai perfect ...` time), each asked through the page's own `api()`: a Web Worker
//! running the engine in WebAssembly, the layer's chunks fetched as the positions need them,
//! from the moment the page asks to the answer, after one request of the empty board has
//! compiled the module and started a worker. Printed for docs/benchmarks.md, not asserted
//! (machines are noisy); every answer must come back without an error.
//!
//! `cargo xtask site --out target/site`, then
//! `cargo test -p c4-server --test server static_site_speed -- --ignored --nocapture`
//! (`C4_PLIES=A-B` for fewer plies).

use crate::browser_support::{TestResult, wait_for};
use crate::static_site::StaticSite;
use c4_arena::stats::nearest_rank;
use fantoccini::Client;
use fantoccini::wd::TimeoutConfiguration;
use serde_json::{Value, json};
use std::time::Duration;

/// Positions timed at each ply.
const POSITIONS: usize = 40;

/// The longest one ply's requests may take in all: 40 analyses capped at a second each by
/// their budget, 40 moves, and the chunks fetched on the way, with room to spare.
const PLY_GUARD: Duration = Duration::from_secs(600);

/// Asks the page's engine for every position of `arguments[0]` in turn: the analysis
/// (`/api/analyze`, its default budget), then `perfect`'s move (`/api/best`). Answers, per
/// position, the two wall times in milliseconds and whether each answer was exact.
const TIME_REQUESTS: &str = r#"
const [positions, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const { api } = await import(new URL("engine.js", document.baseURI));
  const timed = [];
  for (const moves of positions) {
    let start = performance.now();
    const analysis = await api("/api/analyze", { moves });
    const analyze_ms = performance.now() - start;
    start = performance.now();
    const best = await api("/api/best", { moves, ai: "perfect", seed: 1 });
    const perfect_ms = performance.now() - start;
    timed.push({ analyze_ms, analyze_exact: analysis.exact, perfect_ms, perfect_exact: best.exact });
  }
  return timed;
})().then(done, (error) => done({ error: String(error) }));
"#;

/// Median, 99th percentile and maximum, ranked as `c4 bench` ranks them.
fn summary(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    format!(
        "median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        nearest_rank(&times, 0.5),
        nearest_rank(&times, 0.99),
        times[times.len() - 1]
    )
}

/// The plies asked for by `C4_PLIES` (A-B), else 0-41.
fn plies() -> std::ops::RangeInclusive<u32> {
    let asked = std::env::var("C4_PLIES").ok();
    let parsed = asked.as_deref().and_then(|text| {
        let (low, high) = text.split_once('-')?;
        Some(low.parse().ok()?..=high.parse().ok()?)
    });
    if asked.is_some() && parsed.is_none() {
        panic!("C4_PLIES is A-B, two plies: {asked:?}");
    }
    parsed.unwrap_or(0..=41)
}

async fn time_plies(client: &Client, base: &str) -> TestResult {
    client.goto(base).await?;
    wait_for(client, "body[data-turn='human']").await?;
    client
        .update_timeouts(TimeoutConfiguration::new(Some(PLY_GUARD), None, None))
        .await?;
    // The module's compilation and a worker's start, once per page, are not any ply's.
    client
        .execute_async(TIME_REQUESTS, vec![json!([""])])
        .await?;
    for ply in plies() {
        let positions: Vec<Value> = c4_search::random_positions(1, ply..=ply, POSITIONS)
            .iter()
            .map(|game| json!(game.move_string()))
            .collect();
        let answer = client
            .execute_async(TIME_REQUESTS, vec![json!(positions)])
            .await?;
        let Some(timed) = answer.as_array() else {
            return Err(format!("ply {ply}: {answer}").into());
        };
        let column =
            |name: &str| -> Vec<f64> { timed.iter().filter_map(|t| t[name].as_f64()).collect() };
        let exact = |name: &str| timed.iter().filter(|t| t[name] == json!(true)).count();
        assert_eq!(timed.len(), positions.len(), "ply {ply}: {answer}");
        println!(
            "ply {ply:>2}: analysis {} ({} of {} exact) | perfect {} ({} exact)",
            summary(column("analyze_ms")),
            exact("analyze_exact"),
            timed.len(),
            summary(column("perfect_ms")),
            exact("perfect_exact"),
        );
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a benchmark: needs the static site (cargo xtask site --out target/site) and minutes"]
async fn the_static_sites_answers_timed_ply_by_ply() {
    let site = StaticSite::open().await.unwrap();
    let outcome = time_plies(&site.client, &site.base).await;
    site.close().await;
    outcome.unwrap();
}
