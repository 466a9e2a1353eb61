//! A recorded game reviewed against perfect play (see [`c4_players::review`]): its players
//! named by their labels, its opening not judged, on the board of its solver.

use crate::record::GameRecord;
use c4_core::{Geometry, Size};
use c4_players::review::{Review, ReviewError, ReviewProgress, review_watched};
use c4_solver::{SolveLimits, Solver};

/// Why a recorded game is not reviewed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReviewError {
    /// The game is on another board than the solver's.
    #[error("the game is on the {game} board, the solver on {solver}: review it on its board")]
    OtherSize {
        /// The game's board.
        game: Size,
        /// The solver's board.
        solver: Size,
    },
    /// The review itself failed.
    #[error(transparent)]
    Review(#[from] ReviewError),
}

/// The review of the game of `record` from ply `from_ply`, or from the end of its opening
/// when that is later, by `solver`, which must be of the game's board (a solver of another
/// is refused, naming both).
pub fn review_record<G: Geometry>(
    record: &GameRecord,
    from_ply: u32,
    solver: &mut Solver<G>,
) -> Result<Review, RecordReviewError> {
    review_record_within(
        record,
        from_ply,
        solver,
        SolveLimits::default(),
        &mut |_| {},
    )
}

/// [`review_record`] within `budget` (of time, of solver nodes, both or neither), `progress`
/// told of each move.
pub fn review_record_within<G: Geometry>(
    record: &GameRecord,
    from_ply: u32,
    solver: &mut Solver<G>,
    budget: SolveLimits,
    progress: &mut dyn FnMut(ReviewProgress),
) -> Result<Review, RecordReviewError> {
    let solver_size = solver.geometry().size();
    if record.size != solver_size {
        return Err(RecordReviewError::OtherSize {
            game: record.size,
            solver: solver_size,
        });
    }
    let (red, yellow) = if record.a_first {
        (&record.a, &record.b)
    } else {
        (&record.b, &record.a)
    };
    Ok(review_watched(
        &record.moves,
        (record.opening.len() as u32).max(from_ply),
        [red.clone(), yellow.clone()],
        solver,
        budget,
        progress,
    )?)
}
