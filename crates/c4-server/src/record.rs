//! `POST /api/record`: a finished game as a game record, taking nothing the client says on
//! trust.
//!
//! - Each computer's `ai` is parsed by the spec parser every route uses (a file option is
//!   refused as everywhere) and checked against the game's board, as `/api/best` checks it;
//!   the record keeps its canonical text.
//! - Everything is read on the game's board: a person's column, and each computer's
//!   statistics, which name no board or the game's.
//! - Each move's statistics are checked where they can be: the column is the move played;
//!   the principal variation starts with it and is cut at its first move that cannot be
//!   played; depth and times are within bounds ([`MAX_MOVE_MS`], the board's cells); an
//!   exact score must be possible at its ply and is checked against the solver (with the
//!   built-in book, within the server's time cap). A score the server cannot check (a
//!   heuristic one, or an exact one the solver did not reach in time) is kept, its note
//!   marked [`REPORTED`]. A check that fails is a 400 naming the ply.
//! - Every text the record repeats from the request (names, specs, notes) is cut to
//!   [`MAX_ECHO_CHARS`] characters.

use crate::api::run_search;
use crate::body::JsonObject;
use crate::{ApiError, AppState};
use axum::Json;
use axum::extract::State;
use c4_api::REVIEW_TABLE_BITS;
use c4_arena::played::{HUMAN_SPEC, Seat, human_move};
use c4_arena::record::GameRecord;
use c4_books::OpeningBook;
use c4_books::score_bounds_in;
use c4_core::{AnySize, Column, Game, Player, Position, Size, with_geometry};
use c4_options::FileAccess;
use c4_players::PlayerSpec;
use c4_players::review::review_within;
use c4_search::search::{MoveReport, MoveValue, duration_from_ms};
use c4_solver::{ExactScore, Solver};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

/// The longest a move may be recorded to have taken, milliseconds (one day).
pub const MAX_MOVE_MS: f64 = 86_400_000.0;

/// The most characters of any text from the request that a record repeats.
pub const MAX_ECHO_CHARS: usize = 80;

/// How the note of a move whose score the server could not check begins.
pub const REPORTED: &str = "score reported by the client, not checked";

/// Who chose one move of a game sent to `POST /api/record`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(tag = "by", rename_all = "lowercase", deny_unknown_fields)]
pub enum PlyChoice {
    /// A person, taking `time_ms` milliseconds.
    Human {
        /// The column played, 1 for the leftmost: read on the game's board.
        column: i64,
        /// How long they took.
        time_ms: f64,
    },
    /// A computer: its `/api/best` answer.
    Computer {
        /// The answer's canonical spec.
        ai: String,
        /// The answer's seed.
        seed: u64,
        /// The answer's statistics (read here, so that a bad time is named within bounds).
        stats: serde_json::Value,
    },
}

/// The body of `POST /api/record`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRequest {
    /// The finished game's moves from the empty board.
    pub moves: String,
    /// Who chose each move, in order; `null` for moves nobody here chose (a linked
    /// position), which come first and become the record's opening.
    pub plies: Vec<Option<PlyChoice>>,
    /// Player A's colour (default red): in a game against the computer, the person's.
    #[serde(default)]
    pub a: Option<Player>,
    /// The names of A and B (default their colours, `red` and `yellow`).
    #[serde(default)]
    pub names: Option<[String; 2]>,
    /// The board's size, `"6x5"`; absent means 7x6.
    #[serde(default)]
    pub size: Size,
}

/// `text` if it has at most [`MAX_ECHO_CHARS`] characters, otherwise its start and `...`,
/// that many characters in all.
#[must_use]
pub fn cut(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        Some(_) => {
            let end = text
                .char_indices()
                .nth(MAX_ECHO_CHARS - 3)
                .map_or(text.len(), |(i, _)| i);
            format!("{}...", &text[..end])
        }
        None => text.to_owned(),
    }
}

/// 400 about ply `ply`.
fn at_ply(ply: usize, message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("ply {ply}: {message}"))
}

/// A move's time in milliseconds as a duration, refused outside 0..=[`MAX_MOVE_MS`].
fn move_time(ply: usize, time_ms: f64) -> Result<Duration, ApiError> {
    if !(0.0..=MAX_MOVE_MS).contains(&time_ms) {
        // `{:e}` keeps a huge number short (1e308, not 309 digits).
        return Err(at_ply(
            ply,
            format!("time_ms {time_ms:e} is outside 0 to {MAX_MOVE_MS} (one day)"),
        ));
    }
    duration_from_ms(time_ms).map_err(|e| at_ply(ply, e))
}

/// The number a computer's statistics give as an exact score, refused unless the side to
/// move can have it with `ply` discs on the board of `size` ([`score_bounds_in`]: lost to
/// the opponent's next disc, or won with its own).
fn possible_score(size: Size, ply: usize, score: i64) -> Result<(), ApiError> {
    let (low, high) = score_bounds_in(size, ply as u32);
    if (i64::from(low.value())..=i64::from(high.value())).contains(&score) {
        Ok(())
    } else {
        Err(at_ply(
            ply,
            format!(
                "exact score {score} is impossible with {ply} discs on the board ({low} to {high})"
            ),
        ))
    }
}

/// A computer's statistics for the move `played` from `position` (ply `ply`), checked as
/// far as they can be without a search.
fn checked_stats(
    ply: usize,
    position: &Position<AnySize>,
    played: Column,
    mut stats: serde_json::Value,
) -> Result<MoveReport, ApiError> {
    let size = position.size();
    if let Some(entry) = stats.as_object_mut() {
        match entry.get("size") {
            None => {
                entry.insert("size".to_owned(), serde_json::json!(size));
            }
            Some(named) if *named != serde_json::json!(size) => {
                return Err(at_ply(
                    ply,
                    format!(
                        "the stats are of the {} board, the game's of {size}",
                        named.as_str().map_or_else(|| cut(&named.to_string()), cut)
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    if let Some(time_ms) = stats.get("time_ms").and_then(serde_json::Value::as_f64) {
        move_time(ply, time_ms)?;
    }
    if stats.get("exact").and_then(serde_json::Value::as_bool) == Some(true)
        && let Some(score) = stats.get("score").and_then(serde_json::Value::as_i64)
    {
        possible_score(position.size(), ply, score)?;
    }
    let mut report: MoveReport = serde_json::from_value(stats).map_err(|e| {
        at_ply(
            ply,
            format!("stats: {}", crate::error::shorten(&e.to_string())),
        )
    })?;
    if report.column != played {
        return Err(at_ply(
            ply,
            format!(
                "the stats give column {}, but the move is {played}",
                report.column
            ),
        ));
    }
    let cells = position.size().cells() as u32;
    if report.depth > cells {
        return Err(at_ply(
            ply,
            format!(
                "depth {} is over {cells}, the cells of the {} board",
                report.depth,
                position.size()
            ),
        ));
    }
    match report.pv.first() {
        None => report.pv = vec![played],
        Some(&first) if first != played => {
            return Err(at_ply(
                ply,
                format!("the pv starts with {first}, not the move played {played}"),
            ));
        }
        Some(_) => {}
    }
    let mut line = *position;
    let playable = report
        .pv
        .iter()
        .take_while(|&&column| {
            let ok = !line.is_over() && line.can_play(column);
            if ok {
                line.play_unchecked(column);
            }
            ok
        })
        .count();
    report.pv.truncate(playable);
    report.note = report.note.as_deref().map(cut);
    Ok(report)
}

/// A side's seat in a record from the specs and seeds of its moves' choosers: the specs
/// joined by ` then ` when they changed during the game, the first computer's seed.
fn seat_of(name: String, choices: &[(String, Option<u64>)]) -> Seat {
    let mut specs: Vec<&str> = Vec::new();
    let mut seed = None;
    for (spec, s) in choices {
        if let Some(s) = s {
            seed.get_or_insert(*s);
        }
        if specs.last() != Some(&spec.as_str()) {
            specs.push(spec);
        }
    }
    Seat {
        name,
        spec: if specs.is_empty() {
            HUMAN_SPEC.to_owned()
        } else {
            specs.join(" then ")
        },
        seed: seed.unwrap_or(0),
    }
}

/// The solver's score of each move of `game` after its first `opening` moves, by ply, as
/// far as it gets within the server's time cap.
async fn solved_scores(
    state: &AppState,
    game: &Game<AnySize>,
    opening: usize,
) -> Result<HashMap<usize, ExactScore>, ApiError> {
    let moves = game.move_string();
    let size = game.size();
    let limits = state.config().limits();
    run_search(state, move |cancel| {
        // The check is a review of the game's last moves, in a review's table, on the
        // game's board (a solver of another size never reads the 7x6 book).
        let review = with_geometry!(size, g => {
            let mut solver = Solver::new_in(REVIEW_TABLE_BITS, g);
            solver.set_threads(limits.max_threads as usize);
            solver.set_book(Some(OpeningBook::builtin()));
            solver.set_cancel(Some(cancel));
            let names = ["red".to_owned(), "yellow".to_owned()];
            review_within(&moves, opening as u32, names, &mut solver, Some(limits.time_cap))
        })
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(review
            .reviewed
            .iter()
            .map(|judged| (judged.ply as usize, judged.score))
            .collect())
    })
    .await
}

pub(crate) async fn record_game(
    State(state): State<AppState>,
    JsonObject(request): JsonObject<RecordRequest>,
) -> Result<Json<GameRecord>, ApiError> {
    let game = c4_api::parse_game_on(&request.moves, request.size)?;
    let moves = game.move_string();
    if request.plies.len() != moves.len() {
        return Err(ApiError::bad_request(format!(
            "{} moves but {} plies",
            moves.len(),
            request.plies.len()
        )));
    }
    let opening_len = request.plies.iter().take_while(|p| p.is_none()).count();
    let mut position = Position::new_in(AnySize::new(request.size));
    for &column in &game.moves()[..opening_len] {
        position.play_unchecked(column);
    }
    let mut stats = Vec::new();
    let mut by_computer = Vec::new();
    let mut by_colour: [Vec<(String, Option<u64>)>; 2] = [Vec::new(), Vec::new()];
    for (ply, choice) in request.plies.into_iter().enumerate().skip(opening_len) {
        let choice = choice.ok_or_else(|| {
            at_ply(
                ply,
                "no chooser, though earlier moves have one: only the first moves may be null",
            )
        })?;
        let played = game.moves()[ply];
        let (spec, seed) = match choice {
            PlyChoice::Human { column, time_ms } => {
                if column != i64::from(played.number()) {
                    return Err(ApiError::bad_request(format!(
                        "ply {ply} is column {played}, not {column}"
                    )));
                }
                let time = move_time(ply, time_ms)?;
                stats.push(human_move(request.size, played, ply as u32, time));
                by_computer.push(false);
                (HUMAN_SPEC.to_owned(), None)
            }
            PlyChoice::Computer {
                ai,
                seed,
                stats: given,
            } => {
                let spec = PlayerSpec::parse_with(&ai, seed, FileAccess::ShippedOnly)
                    .and_then(|spec| spec.check_size(request.size).map(|()| spec))
                    .map_err(|e| at_ply(ply, format!("invalid ai {:?}: {e}", cut(&ai))))?;
                stats.push(checked_stats(ply, &position, played, given)?);
                by_computer.push(true);
                (cut(&spec.to_string()), Some(spec.seed().unwrap_or(seed)))
            }
        };
        by_colour[ply % 2].push((spec, seed));
        position.play_unchecked(played);
    }
    check_exact_scores(&state, &game, opening_len, &mut stats, &by_computer).await?;
    let a = request.a.unwrap_or(Player::Red);
    let a_first = a == Player::Red;
    let [a_name, b_name] = request.names.map_or_else(
        || [a.to_string(), a.other().to_string()],
        |n| n.map(|s| cut(&s)),
    );
    let [red, yellow] = by_colour;
    let (a_choices, b_choices) = if a_first {
        (red, yellow)
    } else {
        (yellow, red)
    };
    let seats = [seat_of(a_name, &a_choices), seat_of(b_name, &b_choices)];
    let size = request.size;
    let record = GameRecord::played(size, seats, a_first, &moves[..opening_len], &moves, stats)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(Json(record))
}

/// Checks every exact score in `stats` (the moves after the first `opening`, chosen by a
/// computer where `by_computer` says so) against the solver: a wrong one is a 400 naming its ply; one the solver did not reach in time, and
/// every heuristic one, is marked [`REPORTED`] in its note.
async fn check_exact_scores(
    state: &AppState,
    game: &Game<AnySize>,
    opening: usize,
    stats: &mut [MoveReport],
    by_computer: &[bool],
) -> Result<(), ApiError> {
    let claims_exact = stats.iter().any(|s| s.score.is_exact());
    let solved = if claims_exact {
        solved_scores(state, game, opening).await?
    } else {
        HashMap::new()
    };
    for ((ply, report), _) in (opening..)
        .zip(stats.iter_mut())
        .zip(by_computer)
        .filter(|(_, computer)| **computer)
    {
        match (report.score, solved.get(&ply)) {
            (MoveValue::Unscored, _) => {}
            (MoveValue::Exact(claimed), Some(&truth)) if claimed != truth => {
                return Err(at_ply(
                    ply,
                    format!(
                        "the stats score column {} {claimed} ({}), but the solver scores it {}",
                        report.column,
                        claimed.describe(Some(ply as u32)),
                        truth.describe(Some(ply as u32)),
                    ),
                ));
            }
            (MoveValue::Exact(_), Some(_)) => {}
            _ => {
                report.note = Some(match report.note.take() {
                    Some(note) => format!("{REPORTED}; {note}"),
                    None => REPORTED.to_owned(),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_to_80_characters_on_a_character_boundary() {
        assert_eq!(cut("medium"), "medium");
        let exact = "x".repeat(MAX_ECHO_CHARS);
        assert_eq!(cut(&exact), exact);
        let long = "é".repeat(1000);
        let cut_text = cut(&long);
        assert_eq!(cut_text.chars().count(), MAX_ECHO_CHARS);
        assert!(cut_text.ends_with("..."));
    }

    #[test]
    fn the_possible_scores_are_a_win_or_loss_at_the_next_disc() {
        for (ply, low, high) in [(0, -18, 18), (6, -18, 18), (41, 0, 1)] {
            let possible = |score| possible_score(Size::STANDARD, ply, score);
            assert!(possible(low).is_ok() && possible(high).is_ok());
            for impossible in [low - 1, high + 1] {
                let error = possible(impossible).unwrap_err().message;
                let range = format!("({low} to {high})");
                assert!(error.contains(&range), "{ply}: {error}");
            }
        }
    }
}
