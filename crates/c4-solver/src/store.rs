//! What a solver reads in place of a search: exact scores stored by position. The opening
//! books (crate c4-books) and the deep layers (crate c4-layers) are such stores; they sit
//! above the solver, since building and checking them takes a solver, so the solver knows
//! them only through [`ScoreStore`]. [`Stores`] consults several as one (the built-in book's
//! plies 0-9 and the ply-12 layer).

use crate::ExactScore;
use c4_core::{Geometry, Position, Size};
use std::sync::Arc;

/// Exact scores of positions of one board size with at most [`depth`](Self::depth) discs,
/// by mirror-canonical key ([`Position::canonical_key`]: a position and its mirror image
/// score the same). A store may leave out any position; the solver searches those.
pub trait ScoreStore: Send + Sync {
    /// The board size of its positions.
    fn size(&self) -> Size;

    /// The most discs of a position it holds.
    fn depth(&self) -> u32;

    /// The exact score of the position whose canonical key is `canonical_key`, if held.
    fn score(&self, canonical_key: u64) -> Option<ExactScore>;

    /// Whether it may hold positions of `discs` discs: every count up to its depth unless it
    /// says otherwise (a layer holds one ply). The solver asks only about those, so a store
    /// is not called for the plies it lacks.
    fn holds(&self, discs: u32) -> bool {
        discs <= self.depth()
    }
}

/// The plies a store may hold, a bit a disc count (a key has at most 64 bits, so a
/// position at most 63 discs).
fn plies_held(store: &dyn ScoreStore) -> u64 {
    (0..64)
        .filter(|&discs| store.holds(discs))
        .fold(0, |mask, discs| mask | 1 << discs)
}

/// The discs of the position of the board `size` whose key is `key` (Pons' key: per column,
/// the bit above its stack marks its height once the column's bottom bit is added).
fn discs_of_key(key: u64, size: Size) -> u32 {
    let marked = key.wrapping_add(size.bottom());
    let column_bits = size.column_bits();
    let column_mask = (1u64 << column_bits) - 1;
    (0..size.width())
        .map(|column| {
            let bits = (marked >> (column * column_bits)) & column_mask;
            63u32.saturating_sub(bits.leading_zeros())
        })
        .sum()
}

/// Several stores of one board size consulted as one: a position is asked of each store
/// that holds its ply, in the order given, and the first answer is taken.
pub struct Stores {
    size: Size,
    stores: Vec<(Arc<dyn ScoreStore>, u64)>,
}

/// Why stores cannot be consulted together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoresError {
    /// Two are of different board sizes.
    #[error("a store of the {first} board and one of the {other} board cannot answer together")]
    Sizes {
        /// The first store's size.
        first: Size,
        /// The size of one that differs.
        other: Size,
    },
    /// None was given.
    #[error("no store to consult")]
    Empty,
}

impl Stores {
    /// `stores`, consulted in this order; refused when their sizes differ.
    pub fn new(stores: Vec<Arc<dyn ScoreStore>>) -> Result<Stores, StoresError> {
        let size = stores.first().ok_or(StoresError::Empty)?.size();
        if let Some(other) = stores.iter().find(|store| store.size() != size) {
            return Err(StoresError::Sizes {
                first: size,
                other: other.size(),
            });
        }
        Ok(Stores {
            size,
            stores: stores
                .into_iter()
                .map(|store| {
                    let plies = plies_held(store.as_ref());
                    (store, plies)
                })
                .collect(),
        })
    }

    /// The stores of `stores` that are there (`None` when none is), as one store: a single
    /// one as it is.
    pub fn of(
        stores: impl IntoIterator<Item = Option<Arc<dyn ScoreStore>>>,
    ) -> Result<Option<Arc<dyn ScoreStore>>, StoresError> {
        let mut stores: Vec<Arc<dyn ScoreStore>> = stores.into_iter().flatten().collect();
        Ok(match stores.len() {
            0 => None,
            1 => stores.pop(),
            _ => Some(Arc::new(Stores::new(stores)?)),
        })
    }
}

impl ScoreStore for Stores {
    fn size(&self) -> Size {
        self.size
    }

    fn depth(&self) -> u32 {
        self.stores
            .iter()
            .map(|(store, _)| store.depth())
            .max()
            .unwrap_or(0)
    }

    fn score(&self, canonical_key: u64) -> Option<ExactScore> {
        let discs = discs_of_key(canonical_key, self.size);
        if discs >= 64 {
            return None;
        }
        self.stores
            .iter()
            .filter(|(_, plies)| plies >> discs & 1 == 1)
            .find_map(|(store, _)| store.score(canonical_key))
    }

    fn holds(&self, discs: u32) -> bool {
        discs < 64 && self.stores.iter().any(|(_, plies)| plies >> discs & 1 == 1)
    }
}

/// The score a store's `stored` answer gives `position`, or its win at once: stores leave
/// out the positions whose side to move wins at once, which need no look-up.
pub fn stored_or_win_now<G: Geometry>(
    stored: Option<ExactScore>,
    position: &Position<G>,
) -> Option<ExactScore> {
    stored.or_else(|| {
        position
            .can_win_next()
            .then(|| ExactScore::win_now_in(position))
    })
}

/// The store a solver consults, with its depth and plies read once: the search's probe
/// tests a disc count before it makes a call through the trait.
#[derive(Clone)]
pub(crate) struct Consulted {
    store: Arc<dyn ScoreStore>,
    depth: u32,
    plies: u64,
}

impl Consulted {
    /// `store`, when it is of `size` (one of another size holds none of the positions).
    pub(crate) fn of_size(store: Arc<dyn ScoreStore>, size: Size) -> Option<Consulted> {
        (store.size() == size).then(|| Consulted {
            depth: store.depth(),
            plies: plies_held(store.as_ref()),
            store,
        })
    }

    /// The most discs of a position it holds.
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// The stored score of `position`, a position of the store's size.
    #[inline]
    pub(crate) fn get<G: Geometry>(&self, position: &Position<G>) -> Option<ExactScore> {
        if self.plies >> position.moves_played() & 1 == 0 {
            return None;
        }
        self.store.score(position.canonical_key())
    }

    /// The score the store gives `position`, or its win at once (stores leave out the
    /// positions whose side to move wins at once).
    pub(crate) fn known<G: Geometry>(&self, position: &Position<G>) -> Option<ExactScore> {
        stored_or_win_now(self.get(position), position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{AnySize, Position, parse_moves};
    use std::collections::HashMap;

    /// Scores of chosen positions, holding the plies given.
    struct Fixed {
        size: Size,
        plies: Vec<u32>,
        scores: HashMap<u64, ExactScore>,
    }

    impl ScoreStore for Fixed {
        fn size(&self) -> Size {
            self.size
        }
        fn depth(&self) -> u32 {
            self.plies.iter().copied().max().unwrap_or(0)
        }
        fn score(&self, canonical_key: u64) -> Option<ExactScore> {
            self.scores.get(&canonical_key).copied()
        }
        fn holds(&self, discs: u32) -> bool {
            self.plies.contains(&discs)
        }
    }

    fn fixed(plies: &[u32], entries: &[(&str, i32)]) -> Arc<dyn ScoreStore> {
        Arc::new(Fixed {
            size: Size::STANDARD,
            plies: plies.to_vec(),
            scores: entries
                .iter()
                .map(|&(moves, value)| {
                    let key = parse_moves(moves).unwrap().canonical_key();
                    (key, ExactScore::new(value).unwrap())
                })
                .collect(),
        })
    }

    #[test]
    fn a_key_tells_its_discs_on_every_size() {
        for moves in ["", "4", "4453", "1111112222", "7777776666665"] {
            let position = parse_moves(moves).unwrap();
            assert_eq!(
                discs_of_key(position.key(), Size::STANDARD),
                position.moves_played()
            );
        }
        let size: Size = "8x7".parse().unwrap();
        let mut position = Position::new_in(AnySize::new(size));
        for column in [0, 7, 7, 3, 3, 3, 3, 5] {
            assert_eq!(discs_of_key(position.key(), size), position.moves_played());
            position.play_unchecked(c4_core::Column::of_some_board(column).unwrap());
        }
    }

    #[test]
    fn stores_answer_by_ply_in_order() {
        let shallow = fixed(&[0, 1, 2], &[("4", 2), ("44", -1)]);
        let layer = fixed(&[2], &[("44", -3), ("45", 5)]);
        let stores = Stores::new(vec![shallow, layer]).unwrap();
        let key = |moves: &str| parse_moves(moves).unwrap().canonical_key();
        assert_eq!(stores.depth(), 2);
        assert!(stores.holds(1) && stores.holds(2) && !stores.holds(3));
        assert_eq!(stores.score(key("4")), ExactScore::new(2));
        // The first store that holds the ply answers; the next where it has none.
        assert_eq!(stores.score(key("44")), ExactScore::new(-1));
        assert_eq!(stores.score(key("45")), ExactScore::new(5));
        assert_eq!(stores.score(key("453")), None);
        let consulted = Consulted::of_size(Arc::new(stores), Size::STANDARD).unwrap();
        assert_eq!(
            consulted.get(&parse_moves("43").unwrap()),
            ExactScore::new(5)
        );
    }

    #[test]
    fn stores_of_two_sizes_are_refused() {
        let other = Arc::new(Fixed {
            size: "6x5".parse().unwrap(),
            plies: vec![0],
            scores: HashMap::new(),
        });
        let error = Stores::new(vec![fixed(&[0], &[]), other]).err().unwrap();
        assert_eq!(
            error.to_string(),
            "a store of the 7x6 board and one of the 6x5 board cannot answer together"
        );
        assert_eq!(Stores::new(Vec::new()).err(), Some(StoresError::Empty));
        assert!(Stores::of([None, None]).unwrap().is_none());
    }
}
