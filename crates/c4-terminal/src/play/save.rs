//! `c4 play --save`: who played, for the record, and the games file a finished game is
//! appended to (opened before the first move, and a failed write never loses the game).

use anyhow::{Context, Result, bail};
use c4_arena::played::Seat;
use c4_arena::record::{GameLog, GameRecord};
use c4_core::{Game, Geometry, Player, Size};
use c4_search::search::MoveReport;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Who played a `c4 play` game, for its record: the human is player A.
pub struct Seats {
    /// The person's colour.
    pub human: Player,
    /// The computer's spec, as it ran.
    pub ai_spec: String,
    /// The seed of the computer's random choices.
    pub seed: u64,
}

impl Seats {
    /// The record of `game`, from `start`, on its board.
    pub fn record<G: Geometry>(
        &self,
        start: &Game<G>,
        game: &Game<G>,
        stats: &[MoveReport],
    ) -> Result<GameRecord> {
        let computer = Seat {
            name: "computer".to_owned(),
            spec: self.ai_spec.clone(),
            seed: self.seed,
        };
        GameRecord::played(
            game.size(),
            [Seat::human("you"), computer],
            self.human == Player::Red,
            &start.move_string(),
            &game.move_string(),
            stats.to_vec(),
        )
        .map_err(Into::into)
    }
}

/// The games file of `--save`, open for appending from before the first move to the end.
pub struct Saver {
    log: GameLog,
    /// The index the next game saved gets.
    next: u64,
    /// The boards of the games already in the file, each once, in the order first met.
    boards: Vec<Size>,
}

impl Saver {
    /// Reads the games file at `path` (a missing one is created) and opens it for appending:
    /// a folder, a device, a file of something else or one that cannot be written is refused
    /// here, before the game. Every line must be a game, the last too: a file whose last
    /// line is not is no games file to cut short (it may be anything a user named by mistake).
    pub fn open(path: &Path) -> Result<Saver> {
        let context = || format!("--save {}", path.display());
        let loaded = GameLog::load_finished(path).with_context(context)?;
        let next = loaded.records.iter().map(|r| r.game + 1).max().unwrap_or(0);
        let mut boards = Vec::new();
        for record in &loaded.records {
            if !boards.contains(&record.size) {
                boards.push(record.size);
            }
        }
        let log = GameLog::open(path, Some(&loaded)).with_context(context)?;
        Ok(Saver { log, next, boards })
    }

    /// The board the games of this file are played on: `asked` (`--size`) if given and the
    /// file holds no game of another board, else the file's own, else 7x6 for a file
    /// without games. A file whose games are of several boards takes one of them asked for.
    pub fn board(&self, asked: Option<Size>) -> Result<Size> {
        let path = self.path().display();
        match (self.boards.as_slice(), asked) {
            ([], asked) => Ok(asked.unwrap_or_default()),
            ([own], None) => Ok(*own),
            ([own], Some(asked)) if asked != *own => {
                bail!("--size {asked}: the games of {path} are of the {own} board, not {asked}")
            }
            (_, Some(asked)) if self.boards.contains(&asked) => Ok(asked),
            (boards, _) => {
                let boards: Vec<String> = boards.iter().map(ToString::to_string).collect();
                bail!(
                    "--save {path} holds games of the {} boards: say which with --size",
                    boards.join(", ")
                )
            }
        }
    }

    /// The games file.
    pub fn path(&self) -> &Path {
        self.log.path()
    }

    /// Appends `record` as the next game; the index it got. Should the write fail (a full
    /// disk), the game is not lost: it goes to a file of its own in the temporary folder, or,
    /// failing that too, into the error itself, which says where it is.
    pub fn save(&mut self, mut record: GameRecord) -> Result<u64> {
        record.game = self.next;
        let Err(error) = self.log.append(&record) else {
            self.next += 1;
            return Ok(record.game);
        };
        let failed = format!("cannot save the game to {}: {error}", self.path().display());
        let line = serde_json::to_string(&record).context("a game record is JSON")?;
        let kept = unsaved_game_path();
        match write_new(&kept, &line) {
            Ok(()) => bail!(
                "{failed}; the game is kept in {} (`c4 review {}` reads it)",
                kept.display(),
                kept.display()
            ),
            Err(second) => bail!(
                "{failed}; nor could it be kept in {} ({second}); the game's record follows, \
                 to be saved by hand:\n{line}",
                kept.display()
            ),
        }
    }
}

/// A file name for a game whose save failed, in the temporary folder, not used before.
fn unsaved_game_path() -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    std::env::temp_dir().join(format!(
        "c4-unsaved-game-{seconds}-{}.jsonl",
        std::process::id()
    ))
}

/// Writes `line` to `path`, which must not exist yet.
fn write_new(path: &Path, line: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(format!("{line}\n").as_bytes())?;
    file.flush()
}
