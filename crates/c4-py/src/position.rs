//! `Position`: a board of any size and the moves that led to it, immutable from Python.

use crate::arguments::{PlayerIndex, board_size, column_on};
use crate::error::CoreError;
use crate::value_error;
use c4_core::{AnySize, Column, Diagram, Game, Geometry, Player, Size, Status, excerpt};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// A Connect-4 position with its move history, on a board of any size (7x6 unless `width`
/// and `height` say otherwise). Columns are 0-based, 0 to the width less one (PettingZoo's
/// actions); move strings are the CLI's: digits from 1 (on boards up to 9 wide) or letters
/// from a. Two positions are equal when their boards are.
#[pyclass(module = "c4lab", frozen)]
#[derive(Clone)]
pub struct Position {
    /// The game, its size read at run time: searches take it back to the compiled 7x6 board
    /// where it is one (`Game::to_geometry`).
    pub(crate) game: Game<AnySize>,
}

impl From<Game> for Position {
    /// A game of the standard board.
    fn from(game: Game) -> Position {
        Position { game: game.into() }
    }
}

/// `game` on the board of `geometry`, or the error that it is of another size than the
/// solver's or player's that asks.
pub(crate) fn game_in<G: Geometry>(
    game: &Game<AnySize>,
    geometry: G,
) -> Result<Game<G>, CoreError> {
    game.to_geometry(geometry).ok_or(CoreError::OtherSize {
        plays: geometry.size(),
        position: game.size(),
    })
}

impl Position {
    /// The board's size.
    pub(crate) fn size(&self) -> Size {
        self.game.size()
    }
}

/// `player`'s cells as a grid of the board's rows, row 0 at the top (PettingZoo's layout),
/// row after row.
fn grid(game: &Game<AnySize>, player: Player) -> Vec<i8> {
    let size = game.size();
    let (width, height) = (size.width(), size.height());
    let discs = game.position().discs(player).0;
    let mut grid = vec![0i8; width * height];
    for column in 0..width {
        for row in 0..height {
            if discs >> (column * size.column_bits() + row) & 1 == 1 {
                grid[(height - 1 - row) * width + column] = 1;
            }
        }
    }
    grid
}

/// The game of `moves` on a board of `size`; the error names the size off 7x6, as the CLI's
/// `--size` does.
pub(crate) fn parse_position(moves: &str, size: Size) -> PyResult<Position> {
    Game::from_moves_in(moves, AnySize::new(size))
        .map(|game| Position { game })
        .map_err(|e| {
            if size.is_standard() {
                value_error(format!("invalid position {:?}: {e}", excerpt(moves)))
            } else {
                value_error(format!(
                    "invalid position {:?} on the {size} board: {e}",
                    excerpt(moves)
                ))
            }
        })
}

#[pymethods]
impl Position {
    /// The position after `moves` from the empty board (`""` for the empty board) of `width`
    /// columns and `height` rows: every size with both at least 4 and width x (height + 1)
    /// at most 64.
    #[new]
    #[pyo3(signature = (moves = "", width = None, height = None))]
    fn new(
        moves: &str,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Position> {
        parse_position(moves, board_size(width, height)?)
    }

    /// Columns of the board.
    #[getter]
    fn width(&self) -> usize {
        self.size().width()
    }

    /// Rows of the board.
    #[getter]
    fn height(&self) -> usize {
        self.size().height()
    }

    /// The moves from the empty board: digits from 1, or letters on a board wider than 9.
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

    /// The last column played (from 0), or None at the empty board.
    #[getter]
    fn last_move(&self) -> Option<usize> {
        self.game.last_move().map(Column::index)
    }

    /// The position after playing `column` (from 0).
    fn play(&self, column: &Bound<'_, PyAny>) -> PyResult<Position> {
        let column = column_on(column, self.size())?;
        let mut game = self.game.clone();
        game.try_play(column).map_err(value_error)?;
        Ok(Position { game })
    }

    /// The columns (from 0) that are not full, none once the game is over.
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
        let size = self.size();
        let mut game = Game::new_in(AnySize::new(size));
        for column in self.game.moves() {
            let mirrored = column
                .mirrored_in(size)
                .expect("a column of the board has a mirror on it");
            game.try_play(mirrored)
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

    /// A 2 x height x width int8 array: the side to move's discs, then the opponent's; row 0
    /// is the top.
    fn to_planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<i8>> {
        let size = self.size();
        let me = self.game.position().side_to_move();
        let mut flat = grid(&self.game, me);
        flat.extend(grid(&self.game, me.other()));
        PyArray1::from_vec(py, flat)
            .reshape([2, size.height(), size.width()])
            .expect("two grids of the board's cells")
    }

    /// PettingZoo's observation for player 0 (red) or 1 (yellow): a height x width x 2 int8
    /// array of that player's discs, then the other's; row 0 is the top.
    fn observation<'py>(&self, py: Python<'py>, player: PlayerIndex) -> Bound<'py, PyArray3<i8>> {
        let size = self.size();
        let me = if player.0 == 0 {
            Player::Red
        } else {
            Player::Yellow
        };
        let (mine, theirs) = (grid(&self.game, me), grid(&self.game, me.other()));
        let flat: Vec<i8> = mine
            .iter()
            .zip(&theirs)
            .flat_map(|(&mine, &theirs)| [mine, theirs])
            .collect();
        PyArray1::from_vec(py, flat)
            .reshape([size.height(), size.width(), 2])
            .expect("two entries for each of the board's cells")
    }

    /// An int8 array of one entry a column: 1 for each column with room for a disc (the
    /// action mask of the environments; a finished game's columns keep their flags, as in
    /// PettingZoo).
    fn open_columns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let position = self.game.position();
        let mask: Vec<i8> = self
            .size()
            .columns()
            .map(|c| i8::from(position.can_play(c)))
            .collect();
        PyArray1::from_vec(py, mask)
    }

    /// Whether `column` (from 0) has room for a disc.
    fn has_room(&self, column: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .game
            .position()
            .can_play(column_on(column, self.size())?))
    }

    /// Whether two positions are the same: boards of the same size with the same discs in
    /// the same cells (however the moves that made them were ordered).
    fn __eq__(&self, other: &Position) -> bool {
        self.game.position() == other.game.position()
    }

    /// A hash that equal positions share, so a position can key a dict or join a set.
    fn __hash__(&self) -> u64 {
        self.game.position().key()
    }

    /// `Position("4453")` (with `width` and `height` off 7x6) and the board drawn below it.
    fn __repr__(&self) -> String {
        let size = self.size();
        let arguments = if size.is_standard() {
            format!("{:?}", self.game.move_string())
        } else {
            format!(
                "{:?}, width={}, height={}",
                self.game.move_string(),
                size.width(),
                size.height()
            )
        };
        format!(
            "Position({arguments})\n{}",
            Diagram::plain().render(self.game.position()).trim_end()
        )
    }

    /// The board drawn as text, as the CLI draws it.
    fn __str__(&self) -> String {
        Diagram::plain().render(self.game.position())
    }

    /// Pickles a position as its move string and size.
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (String, usize, usize)) {
        (
            py.get_type::<Position>(),
            (self.game.move_string(), self.width(), self.height()),
        )
    }
}
