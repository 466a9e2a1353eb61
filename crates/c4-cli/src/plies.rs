//! `--plies A-B`: a range of plies (discs on the board).

use c4_core::{Size, excerpt};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Plies `A` to `B`, both included, with `A <= B`; that the board has them is checked once
/// the board is known ([`PlyRange::check_on`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRange(pub RangeInclusive<u32>);

/// Why a `--plies` value is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlyRangeError {
    /// Not two plies `A-B` with `A <= B` (the text, shortened).
    #[error("{0:?}: expected A-B with A <= B")]
    Form(String),
    /// Past the board's last ply.
    #[error("--plies {range}: the {size} board has {} cells, so a position has 0 to {} discs", size.cells(), size.cells() - 1)]
    OffBoard {
        /// The range asked for.
        range: String,
        /// The board.
        size: Size,
    },
}

impl PlyRange {
    /// The plies sampled when none are asked for: 4 to 30, or to the last ply of a board
    /// with fewer cells.
    #[must_use]
    pub fn default_on(size: Size) -> PlyRange {
        let last = u32::try_from(size.cells() - 1).unwrap_or(u32::MAX);
        PlyRange(4..=last.min(30))
    }

    /// Whether positions of every ply of the range are on the board of `size` (a full board
    /// is over: its last ply is `cells - 1`).
    pub fn check_on(&self, size: Size) -> Result<(), PlyRangeError> {
        if (*self.0.end() as usize) < size.cells() {
            Ok(())
        } else {
            Err(PlyRangeError::OffBoard {
                range: self.to_string(),
                size,
            })
        }
    }
}

impl FromStr for PlyRange {
    type Err = PlyRangeError;

    fn from_str(text: &str) -> Result<Self, PlyRangeError> {
        text.split_once('-')
            .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)))
            .filter(|(a, b)| a <= b)
            .map(|(a, b)| PlyRange(a..=b))
            .ok_or_else(|| PlyRangeError::Form(excerpt(text)))
    }
}

impl std::fmt::Display for PlyRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.0.start(), self.0.end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_and_bad_ones_say_what_is_expected() {
        assert_eq!("4-20".parse(), Ok(PlyRange(4..=20)));
        assert_eq!("7-7".parse::<PlyRange>().unwrap().to_string(), "7-7");
        for bad in ["", "5", "9-3", "a-b", "-3", "1-99999999999"] {
            let error = bad.parse::<PlyRange>().unwrap_err();
            assert!(error.to_string().contains("A-B"), "{bad}: {error}");
        }
    }

    #[test]
    fn a_range_is_checked_against_the_board() {
        let wide: PlyRange = "30-50".parse().unwrap();
        assert_eq!(wide.check_on("8x7".parse().unwrap()), Ok(()));
        assert_eq!(
            wide.check_on(Size::STANDARD).unwrap_err().to_string(),
            "--plies 30-50: the 7x6 board has 42 cells, so a position has 0 to 41 discs"
        );
        assert!(
            "0-41"
                .parse::<PlyRange>()
                .unwrap()
                .check_on(Size::STANDARD)
                .is_ok()
        );
        assert!(
            "0-42"
                .parse::<PlyRange>()
                .unwrap()
                .check_on(Size::STANDARD)
                .is_err()
        );
    }
}
