//! A recorded game reviewed against perfect play (see [`c4_players::review`]): its players
//! named by their labels, its opening not judged.

use crate::record::GameRecord;
use c4_core::Size;
use c4_players::review::{Review, ReviewError, review};
use c4_solver::Solver;

/// Why a recorded game is not reviewed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReviewError {
    /// The game is on another board than 7x6, the board reviews are made on.
    #[error("the game is on the {0} board: games are reviewed on 7x6 only")]
    OtherSize(Size),
    /// The review itself failed.
    #[error(transparent)]
    Review(#[from] ReviewError),
}

/// The review of the game of `record` from ply `from_ply`, or from the end of its opening
/// when that is later; a game of another board than 7x6 is refused.
pub fn review_record(
    record: &GameRecord,
    from_ply: u32,
    solver: &mut Solver,
) -> Result<Review, RecordReviewError> {
    if !record.size.is_standard() {
        return Err(RecordReviewError::OtherSize(record.size));
    }
    let (red, yellow) = if record.a_first {
        (&record.a, &record.b)
    } else {
        (&record.b, &record.a)
    };
    Ok(review(
        &record.moves,
        (record.opening.len() as u32).max(from_ply),
        [red.clone(), yellow.clone()],
        solver,
    )?)
}
