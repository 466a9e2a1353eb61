//! Positions labelled by the solver, for tuning evaluators and grading them.
//!
//! Positions come from games of varied players (random play, and alpha-beta of several depths
//! and evaluators with random tie-breaks and random moves), of players the build names (the
//! network's self-play, say), or from the games of earlier runs.
//! Each game is a unit of work: its seed, players and sampled positions follow from the build's
//! seed and the game's index alone, so games can be played and labelled in any order, on any
//! number of threads or machines, and merged. Each finished game is one line of the build's
//! work log (see [`c4_arena::log`]), so an interrupted build resumes where it stopped. The dataset
//! is then the positions of games 0, 1, 2, ... in order, without repeats (a position and its
//! mirror are one) and without any position of the reference sets (they grade c4), until there
//! are enough. Whole games go to training or to validation, so no game's positions are in both.

use c4_arena::log::{AppendLog, Entry};
use c4_arena::matches::game_seed;
use c4_arena::record::GameLog;
use c4_core::{Game, ParseMovesError, Position, WIDTH};
use c4_eval::SeededRng;
use c4_players::PlayerSpec;
use c4_solver::files;
use c4_solver::reference_positions;
use c4_solver::{ExactScore, ScoreStore, SolveLimits, Solver};
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

mod error;
pub mod grade;

pub use error::DatasetError;

/// Which half of the data a position belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Split {
    /// Fitted on.
    Train,
    /// Held out: decides when fitting stops.
    Valid,
}

/// One labelled position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// Moves from the empty board, digits 1-7.
    pub moves: String,
    /// The exact score for the side to move (Pons' convention).
    pub score: ExactScore,
    /// The exact score of each column after it is played, from the mover's view; `None` for a
    /// full column.
    pub columns: [Option<ExactScore>; WIDTH],
    /// The game it was sampled from.
    pub game: u64,
    /// Training or validation.
    pub split: Split,
}

impl Sample {
    /// The position.
    pub fn position(&self) -> Result<Position, ParseMovesError> {
        c4_core::parse_moves(&self.moves)
    }

    /// The game-theoretic result for the side to move: 1 a win, 0 a draw, -1 a loss.
    #[must_use]
    pub fn result(&self) -> i32 {
        self.score.signum()
    }
}

/// Where the games come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Games played here by the varied players of [`PLAYER_POOL`].
    Generated,
    /// Games played here by these players (specs), each side of each game drawn from them
    /// with equal chance: a spec given twice is drawn twice as often.
    Players(Vec<String>),
    /// The games of an earlier run (a games file or a run folder).
    Games(PathBuf),
}

/// What to build.
#[derive(Clone, Debug)]
pub struct DatasetSpec {
    /// Positions wanted.
    pub positions: usize,
    /// Plies (discs on the board) a sampled position may have.
    pub plies: RangeInclusive<u32>,
    /// Positions sampled per game at most.
    pub per_game: usize,
    /// Percent of games held out for validation.
    pub valid_percent: u64,
    /// Seed of everything.
    pub seed: u64,
    /// Where the games come from.
    pub source: Source,
}

impl DatasetSpec {
    /// The header of the build's work log: a log of another build is refused.
    #[must_use]
    pub fn header(&self) -> String {
        let source = match &self.source {
            Source::Generated => "generated".to_owned(),
            Source::Players(specs) => format!("players:{}", specs.join(" ; ")),
            Source::Games(path) => format!("games:{}", path.display()),
        };
        format!(
            "c4-dataset-work 1 seed={} plies={}-{} per-game={} valid={}% source={source}",
            self.seed,
            self.plies.start(),
            self.plies.end(),
            self.per_game,
            self.valid_percent
        )
    }

    fn split_of(&self, game: u64) -> Split {
        if game_seed(self.seed, game, 7) % 100 < self.valid_percent {
            Split::Valid
        } else {
            Split::Train
        }
    }
}

/// The players of generated games, drawn per side and per game: random play for variety, and
/// alpha-beta players whose mistakes make the middle games of real play.
pub const PLAYER_POOL: [&str; 8] = [
    "random",
    "alphabeta:depth=1,eval=center,tiebreak=random",
    "alphabeta:depth=2,eval=kang,tiebreak=random,random-every=4",
    "alphabeta:depth=3,eval=lines,tiebreak=random,random-every=5",
    "alphabeta:depth=4,eval=threats,tiebreak=random,random-every=6",
    "alphabeta:depth=4,eval=itu,tiebreak=random,random-every=4",
    "alphabeta:depth=5,eval=naive,tiebreak=random",
    "alphabeta:depth=6,eval=threats,tiebreak=random,random-every=8",
];

/// One game's work: the positions sampled from it, labelled; a line of the work log.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameWork {
    /// The game's index.
    pub game: u64,
    /// Its sampled positions, labelled.
    pub samples: Vec<Sample>,
}

/// The games of a run, for [`Source::Games`].
pub fn recorded_games(path: &Path) -> Result<Vec<Game>, DatasetError> {
    let file = if path.is_dir() {
        path.join("games.jsonl")
    } else {
        path.to_owned()
    };
    let loaded = GameLog::load(&file)?;
    let mut games = Vec::with_capacity(loaded.records.len());
    for record in loaded.records {
        // `moves` holds the opening too.
        let game =
            Game::from_moves(&record.moves).map_err(|source| DatasetError::RecordedMoves {
                file: file.clone(),
                source,
            })?;
        games.push(game);
    }
    if games.is_empty() {
        return Err(DatasetError::NoGames(file));
    }
    Ok(games)
}

impl Source {
    /// The specs of the players of generated games; `None` for recorded games.
    #[must_use]
    pub fn players(&self) -> Option<Vec<&str>> {
        match self {
            Source::Generated => Some(PLAYER_POOL.to_vec()),
            Source::Players(specs) => Some(specs.iter().map(String::as_str).collect()),
            Source::Games(_) => None,
        }
    }

    /// Parses and builds each player of generated games once, before any work, so that a
    /// spec that does not parse (or names a missing file) is refused at the start. The specs
    /// returned hold what they read (a network's weights) for the build's games to share.
    pub fn check_players(&self) -> Result<Vec<PlayerSpec>, DatasetError> {
        let Some(specs) = self.players() else {
            return Ok(Vec::new());
        };
        if specs.is_empty() {
            return Err(DatasetError::NoPlayers);
        }
        specs
            .into_iter()
            .map(|text| {
                let spec =
                    PlayerSpec::parse(text, 0).map_err(|source| DatasetError::PlayerSpec {
                        spec: text.to_owned(),
                        source,
                    })?;
                spec.build().map_err(|source| DatasetError::PlayerSpec {
                    spec: text.to_owned(),
                    source,
                })?;
                Ok(spec)
            })
            .collect()
    }
}

/// Plays generated game `index` between players drawn from `players`.
fn generated_game(seed: u64, index: u64, players: &[&str]) -> Result<Game, DatasetError> {
    if players.is_empty() {
        return Err(DatasetError::NoPlayers);
    }
    let mut rng = SeededRng::seed_from_u64(game_seed(seed, index, 0));
    let mut agents = Vec::new();
    for side in 0..2 {
        let text = players[rng.random_range(0..players.len())];
        let spec = PlayerSpec::parse(text, game_seed(seed, index, 1 + side)).map_err(|source| {
            DatasetError::PlayerSpec {
                spec: text.to_owned(),
                source,
            }
        })?;
        agents.push(spec.build()?);
    }
    let mut game = Game::new();
    while !game.position().is_over() {
        let mover = game.position().moves_played() as usize % 2;
        let column = agents[mover].choose(&game).column;
        game.try_play(column)?;
    }
    Ok(game)
}

/// The positions of `game` to label: up to `per_game` of those within the plies, not over,
/// drawn with the game's seed.
fn sample_positions(spec: &DatasetSpec, index: u64, game: &Game) -> Vec<(String, Position)> {
    let mut candidates = Vec::new();
    let mut replay = Game::new();
    for (ply, column) in std::iter::once(None)
        .chain(game.moves().iter().map(Some))
        .enumerate()
    {
        if let Some(column) = column {
            replay.try_play(*column).expect("a recorded game replays");
        }
        let position = *replay.position();
        if spec.plies.contains(&(ply as u32)) && !position.is_over() {
            candidates.push((replay.move_string(), position));
        }
    }
    let mut rng = SeededRng::seed_from_u64(game_seed(spec.seed, index, 5));
    let mut chosen = Vec::new();
    while chosen.len() < spec.per_game && !candidates.is_empty() {
        chosen.push(candidates.swap_remove(rng.random_range(0..candidates.len())));
    }
    chosen.sort_by_key(|(_, p)| p.moves_played());
    chosen
}

/// Labels `position` with the solver.
fn label(
    solver: &mut Solver,
    position: &Position,
) -> Result<(ExactScore, [Option<ExactScore>; WIDTH]), DatasetError> {
    let (columns, _) = solver.analyze(position, false, SolveLimits::default())?;
    let best = columns
        .iter()
        .flatten()
        .copied()
        .max()
        .ok_or(DatasetError::NoLegalMove)?;
    Ok((best, columns))
}

/// Plays (or takes, for a recorded game) game `index` of `spec` and labels its sampled
/// positions on `solver`.
pub fn label_game(
    spec: &DatasetSpec,
    solver: &mut Solver,
    index: u64,
    recorded: Option<&Game>,
) -> Result<GameWork, DatasetError> {
    let game = match recorded {
        Some(game) => game.clone(),
        None => generated_game(spec.seed, index, &spec.source.players().unwrap_or_default())?,
    };
    let mut samples = Vec::new();
    for (moves, position) in sample_positions(spec, index, &game) {
        let (score, columns) = label(solver, &position)?;
        samples.push(Sample {
            moves,
            score,
            columns,
            game: index,
            split: spec.split_of(index),
        });
    }
    Ok(GameWork {
        game: index,
        samples,
    })
}

/// The canonical keys of every position of the reference sets.
fn reference_keys() -> HashSet<u64> {
    reference_positions::SETS
        .iter()
        .flat_map(|(_, _, text)| reference_positions::parse_set(text))
        .filter_map(|p| c4_core::parse_moves(&p.moves).ok())
        .map(|p| p.canonical_key())
        .collect()
}

/// Told as a build advances; called from worker threads.
pub trait BuildProgress: Sync {
    /// Game `game` is labelled; `positions` usable positions are known so far (an estimate
    /// until the games before it are done).
    fn game_done(&self, game: u64, positions: usize);
    /// Something the user should know.
    fn warn(&self, message: &str);
}

/// Games played and labelled per round: the dataset is cut after the round that completes it.
const ROUND_GAMES: u64 = 64;

/// A build's work log and the games done in it: the driver's side of a build, whoever labels
/// the games.
pub struct DatasetWork {
    spec: DatasetSpec,
    log: AppendLog,
    done: BTreeMap<u64, GameWork>,
    excluded: HashSet<u64>,
    /// What the user should know of the log (a torn last line dropped, ...).
    pub warnings: Vec<String>,
}

impl DatasetWork {
    /// Opens (or starts) the work log of `spec` at `work`; a log of another build is refused.
    pub fn open(spec: &DatasetSpec, work: &Path) -> Result<DatasetWork, DatasetError> {
        if spec.positions == 0 || spec.per_game == 0 {
            return Err(DatasetError::NoPositions);
        }
        let (contents, log) = AppendLog::resume(work, Some(&spec.header()), |line| {
            serde_json::from_str::<GameWork>(line)
        })?;
        let warnings = contents.warnings.clone();
        let done = contents
            .entries
            .into_iter()
            .map(|Entry { value, .. }| (value.game, value))
            .collect();
        Ok(DatasetWork {
            spec: spec.clone(),
            log,
            done,
            excluded: reference_keys(),
            warnings,
        })
    }

    /// Whether game `index` is labelled.
    #[must_use]
    pub fn is_done(&self, index: u64) -> bool {
        self.done.contains_key(&index)
    }

    /// Appends a labelled game to the log (a game already there is kept as it was).
    pub fn add(&mut self, unit: GameWork) -> Result<(), DatasetError> {
        if self.done.contains_key(&unit.game) {
            return Ok(());
        }
        if let Some(sample) = unit.samples.iter().find(|s| s.game != unit.game) {
            return Err(DatasetError::ForeignSample {
                game: unit.game,
                sample_game: sample.game,
            });
        }
        let line = serde_json::to_string(&unit).expect("plain data");
        self.log
            .append(&line)
            .map_err(|source| DatasetError::Write {
                path: self.log.path().to_owned(),
                source,
            })?;
        self.done.insert(unit.game, unit);
        Ok(())
    }

    /// The dataset's samples from the games done: complete once there are `positions`.
    #[must_use]
    pub fn selected(&self) -> Vec<Sample> {
        select(&self.spec, &self.done, &self.excluded)
    }
}

/// Builds the dataset of `spec`, using (and extending) the work log at `work`; returns its
/// samples in game order, training and validation together. `stores` (the book, and the
/// ply-12 layer beside it) answer the solver where they hold a position: the labels are the
/// same exact scores with or without them, found sooner.
pub fn build(
    spec: &DatasetSpec,
    work: &Path,
    table_bits: u32,
    stores: Option<Arc<dyn ScoreStore>>,
    progress: &dyn BuildProgress,
) -> Result<Vec<Sample>, DatasetError> {
    // Held for the build: the games' players share what these read.
    let _players = spec.source.check_players()?;
    let work = DatasetWork::open(spec, work)?;
    for warning in &work.warnings {
        progress.warn(warning);
    }
    let recorded = match &spec.source {
        Source::Generated | Source::Players(_) => None,
        Source::Games(path) => Some(recorded_games(path)?),
    };
    let work = Mutex::new(work);
    let mut round = 0;
    loop {
        let selected = work.lock().expect("no panic holding it").selected();
        if selected.len() >= spec.positions {
            return Ok(selected);
        }
        let first = round * ROUND_GAMES;
        let last = match &recorded {
            Some(games) if first >= games.len() as u64 => {
                return Err(DatasetError::TooFewPositions {
                    usable: selected.len(),
                    asked: spec.positions,
                });
            }
            Some(games) => (first + ROUND_GAMES).min(games.len() as u64),
            None => first + ROUND_GAMES,
        };
        let known = selected.len();
        let todo: Vec<u64> = {
            let work = work.lock().expect("no panic holding it");
            (first..last).filter(|&g| !work.is_done(g)).collect()
        };
        todo.par_iter().try_for_each_init(
            || {
                let mut solver = Solver::new(table_bits);
                solver.set_book(stores.clone());
                solver
            },
            |solver, &index| -> Result<(), DatasetError> {
                let game = recorded.as_ref().map(|games| &games[index as usize]);
                let unit = label_game(spec, solver, index, game)?;
                let count = unit.samples.len();
                work.lock().expect("no panic holding it").add(unit)?;
                progress.game_done(index, known + count);
                Ok(())
            },
        )?;
        round += 1;
    }
}

/// The usable samples of the games done, in game order, stopping at the first game not done.
fn select(
    spec: &DatasetSpec,
    done: &BTreeMap<u64, GameWork>,
    excluded: &HashSet<u64>,
) -> Vec<Sample> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (expected, (&game, work)) in done.iter().enumerate() {
        if game != expected as u64 {
            break;
        }
        for sample in &work.samples {
            let Ok(position) = sample.position() else {
                continue;
            };
            let key = position.canonical_key();
            if excluded.contains(&key) || !seen.insert(key) {
                continue;
            }
            out.push(sample.clone());
            if out.len() >= spec.positions {
                return out;
            }
        }
    }
    out
}

/// The work log of a build writing the dataset `out`.
#[must_use]
pub fn work_path(out: &Path) -> PathBuf {
    PathBuf::from(format!("{}.partial", out.display()))
}

/// Refuses to build over a finished dataset: `out` may exist only while its work log does.
pub fn check_out(out: &Path) -> Result<(), DatasetError> {
    if out.exists() && !work_path(out).exists() {
        return Err(DatasetError::Exists(out.to_owned()));
    }
    Ok(())
}

/// Writes the finished dataset `out` and removes its work log; one line on what it holds.
pub fn finish(out: &Path, samples: &[Sample]) -> Result<String, DatasetError> {
    write(out, samples)?;
    std::fs::remove_file(work_path(out)).ok();
    let valid = samples.iter().filter(|s| s.split == Split::Valid).count();
    let games = samples.last().map_or(0, |s| s.game + 1);
    Ok(format!(
        "wrote {} positions ({} training, {valid} validation) from {games} games to {}",
        samples.len(),
        samples.len() - valid,
        out.display()
    ))
}

/// Writes a dataset: one JSON sample per line.
pub fn write(path: &Path, samples: &[Sample]) -> Result<(), DatasetError> {
    let mut text = String::new();
    for sample in samples {
        text.push_str(&serde_json::to_string(sample).expect("plain data"));
        text.push('\n');
    }
    let temporary = path.with_extension("writing");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|source| DatasetError::Write {
            path: path.to_owned(),
            source,
        })
}

/// The largest dataset read: tens of millions of labelled positions.
const MAX_DATASET_BYTES: u64 = 16 << 30;

/// Reads a dataset written by [`write()`], checking every line.
pub fn read(path: &Path) -> Result<Vec<Sample>, DatasetError> {
    let text = files::read_text(path, MAX_DATASET_BYTES)?;
    parse(&text, &path.display().to_string())
}

/// Parses the text of a dataset written by [`write()`] (`name` says where it came from in the
/// errors), checking every line.
pub fn parse(text: &str, name: &str) -> Result<Vec<Sample>, DatasetError> {
    let mut samples = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sample: Sample = serde_json::from_str(line).map_err(|source| DatasetError::Line {
            name: name.to_owned(),
            line: index + 1,
            source,
        })?;
        sample
            .position()
            .map_err(|source| DatasetError::LineMoves {
                name: name.to_owned(),
                line: index + 1,
                moves: sample.moves.clone(),
                source,
            })?;
        samples.push(sample);
    }
    if samples.is_empty() {
        return Err(DatasetError::Empty(name.to_owned()));
    }
    Ok(samples)
}

#[cfg(test)]
mod tests;
