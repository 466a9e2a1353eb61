//! [`Cancel`]: a request to stop a search early, read by the solver and by the engine's
//! searches alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop a search early, shared with whoever may give it (a server whose
/// client has gone, say). Searches read it as often as their clock, and a stopped search
/// answers with what it had, as at its time limit.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A request not given yet.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Gives the request: every search holding a clone stops soon.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the request was given.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
