//! `ntuple` as an evaluator: a network's value of a position, in millionths of a win, for
//! search to use at its leaves like any other heuristic.
//!
//! The network is named by `weights=`: `builtin`, the one c4 ships (`crates/c4-eval/data/ntuple/`, its
//! provenance in that folder's README), or a `.c4nt` file that `c4 learn` wrote. A parsed
//! spec holds its network ([`NtupleConfig`]): a file is read while the spec naming it is
//! parsed, so a bad file is an error of the spec and a parsed spec always has a network to
//! evaluate with. The shipped network is decoded once per process, when first named; a file
//! is read once for as long as some spec holds its network, so a tournament whose players
//! name the same file shares one copy, and a network no spec holds is freed. A network's
//! tuples are cells of one board, so the evaluator is bound to its network's size (the
//! shipped network's is 7x6; [`crate::EvalSpec::supported_sizes`]). A network is held in its
//! file's quantized form ([`CompactNetwork`]), the weights written there, at half the
//! memory of the trained form and read that much faster.

use super::compact::CompactNetwork;
use super::file::{self as weights_file, WeightsError};
use crate::{Eval, Evaluator, Player, Term};
use c4_core::{Column, Geometry, Position};
use c4_options::{
    Field, FileOption, OptionDef, OptionDoc, OptionTable, Options, SpecError, Tunable,
    VariantOptions,
};
use c4_solver::files::{self, FileError};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

/// The word of `weights=` that names the shipped network.
pub const BUILTIN: &str = "builtin";

/// The shipped network's [`weights_file::fingerprint`]: what a study records to tell one
/// shipped network from the next, and what bytes handed to [`supply_builtin`] must have. A
/// test checks it against the file.
pub const BUILTIN_FINGERPRINT: u32 = 0x8c61_3eac;

/// The shipped network's bytes (`crates/c4-eval/data/ntuple/builtin.c4nt`), built into every
/// native program. The WebAssembly engine is built without them: its page fetches the file
/// the first time a request names the network, and hands it over ([`supply_builtin`]), so
/// that the page's first load does not carry 4.6 MB (3.2 MB compressed) most visits never
/// read.
#[cfg(not(target_arch = "wasm32"))]
static BUILTIN_BYTES: &[u8] = include_bytes!("../../data/ntuple/builtin.c4nt");

/// The shipped network, decoded when first named (native) or when supplied (WebAssembly).
static BUILTIN_NETWORK: OnceLock<Arc<CompactNetwork>> = OnceLock::new();

/// The networks of the files that specs hold, by path. An entry keeps no network alive: one
/// that no spec holds any more is freed, and its entry dropped at the next read.
static FILES: Mutex<Vec<(PathBuf, Weak<CompactNetwork>)>> = Mutex::new(Vec::new());

/// The largest weights file read: a network of 1,000 tuples of 10 cells, every weight
/// stored, is about 5.2 GB; no trained network comes near a quarter of that.
pub const MAX_WEIGHTS_BYTES: u64 = 1 << 30;

/// A network's value of 1 (a sure win for the side to move), as an [`Eval`].
pub const WIN_VALUE: f32 = 1_000_000.0;

/// Which network `ntuple` evaluates with, as a spec names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum WeightsChoice {
    /// The network c4 ships.
    #[default]
    Builtin,
    /// A weights file.
    File(PathBuf),
}

impl std::str::FromStr for WeightsChoice {
    type Err = std::convert::Infallible;

    /// `builtin` names the shipped network; any other text, a file.
    fn from_str(text: &str) -> Result<WeightsChoice, Self::Err> {
        Ok(if text == BUILTIN {
            WeightsChoice::Builtin
        } else {
            WeightsChoice::File(PathBuf::from(text))
        })
    }
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
    /// The built-in network is not in this program and was not supplied yet.
    #[error(
        "the built-in network is not loaded yet: the page fetches it (engine/builtin.c4nt) \
         the first time a request names it"
    )]
    NotSupplied,
    /// Bytes supplied as the built-in network are another file.
    #[error(
        "the bytes supplied as the built-in network are another file (fingerprint {found:08x}, \
         not {BUILTIN_FINGERPRINT:08x})"
    )]
    NotBuiltin {
        /// The fingerprint of the bytes supplied.
        found: u32,
    },
}

impl WeightsChoice {
    /// The network chosen: the shipped one, or the file's, read unless a spec holds it
    /// already.
    pub fn load(&self) -> Result<Arc<CompactNetwork>, NetworkError> {
        match self {
            WeightsChoice::Builtin => builtin(),
            WeightsChoice::File(path) => {
                let mut held = FILES.lock().unwrap_or_else(PoisonError::into_inner);
                held.retain(|(_, network)| network.strong_count() > 0);
                if let Some(network) = held
                    .iter()
                    .find(|(p, _)| p == path)
                    .and_then(|(_, network)| network.upgrade())
                {
                    return Ok(network);
                }
                let bytes = files::read_bytes(path, MAX_WEIGHTS_BYTES)?;
                let network =
                    CompactNetwork::decode(&bytes).map_err(|source| NetworkError::Weights {
                        path: path.display().to_string(),
                        source,
                    })?;
                let network = Arc::new(network);
                held.push((path.clone(), Arc::downgrade(&network)));
                Ok(network)
            }
        }
    }
}

/// The shipped network, decoded once; on WebAssembly, once its bytes were supplied.
pub fn builtin() -> Result<Arc<CompactNetwork>, NetworkError> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let network = BUILTIN_NETWORK.get_or_init(|| {
            Arc::new(CompactNetwork::decode(BUILTIN_BYTES).expect("the shipped network decodes"))
        });
        Ok(Arc::clone(network))
    }
    #[cfg(target_arch = "wasm32")]
    {
        BUILTIN_NETWORK
            .get()
            .map(Arc::clone)
            .ok_or(NetworkError::NotSupplied)
    }
}

/// Hands the shipped network's file (`builtin.c4nt`, fetched by the page) to a program built
/// without it; a program that has it checks the bytes all the same. Bytes of another file,
/// or damaged ones, are refused and change nothing.
pub fn supply_builtin(bytes: &[u8]) -> Result<(), NetworkError> {
    let found = weights_file::fingerprint(bytes);
    if found != BUILTIN_FINGERPRINT {
        return Err(NetworkError::NotBuiltin { found });
    }
    let network = CompactNetwork::decode(bytes).map_err(|source| NetworkError::Weights {
        path: BUILTIN.to_owned(),
        source,
    })?;
    BUILTIN_NETWORK.get_or_init(|| Arc::new(network));
    Ok(())
}

/// Settings of `ntuple`: which network, and that network, read.
#[derive(Clone)]
pub struct NtupleConfig {
    weights: WeightsChoice,
    network: Arc<CompactNetwork>,
}

impl std::fmt::Debug for NtupleConfig {
    /// The weights as named; the network's millions of weights are left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NtupleConfig")
            .field("weights", &self.weights)
            .finish_non_exhaustive()
    }
}

impl PartialEq for NtupleConfig {
    /// Two configs are equal when they name the same weights, as their canonical texts are.
    fn eq(&self, other: &Self) -> bool {
        self.weights == other.weights
    }
}

impl Eq for NtupleConfig {}

impl NtupleConfig {
    /// The config of `weights`, its network read now.
    pub fn open(weights: WeightsChoice) -> Result<NtupleConfig, NetworkError> {
        let network = weights.load()?;
        Ok(NtupleConfig { weights, network })
    }

    /// The weights chosen.
    #[must_use]
    pub fn weights(&self) -> &WeightsChoice {
        &self.weights
    }

    /// Its network.
    #[must_use]
    pub fn network(&self) -> &Arc<CompactNetwork> {
        &self.network
    }
}

/// The options of `ntuple` as text: which weights. [`NtupleOptions`] reads their network.
const TABLE: OptionTable<WeightsChoice> = OptionTable {
    options: &[OptionDef::new(
        "weights",
        "the network: builtin (the one c4 ships) or a .c4nt file that c4 learn wrote",
        Field::File {
            shipped: &[BUILTIN],
            get: ToString::to_string,
            set: |weights, text| {
                // A spec's separators are no part of a file name there.
                if text.contains([',', '=']) {
                    return Err(());
                }
                *weights = text.parse().expect("any text names a network");
                Ok(())
            },
        },
    )],
    default: WeightsChoice::default,
};

/// The options of `ntuple` as a registry lists them, for the variant of the specs `S` that
/// holds an [`NtupleConfig`]: the `weights` option is read, then its network, so parsing
/// yields a config with its network or an error of the spec.
pub struct NtupleOptions<S: 'static> {
    /// Puts a configuration in its variant.
    pub wrap: fn(NtupleConfig) -> S,
    /// Its configuration, if the spec is this variant.
    pub unwrap: fn(&S) -> Option<&NtupleConfig>,
}

impl<S> NtupleOptions<S> {
    /// The config of `weights`, its network read, or why it cannot be: a spec's error.
    fn open(weights: WeightsChoice) -> Result<NtupleConfig, SpecError> {
        let value = c4_core::excerpt(&weights.to_string());
        NtupleConfig::open(weights).map_err(|e| SpecError::Unavailable {
            key: "weights",
            value,
            reason: e.to_string(),
        })
    }
}

impl<S> VariantOptions<S> for NtupleOptions<S> {
    fn holds(&self, spec: &S) -> bool {
        (self.unwrap)(spec).is_some()
    }
    fn parse(&self, options: &mut Options) -> Result<S, SpecError> {
        let weights = TABLE.parse(options)?;
        Ok((self.wrap)(Self::open(weights)?))
    }
    fn canonical(&self, spec: &S) -> Vec<String> {
        (self.unwrap)(spec).map_or_else(Vec::new, |c| TABLE.canonical(&c.weights))
    }
    fn docs(&self) -> Vec<OptionDoc> {
        TABLE.docs()
    }
    fn keys(&self) -> Vec<&'static str> {
        TABLE.keys()
    }
    fn file_options(&self) -> Vec<FileOption> {
        TABLE.file_options()
    }
    fn tunables(&self, spec: &S) -> Vec<Tunable> {
        (self.unwrap)(spec).map_or_else(Vec::new, |c| TABLE.tunables(&c.weights))
    }
    fn set_tunable(&self, spec: &mut S, key: &str, value: i64) -> Result<(), SpecError> {
        if let Some(config) = (self.unwrap)(spec) {
            let mut weights = config.weights.clone();
            TABLE.set_tunable(&mut weights, key, value)?;
            *spec = (self.wrap)(Self::open(weights)?);
        }
        Ok(())
    }
}

/// The `ntuple` evaluator: a trained n-tuple network's value of the position; its clones
/// share one network.
#[derive(Clone, Debug)]
pub struct Ntuple {
    network: Arc<CompactNetwork>,
}

impl Ntuple {
    /// The evaluator of `config`'s network.
    #[must_use]
    pub fn new(config: &NtupleConfig) -> Ntuple {
        Ntuple {
            network: Arc::clone(&config.network),
        }
    }
}

/// Bound to its network's board, the one its weights were learned on: a position of another
/// size, which [`crate::EvalSpec::check_size`] refuses, scores 0.
impl<G: Geometry> Evaluator<G> for Ntuple {
    /// The network's value for the side to move (tanh of its sum, -1 to 1) in millionths,
    /// negated for the other player.
    fn evaluate(&mut self, position: &Position<G>, view: Player, _: Option<Column>) -> Eval {
        if position.size() != self.network.size() {
            debug_assert!(
                false,
                "a {} network was given a {} position",
                self.network.size(),
                position.size()
            );
            return 0;
        }
        let value = (self.network.value(position) * WIN_VALUE).round() as Eval;
        if view == position.side_to_move() {
            value
        } else {
            -value
        }
    }

    /// Two terms: the selected weights' sum (in millionths, for the view), and what tanh
    /// takes from it.
    fn breakdown(
        &mut self,
        position: &Position<G>,
        view: Player,
        last: Option<Column>,
    ) -> Vec<Term> {
        if position.size() != self.network.size() {
            return Vec::new();
        }
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
            weights_file::fingerprint(BUILTIN_BYTES),
            BUILTIN_FINGERPRINT,
            "the shipped network's file is not the one these values were recorded from"
        );
        let mut evaluator = Ntuple::new(&NtupleConfig::open(WeightsChoice::Builtin).unwrap());
        for (moves, recorded) in [
            // The empty board, which the first player wins, and the first replies.
            ("", 952_704),
            ("4", -952_343),
            ("44", 961_149),
            ("4455", 996_028),
            // A middle game, 17 plies in.
            ("43443555326677612", -775_836),
            // Red to move with three in the bottom row, open at both ends: a win next.
            ("445566", 999_983),
        ] {
            let position = parse_moves(moves).unwrap();
            let value = evaluator.evaluate(&position, position.side_to_move(), None);
            assert_eq!(value, recorded, "{moves:?}");
        }
    }

    /// The shipped file is taken as the built-in network; any other bytes are refused by
    /// their fingerprint.
    #[test]
    fn only_the_shipped_file_is_taken_as_the_built_in_network() {
        supply_builtin(BUILTIN_BYTES).unwrap();
        use crate::ntuple::{Layout, Network};
        let small = Network::zeros(Layout::random_walks(c4_core::Size::STANDARD, 1, 3, 4).unwrap());
        let other = weights_file::encode(&small);
        let error = supply_builtin(&other).unwrap_err();
        assert!(matches!(error, NetworkError::NotBuiltin { .. }), "{error}");
        let mut damaged = BUILTIN_BYTES.to_vec();
        damaged[100] ^= 1;
        let error = supply_builtin(&damaged).unwrap_err().to_string();
        assert!(error.contains("another file"), "{error}");
    }

    /// A spec naming a file holds the file's network, one copy for every spec naming it,
    /// and the network is freed with the last spec that holds it.
    #[test]
    fn specs_share_a_files_network_and_nothing_else_keeps_it() {
        use crate::EvalSpec;
        use crate::ntuple::{Layout, Network};
        let dir = std::env::temp_dir().join(format!("c4-ntuple-held-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("small.c4nt");
        let network =
            Network::zeros(Layout::random_walks(c4_core::Size::STANDARD, 1, 3, 4).unwrap());
        std::fs::write(&path, weights_file::encode(&network)).unwrap();
        let text = format!("ntuple:weights={}", path.display());
        let network_of = |spec: &EvalSpec| match spec {
            EvalSpec::Ntuple(config) => Arc::clone(config.network()),
            other => panic!("{other:?}"),
        };
        let first = EvalSpec::parse(&text).unwrap();
        let second = EvalSpec::parse(&text).unwrap();
        assert_eq!(first.to_string(), text);
        assert_eq!(network_of(&first).to_network(), network);
        assert!(Arc::ptr_eq(&network_of(&first), &network_of(&second)));
        let held = Arc::downgrade(&network_of(&first));
        drop((first, second));
        assert!(
            held.upgrade().is_none(),
            "a network outlived every spec holding it"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_file_is_an_error_of_the_spec() {
        let path = std::env::temp_dir().join(format!("c4-ntuple-none-{}.c4nt", std::process::id()));
        let error =
            crate::EvalSpec::parse(&format!("ntuple:weights={}", path.display())).unwrap_err();
        assert!(
            matches!(&error, SpecError::Unavailable { key: "weights", .. }),
            "{error:?}"
        );
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

    /// A network learned on another board binds the spec to that board: its positions are
    /// valued, 7x6 is refused naming both sizes.
    #[test]
    fn a_network_of_another_board_is_bound_to_that_board() {
        use crate::ntuple::{Layout, Network};
        use crate::{EvalSpec, SupportedSizes};
        use c4_core::{AnySize, Game, Size};
        let size: Size = "6x5".parse().unwrap();
        let dir = std::env::temp_dir().join(format!("c4-ntuple-sized-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("small.c4nt");
        let mut network = Network::zeros(Layout::random_walks(size, 1, 3, 4).unwrap());
        network.weights_mut().iter_mut().for_each(|w| *w = 0.01);
        std::fs::write(&path, weights_file::encode(&network)).unwrap();
        let spec = EvalSpec::parse(&format!("ntuple:weights={}", path.display())).unwrap();
        assert!(
            matches!(spec.supported_sizes(), SupportedSizes::Only { size: s, .. } if s == size)
        );
        assert!(spec.check_size(size).is_ok());
        let error = spec.check_size(Size::STANDARD).unwrap_err().to_string();
        assert!(error.ends_with("is trained on 6x5, not 7x6"), "{error}");
        assert!(EvalSpec::parse("ntuple").unwrap().check_size(size).is_err());
        let game = Game::from_moves_in("", AnySize::new(size)).unwrap();
        let mut evaluator = spec.build(0);
        let value = Evaluator::<AnySize>::evaluate(
            &mut evaluator,
            game.position(),
            game.position().side_to_move(),
            None,
        );
        // Six weights of 0.01 (two a tuple): tanh(0.06) in millionths.
        assert_eq!(value, (0.06f32.tanh() * WIN_VALUE).round() as Eval);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
