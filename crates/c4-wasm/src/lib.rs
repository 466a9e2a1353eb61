//! c4-wasm: c4's engine in the browser, so the page plays, hints, analyses and reviews from
//! a static host with nothing installed.
//!
//! # Why the crate is shaped this way
//!
//! The page already speaks JSON to `c4 serve`'s API. The static page sends the same bodies to
//! a Web Worker instead, and the worker hands them to [`request`], which answers with the JSON
//! the server would have sent, computed by the same c4-api functions (no second engine, no
//! second API): the page's code does not care which mode it runs in. [`requests`] is the JSON
//! glue (a route's body read as c4-api's request, its function called with c4-api's
//! `Limits::BROWSER`, the answer written back), free of JavaScript, so native tests run
//! exactly what the browser runs; this file only adds the wasm-bindgen boundary. [`book`]
//! answers the one route the server lacks, the built-in book's scores. The crate uses the
//! crates up to c4-api only: game records, runs and files belong to the native crates.
//!
//! The browser gives a page one thread per worker and no file system, so every search runs on
//! one thread (`Limits::BROWSER`), every file option must name something shipped (the
//! built-in book is compiled into the module; the layer's chunks and the n-tuple network are
//! fetched by the page when first needed and handed over), and the engine's clock is the browser's
//! (`c4_solver::clock`). The crate also builds natively (wasm-bindgen's exports are plain
//! functions there), so `cargo test --workspace` and clippy check it without the wasm
//! toolchain; `cargo xtask site` builds it for `wasm32-unknown-unknown`.

pub mod book;
pub mod layer;
pub mod requests;

use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

pub use requests::{AnswerError, ROUTES, answer};

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
            json: serde_json::json!({ "error": error.to_string() }).to_string(),
        },
    }
}

/// Hands chunk `number` of the ply-12 layer (a `chunk-NNNNN.c4layer` file's bytes, fetched
/// by the page) to this worker's engine, which checks it as a file is checked; the error in
/// words when it is refused. See [`layer`].
#[wasm_bindgen]
pub fn supply_layer_chunk(number: u32, bytes: &[u8]) -> Result<(), SupplyError> {
    Ok(layer::supply(number as usize, bytes)?)
}

/// Hands the shipped n-tuple network (the site's `engine/builtin.c4nt`, fetched by the page
/// the first time a request names `ntuple`) to this worker's engine, which is built without
/// it and checks the bytes against the network it was built for; the error in words when
/// they are refused.
#[wasm_bindgen]
pub fn supply_network(bytes: &[u8]) -> Result<(), SupplyError> {
    Ok(c4_eval::ntuple::evaluator::supply_builtin(bytes)?)
}

/// Why bytes the page fetched are refused: a layer chunk or the network that is not the
/// one the engine was built for. JavaScript receives the message, a string.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SupplyError {
    /// A chunk of the layer that does not check.
    #[error(transparent)]
    Layer(#[from] c4_layers::LayerError),
    /// Bytes that are not the shipped network.
    #[error(transparent)]
    Network(#[from] c4_eval::ntuple::evaluator::NetworkError),
}

impl From<SupplyError> for JsValue {
    fn from(error: SupplyError) -> JsValue {
        JsValue::from_str(&error.to_string())
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
