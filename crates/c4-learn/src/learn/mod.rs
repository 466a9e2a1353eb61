//! Learning an evaluation from games: an n-tuple network (`c4_eval::ntuple`)
//! trained by temporal-difference self-play ([`td`]), as a resumable run in a folder
//! ([`run`]: its settings in [`spec`], its state in [`checkpoint`], its learning curve from
//! [`metrics`]); or fitted to the solver's exact scores of labelled positions ([`fit`]), as a
//! resumable run of its own ([`fit_run`]).

pub mod checkpoint;
mod error;
pub mod fit;
pub mod fit_run;
pub mod metrics;
pub mod output;
pub mod run;
pub mod spec;
pub mod td;

pub use error::{DatasetLineError, LearnError};
pub use spec::{LearnSpec, TupleLayout};

#[cfg(test)]
mod fit_tests;
