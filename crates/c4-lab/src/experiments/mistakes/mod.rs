//! `mistakes`: how often each player's move throws away the game-theoretic value, on the six
//! reference sets, beside AlphaZero.jl's published benchmark.
//!
//! A move is a *mistake* when its value (win, draw or loss) is strictly worse than the best
//! move's (AlphaZero.jl's definition), and *not optimal* when its exact score is below the best
//! move's. Every column of every position is scored by c4's solver once (`games/labels.jsonl`),
//! and every decision is a line of `games/mistakes.jsonl` as soon as it is made: a killed run
//! resumes and `c4 report` rebuilds the tables.

mod grading;
mod report;

pub use grading::{
    DEPTHS, Decision, ENGINE_BUDGETS, Graded, GradedSet, SETS, Tally, grade, load, planned,
    players, run, sets, tally_of,
};
pub use report::{mean_rate, report};
