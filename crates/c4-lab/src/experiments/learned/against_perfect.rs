//! The papers' claim tested: the network searching one ply, as the first player, against
//! perfect play, from the empty board and from every 1- and 2-ply opening. The perfect side
//! scores every column with the solver and the opening book and picks at random, seeded,
//! among the columns of the best score; the network's side breaks its rare ties at random
//! too. Each game is counted against the opening's theoretical result.

use super::super::decisions::DecisionLog;
use crate::progress::Progress;
use c4_arena::matches::game_seed;
use c4_books::OpeningBook;
use c4_core::{Column, Game, Player, Status, WIDTH};
use c4_eval::SeededRng;
use c4_papers::ExperimentError;
use c4_players::PlayerSpec;
use c4_solver::{SolveLimits, Solver};
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The network's player: one ply, ties at random.
pub const NETWORK_PLAYER: &str = "alphabeta:depth=1,eval=ntuple,tiebreak=random";
/// Games from the empty board: full size, `--quick`.
const EMPTY_BOARD_GAMES: (u64, u64) = (100, 2);
/// Log2 of each solver's table entries.
const TABLE_BITS: u32 = 23;

/// One game against perfect play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerfectGame {
    /// The opening's moves, 1-7 (empty: the empty board).
    pub opening: String,
    /// The game's number among the games of its opening.
    pub game: u64,
    /// The whole game's moves, 1-7.
    pub moves: String,
    /// The first player's result: 1 won, 0 drawn, -1 lost.
    pub result: i8,
    /// The first player's result under perfect play from the opening.
    pub theoretical: i8,
}

/// The games of a full or `quick` run: (opening, game number).
#[must_use]
pub fn openings(quick: bool) -> Vec<(String, u64)> {
    let empty = if quick {
        EMPTY_BOARD_GAMES.1
    } else {
        EMPTY_BOARD_GAMES.0
    };
    let mut out: Vec<(String, u64)> = (0..empty).map(|g| (String::new(), g)).collect();
    let digits = (1..=WIDTH).map(|c| c.to_string());
    out.extend(digits.clone().map(|d| (d, 0)));
    if !quick {
        for first in digits.clone() {
            out.extend(digits.clone().map(|second| (format!("{first}{second}"), 0)));
        }
    }
    out
}

fn log_path(dir: &Path) -> PathBuf {
    dir.join("games").join("perfect.jsonl")
}

/// The games played so far in `dir`.
pub fn load(dir: &Path, progress: &dyn Progress) -> Result<Vec<PerfectGame>, ExperimentError> {
    DecisionLog::load(&log_path(dir), progress)
}

/// Plays the games of a full or `quick` run not yet in `dir`; returns all of them.
pub fn play(
    dir: &Path,
    quick: bool,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<PerfectGame>, ExperimentError> {
    let log = DecisionLog::<PerfectGame>::resume(&log_path(dir), progress)?;
    let have: HashSet<(String, u64)> =
        log.with_made(|made| made.iter().map(|g| (g.opening.clone(), g.game)).collect());
    let todo: Vec<(String, u64)> = openings(quick)
        .into_iter()
        .filter(|key| !have.contains(key))
        .collect();
    let book = OpeningBook::builtin();
    todo.par_iter()
        .map_init(
            || {
                let mut solver = Solver::new(TABLE_BITS);
                solver.set_book(Some(book.clone()));
                solver
            },
            |solver, (opening, game)| -> Result<(), ExperimentError> {
                let played = play_one(solver, opening, *game, seed)?;
                log.record(played, progress)
            },
        )
        .collect::<Result<(), ExperimentError>>()?;
    Ok(log.into_made())
}

/// The columns of the best exact score in `game`'s position.
fn best_columns(solver: &mut Solver, game: &Game) -> Result<Vec<Column>, ExperimentError> {
    let (scores, _) = solver
        .analyze(game.position(), false, SolveLimits::default())
        .map_err(|source| ExperimentError::SolveAt {
            moves: game.move_string(),
            source,
        })?;
    let best =
        scores
            .iter()
            .flatten()
            .copied()
            .max()
            .ok_or_else(|| ExperimentError::NoLegalMove {
                moves: game.move_string(),
            })?;
    Ok((0..WIDTH)
        .filter(|&c| scores[c] == Some(best))
        .filter_map(Column::new)
        .collect())
}

/// The first player's result: 1, 0 or -1.
fn first_players(status: Status) -> Option<i8> {
    match status {
        Status::InProgress => None,
        Status::Draw => Some(0),
        Status::Won { winner, .. } => Some(if winner == Player::Red { 1 } else { -1 }),
    }
}

fn play_one(
    solver: &mut Solver,
    opening: &str,
    game: u64,
    seed: u64,
) -> Result<PerfectGame, ExperimentError> {
    let mut board = Game::from_moves(opening).map_err(|source| ExperimentError::NamedMoves {
        moves: opening.to_owned(),
        source,
    })?;
    let (start, _) = solver
        .solve(board.position())
        .map_err(|source| ExperimentError::SolveAt {
            moves: opening.to_owned(),
            source,
        })?;
    let to_move_is_first = board.position().side_to_move() == Player::Red;
    let theoretical = start.signum() as i8 * if to_move_is_first { 1 } else { -1 };
    let game_number = game + 1000 * opening.parse::<u64>().unwrap_or(0);
    let mut network = PlayerSpec::parse(NETWORK_PLAYER, game_seed(seed, game_number, 0))
        .and_then(|spec| spec.build())?;
    let mut rng = SeededRng::seed_from_u64(game_seed(seed, game_number, 1));
    let result = loop {
        if let Some(result) = first_players(board.position().status()) {
            break result;
        }
        let column = if board.position().side_to_move() == Player::Red {
            network.choose(&board).column
        } else {
            let best = best_columns(solver, &board)?;
            best[rng.random_range(0..best.len())]
        };
        board.try_play(column)?;
    };
    Ok(PerfectGame {
        opening: opening.to_owned(),
        game,
        moves: board.move_string(),
        result,
        theoretical,
    })
}
