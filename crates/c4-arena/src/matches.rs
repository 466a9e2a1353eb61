//! Matches between two players: many games in parallel, each recorded as it ends.

use crate::record::{GameLog, GameRecord, GameResult};
use crate::stats::{Sprt, SprtVerdict, Wdl};
use c4_core::{Game, Player};
use c4_engine::agent::PlayerSpec;
use c4_engine::hashing::mix64;
use c4_engine::{SeededRng, random_play};
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Openings.
    pub openings: Openings,
    /// Colours.
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

/// The opening of `game`: games 2k and 2k+1 share one.
fn opening_for(config: &MatchConfig, game: u64) -> Result<Game, String> {
    let pair = game / 2;
    match &config.openings {
        Openings::None => Ok(Game::new()),
        Openings::List(list) => {
            let text = &list[(pair % list.len() as u64) as usize];
            Game::from_moves(text).map_err(|e| format!("opening {text:?}: {e}"))
        }
        Openings::Random(plies) => {
            let mut rng = SeededRng::seed_from_u64(mix64(config.seed ^ mix64(pair ^ 0x0be1)));
            // Draw until the opening leaves a game in progress (rarely more than one try).
            loop {
                let game = random_play(&mut rng, *plies as usize);
                if !game.position().is_over() {
                    return Ok(game);
                }
            }
        }
    }
}

fn a_plays_first(config: &MatchConfig, game: u64) -> bool {
    match config.first {
        FirstPolicy::A => true,
        FirstPolicy::B => false,
        FirstPolicy::Alternate => game.is_multiple_of(2),
    }
}

/// Plays game number `game` of the run.
pub fn play_game(config: &MatchConfig, game: u64) -> Result<GameRecord, String> {
    let opening = opening_for(config, game)?;
    let a_first = a_plays_first(config, game);
    let seeds = [
        game_seed(config.seed, game, 0),
        game_seed(config.seed, game, 1),
    ];
    let mut a_spec = config.a.spec.clone();
    a_spec.set_seed(seeds[0]);
    let mut b_spec = config.b.spec.clone();
    b_spec.set_seed(seeds[1]);
    let mut a = a_spec.build().map_err(|e| e.to_string())?;
    let mut b = b_spec.build().map_err(|e| e.to_string())?;
    let mut current = opening.clone();
    let mut stats = Vec::new();
    while !current.position().is_over() {
        let red_to_move = current.position().side_to_move() == Player::Red;
        let agent = if red_to_move == a_first {
            &mut a
        } else {
            &mut b
        };
        let report = agent.choose(&current);
        current
            .try_play(report.column)
            .map_err(|e| format!("a player chose an illegal move: {e}"))?;
        stats.push(report.summary());
    }
    let (result, winner) =
        GameResult::of(current.position().status(), a_first).expect("the loop ends with the game");
    Ok(GameRecord {
        game,
        a: config.a.label.clone(),
        b: config.b.label.clone(),
        a_spec: config.a.spec.to_string(),
        b_spec: config.b.spec.to_string(),
        a_first,
        opening: opening.move_string(),
        moves: current.move_string(),
        result,
        winner,
        seeds,
        stats,
    })
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
) -> Result<Vec<GameRecord>, String> {
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
            .try_for_each(|&game| -> Result<(), String> {
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let record = play_game(config, game)?;
                let mut all = records
                    .lock()
                    .expect("no thread panics holding the records");
                if let Some(log) = log
                    .lock()
                    .expect("no thread panics holding the log")
                    .as_mut()
                {
                    log.append(&record)
                        .map_err(|e| format!("writing {}: {e}", log.path().display()))?;
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
