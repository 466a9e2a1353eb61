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
//!
//! A build is on one board ([`DatasetSpec::size`], 7x6 by default): its games are played by
//! players built for that board and its positions labelled by a solver of it. The reference
//! sets are 7x6 positions, so they are left out of 7x6 datasets only; the built-in book and
//! layer are 7x6's, so the stores a build is given are read on 7x6 only (a solver keeps no
//! store of another board).
//!
//! # Why a crate of its own
//!
//! A dataset is what several jobs read and none owns: the texel fit and the n-tuple fit in
//! `c4-learn` learn from it, `c4 dataset grade` and the lab's mistakes experiment grade
//! players on it. It needs the solver, the players and the arena's work log, and nothing of
//! what learns from it.

#![deny(missing_docs)]

use c4_arena::log::{AppendLog, Entry};
use c4_arena::matches::game_seed;
use c4_core::{Game, Geometry, Position, Size, with_geometry};
use c4_eval::{BoardTables, SeededRng};
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
mod games;
pub mod grade;
mod sample;
mod selection;

pub use error::DatasetError;
use games::generated_game;
pub use games::{
    PLAYER_POOL, POOL_SUBSTITUTES, Source, player_pool, recorded_board, recorded_games,
    recorded_games_in,
};
pub use sample::{Sample, SampleError, Split, board, check_standard, parse, read, write};
use selection::Selection;

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
    /// The board of the games and positions.
    pub size: Size,
    /// Datasets whose positions (and their mirror images) are left out beside the reference
    /// sets: the sets that will grade what learns from this one, say. They choose which
    /// samples are kept, not the games, so they are not in the work log's header and a
    /// build may be resumed with others.
    pub exclude: Vec<PathBuf>,
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
        // The board is named off 7x6 only, so 7x6 logs keep their header.
        let size = if self.size.is_standard() {
            String::new()
        } else {
            format!(" size={}", self.size)
        };
        format!(
            "c4-dataset-work 1{size} seed={} plies={}-{} per-game={} valid={}% source={source}",
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

/// One game's work: the positions sampled from it, labelled; a line of the work log.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameWork {
    /// The game's index.
    pub game: u64,
    /// Its sampled positions, labelled.
    pub samples: Vec<Sample>,
}

/// The positions of `game` to label: up to `per_game` of those within the plies, not over,
/// drawn with the game's seed.
fn sample_positions<G: Geometry>(
    spec: &DatasetSpec,
    index: u64,
    game: &Game<G>,
) -> Vec<(String, Position<G>)> {
    let mut candidates = Vec::new();
    let mut replay = Game::new_in(game.position().geometry());
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

/// Labels `position` with the solver: its score and each column's, left to right.
fn label<G: Geometry>(
    solver: &mut Solver<G>,
    position: &Position<G>,
) -> Result<(ExactScore, Vec<Option<ExactScore>>), DatasetError> {
    let (columns, _) = solver.analyze_columns(position, false, SolveLimits::default())?;
    let best = columns
        .iter()
        .flatten()
        .copied()
        .max()
        .ok_or(DatasetError::NoLegalMove)?;
    Ok((best, columns))
}

/// Plays (or takes, for a recorded game) game `index` of `spec` and labels its sampled
/// positions on `solver`, a solver of the build's board.
pub fn label_game<G: BoardTables>(
    spec: &DatasetSpec,
    solver: &mut Solver<G>,
    index: u64,
    recorded: Option<&Game<G>>,
) -> Result<GameWork, DatasetError> {
    let geometry = solver.geometry();
    if geometry.size() != spec.size {
        return Err(DatasetError::SolverSize {
            size: spec.size,
            solver: geometry.size(),
        });
    }
    let game = match recorded {
        Some(game) => game.clone(),
        None => generated_game(
            spec.seed,
            index,
            &spec.source.players(spec.size).unwrap_or_default(),
            geometry,
        )?,
    };
    let mut samples = Vec::new();
    for (moves, position) in sample_positions(spec, index, &game) {
        let (score, columns) = label(solver, &position)?;
        samples.push(Sample {
            size: spec.size,
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

/// Labels games `games` of `spec` in turn on one solver of the build's board (a table of
/// `2^table_bits` slots, answering from `stores` where they are of that board): a worker's
/// share of a build labelled elsewhere, as the Ray driver's shards are. `recorded` holds
/// the games' move strings, one per index, for a build from recorded games.
pub fn label_games(
    spec: &DatasetSpec,
    games: &[u64],
    recorded: Option<&[String]>,
    table_bits: u32,
    stores: Option<Arc<dyn ScoreStore>>,
) -> Result<Vec<GameWork>, DatasetError> {
    if let Some(recorded) = recorded
        && recorded.len() != games.len()
    {
        return Err(DatasetError::RecordedCount {
            recorded: recorded.len(),
            games: games.len(),
        });
    }
    with_geometry!(spec.size, g => {
        let recorded = recorded
            .map(|moves| {
                moves
                    .iter()
                    .map(|m| {
                        Game::from_moves_in(m, g).map_err(|source| DatasetError::RecordedGame {
                            moves: c4_core::excerpt(m),
                            source,
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        let mut solver = Solver::new_in(table_bits, g);
        solver.set_book(stores);
        games
            .iter()
            .enumerate()
            .map(|(i, &index)| {
                let game = recorded.as_ref().and_then(|games| games.get(i));
                label_game(spec, &mut solver, index, game).map_err(|source| {
                    DatasetError::Game {
                        game: index,
                        source: Box::new(source),
                    }
                })
            })
            .collect()
    })
}

/// The canonical keys of every position of the reference sets (of 7x6).
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

/// Games played and labelled per round: the dataset is cut after the round that completes it,
/// and a build of generated games ends when a round adds no position.
const ROUND_GAMES: u64 = 64;

/// A build's work log and the games done in it: the driver's side of a build, whoever labels
/// the games.
pub struct DatasetWork {
    spec: DatasetSpec,
    log: AppendLog,
    done: BTreeMap<u64, GameWork>,
    excluded: HashSet<u64>,
    selection: Selection,
    /// What the user should know of the log (a torn last line dropped, ...).
    pub warnings: Vec<String>,
}

impl DatasetWork {
    /// Opens (or starts) the work log of `spec` at `work`; a log of another build is refused.
    pub fn open(spec: &DatasetSpec, work: &Path) -> Result<DatasetWork, DatasetError> {
        if spec.positions == 0 || spec.per_game == 0 {
            return Err(DatasetError::NoPositions);
        }
        if let Some(found) = work_size(work)
            && found != spec.size
        {
            return Err(DatasetError::WorkSize {
                path: work.to_owned(),
                found,
                asked: spec.size,
            });
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
        // The reference sets are 7x6 positions: no key of another board is theirs.
        let mut excluded = if spec.size.is_standard() {
            reference_keys()
        } else {
            HashSet::new()
        };
        for path in &spec.exclude {
            let samples = read(path)?;
            if let Some(first) = samples.first()
                && first.size() != spec.size
            {
                return Err(DatasetError::ExcludeSize {
                    path: path.clone(),
                    found: first.size(),
                    asked: spec.size,
                });
            }
            excluded.extend(samples.iter().filter_map(canonical_key));
        }
        let mut selection = Selection::default();
        selection.advance(spec.positions, &done, &excluded);
        Ok(DatasetWork {
            spec: spec.clone(),
            log,
            done,
            excluded,
            selection,
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
        self.selection
            .advance(self.spec.positions, &self.done, &self.excluded);
        Ok(())
    }

    /// The dataset's samples from the games done: complete once there are `positions`.
    #[must_use]
    pub fn selected(&self) -> Vec<Sample> {
        self.selection.samples(&self.done)
    }

    /// How many samples [`DatasetWork::selected`] holds.
    #[must_use]
    pub fn selected_len(&self) -> usize {
        self.selection.len()
    }

    /// The games [`DatasetWork::selected`] draws on: one past the last sample's game.
    #[must_use]
    pub fn selected_games(&self) -> u64 {
        self.selection.games()
    }
}

/// Builds the dataset of `spec`, using (and extending) the work log at `work`; returns its
/// samples in game order, training and validation together. `stores` (the book, and the
/// ply-12 layer beside it) answer the solver where they hold a position: the labels are the
/// same exact scores with or without them, found sooner. Stores of another board than the
/// build's are not read.
pub fn build(
    spec: &DatasetSpec,
    work: &Path,
    table_bits: u32,
    stores: Option<Arc<dyn ScoreStore>>,
    progress: &dyn BuildProgress,
) -> Result<Vec<Sample>, DatasetError> {
    with_geometry!(spec.size, g => build_in(spec, work, table_bits, stores, progress, g))
}

/// [`build`] on the board of `geometry`, the spec's.
fn build_in<G: BoardTables>(
    spec: &DatasetSpec,
    work: &Path,
    table_bits: u32,
    stores: Option<Arc<dyn ScoreStore>>,
    progress: &dyn BuildProgress,
    geometry: G,
) -> Result<Vec<Sample>, DatasetError> {
    // Held for the build: the games' players share what these read.
    let _players = spec.source.check_players(spec.size)?;
    let work = DatasetWork::open(spec, work)?;
    for warning in &work.warnings {
        progress.warn(warning);
    }
    let recorded = match &spec.source {
        Source::Generated | Source::Players(_) => None,
        Source::Games(path) => Some(recorded_games_in(path, geometry)?),
    };
    let work = Mutex::new(work);
    let mut round = 0;
    let mut before: Option<usize> = None;
    loop {
        let first = round * ROUND_GAMES;
        let last = match &recorded {
            Some(games) => (first + ROUND_GAMES).min(games.len() as u64),
            None => first + ROUND_GAMES,
        };
        let todo: Vec<u64> = {
            let work = work.lock().expect("no panic holding it");
            (first..last).filter(|&g| !work.is_done(g)).collect()
        };
        round += 1;
        // A round labelled by an earlier run: its positions are in the log already.
        if todo.is_empty() && first < last {
            continue;
        }
        let selected = work.lock().expect("no panic holding it").selected_len();
        if selected >= spec.positions {
            return Ok(work.into_inner().expect("no panic holding it").selected());
        }
        let too_few = DatasetError::TooFewPositions {
            usable: selected,
            asked: spec.positions,
        };
        // Every recorded game is labelled, or the last round labelled added no position
        // (the generated games of a small board, or of a narrow ply range, have no more).
        if first >= last || (recorded.is_none() && before == Some(selected)) {
            return Err(too_few);
        }
        before = Some(selected);
        let known = selected;
        todo.par_iter().try_for_each_init(
            || {
                let mut solver = Solver::new_in(table_bits, geometry);
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
    }
}

/// The mirror-canonical key of `sample`'s position on its board; `None` for moves that are
/// not a game of it.
fn canonical_key(sample: &Sample) -> Option<u64> {
    let size = sample.size();
    with_geometry!(size, g => sample.position_in(g).ok().map(|p| p.canonical_key()))
}

/// The board named in the header of the work log at `work` (7x6 where it names none);
/// `None` where there is no log or its first line is no dataset work log's header.
fn work_size(work: &Path) -> Option<Size> {
    use std::io::BufRead;
    let file = std::fs::File::open(work).ok()?;
    let mut first = String::new();
    std::io::BufReader::new(file).read_line(&mut first).ok()?;
    let words = first.strip_prefix("c4-dataset-work 1 ")?.split(' ');
    // The size comes before the source, which may hold `size=` in a player's spec.
    for word in words {
        if let Some(size) = word.strip_prefix("size=") {
            return size.parse().ok();
        }
        if word.starts_with("seed=") {
            return Some(Size::STANDARD);
        }
    }
    None
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

#[cfg(test)]
mod size_tests;
#[cfg(test)]
mod tests;
