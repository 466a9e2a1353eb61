//! Exact scores: what they mean, how they are written, and which move they pick.

use c4_core::{CELLS, Column, Position, WIDTH};

/// An exact score (see the module docs).
pub type Score = i32;

/// The best possible score: a win with the side to move's first disc after the 3 forced ones.
pub const MAX_SCORE: Score = (CELLS as Score + 1) / 2 - 3;
/// The worst possible score.
pub const MIN_SCORE: Score = -(CELLS as Score) / 2 + 3;
/// The score a full column gets in [`super::Solver::analyze`].
pub const INVALID_MOVE: Score = -1000;

/// The score of the side to move connecting four with its next disc in `position`.
#[must_use]
pub const fn win_now_score(position: &Position) -> Score {
    (CELLS as Score + 1 - position.moves_played() as Score) / 2
}

/// The exact score, for the side to move in `position` (not over), of playing `column`
/// (playable): a four at once scores [`win_now_score`], filling the last cell without one 0,
/// any other move minus the score of the position after it, which `exact` gives.
pub fn move_score<E>(
    position: &Position,
    column: Column,
    exact: impl FnOnce(&Position) -> Result<Score, E>,
) -> Result<Score, E> {
    debug_assert!(position.can_play(column) && !position.is_over());
    if position.is_winning_move(column) {
        return Ok(win_now_score(position));
    }
    let mut child = *position;
    child.play_unchecked(column);
    if child.is_over() {
        return Ok(0);
    }
    exact(&child).map(|score| -score)
}

/// Whether `score` means the side to move wins.
#[must_use]
pub const fn is_win(score: Score) -> bool {
    score > 0
}

/// The number of discs the winner still plays (including the winning one) for a decisive
/// score in a position with `moves_played` discs; `None` for a draw.
#[must_use]
pub fn winner_discs_left(score: Score, moves_played: u32) -> Option<u32> {
    if score == 0 {
        return None;
    }
    // Winner's discs at the end: k = (CELLS + 2) / 2 - |score|.
    let k = (CELLS as i32 + 2) / 2 - score.abs();
    // Discs the winner has now: the side to move has played moves/2, the other (moves+1)/2.
    let now = if score > 0 {
        moves_played / 2
    } else {
        moves_played.div_ceil(2)
    } as i32;
    Some((k - now).max(1) as u32)
}

/// An exact score in words, for the side to move: `win in 3 moves (+18)`, `loss in 15 moves
/// (-5)`, `draw`. A move is one disc of the winner, the winning disc included; Pons' score is
/// in brackets. Without `moves_played` the distance is unknown: `win (+18)`.
#[must_use]
pub fn describe_score(score: Score, moves_played: Option<u32>) -> String {
    let word = match score.signum() {
        1 => "win",
        -1 => "loss",
        _ => return "draw".to_owned(),
    };
    match moves_played.and_then(|m| winner_discs_left(score, m)) {
        Some(n) => format!(
            "{word} in {n} move{} ({score:+})",
            if n == 1 { "" } else { "s" }
        ),
        None => format!("{word} ({score:+})"),
    }
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

/// The best column by solver scores ([`INVALID_MOVE`] for full columns); the centre-most
/// among equals (see `SOLVED_PREFERENCE`).
#[must_use]
pub fn best_solved_column(position: &Position, scores: &[Score; WIDTH]) -> Column {
    SOLVED_PREFERENCE
        .into_iter()
        .filter(|c| position.can_play(*c))
        // max_by_key keeps the last of equal maxima: reversed, the first preferred.
        .rev()
        .max_by_key(|c| scores[c.index()])
        .expect("a position that is not over has a legal move")
}
