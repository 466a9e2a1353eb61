//! How far a network has come, measured as it learns: its one-ply choices graded on scored
//! positions, and its games against a fixed player.
//!
//! A choice is a *mistake* when its value (win, draw or loss) is worse than the best
//! move's, the mistakes experiment's definition; every column of the sample is scored by
//! the solver once, when the run starts.

use super::LearnError;
use super::td::greedy_move;
use c4_books::OpeningBook;
use c4_core::{Column, Game, Position, WIDTH};
use c4_eval::ntuple::Network;
use c4_players::parse_agent;
use c4_solver::reference_positions;
use c4_solver::{ExactScore, SolveLimits, Solver};
use serde::{Deserialize, Serialize};

/// A position with every column's exact score for the side to move (`None` where the column
/// is full).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labelled {
    /// Moves from the empty board.
    pub moves: String,
    /// Each column's score.
    pub scores: [Option<ExactScore>; WIDTH],
}

/// The reference sets a run grades its network on, with how many of each set's first
/// positions: the middle game and the opening at its hardest that still solve quickly.
pub const SAMPLE_SETS: [&str; 2] = ["Test_L2_R1", "Test_L1_R2"];

/// The first `per_set` positions of each of [`SAMPLE_SETS`], every column scored.
pub fn label_sample(per_set: usize) -> Result<Vec<Labelled>, LearnError> {
    let mut solver = Solver::new(22);
    solver.set_book(Some(OpeningBook::builtin()));
    let mut labelled = Vec::new();
    for set in SAMPLE_SETS {
        let positions = reference_positions::set(set).expect("the sample sets are compiled in");
        for scored in positions.into_iter().take(per_set) {
            let game = Game::from_moves(&scored.moves).map_err(|_| LearnError::Setting {
                name: "sample",
                value: scored.moves.clone(),
                expected: "a legal position of a reference set",
            })?;
            let (scores, _) = solver
                .analyze(game.position(), false, SolveLimits::default())
                .map_err(|_| LearnError::Setting {
                    name: "sample",
                    value: scored.moves.clone(),
                    expected: "a position still in play",
                })?;
            labelled.push(Labelled {
                moves: scored.moves,
                scores,
            });
        }
    }
    Ok(labelled)
}

/// The share of `sample` where the network's one-ply choice is a mistake, in percent.
#[must_use]
pub fn mistake_rate(network: &Network, sample: &[Labelled]) -> f64 {
    if sample.is_empty() {
        return 0.0;
    }
    let mistakes = sample
        .iter()
        .filter(|labelled| {
            let game = Game::from_moves(&labelled.moves).expect("labelled positions are legal");
            let chosen = greedy_move(network, game.position());
            // Win, draw or loss: a full column (never chosen) ranks below them all.
            let class = |score: Option<ExactScore>| score.map(ExactScore::signum);
            let best = labelled.scores.iter().flatten().copied().max();
            class(labelled.scores[chosen.index()]) < class(best)
        })
        .count();
    100.0 * mistakes as f64 / sample.len() as f64
}

/// The network's score (wins plus half the draws, over games) against `opponent` (a player
/// spec or level) in `games` games, first player in the even ones; the opponent's random
/// choices are seeded by `seed` and the game's number.
pub fn score_against(
    network: &Network,
    opponent: &str,
    games: u64,
    seed: u64,
) -> Result<f64, LearnError> {
    let mut points = 0.0;
    for game in 0..games {
        let mut agent =
            parse_agent(opponent, seed.wrapping_add(game)).map_err(|e| LearnError::Setting {
                name: "opponent",
                value: format!("{opponent}: {e}"),
                expected: "a player spec or level",
            })?;
        let network_first = game % 2 == 0;
        let mut history = Game::new();
        let result = loop {
            let position: Position = *history.position();
            let network_to_move = position.moves_played().is_multiple_of(2) == network_first;
            let column: Column = if network_to_move {
                greedy_move(network, &position)
            } else {
                agent.choose(&history).column
            };
            if position.is_winning_move(column) {
                break if network_to_move { 1.0 } else { 0.0 };
            }
            history
                .try_play(column)
                .expect("both players choose legal moves");
            if history.position().moves_played() as usize == WIDTH * c4_core::HEIGHT {
                break 0.5;
            }
        };
        points += result;
    }
    Ok(points / games.max(1) as f64)
}
