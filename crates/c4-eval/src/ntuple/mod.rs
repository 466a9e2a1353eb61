//! `ntuple`: an n-tuple network, a value function learned from self-play (Thill, Koch and
//! Konen, PPSN 2012; Thill et al., CIG 2014; Bagheri et al., IEEE TCIAIG 2016).
//!
//! Tuples of cells laid as random walks ([`layout`]) each select one weight by the pattern
//! of their cells, for the side to move and for the board's mirror image; the value is the
//! tanh of the selected weights' sum ([`network`]). The weights are stored quantized and
//! sparse in a versioned, checksummed file ([`file`](mod@file)); [`evaluator`] puts a network behind
//! the [`Evaluator`](crate::Evaluator) trait as `eval=ntuple`, reading it in the file's
//! quantized form ([`compact`]).

pub mod compact;
pub mod evaluator;
pub mod file;
pub mod layout;
pub mod network;

pub use compact::CompactNetwork;
pub use evaluator::{Ntuple, NtupleConfig, NtupleOptions, WeightsChoice};
pub use file::WeightsError;
pub use layout::{Layout, LayoutError};
pub use network::{BlendError, Network};
