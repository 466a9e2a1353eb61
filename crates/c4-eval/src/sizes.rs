//! Which board sizes each evaluator is defined on.
//!
//! Most heuristics are defined for any size: line counts, threats, groups, random numbers,
//! and the square values of Kang's H2 (= Ayoub's value centre), which are the number of fours
//! through each square, computed for the size at hand ([`crate::board_tables`]). Three are
//! bound to 7x6 by what they hold: Kang's H1 values each of the 7 columns by a table of the
//! paper, Ayoub's corner matrix is a 7x6 table, and the shipped n-tuple network's weights
//! were learned on 7x6 cells (a network is bound to the board it was learned on); so is a
//! square-value evaluator given values of its own (tuned or typed). A spec naming one of
//! those is refused on another size with [`EvalSizeError`] (`EvalSpec::check_size`).

use c4_core::Size;
use std::fmt;

/// The board sizes an evaluator is defined on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupportedSizes {
    /// Every size.
    Any,
    /// One size only, and why.
    Only {
        /// The size.
        size: Size,
        /// What binds it, as it reads before the size: "trained on", "a square table of".
        reason: &'static str,
    },
}

impl SupportedSizes {
    /// Bound to 7x6 by `reason`.
    #[must_use]
    pub const fn standard(reason: &'static str) -> SupportedSizes {
        SupportedSizes::Only {
            size: Size::STANDARD,
            reason,
        }
    }

    /// Whether `size` is among them.
    #[must_use]
    pub fn contains(self, size: Size) -> bool {
        match self {
            SupportedSizes::Any => true,
            SupportedSizes::Only { size: only, .. } => only == size,
        }
    }
}

impl fmt::Display for SupportedSizes {
    /// `any` or the one size (`7x6`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SupportedSizes::Any => f.write_str("any"),
            SupportedSizes::Only { size, .. } => write!(f, "{size}"),
        }
    }
}

impl serde::Serialize for SupportedSizes {
    /// As its text: `"any"` or `"7x6"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// An evaluator bound to one size, asked to evaluate another.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("eval={evaluator} is {reason} {supported}, not {size}")]
#[non_exhaustive]
pub struct EvalSizeError {
    /// The evaluator's spec, as text.
    pub evaluator: String,
    /// What binds it to its size.
    pub reason: &'static str,
    /// The size it is defined on.
    pub supported: Size,
    /// The size it was asked for.
    pub size: Size,
}

/// Why the `kang` evaluator is bound to 7x6.
pub const KANG_SIZES: SupportedSizes = SupportedSizes::standard("valued column by column for");
/// Why the `corners` evaluator is bound to 7x6.
pub const CORNERS_SIZES: SupportedSizes = SupportedSizes::standard("a square table of");
/// Why a square-value evaluator with values of its own is bound to 7x6.
pub const OWN_SQUARES_SIZES: SupportedSizes = SupportedSizes::standard("given square values of");
/// What binds the `ntuple` evaluator to its network's board.
pub const NTUPLE_REASON: &str = "trained on";
/// The sizes of the `ntuple` evaluator with the shipped network: 7x6 (a network `c4 learn
/// --size` trained is of its own board).
pub const NTUPLE_SIZES: SupportedSizes = SupportedSizes::standard(NTUPLE_REASON);
