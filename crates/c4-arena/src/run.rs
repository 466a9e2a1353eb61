//! A run folder (`--out DIR` of a match or tournament): what the run is, and who writes it.
//!
//! Every game of a run follows from its manifest (players, seed, colours, openings) and the
//! game's index, so a resumed run must have the same manifest, or its games would mix two
//! runs under one summary. The manifest is written as `run.json` when the run starts;
//! resuming compares field by field and names any difference, and every game found there
//! must be a game of the run, as the manifest makes it ([`RunManifest::check_games`], for a
//! match or a tournament alike) and played by its players ([`check_resumed`]). A lock on
//! `run.lock` (held by the operating system, so a killed run leaves none behind) keeps a
//! second writer out.

use crate::log::LogError;
use crate::matches::{Contestant, FirstPolicy, GameStart, MatchConfig, MatchError, Openings};
use crate::record::{GameLog, GameRecord, LoadedLog};
use crate::tournament::{pairing_seed, round_robin};
use c4_core::{Size, excerpt, with_geometry};
use c4_players::PlayerSpec;
use c4_solver::files::{self, FileError, PathError};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// The manifest's file name.
pub const MANIFEST_FILE: &str = "run.json";
/// The lock's file name.
pub const LOCK_FILE: &str = "run.lock";
/// The largest manifest read: players, seed and a list of openings.
const MAX_MANIFEST_BYTES: u64 = 64 << 20;

/// Why a run folder cannot be opened, read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// Another process holds the folder's lock.
    #[error(
        "another c4 run is writing {}: wait for it to finish, or choose another --out",
        dir.display()
    )]
    Locked {
        /// The run folder.
        dir: PathBuf,
    },
    /// The folder holds games and the run is not resumed.
    #[error(
        "{} exists: pass --resume to continue that run, or choose another --out",
        path.display()
    )]
    GamesExist {
        /// The games file.
        path: PathBuf,
    },
    /// The manifest there describes another run.
    #[error(
        "--resume: this is not the run in {}:\n  {}",
        dir.display(),
        differences.join("\n  ")
    )]
    OtherRun {
        /// The run folder.
        dir: PathBuf,
        /// Each difference, in words.
        differences: Vec<String>,
    },
    /// A game there differs from what the manifest makes of its index.
    #[error(
        "{}: line {line}: game {game}: {field} is {found}, but the run's {MANIFEST_FILE} makes \
         it {expected}: the line was edited or comes from another run; remove it to have the \
         game played again",
        path.display()
    )]
    EditedGame {
        /// The games file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The game's index.
        game: u64,
        /// The field that differs.
        field: &'static str,
        /// Its value in the file.
        found: String,
        /// Its value as the manifest makes it.
        expected: String,
    },
    /// The manifest is not one.
    #[error("{} is damaged: {source}", path.display())]
    Damaged {
        /// The manifest.
        path: PathBuf,
        /// What the JSON reader said.
        #[source]
        source: serde_json::Error,
    },
    /// The manifest cannot be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A file or folder cannot be written.
    #[error(transparent)]
    Path(#[from] PathError),
    /// The games file cannot be read or opened.
    #[error(transparent)]
    Log(#[from] LogError),
    /// The manifest's openings cannot make a game's start.
    #[error(transparent)]
    Match(#[from] MatchError),
}

/// What kind of run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunKind {
    /// `c4 match`.
    Match,
    /// `c4 tournament`.
    Tournament,
}

/// Everything the games of a run follow from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunManifest {
    /// Match or tournament.
    pub kind: RunKind,
    /// The board, written only off 7x6 (a manifest without one is of 7x6).
    #[serde(default, skip_serializing_if = "Size::is_standard")]
    pub size: Size,
    /// The players, as label and canonical spec, in order.
    pub players: Vec<(String, String)>,
    /// The run's seed.
    pub seed: u64,
    /// Who moves first.
    pub first: FirstPolicy,
    /// Where games start.
    pub openings: Openings,
    /// Games (per pairing in a tournament). A resumed run may ask for more.
    pub games: u64,
}

impl RunManifest {
    /// The manifest of a run of `kind` on the board of `size` between `players` (A and B of
    /// a match), from the run's seed, who moves first, its openings and its games (per pairing).
    #[must_use]
    pub fn new(
        kind: RunKind,
        size: Size,
        players: &[Contestant],
        seed: u64,
        first: FirstPolicy,
        openings: Openings,
        games: u64,
    ) -> RunManifest {
        let players = players
            .iter()
            .map(|c| (c.label.clone(), c.spec.to_string()))
            .collect();
        RunManifest {
            kind,
            size,
            players,
            seed,
            first,
            openings,
            games,
        }
    }

    /// How `self` (what a resuming command asks for) differs from `recorded` (the run in
    /// the folder), one line per field; the number of games may grow.
    #[must_use]
    pub fn differences(&self, recorded: &RunManifest) -> Vec<String> {
        let mut found = Vec::new();
        if self.size != recorded.size {
            found.push(format!(
                "--size: the run is on the {} board, not {}",
                recorded.size, self.size
            ));
        }
        let mut compare = |field: &str, asked: String, was: String| {
            if asked != was {
                found.push(format!(
                    "{field}: the run has {was}, this command asks for {asked}"
                ));
            }
        };
        let debug = |value: &dyn std::fmt::Debug| format!("{value:?}");
        compare("kind", debug(&self.kind), debug(&recorded.kind));
        compare(
            "players",
            describe_players(&self.players),
            describe_players(&recorded.players),
        );
        compare("--seed", self.seed.to_string(), recorded.seed.to_string());
        compare("--first", debug(&self.first), debug(&recorded.first));
        compare(
            "openings",
            describe_openings(&self.openings),
            describe_openings(&recorded.openings),
        );
        if self.games < recorded.games {
            found.push(format!(
                "--games: the run has {}, this command asks for fewer ({})",
                recorded.games, self.games
            ));
        }
        found
    }

    /// The games the run is to hold when finished: `games` for each of its pairings.
    #[must_use]
    pub fn expected_games(&self) -> u64 {
        let pairings = match self.kind {
            RunKind::Match => 1,
            RunKind::Tournament => round_robin(self.players.len()).count() as u64,
        };
        self.games.saturating_mul(pairings)
    }

    /// The seed of the run's pairing of `a` against `b` (labels, A first), if the run has
    /// that pairing: a match's own seed, or that of a tournament's pairing (see
    /// [`pairing_seed`]), as the commands that write runs seed them.
    #[must_use]
    pub fn pairing_seed(&self, a: &str, b: &str) -> Option<u64> {
        let is = |index: usize, label: &str| self.players.get(index).is_some_and(|p| p.0 == label);
        match self.kind {
            RunKind::Match => {
                (self.players.len() == 2 && is(0, a) && is(1, b)).then_some(self.seed)
            }
            RunKind::Tournament => round_robin(self.players.len())
                .position(|(i, j)| is(i, a) && is(j, b))
                .map(|index| pairing_seed(self.seed, index)),
        }
    }

    /// Checks each game of a run read from `path` against what this manifest makes of its
    /// pairing and index: its two players are a pairing of the run, and who moves first
    /// (`--first`), the opening and the seeds follow from the pairing's seed. The first game
    /// that differs is named with its line and field.
    pub fn check_games(&self, path: &Path, loaded: &LoadedLog) -> Result<(), RunError> {
        for (record, line) in loaded.records.iter().zip(&loaded.lines) {
            let edited = |field, found, expected| RunError::EditedGame {
                path: path.to_owned(),
                line: *line,
                game: record.game,
                field,
                found,
                expected,
            };
            let Some(seed) = self.pairing_seed(&record.a, &record.b) else {
                let labels: Vec<&str> = self.players.iter().map(|p| p.0.as_str()).collect();
                return Err(edited(
                    "players",
                    format!("{:?} against {:?}", excerpt(&record.a), excerpt(&record.b)),
                    format!("a pairing of {}", excerpt(&labels.join(", "))),
                ));
            };
            let (a_first, seeds, expected_opening) = with_geometry!(self.size, g => {
                let start = GameStart::new_in(&self.openings, self.first, seed, record.game, g)?;
                (start.a_first, start.seeds, start.opening.move_string())
            });
            let difference = if record.size != self.size {
                Some(("size", record.size.to_string(), self.size.to_string()))
            } else if record.a_first != a_first {
                Some((
                    "a_first",
                    record.a_first.to_string(),
                    format!("{a_first} (--first {:?})", self.first),
                ))
            } else if record.opening != expected_opening {
                Some((
                    "opening",
                    format!("{:?}", excerpt(&record.opening)),
                    format!("{expected_opening:?}"),
                ))
            } else if record.seeds != seeds {
                Some((
                    "seeds",
                    format!("{:?}", record.seeds),
                    format!("{seeds:?} (from --seed {})", self.seed),
                ))
            } else {
                None
            };
            if let Some((field, found, expected)) = difference {
                return Err(edited(field, found, expected));
            }
        }
        Ok(())
    }

    /// Reads `DIR/run.json`, if there is one.
    pub fn load(dir: &Path) -> Result<Option<RunManifest>, RunError> {
        let path = dir.join(MANIFEST_FILE);
        match files::read_text(&path, MAX_MANIFEST_BYTES) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|source| RunError::Damaged { path, source }),
            Err(FileError::Open { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => {
                Ok(None)
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Writes `DIR/run.json`.
    pub fn save(&self, dir: &Path) -> Result<(), PathError> {
        let path = dir.join(MANIFEST_FILE);
        let text = serde_json::to_string_pretty(self).expect("a manifest serialises");
        std::fs::write(&path, text + "\n").map_err(|e| PathError::new("cannot write", &path, e))
    }
}

fn describe_players(players: &[(String, String)]) -> String {
    players
        .iter()
        .map(|(label, spec)| format!("{label}={spec}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn describe_openings(openings: &Openings) -> String {
    match openings {
        Openings::None => "the empty board".to_owned(),
        Openings::Random(plies) => format!("random openings of {plies} plies"),
        Openings::List(list) => {
            format!("{} listed openings starting {:?}", list.len(), list.first())
        }
    }
}

/// Why a game already in a run folder is not a game of the run resuming there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotThisRun {
    /// No pairing of the run is played by the game's two labels.
    #[error("game {game} of {a} against {b} is of no pairing of this run")]
    OtherPairing {
        /// The game's first player's label.
        a: String,
        /// The game's second player's label.
        b: String,
        /// The game's index.
        game: u64,
    },
    /// The pairing was played by other players.
    #[error("the run being resumed played {a_spec} against {b_spec}, not these players")]
    OtherPlayers {
        /// The first player's spec in the game.
        a_spec: String,
        /// The second player's spec in the game.
        b_spec: String,
    },
    /// The game's index is past the run's number of games.
    #[error("the run being resumed has game {game} but --games is {games}")]
    BeyondGames {
        /// The game's index.
        game: u64,
        /// The games of its pairing in this run.
        games: u64,
    },
}

/// The one rule for resuming a run, used by `c4 match`, `c4 tournament`, the experiments and
/// the Python and Ray runners: every game already there is a game of one of the run's
/// `pairings` (the same two labels), played by that pairing's players (specs compared as
/// parsed players, so two spellings of one player agree) and numbered below its games.
pub fn check_resumed(done: &[GameRecord], pairings: &[MatchConfig]) -> Result<(), NotThisRun> {
    let same = |text: &str, spec: &PlayerSpec| PlayerSpec::parse(text, 0).is_ok_and(|p| p == *spec);
    for record in done {
        let pairing = pairings
            .iter()
            .find(|p| p.a.label == record.a && p.b.label == record.b)
            .ok_or_else(|| NotThisRun::OtherPairing {
                a: record.a.clone(),
                b: record.b.clone(),
                game: record.game,
            })?;
        if !same(&record.a_spec, &pairing.a.spec) || !same(&record.b_spec, &pairing.b.spec) {
            return Err(NotThisRun::OtherPlayers {
                a_spec: record.a_spec.clone(),
                b_spec: record.b_spec.clone(),
            });
        }
        if record.game >= pairing.games {
            return Err(NotThisRun::BeyondGames {
                game: record.game,
                games: pairing.games,
            });
        }
    }
    Ok(())
}

/// The games file of a run folder.
pub const GAMES_FILE: &str = "games.jsonl";

/// A run folder opened for writing, under its lock: the games an earlier run left there and
/// the games file open for appending after them.
pub struct OpenRun {
    /// The complete records already in the folder (none unless resuming).
    pub done: Vec<GameRecord>,
    /// Warnings from reading them (a dropped truncated last line, say).
    pub warnings: Vec<String>,
    /// The games file, open for appending.
    pub log: GameLog,
    _lock: RunLock,
}

impl OpenRun {
    /// Opens `dir` for the run `manifest` describes. Without `resume` the folder must hold
    /// no games yet; with it, the run recorded there must be this run (any difference is
    /// refused by name), and its games are read back. The manifest is then (re)written.
    pub fn open(dir: &Path, manifest: &RunManifest, resume: bool) -> Result<OpenRun, RunError> {
        let lock = RunLock::acquire(dir)?;
        let path = dir.join(GAMES_FILE);
        if !resume && path.exists() {
            return Err(RunError::GamesExist { path });
        }
        if resume && let Some(recorded) = RunManifest::load(dir)? {
            let differences = manifest.differences(&recorded);
            if !differences.is_empty() {
                return Err(RunError::OtherRun {
                    dir: dir.to_owned(),
                    differences,
                });
            }
        }
        let loaded = GameLog::load(&path)?;
        manifest.check_games(&path, &loaded)?;
        let log = GameLog::open(&path, resume.then_some(&loaded))?;
        manifest.save(dir)?;
        Ok(OpenRun {
            done: loaded.records,
            warnings: loaded.warnings,
            log,
            _lock: lock,
        })
    }
}

/// The exclusive right to write a run folder, held until dropped (or the process ends).
#[derive(Debug)]
pub struct RunLock {
    _file: File,
    path: PathBuf,
}

impl RunLock {
    /// Takes the lock of `dir` (created if needed), or says who holds it.
    pub fn acquire(dir: &Path) -> Result<RunLock, RunError> {
        RunLock::try_acquire(dir)?.ok_or_else(|| RunError::Locked {
            dir: dir.to_owned(),
        })
    }

    /// Takes the lock of `dir` (created if needed); `None` while another process holds it.
    pub fn try_acquire(dir: &Path) -> Result<Option<RunLock>, PathError> {
        std::fs::create_dir_all(dir).map_err(|e| PathError::new("cannot create", dir, e))?;
        let path = dir.join(LOCK_FILE);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| PathError::new("cannot open", &path, e))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(RunLock { _file: file, path })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(PathError::new("cannot lock", &path, e)),
        }
    }

    /// The lock file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest() -> RunManifest {
        RunManifest {
            kind: RunKind::Match,
            size: Size::STANDARD,
            players: vec![("A".into(), "random".into()), ("B".into(), "medium".into())],
            seed: 1,
            first: FirstPolicy::Alternate,
            openings: Openings::Random(4),
            games: 100,
        }
    }

    #[test]
    fn every_difference_is_named_and_more_games_are_allowed() {
        let recorded = manifest();
        assert!(manifest().differences(&recorded).is_empty());
        let more = RunManifest {
            games: 200,
            ..manifest()
        };
        assert!(more.differences(&recorded).is_empty());
        let other = RunManifest {
            seed: 7,
            first: FirstPolicy::A,
            openings: Openings::None,
            games: 50,
            ..manifest()
        };
        let found = other.differences(&recorded).join("\n");
        for needle in [
            "--seed: the run has 1, this command asks for 7",
            "--first",
            "openings",
            "--games",
        ] {
            assert!(found.contains(needle), "{needle}: {found}");
        }
    }

    fn pairing(a: &str, b: &str, games: u64) -> MatchConfig {
        let contestant = |label: &str, spec: &str| crate::matches::Contestant {
            label: label.to_owned(),
            spec: PlayerSpec::parse(spec, 0).unwrap(),
        };
        MatchConfig {
            a: contestant("A", a),
            b: contestant("B", b),
            games,
            seed: 1,
            openings: Openings::None,
            first: FirstPolicy::Alternate,
            sprt: None,
        }
    }

    fn game(a: &str, b: &str, a_spec: &str, b_spec: &str, index: u64) -> GameRecord {
        let mut record = crate::matches::play_game(&pairing("random", "random", 8), index).unwrap();
        record.a = a.to_owned();
        record.b = b.to_owned();
        record.a_spec = a_spec.to_owned();
        record.b_spec = b_spec.to_owned();
        record
    }

    #[test]
    fn a_resumed_game_must_be_of_a_pairing_its_players_and_its_games() {
        let run = [pairing("alphabeta:depth=2", "random", 4)];
        let same = game("A", "B", "alphabeta:depth=2", "random", 3);
        assert_eq!(check_resumed(&[same], &run), Ok(()));
        // Another spelling of the same player is the same player.
        let respelled = game(
            "A",
            "B",
            "alphabeta:eval=threats,depth=2",
            "random:seed=0",
            0,
        );
        assert_eq!(check_resumed(&[respelled], &run), Ok(()));
        let other_pairing = game("A", "C", "alphabeta:depth=2", "random", 0);
        assert!(matches!(
            check_resumed(&[other_pairing], &run),
            Err(NotThisRun::OtherPairing { .. })
        ));
        let other_player = game("A", "B", "alphabeta:depth=2", "random:seed=9", 0);
        assert_eq!(
            check_resumed(&[other_player], &run)
                .unwrap_err()
                .to_string(),
            "the run being resumed played alphabeta:depth=2 against random:seed=9, not these players"
        );
        let beyond = game("A", "B", "alphabeta:depth=2", "random", 4);
        assert_eq!(
            check_resumed(&[beyond], &run),
            Err(NotThisRun::BeyondGames { game: 4, games: 4 })
        );
    }

    #[test]
    fn a_second_writer_is_refused_until_the_first_is_done() {
        let dir = std::env::temp_dir().join(format!("c4-run-lock-{}", std::process::id()));
        let first = RunLock::acquire(&dir).unwrap();
        let error = RunLock::acquire(&dir).unwrap_err();
        assert!(matches!(error, RunError::Locked { .. }), "{error}");
        assert!(error.to_string().starts_with("another c4 run is writing"));
        drop(first);
        RunLock::acquire(&dir).unwrap();
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_manifest_round_trips_through_its_file() {
        let dir = std::env::temp_dir().join(format!("c4-run-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(RunManifest::load(&dir).unwrap(), None);
        manifest().save(&dir).unwrap();
        assert_eq!(RunManifest::load(&dir).unwrap(), Some(manifest()));
        std::fs::remove_dir_all(&dir).ok();
    }
}
