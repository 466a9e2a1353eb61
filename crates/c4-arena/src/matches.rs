//! Matches between two players: many games in parallel, each recorded as it ends.

use crate::record::{GameLog, GameRecord, GameResult};
use crate::stats::{Sprt, SprtVerdict, Wdl};
use c4_core::{Game, Geometry, ParseMovesError, PlayError, Player, Size, Standard};
use c4_eval::{BoardTables, SeededRng};
use c4_options::SpecError;
use c4_players::PlayerSpec;
use c4_search::search::MoveReport;
use c4_solver::hashing::mix64;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why an opening of a list is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// Its moves are not a game.
    #[error(transparent)]
    Moves(#[from] ParseMovesError),
    /// It leaves no game to play.
    #[error("the opening {0} ends the game")]
    EndsTheGame(String),
    /// Random openings of more plies than the board has cells to leave a move on.
    #[error(
        "random openings of {plies} plies: the {size} board has {} cells, so an opening that \
         leaves a game to play has at most {} plies",
        size.cells(),
        size.cells() - 1
    )]
    RandomTooLong {
        /// The plies asked for.
        plies: u32,
        /// The board.
        size: Size,
    },
}

/// Why a game or a match cannot be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// An opening of the list is not a game.
    #[error("opening {opening:?}: {source}")]
    Opening {
        /// The opening.
        opening: String,
        /// What is wrong with it.
        #[source]
        source: ParseMovesError,
    },
    /// The openings cannot be played on the match's board.
    #[error(transparent)]
    Openings(#[from] OpeningError),
    /// Every draw of a random opening ended the game.
    #[error(
        "no random opening of {plies} plies on the {size} board left a game to play in \
         {RANDOM_OPENING_DRAWS} draws: ask for fewer plies"
    )]
    NoRandomOpening {
        /// The plies asked for.
        plies: u32,
        /// The board.
        size: Size,
    },
    /// A player's spec does not build.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A player could not choose a move.
    #[error("player {label}: {source}")]
    Choose {
        /// The player's label.
        label: String,
        /// Why it could not.
        #[source]
        source: ChooseError,
    },
    /// A player chose a move that cannot be played.
    #[error("player {label} chose an illegal move: {source}")]
    IllegalMove {
        /// The player's label.
        label: String,
        /// Why the move cannot be played.
        #[source]
        source: PlayError,
    },
    /// A finished game could not be appended to the games file.
    #[error("writing {}: {source}", path.display())]
    Write {
        /// The games file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// Who plays red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstPolicy {
    /// A always moves first.
    A,
    /// B always moves first.
    B,
    /// Colours alternate game by game (paired games with openings).
    Alternate,
}

/// Where games start.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Openings {
    /// The empty board.
    None,
    /// These move strings, one per pair of games (cycled).
    List(Vec<String>),
    /// A random legal opening of this many plies per pair of games, from the match seed.
    Random(u32),
}

impl Openings {
    /// Checks one opening of a list: moves from the empty board that leave a game to play.
    pub fn check(moves: &str) -> Result<(), OpeningError> {
        Openings::check_in(moves, Standard)
    }

    /// [`Openings::check`] on the board of `geometry`: a column off it is an error naming
    /// the size.
    pub fn check_in<G: Geometry>(moves: &str, geometry: G) -> Result<(), OpeningError> {
        let game = Game::from_moves_in(moves, geometry)?;
        if game.position().is_over() {
            return Err(OpeningError::EndsTheGame(moves.to_owned()));
        }
        Ok(())
    }

    /// Whether these openings can be played on the board of `size`: random ones of fewer
    /// plies than its cells (a listed one is checked as it is read, [`Openings::check_in`]).
    pub fn check_on(&self, size: Size) -> Result<(), OpeningError> {
        match *self {
            Openings::Random(plies) if plies as usize >= size.cells() => {
                Err(OpeningError::RandomTooLong { plies, size })
            }
            _ => Ok(()),
        }
    }
}

/// The most draws of one random opening: a board and a length where this many end the game
/// every time are refused rather than drawn forever.
pub const RANDOM_OPENING_DRAWS: u32 = 10_000;

/// A labelled player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contestant {
    /// Short name for tables.
    pub label: String,
    /// What it is.
    pub spec: PlayerSpec,
}

/// Settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A.
    pub a: Contestant,
    /// Player B.
    pub b: Contestant,
    /// Games in the whole run.
    pub games: u64,
    /// The seed of every random choice of the run.
    pub seed: u64,
    /// Where each pair of games starts.
    pub openings: Openings,
    /// Who plays red in each game.
    pub first: FirstPolicy,
    /// Stop early when the test decides.
    pub sprt: Option<Sprt>,
}

/// Told about each game as it ends (progress bars, logs); called from worker threads.
pub trait MatchObserver: Sync {
    /// A game ended; `done` games of `total` are finished, counting resumed ones.
    fn game_finished(&self, record: &GameRecord, done: u64, total: u64);

    /// Something the user should know (a dropped truncated line, say). Ignored by default.
    fn warn(&self, _message: &str) {}
}

/// An observer that does nothing.
pub struct Quiet;

impl MatchObserver for Quiet {
    fn game_finished(&self, _: &GameRecord, _: u64, _: u64) {}
}

/// The seed of side `side` (0 = A, 1 = B) in game `game` of a run seeded `seed`.
#[must_use]
pub fn game_seed(seed: u64, game: u64, side: u64) -> u64 {
    mix64(seed ^ mix64(game.wrapping_mul(2).wrapping_add(side).wrapping_add(0x5eed)))
}

/// The opening of `game` of a run seeded `seed`: games 2k and 2k+1 share one.
pub fn opening_for(openings: &Openings, seed: u64, game: u64) -> Result<Game, MatchError> {
    opening_for_in(openings, seed, game, Standard)
}

/// [`opening_for`] on the board of `geometry`: a listed opening is read on it, a random one
/// drawn on it.
pub fn opening_for_in<G: Geometry>(
    openings: &Openings,
    seed: u64,
    game: u64,
    geometry: G,
) -> Result<Game<G>, MatchError> {
    let pair = game / 2;
    match openings {
        Openings::None => Ok(Game::new_in(geometry)),
        Openings::List(list) => {
            let text = &list[(pair % list.len() as u64) as usize];
            Game::from_moves_in(text, geometry).map_err(|source| MatchError::Opening {
                opening: text.clone(),
                source,
            })
        }
        Openings::Random(plies) => {
            let mut rng = SeededRng::seed_from_u64(mix64(seed ^ mix64(pair ^ 0x0be1)));
            // Draw until the opening leaves a game in progress (rarely more than one try).
            for _ in 0..RANDOM_OPENING_DRAWS {
                let game = c4_search::random_play_in(&mut rng, *plies as usize, geometry);
                if !game.position().is_over() {
                    return Ok(game);
                }
            }
            Err(MatchError::NoRandomOpening {
                plies: *plies,
                size: geometry.size(),
            })
        }
    }
}

/// Whether A moves first in `game`.
#[must_use]
pub fn a_plays_first(first: FirstPolicy, game: u64) -> bool {
    match first {
        FirstPolicy::A => true,
        FirstPolicy::B => false,
        FirstPolicy::Alternate => game.is_multiple_of(2),
    }
}

/// Why a chooser could not pick a move: any error (a scripting language's function may fail
/// in its own ways).
pub type ChooseError = Box<dyn std::error::Error + Send + Sync>;

/// Picks a move in a game (on the board of `G`) that is not over, or says why it cannot.
pub type Chooser<'a, G = Standard> = &'a mut dyn FnMut(&Game<G>) -> Result<MoveReport, ChooseError>;

/// One side of a game: its label and spec as recorded, and what picks its moves (an agent
/// built from the spec, or any other chooser, such as a function of a scripting language).
pub struct Seat<'a, G: Geometry = Standard> {
    /// Short name for tables.
    pub label: &'a str,
    /// The spec recorded in the game (canonical for c4's players).
    pub spec: &'a str,
    /// Picks the moves.
    pub choose: Chooser<'a, G>,
}

/// Game `game` of a run, where it starts and who moves first: what [`play_seated`] needs
/// besides the seats, on the board of `G`.
#[derive(Clone, Debug)]
pub struct GameStart<G: Geometry = Standard> {
    /// Index of the game in its run.
    pub game: u64,
    /// The opening played before the seats take over.
    pub opening: Game<G>,
    /// Whether A moves first.
    pub a_first: bool,
    /// The seeds of A and B for this game (see [`game_seed`]).
    pub seeds: [u64; 2],
}

impl GameStart {
    /// Game `game` of a run seeded `seed` with these openings and colours.
    pub fn new(
        openings: &Openings,
        first: FirstPolicy,
        seed: u64,
        game: u64,
    ) -> Result<GameStart, MatchError> {
        GameStart::new_in(openings, first, seed, game, Standard)
    }

    /// Game `game` of the run `config` describes.
    pub fn of(config: &MatchConfig, game: u64) -> Result<GameStart, MatchError> {
        GameStart::of_in(config, game, Standard)
    }
}

impl<G: Geometry> GameStart<G> {
    /// [`GameStart::new`] on the board of `geometry`.
    pub fn new_in(
        openings: &Openings,
        first: FirstPolicy,
        seed: u64,
        game: u64,
        geometry: G,
    ) -> Result<GameStart<G>, MatchError> {
        Ok(GameStart {
            game,
            opening: opening_for_in(openings, seed, game, geometry)?,
            a_first: a_plays_first(first, game),
            seeds: [game_seed(seed, game, 0), game_seed(seed, game, 1)],
        })
    }

    /// [`GameStart::of`] on the board of `geometry`.
    pub fn of_in(config: &MatchConfig, game: u64, geometry: G) -> Result<GameStart<G>, MatchError> {
        GameStart::new_in(&config.openings, config.first, config.seed, game, geometry)
    }
}

/// Plays a game from `start` between two seats to its end, on the board of `start`'s opening.
pub fn play_seated<'a, G: Geometry>(
    start: &GameStart<G>,
    mut a: Seat<'a, G>,
    mut b: Seat<'a, G>,
) -> Result<GameRecord, MatchError> {
    let mut current = start.opening.clone();
    let mut stats = Vec::new();
    while !current.position().is_over() {
        let red_to_move = current.position().side_to_move() == Player::Red;
        let seat = if red_to_move == start.a_first {
            &mut a
        } else {
            &mut b
        };
        let report = (seat.choose)(&current).map_err(|source| MatchError::Choose {
            label: seat.label.to_owned(),
            source,
        })?;
        current
            .try_play(report.column)
            .map_err(|source| MatchError::IllegalMove {
                label: seat.label.to_owned(),
                source,
            })?;
        stats.push(report);
    }
    let (result, winner) = GameResult::of(current.position().status(), start.a_first)
        .expect("the loop ends with the game");
    Ok(GameRecord {
        game: start.game,
        size: current.size(),
        a: a.label.to_owned(),
        b: b.label.to_owned(),
        a_spec: a.spec.to_owned(),
        b_spec: b.spec.to_owned(),
        a_first: start.a_first,
        opening: start.opening.move_string(),
        moves: current.move_string(),
        result,
        winner,
        seeds: start.seeds,
        stats,
    })
}

/// Plays game number `game` of the run.
pub fn play_game(config: &MatchConfig, game: u64) -> Result<GameRecord, MatchError> {
    play_game_in(config, game, Standard)
}

/// [`play_game`] on the board of `geometry`: its opening read or drawn on it, its players
/// built for it (a player bound to another size is an error naming both).
pub fn play_game_in<G: BoardTables>(
    config: &MatchConfig,
    game: u64,
    geometry: G,
) -> Result<GameRecord, MatchError> {
    let start = GameStart::of_in(config, game, geometry)?;
    let mut agents = Vec::with_capacity(2);
    for (contestant, seed) in [&config.a, &config.b].into_iter().zip(start.seeds) {
        let mut spec = contestant.spec.clone();
        spec.set_seed(seed);
        agents.push(spec.build_in(geometry)?);
    }
    let [a, b] = &mut agents[..] else {
        unreachable!("two agents were built")
    };
    let specs = [config.a.spec.to_string(), config.b.spec.to_string()];
    play_seated(
        &start,
        Seat {
            label: &config.a.label,
            spec: &specs[0],
            choose: &mut |game: &Game<G>| Ok(a.choose(game)),
        },
        Seat {
            label: &config.b.label,
            spec: &specs[1],
            choose: &mut |game: &Game<G>| Ok(b.choose(game)),
        },
    )
}

/// A's tally over `records`.
#[must_use]
pub fn tally(records: &[GameRecord]) -> Wdl {
    let mut wdl = Wdl::default();
    for r in records {
        match r.result {
            GameResult::Win => wdl.wins += 1,
            GameResult::Draw => wdl.draws += 1,
            GameResult::Loss => wdl.losses += 1,
        }
    }
    wdl
}

/// Plays the games of the run that `done` does not already hold, in parallel on the current
/// rayon pool, appending each to `log` as it ends. Returns every record (old and new), or the
/// first error (the other games already written stay written).
pub fn run_match(
    config: &MatchConfig,
    done: Vec<GameRecord>,
    log: Option<&mut GameLog>,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, MatchError> {
    run_match_in(config, Standard, done, log, observer)
}

/// [`run_match`] on the board of `geometry` (see [`play_game_in`]).
pub fn run_match_in<G: BoardTables>(
    config: &MatchConfig,
    geometry: G,
    done: Vec<GameRecord>,
    log: Option<&mut GameLog>,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, MatchError> {
    config.openings.check_on(geometry.size())?;
    let log = Mutex::new(log);
    let records = Mutex::new(done);
    let total = config.games;
    // With an SPRT, games still running when the test decides may undo the decision; then
    // play on until the final tally decides or the games run out.
    loop {
        let finished: HashSet<u64> = records
            .lock()
            .expect("no thread panics holding the records")
            .iter()
            .map(|r| r.game)
            .collect();
        let todo: Vec<u64> = (0..config.games)
            .filter(|g| !finished.contains(g))
            .collect();
        if todo.is_empty() {
            break;
        }
        let stop = AtomicBool::new(false);
        todo.par_iter()
            .try_for_each(|&game| -> Result<(), MatchError> {
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let record = play_game_in(config, game, geometry)?;
                let mut all = records
                    .lock()
                    .expect("no thread panics holding the records");
                if let Some(log) = log
                    .lock()
                    .expect("no thread panics holding the log")
                    .as_mut()
                {
                    log.append(&record).map_err(|source| MatchError::Write {
                        path: log.path().to_owned(),
                        source,
                    })?;
                }
                all.push(record);
                let last = all.last().expect("just pushed");
                observer.game_finished(last, all.len() as u64, total);
                if let Some(sprt) = &config.sprt
                    && sprt.verdict(&tally(&all)) != SprtVerdict::Continue
                {
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(())
            })?;
        let decided = config.sprt.as_ref().is_some_and(|sprt| {
            sprt.verdict(&tally(
                &records
                    .lock()
                    .expect("no thread panics holding the records"),
            )) != SprtVerdict::Continue
        });
        if !stop.load(Ordering::Relaxed) || decided {
            break;
        }
    }
    let mut all = records
        .into_inner()
        .expect("no thread panics holding the records");
    all.sort_by_key(|r| r.game);
    Ok(all)
}
