//! How far a network has come, measured as it learns: its one-ply choices graded on scored
//! positions, and its games against a fixed player.
//!
//! A choice is a *mistake* when its value (win, draw or loss) is worse than the best
//! move's, the mistakes experiment's definition; every column of the sample is scored by
//! the solver once, when the run starts. On 7x6 the sample is drawn from the reference
//! sets; on another board, from random games on it ([`random_sample`]).

use super::LearnError;
use super::td::greedy_move;
use c4_books::OpeningBook;
use c4_core::{Column, Game, Geometry, Position, Size, with_geometry};
use c4_eval::ntuple::Network;
use c4_eval::{BoardTables, SeededRng};
use c4_players::PlayerSpec;
use c4_solver::reference_positions;
use c4_solver::{ExactScore, SolveLimits, Solver};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// A position with every column's exact score for the side to move (`None` where the column
/// is full).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labelled {
    /// Moves from the empty board.
    pub moves: String,
    /// Each column's score, one a column of the board.
    pub scores: Vec<Option<ExactScore>>,
}

/// The reference sets a 7x6 run grades its network on, with how many of each set's first
/// positions: the middle game and the opening at its hardest that still solve quickly.
pub const SAMPLE_SETS: [&str; 2] = ["Test_L2_R1", "Test_L1_R2"];

/// How many positions of each set a run's sample grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleCount {
    /// This many, refused where the board gives fewer.
    Exactly(usize),
    /// As many as the board gives, up to this many (a small board gives few): what a run
    /// grades when no count is asked for.
    UpTo(usize),
}

impl SampleCount {
    /// The most positions of a set.
    #[must_use]
    pub fn most(self) -> usize {
        match self {
            SampleCount::Exactly(n) | SampleCount::UpTo(n) => n,
        }
    }
}

/// The graded sample of a run on the board of `size`: `count` positions of each of two
/// sets, every column scored.
pub fn label_sample(size: Size, count: SampleCount) -> Result<Vec<Labelled>, LearnError> {
    if size.is_standard() {
        reference_sample(count.most())
    } else {
        with_geometry!(size, g => random_sample(g, count))
    }
}

/// The most nodes the solver spends on one column of an off-7x6 sample position: positions
/// it does not settle within them are passed over, so that a run on a large board does not
/// stall on its sample (which then leans to the more decided positions).
pub const SAMPLE_NODES: u64 = 2_000_000;

/// The random games an off-7x6 sample draws for each position it keeps, at most.
const SAMPLE_TRIES: usize = 100;

/// The seed of the random games an off-7x6 sample is drawn from: the same for every run on
/// a board, so that runs are graded on the same positions.
const SAMPLE_SEED: u64 = 1;

/// A sample of the board of `geometry`: `per_set` positions from the opening (plies in the
/// board's second sixth) and `per_set` from the middle game (its second and third sixths),
/// each the position of a random game at a random such ply, distinct up to mirror, in play,
/// and with a move to get wrong (some column worse than the best), every column solved
/// within [`SAMPLE_NODES`]. Refused when the board yields too few such positions: fewer
/// than [`SampleCount::Exactly`] asks for, or none.
pub fn random_sample<G: Geometry>(
    geometry: G,
    count: SampleCount,
) -> Result<Vec<Labelled>, LearnError> {
    let per_set = count.most();
    let cells = geometry.size().cells();
    let sets = [cells / 6..cells / 3, cells / 3..cells * 2 / 3];
    let mut solver = Solver::new_in(22, geometry);
    let mut rng = SeededRng::seed_from_u64(SAMPLE_SEED);
    let mut seen = HashSet::new();
    let mut labelled = Vec::new();
    for plies in sets {
        let mut found = 0;
        for _ in 0..per_set * SAMPLE_TRIES {
            if found == per_set {
                break;
            }
            let target = rng.random_range(plies.clone());
            let mut game = Game::new_in(geometry);
            while game.position().moves_played() < target as u32 && !game.position().is_over() {
                let legal: Vec<Column> = game.position().legal_moves().collect();
                let column = legal[rng.random_range(0..legal.len())];
                game.try_play(column).expect("a legal move");
            }
            let position = *game.position();
            if position.is_over() || !seen.insert(position.canonical_key()) {
                continue;
            }
            let limits = SolveLimits {
                nodes: Some(SAMPLE_NODES),
                time: None,
            };
            let solved: Result<Vec<Option<ExactScore>>, _> = geometry
                .size()
                .columns()
                .map(|column| {
                    position
                        .can_play(column)
                        .then(|| solver.score_move(&position, column, false, limits))
                        .transpose()
                        .map(|scored| scored.map(|(score, _)| score))
                })
                .collect();
            let Ok(scores) = solved else {
                continue;
            };
            let classes: HashSet<i32> = scores.iter().flatten().map(|s| s.signum()).collect();
            if classes.len() < 2 {
                continue;
            }
            labelled.push(Labelled {
                moves: game.move_string(),
                scores,
            });
            found += 1;
        }
        let enough = match count {
            SampleCount::Exactly(n) => found == n,
            SampleCount::UpTo(_) => found > 0,
        };
        if !enough {
            return Err(LearnError::Setting {
                name: "sample",
                value: format!(
                    "{per_set} (the {} board gave {found} positions of plies {}-{} that the \
                     solver settles within {SAMPLE_NODES} nodes a move)",
                    geometry.size(),
                    plies.start,
                    plies.end - 1
                ),
                expected: "fewer positions a set",
            });
        }
    }
    Ok(labelled)
}

/// The first `per_set` positions of each of [`SAMPLE_SETS`], every column scored.
fn reference_sample(per_set: usize) -> Result<Vec<Labelled>, LearnError> {
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
                .analyze_columns(game.position(), false, SolveLimits::default())
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

/// The share of `sample` (positions of the network's board) where the network's one-ply
/// choice is a mistake, in percent.
#[must_use]
pub fn mistake_rate(network: &Network, sample: &[Labelled]) -> f64 {
    with_geometry!(network.size(), g => mistake_rate_in(g, network, sample))
}

fn mistake_rate_in<G: Geometry>(geometry: G, network: &Network, sample: &[Labelled]) -> f64 {
    if sample.is_empty() {
        return 0.0;
    }
    let mistakes = sample
        .iter()
        .filter(|labelled| {
            let game = Game::from_moves_in(&labelled.moves, geometry)
                .expect("labelled positions are legal");
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
/// spec or level) in `games` games on the network's board, first player in the even ones;
/// the opponent's random choices are seeded by `seed` and the game's number.
pub fn score_against(
    network: &Network,
    opponent: &str,
    games: u64,
    seed: u64,
) -> Result<f64, LearnError> {
    with_geometry!(network.size(), g => score_against_in(g, network, opponent, games, seed))
}

fn score_against_in<G: BoardTables>(
    geometry: G,
    network: &Network,
    opponent: &str,
    games: u64,
    seed: u64,
) -> Result<f64, LearnError> {
    let cells = geometry.size().cells();
    let mut points = 0.0;
    for game in 0..games {
        let mut agent = PlayerSpec::parse(opponent, seed.wrapping_add(game))
            .and_then(|spec| spec.build_in(geometry))
            .map_err(|e| LearnError::Setting {
                name: "opponent",
                value: format!("{opponent}: {e}"),
                expected: "a player spec or level",
            })?;
        let network_first = game % 2 == 0;
        let mut history = Game::new_in(geometry);
        let result = loop {
            let position: Position<G> = *history.position();
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
            if history.position().moves_played() as usize == cells {
                break 0.5;
            }
        };
        points += result;
    }
    Ok(points / games.max(1) as f64)
}
