//! c4-core: the rules of Connect-4 on the standard board (7 columns, 6 rows) and every other
//! size whose bitboard fits 64 bits: positions as bitboards, moves and their notations, game
//! status, diagrams and perft.
//!
//! # Why the crate is shaped this way
//!
//! `c4-core` is the rules and nothing else: every crate above it (engine, arena, CLI, server)
//! trusts it to say what is legal, so it has no dependencies (serde is an optional feature)
//! and no opinions about search. A [`Position`] is two `u64` words and a counter, `Copy`, so
//! searchers copy it rather than undo. Its board comes from its geometry ([`layout`]): by
//! default [`Standard`], the 7x6 board whose masks are constants derived from [`WIDTH`] and
//! [`HEIGHT`], so that code written for `Position` compiles to fixed masks; or [`AnySize`],
//! a [`Size`] chosen at run time, through the same generic code. Checked entry points
//! (`try_play`, [`parse_moves`], [`Position::from_grid`], [`Size`]'s `FromStr`) return errors
//! that say what to fix; the `_unchecked` and bit-level ones trust their caller and check
//! only in debug builds.
//!
//! ```
//! use c4_core::{AnySize, Position, Size, parse_moves_in};
//!
//! let size: Size = "6x5".parse()?;
//! let position = parse_moves_in("3344", AnySize::new(size))?;
//! assert_eq!(position.legal_moves().count(), 6);
//! assert_eq!(position.size(), size);
//! assert_eq!(Position::new().size(), Size::STANDARD);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

pub mod bitboard;
mod column_names;
pub mod diagram;
pub mod excerpt;
pub mod geometry;
pub mod layout;
pub mod notation;
pub mod perft;
pub mod position;
pub mod size;
pub mod summary;

pub use bitboard::{Bitboard, LINES, Line};
pub use diagram::Diagram;
pub use excerpt::excerpt;
pub use geometry::{CELLS, COLUMN_BITS, Column, HEIGHT, OutOfBoard, Player, Square, WIDTH};
pub use layout::{AnySize, Geometry, Standard};
pub use notation::{
    Game, MoveAlphabet, ParseMovesError, format_moves, parse_moves, parse_moves_in,
};
pub use position::{Outcome, PlayError, Position, SetupError, Status};
pub use size::{ParseSquareError, Size, SizeError};
pub use summary::PositionSummary;
