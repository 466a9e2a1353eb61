//! The WebAssembly engine answers as the native one does: the same requests on a few hundred
//! seeded random positions (plies 0-20), asked of the module under Node and of the same
//! `c4_wasm::request` compiled natively, give the same JSON, wall times aside: the same moves,
//! scores, depths, node counts and principal variations, for every level kind, and the same
//! explanations by Allis' rules (`/api/explain`) on 7x6 and five other sizes. The one
//! difference: the module lacks the n-tuple network until its page supplies it, and says so.
//!
//! Ignored by default: it needs `cargo xtask node --out target/wasm-node` first (`.ci/run`
//! builds it); `C4_WASM_NODE_DIR` names another folder.

// Its timings are the benchmark's (benches/wasm_vs_native.rs); this test compares answers.
#[allow(dead_code)]
mod node_engine;

use node_engine::{Request, ask_node, random_positions, without_times};
use serde_json::Value;

/// Players whose answers depend on no clock: fixed depths, a depth-limited engine, the solver
/// (book and solve: every position here solves well inside the time cap) and random.
const PLAYERS: [&str; 7] = [
    "easy",
    "fair",
    "medium",
    "minimax:depth=4,eval=kang",
    "engine:depth=7,solver=off,time=60000",
    "perfect",
    "random",
];

#[test]
#[ignore = "needs the Node module: cargo xtask node --out target/wasm-node (.ci/run builds it)"]
fn native_and_wasm_give_the_same_answers() {
    let positions = random_positions(300, 39);
    let mut requests = Vec::new();
    for (i, moves) in positions.iter().enumerate() {
        // Every position gets its place in the rules and the book; the players take turns.
        let ai = PLAYERS[i % PLAYERS.len()];
        let seed = i as u64;
        requests.push(Request {
            route: "/api/best",
            body: serde_json::json!({ "moves": moves, "ai": ai, "seed": seed }).to_string(),
        });
        requests.push(Request {
            route: "/api/position",
            body: serde_json::json!({ "moves": moves }).to_string(),
        });
        requests.push(Request {
            route: "/api/book",
            body: serde_json::json!({ "moves": moves }).to_string(),
        });
        requests.push(Request {
            route: "/api/explain",
            body: serde_json::json!({ "moves": moves }).to_string(),
        });
    }
    // Explanations on other sizes, and a search with the rules as leaves, bounded by nodes.
    for (moves, size, search) in [
        ("", "6x4", 0),
        ("331", "6x5", 0),
        ("24626546556", "6x5", 0),
        ("2", "9x6", 0),
        ("a", "12x4", 0),
        ("2", "4x15", 0),
        ("", "7x6", 20),
        ("4", "7x4", 200),
    ] {
        requests.push(Request {
            route: "/api/explain",
            body: serde_json::json!({ "moves": moves, "size": size, "search": search }).to_string(),
        });
    }
    // Errors too: the same words.
    for (route, body) in [
        ("/api/best", r#"{"moves": "4444444"}"#),
        ("/api/best", r#"{"moves": "4", "ai": "nonsense"}"#),
        (
            "/api/best",
            r#"{"moves": "4", "ai": "perfect:book=/etc/passwd"}"#,
        ),
        ("/api/position", r#"{"moves": "8"}"#),
        ("/api/explain", r#"{"moves": "7", "size": "6x5"}"#),
        ("/api/nowhere", "{}"),
    ] {
        requests.push(Request {
            route,
            body: body.to_owned(),
        });
    }
    let (_, answers) = ask_node(&requests).unwrap();
    for (request, wasm) in requests.iter().zip(&answers) {
        assert_same_answer(request, wasm, &[]);
    }
    eprintln!("{} answers compared, all equal", requests.len());
}

/// The module's answer to `request` is the native one: the same JSON but its wall times and
/// the top-level fields named in `beside`.
fn assert_same_answer(request: &Request, wasm: &node_engine::NodeAnswer, beside: &[&str]) {
    let native = c4_wasm::request(request.route, &request.body);
    let parse = |json: &str| {
        let mut value = without_times(serde_json::from_str::<Value>(json).unwrap());
        if let Some(map) = value.as_object_mut() {
            for field in beside {
                map.remove(*field);
            }
        }
        value
    };
    assert_eq!(
        (wasm.ok, parse(&wasm.json)),
        (native.ok, parse(&native.json)),
        "{} {}",
        request.route,
        request.body
    );
}

/// The module is built without the n-tuple network, which the page fetches and supplies: a
/// request naming it before then is refused with that reason, where the native build, which
/// carries the network, answers.
#[test]
#[ignore = "needs the Node module: cargo xtask node --out target/wasm-node (.ci/run builds it)"]
fn the_module_names_the_network_it_lacks() {
    let request = Request {
        route: "/api/best",
        body: r#"{"moves": "4", "ai": "alphabeta:depth=2,eval=ntuple", "seed": 1}"#.to_owned(),
    };
    let native = c4_wasm::request(request.route, &request.body);
    assert!(native.ok, "{}", native.json);
    let (_, answers) = ask_node(std::slice::from_ref(&request)).unwrap();
    assert!(!answers[0].ok, "{}", answers[0].json);
    assert!(
        answers[0]
            .json
            .contains("the built-in network is not loaded yet"),
        "{}",
        answers[0].json
    );
}

/// The most nodes of a native answer compared (analyses and hints).
const LIGHT_NODES: u64 = 1_000_000;

/// The page's other numbers: analyses, hints and reviews answer alike wherever the native
/// answer is exact throughout (then no clock decided anything): positions from the book,
/// solved ones past the ply-12 layer, and 6x5's. An answer with an estimate in it depends on
/// how far a search got in its time, so those are left out, and counted, as are answers of
/// over [`LIGHT_NODES`] (the module, slower, might not finish them in time on a loaded
/// machine). The module has no layer here (the page supplies its chunks) where the native
/// build has it built in, so no request reads it: the positions start past it or end before
/// it, and only games within the book's plies are reviewed (a review judges every position
/// of its game).
#[test]
#[ignore = "needs the Node module: cargo xtask node --out target/wasm-node (.ci/run builds it)"]
fn analyses_hints_and_reviews_agree_where_they_are_exact() {
    let random = random_positions(400, 71);
    let early = random.iter().filter(|m| m.len() <= 8).take(20);
    let late = random.iter().filter(|m| m.len() >= 16).take(24);
    let on_6x5 = [
        "334412",
        "3344126",
        "33441265",
        "61523",
        "25253",
        "33442215566",
    ];
    let mut positions: Vec<(String, &str, bool)> = ["", "4", "4453"]
        .iter()
        .map(|m| ((*m).to_owned(), "7x6", true))
        .collect();
    positions.extend(early.map(|m| (m.clone(), "7x6", true)));
    positions.extend(late.map(|m| (m.clone(), "7x6", false)));
    positions.extend(on_6x5.iter().map(|m| ((*m).to_owned(), "6x5", false)));
    let mut requests = Vec::new();
    let mut estimates = 0;
    for (moves, size, reviewed) in &positions {
        let mut asked = vec![
            (
                "/api/analyze",
                serde_json::json!({ "moves": moves, "size": size, "time_ms": 5000 }),
            ),
            (
                "/api/hint",
                serde_json::json!({ "moves": moves, "size": size }),
            ),
        ];
        if *reviewed {
            asked.push((
                "/api/review",
                serde_json::json!({ "moves": moves, "size": size, "time_ms": 5000 }),
            ));
        }
        for (route, body) in asked {
            let body = body.to_string();
            let native = c4_wasm::request(route, &body);
            let answer: Value = serde_json::from_str(&native.json).unwrap();
            let light = answer["nodes"].as_u64().is_none_or(|n| n <= LIGHT_NODES);
            let exact = match route {
                "/api/analyze" | "/api/hint" => answer["exact"] == true && light,
                _ => answer["complete"] == true || !native.ok,
            };
            if exact {
                requests.push(Request { route, body });
            } else {
                estimates += 1;
            }
        }
    }
    let (_, answers) = ask_node(&requests).unwrap();
    for (request, wasm) in requests.iter().zip(&answers) {
        // An analysis's node count is its searches' and its solves' together, and the
        // search's share follows the clock; every value shown is compared.
        let beside: &[&str] = if request.route == "/api/analyze" {
            &["nodes"]
        } else {
            &[]
        };
        assert_same_answer(request, wasm, beside);
    }
    let count = |route: &str| requests.iter().filter(|r| r.route == route).count();
    eprintln!(
        "{} analyses, {} hints and {} reviews equal; {estimates} answers with an estimate or over the node bound left out",
        count("/api/analyze"),
        count("/api/hint"),
        count("/api/review")
    );
    for route in ["/api/analyze", "/api/hint", "/api/review"] {
        assert!(
            count(route) >= 20,
            "only {} exact answers of {route}",
            count(route)
        );
    }
}
