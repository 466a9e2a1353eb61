//! Tuning evaluators against perfect play: labelled positions ([`dataset`]), fitted weights
//! ([`texel`]) and the parameter files that carry them ([`params`]).

pub mod dataset;
pub mod texel;
