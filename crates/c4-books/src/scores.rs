//! Where a book keeps its scores: two sorted arrays when it is read whole from a binary
//! file (its keys already ascend, so loading is a copy and a lookup a binary search), a hash
//! map while it is built or read entry by entry.

use c4_solver::ExactScore;
use std::collections::HashMap;

/// Scores by mirror-canonical key, each kept in a signed byte (its number; see [`pack`]).
#[derive(Clone, Debug)]
pub(super) enum Scores {
    /// Keys strictly ascending, with the score of each at the same index.
    Sorted { keys: Vec<u64>, scores: Vec<i8> },
    /// Any order; what [`Scores::insert`] turns a sorted store into.
    Map(HashMap<u64, i8>),
}

/// A score as the store keeps it: its number, which fits a byte.
fn pack(score: ExactScore) -> i8 {
    score.value() as i8
}

/// A score the store keeps (one [`pack`] gave, or a binary book's byte checked on reading).
#[inline]
fn unpack(byte: i8) -> ExactScore {
    ExactScore::new_any_size(i32::from(byte)).expect("a kept byte is a score of some board")
}

const _: () = assert!(ExactScore::MAX.value() <= i8::MAX as i32);

impl Default for Scores {
    fn default() -> Self {
        Scores::Map(HashMap::new())
    }
}

impl Scores {
    /// The store of `keys`, which must ascend strictly, and their `scores`, each one an
    /// [`ExactScore`]'s number.
    pub(super) fn sorted(keys: Vec<u64>, scores: Vec<i8>) -> Scores {
        debug_assert!(keys.windows(2).all(|w| w[0] < w[1]));
        debug_assert_eq!(keys.len(), scores.len());
        Scores::Sorted { keys, scores }
    }

    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<ExactScore> {
        let byte = match self {
            Scores::Sorted { keys, scores } => keys.binary_search(&key).ok().map(|i| scores[i]),
            Scores::Map(map) => map.get(&key).copied(),
        };
        byte.map(unpack)
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Scores::Sorted { keys, .. } => keys.len(),
            Scores::Map(map) => map.len(),
        }
    }

    pub(super) fn insert(&mut self, key: u64, score: ExactScore) {
        if let Scores::Sorted { keys, scores } = self {
            let map = keys.iter().copied().zip(scores.iter().copied()).collect();
            *self = Scores::Map(map);
        }
        let Scores::Map(map) = self else {
            unreachable!("a sorted store became a map just above")
        };
        map.insert(key, pack(score));
    }

    /// Every entry by ascending key.
    pub(super) fn ascending(&self) -> Vec<(u64, ExactScore)> {
        match self {
            Scores::Sorted { keys, scores } => keys
                .iter()
                .zip(scores)
                .map(|(&k, &s)| (k, unpack(s)))
                .collect(),
            Scores::Map(map) => {
                let mut entries: Vec<(u64, ExactScore)> =
                    map.iter().map(|(&k, &s)| (k, unpack(s))).collect();
                entries.sort_unstable_by_key(|e| e.0);
                entries
            }
        }
    }
}

impl PartialEq for Scores {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.ascending() == other.ascending()
    }
}

impl Eq for Scores {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_stores_answer_alike_and_a_sorted_one_takes_inserts() {
        let score = |value| ExactScore::new(value).unwrap();
        let mut sorted = Scores::sorted(vec![3, 9, 40], vec![1, -2, 5]);
        let mut map = Scores::default();
        for (key, value) in [(40, 5), (3, 1), (9, -2)] {
            map.insert(key, score(value));
        }
        assert_eq!(sorted, map);
        for key in [0, 3, 4, 9, 40, 41] {
            assert_eq!(sorted.get(key), map.get(key), "key {key}");
        }
        sorted.insert(5, ExactScore::DRAW);
        assert_eq!(sorted.get(5), Some(ExactScore::DRAW));
        assert_eq!(sorted.get(40), Some(score(5)));
        let entries = [(3, 1), (5, 0), (9, -2), (40, 5)].map(|(k, v)| (k, score(v)));
        assert_eq!(sorted.ascending(), entries);
        assert_ne!(sorted, map);
    }
}
