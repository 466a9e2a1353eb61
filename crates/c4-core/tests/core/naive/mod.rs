//! A deliberately simple board for the rules tests to check the bitboards against: a grid of
//! cells of any size and a full scan for fours, sharing no code with the crate beyond `Player`.

use c4_core::Player;

/// A board of `width` columns, each a `Vec` of `height` cells from the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Vec<Option<Player>>>,
    pub moves: usize,
}

impl NaiveBoard {
    pub fn new(width: usize, height: usize) -> Self {
        NaiveBoard {
            width,
            height,
            cells: vec![vec![None; height]; width],
            moves: 0,
        }
    }

    pub fn to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::Red
        } else {
            Player::Yellow
        }
    }

    pub fn can_play(&self, c: usize) -> bool {
        self.cells[c][self.height - 1].is_none()
    }

    pub fn height_of(&self, c: usize) -> usize {
        self.cells[c].iter().filter(|cell| cell.is_some()).count()
    }

    pub fn play(&mut self, c: usize) {
        let row = (0..self.height)
            .find(|&r| self.cells[c][r].is_none())
            .unwrap();
        self.cells[c][row] = Some(self.to_move());
        self.moves += 1;
    }

    /// Whoever has four in a row, scanning every cell in every direction.
    pub fn winner(&self) -> Option<Player> {
        let (w, h) = (self.width as isize, self.height as isize);
        for c in 0..w {
            for r in 0..h {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<_> = (0..4)
                        .map(|k| (c + k * dc, r + k * dr))
                        .filter(|&(x, y)| x >= 0 && y >= 0 && x < w && y < h)
                        .map(|(x, y)| self.cells[x as usize][y as usize])
                        .collect();
                    if cells.len() == 4
                        && cells[0].is_some()
                        && cells.iter().all(|&p| p == cells[0])
                    {
                        return cells[0];
                    }
                }
            }
        }
        None
    }

    pub fn is_full(&self) -> bool {
        self.moves == self.width * self.height
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    /// The columns that can be played, none once the game is over.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.is_over() {
            return vec![];
        }
        (0..self.width).filter(|&c| self.can_play(c)).collect()
    }

    pub fn mirrored(&self) -> NaiveBoard {
        let mut mirrored = self.clone();
        mirrored.cells.reverse();
        mirrored
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|c| {
                let mut child = self.clone();
                child.play(c);
                child.perft(depth - 1)
            })
            .sum()
    }
}
