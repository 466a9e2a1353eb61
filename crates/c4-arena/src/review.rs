//! A recorded game reviewed against perfect play (see [`c4_players::review`]): its players
//! named by their labels, its opening not judged.

use crate::record::GameRecord;
use c4_players::review::{Review, ReviewError, review};
use c4_solver::Solver;

/// The review of the game of `record` from ply `from_ply`, or from the end of its opening
/// when that is later.
pub fn review_record(
    record: &GameRecord,
    from_ply: u32,
    solver: &mut Solver,
) -> Result<Review, ReviewError> {
    let (red, yellow) = if record.a_first {
        (&record.a, &record.b)
    } else {
        (&record.b, &record.a)
    };
    review(
        &record.moves,
        (record.opening.len() as u32).max(from_ply),
        [red.clone(), yellow.clone()],
        solver,
    )
}
