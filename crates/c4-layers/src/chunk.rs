//! A chunk file: the exact scores of one chunk's positions (see [`crate::subtree`]), one byte
//! each, in the order the chunk's roots give them, with how many each root has.
//!
//! Layout (little-endian):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `c4layer` and a 0 byte |
//! | 1 | format version (1) |
//! | 1, 1, 1 | the root ply, the layer's ply, 0 |
//! | 4 | the chunk's number |
//! | 4 | the index of its first root |
//! | 4 | its roots |
//! | 4 | its positions |
//! | 4 | the CRC-32 of its roots' keys ([`crate::subtree::roots_digest`]) |
//! | 2 a root | the positions of each root's share |
//! | 1 a position | its exact score, as a signed byte |
//! | 4 | the CRC-32 of everything before |
//!
//! The positions are not stored: they follow from the roots, which follow from the layout.
//! So a file costs a byte a position and a little more; git stores it compressed.

use crate::subtree::Layout;
use c4_books::score_bounds;
use c4_solver::ExactScore;

const MAGIC: &[u8; 8] = b"c4layer\0";
const VERSION: u8 = 1;
const HEADER_BYTES: usize = 8 + 4 + 4 * 5;

/// A chunk's scores, as built or read back from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The layout it belongs to (its plies; the roots a chunk holds is the builder's).
    pub root_ply: u32,
    /// The layer's ply.
    pub ply: u32,
    /// Its number.
    pub number: u32,
    /// The index of its first root.
    pub first_root: u32,
    /// The CRC-32 of its roots' keys.
    pub roots_digest: u32,
    /// The size of each root's share.
    pub shares: Vec<u16>,
    /// The scores, root after root.
    pub scores: Vec<ExactScore>,
}

/// Why bytes are not a chunk of the layout expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChunkError {
    /// Too short for its header, or not a chunk file at all.
    #[error("not a c4 layer chunk (it does not start with the chunk header)")]
    NotAChunk,
    /// A format this program does not read.
    #[error("chunk format version {0}, this program reads version {VERSION}")]
    Version(u8),
    /// Its length disagrees with its header.
    #[error("{found} bytes where its header calls for {expected}")]
    Length {
        /// The bytes there are.
        found: usize,
        /// The bytes its header calls for.
        expected: usize,
    },
    /// The CRC does not match: the file was damaged.
    #[error("damaged: its CRC-32 does not match its contents")]
    Damaged,
    /// The shares do not add up to the positions.
    #[error("its roots' shares add up to {shares} positions, its header says {positions}")]
    Shares {
        /// The sum of the shares.
        shares: usize,
        /// The header's count.
        positions: usize,
    },
    /// A score no position of the ply can have.
    #[error("score {value} of position {index} is outside {min}..={max}, the scores of ply {ply}")]
    Score {
        /// Its index in the chunk.
        index: usize,
        /// The value.
        value: i8,
        /// The ply.
        ply: u32,
        /// The lowest score of the ply.
        min: i32,
        /// The highest.
        max: i32,
    },
    /// It belongs to another layout, chunk or set of roots than the one expected.
    #[error("it is {found}, not {expected}")]
    Other {
        /// What it is.
        found: String,
        /// What was expected.
        expected: String,
    },
}

/// The most bytes a chunk or progress file is read up to: above any chunk (500 roots, each
/// share under 65,536 positions, a byte a position), and a bound against reading a device.
pub const MAX_CHUNK_BYTES: u64 = 1 << 26;

/// Scores of positions of `ply` written a signed byte each (a chunk's or a progress file's),
/// each checked to be a score such a position can have.
pub(crate) fn read_scores(bytes: &[u8], ply: u32) -> Result<Vec<ExactScore>, ChunkError> {
    let (min, max) = score_bounds(ply);
    bytes
        .iter()
        .enumerate()
        .map(|(index, &byte)| {
            let value = byte as i8;
            ExactScore::new(i32::from(value))
                .filter(|score| (min..=max).contains(score))
                .ok_or(ChunkError::Score {
                    index,
                    value,
                    ply,
                    min: min.value(),
                    max: max.value(),
                })
        })
        .collect()
}

impl Chunk {
    /// The file's bytes.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut bytes =
            Vec::with_capacity(HEADER_BYTES + 2 * self.shares.len() + self.scores.len() + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[VERSION, self.root_ply as u8, self.ply as u8, 0]);
        for field in [
            self.number,
            self.first_root,
            self.shares.len() as u32,
            self.scores.len() as u32,
            self.roots_digest,
        ] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        for share in &self.shares {
            bytes.extend_from_slice(&share.to_le_bytes());
        }
        bytes.extend(self.scores.iter().map(|score| score.value() as i8 as u8));
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes
    }

    /// A chunk read back from `bytes`: its CRC, lengths, shares and every score's range
    /// checked. Whether it is the chunk expected is [`Chunk::check_is`]'s to say.
    pub fn decode(bytes: &[u8]) -> Result<Chunk, ChunkError> {
        if bytes.len() < HEADER_BYTES + 4 || &bytes[..8] != MAGIC {
            return Err(ChunkError::NotAChunk);
        }
        if bytes[8] != VERSION {
            return Err(ChunkError::Version(bytes[8]));
        }
        let (root_ply, ply) = (u32::from(bytes[9]), u32::from(bytes[10]));
        let field = |i: usize| {
            let at = 12 + 4 * i;
            u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
        };
        let (number, first_root, roots, positions, roots_digest) = (
            field(0),
            field(1),
            field(2) as usize,
            field(3) as usize,
            field(4),
        );
        let expected = HEADER_BYTES + 2 * roots + positions + 4;
        if bytes.len() != expected {
            return Err(ChunkError::Length {
                found: bytes.len(),
                expected,
            });
        }
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if crc32fast::hash(body) != u32::from_le_bytes(crc.try_into().expect("four bytes")) {
            return Err(ChunkError::Damaged);
        }
        let shares: Vec<u16> = body[HEADER_BYTES..HEADER_BYTES + 2 * roots]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let total: usize = shares.iter().map(|&n| usize::from(n)).sum();
        if total != positions {
            return Err(ChunkError::Shares {
                shares: total,
                positions,
            });
        }
        let scores = read_scores(&body[HEADER_BYTES + 2 * roots..], ply)?;
        Ok(Chunk {
            root_ply,
            ply,
            number,
            first_root,
            roots_digest,
            shares,
            scores,
        })
    }

    /// Whether this is chunk `number` of `layout`, over the roots whose first index and
    /// digest are given: an error that names what it is instead.
    pub fn check_is(
        &self,
        layout: &Layout,
        number: u32,
        first_root: u32,
        roots: usize,
        roots_digest: u32,
    ) -> Result<(), ChunkError> {
        let found = (
            self.root_ply,
            self.ply,
            self.number,
            self.first_root,
            self.shares.len(),
            self.roots_digest,
        );
        let expected = (
            layout.root_ply,
            layout.ply,
            number,
            first_root,
            roots,
            roots_digest,
        );
        if found == expected {
            return Ok(());
        }
        let describe =
            |(root_ply, ply, number, first, roots, digest): (u32, u32, u32, u32, usize, u32)| {
                format!(
                    "chunk {number} of the ply-{ply} layer over ply-{root_ply} roots {first}..{} \
                 (roots digest {digest:08x})",
                    first as usize + roots
                )
            };
        Err(ChunkError::Other {
            found: describe(found),
            expected: describe(expected),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Chunk {
        Chunk {
            root_ply: 9,
            ply: 12,
            number: 3,
            first_root: 1500,
            roots_digest: 0xdead_beef,
            shares: vec![2, 0, 1],
            scores: [-3, 0, 7].map(|v| ExactScore::new(v).unwrap()).to_vec(),
        }
    }

    #[test]
    fn a_chunk_round_trips_and_knows_itself() {
        let chunk = sample();
        let bytes = chunk.encode();
        assert_eq!(bytes.len(), HEADER_BYTES + 2 * 3 + 3 + 4);
        let back = Chunk::decode(&bytes).unwrap();
        assert_eq!(back, chunk);
        assert!(
            back.check_is(&Layout::PLY12, 3, 1500, 3, 0xdead_beef)
                .is_ok()
        );
        let error = back
            .check_is(&Layout::PLY12, 4, 2000, 3, 0xdead_beef)
            .unwrap_err();
        assert!(
            error.to_string().contains("chunk 3 of the ply-12 layer"),
            "{error}"
        );
    }

    #[test]
    fn every_damage_is_named() {
        let bytes = sample().encode();
        assert_eq!(Chunk::decode(b"hello"), Err(ChunkError::NotAChunk));
        assert_eq!(
            Chunk::decode(&bytes[..bytes.len() - 1])
                .unwrap_err()
                .to_string(),
            format!(
                "{} bytes where its header calls for {}",
                bytes.len() - 1,
                bytes.len()
            )
        );
        for at in [12, HEADER_BYTES, bytes.len() - 5] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(Chunk::decode(&damaged).is_err(), "byte {at}");
        }
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Chunk::decode(&version), Err(ChunkError::Version(9)));
    }

    #[test]
    fn a_score_beyond_the_ply_is_refused_even_with_a_good_crc() {
        let mut chunk = sample();
        chunk.scores[2] = ExactScore::new(18).unwrap();
        let error = Chunk::decode(&chunk.encode()).unwrap_err();
        assert!(
            matches!(
                error,
                ChunkError::Score {
                    index: 2,
                    value: 18,
                    ..
                }
            ),
            "{error}"
        );
    }
}
