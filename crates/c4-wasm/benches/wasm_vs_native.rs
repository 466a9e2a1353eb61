//! The WebAssembly engine's speed against the native one, on one thread each, on seeded
//! random positions of plies 0-20: `perfect`'s move and a whole analysis (every column,
//! solved within the time cap), each request timed inside the engine (Node's V8 for the
//! module, the same engine as Chromium's; this process for native). Prints the medians and
//! the median of the per-position ratios (docs/benchmarks.md).
//!
//! `cargo xtask node --out target/wasm-node && cargo bench -p c4-wasm --bench wasm_vs_native`

// Shared with the comparison test, which also strips the answers' times.
#[allow(dead_code)]
#[path = "../tests/node_engine/mod.rs"]
mod node_engine;

use node_engine::{Request, ask_node, random_positions};
use std::time::Instant;

/// Positions per measurement.
const POSITIONS: usize = 100;
/// Answers that take at least this long natively are searches more than set-up, ms.
const SEARCH_MS: f64 = 50.0;
/// The seed of the positions.
const SEED: u64 = 2026;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

/// Times `requests` natively and under Node; prints the medians and the ratio.
fn compare(name: &str, requests: &[Request]) {
    let (ready_ms, wasm) = ask_node(requests).unwrap_or_else(|e| panic!("{e}"));
    let mut native_ms = Vec::new();
    for (request, from_wasm) in requests.iter().zip(&wasm) {
        let start = Instant::now();
        let answer = c4_wasm::request(request.route, &request.body);
        native_ms.push(start.elapsed().as_secs_f64() * 1000.0);
        assert!(answer.ok, "{}: {}", request.body, answer.json);
        assert!(from_wasm.ok, "{}: {}", request.body, from_wasm.json);
    }
    let wasm_ms: Vec<f64> = wasm.iter().map(|a| a.ms).collect();
    // A quick answer is mostly setting up (the book, a zeroed solver table: natively a fresh
    // memory map, in the module memory it already has), so the ratio counts the searches.
    let ratios: Vec<f64> = native_ms
        .iter()
        .zip(&wasm_ms)
        .filter(|(native, _)| **native >= SEARCH_MS)
        .map(|(native, wasm)| wasm / native)
        .collect();
    println!(
        "{name}: {} positions, module loaded in {ready_ms:.0} ms; median native {:.1} ms, wasm {:.1} ms; total native {:.0} ms, wasm {:.0} ms; median ratio wasm/native {:.2} over the {} taking >= {SEARCH_MS} ms natively",
        requests.len(),
        median(native_ms.clone()),
        median(wasm_ms.clone()),
        native_ms.iter().sum::<f64>(),
        wasm_ms.iter().sum::<f64>(),
        median(ratios.clone()),
        ratios.len(),
    );
}

fn main() {
    let positions = random_positions(POSITIONS, SEED);
    let perfect: Vec<Request> = positions
        .iter()
        .map(|moves| Request {
            route: "/api/best",
            body: serde_json::json!({ "moves": moves, "ai": "perfect", "seed": 0 }).to_string(),
        })
        .collect();
    compare("perfect's move", &perfect);
    let analysis: Vec<Request> = positions
        .iter()
        .map(|moves| Request {
            route: "/api/analyze",
            body: serde_json::json!({ "moves": moves, "time_ms": c4_api::Limits::BROWSER.time_cap_ms() })
                .to_string(),
        })
        .collect();
    compare("whole analysis", &analysis);
}
