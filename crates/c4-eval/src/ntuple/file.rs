//! The weights file of an n-tuple network: versioned, checksummed, quantized and sparse.
//!
//! Most of a network's patterns never occur on a board (a disc above an empty cell, say),
//! so their weights stay 0; the file keeps only the others. Layout, all little-endian:
//!
//! ```text
//! magic "C4NTUPLE" | version u32 | (version 2: width u32 | height u32)
//! | tuples u32 | tuple length u32 | cells (tuples x length u8)
//! | scale f32 | per table (2 x tuples): entries u32, then per entry the index's distance
//! from the previous entry's (LEB128) and the weight / scale rounded (i16)
//! | CRC-32 of everything before, u32
//! ```
//!
//! A weight is stored as `round(w / scale)` with `scale = max |w| / 32767`: the stored
//! network differs from the trained one by at most `scale / 2` a weight.
//!
//! Version 1 is a network of the 7x6 board; version 2 names its board. A 7x6 network is
//! written as version 1, so its file is the same as before sizes were written.

use super::layout::{Layout, LayoutError, MAX_TUPLE_LEN, MAX_TUPLES};
use super::network::{Network, table_size, weight_count};
use c4_core::{Size, SizeError};

/// The first bytes of a weights file.
pub const MAGIC: &[u8; 8] = b"C4NTUPLE";

/// The format version of a 7x6 network's file.
pub const VERSION: u32 = 1;

/// The format version of a network of another size, which names its board.
pub const SIZED_VERSION: u32 = 2;

/// Why a weights file cannot be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// Not a weights file.
    #[error("not a c4 n-tuple weights file (it does not start with C4NTUPLE)")]
    Magic,
    /// A version this program does not read.
    #[error("weights format version {found}: this c4 reads versions {VERSION} and {SIZED_VERSION}")]
    Version {
        /// The file's version.
        found: u32,
    },
    /// A board size no network can be of.
    #[error("the weights file's board: {0}")]
    Size(#[from] SizeError),
    /// The file ends before its contents do.
    #[error("the weights file is cut short")]
    Truncated,
    /// Bytes after the checksum.
    #[error("the weights file has {0} bytes after its checksum")]
    Trailing(usize),
    /// The contents do not match the checksum.
    #[error("the weights file is damaged: its checksum does not match")]
    Checksum,
    /// The layout it holds is not a valid one.
    #[error("the weights file's layout: {0}")]
    Layout(#[from] LayoutError),
    /// A weight outside its table, or a scale that is no number.
    #[error("the weights file is inconsistent: {0}")]
    Inconsistent(&'static str),
}

/// The bytes of `network`'s weights file.
#[must_use]
pub fn encode(network: &Network) -> Vec<u8> {
    let layout = network.layout();
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    let size = network.size();
    if size.is_standard() {
        bytes.extend_from_slice(&VERSION.to_le_bytes());
    } else {
        bytes.extend_from_slice(&SIZED_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(size.width() as u32).to_le_bytes());
        bytes.extend_from_slice(&(size.height() as u32).to_le_bytes());
    }
    bytes.extend_from_slice(&(layout.tuples().len() as u32).to_le_bytes());
    bytes.extend_from_slice(&(layout.tuple_len() as u32).to_le_bytes());
    for tuple in layout.tuples() {
        bytes.extend_from_slice(tuple);
    }
    let (scale, quantized) = network.quantized();
    bytes.extend_from_slice(&scale.to_le_bytes());
    for table in quantized.chunks_exact(network.table_size()) {
        let entries: Vec<(usize, i16)> = table
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, q)| q != 0)
            .collect();
        bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        let mut previous = 0;
        for (index, q) in entries {
            write_leb128(&mut bytes, (index - previous) as u64);
            bytes.extend_from_slice(&q.to_le_bytes());
            previous = index;
        }
    }
    let checksum = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

/// What tells one weights file from another: the CRC-32 of its contents, the checksum it
/// stores in its last four bytes. (The CRC-32 of a whole file, checksum included, is the
/// same constant for every file.)
#[must_use]
pub fn fingerprint(bytes: &[u8]) -> u32 {
    crc32fast::hash(&bytes[..bytes.len().saturating_sub(4)])
}

/// The network of a weights file's bytes, each weight the stored one times the scale.
pub fn decode(bytes: &[u8]) -> Result<Network, WeightsError> {
    let (layout, scale, quantized) = decode_quantized(bytes)?;
    let weights = quantized.iter().map(|&q| f32::from(q) * scale).collect();
    Ok(Network::with_weights(layout, weights).expect("sized from the layout"))
}

/// A weights file's layout, scale and stored weights, every table in full (the patterns it
/// does not store 0).
pub(super) fn decode_quantized(bytes: &[u8]) -> Result<(Layout, f32, Vec<i16>), WeightsError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(WeightsError::Magic);
    }
    let mut reader = Reader {
        bytes,
        at: MAGIC.len(),
    };
    let size = match reader.u32()? {
        VERSION => Size::STANDARD,
        SIZED_VERSION => {
            let width = reader.u32()? as usize;
            let height = reader.u32()? as usize;
            Size::new(width, height)?
        }
        found => return Err(WeightsError::Version { found }),
    };
    let body_end = bytes.len().checked_sub(4).ok_or(WeightsError::Truncated)?;
    let stored = u32::from_le_bytes(bytes[body_end..].try_into().expect("four bytes"));
    let count = reader.u32()? as usize;
    let length = reader.u32()? as usize;
    // Checked before the cells are read, so a huge count cannot make us allocate.
    if count == 0 || count > MAX_TUPLES {
        return Err(LayoutError::Count(count).into());
    }
    if !(2..=MAX_TUPLE_LEN).contains(&length) {
        return Err(LayoutError::Length { tuple: 0, length }.into());
    }
    let mut tuples = Vec::with_capacity(count);
    for _ in 0..count {
        tuples.push(reader.take(length)?.to_vec());
    }
    let layout = Layout::new(size, tuples)?;
    let scale = f32::from_le_bytes(reader.take(4)?.try_into().expect("four bytes"));
    if !scale.is_finite() || scale <= 0.0 {
        return Err(WeightsError::Inconsistent(
            "its scale is not a positive number",
        ));
    }
    let size = table_size(length);
    let mut weights = vec![0i16; weight_count(&layout)];
    for table in weights.chunks_exact_mut(size) {
        let entries = reader.u32()? as usize;
        if entries > size {
            return Err(WeightsError::Inconsistent(
                "a table has more entries than patterns",
            ));
        }
        let mut index = 0usize;
        for entry in 0..entries {
            // Entries come in rising order: every step after the first is at least 1.
            let step = reader.leb128()?;
            index = usize::try_from(step)
                .ok()
                .filter(|&s| entry == 0 || s > 0)
                .and_then(|s| index.checked_add(s))
                .filter(|&i| i < size)
                .ok_or(WeightsError::Inconsistent(
                    "a weight lies outside its table",
                ))?;
            table[index] = i16::from_le_bytes(reader.take(2)?.try_into().expect("two bytes"));
        }
    }
    if reader.at > body_end {
        return Err(WeightsError::Truncated);
    }
    if reader.at < body_end {
        return Err(WeightsError::Trailing(body_end - reader.at));
    }
    if crc32fast::hash(&bytes[..body_end]) != stored {
        return Err(WeightsError::Checksum);
    }
    Ok((layout, scale, weights))
}

fn write_leb128(bytes: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            bytes.push(low);
            return;
        }
        bytes.push(low | 0x80);
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, count: usize) -> Result<&'a [u8], WeightsError> {
        // The last four bytes are the checksum, never contents.
        let end = self
            .at
            .checked_add(count)
            .filter(|&end| end + 4 <= self.bytes.len())
            .ok_or(WeightsError::Truncated)?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, WeightsError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("four bytes"),
        ))
    }

    fn leb128(&mut self) -> Result<u64, WeightsError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(WeightsError::Inconsistent("a number runs past 64 bits"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::{AnySize, Game, parse_moves};

    fn trained_like() -> Network {
        trained_like_of(Size::STANDARD)
    }

    fn trained_like_of(size: Size) -> Network {
        let mut network = Network::zeros(Layout::random_walks(size, 11, 8, 5).unwrap());
        for (i, w) in network.weights_mut().iter_mut().enumerate() {
            // Sparse, signed, of several magnitudes.
            if i % 7 == 0 {
                *w = ((i % 101) as f32 - 50.0) * 1e-3;
            }
        }
        network
    }

    #[test]
    fn a_network_survives_its_file_within_half_a_quantum() {
        let network = trained_like();
        let bytes = encode(&network);
        let read = decode(&bytes).unwrap();
        assert_eq!(read.layout(), network.layout());
        let largest = network.weights().iter().fold(0.0f32, |m, w| m.max(w.abs()));
        let quantum = largest / f32::from(i16::MAX);
        for (a, b) in network.weights().iter().zip(read.weights()) {
            assert!((a - b).abs() <= quantum / 2.0 + 1e-9, "{a} {b}");
        }
        let position = parse_moves("4453").unwrap();
        assert!((network.value(&position) - read.value(&position)).abs() < 1e-3);
        // Sparse: far smaller than 2 bytes a weight.
        assert!(
            bytes.len() < network.weights().len() / 2,
            "{} bytes",
            bytes.len()
        );
    }

    #[test]
    fn fingerprints_tell_networks_apart() {
        let one = encode(&trained_like());
        let mut other = trained_like();
        other.weights_mut()[0] += 0.01;
        let other = encode(&other);
        assert_ne!(fingerprint(&one), fingerprint(&other));
        assert_eq!(fingerprint(&one).to_le_bytes(), one[one.len() - 4..]);
    }

    #[test]
    fn every_cut_of_the_file_is_refused() {
        let bytes = encode(&trained_like());
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn a_flipped_byte_is_refused() {
        let bytes = encode(&trained_like());
        for at in (8..bytes.len()).step_by(bytes.len() / 40 + 1) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(decode(&damaged).is_err(), "flip at {at}");
        }
    }

    #[test]
    fn other_files_and_versions_are_named() {
        assert!(matches!(decode(b"eval=kang\n"), Err(WeightsError::Magic)));
        let mut bytes = encode(&trained_like());
        bytes[8] = 9;
        assert!(matches!(
            decode(&bytes),
            Err(WeightsError::Version { found: 9 })
        ));
    }

    #[test]
    fn a_network_of_another_board_keeps_its_size_and_a_7x6_one_keeps_version_1() {
        let standard = encode(&trained_like());
        assert_eq!(standard[8..12], VERSION.to_le_bytes());
        let size: Size = "6x5".parse().unwrap();
        let network = trained_like_of(size);
        let bytes = encode(&network);
        assert_eq!(bytes[8..12], SIZED_VERSION.to_le_bytes());
        let read = decode(&bytes).unwrap();
        assert_eq!(read.size(), size);
        assert_eq!(read.layout(), network.layout());
        let game = Game::from_moves_in("3344", AnySize::new(size)).unwrap();
        assert!((network.value(game.position()) - read.value(game.position())).abs() < 1e-3);
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        // A board no network can be of is named.
        let mut wide = bytes.clone();
        wide[12] = 20;
        let error = decode(&wide).unwrap_err().to_string();
        assert!(error.starts_with("the weights file's board:"), "{error}");
    }
}
