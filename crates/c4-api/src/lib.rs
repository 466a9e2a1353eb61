//! The JSON API's requests, answered: one function per request ([`position`], [`best`],
//! [`hint`], [`analyze`], [`review`], [`players`]), each taking its typed request and the
//! answerer's [`Limits`] and returning a typed answer or a [`RequestError`]. The server
//! (`c4-server`) calls them on its blocking pool and the browser build (`c4-wasm`) in a
//! worker, so the page reads the same fields, the same clamping and the same errors from
//! either. What a limit changed in a request is listed in the answer's `clamped`.
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
//! With the `cases` feature, [`cases`] holds the requests every front end is tested with:
//! their bodies and what each answer or refusal must say, written once.

#![deny(missing_docs)]

mod analyze;
mod best;
mod error;
mod hint;
mod limits;
mod players;
mod position;
mod review;

#[cfg(any(test, feature = "cases"))]
pub mod cases;

pub use analyze::{AnalyzeRequest, AnalyzeResponse, analyze};
pub use best::{BestRequest, BestResponse, DEFAULT_AI, best};
pub use error::RequestError;
pub use hint::{HintRequest, HintResponse, hint};
pub use limits::Limits;
pub use players::players;
pub use position::{PositionRequest, parse_game, position};
pub use review::{REVIEW_TABLE_BITS, ReviewRequest, ReviewResponse, review};
