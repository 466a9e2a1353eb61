//! A network as the evaluator reads it: every weight as the weights file stores it, an
//! `i16` times one scale, so that a position's weights are summed as integers from tables
//! half the size of the trained `f32` ones.
//!
//! A network's tables are tens of megabytes (the shipped one's 37 MB as `f32`), and the
//! patterns a position selects lie far apart in them: the evaluator's time goes to fetching
//! the weights, not to finding them, so halving the tables' size halves much of it. The
//! weights are those of the network's file ([`super::file`]), so a network read from its
//! file is valued with the very weights written there, summed exactly.

use super::file::{self, WeightsError};
use super::layout::Layout;
use super::network::{Network, cell_states, pattern, table_size, tuple_cells, weight_count};
use c4_core::{Geometry, Position, Size};

/// A network's layout and its weights, quantized as its file stores them.
#[derive(Clone, Debug, PartialEq)]
pub struct CompactNetwork {
    layout: Layout,
    /// Each tuple's cells and its mirror's, as bit indices: `2 * T` rows of `L` cells.
    cells: Vec<u8>,
    /// Every weight divided by `scale`, rounded, laid as [`Network::weights`] lays them.
    weights: Vec<i16>,
    scale: f32,
}

impl CompactNetwork {
    /// `network`'s weights, quantized as [`super::file::encode`] quantizes them.
    #[must_use]
    pub fn new(network: &Network) -> CompactNetwork {
        let (scale, weights) = network.quantized();
        CompactNetwork::from_quantized(network.layout().clone(), scale, weights)
            .expect("a network's weights are its layout's")
    }

    /// The network of a weights file's bytes as the evaluator reads it: the stored weights
    /// and scale themselves, with no `f32` tables on the way.
    pub fn decode(bytes: &[u8]) -> Result<CompactNetwork, WeightsError> {
        let (layout, scale, quantized) = file::decode_quantized(bytes)?;
        Ok(
            CompactNetwork::from_quantized(layout, scale, quantized)
                .expect("sized from the layout"),
        )
    }

    /// A network of `layout` whose weights are `weights` times `scale`, laid as
    /// [`Network::weights`] lays them ([`CompactNetwork::decode`] reads them so);
    /// `None` if their number is not `2 * T * 4^L`.
    #[must_use]
    pub fn from_quantized(layout: Layout, scale: f32, weights: Vec<i16>) -> Option<CompactNetwork> {
        if weights.len() != weight_count(&layout) {
            return None;
        }
        Some(CompactNetwork {
            cells: tuple_cells(&layout),
            layout,
            weights,
            scale,
        })
    }

    /// The network of these weights, each `f32` the quantized weight times the scale: the
    /// network [`super::file::decode`] reads from the file of this one.
    #[must_use]
    pub fn to_network(&self) -> Network {
        let weights = self
            .weights
            .iter()
            .map(|&q| f32::from(q) * self.scale)
            .collect();
        Network::with_weights(self.layout.clone(), weights).expect("the layout's weights")
    }

    /// Its layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The board it values positions of.
    #[must_use]
    pub fn size(&self) -> Size {
        self.layout.size()
    }

    /// The sum of the weights `position` (of the network's size) selects: the integer sum of
    /// the quantized weights, times the scale.
    #[must_use]
    pub fn sum<G: Geometry>(&self, position: &Position<G>) -> f32 {
        debug_assert_eq!(position.size(), self.size());
        let states = cell_states(position);
        let length = self.layout.tuple_len();
        let table = table_size(length);
        let side = (position.moves_played() % 2) as usize;
        let tables = &self.weights[side * self.layout.tuples().len() * table..];
        // The indices of a batch of tuples first, then their weights: the fetches, each far
        // from the last, are then issued together rather than between index computations.
        const BATCH: usize = 32;
        let mut total = 0i32;
        let mut at = [0usize; 2 * BATCH];
        for (pairs, batch_tables) in self
            .cells
            .chunks(2 * length * BATCH)
            .zip(tables.chunks(table * BATCH))
        {
            let count = pairs.len() / length;
            for (slot, cells) in at.iter_mut().zip(pairs.chunks_exact(length)) {
                *slot = pattern(&states, cells);
            }
            for (k, &index) in at[..count].iter().enumerate() {
                total += i32::from(batch_tables[(k / 2) * table + index]);
            }
        }
        (f64::from(total) * f64::from(self.scale)) as f32
    }

    /// The value of `position` for the side to move, in -1..1: tanh of
    /// [`CompactNetwork::sum`].
    #[must_use]
    pub fn value<G: Geometry>(&self, position: &Position<G>) -> f32 {
        self.sum(position).tanh()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::parse_moves;

    #[test]
    fn it_values_positions_as_the_network_of_its_file_does() {
        // Also pins the weights' order: a wrong table, side or batch shows as another sum.
        // 70 tuples: more than one batch, the last one short.
        let layout = Layout::random_walks(Size::STANDARD, 5, 70, 6).unwrap();
        let count = crate::ntuple::network::SIDES * 70 * table_size(6);
        // Distinct weights of both signs, so a wrong table or index shows.
        let weights = (0..count)
            .map(|i| ((i * 7919) % 2003) as f32 * 1e-4 - 0.1)
            .collect();
        let trained = Network::with_weights(layout, weights).unwrap();
        let compact = CompactNetwork::new(&trained);
        assert_eq!(compact.weights.len(), trained.weights().len());
        let bytes = file::encode(&trained);
        let read = file::decode(&bytes).unwrap();
        assert_eq!(compact.to_network(), read);
        assert_eq!(CompactNetwork::decode(&bytes).unwrap(), compact);
        for moves in ["", "4", "4455", "1234567", "43443555326677612", "444444"] {
            let position = parse_moves(moves).unwrap();
            let (exact, from_file) = (compact.sum(&position), read.sum(&position));
            assert!(
                (exact - from_file).abs() < 1e-4,
                "{moves}: {exact} {from_file}"
            );
            let mirrored = position.mirrored();
            assert_eq!(compact.sum(&position), compact.sum(&mirrored), "{moves}");
        }
    }
}
