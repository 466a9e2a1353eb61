//! One finished game as a JSON line, and the append-only file that makes runs resumable.
//!
//! A line is written and flushed as soon as its game ends, so killing a run loses no finished
//! game; reading it back follows the policy of [`crate::log`].

use crate::log::{AppendLog, Entry, LogError, ResumePoint};
use c4_core::{Game, Outcome, Player, Status};
use c4_engine::search::MoveSummary;
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

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in its run (0-based); a resumed run never repeats one.
    pub game: u64,
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
    pub stats: Vec<MoveSummary>,
}

impl GameRecord {
    /// The outcome of the game as the rules see it.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        self.winner.map_or(Outcome::Draw, Outcome::Win)
    }

    /// Statistics of the moves played by A (`true`) or B (`false`).
    pub fn moves_of(&self, a: bool) -> impl Iterator<Item = &MoveSummary> {
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
    /// may have been edited); what was changed, in words, or an error if the moves are not a
    /// finished game.
    pub fn recompute_result(&mut self) -> Result<Option<String>, String> {
        let game = Game::from_moves(&self.moves)
            .map_err(|e| format!("game {}: its moves {:?}: {e}", self.game, self.moves))?;
        let (result, winner) =
            GameResult::of(game.position().status(), self.a_first).ok_or_else(|| {
                format!(
                    "game {}: its moves {:?} do not finish the game",
                    self.game, self.moves
                )
            })?;
        if (result, winner) == (self.result, self.winner) {
            return Ok(None);
        }
        let note = format!(
            "game {}: the recorded result ({}) does not follow from its moves ({}): counted as the moves say",
            self.game,
            self.result.name(),
            result.name()
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
            if !stats.exact {
                break;
            }
            from = Some((self.opening.len() + i) as u32);
        }
        from
    }
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
        let contents =
            AppendLog::read(path, None, |line| serde_json::from_str::<GameRecord>(line))?;
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
            value: mut record,
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
            if let Some(note) = record
                .recompute_result()
                .map_err(|e| invalid(format!("line {line}: {e}")))?
            {
                loaded
                    .warnings
                    .push(format!("{}: line {line}: {note}", path.display()));
            }
            loaded.records.push(record);
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
