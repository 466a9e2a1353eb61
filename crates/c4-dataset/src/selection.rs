//! The positions a build takes from its games, kept up to date as games are labelled: a
//! build checks after every round of games whether it has its positions, and a log holds
//! hundreds of thousands of games, so each check reads only the games new since the last.

use super::{GameWork, Sample, canonical_key};
use std::collections::{BTreeMap, HashSet};

/// The samples taken from the games done, in game order and as far as the games are done
/// without a gap: each position once (a mirror image is the same position), none of the
/// excluded ones, at most the build's number.
#[derive(Debug, Default)]
pub(crate) struct Selection {
    /// The first game not read yet: every game before it is done and read.
    next_game: u64,
    /// The canonical keys of the positions taken.
    seen: HashSet<u64>,
    /// Each sample taken, as its game and its place among the game's samples.
    taken: Vec<(u64, usize)>,
}

impl Selection {
    /// Reads the games of `done` from the first not read yet up to the first gap, taking
    /// their samples until there are `positions`.
    pub(crate) fn advance(
        &mut self,
        positions: usize,
        done: &BTreeMap<u64, GameWork>,
        excluded: &HashSet<u64>,
    ) {
        while self.taken.len() < positions {
            let Some(work) = done.get(&self.next_game) else {
                return;
            };
            for (at, sample) in work.samples.iter().enumerate() {
                let Some(key) = canonical_key(sample) else {
                    continue;
                };
                if excluded.contains(&key) || !self.seen.insert(key) {
                    continue;
                }
                self.taken.push((self.next_game, at));
                if self.taken.len() >= positions {
                    break;
                }
            }
            self.next_game += 1;
        }
    }

    /// How many samples are taken.
    pub(crate) fn len(&self) -> usize {
        self.taken.len()
    }

    /// The games up to the last one a sample is taken from: one past its index, 0 with none.
    pub(crate) fn games(&self) -> u64 {
        self.taken.last().map_or(0, |&(game, _)| game + 1)
    }

    /// The samples taken, read from `done`, the games they were taken from.
    pub(crate) fn samples(&self, done: &BTreeMap<u64, GameWork>) -> Vec<Sample> {
        self.taken
            .iter()
            .map(|&(game, at)| done[&game].samples[at].clone())
            .collect()
    }
}
