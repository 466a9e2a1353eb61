//! Fang, Ren and Cao (2021, ShanghaiTech CS181): the five-factor 4-line heuristic.
//!
//! Every one of the 69 four-cell lines (on 7x6; every size has its own) is classified by how many of the view's discs
//! (`friendly`) and the opponent's (`adversary`) it holds, and valued:
//!
//! | category | condition | value |
//! |---|---|---|
//! | block | friendly > 0 and adversary > 0 | `block` |
//! | good | 0 < friendly < 4, adversary = 0 | `good` x friendly |
//! | win | friendly = 4 | `win` |
//! | danger | friendly = 0, 0 < adversary < 4 | `danger` x adversary |
//! | lose | adversary = 4 | `lose` |
//!
//! The sum over all lines is the evaluation. It is computed for the view directly (not as
//! own minus opponent): `danger` and `lose` are the opponent's half, so the heuristic is
//! antisymmetric only when `danger = -good`, `lose = -win` and `block = 0`.
//!
//! The paper gives no default factors. c4's `balanced` defaults: block 0, good 4, win
//! 100,000, danger -4, lose -100,000. Presets (`preset=`): `defensive` (block 2, danger -6,
//! good 3: "set block to a small positive number" and fear adversary lines) and `aggressive`
//! (block -2, good 6, danger -3: "for aggressive strategy, set it to negative").
//!
//! **Skyline pruning** (the paper's section 5.2): lines are grouped by direction and start
//! column, in order of start row from the bottom. Once a line is empty, every line above it
//! in its group is empty too (each of its cells sits above an empty cell), so the group is
//! left. Empty lines are worth 0 whatever the factors, so the pruned sum equals the full one;
//! `skyline=off` computes the full sum, and a test checks the two agree.

use super::{Eval, Evaluator, Term, sides_of};
use crate::board_tables::BoardTables;
use c4_core::bitboard::Line;
use c4_core::{Column, Player, Position};
use c4_options::{Field, OptionDef, OptionTable, Spelled};
use c4_options::{integer_option, switch_option};

/// The five factors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LinesConfig {
    /// Value of a line holding both players' discs.
    pub block: Eval,
    /// Value per friendly disc of a line without adversary discs.
    pub good: Eval,
    /// Value of four friendly discs.
    pub win: Eval,
    /// Value per adversary disc of a line without friendly discs.
    pub danger: Eval,
    /// Value of four adversary discs.
    pub lose: Eval,
    /// Skip lines that must be empty.
    pub skyline: bool,
}

impl Default for LinesConfig {
    fn default() -> Self {
        LinesConfig::BALANCED
    }
}

impl LinesConfig {
    /// c4's default factors.
    pub const BALANCED: LinesConfig = LinesConfig {
        block: 0,
        good: 4,
        win: 100_000,
        danger: -4,
        lose: -100_000,
        skyline: true,
    };
    /// Blocked lines are worth something; adversary lines weigh more than friendly ones.
    pub const DEFENSIVE: LinesConfig = LinesConfig {
        block: 2,
        good: 3,
        win: 100_000,
        danger: -6,
        lose: -100_000,
        skyline: true,
    };
    /// Blocked lines cost; friendly lines weigh more.
    pub const AGGRESSIVE: LinesConfig = LinesConfig {
        block: -2,
        good: 6,
        win: 100_000,
        danger: -3,
        lose: -100_000,
        skyline: true,
    };

    /// Sets skyline pruning.
    #[must_use]
    pub fn with_skyline(mut self, on: bool) -> Self {
        self.skyline = on;
        self
    }

    #[inline]
    fn line_value(&self, friendly: u32, adversary: u32) -> Eval {
        match (friendly, adversary) {
            (0, 0) => 0,
            (4, _) => self.win,
            (_, 4) => self.lose,
            (f, 0) => self.good * f as Eval,
            (0, a) => self.danger * a as Eval,
            _ => self.block,
        }
    }
}

/// The presets, by name.
const PRESETS: [(&str, LinesConfig); 3] = [
    ("balanced", LinesConfig::BALANCED),
    ("defensive", LinesConfig::DEFENSIVE),
    ("aggressive", LinesConfig::AGGRESSIVE),
];

/// The largest magnitude of a factor.
const FACTOR_LIMIT: i64 = 1_000_000;

/// The options of `lines`. A preset sets all factors and comes first, so that the factors
/// given beside it change it; the canonical text spells the factors, never the preset.
pub(crate) const OPTIONS: OptionTable<LinesConfig> = OptionTable {
    options: &[
        OptionDef::new(
            "preset",
            "balanced, defensive or aggressive factor sets",
            Field::Choice {
                words: || PRESETS.iter().map(|(name, _)| *name).collect(),
                get: |c| {
                    PRESETS
                        .iter()
                        .find(|(_, p)| p == c)
                        .map_or("balanced", |(name, _)| name)
                },
                set: |c, name| {
                    if let Some((_, preset)) = PRESETS.iter().find(|(n, _)| *n == name) {
                        *c = *preset;
                    }
                },
            },
        )
        .spelled(Spelled::Never),
        integer_option!(
            LinesConfig,
            "block",
            block,
            -FACTOR_LIMIT,
            FACTOR_LIMIT,
            "value of a line holding both colours"
        )
        .tunable(),
        integer_option!(
            LinesConfig,
            "good",
            good,
            -FACTOR_LIMIT,
            FACTOR_LIMIT,
            "value per own disc of a line without opposing discs"
        )
        .tunable(),
        integer_option!(
            LinesConfig,
            "win",
            win,
            -FACTOR_LIMIT,
            FACTOR_LIMIT,
            "value of four own discs"
        )
        .tunable(),
        integer_option!(
            LinesConfig,
            "danger",
            danger,
            -FACTOR_LIMIT,
            FACTOR_LIMIT,
            "value per opposing disc of a line without own discs"
        )
        .tunable(),
        integer_option!(
            LinesConfig,
            "lose",
            lose,
            -FACTOR_LIMIT,
            FACTOR_LIMIT,
            "value of four opposing discs"
        )
        .tunable(),
        switch_option!(
            LinesConfig,
            "skyline",
            skyline,
            "skip lines that must be empty (same value, less work)"
        ),
    ],
    default: LinesConfig::default,
};

/// The five-factor evaluator (`eval=lines`): the ShanghaiTech report's weighted lines, as the
/// module describes.
#[derive(Clone, Debug)]
pub struct FiveFactorLines {
    config: LinesConfig,
}

impl FiveFactorLines {
    /// Builds the evaluator.
    #[must_use]
    pub fn new(config: LinesConfig) -> Self {
        FiveFactorLines { config }
    }

    /// The sum over lines, and the number of lines looked at.
    fn score<G: BoardTables>(&self, geometry: G, own: u64, opponent: u64) -> Eval {
        let mut total = 0;
        self.visit(geometry, own, opponent, |f, a| {
            total += self.config.line_value(f, a);
        });
        total
    }

    /// Calls `line` with the own and opposing discs of every line the evaluation counts (with
    /// the skyline: each group's lines up to the first empty one); returns how many.
    fn visit<G: BoardTables>(
        &self,
        geometry: G,
        own: u64,
        opponent: u64,
        mut line: impl FnMut(u32, u32),
    ) -> usize {
        let mut count = |cells: u64| {
            line((own & cells).count_ones(), (opponent & cells).count_ones());
        };
        let lines: &[Line] = geometry.lines();
        if !self.config.skyline {
            lines.iter().for_each(|l| count(l.cells.0));
            return lines.len();
        }
        let occupied = own | opponent;
        let mut visited = 0;
        let mut start = 0;
        for &end in geometry.line_group_ends() {
            for l in &lines[start..end] {
                visited += 1;
                if occupied & l.cells.0 == 0 {
                    break;
                }
                count(l.cells.0);
            }
            start = end;
        }
        visited
    }
}

impl<G: BoardTables> Evaluator<G> for FiveFactorLines {
    #[inline]
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        let (own, opponent) = sides_of(position, view);
        self.score(position.geometry(), own, opponent)
    }

    fn breakdown(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Vec<Term> {
        let (own, opponent) = sides_of(position, view);
        let geometry = position.geometry();
        let mut counts = [0i64; 5];
        let mut values = [0i64; 5];
        let visited = self.visit(geometry, own, opponent, |f, a| {
            let category = match (f, a) {
                (0, 0) => return,
                (4, _) => 2,
                (_, 4) => 4,
                (_, 0) => 1,
                (0, _) => 3,
                _ => 0,
            };
            counts[category] += 1;
            values[category] += i64::from(self.config.line_value(f, a));
        });
        let names = [
            "block lines",
            "good lines",
            "win lines",
            "danger lines",
            "lose lines",
        ];
        let mut terms: Vec<Term> = (0..5)
            .map(|i| Term {
                name: names[i].to_owned(),
                own: counts[i],
                opponent: 0,
                value: values[i],
            })
            .collect();
        terms.push(Term {
            name: "lines visited (skyline)".to_owned(),
            own: visited as i64,
            opponent: geometry.lines().len() as i64,
            value: 0,
        });
        super::with_cap(terms, self.score(geometry, own, opponent))
    }
}
