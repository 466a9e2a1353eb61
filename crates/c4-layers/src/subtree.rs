//! Which positions a chunk holds: the layer's positions split by the root-ply position they
//! descend from.
//!
//! A [`Layout`] names a root ply (9 for the deep layers: the built-in book's deepest) and the
//! layer's ply. The roots are every position of the root ply that is not over, one of each
//! mirror pair, in ascending canonical key. A layer position (not over, its side to move
//! unable to win at once, one of each mirror pair) may descend from several roots; it
//! belongs to the one whose key is first in a scrambled order ([`rank`], a bijection of the
//! keys), so every layer position belongs to exactly one root, each root's share ([`owned`])
//! is found from the root alone by walking its subtree, and the shares are spread over the
//! roots (with the smallest key first, the first chunk of ply 12 held 59,351 positions, eight
//! times its part). A chunk is a run of consecutive roots: its positions are their shares,
//! root after root, each share in ascending canonical key.

use c4_core::{Column, Position, WIDTH};

/// Where a layer's positions come from and how they are grouped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The ply of the roots.
    pub root_ply: u32,
    /// The ply of the layer's positions.
    pub ply: u32,
    /// Roots a chunk holds (the last chunk may hold fewer).
    pub roots_per_chunk: usize,
}

impl Layout {
    /// The ply-12 layer: roots at ply 9 (the built-in book's deepest), 500 a chunk (about
    /// 9,000 positions, some minutes of one core).
    pub const PLY12: Layout = Layout {
        root_ply: 9,
        ply: 12,
        roots_per_chunk: 500,
    };

    /// The layer of `ply` over roots at ply 9, 500 a chunk; `None` for a ply the roots do not
    /// precede by one to four plies.
    #[must_use]
    pub fn deep(ply: u32) -> Option<Layout> {
        (10..=13).contains(&ply).then_some(Layout {
            ply,
            ..Layout::PLY12
        })
    }

    /// Plies between a root and its share.
    #[must_use]
    pub fn span(&self) -> u32 {
        self.ply - self.root_ply
    }
}

/// The roots of a layout: every position of its root ply that is not over, one of each
/// mirror pair, as canonical keys in ascending order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roots {
    keys: Vec<u64>,
}

impl Roots {
    /// Every root of `layout`, found breadth first from the empty board (ply 9: 269,531
    /// roots in some 60 ms).
    #[must_use]
    pub fn of(layout: &Layout) -> Roots {
        let mut keys = vec![Position::new().canonical_key()];
        for _ in 0..layout.root_ply {
            keys = next_level(&keys, Position::canonical_key);
        }
        Roots { keys }
    }

    /// How many roots there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The canonical keys of the roots, ascending.
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The number of chunks of `layout`.
    #[must_use]
    pub fn chunk_count(&self, layout: &Layout) -> usize {
        self.keys.len().div_ceil(layout.roots_per_chunk)
    }

    /// The roots of chunk `chunk`: its first root's index and their keys (empty past the
    /// last chunk).
    #[must_use]
    pub fn chunk(&self, layout: &Layout, chunk: usize) -> (usize, &[u64]) {
        let first = (chunk * layout.roots_per_chunk).min(self.keys.len());
        let last = (first + layout.roots_per_chunk).min(self.keys.len());
        (first, &self.keys[first..last])
    }

    /// The index of the root with canonical key `key`, if it is one.
    #[must_use]
    pub fn index_of(&self, key: u64) -> Option<usize> {
        self.keys.binary_search(&key).ok()
    }
}

/// The positions one disc after those of `level` that are not over, as the ascending values
/// of `identify` (the key, or the canonical key to keep one of each mirror pair). A level is
/// its keys alone, each position made again from its key: sorting a million bare keys and
/// dropping repeats is several times faster than a hash set of positions, and every process
/// that reads a layer finds the root ply's level once.
fn next_level(level: &[u64], identify: fn(&Position) -> u64) -> Vec<u64> {
    next_level_split(level, identify).going
}

/// The positions one disc after a level's, split as [`next_level_split`] finds them.
pub(crate) struct Level {
    /// Still in play.
    pub going: Vec<u64>,
    /// Ended by that disc: four in a row, or the last cell filled.
    pub over: Vec<u64>,
}

/// The positions one disc after those of `level` (positions in play), each kind as the
/// ascending values of `identify`, without repeats.
pub(crate) fn next_level_split(level: &[u64], identify: fn(&Position) -> u64) -> Level {
    let mut going: Vec<u64> = Vec::with_capacity(level.len() * WIDTH);
    let mut over: Vec<u64> = Vec::new();
    for &key in level {
        let position = Position::from_key(key).expect("a level holds keys of positions");
        for column in Column::ALL {
            if position.can_play(column) {
                let mut child = position;
                child.play_unchecked(column);
                if child.is_over() {
                    over.push(identify(&child));
                } else {
                    going.push(identify(&child));
                }
            }
        }
    }
    for keys in [&mut going, &mut over] {
        keys.sort_unstable();
        keys.dedup();
    }
    Level { going, over }
}

/// A CRC-32 of `keys` (little-endian bytes): what a chunk file records of its roots, so that
/// a file is never read against other roots than those it was built from.
#[must_use]
pub fn roots_digest(keys: &[u64]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    for key in keys {
        hasher.update(&key.to_le_bytes());
    }
    hasher.finalize()
}

/// Whether `position` is one a layer holds: not over, and its side to move cannot win at
/// once (those are answered without a book).
#[must_use]
pub fn is_layer_position(position: &Position) -> bool {
    !position.is_over() && !position.can_win_next()
}

/// Where a root's canonical key comes in the order that decides ownership: the key times an
/// odd constant, modulo 2^64 (a bijection, so no two roots tie).
#[must_use]
pub fn rank(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The canonical key of the root that `position` (a position of `layout`'s ply that is not
/// over) belongs to: of the roots it descends from, the first by [`rank`], found by
/// taking back its top discs in every order the colours allow. Some of those orders end on
/// discs no game can lay (a column holding red, red, yellow after three moves); `roots`,
/// every reachable position of the root ply, tells them apart. `None` for a position no
/// game reaches.
#[must_use]
pub fn owner(position: &Position, layout: &Layout, roots: &Roots) -> Option<u64> {
    debug_assert_eq!(position.moves_played(), layout.ply);
    // A few hundred ancestors at most: sorting them beats hashing them.
    let mut level = vec![*position];
    for _ in 0..layout.span() {
        let mut next = Vec::with_capacity(level.len() * WIDTH);
        for ancestor in &level {
            for column in Column::ALL {
                let mut parent = *ancestor;
                if parent.undo(column) {
                    next.push(parent);
                }
            }
        }
        next.sort_unstable_by_key(Position::key);
        next.dedup_by_key(|parent| parent.key());
        level = next;
    }
    let mut candidates: Vec<u64> = level.iter().map(Position::canonical_key).collect();
    candidates.sort_unstable_by_key(|&key| rank(key));
    candidates
        .into_iter()
        .find(|&key| roots.index_of(key).is_some())
}

/// The layer positions that belong to the root with canonical key `root` (see [`owner`]), in
/// ascending canonical key, each as its canonical position (the smaller-keyed of the pair).
#[must_use]
pub fn owned(root: u64, layout: &Layout, roots: &Roots) -> Vec<Position> {
    let Some(start) = Position::from_key(root) else {
        return Vec::new();
    };
    let mut level = vec![start.key()];
    for _ in 0..layout.span() {
        level = next_level(&level, Position::key);
    }
    let mut share: Vec<Position> = level
        .into_iter()
        .map(|key| canonical(&Position::from_key(key).expect("a level holds keys of positions")))
        .filter(is_layer_position)
        .collect();
    share.sort_unstable_by_key(Position::key);
    share.dedup_by_key(|position| position.key());
    share.retain(|position| owner(position, layout, roots) == Some(root));
    share
}

/// The one of `position` and its mirror image with the smaller key.
#[must_use]
pub fn canonical(position: &Position) -> Position {
    let mirrored = position.mirrored();
    if mirrored.key() < position.key() {
        mirrored
    } else {
        *position
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    const SMALL: Layout = Layout {
        root_ply: 3,
        ply: 6,
        roots_per_chunk: 7,
    };

    /// Every canonical layer position of `ply`, by brute force.
    fn layer_positions(ply: u32) -> std::collections::HashSet<u64> {
        let mut level = vec![Position::new()];
        for _ in 0..ply {
            let mut next = Vec::new();
            for position in &level {
                for column in position.legal_moves() {
                    let mut child = *position;
                    child.play_unchecked(column);
                    if !child.is_over() {
                        next.push(child);
                    }
                }
            }
            level = next;
        }
        level
            .iter()
            .filter(|p| is_layer_position(p))
            .map(Position::canonical_key)
            .collect()
    }

    #[test]
    fn the_shares_of_all_roots_are_the_layer_each_position_once() {
        let roots = Roots::of(&SMALL);
        assert!(roots.keys().windows(2).all(|w| w[0] < w[1]));
        let mut counted: HashMap<u64, usize> = HashMap::new();
        for chunk in 0..roots.chunk_count(&SMALL) {
            let (_, keys) = roots.chunk(&SMALL, chunk);
            for &root in keys {
                let share = owned(root, &SMALL, &roots);
                assert!(share.windows(2).all(|w| w[0].key() < w[1].key()));
                for position in share {
                    assert_eq!(position.moves_played(), SMALL.ply);
                    assert_eq!(position.key(), position.canonical_key());
                    *counted.entry(position.key()).or_default() += 1;
                }
            }
        }
        let expected = layer_positions(SMALL.ply);
        assert_eq!(counted.len(), expected.len());
        assert!(counted.values().all(|&n| n == 1));
        assert!(counted.keys().all(|key| expected.contains(key)));
    }

    #[test]
    fn a_position_s_owner_is_one_of_its_ancestors_whatever_its_orientation() {
        let roots = Roots::of(&SMALL);
        for moves in ["444444", "123456", "716253", "445566", "525511"] {
            let position = c4_core::parse_moves(moves).unwrap();
            let root = owner(&position, &SMALL, &roots).unwrap();
            assert!(roots.index_of(root).is_some(), "{moves}");
            assert_eq!(
                Some(root),
                owner(&position.mirrored(), &SMALL, &roots),
                "{moves}"
            );
            let prefix = c4_core::parse_moves(&moves[..3]).unwrap();
            assert!(rank(root) <= rank(prefix.canonical_key()), "{moves}");
        }
    }

    #[test]
    fn chunks_cover_the_roots_in_order() {
        let roots = Roots::of(&SMALL);
        let mut next = 0;
        for chunk in 0..roots.chunk_count(&SMALL) {
            let (first, keys) = roots.chunk(&SMALL, chunk);
            assert_eq!(first, next);
            assert!(!keys.is_empty() && keys.len() <= SMALL.roots_per_chunk);
            next += keys.len();
        }
        assert_eq!(next, roots.len());
        assert!(roots.chunk(&SMALL, roots.chunk_count(&SMALL)).1.is_empty());
    }
}
