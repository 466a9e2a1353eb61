//! What the store's test binaries share: the committed layer's folder and seeded random
//! positions.

use c4_core::{Column, Position};
use std::path::{Path, PathBuf};

/// The committed ply-12 chunks.
pub fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/ply12")
}

/// Positions of `ply` from games of random moves (a fixed xorshift), none over.
pub fn random_positions(ply: u32, count: usize, seed: u64) -> Vec<Position> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut position = Position::new();
        while position.moves_played() < ply && !position.is_over() {
            let legal: Vec<Column> = position.legal_moves().collect();
            position.play_unchecked(legal[(next() % legal.len() as u64) as usize]);
        }
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}
