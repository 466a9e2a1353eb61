//! [`Search`]: a request checked against the limits, ready to run.

use crate::error::RequestError;
use c4_solver::Cancel;
use serde::Serialize;

/// The work a request asks for, read and checked against the answerer's limits, with
/// nothing run yet: what a request that must search becomes first. Everything a sender can
/// get wrong is refused when the request is read; what is left is the search, so the server
/// answers a bad request at once and spends a search slot only on a good one. Each request
/// function is its search read and run at once.
pub trait Search: Send + 'static {
    /// What the search answers.
    type Answer: Serialize + Send + 'static;

    /// Runs the search; `cancel` stops it early, and it then answers with what it had, as
    /// at its time limit.
    fn run(self, cancel: &Cancel) -> Result<Self::Answer, RequestError>;
}
