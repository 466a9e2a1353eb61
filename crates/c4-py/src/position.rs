//! `Position`: a board and the moves that led to it, immutable from Python.

use crate::arguments::{ColumnIndex, PlayerIndex};
use crate::value_error;
use c4_core::{Column, Diagram, Game, HEIGHT, Player, Square, Status, WIDTH, excerpt};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// A Connect-4 position with its move history. Columns are 0-based, 0-6 (PettingZoo's
/// actions); move strings are 1-7 digits or a-g letters, as in the CLI. Two positions are equal when their boards are.
#[pyclass(module = "c4lab", frozen)]
#[derive(Clone)]
pub struct Position {
    pub(crate) game: Game,
}

/// Red's and yellow's cells as 6x7 grids, row 0 at the top (PettingZoo's layout).
fn grid(game: &Game, player: Player) -> [[i8; WIDTH]; HEIGHT] {
    let mut grid = [[0i8; WIDTH]; HEIGHT];
    for square in Square::all() {
        if game.position().cell(square) == Some(player) {
            grid[HEIGHT - 1 - square.row()][square.column().index()] = 1;
        }
    }
    grid
}

pub(crate) fn parse_position(moves: &str) -> PyResult<Position> {
    Game::from_moves(moves)
        .map(|game| Position { game })
        .map_err(|e| value_error(format!("invalid position {:?}: {e}", excerpt(moves))))
}

#[pymethods]
impl Position {
    /// The position after `moves` from the empty board (`""` for the empty board).
    #[new]
    #[pyo3(signature = (moves = ""))]
    fn new(moves: &str) -> PyResult<Position> {
        parse_position(moves)
    }

    /// The moves from the empty board, as digits 1-7.
    #[getter]
    fn moves(&self) -> String {
        self.game.move_string()
    }

    /// Discs on the board.
    #[getter]
    fn ply(&self) -> u32 {
        self.game.position().moves_played()
    }

    /// `"red"` (who moved first) or `"yellow"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.game.position().side_to_move().name()
    }

    /// The last column played (0-6), or None at the empty board.
    #[getter]
    fn last_move(&self) -> Option<usize> {
        self.game.last_move().map(Column::index)
    }

    /// The position after playing `column` (0-6).
    fn play(&self, column: ColumnIndex) -> PyResult<Position> {
        let ColumnIndex(column) = column;
        let mut game = self.game.clone();
        game.try_play(column).map_err(value_error)?;
        Ok(Position { game })
    }

    /// The columns (0-6) that are not full, none once the game is over.
    fn legal_moves(&self) -> Vec<usize> {
        if self.game.position().is_over() {
            return Vec::new();
        }
        self.game
            .position()
            .legal_moves()
            .map(Column::index)
            .collect()
    }

    /// `"in_progress"`, `"won"` or `"drawn"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.game.position().status() {
            Status::InProgress => "in_progress",
            Status::Won { .. } => "won",
            Status::Draw => "drawn",
        }
    }

    /// Who connected four (`"red"` or `"yellow"`), or None.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        match self.game.position().status() {
            Status::Won { winner, .. } => Some(winner.name()),
            _ => None,
        }
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.position().is_over()
    }

    /// The same game played in mirrored columns.
    fn mirror(&self) -> Position {
        let mut game = Game::new();
        for column in self.game.moves() {
            game.try_play(column.mirrored())
                .expect("the mirror of a legal game is legal");
        }
        Position { game }
    }

    /// Pons' unique key of the board (the history is not part of it).
    fn key(&self) -> u64 {
        self.game.position().key()
    }

    /// The smaller key of the board and its mirror: equal for mirrored boards.
    fn canonical_key(&self) -> u64 {
        self.game.position().canonical_key()
    }

    /// A 2x6x7 int8 array: the side to move's discs, then the opponent's; row 0 is the top.
    fn to_planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<i8>> {
        let me = self.game.position().side_to_move();
        let flat: Vec<i8> = [grid(&self.game, me), grid(&self.game, me.other())]
            .iter()
            .flatten()
            .flatten()
            .copied()
            .collect();
        PyArray1::from_vec(py, flat)
            .reshape([2, HEIGHT, WIDTH])
            .expect("84 cells make 2x6x7")
    }

    /// PettingZoo's observation for player 0 (red) or 1 (yellow): a 6x7x2 int8 array of that
    /// player's discs, then the other's; row 0 is the top.
    fn observation<'py>(&self, py: Python<'py>, player: PlayerIndex) -> Bound<'py, PyArray3<i8>> {
        let me = if player.0 == 0 {
            Player::Red
        } else {
            Player::Yellow
        };
        let (mine, theirs) = (grid(&self.game, me), grid(&self.game, me.other()));
        let mut flat = Vec::with_capacity(HEIGHT * WIDTH * 2);
        for row in 0..HEIGHT {
            for col in 0..WIDTH {
                flat.push(mine[row][col]);
                flat.push(theirs[row][col]);
            }
        }
        PyArray1::from_vec(py, flat)
            .reshape([HEIGHT, WIDTH, 2])
            .expect("84 cells make 6x7x2")
    }

    /// A 7-entry int8 array: 1 for each column with room for a disc (the action mask of the
    /// environments; a finished game's columns keep their flags, as in PettingZoo).
    fn open_columns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let position = self.game.position();
        let mask: Vec<i8> = Column::ALL
            .iter()
            .map(|&c| i8::from(position.can_play(c)))
            .collect();
        PyArray1::from_vec(py, mask)
    }

    /// Whether `column` (0-6) has room for a disc.
    fn has_room(&self, column: ColumnIndex) -> bool {
        self.game.position().can_play(column.0)
    }

    /// Whether two positions are the same: the same discs in the same cells (however the
    /// moves that made them were ordered).
    fn __eq__(&self, other: &Position) -> bool {
        self.game.position() == other.game.position()
    }

    /// A hash that equal positions share, so a position can key a dict or join a set.
    fn __hash__(&self) -> u64 {
        self.game.position().key()
    }

    /// `Position("4453")` and the board drawn below it.
    fn __repr__(&self) -> String {
        format!(
            "Position({:?})\n{}",
            self.game.move_string(),
            Diagram::plain().render(self.game.position()).trim_end()
        )
    }

    /// The board drawn as text, as the CLI draws it.
    fn __str__(&self) -> String {
        Diagram::plain().render(self.game.position())
    }

    /// Pickles a position as its move string.
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (String,)) {
        (py.get_type::<Position>(), (self.game.move_string(),))
    }
}
