//! Ayoub (2021)'s tables: his four heuristics at his depths, each table played as his
//! results read (leaves scored for the player to move there) and as textbook minimax.

use super::pairing::{PairingRow, PairingTable, PaperResult};
use super::reference::{self, csv_depth, rows};
use crate::ExperimentError;
use c4_arena::matches::FirstPolicy;
use c4_eval::EvalSpec;
use c4_eval::Sides;
use c4_eval::ayoub_max_connected::MaxConnectedConfig;
use c4_eval::ayoub_naive::{NaiveConfig, NaiveMode};
use c4_eval::square_values::{Matrix, SquareValuesConfig};
use c4_players::{FixedDepthSpec, PlayerSpec};
use c4_search::search::{LeafView, MoveOrder, TieBreak, WinScore};

/// Ayoub's heuristics by his ids: their names in row labels, and each as he configured it
/// (naive draws a new number per call, the others count the player's own discs only).
const AYOUB_HEURISTICS: [&str; 4] = ["naive", "connected", "center", "corners"];

/// Ayoub's heuristic `id` as he configured it.
fn ayoub_eval(id: usize) -> Option<EvalSpec> {
    Some(match id {
        0 => EvalSpec::Naive(NaiveConfig {
            mode: NaiveMode::Stream,
            ..NaiveConfig::default()
        }),
        1 => EvalSpec::Connected(MaxConnectedConfig { sides: Sides::Own }),
        2 => EvalSpec::SquareValues(SquareValuesConfig::new(Matrix::Center).with_sides(Sides::Own)),
        3 => {
            EvalSpec::SquareValues(SquareValuesConfig::new(Matrix::Corners).with_sides(Sides::Own))
        }
        _ => return None,
    })
}

/// How Ayoub's searcher scores: leaves from `view` (`Mover` reproduces his numbers, `Root`
/// is textbook minimax), a won game worth `win_score` (his 100).
#[derive(Clone, Copy)]
struct AyoubScoring {
    view: LeafView,
    win_score: WinScore,
}

/// Ayoub's win value, whatever the heuristic's scale.
const AYOUB_WIN: WinScore = WinScore::Fixed(100);

/// Ayoub's player: alpha-beta, columns left to right, random tie-break.
fn ayoub_player(
    heuristic: &str,
    depth: &str,
    scoring: AyoubScoring,
) -> Result<PlayerSpec, ExperimentError> {
    let id: usize = heuristic.parse().map_err(|_| ExperimentError::TableValue {
        field: "heuristic id",
        text: heuristic.to_owned(),
    })?;
    let eval = ayoub_eval(id).ok_or(ExperimentError::NoHeuristic(id))?;
    Ok(PlayerSpec::Alphabeta(FixedDepthSpec {
        depth: csv_depth(depth)?,
        order: MoveOrder::None,
        tiebreak: TieBreak::Random,
        win_score: scoring.win_score,
        leaf_view: scoring.view,
        eval,
        ..FixedDepthSpec::alphabeta()
    }))
}

/// Two tables: the paper's slip reproduced (leaves scored for the player to move there),
/// then textbook minimax, each beside the paper's numbers.
pub fn ayoub_table(
    id: &'static str,
    table: &str,
    title: &str,
) -> Result<Vec<PairingTable>, ExperimentError> {
    let root_id: &'static str = match id {
        "table1" => "table1-minimax",
        "tables2-5" => "tables2-5-minimax",
        "table7" => "table7-minimax",
        "table8" => "table8-minimax",
        _ => "table9-minimax",
    };
    let as_paper =
        format!("{title}, leaves scored for the player to move (as the paper's results)");
    let textbook = format!("{title}, textbook minimax");
    let mover = AyoubScoring {
        view: LeafView::Mover,
        win_score: AYOUB_WIN,
    };
    let root = AyoubScoring {
        view: LeafView::Root,
        win_score: AYOUB_WIN,
    };
    Ok(vec![
        ayoub_rows(id, table, &as_paper, mover)?,
        ayoub_rows(root_id, table, &textbook, root)?,
    ])
}

/// Ayoub's round robin with his win value (100, below the matrices' sums) and with a win
/// value above any heuristic value, under both leaf views.
pub fn win_scale() -> Result<Vec<PairingTable>, ExperimentError> {
    let t = "Ayoub Tables 2-5";
    let scoring = |view, win_score| AyoubScoring { view, win_score };
    Ok(vec![
        ayoub_rows(
            "win100-mover",
            "2-5",
            &format!("{t}: win = 100, leaves for the player to move"),
            scoring(LeafView::Mover, AYOUB_WIN),
        )?,
        ayoub_rows(
            "winmax-mover",
            "2-5",
            &format!("{t}: win above any heuristic, leaves for the player to move"),
            scoring(LeafView::Mover, WinScore::Auto),
        )?,
        ayoub_rows(
            "win100-minimax",
            "2-5",
            &format!("{t}: win = 100, textbook minimax"),
            scoring(LeafView::Root, AYOUB_WIN),
        )?,
        ayoub_rows(
            "winmax-minimax",
            "2-5",
            &format!("{t}: win above any heuristic, textbook minimax"),
            scoring(LeafView::Root, WinScore::Auto),
        )?,
    ])
}

fn ayoub_rows(
    id: &'static str,
    table: &str,
    title: &str,
    scoring: AyoubScoring,
) -> Result<PairingTable, ExperimentError> {
    let mut out = Vec::new();
    for r in rows(reference::AYOUB_RESULTS)
        .into_iter()
        .filter(|r| r[0] == table)
    {
        let number = |i: usize| {
            r[i].parse::<u64>()
                .map_err(|_| ExperimentError::AyoubRow(r.clone()))
        };
        let name = |h: &str| {
            h.parse::<usize>()
                .ok()
                .and_then(|i| AYOUB_HEURISTICS.get(i).copied())
                .unwrap_or("?")
        };
        out.push(PairingRow {
            label: format!("{} d{} vs {} d{}", name(&r[1]), r[2], name(&r[3]), r[4]),
            a: ayoub_player(&r[1], &r[2], scoring)?,
            b: ayoub_player(&r[3], &r[4], scoring)?,
            first: FirstPolicy::A,
            paper: PaperResult::Counts {
                wins: number(5)?,
                losses: number(6)?,
                ties: number(7)?,
            },
        });
    }
    Ok(PairingTable {
        id,
        title: title.to_owned(),
        rows: out,
    })
}
