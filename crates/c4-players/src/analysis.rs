//! The value of every column of a position within a time budget: what the server's
//! `/api/analyze` and the page's analysis toggle show.
//!
//! Each column is first solved exactly (Pons' scores, marked `exact`) while the solver's
//! share of the budget lasts; the columns left over get the `threats` evaluation of a
//! full-window alpha-beta search, deepened until the budget runs out, marked with the depth
//! it reached. A heuristic value that is a forced win or loss says so.

use c4_core::{Column, Position, Size};
use c4_eval::BoardTables;
use c4_eval::threats::Threats;
use c4_search::search::fixed_depth::{FixedDepthConfig, FixedDepthSearch, RootWindow};
use c4_search::search::{LeafView, MoveOrder, SearchValue, WinScore};
use c4_solver::Cancel;
use c4_solver::clock::Instant;
use c4_solver::{ExactScore, SolveLimits, Solver};
use std::time::Duration;

/// The budget of an analysis when none is given, milliseconds.
pub const DEFAULT_BUDGET_MS: u64 = 1000;

/// Share of the budget the exact solves may use, in percent; the rest goes to the search of
/// the columns left unsolved (a few plies of it already say more than nothing).
const ANALYSIS_SOLVER_SHARE_PERCENT: u32 = 85;
/// Threads of the exact solves, the columns spread over them: a position just past the
/// ply-12 layer takes its seven solves up to 0.35 s in all on one.
const ANALYSIS_THREADS: usize = 2;
/// log2 of the solver table's entries (32 MiB): enough for any solve that fits a few seconds.
const ANALYSIS_TABLE_BITS: u32 = 22;

/// What is known of one column.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ColumnValue {
    /// The column is full.
    Full,
    /// The solver's score (Pons' convention: positive wins, 22 - k for a win with disc k).
    Exact {
        /// The score for the side to move.
        score: ExactScore,
    },
    /// A heuristic search's value for the side to move.
    Heuristic {
        /// The value (a forced win or loss is beyond any heuristic value).
        value: i32,
        /// The depth searched, in plies.
        depth: u32,
    },
}

/// How a column ends for the side to move, as far as is known (a game's actual end is
/// [`c4_core::Outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// A win.
    Win,
    /// A draw with best play (only the solver says this).
    Draw,
    /// A loss.
    Loss,
    /// Not proven either way.
    Unknown,
}

/// One column's analysis.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ColumnAnalysis {
    /// The column.
    pub column: Column,
    /// Its value.
    #[serde(flatten)]
    pub value: ColumnValue,
    /// The verdict it proves (serialised as `outcome`).
    #[serde(rename = "outcome")]
    pub verdict: Verdict,
    /// For an exact win or loss: the discs the winner still plays, the winning one included
    /// (the distance to the end with best play).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner_discs_left: Option<u32>,
    /// In words, for people.
    pub text: String,
}

/// A whole position's analysis.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Analysis {
    /// One entry per column, left to right.
    pub columns: Vec<ColumnAnalysis>,
    /// Whether every playable column is solved exactly.
    pub exact: bool,
    /// Nodes visited by the solver and the search together.
    pub nodes: u64,
    /// Wall time, milliseconds.
    pub time_ms: f64,
}

/// Analyses `position` (not over, on a board of any size) within about `budget`.
#[must_use]
pub fn analyze<G: BoardTables>(position: &Position<G>, budget: Duration) -> Analysis {
    analyze_until(position, budget, None)
}

/// The same, stopping early (with what is known by then) when `cancel` is given.
#[must_use]
pub fn analyze_until<G: BoardTables>(
    position: &Position<G>,
    budget: Duration,
    cancel: Option<Cancel>,
) -> Analysis {
    let start = Instant::now();
    let geometry = position.geometry();
    let size = geometry.size();
    let mut values: [Option<ColumnValue>; Size::MAX_WIDTH] = Default::default();
    let mut nodes = 0;
    let solver_budget = budget * ANALYSIS_SOLVER_SHARE_PERCENT / 100;
    let mut solver = Solver::new_in(ANALYSIS_TABLE_BITS, geometry);
    // The book and its layer hold 7x6 positions: on another board the solver never reads
    // them.
    solver.set_book(crate::builtin_stores());
    solver.set_cancel(cancel.clone());
    solver.set_threads(ANALYSIS_THREADS);
    // The columns are solved together, centre first, spread over the threads. A failure
    // (the solver's share of the budget spent, a cancel) leaves the columns solved by then
    // exact and the rest to the search.
    let mut playable = Vec::new();
    for &column in geometry.centre_first() {
        if position.can_play(column) {
            playable.push(column);
        } else {
            values[column.index()] = Some(ColumnValue::Full);
        }
    }
    let limits = SolveLimits {
        nodes: None,
        time: Some(solver_budget.saturating_sub(start.elapsed())),
    };
    let solved = solver.score_columns(position, &playable, false, limits);
    nodes += solved.stats.nodes;
    for (column, score) in playable.into_iter().zip(solved.scores) {
        if let Some(score) = score {
            values[column.index()] = Some(ColumnValue::Exact { score });
        }
    }
    if values[..geometry.width()].iter().any(Option::is_none) {
        let (heuristic, search_nodes) =
            deepen(position, budget.saturating_sub(start.elapsed()), cancel);
        nodes += search_nodes;
        for (column, value, depth) in heuristic {
            values[column.index()].get_or_insert(ColumnValue::Heuristic { value, depth });
        }
    }
    let moves_played = position.moves_played();
    let columns: Vec<ColumnAnalysis> = geometry
        .columns()
        .iter()
        .zip(values)
        .map(|(column, value)| {
            // `deepen` values every playable column, so nothing is left unknown.
            let value = value.unwrap_or(ColumnValue::Full);
            let (verdict, text) = describe(&value, moves_played, size);
            let winner_discs_left = match value {
                ColumnValue::Exact { score } => score.winner_discs_left_in(moves_played, size),
                _ => None,
            };
            ColumnAnalysis {
                column: *column,
                value,
                verdict,
                winner_discs_left,
                text,
            }
        })
        .collect();
    Analysis {
        exact: columns
            .iter()
            .all(|c| !matches!(c.value, ColumnValue::Heuristic { .. })),
        columns,
        nodes,
        time_ms: start.elapsed().as_secs_f64() * 1e3,
    }
}

/// Full-window alpha-beta with the `threats` evaluator, one depth more each round until
/// `budget` runs out (at least depth 1 completes): each column's value at the deepest
/// completed depth.
fn deepen<G: BoardTables>(
    position: &Position<G>,
    budget: Duration,
    cancel: Option<Cancel>,
) -> (Vec<(Column, i32, u32)>, u64) {
    let start = Instant::now();
    let empty = position.size().cells() as u32 - position.moves_played();
    let mut best = Vec::new();
    let mut nodes = 0;
    let config = FixedDepthConfig {
        depth: 1,
        prune: true,
        tt: true,
        order: MoveOrder::Best,
        win_score: WinScore::Auto,
        leaf_view: LeafView::Root,
    };
    let mut search = FixedDepthSearch::new_in(Threats::default(), config, position.geometry());
    search.set_cancel(cancel);
    for depth in 1..=empty {
        search.set_depth(depth);
        if depth > 1 {
            search.set_time_limit(Some(budget.saturating_sub(start.elapsed())));
        }
        let values = search.search_root(position, RootWindow::Full);
        nodes += search.nodes();
        if search.stopped_early() {
            break;
        }
        best = values
            .into_iter()
            .map(|v| (v.column, v.value.0, depth))
            .collect();
        if start.elapsed() * 4 > budget {
            break; // the next depth would not finish
        }
    }
    (best, nodes)
}

fn describe(value: &ColumnValue, moves_played: u32, size: Size) -> (Verdict, String) {
    match *value {
        ColumnValue::Full => (Verdict::Unknown, "full".to_owned()),
        ColumnValue::Exact { score } => {
            let outcome = if score.is_win() {
                Verdict::Win
            } else if score.is_loss() {
                Verdict::Loss
            } else {
                Verdict::Draw
            };
            // The score is that of the position before the move.
            (outcome, score.describe_in(Some(moves_played), size))
        }
        ColumnValue::Heuristic { value, depth } => {
            let value = SearchValue(value);
            let verdict = match value.decisive_plies() {
                Some(p) if p > 0 => Verdict::Win,
                Some(_) => Verdict::Loss,
                None => Verdict::Unknown,
            };
            (verdict, value.describe(Some(depth)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::Game;

    /// The most nodes a cancelled analysis reports: it counts every node searched, and each
    /// of its two solver threads reads the cancel every 16,384 nodes, the search every
    /// 2,048, each stopping at its first reading (this bound leaves them room).
    const CANCELLED_NODES: u64 = 1 << 16;

    /// The analysis of `moves` with a budget of an hour: the positions here are settled by
    /// the book or by solves of a few nodes, so what ends each analysis is its work, never
    /// the clock.
    fn analysis(moves: &str) -> Analysis {
        let game = Game::from_moves(moves).unwrap();
        analyze(game.position(), Duration::from_secs(3600))
    }

    #[test]
    fn endgames_are_solved_exactly_and_agree_with_the_solver() {
        // A Test_L3 style endgame: every column solves in microseconds.
        let moves = "2252576253462244111563365343671351441";
        let a = analysis(moves);
        assert!(a.exact);
        let game = Game::from_moves(moves).unwrap();
        let (scores, _) = Solver::new(20)
            .analyze(game.position(), false, SolveLimits::default())
            .unwrap();
        for (c, s) in a.columns.iter().zip(scores) {
            match c.value {
                ColumnValue::Exact { score } => assert_eq!(Some(score), s),
                ColumnValue::Full => assert_eq!(s, None),
                ColumnValue::Heuristic { .. } => panic!("not exact"),
            }
        }
    }

    #[test]
    fn the_empty_board_is_exact_from_the_book() {
        let a = analysis("");
        assert!(a.exact);
        let score = ExactScore::new(1).unwrap();
        assert_eq!(a.columns[3].value, ColumnValue::Exact { score });
    }

    #[test]
    fn a_hard_position_past_the_book_falls_back_to_the_search_and_says_so() {
        // A Begin-Hard position of 13 discs, past the book and its ply-12 layer, whose
        // columns take the solver 1.8 M nodes in all, none a short win or loss.
        // The budget is an hour and a cancel given before the analysis ends it: each solve
        // gives up at its first look at the cancel, and every column falls to the search,
        // whose first depth (eight nodes) always finishes.
        let game = Game::from_moves("7167153251247").unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let a = analyze_until(game.position(), Duration::from_secs(3600), Some(cancel));
        assert!(!a.exact);
        assert!(a.nodes <= CANCELLED_NODES, "{}", a.nodes);
        for c in &a.columns {
            let ColumnValue::Heuristic { depth, .. } = c.value else {
                panic!("column {} not from the search: {c:?}", c.column)
            };
            assert!(depth >= 1, "{c:?}");
            assert!(c.text.contains(&format!("depth {depth}")), "{c:?}");
        }
    }

    #[test]
    fn other_sizes_are_solved_on_their_own_board() {
        let small = c4_core::AnySize::new("5x4".parse().unwrap());
        let game = Game::from_moves_in("3312", small).unwrap();
        let a = analyze(game.position(), Duration::from_secs(3600));
        assert!(a.exact);
        assert_eq!(a.columns.len(), 5);
        let (scores, _) = Solver::new_in(20, small)
            .analyze_columns(game.position(), false, SolveLimits::default())
            .unwrap();
        for (c, s) in a.columns.iter().zip(scores) {
            assert_eq!(
                c.value,
                s.map_or(ColumnValue::Full, |score| ColumnValue::Exact { score })
            );
        }
    }

    #[test]
    fn full_columns_are_marked() {
        let a = analysis("444444");
        assert_eq!(a.columns[3].value, ColumnValue::Full);
        assert_eq!(a.columns[3].text, "full");
    }
}
