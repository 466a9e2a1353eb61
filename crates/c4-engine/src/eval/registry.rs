//! The one list of evaluators: names, summaries, citations, options and constructors.
//!
//! Everything that names an evaluator (`--eval`, player specs, `c4 evals`, `/api/players`,
//! the experiments) goes through [`EVALUATORS`] and [`parse_evaluator`]. Search code never
//! sees the enum inside the tree: [`with_evaluator!`](crate::with_evaluator) matches once at
//! the root and runs code monomorphised for the concrete evaluator.

use super::ayoub_max_connected::{MaxConnected, MaxConnectedConfig};
use super::ayoub_naive::{Naive, NaiveConfig, NaiveMode};
use super::itu_last_coin::{ItuConfig, ItuLastCoin};
use super::kang_h1_features::{CountRule, KangConfig, KangFeatures};
use super::shanghai_lines::{FiveFactorLines, LinesConfig};
use super::square_values::{Matrix, SquareValues, SquareValuesConfig};
use super::threats::{Threats, ThreatsConfig};
use super::{Eval, Evaluator, Sides, Term, Zero};
use crate::options::{OptionDoc, Options, SpecError, split_spec};
use crate::spec_error;
use c4_core::{Column, Player, Position};

/// An evaluator chosen at run time. Match on it once, at the root (see
/// [`with_evaluator!`](crate::with_evaluator)); its own `Evaluator` impl is for cold paths.
#[derive(Clone, Debug)]
pub enum AnyEvaluator {
    /// `kang`.
    Kang(KangFeatures, KangConfig),
    /// `center` and `corners`.
    SquareValues(SquareValues, SquareValuesConfig),
    /// `naive`.
    Naive(Naive, NaiveConfig),
    /// `connected`.
    Connected(MaxConnected, MaxConnectedConfig),
    /// `lines`.
    Lines(FiveFactorLines, LinesConfig),
    /// `itu`.
    Itu(ItuLastCoin, ItuConfig),
    /// `threats`.
    Threats(Threats, ThreatsConfig),
    /// `zero`.
    Zero(Zero),
}

/// Runs `$body` with `$e` bound to the concrete evaluator inside `$any` (by `&mut`).
#[macro_export]
macro_rules! with_evaluator {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::eval::AnyEvaluator::Kang($e, _) => $body,
            $crate::eval::AnyEvaluator::SquareValues($e, _) => $body,
            $crate::eval::AnyEvaluator::Naive($e, _) => $body,
            $crate::eval::AnyEvaluator::Connected($e, _) => $body,
            $crate::eval::AnyEvaluator::Lines($e, _) => $body,
            $crate::eval::AnyEvaluator::Itu($e, _) => $body,
            $crate::eval::AnyEvaluator::Threats($e, _) => $body,
            $crate::eval::AnyEvaluator::Zero($e) => $body,
        }
    };
}

impl Evaluator for AnyEvaluator {
    fn evaluate(&mut self, position: &Position, view: Player, last: Option<Column>) -> Eval {
        with_evaluator!(self, e => e.evaluate(position, view, last))
    }
    fn uses_last_move(&self) -> bool {
        with_evaluator!(self, e => e.uses_last_move())
    }
    fn start_search(&mut self) {
        with_evaluator!(self, e => e.start_search());
    }
    fn breakdown(&mut self, position: &Position, view: Player, last: Option<Column>) -> Vec<Term> {
        with_evaluator!(self, e => e.breakdown(position, view, last))
    }
}

impl AnyEvaluator {
    /// The registry name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            AnyEvaluator::Kang(..) => "kang",
            AnyEvaluator::SquareValues(_, c) if c.matrix == Matrix::Center => "center",
            AnyEvaluator::SquareValues(..) => "corners",
            AnyEvaluator::Naive(..) => "naive",
            AnyEvaluator::Connected(..) => "connected",
            AnyEvaluator::Lines(..) => "lines",
            AnyEvaluator::Itu(..) => "itu",
            AnyEvaluator::Threats(..) => "threats",
            AnyEvaluator::Zero(_) => "zero",
        }
    }

    /// The options that differ from the defaults, as `key=value` pairs, so that
    /// `name:options` parses back to the same evaluator.
    #[must_use]
    pub fn options_text(&self) -> Vec<String> {
        let sides = |s: Sides| (s == Sides::Own).then(|| "sides=own".to_owned());
        let mut out = Vec::new();
        match self {
            AnyEvaluator::Kang(_, c) => {
                if c.features != [true; 4] {
                    let digits: String = (0..4)
                        .filter(|&i| c.features[i])
                        .map(|i| char::from(b'1' + i as u8))
                        .collect();
                    out.push(format!("features={digits}"));
                }
                if c.count == CountRule::Empty {
                    out.push("count=empty".to_owned());
                }
            }
            AnyEvaluator::SquareValues(_, c) => out.extend(sides(c.sides)),
            AnyEvaluator::Naive(_, c) => {
                if c.mode == NaiveMode::Stream {
                    out.push("mode=stream".to_owned());
                }
            }
            AnyEvaluator::Connected(_, c) => out.extend(sides(c.sides)),
            AnyEvaluator::Lines(_, c) => {
                let d = LinesConfig::BALANCED;
                for (k, v, dv) in [
                    ("block", c.block, d.block),
                    ("good", c.good, d.good),
                    ("win", c.win, d.win),
                    ("danger", c.danger, d.danger),
                    ("lose", c.lose, d.lose),
                ] {
                    if v != dv {
                        out.push(format!("{k}={v}"));
                    }
                }
                if !c.skyline {
                    out.push("skyline=off".to_owned());
                }
            }
            AnyEvaluator::Itu(_, c) => {
                if c.row_weight != ItuConfig::default().row_weight {
                    out.push(format!("row-weight={}", c.row_weight));
                }
                out.extend(sides(c.sides));
            }
            AnyEvaluator::Threats(_, c) => {
                let d = ThreatsConfig::default();
                for (k, v, dv) in [
                    ("line1", c.line1, d.line1),
                    ("line2", c.line2, d.line2),
                    ("line3", c.line3, d.line3),
                    ("threat", c.threat, d.threat),
                    ("parity", c.parity, d.parity),
                    ("stacked", c.stacked, d.stacked),
                    ("center", c.center, d.center),
                    ("immediate", c.immediate, d.immediate),
                ] {
                    if v != dv {
                        out.push(format!("{k}={v}"));
                    }
                }
            }
            AnyEvaluator::Zero(_) => {}
        }
        out
    }

    /// `name` or `name:key=value,...`.
    #[must_use]
    pub fn spec(&self) -> String {
        let options = self.options_text();
        if options.is_empty() {
            self.name().to_owned()
        } else {
            format!("{}:{}", self.name(), options.join(","))
        }
    }
}

/// One evaluator in the registry.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct EvaluatorEntry {
    /// Stable name, used on the command line and in files.
    pub name: &'static str,
    /// One line on what it computes.
    pub summary: &'static str,
    /// Where it comes from.
    pub citation: &'static str,
    /// Its options.
    pub options: &'static [OptionDoc],
    /// Builds it from options (taking the keys it knows) and the player's seed.
    #[serde(skip)]
    pub build: fn(&mut Options, u64) -> Result<AnyEvaluator, SpecError>,
}

const SIDES_DOC: OptionDoc = OptionDoc {
    key: "sides",
    default: "both",
    help: "both: own minus opponent; own: only the evaluating player's discs (the paper's one-sided reading)",
};

/// Every evaluator, in the order `c4 evals` lists them.
pub static EVALUATORS: &[EvaluatorEntry] = &[
    EvaluatorEntry {
        name: "kang",
        summary: "Kang H1: features 1-4 (four, three, two connected, single disc) with Table 2 values",
        citation: "Kang, Wang, Hu (2019), JILSA 11, section 3.3.1, Tables 1-2",
        options: &[
            OptionDoc {
                key: "features",
                default: "1234",
                help: "which features count, any subset of 1234 (Tables 7-8)",
            },
            OptionDoc {
                key: "count",
                default: "playable",
                help: "feature 3 counts squares that are playable now (playable) or merely empty (empty)",
            },
        ],
        build: |o, _| {
            let c = KangConfig::from_options(o)?;
            Ok(AnyEvaluator::Kang(KangFeatures::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "center",
        summary: "square-value matrix favouring the centre (Kang H2 = Ayoub value center)",
        citation: "Kang et al. (2019) section 3.3.2; Ayoub (2021) section 3.5.3",
        options: &[SIDES_DOC],
        build: |o, _| {
            let c = SquareValuesConfig::from_options(Matrix::Center, o)?;
            Ok(AnyEvaluator::SquareValues(SquareValues::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "corners",
        summary: "square-value matrix favouring the edges (Ayoub value corners)",
        citation: "Ayoub (2021), CS 4701 report, section 3.5.4",
        options: &[SIDES_DOC],
        build: |o, _| {
            let c = SquareValuesConfig::from_options(Matrix::Corners, o)?;
            Ok(AnyEvaluator::SquareValues(SquareValues::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "naive",
        summary: "a random score in [0, 50) for every non-terminal leaf, from the player's seed",
        citation: "Ayoub (2021), section 3.5.1",
        options: &[OptionDoc {
            key: "mode",
            default: "hash",
            help: "hash: one salt per search, same leaf same score; stream: a new number per call, as the paper",
        }],
        build: |o, seed| {
            let c = NaiveConfig::from_options(o, seed)?;
            Ok(AnyEvaluator::Naive(Naive::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "connected",
        summary: "size of the largest group of adjacent discs, diagonals included",
        citation: "Ayoub (2021), sections 3.5.2 and 4.2",
        options: &[SIDES_DOC],
        build: |o, _| {
            let c = MaxConnectedConfig::from_options(o)?;
            Ok(AnyEvaluator::Connected(MaxConnected::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "lines",
        summary: "five factors over all 69 four-cell lines: block, good, win, danger, lose",
        citation: "Fang, Ren, Cao (2021), ShanghaiTech CS181, section 4.2 (skyline pruning 5.2)",
        options: &[
            OptionDoc {
                key: "preset",
                default: "balanced",
                help: "balanced, defensive or aggressive factor sets",
            },
            OptionDoc {
                key: "block",
                default: "0",
                help: "value of a line holding both colours",
            },
            OptionDoc {
                key: "good",
                default: "4",
                help: "value per own disc of a line without opposing discs",
            },
            OptionDoc {
                key: "win",
                default: "100000",
                help: "value of four own discs",
            },
            OptionDoc {
                key: "danger",
                default: "-4",
                help: "value per opposing disc of a line without own discs",
            },
            OptionDoc {
                key: "lose",
                default: "-100000",
                help: "value of four opposing discs",
            },
            OptionDoc {
                key: "skyline",
                default: "on",
                help: "skip lines that must be empty (same value, less work)",
            },
        ],
        build: |o, _| {
            let c = LinesConfig::from_options(o)?;
            Ok(AnyEvaluator::Lines(FiveFactorLines::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "itu",
        summary: "last coin played: position value + 6 x max coins in a row + win combinations",
        citation: "Brandt, Langhoff (2015), ITU Intelligent Systems Programming, 'Evaluation Rules'",
        options: &[
            OptionDoc {
                key: "row-weight",
                default: "6",
                help: "multiplier of max coins in a row",
            },
            OptionDoc {
                key: "sides",
                default: "both",
                help: "both: an opposing last coin counts against; own: it is ignored (fours always count)",
            },
        ],
        build: |o, _| {
            let c = ItuConfig::from_options(o)?;
            Ok(AnyEvaluator::Itu(ItuLastCoin::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "threats",
        summary: "c4's own: line potential, threats with odd/even parity, stacked and immediate threats",
        citation: "c4; parity after Allis (1988), threat cells after Pons' solver",
        options: &[
            OptionDoc {
                key: "line1",
                default: "4",
                help: "line with one own disc and no opposing disc",
            },
            OptionDoc {
                key: "line2",
                default: "8",
                help: "... two own discs",
            },
            OptionDoc {
                key: "line3",
                default: "14",
                help: "... three own discs",
            },
            OptionDoc {
                key: "threat",
                default: "12",
                help: "each empty cell that would complete four",
            },
            OptionDoc {
                key: "parity",
                default: "8",
                help: "extra for a threat on the owner's good rows",
            },
            OptionDoc {
                key: "stacked",
                default: "20",
                help: "extra per pair of own threats one above the other",
            },
            OptionDoc {
                key: "center",
                default: "0",
                help: "each disc in the centre column",
            },
            OptionDoc {
                key: "immediate",
                default: "100000",
                help: "a win in one, or an unstoppable double threat",
            },
        ],
        build: |o, _| {
            let c = ThreatsConfig::from_options(o)?;
            Ok(AnyEvaluator::Threats(Threats::new(c), c))
        },
    },
    EvaluatorEntry {
        name: "zero",
        summary: "always 0: search alone decides",
        citation: "c4, for experiments",
        options: &[],
        build: |_, _| Ok(AnyEvaluator::Zero(Zero)),
    },
];

/// The registry entry called `name`.
pub fn find_evaluator(name: &str) -> Result<&'static EvaluatorEntry, SpecError> {
    EVALUATORS
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            spec_error!(
                "unknown evaluator {name:?}; valid evaluators: {}",
                EVALUATORS
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// Parses `NAME[:KEY=VALUE,...]` into an evaluator; `seed` feeds random evaluators.
pub fn parse_evaluator(spec: &str, seed: u64) -> Result<AnyEvaluator, SpecError> {
    let (name, rest) = split_spec(spec);
    let entry = find_evaluator(&name)?;
    let mut options = Options::parse(rest)?;
    let evaluator = (entry.build)(&mut options, seed)?;
    let keys: Vec<&str> = entry.options.iter().map(|o| o.key).collect();
    options.finish(&format!("evaluator {}", entry.name), &keys)?;
    Ok(evaluator)
}
