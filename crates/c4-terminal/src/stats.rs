//! A move's statistics in the one layout `c4 best`, `c4 watch`, `c4 play` and its hint print:
//! `score for red: win in 3 moves (+18); depth 12, 1043 nodes, 1.2 ms, pv 4 4 5 (note)`, and a
//! player's moves summed up at the end of a game.

use crate::screen::wrap;
use c4_core::Player;
use c4_search::search::MoveReport;
use std::io::Write;

/// Which score a line of statistics gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreShown {
    /// The score for the side that moved: `score for red: ...`.
    Mover,
    /// The score for the opponent in the position the move leaves them: `for you: ...`.
    ForYou,
    /// No score, nor what the note says a line before already said: the hint's second line,
    /// under a first that gives both.
    SaidBefore,
}

/// What a note adds to a score that already says it is perfect play.
const PERFECT_PLAY: &str = ": perfect play";

/// The statistics of one move on one line (to be wrapped by the caller).
#[must_use]
pub fn stats_line(report: &MoveReport, shown: ScoreShown) -> String {
    let pv: Vec<String> = report
        .pv
        .iter()
        .map(|&column| report.size.column_name(column).to_string())
        .collect();
    let score = match shown {
        ScoreShown::Mover => format!(
            "score for {}: {}; ",
            Player::to_move_after(report.ply),
            report.score_text()
        ),
        ScoreShown::ForYou => format!("for you: {}; ", report.reply_score_text()),
        ScoreShown::SaidBefore => String::new(),
    };
    let mut line = format!(
        "{score}depth {}, {} nodes, {:.1} ms, pv {}",
        report.depth,
        report.nodes,
        report.time_ms(),
        pv.join(" ")
    );
    if let Some(note) = &report.note {
        let note = match shown {
            ScoreShown::SaidBefore => note.strip_suffix(PERFECT_PLAY).unwrap_or(note),
            ScoreShown::Mover | ScoreShown::ForYou => note,
        };
        line.push_str(&format!(" ({note})"));
    }
    line
}

/// Per-player summary: moves, mean and total time, nodes.
pub fn summarise(out: &mut impl Write, who: &str, reports: &[MoveReport]) -> std::io::Result<()> {
    if reports.is_empty() {
        return Ok(());
    }
    let n = reports.len() as f64;
    let time: f64 = reports.iter().map(MoveReport::time_ms).sum();
    let nodes: u64 = reports.iter().map(|r| r.nodes).sum();
    let depth: f64 = reports.iter().map(|r| f64::from(r.depth)).sum::<f64>() / n;
    let count = match reports.len() {
        1 => "1 move".to_owned(),
        n => format!("{n} moves"),
    };
    let line = format!(
        "{who}: {count}, mean {:.1} ms and {:.0} nodes per move (total {:.1} ms, {nodes} nodes), mean depth {depth:.1}",
        time / n,
        nodes as f64 / n,
        time
    );
    writeln!(out, "{}", wrap(&line, 2))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::Column;
    use c4_search::search::MoveValue;
    use std::time::Duration;

    fn report(note: Option<&str>) -> MoveReport {
        MoveReport {
            column: Column::ALL[3],
            score: MoveValue::heuristic(12),
            depth: 5,
            nodes: 1043,
            time: Duration::from_micros(1200),
            pv: vec![Column::ALL[3], Column::ALL[2]],
            note: note.map(str::to_owned),
            ply: 2,
            size: c4_core::Size::STANDARD,
        }
    }

    #[test]
    fn one_layout_with_the_score_for_whom_it_is() {
        let mover = stats_line(&report(None), ScoreShown::Mover);
        assert_eq!(
            mover,
            "score for red: heuristic +12 (depth 5); depth 5, 1043 nodes, 1.2 ms, pv 4 3"
        );
        let for_you = stats_line(&report(None), ScoreShown::ForYou);
        assert!(for_you.starts_with("for you: heuristic -12 (depth 5); depth 5, 1043 nodes"));
    }

    #[test]
    fn the_hints_second_line_repeats_neither_score_nor_perfect_play() {
        let note = "from the opening book: perfect play";
        let hint = stats_line(&report(Some(note)), ScoreShown::SaidBefore);
        assert_eq!(
            hint,
            "depth 5, 1043 nodes, 1.2 ms, pv 4 3 (from the opening book)"
        );
    }
}
