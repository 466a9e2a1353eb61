//! The players' integration tests, built as one test binary: each module is one subject.

mod engine_budget;
mod engine_play;
mod evaluators_and_specs;
mod layers;
mod perfect_sizes;
mod search_verification;
mod support;
mod threats_strength;
mod victor;
