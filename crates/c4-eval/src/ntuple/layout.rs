//! Where an n-tuple network looks: tuples of cells, each laid as a random walk on the board
//! (Thill, Koch and Konen, PPSN 2012: about 70 tuples of 8 cells).
//!
//! A layout is of one board size. Its cells are bit indices of `c4_core`'s layout for that
//! size (column-major, height + 1 bits a column, the top one a sentinel that is never a
//! cell), so a position's bitboards are read without converting.

use crate::SeededRng;
use c4_core::Size;
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
    #[error("tuple {tuple} names cell {cell}, which is not on the {size} board")]
    Cell {
        /// Which tuple (0-based).
        tuple: usize,
        /// The index given.
        cell: u8,
        /// The board.
        size: Size,
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

/// Whether `bit` is a cell of the board of `size` (not a sentinel, not past the last
/// column).
#[must_use]
pub const fn is_cell(size: Size, bit: u8) -> bool {
    let bits = size.column_bits();
    (bit as usize) < size.width() * bits && (bit as usize) % bits < size.height()
}

/// The cell of `bit` in the mirror image of the board of `size` (its first column <-> its
/// last).
#[must_use]
pub const fn mirror_cell(size: Size, bit: u8) -> u8 {
    let bits = size.column_bits();
    let column = bit as usize / bits;
    let row = bit as usize % bits;
    ((size.width() - 1 - column) * bits + row) as u8
}

/// The cells of a network's tuples, all of one length, on a board of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    size: Size,
    tuples: Vec<Vec<u8>>,
}

impl Layout {
    /// `tuples` on the board of `size` as a layout, checked: 1 to [`MAX_TUPLES`] tuples of
    /// one length from 2 to [`MAX_TUPLE_LEN`], each of distinct cells of the board.
    pub fn new(size: Size, tuples: Vec<Vec<u8>>) -> Result<Layout, LayoutError> {
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
                if !is_cell(size, cell) {
                    return Err(LayoutError::Cell {
                        tuple: index,
                        cell,
                        size,
                    });
                }
                if tuple[..at].contains(&cell) {
                    return Err(LayoutError::Repeated { tuple: index, cell });
                }
            }
        }
        Ok(Layout { size, tuples })
    }

    /// `count` tuples of `length` cells of the board of `size`, each a random walk from a
    /// random cell to one of its eight neighbours at each step, never twice through a cell;
    /// the same for the same seed.
    pub fn random_walks(
        size: Size,
        seed: u64,
        count: usize,
        length: usize,
    ) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_TUPLES {
            return Err(LayoutError::Count(count));
        }
        if !(2..=MAX_TUPLE_LEN).contains(&length) {
            return Err(LayoutError::Length { tuple: 0, length });
        }
        let mut rng = SeededRng::seed_from_u64(seed);
        let board = Board(size);
        let tuples = (0..count)
            .map(|_| board.random_walk(&mut rng, length))
            .collect();
        Layout::new(size, tuples)
    }

    /// `count` tuples of `length` cells, each grown from a line of four: the first tuples start
    /// from the lines of four that no tuple (nor its mirror image) holds yet, in random order,
    /// then from random lines; each grows by a random neighbour of one of its cells until it
    /// has `length`. Every line of four is then read whole by some tuple (on 7x6, 70 tuples
    /// cover the 69 lines, which mirror in pairs), so every immediate threat is visible to
    /// the network; random walks leave about a third of the lines unread. The same for the
    /// same seed.
    pub fn line_walks(
        size: Size,
        seed: u64,
        count: usize,
        length: usize,
    ) -> Result<Layout, LayoutError> {
        if count == 0 || count > MAX_TUPLES {
            return Err(LayoutError::Count(count));
        }
        if !(4..=MAX_TUPLE_LEN).contains(&length) {
            return Err(LayoutError::Length { tuple: 0, length });
        }
        let board = Board(size);
        let lines = board.lines_of_four();
        let mut rng = SeededRng::seed_from_u64(seed);
        let mut tuples: Vec<Vec<u8>> = Vec::with_capacity(count);
        for _ in 0..count {
            let open: Vec<&Vec<u8>> = lines
                .iter()
                .filter(|line| {
                    !tuples.iter().any(|t| {
                        line.iter().all(|c| t.contains(c))
                            || line.iter().all(|c| t.contains(&mirror_cell(size, *c)))
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
                let (column, row) = board.place(from);
                let (dc, dr) = NEIGHBOURS[rng.random_range(0..NEIGHBOURS.len())];
                let (c, r) = (column + dc, row + dr);
                if board.holds(c, r) {
                    let cell = board.cell_at(c, r);
                    if !tuple.contains(&cell) {
                        tuple.push(cell);
                    }
                }
            }
            tuples.push(tuple);
        }
        Layout::new(size, tuples)
    }

    /// The board it is laid on.
    #[must_use]
    pub fn size(&self) -> Size {
        self.size
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

/// The board a layout is laid on, for walking its cells.
#[derive(Clone, Copy)]
struct Board(Size);

impl Board {
    /// Whether (column, row) is on the board.
    fn holds(self, column: i32, row: i32) -> bool {
        (0..self.0.width() as i32).contains(&column) && (0..self.0.height() as i32).contains(&row)
    }

    /// The cell at (column, row), which is on the board.
    fn cell_at(self, column: i32, row: i32) -> u8 {
        (column as usize * self.0.column_bits() + row as usize) as u8
    }

    /// The (column, row) of a cell.
    fn place(self, cell: u8) -> (i32, i32) {
        let bits = self.0.column_bits();
        ((cell as usize / bits) as i32, (cell as usize % bits) as i32)
    }

    /// The lines of four cells of the board (69 on 7x6).
    fn lines_of_four(self) -> Vec<Vec<u8>> {
        let mut lines = Vec::new();
        for column in 0..self.0.width() as i32 {
            for row in 0..self.0.height() as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<(i32, i32)> =
                        (0..4).map(|k| (column + k * dc, row + k * dr)).collect();
                    if cells.iter().all(|&(c, r)| self.holds(c, r)) {
                        lines.push(cells.iter().map(|&(c, r)| self.cell_at(c, r)).collect());
                    }
                }
            }
        }
        lines
    }

    /// One walk of `length` distinct cells; a walk that runs into a dead end starts again.
    fn random_walk(self, rng: &mut SeededRng, length: usize) -> Vec<u8> {
        loop {
            let mut column = rng.random_range(0..self.0.width()) as i32;
            let mut row = rng.random_range(0..self.0.height()) as i32;
            let mut walk = vec![self.cell_at(column, row)];
            while walk.len() < length {
                let steps: Vec<(i32, i32)> = NEIGHBOURS
                    .iter()
                    .map(|(dc, dr)| (column + dc, row + dr))
                    .filter(|&(c, r)| self.holds(c, r) && !walk.contains(&self.cell_at(c, r)))
                    .collect();
                if steps.is_empty() {
                    break;
                }
                (column, row) = steps[rng.random_range(0..steps.len())];
                walk.push(self.cell_at(column, row));
            }
            if walk.len() == length {
                return walk;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: Size = Size::STANDARD;

    #[test]
    fn walks_are_connected_distinct_cells_and_repeat_for_a_seed() {
        let layout = Layout::random_walks(STANDARD, 7, 70, 8).unwrap();
        assert_eq!(layout.tuples().len(), 70);
        for tuple in layout.tuples() {
            for pair in tuple.windows(2) {
                let (a, b) = (pair[0] as i32, pair[1] as i32);
                let (ca, ra) = (a / 7, a % 7);
                let (cb, rb) = (b / 7, b % 7);
                assert!((ca - cb).abs() <= 1 && (ra - rb).abs() <= 1, "{tuple:?}");
            }
        }
        assert_eq!(layout, Layout::random_walks(STANDARD, 7, 70, 8).unwrap());
        assert_ne!(layout, Layout::random_walks(STANDARD, 8, 70, 8).unwrap());
    }

    #[test]
    fn line_walks_read_every_line_of_four_whole_and_repeat_for_a_seed() {
        let layout = Layout::line_walks(STANDARD, 1, 70, 8).unwrap();
        assert_eq!(layout.tuples().len(), 70);
        assert!(layout.tuples().iter().all(|t| t.len() == 8));
        let lines = Board(STANDARD).lines_of_four();
        assert_eq!(lines.len(), 69);
        for line in &lines {
            let read = layout.tuples().iter().any(|t| {
                line.iter().all(|c| t.contains(c))
                    || line.iter().all(|c| t.contains(&mirror_cell(STANDARD, *c)))
            });
            assert!(read, "{line:?}");
        }
        // Random walks of the same shape leave lines unread.
        let walks = Layout::random_walks(STANDARD, 1, 70, 8).unwrap();
        assert!(lines.iter().any(|line| {
            !walks.tuples().iter().any(|t| {
                line.iter().all(|c| t.contains(c))
                    || line.iter().all(|c| t.contains(&mirror_cell(STANDARD, *c)))
            })
        }));
        assert_eq!(layout, Layout::line_walks(STANDARD, 1, 70, 8).unwrap());
        assert_ne!(layout, Layout::line_walks(STANDARD, 2, 70, 8).unwrap());
        assert!(Layout::line_walks(STANDARD, 1, 70, 3).is_err());
    }

    #[test]
    fn bad_layouts_are_refused_with_the_tuple_named() {
        assert_eq!(Layout::new(STANDARD, vec![]), Err(LayoutError::Count(0)));
        assert_eq!(
            Layout::new(STANDARD, vec![vec![0, 1], vec![0, 6]]),
            Err(LayoutError::Cell {
                tuple: 1,
                cell: 6,
                size: STANDARD
            })
        );
        // Bit 5 is a cell of 7x6 and the sentinel of 6x5's first column.
        let small: Size = "6x5".parse().unwrap();
        let error = Layout::new(small, vec![vec![0, 5]]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "tuple 0 names cell 5, which is not on the 6x5 board"
        );
        assert_eq!(
            Layout::new(STANDARD, vec![vec![0, 0]]),
            Err(LayoutError::Repeated { tuple: 0, cell: 0 })
        );
        assert!(matches!(
            Layout::new(STANDARD, vec![vec![0, 1], vec![0, 1, 2]]),
            Err(LayoutError::Uneven { tuple: 1, .. })
        ));
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_keeps_cells_on_the_board() {
        for size in Size::all() {
            let cells = (0..64u8).filter(|&bit| is_cell(size, bit)).count();
            assert_eq!(cells, size.cells(), "{size}");
            for bit in 0..64u8 {
                if is_cell(size, bit) {
                    assert!(is_cell(size, mirror_cell(size, bit)));
                    assert_eq!(mirror_cell(size, mirror_cell(size, bit)), bit);
                }
            }
        }
        assert_eq!(mirror_cell(STANDARD, 0), 42);
        assert_eq!(mirror_cell(STANDARD, 24), 24);
        assert_eq!(mirror_cell("6x5".parse().unwrap(), 0), 30);
    }

    #[test]
    fn layouts_of_every_size_keep_to_their_board() {
        for size in Size::all() {
            let board = Board(size);
            let lines = board.lines_of_four();
            // Fours in a row, a column and both diagonals.
            let (w, h) = (size.width(), size.height());
            let expected = (w - 3) * h + w * (h - 3) + 2 * (w - 3) * (h - 3);
            assert_eq!(lines.len(), expected, "{size}");
            for layout in [
                Layout::random_walks(size, 3, 20, 8).unwrap(),
                Layout::line_walks(size, 3, 20, 8).unwrap(),
            ] {
                assert_eq!(layout.size(), size);
                assert!(layout.tuples().iter().flatten().all(|&c| is_cell(size, c)));
            }
        }
    }
}
