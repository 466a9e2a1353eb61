//! What a player says about its move: the one [`MoveReport`] that the CLI prints, the JSON API
//! answers, game records keep and Python reads.
//!
//! In JSON a report is an object whose columns are 1-7 (as [`Column`] serialises), whose time
//! is in milliseconds and whose score is given as a number, in words and as exact or not:
//! `{"column":4,"score":1,"score_text":"win in 18 moves (+1)","exact":true,"depth":34,
//! "nodes":0,"time_ms":0.1,"pv":[4],"ply":8}`.

use super::SearchValue;
use c4_core::{Column, Size};
use c4_solver::ExactScore;
use std::time::Duration;

/// What the chosen move is worth for the side to move, as the player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    /// Proven by the solver or the book.
    Exact(ExactScore),
    /// Estimated by a search.
    Heuristic(SearchValue),
    /// Not valued at all: a random move, a person's, a Python function's.
    Unscored,
}

/// How an unscored move's value reads; a report read back with these words is unscored.
const UNSCORED_TEXT: &str = "not scored";

impl MoveValue {
    /// An exact score from the solver or the book.
    #[must_use]
    pub fn exact(score: ExactScore) -> MoveValue {
        MoveValue::Exact(score)
    }

    /// A search value, given as its number (as files and JSON keep it).
    #[must_use]
    pub fn heuristic(value: i32) -> MoveValue {
        MoveValue::Heuristic(SearchValue(value))
    }

    /// Whether it is proven (exact), not estimated or missing.
    #[must_use]
    pub fn is_exact(self) -> bool {
        matches!(self, MoveValue::Exact(_))
    }

    /// The number, in its own convention (for files and tables); 0 when unscored.
    #[must_use]
    pub fn number(self) -> i32 {
        match self {
            MoveValue::Exact(score) => score.value(),
            MoveValue::Heuristic(SearchValue(n)) => n,
            MoveValue::Unscored => 0,
        }
    }
}

impl std::fmt::Display for MoveValue {
    /// In words: `win (+18)`, `draw`, `win in 2 moves (search)`, `heuristic +26`, `not scored`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            MoveValue::Exact(score) => f.write_str(&score.describe(None)),
            MoveValue::Heuristic(value) => f.write_str(&value.describe(None)),
            MoveValue::Unscored => f.write_str(UNSCORED_TEXT),
        }
    }
}

/// Statistics of one move, the papers' "indexes" (time, nodes) and more.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(into = "MoveReportJson", try_from = "MoveReportJson")]
pub struct MoveReport {
    /// The chosen column.
    pub column: Column,
    /// What it is worth for the side to move.
    pub score: MoveValue,
    /// Deepest completed search depth (plies).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
    /// Principal variation, starting with `column`.
    pub pv: Vec<Column>,
    /// Anything worth saying (a random move, a fallback, a clamp).
    pub note: Option<String>,
    /// Discs on the board when the move was chosen: an exact win or loss is told in moves
    /// from there.
    pub ply: u32,
    /// The board's size, which the distance of an exact win or loss depends on.
    pub size: Size,
}

impl MoveReport {
    /// The report of `column`, worth `score`, chosen at `ply` with nothing searched, no time
    /// spent, nothing to say and the move for its whole line. The rest is set by name:
    /// `MoveReport { depth, nodes, ..MoveReport::new(column, score, ply) }`.
    #[must_use]
    pub fn new(column: Column, score: MoveValue, ply: u32) -> MoveReport {
        MoveReport {
            column,
            score,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: vec![column],
            note: None,
            ply,
            size: Size::STANDARD,
        }
    }

    /// The report of a move chosen without valuing it, in `time`, at `ply`.
    #[must_use]
    pub fn unscored(column: Column, ply: u32, time: Duration, note: Option<String>) -> MoveReport {
        MoveReport {
            time,
            note,
            ..MoveReport::new(column, MoveValue::Unscored, ply)
        }
    }

    /// The score in words, for the side to move (an exact win or loss says how far it is):
    /// `win in 3 moves (+18)`, `draw`, `win in 2 moves (search)`, `heuristic +26 (depth 5)`,
    /// `not scored`.
    #[must_use]
    pub fn score_text(&self) -> String {
        match self.score {
            MoveValue::Exact(score) => score.describe_in(Some(self.ply), self.size),
            MoveValue::Heuristic(value) => value.describe(Some(self.depth)),
            MoveValue::Unscored => UNSCORED_TEXT.to_owned(),
        }
    }

    /// The score in words for the opponent, in the position the move leaves them: the same
    /// judgement seen from the other side, e.g. `loss in 2 moves (-17)` after a move that wins
    /// in 3, `heuristic -26 (depth 6)` after one valued +26.
    #[must_use]
    pub fn reply_score_text(&self) -> String {
        match self.score {
            MoveValue::Exact(score) => (-score).describe_in(Some(self.ply + 1), self.size),
            MoveValue::Heuristic(value) => value.for_reply().describe(Some(self.depth)),
            MoveValue::Unscored => UNSCORED_TEXT.to_owned(),
        }
    }

    /// Milliseconds as a float, for tables and JSON (read back to the same nanosecond).
    #[must_use]
    pub fn time_ms(&self) -> f64 {
        self.time.as_nanos() as f64 / 1e6
    }
}

/// A report as JSON holds it (see the module's example).
#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct MoveReportJson {
    /// The column's number (1 for the leftmost), checked against `size` when read.
    column: i64,
    score: i32,
    score_text: String,
    exact: bool,
    depth: u32,
    nodes: u64,
    time_ms: f64,
    /// The line's column numbers, checked as `column` is.
    pv: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    note: Option<String>,
    /// 0 when the JSON does not say; a game record knows it from the move's place.
    #[serde(default)]
    ply: u32,
    /// Written off 7x6 only; absent means 7x6.
    #[serde(default, skip_serializing_if = "Size::is_standard")]
    size: Size,
}

impl From<MoveReport> for MoveReportJson {
    fn from(report: MoveReport) -> MoveReportJson {
        MoveReportJson {
            column: i64::from(report.column.number()),
            score: report.score.number(),
            score_text: report.score_text(),
            exact: report.score.is_exact(),
            depth: report.depth,
            nodes: report.nodes,
            time_ms: report.time_ms(),
            pv: report.pv.iter().map(|c| i64::from(c.number())).collect(),
            note: report.note,
            ply: report.ply,
            size: report.size,
        }
    }
}

/// A time given in milliseconds, as JSON gives it, to the nearest nanosecond.
pub fn duration_from_ms(ms: f64) -> Result<Duration, MoveReportError> {
    let nanos = (ms * 1e6).round();
    if (0.0..=u64::MAX as f64).contains(&nanos) {
        Ok(Duration::from_nanos(nanos as u64))
    } else {
        Err(MoveReportError::Time(ms))
    }
}

/// Why a JSON move report does not read as one.
#[derive(Debug, thiserror::Error)]
pub enum MoveReportError {
    /// The time is negative or not a number.
    #[error("time_ms {0} is not a duration")]
    Time(f64),
    /// A column off the report's board.
    #[error("column {number} is not on the {size} board: columns are 1-{}", size.width())]
    Column {
        /// The column's number.
        number: i64,
        /// The report's board.
        size: Size,
    },
    /// An exact score outside the scores of the report's board.
    #[error(
        "an exact score: {score} is outside -{max}..={max}, the exact scores of the {size} board",
        max = ExactScore::max_in(size.cells()).value()
    )]
    Score {
        /// The score given.
        score: i32,
        /// The report's board.
        size: Size,
    },
}

impl TryFrom<MoveReportJson> for MoveReport {
    type Error = MoveReportError;
    fn try_from(json: MoveReportJson) -> Result<MoveReport, MoveReportError> {
        let size = json.size;
        let on_board = |number: i64| {
            usize::try_from(number)
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|&index| index < size.width())
                .and_then(Column::of_some_board)
                .ok_or(MoveReportError::Column { number, size })
        };
        let column = on_board(json.column)?;
        let pv = json
            .pv
            .iter()
            .map(|&n| on_board(n))
            .collect::<Result<Vec<Column>, MoveReportError>>()?;
        let score = if json.exact {
            MoveValue::exact(ExactScore::new_in(json.score, size).ok_or(
                MoveReportError::Score {
                    score: json.score,
                    size,
                },
            )?)
        } else if json.score_text == UNSCORED_TEXT {
            MoveValue::Unscored
        } else {
            MoveValue::heuristic(json.score)
        };
        let time = duration_from_ms(json.time_ms)?;
        Ok(MoveReport {
            column,
            score,
            depth: json.depth,
            nodes: json.nodes,
            time,
            pv,
            note: json.note,
            ply: json.ply,
            size: json.size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(score: MoveValue) -> MoveReport {
        MoveReport {
            column: Column::new(3).unwrap(),
            score,
            depth: 5,
            nodes: 1234,
            time: Duration::from_nanos(2_500_123),
            pv: vec![Column::new(3).unwrap(), Column::new(2).unwrap()],
            note: None,
            ply: 8,
            size: Size::STANDARD,
        }
    }

    #[test]
    fn a_report_off_7x6_keeps_its_size_and_counts_moves_on_it() {
        let six = Size::new(6, 5).unwrap();
        let six_by_five = MoveReport {
            size: six,
            ply: 8,
            ..report(MoveValue::exact(ExactScore::new_in(11, six).unwrap()))
        };
        // 30 cells: a score of 11 is a win with the winner's fifth disc, the first after 8.
        assert_eq!(six_by_five.score_text(), "win in 1 move (+11)");
        let json = serde_json::to_value(&six_by_five).unwrap();
        assert_eq!(json["size"], "6x5");
        let back: MoveReport = serde_json::from_value(json).unwrap();
        assert_eq!(back, six_by_five);
        // On 7x6 the JSON says nothing of the size.
        let standard = serde_json::to_value(report(MoveValue::Unscored)).unwrap();
        assert!(standard.get("size").is_none(), "{standard}");
    }

    #[test]
    fn json_columns_are_1_to_7_and_a_report_reads_back_as_itself() {
        for score in [
            MoveValue::exact(ExactScore::new(-3).unwrap()),
            MoveValue::heuristic(26),
            MoveValue::Heuristic(SearchValue::win_in(3)),
            MoveValue::Unscored,
        ] {
            let report = report(score);
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["column"], 4);
            assert_eq!(json["pv"], serde_json::json!([4, 3]));
            assert_eq!(json["score_text"], report.score_text());
            let back: MoveReport = serde_json::from_value(json).unwrap();
            assert_eq!(back, report);
        }
    }

    #[test]
    fn a_time_reads_back_to_the_nanosecond_and_a_negative_one_is_refused() {
        for nanos in [0, 1, 999, 2_500_123, 1_234_500_000, 3_600_000_000_123] {
            let mut report = report(MoveValue::heuristic(1));
            report.time = Duration::from_nanos(nanos);
            let line = serde_json::to_string(&report).unwrap();
            let back: MoveReport = serde_json::from_str(&line).unwrap();
            assert_eq!(back.time, report.time, "{line}");
            assert_eq!(serde_json::to_string(&back).unwrap(), line);
        }
        let mut json = serde_json::to_value(report(MoveValue::heuristic(1))).unwrap();
        json["time_ms"] = (-1.0).into();
        let error = serde_json::from_value::<MoveReport>(json).unwrap_err();
        assert!(error.to_string().contains("time_ms -1"), "{error}");
    }

    #[test]
    fn a_column_outside_1_to_7_is_refused_with_the_convention() {
        let mut json = serde_json::to_value(report(MoveValue::heuristic(1))).unwrap();
        json["column"] = 0.into();
        let error = serde_json::from_value::<MoveReport>(json).unwrap_err();
        assert!(error.to_string().contains("columns are 1-7"), "{error}");
    }

    #[test]
    fn a_report_off_7x6_reads_back_with_the_columns_and_scores_of_its_board() {
        let wide: Size = "12x4".parse().unwrap();
        let report = MoveReport {
            column: Column::of_some_board(11).unwrap(),
            pv: vec![Column::of_some_board(11).unwrap(), Column::new(0).unwrap()],
            score: MoveValue::exact(ExactScore::new_in(20, wide).unwrap()),
            size: wide,
            ..report(MoveValue::Unscored)
        };
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["size"], "12x4");
        let back: MoveReport = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, report);
        // 20 is beyond 7x6's scores, and column 12 beyond its columns.
        assert!(ExactScore::new(20).is_none());
        let mut on_7x6 = json;
        on_7x6.as_object_mut().unwrap().remove("size");
        let error = serde_json::from_value::<MoveReport>(on_7x6).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("column 12 is not on the 7x6 board"),
            "{error}"
        );
        // A score beyond the board's own range says that range and the board.
        let mut beyond = serde_json::to_value(&report).unwrap();
        beyond["score"] = 22.into();
        let error = serde_json::from_value::<MoveReport>(beyond).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("22 is outside -21..=21, the exact scores of the 12x4 board"),
            "{error}"
        );
    }

    #[test]
    fn an_exact_score_outside_the_board_s_is_refused() {
        let mut json = serde_json::to_value(report(MoveValue::exact(ExactScore::MAX))).unwrap();
        json["score"] = 19.into();
        let error = serde_json::from_value::<MoveReport>(json).unwrap_err();
        assert!(
            error.to_string().contains("19 is outside -18..=18"),
            "{error}"
        );
    }

    #[test]
    fn exact_scores_are_told_from_the_ply() {
        let report = report(MoveValue::exact(ExactScore::MAX));
        assert_eq!(report.score_text(), "win in 1 move (+18)");
        assert_eq!(report.reply_score_text(), "loss in 1 move (-18)");
    }
}
