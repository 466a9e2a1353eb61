//! `ntuple` as an evaluator: a network's value of a position, in millionths of a win, for
//! search to use at its leaves like any other heuristic.
//!
//! The network is named by `weights=`: `builtin`, the one c4 ships (`crates/c4-eval/data/ntuple/`, its
//! provenance in that folder's README), or a `.c4nt` file that `c4 learn` wrote. A file is
//! read once per path and process when a spec naming it is parsed, so a tournament that
//! builds a player per game reads it once, and a bad file is an error of the spec.

use super::file::{self as weights_file, WeightsError};
use super::network::Network;
use crate::{Eval, Evaluator, Player, Term};
use c4_core::{Column, Position};
use c4_options::{Field, OptionDef, OptionTable};
use c4_solver::files::{self, FileError};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The word of `weights=` that names the shipped network.
pub const BUILTIN: &str = "builtin";

/// The shipped network's bytes (`crates/c4-eval/data/ntuple/builtin.c4nt`).
static BUILTIN_BYTES: &[u8] = include_bytes!("../../data/ntuple/builtin.c4nt");

/// The largest weights file read: a network of 1,000 tuples of 10 cells, every weight
/// stored, is about 5.2 GB; no trained network comes near a quarter of that.
pub const MAX_WEIGHTS_BYTES: u64 = 1 << 30;

/// A network's value of 1 (a sure win for the side to move), as an [`Eval`].
pub const WIN_VALUE: f32 = 1_000_000.0;

/// Which network `ntuple` evaluates with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum WeightsChoice {
    /// The network c4 ships.
    #[default]
    Builtin,
    /// A weights file.
    File(PathBuf),
}

impl std::fmt::Display for WeightsChoice {
    /// `builtin` or the path.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsChoice::Builtin => f.write_str(BUILTIN),
            WeightsChoice::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Why a network cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file cannot be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file is not a network.
    #[error("{path}: {source}")]
    Weights {
        /// The file, as named.
        path: String,
        /// What is wrong with it.
        #[source]
        source: WeightsError,
    },
}

impl WeightsChoice {
    /// The network chosen: the shipped one, or the file's, read once per path and process.
    pub fn load(&self) -> Result<Arc<Network>, NetworkError> {
        static FILES: Mutex<Vec<(PathBuf, Arc<Network>)>> = Mutex::new(Vec::new());
        match self {
            WeightsChoice::Builtin => Ok(builtin()),
            WeightsChoice::File(path) => {
                let mut loaded = FILES.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((_, network)) = loaded.iter().find(|(p, _)| p == path) {
                    return Ok(Arc::clone(network));
                }
                let bytes = files::read_bytes(path, MAX_WEIGHTS_BYTES)?;
                let network =
                    weights_file::decode(&bytes).map_err(|source| NetworkError::Weights {
                        path: path.display().to_string(),
                        source,
                    })?;
                let network = Arc::new(network);
                loaded.push((path.clone(), Arc::clone(&network)));
                Ok(network)
            }
        }
    }
}

/// The shipped network, decoded once.
#[must_use]
pub fn builtin() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NETWORK.get_or_init(|| {
        Arc::new(weights_file::decode(BUILTIN_BYTES).expect("the shipped network decodes"))
    }))
}

/// The shipped network's [`weights_file::fingerprint`]: what a study records to tell one
/// shipped network from the next.
#[must_use]
pub fn builtin_fingerprint() -> u32 {
    weights_file::fingerprint(BUILTIN_BYTES)
}

/// Settings of `ntuple`: which network.
#[derive(Clone, Debug, Default)]
pub struct NtupleConfig {
    weights: WeightsChoice,
    /// Their network, once read (see [`NtupleConfig::open`]); `None` for the shipped one
    /// until it is needed.
    network: Option<Arc<Network>>,
}

impl PartialEq for NtupleConfig {
    /// Two configs are equal when they name the same weights.
    fn eq(&self, other: &Self) -> bool {
        self.weights == other.weights
    }
}

impl Eq for NtupleConfig {}

impl NtupleConfig {
    /// The config of `weights`, its network read now.
    pub fn open(weights: WeightsChoice) -> Result<NtupleConfig, NetworkError> {
        let network = Some(weights.load()?);
        Ok(NtupleConfig { weights, network })
    }

    /// The weights chosen.
    #[must_use]
    pub fn weights(&self) -> &WeightsChoice {
        &self.weights
    }

    /// Reads the network its weights name, if not yet read.
    pub fn load(&mut self) -> Result<(), NetworkError> {
        if self.network.is_none() {
            self.network = Some(self.weights.load()?);
        }
        Ok(())
    }

    /// Its network. A file's network is read when the spec naming it is parsed
    /// ([`NtupleConfig::load`]); the shipped one when first needed.
    #[must_use]
    pub fn network(&self) -> Arc<Network> {
        match (&self.network, &self.weights) {
            (Some(network), _) => Arc::clone(network),
            (None, WeightsChoice::Builtin) => builtin(),
            (None, WeightsChoice::File(path)) => panic!(
                "the weights file {} was not read when the spec was parsed",
                path.display()
            ),
        }
    }
}

/// The options of `ntuple`.
pub(crate) const OPTIONS: OptionTable<NtupleConfig> = OptionTable {
    options: &[OptionDef::new(
        "weights",
        "the network: builtin (the one c4 ships) or a .c4nt file that c4 learn wrote",
        Field::File {
            shipped: &[BUILTIN],
            get: |c| c.weights.to_string(),
            set: |c, text| {
                c.weights = if text == BUILTIN {
                    WeightsChoice::Builtin
                } else if text.contains([',', '=']) {
                    return Err(());
                } else {
                    WeightsChoice::File(PathBuf::from(text))
                };
                c.network = None;
                Ok(())
            },
        },
    )],
    default: NtupleConfig::default,
};

/// The `ntuple` evaluator: a trained n-tuple network's value of the position; its clones
/// share one network.
#[derive(Clone, Debug)]
pub struct Ntuple {
    network: Arc<Network>,
}

impl Ntuple {
    /// The evaluator of `config`'s network.
    #[must_use]
    pub fn new(config: &NtupleConfig) -> Ntuple {
        Ntuple {
            network: config.network(),
        }
    }
}

impl Evaluator for Ntuple {
    /// The network's value for the side to move (tanh of its sum, -1 to 1) in millionths,
    /// negated for the other player.
    fn evaluate(&mut self, position: &Position, view: Player, _: Option<Column>) -> Eval {
        let value = (self.network.value(position) * WIN_VALUE).round() as Eval;
        if view == position.side_to_move() {
            value
        } else {
            -value
        }
    }

    /// Two terms: the selected weights' sum (in millionths, for the view), and what tanh
    /// takes from it.
    fn breakdown(&mut self, position: &Position, view: Player, last: Option<Column>) -> Vec<Term> {
        let sign = if view == position.side_to_move() {
            1
        } else {
            -1
        };
        let sum =
            sign * (f64::from(self.network.sum(position)) * f64::from(WIN_VALUE)).round() as i64;
        let value = i64::from(self.evaluate(position, view, last));
        vec![
            Term {
                name: format!(
                    "sum of the {} weights the position selects",
                    2 * self.network.layout().tuples().len()
                ),
                own: sum,
                opponent: 0,
                value: sum,
            },
            Term {
                name: "tanh of the sum".to_owned(),
                own: value,
                opponent: 0,
                value: value - sum,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::parse_moves;

    /// The shipped network's values of fixed positions, in millionths of a win for the side
    /// to move, recorded from `crates/c4-eval/data/ntuple/builtin.c4nt` (the fingerprint
    /// below) as this crate reads it: decoding, the mirror sharing, the sum of the selected
    /// weights, tanh. They pin both the file and its reading, so a new network or a change
    /// to how one is read changes them, and they are then recorded again from it.
    #[test]
    fn the_shipped_network_values_fixed_positions_as_recorded() {
        assert_eq!(
            builtin_fingerprint(),
            0xc3d9_555d,
            "the shipped network's file is not the one these values were recorded from"
        );
        let mut evaluator = Ntuple::new(&NtupleConfig::default());
        for (moves, recorded) in [
            // The empty board, which the first player wins, and the first replies.
            ("", 970_172),
            ("4", -970_774),
            ("44", 972_907),
            ("4455", 906_916),
            // A middle game, 17 plies in.
            ("43443555326677612", -614_687),
            // Red to move with three in the bottom row, open at both ends: a win next.
            ("445566", 993_327),
        ] {
            let position = parse_moves(moves).unwrap();
            let value = evaluator.evaluate(&position, position.side_to_move(), None);
            assert_eq!(value, recorded, "{moves:?}");
        }
    }

    #[test]
    fn a_file_that_is_no_network_is_refused_with_its_name() {
        let dir = std::env::temp_dir().join(format!("c4-ntuple-eval-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.c4nt");
        std::fs::write(&path, b"C4NTUPLE\x01\x00\x00\x00").unwrap();
        let error = WeightsChoice::File(path.clone()).load().unwrap_err();
        let text = error.to_string();
        assert!(text.contains("bad.c4nt"), "{text}");
        assert!(text.contains("cut short"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
