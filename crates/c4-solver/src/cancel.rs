//! [`Cancel`]: a request to stop a search early, read by the solver and by the engine's
//! searches alike.

use crate::clock::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A request to stop a search early, shared with whoever may give it (a server whose
/// client has gone, say), and given by itself at its deadline if it has one (a server's
/// cap on a whole request: building the player's tables counts, not only its search).
/// Searches read it as often as their clock, and a stopped search answers with what it
/// had, as at its time limit.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    given: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// A request not given yet.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A request not given yet that gives itself at `deadline`.
    #[must_use]
    pub fn at(deadline: Instant) -> Cancel {
        Cancel {
            given: Arc::default(),
            deadline: Some(deadline),
        }
    }

    /// The instant the request gives itself, if it has one.
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Gives the request: every search holding a clone stops soon.
    pub fn cancel(&self) {
        self.given.store(true, Ordering::Relaxed);
    }

    /// Whether the request was given, or its deadline has passed.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.given.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_request_gives_itself_at_its_deadline_and_its_clones_see_it() {
        let now = Instant::now();
        let passed = Cancel::at(now);
        assert!(passed.is_cancelled());
        let later = Cancel::at(now + Duration::from_secs(3600));
        let clone = later.clone();
        assert!(!clone.is_cancelled());
        later.cancel();
        assert!(clone.is_cancelled());
        assert!(!Cancel::new().is_cancelled());
    }
}
