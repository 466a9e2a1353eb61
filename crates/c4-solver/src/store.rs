//! What a solver reads in place of a search: exact scores stored by position. The opening
//! books (crate c4-books) are such stores; they sit above the solver, since building and
//! checking a book takes a solver, so the solver knows them only through [`ScoreStore`].

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

/// The store a solver consults, with its depth read once: the search's probe compares a
/// disc count before it makes a call through the trait.
#[derive(Clone)]
pub(crate) struct Consulted {
    store: Arc<dyn ScoreStore>,
    depth: u32,
}

impl Consulted {
    /// `store`, when it is of `size` (one of another size holds none of the positions).
    pub(crate) fn of_size(store: Arc<dyn ScoreStore>, size: Size) -> Option<Consulted> {
        (store.size() == size).then(|| Consulted {
            depth: store.depth(),
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
        if position.moves_played() > self.depth {
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
