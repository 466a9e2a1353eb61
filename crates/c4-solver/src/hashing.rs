//! c4's general integer hash: the heuristic searches' table slots, the naive evaluator's
//! leaf scores, the arena's per-game seeds and other seeds derived from a run's mix their
//! keys with it. The solver's table hashes its keys its own way (see `table.rs`).

/// SplitMix64's finaliser (Steele, Lea, Flood 2014): a cheap, well-mixed 64-bit hash.
#[must_use]
#[inline]
pub fn mix64(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix64_is_splitmix64s_finaliser() {
        // SplitMix64 seeded with 0 gives 0xe220a8397b1dcdaf first: mix64 of its first state.
        assert_eq!(mix64(0x9e37_79b9_7f4a_7c15), 0xe220_a839_7b1d_cdaf);
        assert_eq!(mix64(0), 0);
    }
}
