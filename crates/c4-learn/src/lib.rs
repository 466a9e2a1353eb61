//! c4-learn: what fits c4's evaluators. Evaluators' weights fitted to the solver-labelled
//! positions of `c4-dataset` or moved by games ([`tuning`]), and n-tuple networks learned by
//! self-play or fitted to those positions ([`learn`]).
//!
//! # Why the crate is shaped this way
//!
//! Fitting is a job of its own, apart from studying games: its inputs are positions scored
//! by `c4-solver` and games run by `c4-arena`, its outputs are parameter and weights files
//! that `c4-eval` reads, and it needs nothing of the experiments. So it sits below
//! `c4-lab`, whose studies call it (a tuning experiment builds a dataset and fits on it),
//! and below the front ends (`c4 dataset`, `c4 tune`, `c4 learn`, the Python package) that
//! call it directly. The long jobs here survive being killed: an SPSA run appends each
//! finished iteration to a work log, a training run keeps
//! checkpoints, and what they play follows from the run's seed and the game's or
//! iteration's number, so a resumed run goes on where it stopped.
//!
//! [`plot`], the line chart, lives here because a training run draws its learning curve as
//! it goes; `c4-lab`'s reports draw theirs with the same chart.

#![deny(missing_docs)]

pub mod learn;
pub mod plot;
pub mod tuning;
