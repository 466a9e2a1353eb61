//! The hint a person asks for: the terminal's `h` (`c4 play`) and the page's Hint button
//! play [`HINT`]'s spec on the position and word its move with [`hint_text`].

use c4_search::search::{MoveReport, MoveValue};

/// The player that gives hints, with the reason for its budget.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Hint {
    /// The player spec.
    pub spec: &'static str,
    /// Why this player and this budget.
    pub reason: &'static str,
}

/// The one hint player of the terminal and the page (which reads it from `/api/players`).
pub const HINT: Hint = Hint {
    spec: "engine:time=1000,threads=2",
    reason: "a second is about as long as a person waits for an answer they asked for; in it \
             the exact solve runs beside the search on a second thread for the whole second, \
             which settles most positions past the opening book (those of plies 9-12 whose \
             solve takes a busy machine's single thread 0.1-0.6 s), and a search that does not \
             finish in time still reaches depth 10 or more there",
};

/// The hint in words, after `column N (x):`: an exact answer (the book's or a solve's)
/// says it is perfect play; anything else says plainly that it is an estimate, and how deep
/// it looked.
#[must_use]
pub fn hint_text(hint: &MoveReport) -> String {
    let score = hint.score_text();
    if hint.score.is_exact() {
        format!("perfect play, {score} (exact)")
    } else if matches!(hint.score, MoveValue::Heuristic(value) if value.is_decisive()) {
        format!("{score}: proved by a search {} plies deep", hint.depth)
    } else {
        format!(
            "an estimate, not proved: the position could not be solved within the hint's time, \
             so a search {} plies deep chose ({score})",
            hint.depth
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerSpec;
    use c4_core::Game;

    fn hint(moves: &str) -> MoveReport {
        let game = Game::from_moves(moves).unwrap();
        let mut agent = PlayerSpec::parse(HINT.spec, 0).unwrap().build().unwrap();
        agent.choose(&game)
    }

    #[test]
    fn the_hint_spec_parses_to_itself() {
        let spec = PlayerSpec::parse(HINT.spec, 0).unwrap();
        assert_eq!(spec.to_string(), format!("{},eval=threats", HINT.spec));
    }

    #[test]
    fn a_book_position_gets_an_exact_hint_that_says_so() {
        let report = hint("4453");
        let text = hint_text(&report);
        assert!(report.score.is_exact(), "{report:?}");
        assert!(text.starts_with("perfect play, "), "{text}");
    }

    #[test]
    fn a_heuristic_move_reads_as_an_estimate_with_its_depth() {
        let report = MoveReport {
            column: c4_core::Column::ALL[3],
            score: MoveValue::heuristic(12),
            depth: 11,
            nodes: 1,
            time: std::time::Duration::ZERO,
            pv: vec![],
            note: None,
            ply: 9,
            size: c4_core::Size::STANDARD,
        };
        let text = hint_text(&report);
        assert!(text.starts_with("an estimate, not proved"), "{text}");
        assert!(text.contains("11 plies deep"), "{text}");
        assert!(text.contains("heuristic +12 (depth 11)"), "{text}");
    }
}
