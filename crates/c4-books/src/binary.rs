//! The binary format of a book: compact, checked, and fast to load.
//!
//! | bytes | what |
//! |---|---|
//! | 0-5 | magic `C4BOOK` |
//! | 6 | format version (1) |
//! | 7, 8 | board width and height (7, 6 on the standard board) |
//! | 9 | depth: the deepest ply stored |
//! | 10-11 | zero |
//! | 12-15 | CRC-32 (IEEE) of the entries, little-endian |
//! | 16-23 | number of entries, little-endian |
//! | 24- | the entries: the position's mirror-canonical key (its W x (H + 1) bits in as many whole bytes, little-endian: 49 bits in 7 on 7x6) and its score (a signed byte); keys strictly ascending |
//!
//! So a 7x6 entry takes 8 bytes, a 4x4 one 4.

use crate::scores::Scores;
use crate::{BookError, EntryError, OpeningBook, Place, max_depth};
use c4_core::with_geometry;
use c4_core::{Position, Size};
use c4_solver::ExactScore;

/// The first bytes of a binary book.
pub const MAGIC: &[u8; 6] = b"C4BOOK";
/// The binary format's version.
pub const VERSION: u8 = 1;
/// Bytes before the first entry.
pub const HEADER_BYTES: usize = 24;
/// Bytes per entry of a 7x6 book (see [`entry_bytes`] for any size).
pub const ENTRY_BYTES: usize = 8;

/// Bytes of a key on a board of `size`: its W x (H + 1) bits in whole bytes.
#[must_use]
pub const fn key_bytes(size: Size) -> usize {
    (size.width() * (size.height() + 1)).div_ceil(8)
}

/// Bytes per entry of a book of `size`: a key and a score.
#[must_use]
pub const fn entry_bytes(size: Size) -> usize {
    key_bytes(size) + 1
}

const _: () = assert!(entry_bytes(Size::STANDARD) == ENTRY_BYTES);

/// The book as a binary file.
#[must_use]
pub fn encode(book: &OpeningBook) -> Vec<u8> {
    let size = book.size();
    let key_bytes = key_bytes(size);
    let entries = book.sorted_entries();
    let mut body = Vec::with_capacity(entries.len() * entry_bytes(size));
    for (key, score) in &entries {
        body.extend_from_slice(&key.to_le_bytes()[..key_bytes]);
        body.push(score.value() as i8 as u8);
    }
    let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
    out.extend_from_slice(MAGIC);
    let (width, height) = (size.width() as u8, size.height() as u8);
    out.extend_from_slice(&[VERSION, width, height, book.depth() as u8, 0, 0]);
    out.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// What [`decode`] checks beyond the header, the length, the checksum and the order of
/// the keys, which it always checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Nothing more: for the built-in book, whose entries the test suite checks.
    Checksum,
    /// Every entry as well: a position, not over, within the book's depth, with a score
    /// its ply allows. For any other file.
    Entries,
}

/// Reads a binary book, checking its header, length, checksum and key order, and with
/// [`Checks::Entries`] every entry.
pub fn decode(bytes: &[u8], checks: Checks) -> Result<OpeningBook, BookError> {
    if bytes.is_empty() {
        return Err(BookError::Empty);
    }
    if !bytes.starts_with(MAGIC) {
        return Err(BookError::NotABook);
    }
    let header = bytes.get(..HEADER_BYTES).ok_or(BookError::HeaderCut)?;
    if header[6] != VERSION {
        return Err(BookError::Version {
            found: u32::from(header[6]),
            expected: u32::from(VERSION),
        });
    }
    let (width, height) = (header[7], header[8]);
    let size = Size::new(usize::from(width), usize::from(height))
        .map_err(|_| BookError::BoardSize { width, height })?;
    let depth = u32::from(header[9]);
    if depth > max_depth(size) {
        return Err(BookError::Depth { depth, size });
    }
    let (key_bytes, entry_bytes) = (key_bytes(size), entry_bytes(size));
    let stored = u32::from_le_bytes(header[12..16].try_into().expect("4 bytes"));
    let announced = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
    let body = &bytes[HEADER_BYTES..];
    let found = (body.len() / entry_bytes) as u64;
    if announced != found || !body.len().is_multiple_of(entry_bytes) {
        return Err(BookError::Length { announced, found });
    }
    let computed = crc32fast::hash(body);
    if computed != stored {
        return Err(BookError::Checksum { stored, computed });
    }
    let mut book = OpeningBook::new_in(size, depth);
    let count = body.len() / entry_bytes;
    let (mut keys, mut scores) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for (index, entry) in body.chunks_exact(entry_bytes).enumerate() {
        let place = Place::Entry(index);
        let mut bytes = [0; 8];
        bytes[..key_bytes].copy_from_slice(&entry[..key_bytes]);
        let key = u64::from_le_bytes(bytes);
        let fail = |error| Err(BookError::Entry { place, error });
        if keys.last().is_some_and(|&previous| previous >= key) {
            return fail(EntryError::Unsorted);
        }
        let byte = entry[key_bytes] as i8;
        // Checked in every book, so that every score the book gives is one of the board.
        let score = match ExactScore::new_in(i32::from(byte), size) {
            Some(score) => score,
            None if size.is_standard() => {
                return fail(EntryError::NotAScore(c4_solver::ScoreError::OutOfRange(
                    i64::from(byte),
                )));
            }
            None => return fail(EntryError::NotAScoreOf { value: byte, size }),
        };
        if checks == Checks::Entries {
            with_geometry!(size, geometry => {
                let Some(position) = Position::from_key_in(key, geometry)
                    .filter(|p| p.canonical_key() == key)
                else {
                    return fail(EntryError::Key(key));
                };
                book.check_entry(&position, score, place)?;
            });
        }
        keys.push(key);
        scores.push(byte);
    }
    book.scores = Scores::sorted(keys, scores);
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;
    use c4_core::parse_moves;

    fn sample() -> OpeningBook {
        let mut book = OpeningBook::new(3);
        for (moves, score) in [("", 1), ("1", 2), ("4", -1), ("44", 1), ("445", -1)] {
            book.insert(
                &parse_moves(moves).unwrap(),
                ExactScore::new(score).unwrap(),
            );
        }
        book
    }

    #[test]
    fn a_book_round_trips_in_eight_bytes_an_entry() {
        let book = sample();
        let bytes = encode(&book);
        assert_eq!(bytes.len(), HEADER_BYTES + ENTRY_BYTES * book.len());
        assert_eq!(decode(&bytes, Checks::Entries).unwrap(), book);
        assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
    }

    #[test]
    fn corrupt_books_are_refused_naming_the_problem() {
        let good = encode(&sample());
        let corrupt = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = good.clone();
            edit(&mut bytes);
            decode(&bytes, Checks::Entries).unwrap_err().to_string()
        };
        let fix_crc = |bytes: &mut Vec<u8>| {
            let crc = crc32fast::hash(&bytes[HEADER_BYTES..]).to_le_bytes();
            bytes[12..16].copy_from_slice(&crc);
        };
        let cases: Vec<(String, &str)> = vec![
            (corrupt(&|b| b[0] = b'X'), "not a c4 book"),
            (corrupt(&|b| b[6] = 9), "version 9"),
            (corrupt(&|b| b[7] = 3), "3x6 board, which is no size"),
            (corrupt(&|b| b[8] = 9), "7x9 board, which is no size"),
            (corrupt(&|b| b[9] = 50), "depth 50"),
            (corrupt(&|b| b.truncate(b.len() - 3)), "cut short"),
            (
                corrupt(&|b| b.truncate(b.len() - 8)),
                "announces 5 entries, the file holds 4",
            ),
            (corrupt(&|b| b.truncate(10)), "inside its header"),
            (
                corrupt(&|b| b[HEADER_BYTES + 2] ^= 1),
                "checksum does not match",
            ),
            (
                corrupt(&|b| {
                    let last = b.len() - 1;
                    b[last] = 30;
                    fix_crc(b);
                }),
                "entry 4: 30 is outside -18..=18",
            ),
            (
                corrupt(&|b| {
                    let (first, second) = (HEADER_BYTES, HEADER_BYTES + ENTRY_BYTES);
                    let entry: Vec<u8> = b[first..second].to_vec();
                    b.copy_within(second..second + ENTRY_BYTES, first);
                    b[second..second + ENTRY_BYTES].copy_from_slice(&entry);
                    fix_crc(b);
                }),
                "not in ascending order",
            ),
            (
                corrupt(&|b| {
                    b[HEADER_BYTES + 6] = 0xff;
                    fix_crc(b);
                }),
                "is not a position",
            ),
        ];
        for (error, needle) in cases {
            assert!(error.contains(needle), "{needle}: {error}");
        }
        // Checked for the checksum and the order alone, a key that is no position passes,
        // an unsorted book does not.
        let mut bytes = good.clone();
        let last_key_top = bytes.len() - ENTRY_BYTES + key_bytes(Size::STANDARD) - 1;
        bytes[last_key_top] = 0xff;
        fix_crc(&mut bytes);
        assert!(decode(&bytes, Checks::Entries).is_err());
        assert!(decode(&bytes, Checks::Checksum).is_ok());
        let mut bytes = good.clone();
        bytes.copy_within(
            HEADER_BYTES..HEADER_BYTES + ENTRY_BYTES,
            HEADER_BYTES + ENTRY_BYTES,
        );
        fix_crc(&mut bytes);
        assert!(matches!(
            decode(&bytes, Checks::Checksum),
            Err(BookError::Entry {
                error: EntryError::Unsorted,
                ..
            })
        ));
        assert!(matches!(
            decode(&[], Checks::Entries),
            Err(BookError::Empty)
        ));
    }
}
