//! A game played by hand (in `c4 play` or on the page) made a game record: who sat at each
//! side, a person's move as statistics, and the record checked against its board.

use crate::record::{GameRecord, GameResult, set_plies};
use c4_core::{Column, Game, ParseMovesError, Size, with_geometry};
use c4_search::search::MoveReport;
use std::time::Duration;

/// Why a game played elsewhere does not make a record (see [`GameRecord::played`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayedError {
    /// The moves are not a game.
    #[error("moves {moves:?}: {source}")]
    Moves {
        /// The moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The opening is not a game.
    #[error("opening {opening:?}: {source}")]
    Opening {
        /// The opening.
        opening: String,
        /// What is wrong with it.
        #[source]
        source: ParseMovesError,
    },
    /// The opening is not where the moves start.
    #[error("the opening {opening:?} does not start the moves {moves:?}")]
    OpeningNotStart {
        /// The opening.
        opening: String,
        /// The moves.
        moves: String,
    },
    /// The moves leave the game unfinished.
    #[error("the moves {0:?} do not finish the game")]
    Unfinished(String),
    /// Not one statistics entry per move after the opening.
    #[error("{moves} moves after the opening but statistics for {statistics}")]
    StatisticsCount {
        /// Moves after the opening.
        moves: usize,
        /// Statistics entries.
        statistics: usize,
    },
    /// A move's statistics are of another board.
    #[error("move {number}'s statistics are of the {stats} board, the game's of {size}")]
    StatisticsSize {
        /// The move's number from the start, from 1.
        number: usize,
        /// The board its statistics name.
        stats: Size,
        /// The game's board.
        size: Size,
    },
    /// A move's statistics are another column's.
    #[error("move {number} is column {digit}, its statistics are column {column}'s")]
    StatisticsColumn {
        /// The move's number from the start, from 1.
        number: usize,
        /// The move's column digit.
        digit: char,
        /// The column its statistics name.
        column: Column,
    },
}

/// A player of a game played by hand (in `c4 play` or on the page): its label, spec and seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The label the record gives it (`you`, `computer`, `red`...).
    pub name: String,
    /// Its canonical spec, or [`HUMAN_SPEC`].
    pub spec: String,
    /// The seed of its random choices (0 for a human).
    pub seed: u64,
}

/// The spec a record gives a human player.
pub const HUMAN_SPEC: &str = "human";

impl Seat {
    /// A human called `name`.
    #[must_use]
    pub fn human(name: &str) -> Seat {
        Seat {
            name: name.to_owned(),
            spec: HUMAN_SPEC.to_owned(),
            seed: 0,
        }
    }
}

/// A human's move at `ply` on the board of `size` as a move's statistics: the time taken,
/// nothing searched.
#[must_use]
pub fn human_move(size: Size, column: Column, ply: u32, time: Duration) -> MoveReport {
    MoveReport {
        size,
        ..MoveReport::unscored(column, ply, time, Some(HUMAN_SPEC.to_owned()))
    }
}

impl GameRecord {
    /// The record (game 0) of a finished game on the board `size` that `a` and `b` played
    /// from `opening` on (A red if `a_first`), `stats` holding each move after the opening;
    /// an error says what does not fit: moves that are not a finished game of that board, an
    /// opening that does not start them, or statistics that are not one per move of the
    /// players, each of its column. Each move's `ply` is set from its place.
    pub fn played(
        size: Size,
        [a, b]: [Seat; 2],
        a_first: bool,
        opening: &str,
        moves: &str,
        mut stats: Vec<MoveReport>,
    ) -> Result<GameRecord, PlayedError> {
        let read = |moves: &str| {
            with_geometry!(size, g => Game::from_moves_in(moves, g)
                .map(|game| (game.move_string(), game.position().status())))
        };
        let (moves, status) = read(moves).map_err(|source| PlayedError::Moves {
            moves: moves.to_owned(),
            source,
        })?;
        let (opening, _) = read(opening).map_err(|source| PlayedError::Opening {
            opening: opening.to_owned(),
            source,
        })?;
        let Some(played) = moves.strip_prefix(&opening) else {
            return Err(PlayedError::OpeningNotStart { opening, moves });
        };
        let (result, winner) = GameResult::of(status, a_first)
            .ok_or_else(|| PlayedError::Unfinished(moves.clone()))?;
        if stats.len() != played.len() {
            return Err(PlayedError::StatisticsCount {
                moves: played.len(),
                statistics: stats.len(),
            });
        }
        for (i, (digit, summary)) in played.chars().zip(&stats).enumerate() {
            if summary.size != size {
                return Err(PlayedError::StatisticsSize {
                    number: opening.len() + i + 1,
                    stats: summary.size,
                    size,
                });
            }
            if size.column_of_char(digit) != Some(summary.column) {
                return Err(PlayedError::StatisticsColumn {
                    number: opening.len() + i + 1,
                    digit,
                    column: summary.column,
                });
            }
        }
        set_plies(opening.len(), &mut stats);
        Ok(GameRecord {
            game: 0,
            size,
            a: a.name,
            b: b.name,
            a_spec: a.spec,
            b_spec: b.spec,
            a_first,
            opening,
            moves,
            result,
            winner,
            seeds: [a.seed, b.seed],
            stats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::Player;

    fn seats() -> [Seat; 2] {
        let computer = Seat {
            name: "computer".to_owned(),
            spec: "random".to_owned(),
            seed: 7,
        };
        [Seat::human("you"), computer]
    }

    /// A 7x6 game of `seats()` as a record.
    fn played(
        a_first: bool,
        opening: &str,
        moves: &str,
        stats: Vec<MoveReport>,
    ) -> Result<GameRecord, PlayedError> {
        GameRecord::played(Size::STANDARD, seats(), a_first, opening, moves, stats)
    }

    /// Human moves of `moves`, played after `opening` moves.
    fn stats_of(opening: usize, moves: &str) -> Vec<MoveReport> {
        moves
            .chars()
            .zip(opening as u32..)
            .map(|(c, ply)| {
                human_move(
                    Size::STANDARD,
                    Column::from_digit(c).unwrap(),
                    ply,
                    Duration::from_millis(1),
                )
            })
            .collect()
    }

    #[test]
    fn a_played_game_becomes_a_record_that_reads_back() {
        // Yellow (A, the human) answers an opening of 4; red wins on column 4.
        let record = played(false, "4", "4343434", stats_of(1, "343434")).unwrap();
        assert_eq!(record.result, GameResult::Loss);
        assert_eq!(record.winner, Some(Player::Red));
        assert_eq!(record.seeds, [0, 7]);
        assert!(record.chosen_by_a(0) && !record.chosen_by_a(1));
        // The statistics' plies are the record's, from each move's place.
        let misplaced = stats_of(0, "343434");
        assert_eq!(played(false, "4", "4343434", misplaced).unwrap(), record);
        let line = serde_json::to_string(&record).unwrap();
        assert_eq!(serde_json::from_str::<GameRecord>(&line).unwrap(), record);
        // A record whose moves do not say their ply gets it from their place.
        let without = line.replace(",\"ply\":", ",\"was\":");
        let mut read: GameRecord = serde_json::from_str(&without).unwrap();
        assert!(read.stats.iter().all(|m| m.ply == 0), "{without}");
        read.recompute_result().unwrap();
        assert_eq!(read, record);
    }

    #[test]
    fn what_does_not_fit_a_record_is_named() {
        let error = |opening: &str, moves: &str, stats: &str| {
            played(true, opening, moves, stats_of(opening.len(), stats))
                .unwrap_err()
                .to_string()
        };
        assert!(error("", "4343", "4343").contains("do not finish the game"));
        assert!(error("5", "4343434", "343434").contains("does not start the moves"));
        assert!(
            error("", "4343434", "434343")
                .contains("7 moves after the opening but statistics for 6")
        );
        assert!(error("", "4343434", "4343435").contains("move 7 is column 4"));
        assert!(error("", "4444444", "").contains("moves \"4444444\""));
    }
}
