//! Why a texel fit cannot run.

use crate::tuning::WeightsError;
use c4_core::ParseMovesError;
use c4_options::SpecError;

/// Why a texel fit cannot run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TexelError {
    /// The weights to fit cannot be chosen.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// A sample's moves are not a game.
    #[error("{moves}: {source}")]
    Sample {
        /// The sample's moves.
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The dataset is of another board than 7x6.
    #[error(transparent)]
    Dataset(#[from] c4_dataset::DatasetError),
    /// One of the splits holds no position.
    #[error("the data needs positions in both training and validation")]
    EmptySplit,
    /// A weight cannot take a value the fit tried.
    #[error(transparent)]
    Spec(#[from] SpecError),
}
