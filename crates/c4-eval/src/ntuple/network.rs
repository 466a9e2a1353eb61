//! The network: one weight table per tuple and side to move, shared with the tuple's mirror
//! image; a position's value is the tanh of the weights its patterns select.
//!
//! Each cell is in one of four states, seen from the side to move (Thill et al. 2012):
//!
//! | state | the cell |
//! |---|---|
//! | 0 | empty, and no disc can land there yet |
//! | 1 | the side to move's disc |
//! | 2 | the opponent's disc |
//! | 3 | empty, and the next disc in its column lands there |
//!
//! A tuple's pattern is the number `sum of state(cell k) * 4^k`, an index into its table.
//! The tables of the first player to move and of the second are apart (parity decides much
//! in Connect-4), so a network of `T` tuples of length `L` holds `2 * T * 4^L` weights.
//!
//! A network is of its layout's board size and values positions of that size only.

use super::layout::{Layout, LayoutError, mirror_cell};
use c4_core::{Geometry, Position, Size};

/// The sides whose tables are kept apart: the first player to move, and the second.
pub const SIDES: usize = 2;

/// A network's layout and weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    layout: Layout,
    /// Each tuple's cells and its mirror's, as bit indices: `2 * T` rows of `L` cells.
    cells: Vec<u8>,
    weights: Vec<f32>,
}

/// The weights one position selects: two per tuple (the pattern and its mirror's).
pub type Active = Vec<usize>;

/// Why networks cannot be blended into one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BlendError {
    /// Fewer than two networks.
    #[error("a blend takes two networks or more, not {0}")]
    Count(usize),
    /// Networks of different boards.
    #[error("network {index} is of the {size} board, the first of {first}")]
    Size {
        /// Which network (0-based).
        index: usize,
        /// Its board.
        size: Size,
        /// The first network's board.
        first: Size,
    },
    /// The blend's layout: tuples of different lengths, or too many of them.
    #[error("the blend's tuples: {0}")]
    Layout(#[from] LayoutError),
}

impl Network {
    /// A network of `layout` with every weight 0 (every position valued 0).
    #[must_use]
    pub fn zeros(layout: Layout) -> Network {
        let weights = vec![0.0; weight_count(&layout)];
        Network::with_weights(layout, weights).expect("the size is the layout's")
    }

    /// A network of `layout` with `weights`, laid side by side, tuple by tuple, pattern by
    /// pattern; `None` if their number is not `2 * T * 4^L`.
    #[must_use]
    pub fn with_weights(layout: Layout, weights: Vec<f32>) -> Option<Network> {
        if weights.len() != weight_count(&layout) {
            return None;
        }
        Some(Network {
            cells: tuple_cells(&layout),
            layout,
            weights,
        })
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

    /// Every weight, side by side, tuple by tuple, pattern by pattern.
    #[must_use]
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The weights as its file stores them: the scale, `max |w| / 32767` (1 for a network
    /// of zeros), and each weight divided by it, rounded.
    #[must_use]
    pub fn quantized(&self) -> (f32, Vec<i16>) {
        let largest = self.weights.iter().fold(0.0f32, |m, w| m.max(w.abs()));
        let scale = if largest > 0.0 {
            largest / f32::from(i16::MAX)
        } else {
            1.0
        };
        let weights = self
            .weights
            .iter()
            .map(|w| (w / scale).round() as i16)
            .collect();
        (scale, weights)
    }

    /// Every weight, to train.
    pub fn weights_mut(&mut self) -> &mut [f32] {
        &mut self.weights
    }

    /// The number of weights of one tuple's table.
    #[must_use]
    pub fn table_size(&self) -> usize {
        table_size(self.layout.tuple_len())
    }

    /// The weights `position` selects, written into `active` (cleared first): for each
    /// tuple, its pattern's and its mirror image's, in the side to move's tables. The
    /// position is of the network's size.
    pub fn active<G: Geometry>(&self, position: &Position<G>, active: &mut Active) {
        debug_assert_eq!(position.size(), self.size());
        active.clear();
        let states = cell_states(position);
        let length = self.layout.tuple_len();
        let table = self.table_size();
        let side = (position.moves_played() % 2) as usize;
        let mut base = side * self.layout.tuples().len() * table;
        for pair in self.cells.chunks_exact(2 * length) {
            let (plain, mirrored) = pair.split_at(length);
            active.push(base + pattern(&states, plain));
            active.push(base + pattern(&states, mirrored));
            base += table;
        }
    }

    /// The sum of the weights `position` (of the network's size) selects.
    #[must_use]
    pub fn sum<G: Geometry>(&self, position: &Position<G>) -> f32 {
        debug_assert_eq!(position.size(), self.size());
        let states = cell_states(position);
        let length = self.layout.tuple_len();
        let table = self.table_size();
        let side = (position.moves_played() % 2) as usize;
        let mut base = side * self.layout.tuples().len() * table;
        let mut sum = 0.0;
        for pair in self.cells.chunks_exact(2 * length) {
            let (plain, mirrored) = pair.split_at(length);
            sum += self.weights[base + pattern(&states, plain)];
            sum += self.weights[base + pattern(&states, mirrored)];
            base += table;
        }
        sum
    }

    /// One network whose sum is the mean of `networks`' sums: every network's tuples, each
    /// with its weights divided by the number of networks. An ensemble in one file, valued
    /// with one pass over the tuples; the networks are of one board and one tuple length.
    pub fn blend(networks: &[&Network]) -> Result<Network, BlendError> {
        let [first, ..] = networks else {
            return Err(BlendError::Count(0));
        };
        if networks.len() < 2 {
            return Err(BlendError::Count(networks.len()));
        }
        if let Some((index, other)) = networks
            .iter()
            .enumerate()
            .find(|(_, n)| n.size() != first.size())
        {
            return Err(BlendError::Size {
                index,
                size: other.size(),
                first: first.size(),
            });
        }
        let tuples = networks
            .iter()
            .flat_map(|n| n.layout.tuples().iter().cloned())
            .collect();
        let layout = Layout::new(first.size(), tuples)?;
        let share = 1.0 / networks.len() as f32;
        // The weights lie side by side: every network's first side, then every second side.
        let weights = (0..SIDES)
            .flat_map(|side| {
                networks.iter().flat_map(move |n| {
                    let per_side = n.weights.len() / SIDES;
                    n.weights[side * per_side..(side + 1) * per_side]
                        .iter()
                        .map(move |w| w * share)
                })
            })
            .collect();
        Ok(Network::with_weights(layout, weights)
            .expect("each side's tables, in the layout's order"))
    }

    /// The value of `position` for the side to move, in -1..1: tanh of [`Network::sum`].
    #[must_use]
    pub fn value<G: Geometry>(&self, position: &Position<G>) -> f32 {
        self.sum(position).tanh()
    }
}

/// The number of patterns of a tuple of `length` cells: 4^length.
#[must_use]
pub const fn table_size(length: usize) -> usize {
    1 << (2 * length)
}

/// The number of weights of a network of `layout`: a table of `4^L` per tuple and side.
#[must_use]
pub fn weight_count(layout: &Layout) -> usize {
    SIDES * layout.tuples().len() * table_size(layout.tuple_len())
}

/// Each tuple's cells of `layout` and its mirror image's, as bit indices: `2 * T` rows of
/// `L` cells, the rows a network's patterns are read from.
pub(super) fn tuple_cells(layout: &Layout) -> Vec<u8> {
    layout
        .tuples()
        .iter()
        .flat_map(|tuple| {
            let mirrored: Vec<u8> = tuple
                .iter()
                .map(|&c| mirror_cell(layout.size(), c))
                .collect();
            tuple.iter().copied().chain(mirrored)
        })
        .collect()
}

/// Every cell's state (see the module docs), by bit index.
pub(super) fn cell_states<G: Geometry>(position: &Position<G>) -> [u8; 64] {
    let own = position.current_discs().0;
    let opponent = position.opponent_discs().0;
    let playable = position.playable_cells().0;
    let mut states = [0u8; 64];
    for (bit, state) in states.iter_mut().enumerate() {
        let own = ((own >> bit) & 1) as u8;
        let opponent = ((opponent >> bit) & 1) as u8;
        let playable = ((playable >> bit) & 1) as u8;
        *state = own | (opponent << 1) | (playable * 3);
    }
    states
}

/// The pattern of `cells` in `states`: state of cell k times 4^k, summed.
pub(super) fn pattern(states: &[u8; 64], cells: &[u8]) -> usize {
    cells.iter().rev().fold(0, |index, &cell| {
        (index << 2) | usize::from(states[cell as usize])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{AnySize, Game, parse_moves};

    fn network() -> Network {
        network_of(Size::STANDARD)
    }

    fn network_of(size: Size) -> Network {
        let layout = Layout::random_walks(size, 3, 12, 6).unwrap();
        let size = SIDES * 12 * table_size(6);
        // Every weight distinct, so a wrong index shows.
        let weights = (0..size).map(|i| (i % 1013) as f32 * 1e-4 - 0.05).collect();
        Network::with_weights(layout, weights).unwrap()
    }

    #[test]
    fn a_position_and_its_mirror_image_have_one_value() {
        let network = network();
        for moves in ["", "4", "12", "4453", "1234567", "33445517"] {
            let position = parse_moves(moves).unwrap();
            let mirrored = position.mirrored();
            let (a, b) = (network.sum(&position), network.sum(&mirrored));
            assert!((a - b).abs() < 1e-5, "{moves}: {a} {b}");
        }
    }

    #[test]
    fn the_sum_is_the_sum_of_the_active_weights() {
        let network = network();
        let mut active = Active::new();
        for moves in ["", "4453", "71", "444444"] {
            let position = parse_moves(moves).unwrap();
            network.active(&position, &mut active);
            assert_eq!(active.len(), 24);
            let sum: f32 = active.iter().map(|&i| network.weights()[i]).sum();
            assert!((sum - network.sum(&position)).abs() < 1e-5, "{moves}");
        }
    }

    #[test]
    fn cell_states_follow_the_table_of_the_module_docs() {
        // Red a1, Yellow a2; Red to move: a1 own, a2 opponent, a3 and b1 playable, b2 not.
        let states = cell_states(&parse_moves("11").unwrap());
        assert_eq!(&states[0..3], &[1, 2, 3]);
        assert_eq!(states[7], 3);
        assert_eq!(states[8], 0);
    }

    #[test]
    fn the_side_to_move_picks_its_own_tables() {
        let network = network();
        let mut first = Active::new();
        let mut second = Active::new();
        network.active(&parse_moves("").unwrap(), &mut first);
        network.active(&parse_moves("4").unwrap(), &mut second);
        let half = network.weights().len() / 2;
        assert!(first.iter().all(|&i| i < half));
        assert!(second.iter().all(|&i| i >= half));
    }

    #[test]
    fn a_blend_sums_to_the_mean_of_its_networks_sums() {
        let a = network();
        let layout = Layout::random_walks(Size::STANDARD, 9, 5, 6).unwrap();
        let weights = (0..SIDES * 5 * table_size(6))
            .map(|i| (i % 997) as f32 * -2e-4 + 0.07)
            .collect();
        let b = Network::with_weights(layout, weights).unwrap();
        let blend = Network::blend(&[&a, &b]).unwrap();
        assert_eq!(blend.layout().tuples().len(), 17);
        for moves in ["", "4", "4453", "71", "1234567", "444444"] {
            let position = parse_moves(moves).unwrap();
            let mean = (a.sum(&position) + b.sum(&position)) / 2.0;
            assert!((blend.sum(&position) - mean).abs() < 1e-5, "{moves}");
        }
        let same = Network::blend(&[&a, &a, &a]).unwrap();
        let position = parse_moves("33445").unwrap();
        assert!((same.sum(&position) - a.sum(&position)).abs() < 1e-5);
    }

    #[test]
    fn networks_that_cannot_be_blended_are_refused() {
        let a = network();
        assert_eq!(Network::blend(&[]), Err(BlendError::Count(0)));
        assert_eq!(Network::blend(&[&a]), Err(BlendError::Count(1)));
        let small = network_of("6x5".parse().unwrap());
        assert!(matches!(
            Network::blend(&[&a, &small]),
            Err(BlendError::Size { index: 1, .. })
        ));
        let short = Network::zeros(Layout::random_walks(Size::STANDARD, 1, 4, 5).unwrap());
        assert!(matches!(
            Network::blend(&[&a, &short]),
            Err(BlendError::Layout(LayoutError::Uneven { .. }))
        ));
        let many = vec![&a; 100];
        assert!(matches!(
            Network::blend(&many),
            Err(BlendError::Layout(LayoutError::Count(1200)))
        ));
    }

    #[test]
    fn networks_of_other_sizes_value_their_positions_and_mirrors_alike() {
        for text in ["4x4", "6x5", "9x6", "12x4"] {
            let size: Size = text.parse().unwrap();
            let network = network_of(size);
            assert_eq!(network.size(), size);
            let geometry = AnySize::new(size);
            for moves in ["", "a", "ab", "bbca", "abcd"] {
                let game = Game::from_moves_in(moves, geometry).unwrap();
                let position = game.position();
                let (a, b) = (network.sum(position), network.sum(&position.mirrored()));
                assert!((a - b).abs() < 1e-5, "{size} {moves}: {a} {b}");
            }
            // Two weights a tuple: its pattern's and its mirror's.
            let empty = Game::new_in(geometry);
            let mut active = Active::new();
            network.active(empty.position(), &mut active);
            assert_eq!(active.len(), 24);
        }
    }
}
