//! A game record's move statistics checked against its moves, as its result is (the record's
//! `recompute_result`): a record read back is data that may have been edited.
//!
//! What the moves settle is checked: one entry per move after the opening, each of the
//! column played and its principal variation starting there; its score in words as its
//! number says it (`score_text`, written beside the number, so an edit of one shows); and
//! each exact score within what its position allows: a four at once scores
//! [`ExactScore::win_now`], the last cell filled without one 0, any other move no more than a win
//! with the mover's next disc and no less than a loss to the opponent's; and no reply scores
//! more than the minus of the exact score of the move before it (the solver's convention
//! makes a move's score the minus of the position it leaves). A heuristic value is a
//! search's estimate, which nothing but the search again could check.
//!
//! The policy is the result's: what cannot be right is named in a warning and counted as the
//! moves allow. A score that cannot be right counts as not scored, a number written as an
//! exact score that is no score of the board at all among them (set aside as the line is
//! read, so that the record still reads: [`ScoreTexts::set_aside`]); statistics that are not
//! one per move of its column count as none.

use c4_core::{Column, Game, Geometry, Position, Size, with_geometry};
use c4_search::search::{MoveReport, MoveValue};
use c4_solver::ExactScore;
use serde::Deserialize;

/// Puts each move's statistics in `line`, a games file's line read as JSON, on the record's
/// board: an entry that names no board is of the record's (as a record that names none is
/// of 7x6), and one that names another board is refused, naming the move and both boards.
pub(crate) fn stats_on_record_board(line: &mut serde_json::Value) -> serde_json::Result<()> {
    use serde::de::Error;
    let size = match line.get("size") {
        Some(size) => Size::deserialize(size)?,
        None => Size::STANDARD,
    };
    let opening = line
        .get("opening")
        .and_then(serde_json::Value::as_str)
        .map_or(0, |opening| opening.chars().count());
    let entries = line
        .get_mut("stats")
        .and_then(serde_json::Value::as_array_mut);
    for (i, entry) in entries.into_iter().flatten().enumerate() {
        let Some(entry) = entry.as_object_mut() else {
            continue;
        };
        match entry.get("size") {
            None => {
                if !size.is_standard() {
                    entry.insert("size".to_owned(), serde_json::json!(size));
                }
            }
            Some(named) => {
                let named = Size::deserialize(named)?;
                if named != size {
                    return Err(serde_json::Error::custom(format!(
                        "move {}'s statistics are of the {named} board, the record's of {size}",
                        opening + i + 1
                    )));
                }
            }
        }
    }
    Ok(())
}

/// What a games file says of each move's score in words, read beside the record.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ScoreTexts {
    /// `score_text` of each entry of `stats`, in order.
    #[serde(default)]
    stats: Vec<ScoreText>,
}

/// One move's `score_text`, as written with its `ply`. An entry without its ply was written
/// before the report's words took their present form (`53`, `win in 3 plies`): its words
/// are not compared.
#[derive(Debug, Deserialize)]
struct ScoreText {
    #[serde(default)]
    score_text: Option<String>,
    #[serde(default)]
    ply: Option<u32>,
    /// The number written as the move's exact score when it is no score of the board.
    #[serde(skip)]
    beyond_scores: Option<i64>,
}

impl ScoreTexts {
    /// What `line`, a games file's line read as JSON, says of each move's score in words.
    /// A number written as an exact score that is no [`ExactScore`] is set aside: the entry
    /// is left in `line` as not exact, to be read, and [`unscore_set_aside`](Self::unscore_set_aside)
    /// then counts it as not scored, which [`check_stats`] names.
    pub(crate) fn set_aside(line: &mut serde_json::Value) -> serde_json::Result<ScoreTexts> {
        let mut texts = ScoreTexts::deserialize(&*line)?;
        let size = match line.get("size") {
            Some(size) => Size::deserialize(size)?,
            None => Size::STANDARD,
        };
        let entries = line
            .get_mut("stats")
            .and_then(serde_json::Value::as_array_mut);
        for (entry, text) in entries.into_iter().flatten().zip(&mut texts.stats) {
            if entry.get("exact") == Some(&serde_json::Value::Bool(true))
                && let Some(number) = entry.get("score").and_then(serde_json::Value::as_i64)
                && i32::try_from(number)
                    .ok()
                    .and_then(|n| ExactScore::new_in(n, size))
                    .is_none()
            {
                text.beyond_scores = Some(number);
                entry["exact"] = false.into();
                entry["score"] = 0.into();
            }
        }
        Ok(texts)
    }

    /// Counts the moves of `stats` whose exact score [`set_aside`](Self::set_aside) set
    /// aside as not scored.
    pub(crate) fn unscore_set_aside(&self, stats: &mut [MoveReport]) {
        for (stats, text) in stats.iter_mut().zip(&self.stats) {
            if text.beyond_scores.is_some() {
                stats.score = MoveValue::Unscored;
            }
        }
    }
}

/// The parts of a game record that its statistics are checked against.
pub(crate) struct Played<'a> {
    /// The game's index in its file.
    pub game: u64,
    /// Its board.
    pub size: Size,
    /// Its moves, a finished game.
    pub moves: &'a str,
    /// The opening its moves start with (no statistics).
    pub opening: &'a str,
}

/// Checks `stats`, the statistics of the moves of `played` after its opening (plies already
/// set from their places), against its moves and `texts`; counts what cannot be right as the
/// module says, and returns each change in words.
pub(crate) fn check_stats(
    played: &Played<'_>,
    stats: &mut Vec<MoveReport>,
    texts: &ScoreTexts,
) -> Vec<String> {
    with_geometry!(played.size, g => check_stats_in(played, stats, texts, g))
}

/// [`check_stats`] on the board of `geometry`.
fn check_stats_in<G: Geometry>(
    played: &Played<'_>,
    stats: &mut Vec<MoveReport>,
    texts: &ScoreTexts,
    geometry: G,
) -> Vec<String> {
    let game = played.game;
    let opening = played.opening;
    let Ok(played) = Game::from_moves_in(played.moves, geometry) else {
        return Vec::new();
    };
    let after_opening = played.moves().get(opening.len()..).unwrap_or(&[]);
    let structure = if stats.len() != after_opening.len() {
        Some(format!(
            "{} moves after the opening but statistics for {}",
            after_opening.len(),
            stats.len()
        ))
    } else {
        after_opening
            .iter()
            .zip(stats.iter())
            .enumerate()
            .find(|(_, (column, stats))| {
                stats.column != **column || stats.pv.first().is_some_and(|c| c != *column)
            })
            .map(|(i, (column, stats))| {
                format!(
                    "move {} is column {column}, its statistics are column {}'s{}",
                    opening.len() + i + 1,
                    stats.column,
                    if stats.column == *column {
                        " but start their line elsewhere"
                    } else {
                        ""
                    }
                )
            })
    };
    if let Some(what) = structure {
        stats.clear();
        return vec![format!(
            "game {game}: {what}: the statistics do not follow from its moves: counted without them"
        )];
    }
    let mut position = Position::new_in(geometry);
    for column in &played.moves()[..opening.len()] {
        position.play_unchecked(*column);
    }
    let mut notes = Vec::new();
    let mut previous: Option<ExactScore> = None;
    for (i, stats) in stats.iter_mut().enumerate() {
        let written = texts.stats.get(i);
        let text = written
            .filter(|t| t.ply.is_some())
            .and_then(|t| t.score_text.as_deref());
        let wrong = match written.and_then(|t| t.beyond_scores) {
            Some(number) => Some(out_of_range(number, possible(&position, stats.column))),
            None => impossible(&position, stats, previous).or_else(|| {
                text.filter(|text| *text != stats.score_text())
                    .map(|text| format!("its score {} is written {text:?}", stats.score_text()))
            }),
        };
        let column = stats.column;
        previous = match stats.score {
            MoveValue::Exact(score) if wrong.is_none() => Some(score),
            _ => None,
        };
        if let Some(why) = wrong {
            notes.push(format!(
                "game {game}: move {} (column {column}): {why}: counted as not scored",
                position.moves_played() + 1
            ));
            stats.score = MoveValue::Unscored;
        }
        position.play_unchecked(column);
    }
    notes
}

/// Why the exact score of `stats`, a move from `position`, cannot be right, if it cannot;
/// `previous` is the exact score of the move before it, if it had one.
fn impossible<G: Geometry>(
    position: &Position<G>,
    stats: &MoveReport,
    previous: Option<ExactScore>,
) -> Option<String> {
    let MoveValue::Exact(score) = stats.score else {
        return None;
    };
    let (low, high, what) = possible(position, stats.column);
    if !(low..=high).contains(&score) {
        return Some(out_of_range(score, (low, high, what)));
    }
    match previous {
        Some(before) if score > -before => Some(format!(
            "its exact score is {score}, but the move before it left a position worth {}",
            -before
        )),
        _ => None,
    }
}

/// The lowest and highest exact score of playing `column` from `position`, and what the
/// move is: a four at once scores [`ExactScore::win_now`], the last cell filled without one
/// 0; any other move at worst the opponent's four at once after it, at best a four with the
/// mover's disc after next.
fn possible<G: Geometry>(
    position: &Position<G>,
    column: Column,
) -> (ExactScore, ExactScore, &'static str) {
    let win_now = ExactScore::win_now_in(position);
    let mut after = *position;
    after.play_unchecked(column);
    if position.is_winning_move(column) {
        (win_now, win_now, "a four at once")
    } else if after.is_over() {
        (ExactScore::DRAW, ExactScore::DRAW, "the last cell, a draw")
    } else {
        (
            -ExactScore::win_now_in(&after),
            // A win with the mover's next disc: two discs later than a win now.
            ExactScore::new_any_size((win_now.value() - 1).max(0)).unwrap_or(ExactScore::DRAW),
            "a move that does not end the game",
        )
    }
}

/// Why `number`, written as an exact score, cannot be right for a move of the range `possible`
/// gives.
fn out_of_range(
    number: impl std::fmt::Display,
    (low, high, what): (ExactScore, ExactScore, &str),
) -> String {
    let range = if low == high {
        format!("scores {low}")
    } else {
        format!("scores {low} to {high}")
    };
    format!("its exact score is {number}, but {what} {range}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::played::{Seat, human_move};
    use crate::record::GameRecord;
    use std::time::Duration;

    /// Red wins on column 4 at ply 6 (`4343434`), every move by a person, unscored.
    fn record() -> GameRecord {
        record_of("4343434")
    }

    /// The finished game of `moves`, every move by a person, unscored.
    fn record_of(moves: &str) -> GameRecord {
        let stats = moves
            .chars()
            .zip(0..)
            .map(|(c, ply)| {
                human_move(
                    Size::STANDARD,
                    Column::from_digit(c).unwrap(),
                    ply,
                    Duration::ZERO,
                )
            })
            .collect();
        GameRecord::played(
            Size::STANDARD,
            [Seat::human("a"), Seat::human("b")],
            true,
            "",
            moves,
            stats,
        )
        .unwrap()
    }

    fn check(record: &mut GameRecord) -> Vec<String> {
        let played = Played {
            game: record.game,
            size: record.size,
            moves: &record.moves,
            opening: &record.opening,
        };
        check_stats(&played, &mut record.stats, &ScoreTexts::default())
    }

    fn notes_with(scores: &[(usize, i32)]) -> Vec<String> {
        notes_of(record(), scores)
    }

    fn notes_of(mut record: GameRecord, scores: &[(usize, i32)]) -> Vec<String> {
        for &(index, score) in scores {
            record.stats[index].score = MoveValue::exact(ExactScore::new(score).unwrap());
        }
        check(&mut record)
    }

    #[test]
    fn issue_47_exact_scores_the_moves_allow_are_kept_and_others_named() {
        // Red's win at ply 6 scores (43 - 6) / 2; at ply 4 red wins with its next disc, and
        // yellow at ply 5 loses to it.
        assert_eq!(
            notes_with(&[(6, 18), (4, 18), (5, -18)]),
            Vec::<String>::new()
        );
        let notes = notes_with(&[(6, 17)]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0]
                .contains("move 7 (column 4): its exact score is 17, but a four at once scores 18"),
            "{notes:?}"
        );
        // Two full rows, then yellow's four in column 7 at ply 19: at ply 10, a move scores
        // at worst the opponent's four with its next disc, at best one with the mover's disc
        // after next.
        let late = || record_of("12345671234567171717");
        assert_eq!(notes_of(late(), &[(10, 15)]), Vec::<String>::new());
        let notes = notes_of(late(), &[(10, 16)]);
        assert!(notes[0].contains("scores -16 to 15"), "{notes:?}");
        // Yellow's reply cannot be worth more than red's move left it.
        let notes = notes_with(&[(4, 18), (5, -17)]);
        assert!(notes[0].contains("left a position worth -18"), "{notes:?}");
    }

    #[test]
    fn a_number_that_is_no_score_is_set_aside_named_and_counted_as_not_scored() {
        let mut line = serde_json::to_value(record()).unwrap();
        line["stats"][6]["exact"] = true.into();
        line["stats"][6]["score"] = 30.into();
        let texts = ScoreTexts::set_aside(&mut line).unwrap();
        let mut read: GameRecord = serde_json::from_value(line).unwrap();
        texts.unscore_set_aside(&mut read.stats);
        assert_eq!(read.stats[6].score, MoveValue::Unscored);
        let played = Played {
            game: read.game,
            size: read.size,
            moves: &read.moves,
            opening: &read.opening,
        };
        let notes = check_stats(&played, &mut read.stats, &texts);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0]
                .contains("move 7 (column 4): its exact score is 30, but a four at once scores 18"),
            "{notes:?}"
        );
    }

    #[test]
    fn issue_47_statistics_of_other_columns_are_named_and_dropped() {
        let mut edited = record();
        edited.stats[2].column = Column::from_digit('1').unwrap();
        let notes = check(&mut edited);
        assert!(notes[0].contains("move 3 is column 4, its statistics are column 1's"));
        assert!(edited.stats.is_empty());
        let mut record = record();
        record.stats.pop();
        let notes = check(&mut record);
        assert!(notes[0].contains("7 moves after the opening but statistics for 6"));
    }
}
