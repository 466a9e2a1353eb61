//! The facts of a position that the rules read: each side's groups still open, the rows by
//! their parity, the playable cells, on any board size.
//!
//! # Even and odd rows on any height
//!
//! Allis names the rows of 7x6 from 1 at the bottom and calls 2, 4 and 6 even. What his
//! rules use is the distance from the top: in a column, a player who always answers a move
//! directly above it takes the cells at an even distance below the top. On an even height
//! those are rows 2, 4, 6, ...; on an odd height rows 1, 3, 5, ..., the top row included.
//! Here "even" means that set on every size ([`Board::even`]), so every rule holds on every
//! height as Allis proved it for six rows (c4-solver's static rules read rows the same way).

use c4_core::{AnySize, Column, Player, Position, Size, Square};

/// A set of groups (four-cell lines) of one board, by their index in [`Size::lines`]. No
/// size has more than 107 lines, so a set is one `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GroupSet(pub u128);

impl GroupSet {
    /// No group.
    pub const EMPTY: GroupSet = GroupSet(0);

    /// Whether the set holds no group.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many groups the set holds.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds group `index`.
    #[must_use]
    pub const fn contains(self, index: usize) -> bool {
        self.0 >> index & 1 == 1
    }

    /// The indices of the groups, lowest first.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(index)
        })
    }

    /// The groups of both sets.
    #[must_use]
    pub const fn union(self, other: GroupSet) -> GroupSet {
        GroupSet(self.0 | other.0)
    }

    /// The groups of `self` that are not in `other`.
    #[must_use]
    pub const fn minus(self, other: GroupSet) -> GroupSet {
        GroupSet(self.0 & !other.0)
    }

    /// The groups in both sets.
    #[must_use]
    pub const fn intersection(self, other: GroupSet) -> GroupSet {
        GroupSet(self.0 & other.0)
    }
}

/// A position as the rules read it, from the side of one player, the controller: the player
/// who applies the rules, not to move. Cells are bits of c4-core's layout (column-major,
/// H + 1 bits a column, bit 0 = `a1`).
#[derive(Clone, Debug)]
pub struct Board {
    size: Size,
    column_bits: u32,
    lines: Vec<u64>,
    controller: Player,
    controller_discs: u64,
    opponent_discs: u64,
    even: u64,
}

impl Board {
    /// `position` read for `controller`.
    #[must_use]
    pub fn new(position: &Position<AnySize>, controller: Player) -> Board {
        let size = position.size();
        let column_bits = size.column_bits() as u32;
        let column = (1u64 << size.height()) - 1;
        // The top row is bit H - 1: odd bits on an even height, even bits on an odd one.
        let pattern = if size.height().is_multiple_of(2) {
            0xAAAA_AAAA_AAAA_AAAA
        } else {
            0x5555_5555_5555_5555
        };
        Board {
            size,
            column_bits,
            lines: size.lines().map(|line| line.cells.0).collect(),
            controller,
            controller_discs: position.discs(controller).0,
            opponent_discs: position.discs(controller.other()).0,
            even: (column & pattern) * size.bottom(),
        }
    }

    /// The board's size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The player the board is read for.
    #[must_use]
    pub const fn controller(&self) -> Player {
        self.controller
    }

    /// Every cell of the board.
    #[must_use]
    pub const fn cells(&self) -> u64 {
        self.size.board()
    }

    /// The empty cells.
    #[must_use]
    pub const fn empty(&self) -> u64 {
        self.cells() & !(self.controller_discs | self.opponent_discs)
    }

    /// The cells a disc can be dropped into now, one a column that is not full.
    #[must_use]
    pub const fn playable(&self) -> u64 {
        ((self.controller_discs | self.opponent_discs) + self.size.bottom()) & self.cells()
    }

    /// The cells at an even distance below the top of their column (module docs).
    #[must_use]
    pub const fn even(&self) -> u64 {
        self.even
    }

    /// The other cells: at an odd distance below the top.
    #[must_use]
    pub const fn odd(&self) -> u64 {
        self.cells() & !self.even
    }

    /// The top row.
    #[must_use]
    pub const fn top_row(&self) -> u64 {
        self.size.bottom() << (self.size.height() - 1)
    }

    /// Every cell of the column of `cell` (one bit).
    #[must_use]
    pub const fn column_of(&self, cell: u64) -> u64 {
        let index = cell.trailing_zeros() / self.column_bits;
        ((1u64 << self.size.height()) - 1) << (index * self.column_bits)
    }

    /// The cells of the column of `cell` above it.
    #[must_use]
    pub const fn above_all(&self, cell: u64) -> u64 {
        self.column_of(cell) & !((cell << 1) - 1)
    }

    /// The cells of the column of `cell` at or above it.
    #[must_use]
    pub const fn at_or_above(&self, cell: u64) -> u64 {
        self.column_of(cell) & !(cell - 1)
    }

    /// The cell directly above `cell`, or none in the top row.
    #[must_use]
    pub const fn above(&self, cell: u64) -> u64 {
        (cell << 1) & self.cells()
    }

    /// The cell directly below `cell`, or none in the bottom row.
    #[must_use]
    pub const fn below(&self, cell: u64) -> u64 {
        (cell >> 1) & self.cells() & !(cell & self.size.bottom())
    }

    /// The cells of column `column`.
    #[must_use]
    pub fn column_cells(&self, column: usize) -> u64 {
        ((1u64 << self.size.height()) - 1) << (column as u32 * self.column_bits)
    }

    /// The column of a cell (one bit).
    #[must_use]
    pub fn column(&self, cell: u64) -> Column {
        let index = (cell.trailing_zeros() / self.column_bits) as usize;
        self.size
            .column(index)
            .expect("a cell of the board is in one of its columns")
    }

    /// The square of a cell (one bit).
    #[must_use]
    pub fn square(&self, cell: u64) -> Square {
        self.size
            .square_at_bit(cell.trailing_zeros() as usize)
            .expect("a cell of the board names one of its squares")
    }

    /// The four cells of group `index`.
    #[must_use]
    pub fn group_cells(&self, index: usize) -> u64 {
        self.lines[index]
    }

    /// The groups `player` can still complete: no disc of the other in them.
    #[must_use]
    pub fn open_groups(&self, player: Player) -> GroupSet {
        let blockers = if player == self.controller {
            self.opponent_discs
        } else {
            self.controller_discs
        };
        self.groups_where(|cells| cells & blockers == 0)
    }

    /// The groups whose cells satisfy `keep`.
    pub fn groups_where(&self, mut keep: impl FnMut(u64) -> bool) -> GroupSet {
        let mut set = 0u128;
        for (index, &cells) in self.lines.iter().enumerate() {
            if keep(cells) {
                set |= 1 << index;
            }
        }
        GroupSet(set)
    }

    /// The groups of `within` that hold every cell of `cells`.
    #[must_use]
    pub fn groups_holding(&self, within: GroupSet, cells: u64) -> GroupSet {
        let mut set = 0u128;
        for index in within.indices() {
            if self.lines[index] & cells == cells {
                set |= 1 << index;
            }
        }
        GroupSet(set)
    }

    /// The discs of `player`.
    #[must_use]
    pub const fn discs(&self, player: Player) -> u64 {
        if player as u8 == self.controller as u8 {
            self.controller_discs
        } else {
            self.opponent_discs
        }
    }

    /// The empty cells that would complete four for `player`.
    #[must_use]
    pub fn threats(&self, player: Player) -> u64 {
        let discs = self.discs(player);
        let mut cells = 0;
        for &line in &self.lines {
            let missing = line & !discs;
            if missing.count_ones() == 1 && missing & self.empty() != 0 {
                cells |= missing;
            }
        }
        cells
    }

    /// The columns with an odd number of empty cells: their playable cell is even.
    #[must_use]
    pub const fn odd_columns(&self) -> u64 {
        self.playable() & self.even
    }
}

/// The cells of `bits`, one bit each, lowest first.
pub fn cells_of(bits: u64) -> impl Iterator<Item = u64> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let cell = rest & rest.wrapping_neg();
        rest ^= cell;
        Some(cell)
    })
}
