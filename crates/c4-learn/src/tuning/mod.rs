//! Tuning evaluators against perfect play: fitted weights ([`texel`] from labelled positions,
//! [`spsa`] from games), which weights a run may move, and the tuned weight sets c4 ships
//! ([`TUNED`]). The labelled positions themselves are [`c4_dataset`].

pub mod spsa;
pub mod texel;
mod weights;

pub use weights::{TUNED, TunedSet, WeightsError, chosen_tunables, eval_text, parse_eval_text};
