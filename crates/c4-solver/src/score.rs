//! Exact scores: what they mean, how they are written, and which move they pick.
//!
//! An exact score is Pons' convention: 0 is a draw; a positive score means the side to move
//! wins, negative that it loses. The magnitude is 22 minus the number of discs the winner has
//! played when four connect (`(CELLS + 2) / 2 - k` in general), so quicker wins score higher.
//! The empty board scores +1.
//!
//! [`ExactScore`] is that number as a type of its own, apart from the heuristic searches'
//! values, and a row of column scores is `[Option<ExactScore>; WIDTH]`, `None` for a full
//! column. The search itself works on bare `i32` bounds (a null window is `bound, bound + 1`
//! and the root bisects the range), which become an [`ExactScore`] where a score leaves it.

use c4_core::{CELLS, Column, Geometry, Position, Size, WIDTH};
use std::fmt;
use std::ops::Neg;
use std::str::FromStr;

/// The most cells of a board (4x15): W x H < W x (H + 1) <= 64, and the tests check it.
const MOST_CELLS: usize = 60;

/// An exact score of a position for its side to move, in Pons' convention (see the module's
/// docs): positive a win, the higher the sooner; negative a loss; 0 a draw. It lies within
/// [`ExactScore::MIN`]..=[`ExactScore::MAX`], a range symmetric about 0, so a score
/// negates into another. A weak solve gives only the sign: -1, 0 or 1 (see
/// [`weak`](Self::weak)).
///
/// It prints and parses as its number (`+18`, `-3`, `0`), as the reference solver writes it
/// and as books, game records and JSON keep it; [`describe`](Self::describe) says it in words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(into = "i32")]
pub struct ExactScore(i32);

/// A number that is no exact score of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// Text that is not an integer.
    #[error("{0:?} is not a score")]
    NotANumber(String),
    /// An integer outside the scores of the board.
    #[error(
        "{0} is outside {min}..={max}, the exact scores of the board",
        min = ExactScore::MIN,
        max = ExactScore::MAX
    )]
    OutOfRange(i64),
}

impl ExactScore {
    /// A draw.
    pub const DRAW: ExactScore = ExactScore(0);
    /// The best possible score: a win with the side to move's first disc after the 3 it
    /// needs besides.
    pub const MAX: ExactScore = ExactScore((CELLS as i32 + 1) / 2 - 3);
    /// The worst possible score: a loss to the opponent's fourth disc (at most that far below
    /// 0 on any board, so the range stays symmetric).
    pub const MIN: ExactScore = ExactScore(-ExactScore::MAX.0);
    /// The best possible score on the board with the most cells (4x15, 60 cells): every
    /// board's scores lie within -`MAX_ANY_SIZE`..=`MAX_ANY_SIZE`.
    pub const MAX_ANY_SIZE: ExactScore = ExactScore::max_in(MOST_CELLS);

    /// The best possible score on a board of `cells` cells (`MAX` on 7x6's 42): a win with
    /// the side to move's fourth disc, (cells + 1) / 2 - 3; its negation is the worst.
    #[must_use]
    pub const fn max_in(cells: usize) -> ExactScore {
        ExactScore((cells as i32 + 1) / 2 - 3)
    }

    /// The score `value` on a board of `size`, if it lies within its range
    /// (-[`max_in`](Self::max_in)..=`max_in` of its cells).
    #[must_use]
    pub const fn new_in(value: i32, size: Size) -> Option<ExactScore> {
        let max = ExactScore::max_in(size.cells()).0;
        if -max <= value && value <= max {
            Some(ExactScore(value))
        } else {
            None
        }
    }

    /// The score `value`, if it lies within [`MIN`](Self::MIN)..=[`MAX`](Self::MAX).
    #[must_use]
    pub const fn new(value: i32) -> Option<ExactScore> {
        if ExactScore::MIN.0 <= value && value <= ExactScore::MAX.0 {
            Some(ExactScore(value))
        } else {
            None
        }
    }

    /// The score `value`, if some board of c4 has it: within
    /// ±[`MAX_ANY_SIZE`](Self::MAX_ANY_SIZE) (for stores of scores that keep no size).
    #[must_use]
    pub const fn new_any_size(value: i32) -> Option<ExactScore> {
        if -ExactScore::MAX_ANY_SIZE.0 <= value && value <= ExactScore::MAX_ANY_SIZE.0 {
            Some(ExactScore(value))
        } else {
            None
        }
    }

    /// A score the search or a book computed, in range by construction.
    #[inline]
    pub(crate) const fn from_search(value: i32) -> ExactScore {
        debug_assert!(-ExactScore::MAX_ANY_SIZE.0 <= value && value <= ExactScore::MAX_ANY_SIZE.0);
        ExactScore(value)
    }

    /// The number, for files, JSON and arithmetic on bounds.
    #[inline]
    #[must_use]
    pub const fn value(self) -> i32 {
        self.0
    }

    /// The score, for its player, of connecting four with the disc played onto `ply` discs
    /// (never above [`MAX`](Self::MAX): no four comes before a player's fourth disc, so an
    /// earlier ply scores the earliest win there is; past the last cell, 0). For the side to
    /// move in a position, `ply` is its discs for a four at once, two more for a four with
    /// the disc after next.
    #[must_use]
    pub const fn win_at_ply(ply: u32) -> ExactScore {
        let value = (CELLS as i32 + 1 - ply as i32) / 2;
        if value > ExactScore::MAX.0 {
            ExactScore::MAX
        } else if value < 0 {
            ExactScore::DRAW
        } else {
            ExactScore(value)
        }
    }

    /// The score of the side to move in `position` connecting four with its next disc:
    /// [`win_at_ply`](Self::win_at_ply) of its discs.
    #[must_use]
    pub const fn win_now(position: &Position) -> ExactScore {
        ExactScore::win_at_ply(position.moves_played())
    }

    /// [`win_now`](Self::win_now) on a board of any size: (cells + 1 - discs) / 2.
    #[must_use]
    pub fn win_now_in<G: Geometry>(position: &Position<G>) -> ExactScore {
        let cells = position.size().cells() as i32;
        ExactScore((cells + 1 - position.moves_played() as i32) / 2)
    }

    /// Whether the side to move wins.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > 0
    }

    /// Whether the side to move loses.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < 0
    }

    /// Whether the game is drawn.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        self.0 == 0
    }

    /// The result alone as a number: 1 a win, 0 a draw, -1 a loss.
    #[must_use]
    pub const fn signum(self) -> i32 {
        self.0.signum()
    }

    /// The weak solver's score: the result alone, as the score -1, 0 or 1.
    #[must_use]
    pub const fn weak(self) -> ExactScore {
        ExactScore(self.0.signum())
    }

    /// The number of discs the winner still plays (including the winning one) in a position
    /// with `moves_played` discs; `None` for a draw.
    #[must_use]
    pub fn winner_discs_left(self, moves_played: u32) -> Option<u32> {
        self.winner_discs_left_in(moves_played, Size::STANDARD)
    }

    /// [`winner_discs_left`](Self::winner_discs_left) on a board of `size`.
    #[must_use]
    pub fn winner_discs_left_in(self, moves_played: u32, size: Size) -> Option<u32> {
        if self.is_draw() {
            return None;
        }
        // Winner's discs at the end: k = (cells + 2) / 2 - |score|.
        let k = (size.cells() as i32 + 2) / 2 - self.0.abs();
        // Discs the winner has now: the side to move has played moves/2, the other (moves+1)/2.
        let now = if self.is_win() {
            moves_played / 2
        } else {
            moves_played.div_ceil(2)
        } as i32;
        Some((k - now).max(1) as u32)
    }

    /// The score in words, for the side to move: `win in 3 moves (+18)`, `loss in 15 moves
    /// (-5)`, `draw`. A move is one disc of the winner, the winning disc included; Pons' score
    /// is in brackets. Without `moves_played` the distance is unknown: `win (+18)`.
    #[must_use]
    pub fn describe(self, moves_played: Option<u32>) -> String {
        self.describe_in(moves_played, Size::STANDARD)
    }

    /// [`describe`](Self::describe) on a board of `size`, where the distance depends on the
    /// number of cells.
    #[must_use]
    pub fn describe_in(self, moves_played: Option<u32>, size: Size) -> String {
        let word = if self.is_win() {
            "win"
        } else if self.is_loss() {
            "loss"
        } else {
            return "draw".to_owned();
        };
        match moves_played.and_then(|m| self.winner_discs_left_in(m, size)) {
            Some(n) => format!(
                "{word} in {n} move{} ({self:+})",
                if n == 1 { "" } else { "s" }
            ),
            None => format!("{word} ({self:+})"),
        }
    }
}

impl Neg for ExactScore {
    type Output = ExactScore;
    /// The same result seen from the other side.
    #[inline]
    fn neg(self) -> ExactScore {
        ExactScore(-self.0)
    }
}

impl fmt::Display for ExactScore {
    /// The number, with the formatter's flags (`{:+}` signs it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for ExactScore {
    type Err = ScoreError;
    fn from_str(text: &str) -> Result<ExactScore, ScoreError> {
        let value: i64 = text
            .parse()
            .map_err(|_| ScoreError::NotANumber(c4_core::excerpt(text)))?;
        ExactScore::try_from(value)
    }
}

impl TryFrom<i64> for ExactScore {
    type Error = ScoreError;
    fn try_from(value: i64) -> Result<ExactScore, ScoreError> {
        i32::try_from(value)
            .ok()
            .and_then(ExactScore::new)
            .ok_or(ScoreError::OutOfRange(value))
    }
}

impl From<ExactScore> for i32 {
    fn from(score: ExactScore) -> i32 {
        score.0
    }
}

impl<'de> serde::Deserialize<'de> for ExactScore {
    /// A number within the range; any other is refused with [`ScoreError`]'s message.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer)?;
        ExactScore::try_from(value).map_err(serde::de::Error::custom)
    }
}

/// The exact score, for the side to move in `position` (not over), of playing `column`
/// (playable), on a board of any size: a four at once scores [`ExactScore::win_now_in`],
/// filling the last cell without one 0, any other move minus the score of the position after
/// it, which `exact` gives.
pub fn move_score<G: Geometry, E>(
    position: &Position<G>,
    column: Column,
    exact: impl FnOnce(&Position<G>) -> Result<ExactScore, E>,
) -> Result<ExactScore, E> {
    debug_assert!(position.can_play(column) && !position.is_over());
    if position.is_winning_move(column) {
        return Ok(ExactScore::win_now_in(position));
    }
    let mut child = *position;
    child.play_unchecked(column);
    if child.is_over() {
        return Ok(ExactScore::DRAW);
    }
    exact(&child).map(|score| -score)
}

/// The columns in the order [`best_solved_column`] prefers them among equal scores: from
/// the centre outwards, right before left at the same distance.
pub(super) const SOLVED_PREFERENCE: [Column; WIDTH] = {
    let mut order = Column::CENTER_FIRST;
    // CENTER_FIRST lists the centre, then each pair at one distance left first.
    let mut i = 1;
    while i + 1 < WIDTH {
        let left = order[i];
        order[i] = order[i + 1];
        order[i + 1] = left;
        i += 2;
    }
    order
};

/// The best column of a row of column scores (`None` for a full column) and its score: the
/// centre-most among equals (see `SOLVED_PREFERENCE`); `None` when every column is full.
#[must_use]
pub fn best_solved_column(scores: &[Option<ExactScore>; WIDTH]) -> Option<(Column, ExactScore)> {
    SOLVED_PREFERENCE
        .into_iter()
        .filter_map(|c| scores[c.index()].map(|score| (c, score)))
        // max_by_key keeps the last of equal maxima: reversed, the first preferred.
        .rev()
        .max_by_key(|&(_, score)| score)
}

/// The columns of `size` in the order [`best_solved_column_in`] prefers them among equal
/// scores: from the centre outwards, right before left at the same distance (on 7x6,
/// `SOLVED_PREFERENCE`).
#[must_use]
pub fn solved_preference(size: Size) -> Vec<Column> {
    let width = size.width() as isize;
    let mut columns: Vec<Column> = size.columns().collect();
    // Twice the distance from the centre, which lies between columns on an even width.
    columns.sort_by_key(|c| {
        let doubled = (2 * c.index() as isize - (width - 1)).unsigned_abs();
        (doubled, std::cmp::Reverse(c.index()))
    });
    columns
}

/// [`best_solved_column`] on a board of any size: `scores` holds one entry a column of
/// `size`, left to right.
#[must_use]
pub fn best_solved_column_in(
    scores: &[Option<ExactScore>],
    size: Size,
) -> Option<(Column, ExactScore)> {
    solved_preference(size)
        .into_iter()
        .filter_map(|c| {
            scores
                .get(c.index())
                .copied()
                .flatten()
                .map(|score| (c, score))
        })
        .rev()
        .max_by_key(|&(_, score)| score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preference_of_every_width_is_centre_out_right_first() {
        assert_eq!(
            solved_preference(Size::STANDARD),
            SOLVED_PREFERENCE.to_vec()
        );
        let six = Size::new(6, 5).unwrap();
        let numbers: Vec<u8> = solved_preference(six).iter().map(|c| c.number()).collect();
        assert_eq!(numbers, [4, 3, 5, 2, 6, 1]);
        let mut scores = vec![Some(ExactScore::DRAW); 6];
        scores[3] = None;
        assert_eq!(
            best_solved_column_in(&scores, six).map(|(c, _)| c.number()),
            Some(3)
        );
    }

    #[test]
    fn the_widest_score_range_covers_every_size() {
        let most = Size::all().map(Size::cells).max().unwrap();
        assert_eq!(most, MOST_CELLS);
        assert_eq!(ExactScore::max_in(CELLS), ExactScore::MAX);
        assert_eq!(ExactScore::new_in(18, Size::STANDARD), ExactScore::new(18));
        assert_eq!(ExactScore::new_in(19, Size::STANDARD), None);
        let small = Size::new(4, 4).unwrap();
        assert_eq!(ExactScore::max_in(small.cells()).value(), 5);
        assert_eq!(ExactScore::new_in(-6, small), None);
    }

    #[test]
    fn scores_read_back_and_numbers_outside_the_range_are_refused() {
        for value in ExactScore::MIN.value()..=ExactScore::MAX.value() {
            let score = ExactScore::new(value).unwrap();
            assert_eq!(score.to_string().parse::<ExactScore>(), Ok(score));
            assert_eq!(format!("{score:+}").parse::<ExactScore>(), Ok(score));
            assert_eq!(-(-score), score);
            assert_eq!(ExactScore::new((-score).value()), Some(-score));
            let json = serde_json::to_string(&score).unwrap();
            assert_eq!(json, value.to_string());
            assert_eq!(serde_json::from_str::<ExactScore>(&json).unwrap(), score);
        }
        assert_eq!(
            (ExactScore::MIN.value(), ExactScore::MAX.value()),
            (-18, 18)
        );
        for bad in [19, -19, 1000, -1000] {
            assert_eq!(ExactScore::new(bad), None);
            assert_eq!(
                bad.to_string().parse::<ExactScore>(),
                Err(ScoreError::OutOfRange(bad.into()))
            );
        }
        let error = "99999999999".parse::<ExactScore>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "99999999999 is outside -18..=18, the exact scores of the board"
        );
        assert_eq!(
            "x".parse::<ExactScore>(),
            Err(ScoreError::NotANumber("x".to_owned()))
        );
        let error = serde_json::from_str::<ExactScore>("-1000").unwrap_err();
        assert!(
            error.to_string().contains("-1000 is outside -18..=18"),
            "{error}"
        );
    }

    #[test]
    fn a_score_says_who_wins_and_how_soon() {
        let score = |v| ExactScore::new(v).unwrap();
        assert!(score(3).is_win() && score(-3).is_loss() && ExactScore::DRAW.is_draw());
        assert_eq!((score(-7).signum(), score(-7).weak()), (-1, score(-1)));
        assert_eq!(score(18).describe(Some(6)), "win in 1 move (+18)");
        assert_eq!(score(-5).describe(Some(20)), "loss in 7 moves (-5)");
        assert_eq!(score(1).describe(None), "win (+1)");
        assert_eq!(ExactScore::DRAW.describe(Some(3)), "draw");
        assert_eq!(ExactScore::DRAW.winner_discs_left(3), None);
        // On 4x4 a win with the winner's last disc, the eighth, scores 1.
        let small = Size::new(4, 4).unwrap();
        assert_eq!(score(1).describe_in(Some(14), small), "win in 1 move (+1)");
        assert_eq!(
            score(-2).describe_in(Some(9), small),
            "loss in 2 moves (-2)"
        );
        let empty = Position::new();
        assert_eq!(ExactScore::win_now(&empty), ExactScore::MAX);
        assert_eq!(ExactScore::win_at_ply(6), ExactScore::MAX);
        assert_eq!(ExactScore::win_at_ply(41).value(), 1);
        assert_eq!(ExactScore::win_at_ply(43), ExactScore::DRAW);
    }

    #[test]
    fn the_best_column_skips_full_ones_and_prefers_the_centre() {
        let score = |v| ExactScore::new(v);
        let mut scores = [score(1); WIDTH];
        assert_eq!(
            best_solved_column(&scores),
            Some((Column::ALL[3], score(1).unwrap()))
        );
        scores[3] = None;
        assert_eq!(best_solved_column(&scores).unwrap().0, Column::ALL[4]);
        scores[0] = score(2);
        assert_eq!(
            best_solved_column(&scores),
            Some((Column::ALL[0], score(2).unwrap()))
        );
        assert_eq!(best_solved_column(&[None; WIDTH]), None);
    }
}
