//! `--plies A-B`: a range of plies (discs on the board).

use c4_core::excerpt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Plies `A` to `B`, both included, with `A <= B < 42`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyRange(pub RangeInclusive<u32>);

/// Why a `--plies` value is refused: the text (shortened).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: expected A-B with A <= B < 42")]
pub struct PlyRangeError(String);

impl FromStr for PlyRange {
    type Err = PlyRangeError;

    fn from_str(text: &str) -> Result<Self, PlyRangeError> {
        text.split_once('-')
            .and_then(|(a, b)| Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?)))
            .filter(|(a, b)| a <= b && *b < c4_core::CELLS as u32)
            .map(|(a, b)| PlyRange(a..=b))
            .ok_or_else(|| PlyRangeError(excerpt(text)))
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
        for bad in ["", "5", "9-3", "0-42", "a-b", "-3"] {
            let error = bad.parse::<PlyRange>().unwrap_err();
            assert!(error.to_string().contains("A-B"), "{bad}: {error}");
        }
    }
}
