//! The one list of evaluators: names, summaries, citations, options and constructors.
//!
//! Everything that names an evaluator (`--eval`, player specs, `c4 evals`, `/api/players`,
//! the experiments) goes through [`EVALUATORS`] and [`EvalSpec`]. Each evaluator's options
//! are declared once, as an [`OptionTable`] in its own file. Search code never sees the
//! enum inside the tree: [`with_evaluator!`](crate::with_evaluator) matches once at the
//! root and runs code monomorphised for the concrete evaluator.

use super::ayoub_max_connected::{self, MaxConnected, MaxConnectedConfig};
use super::ayoub_naive::{self, Naive, NaiveConfig};
use super::itu_last_coin::{self, ItuConfig, ItuLastCoin};
use super::kang_h1_features::{self, KangConfig, KangFeatures};
use super::ntuple::{Ntuple, NtupleConfig, NtupleOptions};
use super::params::{self, PARAMS_KEY, PARAMS_OPTIONS};
use super::shanghai_lines::{self, FiveFactorLines, LinesConfig};
use super::sizes::{
    CORNERS_SIZES, EvalSizeError, KANG_SIZES, NTUPLE_REASON, NTUPLE_SIZES, OWN_SQUARES_SIZES,
    SupportedSizes,
};
use super::square_values::{self, Matrix, SquareValues, SquareValuesConfig};
use super::threats::{self, Threats, ThreatsConfig};
use super::{BoardTables, Eval, Evaluator, Term, Zero};
use c4_core::{Column, Player, Position, Size, Standard};
use c4_options::{
    FileOption, OptionTable, Options, SpecError, Tunable, Variant, VariantOptions, split_spec,
};
use c4_solver::files::PathError;
use std::fmt;
use std::path::Path;

/// An evaluator with its settings: what `eval=NAME,KEY=VALUE...` and `--eval NAME:KEY=VALUE`
/// name. Its text form (`Display`) is canonical: defaults are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalSpec {
    /// `kang`.
    Kang(KangConfig),
    /// `center` and `corners`.
    SquareValues(SquareValuesConfig),
    /// `naive` (its seed is the player's, given to [`EvalSpec::build`]).
    Naive(NaiveConfig),
    /// `connected`.
    Connected(MaxConnectedConfig),
    /// `lines`.
    Lines(LinesConfig),
    /// `itu`.
    Itu(ItuConfig),
    /// `threats`.
    Threats(ThreatsConfig),
    /// `ntuple`.
    Ntuple(NtupleConfig),
    /// `zero`.
    Zero,
}

impl Default for EvalSpec {
    /// `threats`, c4's own evaluator.
    fn default() -> Self {
        EvalSpec::Threats(ThreatsConfig::default())
    }
}

impl EvalSpec {
    /// Writes the parameter file `path` (its folder created if needed):
    /// [`EvalSpec::params_text`].
    pub fn write_params(&self, path: &Path, comments: &[String]) -> Result<(), PathError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| PathError::new("creating", parent, e))?;
        }
        std::fs::write(path, self.params_text(comments))
            .map_err(|e| PathError::new("writing", path, e))
    }

    /// The text of a parameter file holding the options that differ from their defaults,
    /// after `comments` (each written as a `# ` line).
    #[must_use]
    pub fn params_text(&self, comments: &[String]) -> String {
        let mut text = String::new();
        for comment in comments {
            for line in comment.lines() {
                text.push_str("# ");
                text.push_str(line);
                text.push('\n');
            }
        }
        text.push_str(&format!("eval={}\n", self.name()));
        for item in self.options_text() {
            text.push_str(&item);
            text.push('\n');
        }
        text
    }

    /// Parses `NAME[:KEY=VALUE,...]`.
    pub fn parse(text: &str) -> Result<EvalSpec, SpecError> {
        let (name, rest) = split_spec(text);
        let mut options = Options::parse(rest)?;
        let spec = EvalSpec::from_options(&name, &mut options)?;
        options.finish(
            &format!("evaluator {}", spec.name()),
            &spec.entry().options.keys(),
        )?;
        Ok(spec)
    }

    /// The evaluator called `name`, with the options it knows taken from `options`. A
    /// parameter file, named as `NAME:params=FILE` or by a `params=FILE` option, supplies the
    /// options that `options` does not give (see [`super::params`]); so does
    /// `params=tuned`, the weights c4 ships. A file an evaluator's options name is read
    /// here (`ntuple`'s network), so a spec that parses has what it needs to build.
    pub fn from_options(name: &str, options: &mut Options) -> Result<EvalSpec, SpecError> {
        let name = match name.split_once(':') {
            Some((name, rest)) => {
                let file = rest
                    .strip_prefix(PARAMS_KEY)
                    .and_then(|r| r.strip_prefix('='))
                    .filter(|f| !f.is_empty())
                    .ok_or_else(|| SpecError::Invalid {
                        key: "eval".to_owned(),
                        value: c4_core::excerpt(&format!("{name}:{rest}")),
                        expected: "NAME or NAME:params=FILE".to_owned(),
                    })?;
                if options.contains(PARAMS_KEY) {
                    return Err(SpecError::Repeated {
                        key: PARAMS_KEY.to_owned(),
                    });
                }
                options.add_if_absent(PARAMS_KEY, file);
                name
            }
            None => name,
        };
        let entry = find_evaluator(name)?;
        let source = PARAMS_OPTIONS.parse(options)?;
        for (key, value) in params::options_of(&source, entry.name)? {
            options.add_if_absent(&key, &value);
        }
        entry.options.parse(options)
    }

    /// The options of an evaluator that name a file: `params=`, which every evaluator
    /// takes, and the evaluator's own.
    #[must_use]
    pub fn file_options(entry: &EvaluatorEntry) -> Vec<FileOption> {
        let mut found = PARAMS_OPTIONS.file_options();
        found.extend(entry.options.file_options());
        found
    }

    /// Its registry entry.
    #[must_use]
    pub fn entry(&self) -> &'static EvaluatorEntry {
        EVALUATORS
            .iter()
            .find(|e| e.options.holds(self))
            .expect("every evaluator is in the registry")
    }

    /// Its registry name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.entry().name
    }

    /// The options that differ from the defaults, as `key=value` items.
    #[must_use]
    pub fn options_text(&self) -> Vec<String> {
        self.entry().options.canonical(self)
    }

    /// Whether it draws on the player's seed.
    #[must_use]
    pub fn uses_seed(&self) -> bool {
        matches!(self, EvalSpec::Naive(_))
    }

    /// Its weights a tuner may change, with their ranges.
    #[must_use]
    pub fn tunables(&self) -> Vec<Tunable> {
        self.entry().options.tunables(self)
    }

    /// Sets the tunable weight `key`.
    pub fn set_tunable(&mut self, key: &str, value: i64) -> Result<(), SpecError> {
        self.entry().options.set_tunable(self, key, value)
    }

    /// Builds the evaluator; `seed` feeds random evaluators.
    #[must_use]
    pub fn build(&self, seed: u64) -> AnyEvaluator {
        match self {
            EvalSpec::Kang(c) => AnyEvaluator::Kang(KangFeatures::new(*c)),
            EvalSpec::SquareValues(c) => AnyEvaluator::SquareValues(SquareValues::new(*c)),
            EvalSpec::Naive(c) => AnyEvaluator::Naive(Naive::new(c.with_seed(seed))),
            EvalSpec::Connected(c) => AnyEvaluator::Connected(MaxConnected::new(*c)),
            EvalSpec::Lines(c) => AnyEvaluator::Lines(FiveFactorLines::new(*c)),
            EvalSpec::Itu(c) => AnyEvaluator::Itu(ItuLastCoin::new(*c)),
            EvalSpec::Threats(c) => AnyEvaluator::Threats(Threats::new(*c)),
            EvalSpec::Ntuple(c) => AnyEvaluator::Ntuple(Ntuple::new(c)),
            EvalSpec::Zero => AnyEvaluator::Zero(Zero),
        }
    }
}

impl EvalSpec {
    /// The sizes this evaluator, with these settings, is defined on.
    #[must_use]
    pub fn supported_sizes(&self) -> SupportedSizes {
        match self {
            EvalSpec::Kang(_) => KANG_SIZES,
            EvalSpec::SquareValues(c) if c.matrix == Matrix::Corners => CORNERS_SIZES,
            EvalSpec::SquareValues(c) if !c.is_size_general() => OWN_SQUARES_SIZES,
            EvalSpec::Ntuple(c) => SupportedSizes::Only {
                size: c.network().size(),
                reason: NTUPLE_REASON,
            },
            _ => SupportedSizes::Any,
        }
    }

    /// `Ok` where the evaluator is defined on `size`; else an error naming both sizes. Call it
    /// before building an evaluator for a board of another size than 7x6.
    pub fn check_size(&self, size: Size) -> Result<(), EvalSizeError> {
        match self.supported_sizes() {
            SupportedSizes::Only {
                size: supported,
                reason,
            } if supported != size => Err(EvalSizeError {
                evaluator: self.to_string(),
                reason,
                supported,
                size,
            }),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for EvalSpec {
    /// `name` or `name:key=value,...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = self.options_text();
        if options.is_empty() {
            f.write_str(self.name())
        } else {
            write!(f, "{}:{}", self.name(), options.join(","))
        }
    }
}

/// A built evaluator chosen at run time. Match on it once, at the root (see
/// [`with_evaluator!`](crate::with_evaluator)); its own `Evaluator` impl is for cold paths.
#[derive(Clone, Debug)]
pub enum AnyEvaluator {
    /// `kang`.
    Kang(KangFeatures),
    /// `center` and `corners`.
    SquareValues(SquareValues),
    /// `naive`.
    Naive(Naive),
    /// `connected`.
    Connected(MaxConnected),
    /// `lines`.
    Lines(FiveFactorLines),
    /// `itu`.
    Itu(ItuLastCoin),
    /// `threats`.
    Threats(Threats),
    /// `ntuple`.
    Ntuple(Ntuple),
    /// `zero`.
    Zero(Zero),
}

/// Runs `$body` with `$e` bound to the concrete evaluator inside `$any` (by `&mut`).
#[macro_export]
macro_rules! with_evaluator {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::AnyEvaluator::Kang($e) => $body,
            $crate::AnyEvaluator::SquareValues($e) => $body,
            $crate::AnyEvaluator::Naive($e) => $body,
            $crate::AnyEvaluator::Connected($e) => $body,
            $crate::AnyEvaluator::Lines($e) => $body,
            $crate::AnyEvaluator::Itu($e) => $body,
            $crate::AnyEvaluator::Threats($e) => $body,
            $crate::AnyEvaluator::Ntuple($e) => $body,
            $crate::AnyEvaluator::Zero($e) => $body,
        }
    };
}

impl AnyEvaluator {
    /// Whether its value depends on the last move ([`Evaluator::uses_last_move`], the same
    /// on every board).
    #[must_use]
    pub fn uses_last_move(&self) -> bool {
        with_evaluator!(self, e => Evaluator::<Standard>::uses_last_move(e))
    }

    /// Prepares it for a search ([`Evaluator::start_search`], the same on every board).
    pub fn start_search(&mut self) {
        with_evaluator!(self, e => Evaluator::<Standard>::start_search(e));
    }
}

impl<G: BoardTables> Evaluator<G> for AnyEvaluator {
    fn evaluate(&mut self, position: &Position<G>, view: Player, last: Option<Column>) -> Eval {
        with_evaluator!(self, e => e.evaluate(position, view, last))
    }
    fn uses_last_move(&self) -> bool {
        AnyEvaluator::uses_last_move(self)
    }
    fn start_search(&mut self) {
        AnyEvaluator::start_search(self);
    }
    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        with_evaluator!(self, e => e.breakdown(position, view, last))
    }
}

/// An evaluator's option table, whatever its configuration type.
pub type EvalOptions = dyn VariantOptions<EvalSpec>;

/// One evaluator in the registry.
#[derive(Clone, Copy)]
pub struct EvaluatorEntry {
    /// Stable name, used on the command line and in files.
    pub name: &'static str,
    /// One line on what it computes.
    pub summary: &'static str,
    /// Where it comes from.
    pub citation: &'static str,
    /// Its options, declared in its own file.
    pub options: &'static EvalOptions,
    /// Hand-written, learned, or a baseline.
    pub family: Family,
    /// The board sizes it is defined on, with its default settings
    /// ([`EvalSpec::supported_sizes`] says it for given settings).
    pub sizes: SupportedSizes,
}

/// Where an evaluator's knowledge comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Written by hand: the seed papers' heuristics and c4's `threats`.
    Heuristic,
    /// Learned from games.
    Learned,
    /// A reference point for experiments, not a player's evaluator.
    Baseline,
}

/// The hand-written evaluators, in the registry's order: what the studies that compare
/// heuristics (the ladder, the accuracy experiment) compare.
pub fn heuristics() -> impl Iterator<Item = &'static EvaluatorEntry> {
    EVALUATORS
        .iter()
        .filter(|entry| entry.family == Family::Heuristic)
}

impl fmt::Debug for EvaluatorEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EvaluatorEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl serde::Serialize for EvaluatorEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut entry = serializer.serialize_struct("EvaluatorEntry", 6)?;
        entry.serialize_field("name", self.name)?;
        entry.serialize_field("summary", self.summary)?;
        entry.serialize_field("citation", self.citation)?;
        entry.serialize_field("options", &self.options.docs())?;
        entry.serialize_field("family", &self.family)?;
        entry.serialize_field("sizes", &self.sizes)?;
        entry.end()
    }
}

/// Every evaluator, in the order `c4 evals` lists them.
pub static EVALUATORS: &[EvaluatorEntry] = &[
    EvaluatorEntry {
        name: "kang",
        summary: "Kang H1: features 1-4 (four, three, two connected, single disc) with Table 2 values",
        citation: "Kang, Wang, Hu (2019), JILSA 11, section 3.3.1, Tables 1-2",
        options: &Variant {
            table: kang_h1_features::OPTIONS,
            wrap: EvalSpec::Kang,
            unwrap: |s| match s {
                EvalSpec::Kang(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: KANG_SIZES,
    },
    EvaluatorEntry {
        name: "center",
        summary: "square-value matrix favouring the centre (Kang H2 = Ayoub value center)",
        citation: "Kang et al. (2019) section 3.3.2; Ayoub (2021) section 3.5.3",
        options: &Variant {
            table: square_values::CENTER_OPTIONS,
            wrap: EvalSpec::SquareValues,
            unwrap: |s| match s {
                EvalSpec::SquareValues(c) if c.matrix == Matrix::Center => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "corners",
        summary: "square-value matrix favouring the edges (Ayoub value corners)",
        citation: "Ayoub (2021), CS 4701 report, section 3.5.4",
        options: &Variant {
            table: square_values::CORNERS_OPTIONS,
            wrap: EvalSpec::SquareValues,
            unwrap: |s| match s {
                EvalSpec::SquareValues(c) if c.matrix == Matrix::Corners => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: CORNERS_SIZES,
    },
    EvaluatorEntry {
        name: "naive",
        summary: "a random score in [0, 50) for every non-terminal leaf, from the player's seed",
        citation: "Ayoub (2021), section 3.5.1",
        options: &Variant {
            table: ayoub_naive::OPTIONS,
            wrap: EvalSpec::Naive,
            unwrap: |s| match s {
                EvalSpec::Naive(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "connected",
        summary: "size of the largest group of adjacent discs, diagonals included",
        citation: "Ayoub (2021), sections 3.5.2 and 4.2",
        options: &Variant {
            table: ayoub_max_connected::OPTIONS,
            wrap: EvalSpec::Connected,
            unwrap: |s| match s {
                EvalSpec::Connected(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "lines",
        summary: "five factors over all 69 four-cell lines: block, good, win, danger, lose",
        citation: "Fang, Ren, Cao (2021), ShanghaiTech CS181, section 4.2 (skyline pruning 5.2)",
        options: &Variant {
            table: shanghai_lines::OPTIONS,
            wrap: EvalSpec::Lines,
            unwrap: |s| match s {
                EvalSpec::Lines(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "itu",
        summary: "last coin played: position value + 6 x max coins in a row + win combinations",
        citation: "Brandt, Langhoff (2015), ITU Intelligent Systems Programming, 'Evaluation Rules'",
        options: &Variant {
            table: itu_last_coin::OPTIONS,
            wrap: EvalSpec::Itu,
            unwrap: |s| match s {
                EvalSpec::Itu(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "threats",
        summary: "c4's own: line potential, threats with odd/even parity, stacked and immediate threats",
        citation: "c4; parity after Allis (1988), threat cells after Pons' solver",
        options: &Variant {
            table: threats::OPTIONS,
            wrap: EvalSpec::Threats,
            unwrap: |s| match s {
                EvalSpec::Threats(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Heuristic,
        sizes: SupportedSizes::Any,
    },
    EvaluatorEntry {
        name: "ntuple",
        summary: "an n-tuple network of 140 tuples of 8 cells, fitted to solver labels (c4 learn fit), then trained by TD(lambda) self-play (c4 learn)",
        citation: "Thill, Koch, Konen (PPSN 2012); Bagheri et al. (IEEE TCIAIG 2016); trained by c4",
        options: &NtupleOptions {
            wrap: EvalSpec::Ntuple,
            unwrap: |s| match s {
                EvalSpec::Ntuple(c) => Some(c),
                _ => None,
            },
        },
        family: Family::Learned,
        sizes: NTUPLE_SIZES,
    },
    EvaluatorEntry {
        name: "zero",
        summary: "always 0: search alone decides",
        citation: "c4, for experiments",
        options: &Variant {
            table: OptionTable {
                options: &[],
                default: || (),
            },
            wrap: |()| EvalSpec::Zero,
            unwrap: |s| matches!(s, EvalSpec::Zero).then_some(&()),
        },
        family: Family::Baseline,
        sizes: SupportedSizes::Any,
    },
];

/// The registry entry called `name`.
pub fn find_evaluator(name: &str) -> Result<&'static EvaluatorEntry, SpecError> {
    EVALUATORS
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| SpecError::UnknownEvaluator {
            name: c4_core::excerpt(name),
            valid: EVALUATORS
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Parses `NAME[:KEY=VALUE,...]` and builds the evaluator; `seed` feeds random evaluators.
pub fn parse_evaluator(spec: &str, seed: u64) -> Result<AnyEvaluator, SpecError> {
    Ok(EvalSpec::parse(spec)?.build(seed))
}
