//! The named levels (`easy` to `perfect`): each an alias for a spec, with what it does and how
//! strong it measured. [`LEVELS`] is the one place they are defined; their figures are the
//! table `c4 experiment ladder` writes (`docs/experiments/ladder/levels.tsv`), built in, so
//! that `c4 levels`, `c4 play --help`, `c4 evals` and the page's level picker show the same
//! measured numbers.

use c4_books::OpeningBook;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::sync::LazyLock;

/// A named level: an alias for a spec, with an honest description.
#[derive(Clone, Copy, Debug)]
pub struct Level {
    /// The name that stands for the spec wherever a player spec is read (`easy`, `hard`).
    pub name: &'static str,
    /// What it stands for.
    pub spec: &'static str,
    /// What to expect, with [`BOOK_DEPTH`] where the built-in book's depth goes (read from
    /// the book, so the text follows a rebuilt book): see [`Level::description`].
    about: &'static str,
    /// What to expect on boards other than 7x6, where the built-in book and its layer hold
    /// nothing, when that is not `about`: see [`Level::description_on`].
    elsewhere: Option<&'static str>,
}

/// Where a level's text names the built-in book's deepest ply.
const BOOK_DEPTH: &str = "{book_depth}";

/// The level the terminal, the page and the API play when none is named.
pub const DEFAULT_LEVEL: &str = "medium";

/// The levels, weakest first. The one place they are defined.
pub static LEVELS: &[Level] = &[
    Level {
        name: "easy",
        spec: "alphabeta:depth=2,eval=center,tiebreak=random",
        about: "looks two plies ahead: takes a win and blocks a direct threat, falls for double threats",
        elsewhere: None,
    },
    Level {
        name: "fair",
        spec: "alphabeta:depth=3,eval=threats,tiebreak=random",
        about: "three plies with threat analysis: sees a trap one move before it springs, has no plan beyond that",
        elsewhere: None,
    },
    Level {
        name: "medium",
        spec: "alphabeta:depth=6,eval=threats,tiebreak=random",
        about: "six plies with threat analysis: punishes loose play, can be outplayed with long-range plans",
        elsewhere: None,
    },
    Level {
        name: "strong",
        spec: "engine:time=100,book=none",
        about: "the engine with a tenth of a second and no opening book: a deep search in the opening, an exact solve once one fits in the time; beatable by an early plan",
        elsewhere: None,
    },
    Level {
        name: "hard",
        spec: "engine:time=1000",
        about: "the engine with a second a move: the opening book (exact scores of plies 0-{book_depth}) for its first {book_depth} plies, then an exact solve on every core within half the second, three quarters from ply 10 on and nine tenths once it has the score, else a deep search in the rest",
        elsewhere: Some(
            "the engine with a second a move, without a book (the built-in one is 7x6's): an exact solve on every core within half the second, three quarters from ply 10 on, else a deep search in the rest; on boards over 42 cells the solve finishes only late in the game",
        ),
    },
    Level {
        name: "perfect",
        spec: "perfect:time=3000",
        about: "the solver with the opening book: an optimal move every time (the engine's search decides, in the last 0.3 s, only if a solve outruns 2.7 s)",
        elsewhere: Some(
            "the solver without a book (the built-in one is 7x6's): an optimal move when a solve finishes in time, each other move marked as the engine's search's; on boards over 42 cells, where a solve finishes only late in the game, or once one gave up, the solve gets 1 s and the search 2 s, twice hard's whole second",
        ),
    },
];

/// A level listed as weaker that measured a higher Elo: see [`Level::measured_above`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct MeasuredAbove {
    /// The weaker-listed level's name.
    pub level: &'static str,
    /// How many Elo points higher it measured.
    pub gap: f64,
    /// Whether the gap is no wider than either level's 95% interval.
    pub inside_intervals: bool,
}

/// How strong a level measured in the ladder experiment, and how long it thinks.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Measured {
    /// Elo relative to the ladder's mean, fitted by maximum likelihood.
    pub elo: f64,
    /// Half the width of the Elo's 95% interval.
    pub elo_95: f64,
    /// The share of its moves, in percent, that turn a win into a draw or loss or a draw into
    /// a loss: each of the six reference sets' share, averaged over the sets.
    pub mistakes_pct: f64,
    /// Positions of the reference sets those moves were chosen in.
    pub positions: u32,
    /// Median think time per move over the ladder's games, in milliseconds.
    pub move_ms_median: f64,
    /// Longest think time of a move over the ladder's games, in milliseconds.
    pub move_ms_max: f64,
}

/// The first line of the measured table.
pub const MEASURED_HEADER: &str =
    "level\tspec\telo\telo_95\tmistakes_pct\tpositions\tmove_ms_median\tmove_ms_max";

/// The measured table, as the ladder experiment last wrote it (its `levels.tsv`, copied to
/// this crate's `data/`; a test of c4-lab checks the copy against the report).
pub const MEASURED_TABLE: &str = include_str!("../data/levels.tsv");

static MEASURED: LazyLock<Vec<MeasuredRow>> = LazyLock::new(|| {
    parse_measured(MEASURED_TABLE).expect("the built-in measured table is checked by a test")
});

/// A row of the measured table: a level's name and spec when it was measured, and its figures.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredRow {
    /// The level's name.
    pub level: String,
    /// Its spec when it was measured.
    pub spec: String,
    /// What the ladder experiment measured for it.
    pub measured: Measured,
}

impl MeasuredRow {
    /// The row as a line of the table (no newline).
    #[must_use]
    pub fn to_line(&self) -> String {
        let m = &self.measured;
        format!(
            "{}\t{}\t{:.0}\t{:.0}\t{:.2}\t{}\t{:.2}\t{:.1}",
            self.level,
            self.spec,
            m.elo,
            m.elo_95,
            m.mistakes_pct,
            m.positions,
            m.move_ms_median,
            m.move_ms_max
        )
    }
}

/// A measured table that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MeasuredTableError {
    /// The first line is not [`MEASURED_HEADER`].
    #[error("the measured levels table does not start with its header line")]
    Header,
    /// A line without its eight fields, or with a field that is not a number.
    #[error("line {line} of the measured levels table: {reason}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Reads a measured table: [`MEASURED_HEADER`], then one tab-separated row per level.
pub fn parse_measured(text: &str) -> Result<Vec<MeasuredRow>, MeasuredTableError> {
    let mut lines = text.lines();
    if lines.next() != Some(MEASURED_HEADER) {
        return Err(MeasuredTableError::Header);
    }
    lines
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let error = |reason: String| MeasuredTableError::Line {
                line: i + 2,
                reason,
            };
            let fields: Vec<&str> = line.split('\t').collect();
            let [level, spec, numbers @ ..] = fields.as_slice() else {
                return Err(error("fewer than two fields".to_owned()));
            };
            let numbers: Vec<f64> = numbers
                .iter()
                .map(|f| {
                    f.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| error(format!("{f:?} is not a number")))
                })
                .collect::<Result<_, _>>()?;
            let [elo, elo_95, mistakes_pct, positions, median, max] = numbers[..] else {
                return Err(error(format!("{} fields, not 8", fields.len())));
            };
            Ok(MeasuredRow {
                level: (*level).to_owned(),
                spec: (*spec).to_owned(),
                measured: Measured {
                    elo,
                    elo_95,
                    mistakes_pct,
                    positions: positions as u32,
                    move_ms_median: median,
                    move_ms_max: max,
                },
            })
        })
        .collect()
}

impl Level {
    /// What to expect of it, in a sentence; a figure of the built-in book is read from it.
    #[must_use]
    pub fn description(&self) -> String {
        if self.about.contains(BOOK_DEPTH) {
            let depth = OpeningBook::builtin().depth();
            self.about.replace(BOOK_DEPTH, &depth.to_string())
        } else {
            self.about.to_owned()
        }
    }

    /// What to expect of it on the board of `size`: [`description`](Self::description) on
    /// 7x6, else what it does without the built-in book.
    #[must_use]
    pub fn description_on(&self, size: c4_core::Size) -> String {
        match self.elsewhere {
            Some(elsewhere) if !size.is_standard() => elsewhere.to_owned(),
            _ => self.description(),
        }
    }

    /// The level listed before it (so meant weaker) that measured a higher Elo, if any: the
    /// one with the highest Elo among them, and whether the gap lies inside both levels' 95%
    /// intervals (the ladder's games cannot tell the two apart).
    #[must_use]
    pub fn measured_above(&self) -> Option<MeasuredAbove> {
        let own = self.measured()?;
        let before = LEVELS.iter().take_while(|level| level.name != self.name);
        let (level, other) = before
            .filter_map(|level| Some((level, level.measured()?)))
            .filter(|(_, other)| other.elo > own.elo)
            .max_by(|a, b| a.1.elo.total_cmp(&b.1.elo))?;
        let gap = other.elo - own.elo;
        Some(MeasuredAbove {
            level: level.name,
            gap,
            inside_intervals: gap <= own.elo_95.min(other.elo_95),
        })
    }

    /// Why it reads weaker than a level listed before it, when it does: `None` otherwise.
    #[must_use]
    pub fn strength_note(&self) -> Option<String> {
        let above = self.measured_above()?;
        let verdict = if above.inside_intervals {
            "inside the 95% intervals: the ladder's games cannot tell the two apart"
        } else {
            "outside the 95% intervals"
        };
        Some(format!(
            "Elo {:.0} below {}'s, {verdict}; listed after it for how it chooses its moves",
            above.gap, above.level
        ))
    }

    /// Its measured figures: `None` when the table has no row for it, or a row of another
    /// spec (the level changed since it was measured).
    #[must_use]
    pub fn measured(&self) -> Option<&'static Measured> {
        MEASURED
            .iter()
            .find(|row| row.level == self.name && row.spec == self.spec)
            .map(|row| &row.measured)
    }

    /// Its figures in a few words: `Elo +120 ± 40, 2.1% mistakes` or `not measured`.
    #[must_use]
    pub fn figures(&self) -> String {
        self.measured().map_or_else(
            || "not measured".to_owned(),
            |m| {
                format!(
                    "Elo {:+.0} ± {:.0}, {:.1}% mistakes",
                    m.elo, m.elo_95, m.mistakes_pct
                )
            },
        )
    }
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut level = serializer.serialize_struct("Level", 7)?;
        level.serialize_field("name", self.name)?;
        level.serialize_field("spec", self.spec)?;
        level.serialize_field("description", &self.description())?;
        // What it does on the other boards (the same words where nothing differs).
        level.serialize_field(
            "description_elsewhere",
            &self
                .elsewhere
                .map_or_else(|| self.description(), str::to_owned),
        )?;
        level.serialize_field("measured", &self.measured())?;
        level.serialize_field("measured_above", &self.measured_above())?;
        level.serialize_field("strength_note", &self.strength_note())?;
        level.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_figures_measured_with_its_spec() {
        let rows = parse_measured(MEASURED_TABLE).expect("the built-in table reads");
        for level in LEVELS {
            assert!(
                level.measured().is_some(),
                "{} ({}) has no row in docs/experiments/ladder/levels.tsv: rerun \
                 `c4 experiment ladder --out docs/experiments/ladder`",
                level.name,
                level.spec
            );
        }
        assert_eq!(rows.len(), LEVELS.len(), "a row for each level, no more");
    }

    #[test]
    fn descriptions_name_the_books_depth_not_a_placeholder() {
        let depth = OpeningBook::builtin().depth();
        for level in LEVELS {
            assert!(
                !level.description().contains('{'),
                "{}",
                level.description()
            );
        }
        let hard = LEVELS.iter().find(|l| l.name == "hard").unwrap();
        assert!(
            hard.description().contains(&format!("plies 0-{depth}")),
            "{}",
            hard.description()
        );
    }

    #[test]
    fn a_level_measured_below_an_earlier_one_says_so() {
        // Issue 52: `perfect` measured 9 Elo below `hard`, inside both intervals.
        for (i, level) in LEVELS.iter().enumerate() {
            let Some(above) = level.measured_above() else {
                continue;
            };
            let earlier = LEVELS[..i].iter().find(|l| l.name == above.level).unwrap();
            let (own, other) = (level.measured().unwrap(), earlier.measured().unwrap());
            assert!(other.elo > own.elo, "{}", level.name);
            assert_eq!(above.gap, other.elo - own.elo);
            let note = level.strength_note().unwrap();
            assert!(note.contains(above.level), "{note}");
        }
        let easy = &LEVELS[0];
        assert_eq!(easy.measured_above(), None, "nothing is listed before easy");
    }

    #[test]
    fn a_row_reads_back_as_written() {
        let row = MeasuredRow {
            level: "easy".to_owned(),
            spec: "alphabeta:depth=2,eval=center".to_owned(),
            measured: Measured {
                elo: -120.0,
                elo_95: 45.0,
                mistakes_pct: 12.25,
                positions: 1100,
                move_ms_median: 0.05,
                move_ms_max: 3.5,
            },
        };
        let text = format!("{MEASURED_HEADER}\n{}\n", row.to_line());
        assert_eq!(parse_measured(&text), Ok(vec![row]));
    }

    #[test]
    fn a_bad_table_is_named() {
        assert_eq!(parse_measured("level\n"), Err(MeasuredTableError::Header));
        let short = format!("{MEASURED_HEADER}\neasy\tspec\t1\t2\n");
        assert!(matches!(
            parse_measured(&short),
            Err(MeasuredTableError::Line { line: 2, .. })
        ));
        let word = format!("{MEASURED_HEADER}\neasy\tspec\t1\t2\tx\t4\t5\t6\n");
        let err = parse_measured(&word).unwrap_err().to_string();
        assert!(err.contains("\"x\" is not a number"), "{err}");
    }
}
