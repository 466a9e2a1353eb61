//! `/api/layer`, the browser build's second route of its own: which chunks of the ply-12
//! layer a request's answers read, for the page to fetch and [`supply`] before it asks.
//!
//! The page ships the layer's chunks beside the module, not inside it (some 10 KB each, 5.7
//! MB in all), and each worker holds the ones it was given: the store of
//! [`LayerStore::supplied_ply12`], which from its first use is the layer every player and
//! analysis of the worker reads. A position of plies 9 to 12 reads a few of them (ply 9:
//! some 15 to 65 of the 540, ply 11: one to seven); any other reads none.

use c4_api::RequestError;
use c4_core::{Position, Size, Standard};
use c4_layers::{LayerError, LayerStore};
use serde::{Deserialize, Serialize};

/// The position (or the line) whose chunks are asked for.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LayerRequest {
    /// Moves from the empty board; absent means the empty board.
    #[serde(default)]
    pub moves: String,
    /// The board's size; absent means 7x6. The layer is 7x6's: other sizes read none.
    #[serde(default)]
    pub size: Size,
    /// Whether every position of the line is asked about (a review), not the last alone.
    #[serde(default)]
    pub line: bool,
}

/// The chunks a request reads.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct LayerAnswer {
    /// The moves read.
    pub moves: String,
    /// The layer's ply.
    pub ply: u32,
    /// The chunks its answers read, by number, ascending (`chunk-NNNNN.c4layer`).
    pub chunks: Vec<usize>,
}

/// The chunks of the layer that the answers about the request's position (or each position of
/// its line) read.
pub fn layer(request: &LayerRequest) -> Result<LayerAnswer, RequestError> {
    let store = LayerStore::supplied_ply12();
    let game = c4_api::parse_game_on(&request.moves, request.size)?;
    // The layer holds 7x6 positions: a game of another board reads none.
    let mut chunks: Vec<usize> = match game.to_geometry(Standard) {
        None => Vec::new(),
        Some(game) if request.line => {
            let mut position = Position::new();
            let mut chunks = store.chunks_below(&position);
            for &column in game.moves() {
                position.play_unchecked(column);
                chunks.extend(store.chunks_below(&position));
            }
            chunks
        }
        Some(game) => store.chunks_below(game.position()),
    };
    chunks.sort_unstable();
    chunks.dedup();
    Ok(LayerAnswer {
        moves: game.move_string(),
        ply: store.layout().ply,
        chunks,
    })
}

/// Chunk `number` of the ply-12 layer, as fetched (a `chunk-NNNNN.c4layer` file's bytes),
/// checked and kept for this worker's answers; an error names what is wrong with it.
pub fn supply(number: usize, bytes: &[u8]) -> Result<(), LayerError> {
    LayerStore::supplied_ply12().supply(number, bytes)
}
