//! [`NodeCounter`]: the bookkeeping every heuristic search does at each node, written once
//! for the fixed-depth searcher and the engine: count the node, and every so many nodes read
//! the clock and the requests to stop.

use c4_solver::Cancel;
use c4_solver::clock::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Counts a search's nodes and decides when it must stop: at its deadline, when its caller
/// cancels, or when another thread's answer makes it moot (a solve beside it finished).
/// Reading a clock costs more than a node, so the limits are read every `CLOCK_INTERVAL`
/// nodes (a power of two); once stopped, the search stays stopped until it starts again.
pub(crate) struct NodeCounter<const CLOCK_INTERVAL: u64> {
    nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    /// Set by another thread when this search need not go on.
    moot: Option<Arc<AtomicBool>>,
    stopped: bool,
}

impl<const CLOCK_INTERVAL: u64> NodeCounter<CLOCK_INTERVAL> {
    const INTERVAL_IS_A_POWER_OF_TWO: () = assert!(CLOCK_INTERVAL.is_power_of_two());

    /// A counter with no limits and no nodes.
    pub(crate) fn new() -> Self {
        let () = Self::INTERVAL_IS_A_POWER_OF_TWO;
        NodeCounter {
            nodes: 0,
            deadline: None,
            cancel: None,
            moot: None,
            stopped: false,
        }
    }

    /// Starts a search with `nodes` already counted (the root, where the searcher counts
    /// it), to stop at `deadline` if any.
    pub(crate) fn start(&mut self, nodes: u64, deadline: Option<Instant>) {
        self.nodes = nodes;
        self.deadline = deadline;
        self.stopped = false;
    }

    /// Stops the searches early when `cancel` is given (as at the deadline).
    pub(crate) fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// Stops the searches early when `moot` is set (by the solve running beside them).
    pub(crate) fn set_moot(&mut self, moot: Option<Arc<AtomicBool>>) {
        self.moot = moot;
    }

    /// Whether another thread can make the search moot: it then runs to its deadline
    /// rather than by its own stop rule.
    pub(crate) fn runs_beside_another(&self) -> bool {
        self.moot.is_some()
    }

    /// Counts a node: whether the search must stop (checked every `CLOCK_INTERVAL` nodes).
    #[inline]
    pub(crate) fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            self.stopped |= self.limit_reached();
        }
        self.stopped
    }

    /// Whether the deadline passed, the caller cancelled or the search became moot.
    fn limit_reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
            || self
                .moot
                .as_ref()
                .is_some_and(|moot| moot.load(Ordering::Relaxed))
    }

    /// Nodes counted since the search started.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search stopped before it finished.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}
