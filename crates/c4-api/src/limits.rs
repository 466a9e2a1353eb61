//! [`Limits`]: what one search may take, the one thing the server and the browser answer
//! differently.

use crate::error::RequestError;
use std::time::Duration;

/// The most one request's search may take. Every player spec is clamped to it and every
/// budget cut to its time cap before anything runs; the answer's `clamped` says what
/// changed. The server's value comes from its configuration (`c4 serve --time-cap`), the
/// browser's is fixed by what a Web Worker has (one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest one search may take.
    pub time_cap: Duration,
    /// log2 of the largest solver table one search may allocate (8 bytes a slot).
    pub max_table_bits: u32,
    /// The most threads one search may use.
    pub max_threads: u32,
}

impl Limits {
    /// What one search may take in the browser, the WebAssembly engine's limits:
    ///
    /// - `time_cap`: 5 s, the server's default cap (`c4 serve --time-cap`); the page can
    ///   still stop a search at once by ending its worker.
    /// - `max_table_bits`: 2^24 slots, 128 MiB, the native default and the server's cap. It
    ///   fits the 4 GiB a wasm32 module may address and the memory of any desktop browser,
    ///   and with the same table as native the same searches visit the same nodes, so the
    ///   browser's reports equal the native ones.
    /// - `max_threads`: 1. A Web Worker is one thread (the module is built without shared
    ///   memory), so every solve and search runs alone on it.
    pub const BROWSER: Limits = Limits {
        time_cap: Duration::from_millis(5000),
        max_table_bits: 24,
        max_threads: 1,
    };

    /// The time cap in whole milliseconds, the unit of specs and requests.
    #[must_use]
    pub fn time_cap_ms(&self) -> u64 {
        u64::try_from(self.time_cap.as_millis()).unwrap_or(u64::MAX)
    }

    /// A request's `time_ms` (or `default`, itself cut to the cap without a word), at most
    /// the time cap: a larger one is clamped and says so in `clamped`.
    pub fn budget(
        &self,
        time_ms: Option<u64>,
        default: Duration,
        clamped: &mut Vec<String>,
    ) -> Result<Duration, RequestError> {
        let cap = self.time_cap_ms();
        let default_ms = u64::try_from(default.as_millis()).unwrap_or(u64::MAX);
        let budget = time_ms.unwrap_or(default_ms.min(cap));
        if budget == 0 {
            return Err(RequestError::ZeroBudget);
        }
        if budget > cap {
            clamped.push(format!("time {budget} ms clamped to {cap} ms"));
            return Ok(self.time_cap);
        }
        Ok(Duration::from_millis(budget))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        time_cap: Duration::from_millis(300),
        max_table_bits: 20,
        max_threads: 1,
    };

    #[test]
    fn a_budget_over_the_cap_is_clamped_and_says_so() {
        let mut clamped = Vec::new();
        let second = Duration::from_secs(1);
        assert_eq!(
            LIMITS.budget(Some(60_000), second, &mut clamped).unwrap(),
            LIMITS.time_cap
        );
        assert_eq!(clamped, ["time 60000 ms clamped to 300 ms"]);
    }

    #[test]
    fn a_default_over_the_cap_is_cut_without_a_word() {
        let mut clamped = Vec::new();
        let budget = LIMITS
            .budget(None, Duration::from_secs(1), &mut clamped)
            .unwrap();
        assert_eq!(budget, Duration::from_millis(300));
        assert!(clamped.is_empty(), "{clamped:?}");
        let budget = LIMITS
            .budget(Some(120), Duration::from_secs(1), &mut clamped)
            .unwrap();
        assert_eq!(budget, Duration::from_millis(120));
    }

    #[test]
    fn no_time_at_all_is_refused() {
        let refused = LIMITS.budget(Some(0), Duration::from_secs(1), &mut Vec::new());
        assert!(
            matches!(refused, Err(RequestError::ZeroBudget)),
            "{refused:?}"
        );
    }
}
