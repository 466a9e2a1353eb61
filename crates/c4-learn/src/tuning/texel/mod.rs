//! Texel tuning: fit an evaluator's tunable weights so that a logistic of its evaluation
//! predicts the exact result (win 1, draw 1/2, loss 0 for the side to move) of labelled
//! positions ([`Target::Results`]), or so that a softmax of the columns' values puts its
//! weight on the columns that keep the best game-theoretic value ([`Target::Moves`]: the move
//! choice itself, graded as the mistakes experiment grades it).
//!
//! A position is evaluated at a quiescent leaf (depth 0: immediate wins and forced blocks are
//! played out first, since a static value of a position with a win on the board says nothing
//! about the weights) or by an alpha-beta search of a fixed depth. The loss is the mean squared
//! error of `1 / (1 + exp(-value / scale))` against the result; the scale is fitted too. The
//! weights move by coordinate descent (each weight up or down a step, kept when the training
//! loss falls; steps halve when a pass changes nothing). The validation loss after each pass
//! decides when to stop (no better for `patience` passes), and the weights returned are those
//! of the best validation loss.

mod config;
mod descent;
mod error;
mod loss;
mod points;

pub use config::{Target, TexelConfig};
pub use descent::{PassReport, TexelResult, fit};
pub use error::TexelError;
