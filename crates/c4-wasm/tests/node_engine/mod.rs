//! The WebAssembly engine under Node, beside the native one: the seeded random positions both
//! are asked about, and [`ask_node`], which sends requests to the module `cargo xtask node`
//! built (through `answer.js`) and reads its answers (each with the time the module took). Shared by the comparison test and the
//! benchmark (`benches/wasm_vs_native.rs`).

use c4_eval::SeededRng;
use c4_search::random_play;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// One request: the server's route and its JSON body.
pub struct Request {
    pub route: &'static str,
    pub body: String,
}

/// One answer from Node: whether it is an answer or an error, its JSON and how long the
/// module took, milliseconds.
pub struct NodeAnswer {
    pub ok: bool,
    pub json: String,
    pub ms: f64,
}

/// The folder of the Node module: `C4_WASM_NODE_DIR`, else `target/wasm-node`.
pub fn node_module_dir() -> PathBuf {
    std::env::var_os("C4_WASM_NODE_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/wasm-node"),
        PathBuf::from,
    )
}

/// `count` positions of random games of 0-20 plies (none over), from `seed`, as move strings.
pub fn random_positions(count: usize, seed: u64) -> Vec<String> {
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let plies = rng.random_range(0..=20);
        let game = random_play(&mut rng, plies);
        if !game.position().is_over() {
            positions.push(game.move_string());
        }
    }
    positions
}

/// Sends `requests` to the WebAssembly module under Node; the time it took to load, and one
/// answer per request, in order.
pub fn ask_node(requests: &[Request]) -> Result<(f64, Vec<NodeAnswer>), String> {
    let dir = node_module_dir();
    if !dir.join("c4_wasm_bg.wasm").is_file() {
        return Err(format!(
            "no Node module in {}: build it with `cargo xtask node --out {}`",
            dir.display(),
            dir.display()
        ));
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/node_engine/answer.js");
    let mut child = Command::new("node")
        .arg(&script)
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run node: {e}"))?;
    let lines: Vec<String> = requests
        .iter()
        .map(|r| serde_json::json!({ "route": r.route, "body": r.body }).to_string())
        .collect();
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    // Written from another thread, so that neither pipe fills while the other waits.
    let writer = std::thread::spawn(move || {
        for line in lines {
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    });
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut answers = Vec::with_capacity(requests.len());
    let mut ready_ms = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("reading node's answers: {e}"))?;
        let value: Value =
            serde_json::from_str(&line).map_err(|e| format!("node said {line:?}: {e}"))?;
        if let Some(ms) = value.get("ready_ms") {
            ready_ms = ms.as_f64();
            continue;
        }
        answers.push(NodeAnswer {
            ok: value["ok"].as_bool().ok_or("no ok")?,
            json: value["json"].as_str().ok_or("no json")?.to_owned(),
            ms: value["ms"].as_f64().ok_or("no ms")?,
        });
    }
    let _ = writer.join();
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() || answers.len() != requests.len() {
        return Err(format!(
            "node ended ({status}) after {} of {} answers",
            answers.len(),
            requests.len()
        ));
    }
    Ok((ready_ms.unwrap_or(f64::NAN), answers))
}

/// `value` without its `time_ms` fields (wall time differs from run to run).
pub fn without_times(mut value: Value) -> Value {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove("time_ms");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut value);
    value
}
