//! The engine's one clock: every time limit and every reported duration reads [`Instant`]
//! from here, and the wall clock ([`SystemTime`]) too.
//!
//! `std::time::Instant::now` panics on `wasm32-unknown-unknown` (that target has no clock of
//! its own), so the WebAssembly build (`c4-wasm`) takes the browser's `performance.now()`
//! through the `web-time` crate, whose `Instant` has the same API. Every other target uses
//! the standard one.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
