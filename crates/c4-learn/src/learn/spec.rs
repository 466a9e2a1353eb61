//! What a training run is: its network's shape, how it learns, for how long, from which
//! seed. A run folder keeps it as `learn.json`; a resumed run must ask for the same.

use super::LearnError;
use super::td::{Openings, TdConfig};
use c4_core::Size;
use c4_eval::ntuple::layout::LayoutError;
use c4_eval::ntuple::{Layout, Network, file as weights_file};
use c4_solver::files;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Everything a training run's weights follow from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnSpec {
    /// Tuples in the network.
    pub tuples: usize,
    /// Cells a tuple.
    pub length: usize,
    /// Self-play games in all.
    pub games: u64,
    /// The base step size.
    pub alpha: f32,
    /// The trace's decay per ply.
    pub lambda: f32,
    /// Temporal coherence's transfer exponent (0: off).
    pub tcl_beta: f32,
    /// The chance of a random move at the first game...
    pub epsilon_start: f32,
    /// ...falling linearly to this at the last.
    pub epsilon_end: f32,
    /// The seed of the layout and of every game.
    pub seed: u64,
    /// How the tuples are laid (runs from before this field are random walks).
    #[serde(default)]
    pub layout: TupleLayout,
    /// The most random plies a self-play game starts with (0: every game from the empty
    /// board; runs from before this field are such runs).
    #[serde(default)]
    pub openings: u32,
    /// The share of games that start from a random opening when `openings` is above 0, the
    /// rest from the empty board (runs from before this field: 1).
    #[serde(default = "every_game")]
    pub opening_share: f32,
    /// The weights file the run starts from, instead of zeros; its network's tuples are the
    /// run's (`tuples` and `length` then record the file's, and `layout` is unused). Runs from
    /// before this field start from zeros.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<StartFile>,
    /// The board the network learns on (runs from before this field: 7x6); a network the
    /// run starts from is of it.
    #[serde(default)]
    pub size: Size,
}

/// A weights file a run starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartFile {
    /// The file.
    pub path: PathBuf,
    /// Its fingerprint ([`weights_file::fingerprint`]), which a resumed run checks.
    pub fingerprint: u32,
}

/// The largest weights file a run starts from.
const MAX_START_BYTES: u64 = 256 << 20;

impl StartFile {
    /// Reads the network of `path`, with what a manifest records of it; `builtin` names the
    /// network c4 ships, as it does in `--network builtin` and `weights=builtin`.
    pub fn read(path: &Path) -> Result<(StartFile, Network), LearnError> {
        if path == Path::new("builtin") {
            let network = c4_eval::ntuple::evaluator::builtin()?.to_network();
            let start = StartFile {
                path: path.to_owned(),
                fingerprint: c4_eval::ntuple::evaluator::BUILTIN_FINGERPRINT,
            };
            return Ok((start, network));
        }
        let bytes = files::read_bytes(path, MAX_START_BYTES)?;
        let network = weights_file::decode(&bytes).map_err(|source| LearnError::Weights {
            path: path.to_owned(),
            source,
        })?;
        let start = StartFile {
            path: path.to_owned(),
            fingerprint: weights_file::fingerprint(&bytes),
        };
        Ok((start, network))
    }
}

fn every_game() -> f32 {
    1.0
}

/// The longest random opening a run may start its games with.
pub const MAX_OPENING_PLIES: u32 = 20;

/// How a network's tuples are laid on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TupleLayout {
    /// Random walks from random cells (the published setups' way).
    #[default]
    Walks,
    /// Each tuple grown from a line of four, every line of four read whole by some tuple
    /// ([`Layout::line_walks`]).
    Lines,
}

impl TupleLayout {
    /// The layout of a name: `walks` or `lines`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<TupleLayout> {
        match name {
            "walks" => Some(TupleLayout::Walks),
            "lines" => Some(TupleLayout::Lines),
            _ => None,
        }
    }

    /// `tuples` tuples of `length` cells laid this way on the board `size`, from `seed`.
    pub fn lay(
        self,
        size: Size,
        seed: u64,
        tuples: usize,
        length: usize,
    ) -> Result<Layout, LayoutError> {
        match self {
            TupleLayout::Walks => Layout::random_walks(size, seed, tuples, length),
            TupleLayout::Lines => Layout::line_walks(size, seed, tuples, length),
        }
    }
}

impl Default for LearnSpec {
    /// The published setups' shape: 70 tuples of 8 cells, epsilon from 0.1 down to 0.
    fn default() -> Self {
        let td = TdConfig::default();
        LearnSpec {
            tuples: 70,
            length: 8,
            games: 1_000_000,
            alpha: td.alpha,
            lambda: td.lambda,
            tcl_beta: td.tcl_beta,
            epsilon_start: 0.1,
            epsilon_end: 0.0,
            seed: 1,
            layout: TupleLayout::Walks,
            openings: 0,
            opening_share: 1.0,
            from: None,
            size: Size::STANDARD,
        }
    }
}

impl LearnSpec {
    /// Its learning settings.
    #[must_use]
    pub fn td(&self) -> TdConfig {
        TdConfig {
            alpha: self.alpha,
            lambda: self.lambda,
            tcl_beta: self.tcl_beta,
        }
    }

    /// Where its games start.
    #[must_use]
    pub fn openings(&self) -> Openings {
        Openings {
            max_plies: self.openings,
            share: self.opening_share,
        }
    }

    /// The network the run starts from: the file's (refused if the file is no longer the one
    /// the run recorded), or zeros on the tuples laid by the seed.
    pub fn start(&self) -> Result<Network, LearnError> {
        let Some(recorded) = &self.from else {
            return Ok(Network::zeros(self.layout()?));
        };
        let (found, network) = StartFile::read(&recorded.path)?;
        if found.fingerprint != recorded.fingerprint {
            return Err(LearnError::Setting {
                name: "from",
                value: format!(
                    "{} (fingerprint {}, the run recorded {})",
                    recorded.path.display(),
                    found.fingerprint,
                    recorded.fingerprint
                ),
                expected: "the weights file the run started from",
            });
        }
        if network.size() != self.size {
            return Err(LearnError::Setting {
                name: "from",
                value: format!(
                    "{} (a network of the {} board, the run is on {})",
                    recorded.path.display(),
                    network.size(),
                    self.size
                ),
                expected: "a network of the run's board",
            });
        }
        Ok(network)
    }

    /// The network's tuples, laid by the seed (a run that starts from a file has the file's:
    /// [`LearnSpec::start`]).
    pub fn layout(&self) -> Result<Layout, LayoutError> {
        self.layout
            .lay(self.size, self.seed, self.tuples, self.length)
    }

    /// The chance of a random move in game `game` (0-based).
    #[must_use]
    pub fn epsilon(&self, game: u64) -> f32 {
        if self.games <= 1 {
            return self.epsilon_start;
        }
        let done = game.min(self.games - 1) as f32 / (self.games - 1) as f32;
        self.epsilon_start + (self.epsilon_end - self.epsilon_start) * done
    }

    /// What is wrong with it, if anything: ranges a run could not use.
    pub fn check(&self) -> Result<(), LearnError> {
        let setting = |name, value: f32, expected| LearnError::Setting {
            name,
            value: value.to_string(),
            expected,
        };
        if self.games == 0 {
            return Err(LearnError::Setting {
                name: "games",
                value: "0".to_owned(),
                expected: "at least 1",
            });
        }
        if !(self.alpha > 0.0 && self.alpha <= 1.0) {
            return Err(setting("alpha", self.alpha, "more than 0, at most 1"));
        }
        for (name, value) in [
            ("lambda", self.lambda),
            ("epsilon", self.epsilon_start),
            ("epsilon-end", self.epsilon_end),
            ("opening-share", self.opening_share),
        ] {
            if !(0.0..=1.0).contains(&value) {
                return Err(setting(name, value, "0 to 1"));
            }
        }
        if self.openings > MAX_OPENING_PLIES {
            return Err(LearnError::Setting {
                name: "openings",
                value: self.openings.to_string(),
                expected: "0 to 20",
            });
        }
        if !(0.0..=20.0).contains(&self.tcl_beta) {
            return Err(setting("tcl-beta", self.tcl_beta, "0 to 20"));
        }
        if self.from.is_none() {
            self.layout()?;
        }
        Ok(())
    }

    /// How `self` (what a resuming command asks for) differs from `recorded`, a line a
    /// field ([`differences`]).
    #[must_use]
    pub fn differences(&self, recorded: &LearnSpec) -> Vec<String> {
        differences(self, recorded)
    }
}

/// How `asked` (what a resuming command asks for) differs from `recorded`, a line a field,
/// each value as the manifest writes it. The specs go through their JSON text, not
/// [`serde_json::to_value`]: the text writes an `f32` in its shortest form (0.02), where a
/// value widens it to the `f64` nearest (0.019999999552965164).
#[must_use]
pub fn differences<T: Serialize>(asked: &T, recorded: &T) -> Vec<String> {
    let as_json = |spec: &T| -> serde_json::Value {
        let text = serde_json::to_string(spec).expect("a spec serialises");
        serde_json::from_str(&text).expect("a spec's JSON reads back")
    };
    let (asked, was) = (as_json(asked), as_json(recorded));
    let empty = serde_json::Map::new();
    let (asked, was) = (
        asked.as_object().unwrap_or(&empty),
        was.as_object().unwrap_or(&empty),
    );
    // A field either side may leave out (an empty list is not written): both sides' fields.
    let fields: std::collections::BTreeSet<&String> = asked.keys().chain(was.keys()).collect();
    let shown = |v: Option<&serde_json::Value>| v.map_or("nothing".to_owned(), |v| v.to_string());
    fields
        .into_iter()
        .filter(|field| asked.get(*field) != was.get(*field))
        .map(|field| {
            format!(
                "{field}: the run has {}, this command asks for {}",
                shown(was.get(field)),
                shown(asked.get(field))
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilon_falls_linearly_over_the_run() {
        let spec = LearnSpec {
            games: 11,
            ..LearnSpec::default()
        };
        assert_eq!(spec.epsilon(0), 0.1);
        assert!((spec.epsilon(5) - 0.05).abs() < 1e-6);
        assert_eq!(spec.epsilon(10), 0.0);
        assert_eq!(spec.epsilon(99), 0.0);
    }

    #[test]
    fn a_manifest_without_a_layout_or_openings_is_a_run_of_random_walks_from_the_empty_board() {
        let mut json = serde_json::to_value(LearnSpec::default()).unwrap();
        json.as_object_mut().unwrap().remove("layout");
        json.as_object_mut().unwrap().remove("openings");
        json.as_object_mut().unwrap().remove("opening_share");
        let old: LearnSpec = serde_json::from_value(json).unwrap();
        assert_eq!(old.layout, TupleLayout::Walks);
        assert_eq!(old.openings(), Openings::NONE);
        assert!(LearnSpec::default().differences(&old).is_empty());
        let lines = LearnSpec {
            layout: TupleLayout::Lines,
            ..LearnSpec::default()
        };
        assert_eq!(lines.differences(&old).len(), 1);
        assert_eq!(lines.layout().unwrap().tuples().len(), 70);
    }

    #[test]
    fn a_changed_field_is_named() {
        let a = LearnSpec::default();
        let b = LearnSpec {
            lambda: 0.0,
            ..a.clone()
        };
        let found = b.differences(&a);
        assert_eq!(found.len(), 1);
        assert!(found[0].starts_with("lambda: the run has 0.5"), "{found:?}");
        assert!(a.differences(&a).is_empty());
    }

    /// Issue 47, item 12: an `f32` setting is shown as the user wrote it.
    #[test]
    fn issue_47_a_changed_fraction_is_shown_in_its_shortest_form() {
        let a = LearnSpec::default();
        let b = LearnSpec {
            alpha: 0.07,
            epsilon_end: 0.03,
            ..a.clone()
        };
        let found = b.differences(&a).join("\n");
        assert_eq!(a.alpha, 0.02);
        assert!(
            found.contains("alpha: the run has 0.02, this command asks for 0.07\n"),
            "{found}"
        );
        assert!(found.contains("asks for 0.03"), "{found}");
        assert!(
            !found.contains("0.0199") && !found.contains("0.0299"),
            "{found}"
        );
    }

    #[test]
    fn bad_settings_are_refused_by_name() {
        let bad = |spec: LearnSpec| spec.check().unwrap_err().to_string();
        let base = LearnSpec::default();
        assert!(
            bad(LearnSpec {
                games: 0,
                ..base.clone()
            })
            .contains("games")
        );
        assert!(
            bad(LearnSpec {
                alpha: 0.0,
                ..base.clone()
            })
            .contains("alpha")
        );
        assert!(
            bad(LearnSpec {
                lambda: 1.5,
                ..base.clone()
            })
            .contains("lambda")
        );
        assert!(
            bad(LearnSpec {
                length: 11,
                ..base.clone()
            })
            .contains("cells")
        );
        assert!(
            bad(LearnSpec {
                openings: 21,
                ..base.clone()
            })
            .contains("openings")
        );
        assert!(bad(LearnSpec { tuples: 0, ..base }).contains("tuples"));
    }
}
