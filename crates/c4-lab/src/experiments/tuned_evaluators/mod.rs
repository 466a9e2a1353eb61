//! `tuning`: the papers' open question from one command. Positions are generated and labelled
//! by the solver, each seed heuristic and c4's `threats` are fitted to them by texel, the
//! tuned weights play the untuned ones in paired-opening matches, both are graded on the
//! reference sets, and Kang's Table 9 is rerun with the tuned H1.
//!
//! Every stage keeps its results in the run folder as it goes (`dataset.jsonl`,
//! `tuned/NAME.json`, `games/*.jsonl`), so a killed run resumes and `c4 report` rebuilds the
//! report from the files.

mod design;
mod pipeline;
mod report;

pub use design::{Fit, GRADE_DEPTHS, MATCH_DEPTHS, TUNED_EVALUATORS};
pub use pipeline::{plan, rebuild, run};
