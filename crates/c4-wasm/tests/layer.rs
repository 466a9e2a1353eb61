//! The page's layer: `/api/layer` names the chunks a position (or a line) reads,
//! `supply_layer_chunk` hands them over as the page fetches them, and the answers that follow
//! read them. Its own test binary: the supplied layer is one per process, and from its first
//! use it is the layer every answer of the process reads.

use c4_wasm::{SupplyError, request, supply_layer_chunk, supply_network};
use serde_json::{Value, json};
use std::path::Path;

/// The answer's JSON, and whether it is an answer (not an error).
fn ask(route: &str, body: &Value) -> (bool, Value) {
    let answer = request(route, &body.to_string());
    (answer.ok, serde_json::from_str(&answer.json).unwrap())
}

fn chunks(answer: &Value) -> Vec<u32> {
    answer["chunks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| u32::try_from(n.as_u64().unwrap()).unwrap())
        .collect()
}

fn committed(number: u32) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../c4-layers/data/ply12")
        .join(format!("chunk-{number:05}.c4layer"))
}

#[test]
fn the_chunks_a_position_reads_are_named_supplied_and_read() {
    // A ply-10 position whose chunks are committed.
    let moves = "4444443333";
    let (ok, named) = ask("/api/layer", &json!({ "moves": moves }));
    assert!(ok, "{named}");
    assert_eq!(named["ply"], 12);
    let needed = chunks(&named);
    assert!(!needed.is_empty() && needed.iter().all(|&n| committed(n).exists()));

    let analyse = json!({ "moves": moves, "time_ms": 5000 });
    let (ok, before) = ask("/api/analyze", &analyse);
    assert!(ok && before["exact"] == true, "{before}");
    for &number in &needed {
        supply_layer_chunk(number, &std::fs::read(committed(number)).unwrap()).unwrap();
    }
    let (ok, after) = ask("/api/analyze", &analyse);
    assert!(ok && after["exact"] == true, "{after}");
    assert_eq!(after["columns"], before["columns"]);
    let nodes = |answer: &Value| answer["nodes"].as_u64().unwrap();
    assert!(nodes(&after) * 10 < nodes(&before), "{after} {before}");

    // A line reads the chunks of each of its positions; plies before 9 and other boards, none.
    let (_, line) = ask("/api/layer", &json!({ "moves": moves, "line": true }));
    assert!(needed.iter().all(|n| chunks(&line).contains(n)));
    assert!(chunks(&line).len() > needed.len());
    let (_, early) = ask("/api/layer", &json!({ "moves": "44444433" }));
    assert!(chunks(&early).is_empty());
    let (ok, small) = ask(
        "/api/layer",
        &json!({ "moves": "4444433333", "size": "6x5" }),
    );
    assert!(ok && chunks(&small).is_empty(), "{small}");
}

#[test]
fn what_the_layer_refuses_is_named() {
    let refused = supply_layer_chunk(3, b"nonsense").unwrap_err();
    assert!(matches!(refused, SupplyError::Layer(_)), "{refused:?}");
    assert_eq!(
        refused.to_string(),
        "(fetched ply12)/chunk-00003.c4layer: not a c4 layer chunk (it does not start with the \
         chunk header)"
    );
    let bytes = std::fs::read(committed(0)).unwrap();
    let error = supply_layer_chunk(1, &bytes).unwrap_err().to_string();
    assert!(error.contains("it is chunk 0"), "{error}");
    let error = supply_network(b"not a network").unwrap_err();
    assert!(matches!(error, SupplyError::Network(_)), "{error:?}");
    for (body, words) in [
        (json!({ "moves": "48" }), "invalid position"),
        (json!({ "moves": "4", "ai": "x" }), "unknown field"),
        (json!({ "moves": "4", "size": "3x3" }), "size"),
    ] {
        let (ok, answer) = ask("/api/layer", &body);
        assert!(!ok, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{body}: {error}");
    }
}
