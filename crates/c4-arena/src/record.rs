//! One finished game as a JSON line, and the append-only file that makes runs resumable.
//!
//! A line is written and flushed as soon as its game ends, so killing a run loses no finished
//! game; reading it back follows the policy of [`crate::log`].

use crate::log::{AppendLog, Contents, Entry, LogError, ResumePoint};
use crate::record_stats::{Played, ScoreTexts, check_stats, stats_on_record_board};
use c4_core::{Game, Outcome, ParseMovesError, Player, Size, Status, excerpt, with_geometry};
use c4_search::search::MoveReport;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// The result of a game from A's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// A won.
    Win,
    /// Nobody won.
    Draw,
    /// B won.
    Loss,
}

impl GameResult {
    /// The result for A of a game in `status`, and its winner; `None` while it goes on.
    #[must_use]
    pub fn of(status: Status, a_first: bool) -> Option<(GameResult, Option<Player>)> {
        match status {
            Status::Won { winner, .. } => {
                let a_won = (winner == Player::Red) == a_first;
                let result = if a_won {
                    GameResult::Win
                } else {
                    GameResult::Loss
                };
                Some((result, Some(winner)))
            }
            Status::Draw => Some((GameResult::Draw, None)),
            Status::InProgress => None,
        }
    }

    /// The result in words: `win`, `draw` or `loss` (as in the records).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }
}

/// Why a record's moves do not give its result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The moves are not a game.
    #[error("game {game}: its moves {moves:?}: {source}")]
    Moves {
        /// The game's index.
        game: u64,
        /// Its moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The moves leave the game unfinished.
    #[error("game {game}: its moves {moves:?} do not finish the game")]
    Unfinished {
        /// The game's index.
        game: u64,
        /// Its moves.
        moves: String,
    },
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in its run (0-based); a resumed run never repeats one.
    pub game: u64,
    /// The board, written only off 7x6 (a record without one is of 7x6).
    #[serde(default, skip_serializing_if = "Size::is_standard")]
    pub size: Size,
    /// Label of player A (the first spec of a match, or a tournament name).
    pub a: String,
    /// Label of player B.
    pub b: String,
    /// A's spec, canonical.
    pub a_spec: String,
    /// B's spec, canonical.
    pub b_spec: String,
    /// Whether A played red (moved first).
    pub a_first: bool,
    /// The opening played before the players took over (digits), possibly empty.
    pub opening: String,
    /// Every move, opening included (digits).
    pub moves: String,
    /// The result for A.
    pub result: GameResult,
    /// Who won, if anyone.
    pub winner: Option<Player>,
    /// Seeds given to A and B for this game.
    pub seeds: [u64; 2],
    /// Statistics of each move the players chose, in order (opening moves excluded).
    pub stats: Vec<MoveReport>,
}

impl GameRecord {
    /// The outcome of the game as the rules see it.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.winner.map_or(Outcome::Draw, Outcome::Win)
    }

    /// Statistics of the moves played by A (`true`) or B (`false`).
    pub fn moves_of(&self, a: bool) -> impl Iterator<Item = &MoveReport> {
        self.stats
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.chose(*i, a))
            .map(|(_, s)| s)
    }

    /// Whether `stats[index]` (the players' move number `index`, after the opening) was A's.
    #[must_use]
    pub fn chosen_by_a(&self, index: usize) -> bool {
        self.chose(index, true)
    }

    /// Whether `stats[index]` is a move of A (`a`) or of B (`!a`). The players alternate
    /// after the opening; the first chooser is whoever is to move.
    fn chose(&self, index: usize, a: bool) -> bool {
        let first_chooser_is_red = self.opening.len().is_multiple_of(2);
        let a_starts = first_chooser_is_red == self.a_first;
        index.is_multiple_of(2) == (a_starts == a)
    }
}

impl GameRecord {
    /// Replays the moves and sets `winner` and `result` from them (a record is data that
    /// may have been edited), and each move's `ply` from its place after the opening; what
    /// was changed of the result, in words, or an error if the moves are not a finished game.
    pub fn recompute_result(&mut self) -> Result<Option<String>, RecordError> {
        set_plies(self.opening.len(), &mut self.stats);
        let status = with_geometry!(self.size, g => Game::from_moves_in(&self.moves, g)
            .map(|game| game.position().status()))
        .map_err(|source| RecordError::Moves {
            game: self.game,
            moves: self.moves.clone(),
            source,
        })?;
        let (result, winner) =
            GameResult::of(status, self.a_first).ok_or_else(|| RecordError::Unfinished {
                game: self.game,
                moves: self.moves.clone(),
            })?;
        if (result, winner) == (self.result, self.winner) {
            return Ok(None);
        }
        let winner_name = |winner: Option<Player>| winner.map_or("nobody", Player::name);
        let (field, recorded, moves_say) = if result == self.result {
            ("winner", winner_name(self.winner), winner_name(winner))
        } else {
            ("result", self.result.name(), result.name())
        };
        let note = format!(
            "game {}: the recorded {field} ({recorded}) does not follow from its moves \
             ({moves_say}): counted as the moves say",
            self.game
        );
        self.result = result;
        self.winner = winner;
        Ok(Some(note))
    }

    /// The ply (discs on the board before the move) of A's (or B's) first move from which
    /// every later move of that side was proven optimal by a solver (`exact`); `None` if its
    /// last move was not.
    #[must_use]
    pub fn exact_from_ply(&self, a: bool) -> Option<u32> {
        let mut from = None;
        for (i, stats) in self.stats.iter().enumerate().rev() {
            if !self.chose(i, a) {
                continue;
            }
            if !stats.score.is_exact() {
                break;
            }
            from = Some((self.opening.len() + i) as u32);
        }
        from
    }
}

/// Sets each move's ply from its place: the moves after an opening of `opening_len` moves.
pub(crate) fn set_plies(opening_len: usize, stats: &mut [MoveReport]) {
    for (ply, stats) in (opening_len as u32..).zip(stats) {
        stats.ply = ply;
    }
}

/// A line of a games file: the record, and what it says of each move's score in words
/// (which the record does not keep, and [`check_stats`] compares with the numbers).
fn parse_line(line: &str) -> Result<(GameRecord, ScoreTexts), serde_json::Error> {
    let mut value: serde_json::Value = serde_json::from_str(line)?;
    stats_on_record_board(&mut value)?;
    let texts = ScoreTexts::set_aside(&mut value)?;
    let mut record: GameRecord = serde_json::from_value(value)?;
    texts.unscore_set_aside(&mut record.stats);
    Ok((record, texts))
}

/// Where a run's games go.
pub struct GameLog {
    log: AppendLog,
}

/// What reading an existing log found.
#[derive(Debug, Default)]
pub struct LoadedLog {
    /// The complete records.
    pub records: Vec<GameRecord>,
    /// The line of each record in the file.
    pub lines: Vec<usize>,
    /// Warnings (a dropped truncated line, say).
    pub warnings: Vec<String>,
    /// Where the complete records end.
    resume: Option<ResumePoint>,
}

impl GameLog {
    /// Reads the records of `path` (missing file: none) under the policy of [`crate::log`]: a
    /// last line cut short is dropped with a warning, a broken line elsewhere is an error. A
    /// game index listed twice, or moves that are not a finished game, are errors that name
    /// the lines. Each result is recomputed from the moves.
    pub fn load(path: &Path) -> Result<LoadedLog, LogError> {
        let contents = AppendLog::read(path, None, parse_line)?;
        GameLog::check(path, contents)
    }

    /// Reads the records of a finished file, to be read and not continued (`c4 review`): as
    /// [`GameLog::load`], but a last line that does not parse is an error as any other.
    pub fn load_finished(path: &Path) -> Result<LoadedLog, LogError> {
        let contents = AppendLog::read_finished(path, None, parse_line)?;
        GameLog::check(path, contents)
    }

    /// Reads the records of a file that a run is still appending to, to be read and not
    /// continued (`c4 verify` of a run in progress): as [`GameLog::load`], but a last line
    /// that does not parse is left out as one not yet written whole.
    pub fn load_being_written(path: &Path) -> Result<LoadedLog, LogError> {
        let contents = AppendLog::read_being_written(path, None, parse_line)?;
        GameLog::check(path, contents)
    }

    /// The records of `contents`, read from `path`, checked together.
    fn check(
        path: &Path,
        contents: Contents<(GameRecord, ScoreTexts)>,
    ) -> Result<LoadedLog, LogError> {
        let invalid = |message| LogError::Content {
            path: path.to_owned(),
            message,
        };
        let mut loaded = LoadedLog {
            resume: Some(contents.resume_point()),
            warnings: contents.warnings,
            ..LoadedLog::default()
        };
        // A game is its pairing and index (a tournament's pairings, an experiment's cells,
        // each number their games from 0).
        let mut lines_of_games: HashMap<(String, String, String, String, u64), usize> =
            HashMap::new();
        for Entry {
            line,
            value: (mut record, texts),
        } in contents.entries
        {
            let key = (
                record.a.clone(),
                record.b.clone(),
                record.a_spec.clone(),
                record.b_spec.clone(),
                record.game,
            );
            if let Some(first) = lines_of_games.insert(key, line) {
                return Err(invalid(format!(
                    "game {} of {} against {} is on lines {first} and {line}: remove one of \
                     them (two runs wrote to one folder?), then resume",
                    record.game, record.a, record.b
                )));
            }
            if !record.moves.starts_with(&record.opening) {
                return Err(invalid(format!(
                    "line {line}: game {}: its opening {:?} does not start its moves {:?}",
                    record.game,
                    excerpt(&record.opening),
                    excerpt(&record.moves)
                )));
            }
            if let Some(note) = record
                .recompute_result()
                .map_err(|e| invalid(format!("line {line}: {e}")))?
            {
                loaded
                    .warnings
                    .push(format!("{}: line {line}: {note}", path.display()));
            }
            let played = Played {
                game: record.game,
                size: record.size,
                moves: &record.moves,
                opening: &record.opening,
            };
            for note in check_stats(&played, &mut record.stats, &texts) {
                loaded
                    .warnings
                    .push(format!("{}: line {line}: {note}", path.display()));
            }
            loaded.records.push(record);
            loaded.lines.push(line);
        }
        Ok(loaded)
    }

    /// Opens `path` for appending after the complete records that `loaded` found, creating
    /// it if needed; with `None`, starts the file afresh.
    pub fn open(path: &Path, loaded: Option<&LoadedLog>) -> Result<GameLog, LogError> {
        let resume = loaded.and_then(|l| l.resume);
        Ok(GameLog {
            log: AppendLog::open(path, None, resume)?,
        })
    }

    /// Continues the log at `path`: its complete records (and warnings about a dropped
    /// truncated line), and the log opened for appending after them.
    pub fn resume(path: &Path) -> Result<(LoadedLog, GameLog), LogError> {
        let loaded = GameLog::load(path)?;
        let log = GameLog::open(path, Some(&loaded))?;
        Ok((loaded, log))
    }

    /// Appends one record and flushes it to the operating system.
    pub fn append(&mut self, record: &GameRecord) -> std::io::Result<()> {
        let line = serde_json::to_string(record).map_err(std::io::Error::other)?;
        self.log.append(&line)
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.log.path()
    }
}
