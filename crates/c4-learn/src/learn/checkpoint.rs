//! A training run's checkpoint: everything a trainer needs to go on exactly where it was
//! (games played, every weight at full precision, TCL's sums), with a CRC-32, written to a
//! new file and renamed over the old, so a kill at any moment leaves the last whole one.
//!
//! ```text
//! magic "C4LEARN1" | games u64 | weights u64 | tcl u8 | weights f32... | (signed f32...,
//! absolute f32...) if tcl | CRC-32 of everything before, u32; all little-endian
//! ```

use super::LearnError;
use super::td::{TdConfig, Trainer};
use c4_eval::ntuple::{Layout, Network};
use c4_solver::files;
use std::io::Write;
use std::path::Path;

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"C4LEARN1";

/// The largest checkpoint read: three arrays of a network of 1,000 tuples of 8 cells.
const MAX_CHECKPOINT_BYTES: u64 = 3 * 4 * 2 * 1000 * 65_536 + 64;

/// Writes `trainer`'s state to `path`, atomically.
pub fn save(trainer: &Trainer, path: &Path) -> Result<(), LearnError> {
    let weights = trainer.network().weights();
    let coherence = trainer.coherence();
    let mut bytes = Vec::with_capacity(32 + 12 * weights.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&trainer.games().to_le_bytes());
    bytes.extend_from_slice(&(weights.len() as u64).to_le_bytes());
    bytes.push(u8::from(coherence.is_some()));
    let arrays = std::iter::once(weights).chain(coherence.into_iter().flat_map(|(s, a)| [s, a]));
    for array in arrays {
        for value in array {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
    }
    write_sealed(path, bytes)
}

/// The trainer a checkpoint holds, for a network of `layout` learning by `config` from
/// `seed`.
pub fn load(
    path: &Path,
    layout: Layout,
    config: TdConfig,
    seed: u64,
) -> Result<Trainer, LearnError> {
    let damaged = |reason| LearnError::Checkpoint {
        path: path.to_owned(),
        reason,
    };
    let bytes = files::read_bytes(path, MAX_CHECKPOINT_BYTES)?;
    let body = sealed_body(&bytes, MAGIC, 25, "is not a c4 learn checkpoint").map_err(damaged)?;
    let games = u64::from_le_bytes(body[8..16].try_into().expect("eight bytes"));
    let count = u64::from_le_bytes(body[16..24].try_into().expect("eight bytes")) as usize;
    let tcl = body[24] == 1;
    let network = Network::zeros(layout);
    if count != network.weights().len() {
        return Err(damaged("holds a network of another size"));
    }
    let arrays = if tcl { 3 } else { 1 };
    if body.len() != 25 + 4 * count * arrays {
        return Err(damaged("has a length its header does not announce"));
    }
    let mut floats = body[25..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().expect("four bytes")));
    let mut next = || floats.by_ref().take(count).collect::<Vec<f32>>();
    let weights = next();
    let coherence = tcl.then(|| (next(), next()));
    let network = Network::with_weights(network.layout().clone(), weights)
        .ok_or_else(|| damaged("holds a network of another size"))?;
    Trainer::resume(network, coherence, games, config, seed).ok_or_else(|| {
        damaged("was written with temporal coherence on where it is off, or off where on")
    })
}

/// Writes `bytes` (a checkpoint's magic, fields and arrays) to `path` with their CRC-32
/// after them, atomically.
pub(super) fn write_sealed(path: &Path, mut bytes: Vec<u8>) -> Result<(), LearnError> {
    let checksum = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    write_atomically(path, &bytes)
}

/// The body of a file [`write_sealed`] wrote (all but its CRC-32), or what is wrong with
/// it: shorter than `min_body` bytes, not starting with `magic` (`not_ours`), or a CRC that
/// does not match.
pub(super) fn sealed_body<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    min_body: usize,
    not_ours: &'static str,
) -> Result<&'a [u8], &'static str> {
    let body_len = bytes
        .len()
        .checked_sub(4)
        .filter(|&n| n >= min_body.max(magic.len()))
        .ok_or("is cut short")?;
    let (body, stored) = bytes.split_at(body_len);
    if &body[..magic.len()] != magic {
        return Err(not_ours);
    }
    if crc32fast::hash(body) != u32::from_le_bytes(stored.try_into().expect("four bytes")) {
        return Err("is damaged: its checksum does not match");
    }
    Ok(body)
}

/// Writes `bytes` to `path` through a new file beside it (its name and `.partial`) renamed
/// over it, synced, so that a reader finds the old whole file or the new one, and a write
/// that fails (a full disk) leaves the old one as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), LearnError> {
    let mut fresh_name = path.as_os_str().to_owned();
    fresh_name.push(".partial");
    let fresh = std::path::PathBuf::from(fresh_name);
    let write_error = |source| LearnError::Write {
        path: path.to_owned(),
        source,
    };
    let mut file = std::fs::File::create(&fresh).map_err(write_error)?;
    if let Err(error) = file.write_all(bytes).and_then(|()| file.sync_all()) {
        drop(file);
        let _ = std::fs::remove_file(&fresh);
        return Err(write_error(error));
    }
    std::fs::rename(&fresh, path).map_err(write_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::td::Openings;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("c4-checkpoint-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("checkpoint.bin")
    }

    #[test]
    fn a_resumed_trainer_ends_with_the_weights_of_an_uninterrupted_one() {
        let layout = Layout::random_walks(c4_core::Size::STANDARD, 2, 10, 5).unwrap();
        let config = TdConfig::default();
        let mut whole = Trainer::new(Network::zeros(layout.clone()), config, 4);
        let mut first = Trainer::new(Network::zeros(layout.clone()), config, 4);
        for _ in 0..60 {
            whole.play_game(0.1, Openings::NONE);
        }
        for _ in 0..25 {
            first.play_game(0.1, Openings::NONE);
        }
        let path = scratch("resume");
        save(&first, &path).unwrap();
        let mut resumed = load(&path, layout, config, 4).unwrap();
        assert_eq!(resumed.games(), 25);
        for _ in 25..60 {
            resumed.play_game(0.1, Openings::NONE);
        }
        assert_eq!(resumed.network().weights(), whole.network().weights());
    }

    #[test]
    fn a_damaged_or_foreign_checkpoint_is_refused() {
        let layout = Layout::random_walks(c4_core::Size::STANDARD, 2, 4, 4).unwrap();
        let config = TdConfig::default();
        let mut trainer = Trainer::new(Network::zeros(layout.clone()), config, 1);
        trainer.play_game(0.1, Openings::NONE);
        let path = scratch("damaged");
        save(&trainer, &path).unwrap();
        let good = std::fs::read(&path).unwrap();
        let mut flipped = good.clone();
        flipped[40] ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        let error = load(&path, layout.clone(), config, 1).unwrap_err();
        assert!(error.to_string().contains("checksum"), "{error}");
        std::fs::write(&path, &good[..good.len() / 2]).unwrap();
        assert!(load(&path, layout.clone(), config, 1).is_err());
        std::fs::write(&path, &good).unwrap();
        let other = Layout::random_walks(c4_core::Size::STANDARD, 2, 5, 4).unwrap();
        let error = load(&path, other, config, 1).unwrap_err();
        assert!(error.to_string().contains("another size"), "{error}");
        let no_tcl = TdConfig {
            tcl_beta: 0.0,
            ..config
        };
        assert!(load(&path, layout, no_tcl, 1).is_err());
    }
}
