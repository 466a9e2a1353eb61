//! The book's deep layers: every position of one ply (10 to 12) with its exact score.
//!
//! The built-in book holds every position to ply 9. Deeper plies hold millions of positions
//! (ply 12: about 4.2 million, one of each mirror pair, without those whose side to move wins
//! at once), some tens of CPU-hours to solve. So a layer is built in chunks by subtree
//! ([`subtree`]): the positions that descend from a run of ply-9 positions, solved by one
//! worker with one table, written once as a compact file ([`chunk`]: a byte a position, the
//! positions implied by the roots) when finished, and never solved again by any later run on
//! any machine ([`build`]), or solved by a task elsewhere and brought back ([`shard`]). Every
//! file read back is checked. A layer's finished chunks answer the solver as a [`LayerStore`]
//! ([`store`]), beside the built-in book; with the `builtin` feature, the finished chunks of
//! `data/ply12` are built into the program ([`LayerChoice::Builtin`], the front ends'
//! default). A complete layer's results per ply ([`counts`]) are the published strong
//! solution's.

#![deny(missing_docs)]

pub mod build;
pub mod choice;
pub mod chunk;
pub mod counts;
pub mod file_names;
pub mod shard;
pub mod store;
pub mod subtree;

pub use build::{LayerBuild, LayerDir, LayerError, LayerEvent, LayerSummary, layer_solver};
pub use choice::LayerChoice;
pub use chunk::{Chunk, ChunkError, MAX_CHUNK_BYTES};
pub use store::LayerStore;
pub use subtree::{Layout, Roots};
