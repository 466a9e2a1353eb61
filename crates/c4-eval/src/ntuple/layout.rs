//! Where an n-tuple network looks: tuples of cells, each laid as a random walk on the board
//! (Thill, Koch and Konen, PPSN 2012: about 70 tuples of 8 cells).
//!
//! Cells are bit indices of `c4_core`'s layout (column-major, 7 bits a column, the top one
//! a sentinel that is never a cell), so a position's bitboards are read without converting.

use crate::SeededRng;
use c4_core::{COLUMN_BITS, HEIGHT, WIDTH};
use rand::{RngExt, SeedableRng};

/// The longest tuple: 4^10 weights a table is about a million.
pub const MAX_TUPLE_LEN: usize = 10;

/// The most tuples a network holds.
pub const MAX_TUPLES: usize = 1000;

/// Why a layout cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// No tuple, or more than [`MAX_TUPLES`].
    #[error("a layout holds 1 to {MAX_TUPLES} tuples, not {0}")]
    Count(usize),
    /// A tuple shorter than 2 cells or longer than [`MAX_TUPLE_LEN`].
    #[error("tuple {tuple} has {length} cells; a tuple has 2 to {MAX_TUPLE_LEN}")]
    Length {
        /// Which tuple (0-based).
        tuple: usize,
        /// Its length.
        length: usize,
    },
    /// Tuples of different lengths (one table size serves them all).
    #[error("tuple {tuple} has {length} cells where the first has {expected}")]
    Uneven {
        /// Which tuple (0-based).
        tuple: usize,
        /// Its length.
        length: usize,
        /// The first tuple's.
        expected: usize,
    },
    /// A cell index that is no cell of the board.
    #[error("tuple {tuple} names cell {cell}, which is not on the board")]
    Cell {
        /// Which tuple (0-based).
        tuple: usize,
        /// The index given.
        cell: u8,
    },
    /// A cell twice in one tuple.
    #[error("tuple {tuple} names cell {cell} twice")]
    Repeated {
        /// Which tuple (0-based).
        tuple: usize,
        /// The cell.
        cell: u8,
    },
}

/// Whether `bit` is a cell of the board (not a sentinel, not past the last column).
#[must_use]
pub const fn is_cell(bit: u8) -> bool {
    (bit as usize) < WIDTH * COLUMN_BITS && (bit as usize) % COLUMN_BITS < HEIGHT
}

/// The cell of `bit` in the board's mirror image (columns a <-> g).
#[must_use]
pub const fn mirror_cell(bit: u8) -> u8 {
    let column = bit as usize / COLUMN_BITS;
    let row = bit as usize % COLUMN_BITS;
    ((WIDTH - 1 - column) * COLUMN_BITS + row) as u8
}

/// The cells of a network's tuples, all of one length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    tuples: Vec<Vec<u8>>,
}

impl Layout {
    /// `tuples` as a layout, checked: 1 to [`MAX_TUPLES`] tuples of one length from 2 to
    /// [`MAX_TUPLE_LEN`], each of distinct cells of the board.
    pub fn new(tuples: Vec<Vec<u8>>) -> Result<Layout, LayoutError> {
        if tuples.is_empty() || tuples.len() > MAX_TUPLES {
            return Err(LayoutError::Count(tuples.len()));
        }
        let expected = tuples[0].len();
        for (index, tuple) in tuples.iter().enumerate() {
            if !(2..=MAX_TUPLE_LEN).contains(&tuple.len()) {
                return Err(LayoutError::Length {
                    tuple: index,
                    length: tuple.len(),
                });
            }
            if tuple.len() != expected {
                return Err(LayoutError::Uneven {
                    tuple: index,
                    length: tuple.len(),
                    expected,
                });
            }
            for (at, &cell) in tuple.iter().enumerate() {
                if !is_cell(cell) {
                    return Err(LayoutError::Cell { tuple: index, cell });
                }
                if tuple[..at].contains(&cell) {
                    return Err(LayoutError::Repeated { tuple: index, cell });
                }
            }
        }
        Ok(Layout { tuples })
    }

    /// `count` tuples of `length` cells, each a random walk from a random cell to one of its
    /// eight neighbours at each step, never twice through a cell; the same for the same seed.
    pub fn random_walks(seed: u64, count: usize, length: usize) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_TUPLES {
            return Err(LayoutError::Count(count));
        }
        if !(2..=MAX_TUPLE_LEN).contains(&length) {
            return Err(LayoutError::Length { tuple: 0, length });
        }
        let mut rng = SeededRng::seed_from_u64(seed);
        let tuples = (0..count).map(|_| random_walk(&mut rng, length)).collect();
        Layout::new(tuples)
    }

    /// `count` tuples of `length` cells, each grown from a line of four: the first tuples start
    /// from the lines of four that no tuple (nor its mirror image) holds yet, in random order,
    /// then from random lines; each grows by a random neighbour of one of its cells until it
    /// has `length`. Every line of four is then read whole by some tuple (70 tuples cover the
    /// 69 lines, which mirror in pairs), so every immediate threat is visible to the network;
    /// random walks leave about a third of the lines unread. The same for the same seed.
    pub fn line_walks(seed: u64, count: usize, length: usize) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_TUPLES {
            return Err(LayoutError::Count(count));
        }
        if !(4..=MAX_TUPLE_LEN).contains(&length) {
            return Err(LayoutError::Length { tuple: 0, length });
        }
        let lines = lines_of_four();
        let mut rng = SeededRng::seed_from_u64(seed);
        let mut tuples: Vec<Vec<u8>> = Vec::with_capacity(count);
        for _ in 0..count {
            let open: Vec<&Vec<u8>> = lines
                .iter()
                .filter(|line| {
                    !tuples.iter().any(|t| {
                        line.iter().all(|c| t.contains(c))
                            || line.iter().all(|c| t.contains(&mirror_cell(*c)))
                    })
                })
                .collect();
            let line = if open.is_empty() {
                &lines[rng.random_range(0..lines.len())]
            } else {
                open[rng.random_range(0..open.len())]
            };
            let mut tuple = line.clone();
            while tuple.len() < length {
                let from = tuple[rng.random_range(0..tuple.len())];
                let (column, row) = (
                    (from as usize / COLUMN_BITS) as i32,
                    (from as usize % COLUMN_BITS) as i32,
                );
                let (dc, dr) = NEIGHBOURS[rng.random_range(0..NEIGHBOURS.len())];
                let (c, r) = (column + dc, row + dr);
                if (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r) {
                    let cell = cell_at(c, r);
                    if !tuple.contains(&cell) {
                        tuple.push(cell);
                    }
                }
            }
            tuples.push(tuple);
        }
        Layout::new(tuples)
    }

    /// The tuples' cells.
    #[must_use]
    pub fn tuples(&self) -> &[Vec<u8>] {
        &self.tuples
    }

    /// The number of cells of each tuple.
    #[must_use]
    pub fn tuple_len(&self) -> usize {
        self.tuples[0].len()
    }
}

/// The 69 lines of four cells of the board.
fn lines_of_four() -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    for column in 0..WIDTH as i32 {
        for row in 0..HEIGHT as i32 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let cells: Vec<(i32, i32)> =
                    (0..4).map(|k| (column + k * dc, row + k * dr)).collect();
                if cells.iter().all(|&(c, r)| {
                    (0..WIDTH as i32).contains(&c) && (0..HEIGHT as i32).contains(&r)
                }) {
                    lines.push(cells.iter().map(|&(c, r)| cell_at(c, r)).collect());
                }
            }
        }
    }
    lines
}

/// One walk of `length` distinct cells; a walk that runs into a dead end starts again.
fn random_walk(rng: &mut SeededRng, length: usize) -> Vec<u8> {
    loop {
        let mut column = rng.random_range(0..WIDTH) as i32;
        let mut row = rng.random_range(0..HEIGHT) as i32;
        let mut walk = vec![cell_at(column, row)];
        while walk.len() < length {
            let steps: Vec<(i32, i32)> = NEIGHBOURS
                .iter()
                .map(|(dc, dr)| (column + dc, row + dr))
                .filter(|&(c, r)| {
                    (0..WIDTH as i32).contains(&c)
                        && (0..HEIGHT as i32).contains(&r)
                        && !walk.contains(&cell_at(c, r))
                })
                .collect();
            if steps.is_empty() {
                break;
            }
            (column, row) = steps[rng.random_range(0..steps.len())];
            walk.push(cell_at(column, row));
        }
        if walk.len() == length {
            return walk;
        }
    }
}

/// The eight steps to a neighbouring cell.
const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn cell_at(column: i32, row: i32) -> u8 {
    (column as usize * COLUMN_BITS + row as usize) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_are_connected_distinct_cells_and_repeat_for_a_seed() {
        let layout = Layout::random_walks(7, 70, 8).unwrap();
        assert_eq!(layout.tuples().len(), 70);
        for tuple in layout.tuples() {
            for pair in tuple.windows(2) {
                let (a, b) = (pair[0] as i32, pair[1] as i32);
                let (ca, ra) = (a / COLUMN_BITS as i32, a % COLUMN_BITS as i32);
                let (cb, rb) = (b / COLUMN_BITS as i32, b % COLUMN_BITS as i32);
                assert!((ca - cb).abs() <= 1 && (ra - rb).abs() <= 1, "{tuple:?}");
            }
        }
        assert_eq!(layout, Layout::random_walks(7, 70, 8).unwrap());
        assert_ne!(layout, Layout::random_walks(8, 70, 8).unwrap());
    }

    #[test]
    fn line_walks_read_every_line_of_four_whole_and_repeat_for_a_seed() {
        let layout = Layout::line_walks(1, 70, 8).unwrap();
        assert_eq!(layout.tuples().len(), 70);
        assert!(layout.tuples().iter().all(|t| t.len() == 8));
        let lines = lines_of_four();
        assert_eq!(lines.len(), 69);
        for line in &lines {
            let read = layout.tuples().iter().any(|t| {
                line.iter().all(|c| t.contains(c))
                    || line.iter().all(|c| t.contains(&mirror_cell(*c)))
            });
            assert!(read, "{line:?}");
        }
        // Random walks of the same shape leave lines unread.
        let walks = Layout::random_walks(1, 70, 8).unwrap();
        assert!(lines.iter().any(|line| {
            !walks.tuples().iter().any(|t| {
                line.iter().all(|c| t.contains(c))
                    || line.iter().all(|c| t.contains(&mirror_cell(*c)))
            })
        }));
        assert_eq!(layout, Layout::line_walks(1, 70, 8).unwrap());
        assert_ne!(layout, Layout::line_walks(2, 70, 8).unwrap());
        assert!(Layout::line_walks(1, 70, 3).is_err());
    }

    #[test]
    fn bad_layouts_are_refused_with_the_tuple_named() {
        assert_eq!(Layout::new(vec![]), Err(LayoutError::Count(0)));
        assert_eq!(
            Layout::new(vec![vec![0, 1], vec![0, 6]]),
            Err(LayoutError::Cell { tuple: 1, cell: 6 })
        );
        assert_eq!(
            Layout::new(vec![vec![0, 0]]),
            Err(LayoutError::Repeated { tuple: 0, cell: 0 })
        );
        assert!(matches!(
            Layout::new(vec![vec![0, 1], vec![0, 1, 2]]),
            Err(LayoutError::Uneven { tuple: 1, .. })
        ));
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_keeps_cells_on_the_board() {
        for bit in 0..64u8 {
            if is_cell(bit) {
                assert!(is_cell(mirror_cell(bit)));
                assert_eq!(mirror_cell(mirror_cell(bit)), bit);
            }
        }
        assert_eq!(mirror_cell(0), 42);
        assert_eq!(mirror_cell(24), 24);
    }
}
