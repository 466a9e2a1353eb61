//! One game reviewed against perfect play: every move marked optimal, inaccurate (the result
//! stays but the move is slower, or holds out less long) or a mistake (the result changes),
//! with the best move beside it. The same judgement `c4 verify` makes of a run's games (see
//! [`Quality`]), here with each position's columns solved so the best move can be named. A
//! review runs on the board of its solver, 7x6 or any other size.

use c4_core::{Column, Game, Geometry, Player, Position, Size, excerpt};
use c4_solver::clock::Instant;
use c4_solver::{ExactScore, SolveError, SolveLimits, Solver};
use std::fmt::Write as _;
use std::time::Duration;

/// How good a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Quality {
    /// No move scores better.
    Optimal,
    /// The result (win, draw or loss) stays, but another move wins faster or loses slower.
    Inaccurate,
    /// The result changes: a win thrown to a draw or a loss, or a draw to a loss.
    Mistake,
}

impl Quality {
    /// The quality of a move scoring `score` where the best scores `best`.
    #[must_use]
    pub fn of(score: ExactScore, best: ExactScore) -> Quality {
        if score == best {
            Quality::Optimal
        } else if score.signum() == best.signum() {
            Quality::Inaccurate
        } else {
            Quality::Mistake
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReviewedMove {
    /// Discs on the board before it.
    pub ply: u32,
    /// Who played it.
    pub player: Player,
    /// Its player's name in the game (`red`, `yellow`, or a run's label).
    pub name: String,
    /// The column played.
    pub column: Column,
    /// What it scores for its player (Pons' convention).
    pub score: ExactScore,
    /// What the best move scores.
    pub best: ExactScore,
    /// The columns found to score `best`: every one where `all_best`.
    pub best_columns: Vec<Column>,
    /// Whether `best_columns` names every column that scores `best` (a review within a
    /// budget judges a move from two solves, then solves its other columns if time is left).
    pub all_best: bool,
    /// Its verdict.
    pub quality: Quality,
    /// Its score in words, for its player before the move.
    pub text: String,
    /// The best score in words.
    pub best_text: String,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Review {
    /// The game's board (the answer's JSON has it from the request).
    #[serde(skip)]
    pub size: Size,
    /// The game's moves (digits).
    pub moves: String,
    /// Plies of the opening that no player chose, not judged.
    pub opening: u32,
    /// The judged moves, in order.
    pub reviewed: Vec<ReviewedMove>,
    /// Whether every move from the opening on is judged (a review with a time budget stops
    /// at the first position it cannot solve in time).
    pub complete: bool,
    /// The moves not judged and why, when the review is not complete.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unjudged: Option<Unjudged>,
}

/// The moves a review with a time budget left unjudged: it judges the latest first (late
/// positions solve fastest), so these are the earliest, from the opening up to and with the
/// move whose position was not solved in the time left.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Unjudged {
    /// The ply (discs before it) of the move whose position was not solved in time; it and
    /// every move before it, from the opening, are not judged.
    pub stopped_at: u32,
    /// The review's whole budget of time, milliseconds, where it had one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<u64>,
    /// The review's whole budget of solver nodes, where it had one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_nodes: Option<u64>,
    /// Why, in words: which moves were judged, which not, and the reason.
    pub text: String,
}

/// Where a review stands, told as it goes (see [`review_watched`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewProgress {
    /// The ply (discs before it) of the move being judged now.
    pub ply: u32,
    /// The moves judged so far.
    pub judged: usize,
    /// The moves to judge in all.
    pub total: usize,
}

/// Why a game cannot be reviewed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReviewError {
    /// The moves are not a game.
    #[error("{moves:?}: {source}")]
    Moves {
        /// The moves, shortened for a message.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: c4_core::ParseMovesError,
    },
    /// A move of the game cannot be played.
    #[error("{moves:?}: {source}")]
    Play {
        /// The moves, shortened for a message.
        moves: String,
        /// Why the move cannot be played.
        #[source]
        source: c4_core::PlayError,
    },
    /// The solver failed on the position after `before`.
    #[error("{before}: {source}")]
    Solve {
        /// The moves before the judged one.
        before: String,
        /// What the solver said.
        #[source]
        source: SolveError,
    },
}

/// Reviews the moves of `moves` from ply `opening` on; `names` are red's and yellow's. The
/// moves are read on the board of `solver`.
pub fn review<G: Geometry>(
    moves: &str,
    opening: u32,
    names: [String; 2],
    solver: &mut Solver<G>,
) -> Result<Review, ReviewError> {
    review_watched(
        moves,
        opening,
        names,
        solver,
        SolveLimits::default(),
        &mut |_| {},
    )
}

/// The same within `budget`: the moves from the end backwards (late positions solve
/// fastest) until the time is up; the review is then incomplete, its earliest moves unjudged.
/// Each move is judged from two solves, its position's (its score and one best column) and
/// the move's own; the time left then names every best column, latest moves first.
pub fn review_within<G: Geometry>(
    moves: &str,
    opening: u32,
    names: [String; 2],
    solver: &mut Solver<G>,
    budget: Option<Duration>,
) -> Result<Review, ReviewError> {
    let budget = SolveLimits {
        nodes: None,
        time: budget,
    };
    review_watched(moves, opening, names, solver, budget, &mut |_| {})
}

/// [`review_within`] under a budget of time, of solver nodes, both or neither, telling
/// `progress` of each move as its judgement starts.
pub fn review_watched<G: Geometry>(
    moves: &str,
    opening: u32,
    names: [String; 2],
    solver: &mut Solver<G>,
    budget: SolveLimits,
    progress: &mut dyn FnMut(ReviewProgress),
) -> Result<Review, ReviewError> {
    let geometry = solver.geometry();
    let game = Game::from_moves_in(moves, geometry).map_err(|source| ReviewError::Moves {
        moves: excerpt(moves),
        source,
    })?;
    let start = Instant::now();
    let mut positions = Vec::new();
    let mut replay = Game::new_in(geometry);
    for &column in game.moves() {
        positions.push((replay.move_string(), *replay.position(), column));
        replay
            .try_play(column)
            .map_err(|source| ReviewError::Play {
                moves: excerpt(moves),
                source,
            })?;
    }
    let limited = budget.nodes.is_some() || budget.time.is_some();
    let mut spent = 0;
    let mut reviewed = Vec::new();
    let mut stopped_at = None;
    let total = positions.len().saturating_sub(opening as usize);
    for (before, position, column) in positions.iter().skip(opening as usize).rev() {
        progress(ReviewProgress {
            ply: position.moves_played(),
            judged: reviewed.len(),
            total,
        });
        let limits = budget.left_after(spent, start.elapsed());
        let verdict = if limited {
            two_solves(solver, position, *column, limits)
        } else {
            every_column(solver, position, *column, limits)
        };
        match verdict {
            Ok(verdict) => {
                spent += verdict.nodes;
                reviewed.push(judge(position, verdict, *column, &names));
            }
            Err(SolveError::LimitReached) => {
                stopped_at = Some(position.moves_played());
                break;
            }
            Err(source) => {
                return Err(ReviewError::Solve {
                    before: before.clone(),
                    source,
                });
            }
        }
    }
    // The time left names every best column of the moves judged from two solves.
    for judged in reviewed.iter_mut().filter(|m| !m.all_best) {
        let (before, position, _) = &positions[judged.ply as usize];
        let limits = budget.left_after(spent, start.elapsed());
        match every_column(solver, position, judged.column, limits) {
            Ok(verdict) => {
                spent += verdict.nodes;
                judged.best_columns = verdict.best_columns;
                judged.all_best = true;
            }
            Err(SolveError::LimitReached) => break,
            Err(source) => {
                return Err(ReviewError::Solve {
                    before: before.clone(),
                    source,
                });
            }
        }
    }
    reviewed.reverse();
    let last = game.moves().len() as u32;
    let unjudged = stopped_at.map(|stopped_at| Unjudged {
        stopped_at,
        budget_ms: budget
            .time
            .map(|b| u64::try_from(b.as_millis()).unwrap_or(u64::MAX)),
        budget_nodes: budget.nodes,
        text: unjudged_text(opening, stopped_at, last, budget),
    });
    Ok(Review {
        size: geometry.size(),
        moves: game.move_string(),
        opening,
        reviewed,
        complete: unjudged.is_none(),
        unjudged,
    })
}

/// Moves `first` to `last` counted from 1, as one number when they are one move.
fn move_span(first: u32, last: u32) -> String {
    if first == last {
        format!("move {first}")
    } else {
        format!("moves {first}-{last}")
    }
}

/// The words of [`Unjudged`]: moves are numbered by disc from 1, `opening` plies before the
/// first judged, `stopped_at` the ply whose position was not solved, `last` the game's plies.
fn unjudged_text(opening: u32, stopped_at: u32, last: u32, budget: SolveLimits) -> String {
    let judged = if stopped_at + 1 == last {
        "no move judged".to_owned()
    } else {
        format!("judged {} only", move_span(stopped_at + 2, last))
    };
    let within = [
        budget.time.map(|t| format!("{:.1} s", t.as_secs_f64())),
        budget.nodes.map(|n| format!("{n} nodes")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" and ");
    let before = if stopped_at > opening {
        format!(
            "; {} before it not tried (earlier positions take longer)",
            move_span(opening + 1, stopped_at)
        )
    } else {
        String::new()
    };
    let more = if budget.time.is_some() {
        "more time"
    } else {
        "a larger budget"
    };
    format!(
        "{judged}: move {} was not solved within the review's {within}{before}; {more} judges \
         more",
        stopped_at + 1
    )
}

/// What a move scores, what the best move scores, and the columns found to score that.
struct Verdict {
    /// The solver's nodes spent on it.
    nodes: u64,
    score: ExactScore,
    best: ExactScore,
    best_columns: Vec<Column>,
    all_best: bool,
}

/// The verdict on `column` from every column of `position` solved.
fn every_column<G: Geometry>(
    solver: &mut Solver<G>,
    position: &Position<G>,
    column: Column,
    limits: SolveLimits,
) -> Result<Verdict, SolveError> {
    let (scores, stats) = solver.analyze_columns(position, false, limits)?;
    // A game's move is never into a full column, the one kind that has no score.
    let score = scores[column.index()].ok_or(SolveError::GameOver)?;
    let best = scores.iter().flatten().copied().max().unwrap_or(score);
    Ok(Verdict {
        nodes: stats.nodes,
        score,
        best,
        best_columns: position
            .size()
            .columns()
            .filter(|c| scores[c.index()] == Some(best))
            .collect(),
        all_best: true,
    })
}

/// The verdict on `column` from two solves: the position's, which gives the best score and
/// one column that reaches it, and the move's own unless it is that column.
fn two_solves<G: Geometry>(
    solver: &mut Solver<G>,
    position: &Position<G>,
    column: Column,
    limits: SolveLimits,
) -> Result<Verdict, SolveError> {
    let start = Instant::now();
    let (best_column, best, stats) = solver.best_move(position, limits)?;
    let mut nodes = stats.nodes;
    let score = if column == best_column {
        best
    } else {
        let left = limits.left_after(nodes, start.elapsed());
        let (score, stats) = solver.score_move(position, column, false, left)?;
        nodes += stats.nodes;
        score
    };
    let mut best_columns = vec![best_column];
    if score == best && column != best_column {
        best_columns.push(column);
        best_columns.sort_by_key(|c| c.index());
    }
    let playable = position
        .size()
        .columns()
        .filter(|c| position.can_play(*c))
        .count();
    Ok(Verdict {
        nodes,
        score,
        best,
        all_best: best_columns.len() == playable,
        best_columns,
    })
}

/// The move `column`, judged by `verdict`.
fn judge<G: Geometry>(
    position: &Position<G>,
    verdict: Verdict,
    column: Column,
    names: &[String; 2],
) -> ReviewedMove {
    let Verdict {
        nodes: _,
        score,
        best,
        best_columns,
        all_best,
    } = verdict;
    let player = position.side_to_move();
    let size = position.size();
    let moves_played = Some(position.moves_played());
    ReviewedMove {
        ply: position.moves_played(),
        player,
        name: names[usize::from(player == Player::Yellow)].clone(),
        column,
        score,
        best,
        best_columns,
        all_best,
        quality: Quality::of(score, best),
        text: score.describe_in(moves_played, size),
        best_text: best.describe_in(moves_played, size),
    }
}

impl Review {
    /// The review as text for people: a line a move, then each player's tally.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(unjudged) = &self.unjudged {
            let _ = writeln!(out, "{}", unjudged.text);
        }
        if self.opening > 0 {
            let _ = writeln!(
                out,
                "opening {} (not judged)",
                &self.moves[..self.opening as usize]
            );
        }
        for m in &self.reviewed {
            let verdict = match m.quality {
                Quality::Optimal => format!("optimal     {}", m.text),
                Quality::Inaccurate | Quality::Mistake => format!(
                    "{:<11} {}; best {}{} ({})",
                    if m.quality == Quality::Mistake {
                        "mistake"
                    } else {
                        "inaccurate"
                    },
                    m.text,
                    m.best_columns
                        .iter()
                        .map(|&c| self.size.column_name(c).to_string())
                        .collect::<Vec<_>>()
                        .join(" or "),
                    if m.all_best { "" } else { ", maybe more" },
                    m.best_text
                ),
            };
            let _ = writeln!(
                out,
                "{:>3}. {:<8} {:<5}  {verdict}",
                m.ply + 1,
                m.name,
                self.size.column_words(m.column)
            );
        }
        let mut names: Vec<&str> = Vec::new();
        for m in &self.reviewed {
            if !names.contains(&m.name.as_str()) {
                names.push(&m.name);
            }
        }
        for name in names {
            let count = |q: Quality| {
                self.reviewed
                    .iter()
                    .filter(|m| m.name == name && m.quality == q)
                    .count()
            };
            let mistakes = count(Quality::Mistake);
            let _ = writeln!(
                out,
                "{name}: {} optimal, {} inaccurate, {mistakes} mistake{}",
                count(Quality::Optimal),
                count(Quality::Inaccurate),
                if mistakes == 1 { "" } else { "s" }
            );
        }
        out
    }
}

#[cfg(test)]
mod tests;
