//! c4-core: the rules of Connect-4 (7 columns, 6 rows): positions as bitboards, moves and their
//! notations, game status, diagrams and perft.
//!
//! # Why the crate is shaped this way
//!
//! `c4-core` is the rules and nothing else: every crate above it (engine, arena, CLI, server)
//! trusts it to say what is legal, so it has no dependencies (serde is an optional feature)
//! and no opinions about search. A [`Position`] is two `u64` words and a counter, `Copy`, so
//! searchers copy it rather than undo. Width and height live in one place ([`WIDTH`],
//! [`HEIGHT`]); every mask is derived from them. Checked entry points (`try_play`,
//! [`parse_moves`], [`Position::from_grid`]) return errors that say what to fix; the
//! `_unchecked` and bit-level ones trust their caller and check only in debug builds.

#![deny(missing_docs)]

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

pub mod bitboard;
pub mod diagram;
pub mod excerpt;
pub mod geometry;
pub mod notation;
pub mod perft;
pub mod position;
pub mod summary;

pub use bitboard::{Bitboard, LINES, Line};
pub use diagram::Diagram;
pub use excerpt::excerpt;
pub use geometry::{
    CELLS, COLUMN_BITS, Column, HEIGHT, OutOfBoard, ParseSquareError, Player, Square, WIDTH,
};
pub use notation::{Game, MoveAlphabet, ParseMovesError, format_moves, parse_moves};
pub use position::{Outcome, PlayError, Position, SetupError, Status};
pub use summary::PositionSummary;
