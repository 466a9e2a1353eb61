//! c4-wasm: c4's engine in the browser, so the page plays, hints, analyses and reviews from
//! a static host with nothing installed.
//!
//! # Why the crate is shaped this way
//!
//! The page already speaks JSON to `c4 serve`'s API. The static page sends the same bodies to
//! a Web Worker instead, and the worker hands them to [`request`], which answers with the JSON
//! the server would have sent, computed by the same c4-players and c4-api code (no second engine): the
//! page's code does not care which mode it runs in. [`requests`] holds the typed requests and
//! answers, free of JavaScript, so native tests run exactly what the browser runs; this file
//! only turns them into and out of JSON text at the wasm-bindgen boundary. It uses the crates up
//! to c4-api only: game records, runs and files belong to the native crates.
//!
//! The browser gives a page one thread per worker and no file system, so every search runs on
//! one thread ([`BROWSER_THREADS`]), every file option must name something shipped (the
//! built-in book is compiled into the module), and the engine's clock is the browser's
//! (`c4_solver::clock`). The crate also builds natively (wasm-bindgen's exports are plain
//! functions there), so `cargo test --workspace` and clippy check it without the wasm
//! toolchain; `cargo xtask site` builds it for `wasm32-unknown-unknown`.

pub mod requests;

use requests::RequestError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::wasm_bindgen;

/// log2 of the solver table a player may use in the browser: 2^24 slots, 128 MiB, the native
/// default and the server's cap. It fits the 4 GiB a wasm32 module may address and the memory
/// of any desktop browser, and with the same table as native the same searches visit the same
/// nodes, so the browser's reports equal the native ones.
pub const BROWSER_TABLE_BITS: u32 = 24;
/// Threads of one search: a Web Worker is one thread (the module is built without shared
/// memory), so every solve and search runs alone on it.
pub const BROWSER_THREADS: u32 = 1;
/// The longest one search may take, milliseconds: the server's default cap (`c4 serve
/// --time-cap`). The page can still stop a search at once by ending its worker.
pub const BROWSER_TIME_CAP_MS: u64 = 5000;

/// The routes [`request`] answers: the server's, by the server's names (`/api/record` aside:
/// records belong to c4-arena), and `/api/book`, the built-in book's scores, this module's own.
pub const ROUTES: [&str; 7] = [
    "/api/position",
    "/api/best",
    "/api/hint",
    "/api/analyze",
    "/api/review",
    "/api/players",
    "/api/book",
];

/// Answers one of the page's API requests: `route` is the server's path (see [`ROUTES`]),
/// `body` the JSON body of a POST (for `/api/position` and `/api/book`, `{"moves": ...}`; for
/// `/api/players`, ignored). Returns the answer's JSON, or a JSON `{"error": ...}` and `false`
/// in `ok`.
#[wasm_bindgen]
pub fn request(route: &str, body: &str) -> Answer {
    match answer(route, body) {
        Ok(json) => Answer { ok: true, json },
        Err(error) => Answer {
            ok: false,
            json: serde_json::json!({ "error": error.0 }).to_string(),
        },
    }
}

/// The result of [`request`]: the JSON text, an answer or an error.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Whether `json` is an answer (else it is `{"error": ...}`).
    pub ok: bool,
    /// The JSON text.
    pub json: String,
}

/// The body of the requests that carry only a position.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesBody {
    #[serde(default)]
    moves: String,
}

/// [`request`] with typed errors.
pub fn answer(route: &str, body: &str) -> Result<String, RequestError> {
    match route {
        "/api/position" => to_json(&requests::position(&parse::<MovesBody>(body)?.moves)?),
        "/api/best" => to_json(&requests::best(parse(body)?)?),
        "/api/hint" => to_json(&requests::hint(parse(body)?)?),
        "/api/analyze" => to_json(&requests::analyze_position(parse(body)?)?),
        "/api/review" => to_json(&requests::review_game(parse(body)?)?),
        "/api/players" => to_json(&requests::players()),
        "/api/book" => to_json(&requests::book(&parse::<MovesBody>(body)?.moves)?),
        _ => Err(RequestError(format!(
            "no route {route:?}: the engine answers {}",
            ROUTES.join(", ")
        ))),
    }
}

fn parse<T: DeserializeOwned>(body: &str) -> Result<T, RequestError> {
    serde_json::from_str(body).map_err(|e| RequestError(format!("invalid request body: {e}")))
}

fn to_json<T: Serialize>(value: &T) -> Result<String, RequestError> {
    serde_json::to_string(value).map_err(|e| RequestError(format!("unwritable answer: {e}")))
}
