//! The arena's integration tests, built as one test binary: each module is one subject.

mod matches;
mod old_runs;
mod sizes;
