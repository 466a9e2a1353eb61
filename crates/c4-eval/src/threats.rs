//! `threats`: c4's own heuristic and the engine's default. Line potential plus threat
//! analysis in the spirit of Allis' odd/even rules.
//!
//! For the side to move (S) and the other player (O), each term is S's minus O's:
//!
//! - **line potential**: every four-cell line without opposing discs is worth
//!   `line1`, `line2` or `line3` for 1, 2 or 3 own discs;
//! - **threats**: every empty cell that would complete a four (Pons'
//!   `compute_winning_position`) is worth `threat`, plus `parity` when it lies on the
//!   owner's good rows (Allis: the first player's threats want odd rows 1, 3, 5, the second
//!   player's even rows 2, 4, 6: zugzwang fills columns in pairs, so they are the ones that
//!   come good at the end);
//! - **stacked threats**: two threats of one player directly above each other win once the
//!   lower is reached: `stacked` each;
//! - **centre**: `center` per disc in the middle column (the two middle columns of an even
//!   width).
//!
//! Then the immediate tactics: if S can connect four now, S wins (`immediate`); else if O has
//! two or more playable winning cells, S cannot stop both and loses (`-immediate`). Search
//! finds both one ply later; seeing them at the leaf makes a shallow search sharper.
//!
//! The value is computed for the side to move and negated for the other view, so the
//! heuristic is exactly zero-sum; every term is left-right symmetric. Every term is defined
//! on every board size: the lines, rows and centre are the board's own
//! ([`crate::board_tables`]).
//!
//! The default weights were chosen by a small sweep of paired games at alpha-beta depth 4
//! against `lines`, `center` and `kang` (100 random two-ply openings, both colours), and
//! checked on other openings at depths 4 and 6 (c4-players' `tests/players/threats_strength.rs`).

use super::{Eval, Evaluator, Term};
use crate::board_tables::BoardTables;
use c4_core::bitboard::Line;
use c4_core::{Column, Player, Position};
use c4_options::OptionTable;
use c4_options::integer_option;

/// Weights of the `threats` heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ThreatsConfig {
    /// Line with one own disc and no opposing disc.
    pub line1: Eval,
    /// ... two own discs.
    pub line2: Eval,
    /// ... three own discs.
    pub line3: Eval,
    /// Each cell that would complete four.
    pub threat: Eval,
    /// Extra for a threat on the owner's good rows.
    pub parity: Eval,
    /// Extra for each pair of own threats one above the other.
    pub stacked: Eval,
    /// Each disc in the centre column.
    pub center: Eval,
    /// A win the side to move can take now, or a double threat it cannot stop.
    pub immediate: Eval,
}

impl Default for ThreatsConfig {
    fn default() -> Self {
        ThreatsConfig {
            line1: 4,
            line2: 8,
            line3: 14,
            threat: 12,
            parity: 8,
            stacked: 20,
            center: 0,
            immediate: 100_000,
        }
    }
}

/// The largest magnitude of a weight.
const WEIGHT_LIMIT: i64 = 1_000_000;

/// The options of `threats`: its weights, every one tunable.
pub(crate) const OPTIONS: OptionTable<ThreatsConfig> = OptionTable {
    options: &[
        integer_option!(
            ThreatsConfig,
            "line1",
            line1,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "line with one own disc and no opposing disc"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "line2",
            line2,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "... two own discs"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "line3",
            line3,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "... three own discs"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "threat",
            threat,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "each empty cell that would complete four"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "parity",
            parity,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "extra for a threat on the owner's good rows"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "stacked",
            stacked,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "extra per pair of own threats one above the other"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "center",
            center,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "each disc in the centre column"
        )
        .tunable(),
        integer_option!(
            ThreatsConfig,
            "immediate",
            immediate,
            -WEIGHT_LIMIT,
            WEIGHT_LIMIT,
            "a win in one, or an unstoppable double threat"
        )
        .tunable(),
    ],
    default: ThreatsConfig::default,
};

/// The per-player terms, for the breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SideTerms {
    lines: [i64; 3],
    threats: i64,
    good_parity: i64,
    stacked: i64,
    center: i64,
}

/// The `threats` evaluator: line potential and threats by row parity, as the module
/// describes; the engine's default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats {
    config: ThreatsConfig,
}

impl Threats {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: ThreatsConfig) -> Self {
        Threats { config }
    }

    #[inline]
    fn side_terms<G: BoardTables>(
        geometry: G,
        own: u64,
        theirs: u64,
        occupied: u64,
        good_rows: u64,
    ) -> SideTerms {
        let mut t = SideTerms::default();
        let lines: &[Line] = geometry.lines();
        for line in lines {
            let cells = line.cells.0;
            if theirs & cells == 0 {
                match (own & cells).count_ones() {
                    1 => t.lines[0] += 1,
                    2 => t.lines[1] += 1,
                    3 => t.lines[2] += 1,
                    _ => {}
                }
            }
        }
        let threats = geometry.winning_cells(own, occupied);
        t.threats = i64::from(threats.count_ones());
        t.good_parity = i64::from((threats & good_rows).count_ones());
        t.stacked = i64::from((threats & (threats >> 1)).count_ones());
        t.center = i64::from((own & geometry.center_columns()).count_ones());
        t
    }

    fn weigh(&self, t: &SideTerms) -> i64 {
        let c = &self.config;
        t.lines[0] * i64::from(c.line1)
            + t.lines[1] * i64::from(c.line2)
            + t.lines[2] * i64::from(c.line3)
            + t.threats * i64::from(c.threat)
            + t.good_parity * i64::from(c.parity)
            + t.stacked * i64::from(c.stacked)
            + t.center * i64::from(c.center)
    }

    /// (value for the side to move, its terms, the other side's terms, the tactical verdict).
    fn score<G: BoardTables>(&self, position: &Position<G>) -> (Eval, SideTerms, SideTerms, i64) {
        let geometry = position.geometry();
        let mover = position.side_to_move();
        let (own, theirs, occupied) = (
            position.current_discs().0,
            position.opponent_discs().0,
            position.occupied().0,
        );
        let good = |player: Player| {
            if player == Player::Red {
                geometry.odd_rows()
            } else {
                !geometry.odd_rows() & geometry.board()
            }
        };
        let mine = Self::side_terms(geometry, own, theirs, occupied, good(mover));
        let other = Self::side_terms(geometry, theirs, own, occupied, good(mover.other()));
        let playable = position.playable_cells().0;
        let tactical = if position.can_win_next() {
            1
        } else if (geometry.winning_cells(theirs, occupied) & playable).count_ones() >= 2 {
            -1
        } else {
            0
        };
        let value = if tactical != 0 {
            tactical * i64::from(self.config.immediate)
        } else {
            self.weigh(&mine) - self.weigh(&other)
        };
        (
            value.clamp(
                -i64::from(super::MAX_HEURISTIC),
                i64::from(super::MAX_HEURISTIC),
            ) as Eval,
            mine,
            other,
            tactical,
        )
    }
}

impl<G: BoardTables> Evaluator<G> for Threats {
    #[inline]
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        let value = self.score(position).0;
        if view == position.side_to_move() {
            value
        } else {
            -value
        }
    }

    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        let (_, mover, other, tactical) = self.score(position);
        let sign = if view == position.side_to_move() {
            1
        } else {
            -1
        };
        let (own, theirs) = if sign == 1 {
            (mover, other)
        } else {
            (other, mover)
        };
        let c = &self.config;
        // A tactical verdict replaces the positional terms.
        let positional = i64::from(tactical == 0);
        let pair = |name: &str, a: i64, b: i64, weight: i32| Term {
            name: name.to_owned(),
            own: a,
            opponent: b,
            value: positional * (a - b) * i64::from(weight),
        };
        let terms = vec![
            pair(
                "lines with 1 own disc",
                own.lines[0],
                theirs.lines[0],
                c.line1,
            ),
            pair(
                "lines with 2 own discs",
                own.lines[1],
                theirs.lines[1],
                c.line2,
            ),
            pair(
                "lines with 3 own discs",
                own.lines[2],
                theirs.lines[2],
                c.line3,
            ),
            pair("threat cells", own.threats, theirs.threats, c.threat),
            pair(
                "threats on good rows",
                own.good_parity,
                theirs.good_parity,
                c.parity,
            ),
            pair(
                "stacked threat pairs",
                own.stacked,
                theirs.stacked,
                c.stacked,
            ),
            pair("centre discs", own.center, theirs.center, c.center),
            Term {
                name: "immediate win (+1) / unstoppable double threat (-1), side to move"
                    .to_owned(),
                own: tactical,
                opponent: 0,
                value: sign * tactical * i64::from(c.immediate),
            },
        ];
        super::with_cap(terms, self.evaluate(position, view, last))
    }
}
