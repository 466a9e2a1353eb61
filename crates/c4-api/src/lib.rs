//! The JSON API's requests, answered: one function per request ([`position`], [`best`],
//! [`hint`], [`analyze`], [`review`], [`explain`], [`players`]), each taking its typed request and the
//! answerer's [`Limits`] and returning a typed answer or a [`RequestError`], so the page
//! reads the same fields, the same clamping and the same errors from the server
//! (`c4-server`) and the browser build (`c4-wasm`). What a limit changed in a request is
//! listed in the answer's `clamped`.
//!
//! A request that searches is read in two steps, which its function takes at once: its
//! [`Search`] (`BestSearch::new`, ...) reads and checks it against the limits, refusing
//! whatever the sender got wrong; [`Search::run`] then searches. The browser calls the
//! function; the server reads the request first and runs the search on its blocking pool
//! only once a search slot is free, so a bad request is refused at once, busy or not.
//!
//! # Why this is a crate of its own
//!
//! The requests are the contract between the page and whatever answers it: neither the
//! search nor the players should know that a `POST /api/best` exists, and the server and
//! the WebAssembly build must answer with one piece of code, not two that agree by care.
//! The crate sits above the players and below both front ends, which keep only what is
//! theirs: HTTP (routes, statuses, a slot on the blocking pool) for the server, JSON text
//! at the wasm-bindgen boundary for the browser, and each its own [`Limits`] value.
//!
//! A request's answer is plain serde data; nothing here reads a file a request names (every
//! spec is parsed with [`FileAccess::ShippedOnly`](c4_players::FileAccess)), prints, or
//! runs a search past the time cap of its [`Limits`].
//!
//! With the `cases` feature, the module `cases` holds the requests every front end is tested
//! with: their bodies and what each answer or refusal must say, written once.

#![deny(missing_docs)]

mod analyze;
mod best;
mod error;
mod explain;
mod hint;
mod limits;
mod players;
mod position;
mod review;
mod search;

#[cfg(any(test, feature = "cases"))]
pub mod cases;

pub use analyze::{AnalyzeRequest, AnalyzeResponse, AnalyzeSearch, analyze};
pub use best::{BestRequest, BestResponse, BestSearch, DEFAULT_AI, best};
pub use error::RequestError;
pub use explain::{
    BothThreats, ExplainRequest, ExplainResponse, ExplainSearch, MAX_SEARCH_NODES, ProofJson,
    RuleJson, SearchJson, Seat, ThreatsJson, explain,
};
pub use hint::{HintRequest, HintResponse, HintSearch, hint};
pub use limits::Limits;
pub use players::players;
pub use position::{PositionRequest, parse_game, parse_game_on, position};
pub use review::{REVIEW_TABLE_BITS, ReviewRequest, ReviewResponse, ReviewSearch, review};
pub use search::Search;
