//! The benchmark position sets, compiled in so that `c4 bench` and the tests work from any
//! directory. They are the files of `crates/c4-solver/data/positions/` (Pascal Pons' test sets, scored by an
//! independent reference solver; see that folder's README).

/// `(name, description, contents)` of each set, easiest first.
pub static SETS: &[(&str, &str, &str)] = &[
    (
        "Test_L3_R1",
        "End-Easy",
        include_str!("../data/positions/Test_L3_R1"),
    ),
    (
        "Test_L2_R1",
        "Middle-Easy",
        include_str!("../data/positions/Test_L2_R1"),
    ),
    (
        "Test_L2_R2",
        "Middle-Medium",
        include_str!("../data/positions/Test_L2_R2"),
    ),
    (
        "Test_L1_R1",
        "Begin-Easy",
        include_str!("../data/positions/Test_L1_R1"),
    ),
    (
        "Test_L1_R2",
        "Begin-Medium",
        include_str!("../data/positions/Test_L1_R2"),
    ),
    (
        "Test_L1_R3",
        "Begin-Hard",
        include_str!("../data/positions/Test_L1_R3"),
    ),
];

use crate::ExactScore;

/// One scored position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredPosition {
    /// Moves from the empty board.
    pub moves: String,
    /// The reference score.
    pub score: ExactScore,
}

/// The positions of the set called `name` (case-insensitive; `L2_R2` works too).
#[must_use]
pub fn set(name: &str) -> Option<Vec<ScoredPosition>> {
    let wanted = name.to_ascii_lowercase();
    SETS.iter()
        .find(|(n, _, _)| {
            n.to_ascii_lowercase() == wanted || n.to_ascii_lowercase() == format!("test_{wanted}")
        })
        .map(|(_, _, text)| parse_set(text))
}

/// Parses `MOVES SCORE` lines; lines that do not parse are skipped.
#[must_use]
pub fn parse_set(text: &str) -> Vec<ScoredPosition> {
    text.lines()
        .filter_map(|line| {
            let (moves, score) = line.trim().split_once(' ')?;
            Some(ScoredPosition {
                moves: moves.to_owned(),
                score: score.trim().parse().ok()?,
            })
        })
        .collect()
}
