//! Text diagrams of a position: plain for files and pipes, ANSI-coloured for terminals; a
//! `Position`'s `Display` (the plain diagram) and `Debug` (its grid) are drawn here.
//!
//! The library never decides whether to colour: the caller (the CLI) checks the terminal and
//! `NO_COLOR` and picks [`Diagram::plain`] or [`Diagram::colored`].

use crate::bitboard::Bitboard;
use crate::geometry::{Column, Player, Square};
use crate::layout::Geometry;
use crate::position::{Position, Status};
use std::fmt;

const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const HIGHLIGHT: &str = "\x1b[1;7m";
const RESET: &str = "\x1b[0m";

/// How to draw a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Diagram {
    color: bool,
    highlight: Option<Bitboard>,
    last: Option<Square>,
}

impl Diagram {
    /// Plain ASCII: `X` red, `O` yellow, winning discs in brackets, the last move (when
    /// given) in parentheses.
    #[must_use]
    pub fn plain() -> Diagram {
        Diagram {
            color: false,
            highlight: None,
            last: None,
        }
    }

    /// The same letters in ANSI colours (red `X`, yellow `O`: they differ without colour
    /// too), winning discs in reverse video.
    #[must_use]
    pub fn colored() -> Diagram {
        Diagram {
            color: true,
            highlight: None,
            last: None,
        }
    }

    /// Mark the disc of the last move, in `column` (none: no mark).
    #[must_use]
    pub fn with_last_move<G: Geometry>(
        mut self,
        position: &Position<G>,
        column: Option<Column>,
    ) -> Diagram {
        self.last = column
            .filter(|&c| position.height(c) > 0)
            .and_then(|c| position.size().square(c, position.height(c) - 1));
        self
    }

    /// Mark these cells (default: the winning cells of a won game).
    #[must_use]
    pub fn with_highlight(mut self, cells: Bitboard) -> Diagram {
        self.highlight = Some(cells);
        self
    }

    /// The diagram, rows top to bottom, with row numbers and column labels (letters, and
    /// digits where they name columns), ending in a newline.
    #[must_use]
    pub fn render<G: Geometry>(&self, position: &Position<G>) -> String {
        let size = position.size();
        let highlight = self.highlight.unwrap_or(match position.status() {
            Status::Won { cells, .. } => cells,
            _ => Bitboard::EMPTY,
        });
        // Row numbers take one character, or two on boards 10 or more rows high.
        let label = size.height().to_string().len();
        let margin = " ".repeat(label + 1);
        let border = format!("{margin}+{}+\n", "-".repeat(3 * size.width()));
        let mut out = border.clone();
        for row in (0..size.height()).rev() {
            out.push_str(&format!("{:>label$} |", row + 1));
            for column in size.columns() {
                let square = size.square(column, row).expect("row < height");
                out.push_str(&self.cell(
                    position.cell(square),
                    highlight.0 & size.bit(square) != 0,
                    self.last == Some(square),
                ));
            }
            out.push_str("|\n");
        }
        out.push_str(&border);
        let letters: String = size
            .columns()
            .map(|c| format!(" {} ", c.letter()))
            .collect();
        out.push_str(&format!("{margin} {}\n", letters.trim_end()));
        if size.has_digit_columns() {
            let numbers: String = size.columns().map(|c| format!(" {c} ")).collect();
            out.push_str(&format!("{margin} {}\n", numbers.trim_end()));
        }
        out
    }

    fn cell(&self, owner: Option<Player>, winning: bool, last: bool) -> String {
        let Some(player) = owner else {
            return " . ".to_owned();
        };
        let (open, close) = match (winning, last) {
            (true, _) => ('[', ']'),
            (false, true) => ('(', ')'),
            (false, false) => (' ', ' '),
        };
        let symbol = player.symbol();
        if self.color {
            let hue = if player == Player::Red { RED } else { YELLOW };
            let mark = if winning { HIGHLIGHT } else { "" };
            format!("{open}{hue}{mark}{symbol}{RESET}{close}")
        } else {
            format!("{open}{symbol}{close}")
        }
    }
}

/// Rows of `.`, `X`, `O`, top first, one line each: the grid that `Position::from_grid`
/// (and `from_grid_in`) reads.
#[must_use]
pub fn plain_grid<G: Geometry>(position: &Position<G>) -> String {
    let size = position.size();
    let mut out = String::new();
    for row in (0..size.height()).rev() {
        for column in size.columns() {
            let square = size.square(column, row).expect("row < height");
            out.push(position.cell(square).map_or('.', Player::symbol));
        }
        if row > 0 {
            out.push('\n');
        }
    }
    out
}

impl<G: Geometry> fmt::Debug for Position<G> {
    /// `{:?}` is compact; `{:#?}` prints a `Position::from_grid` call (`from_grid_in` on
    /// other sizes) to paste into a test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = plain_grid(self);
        let size = self.size();
        if f.alternate() {
            if size.is_standard() {
                writeln!(f, "Position::from_grid(\"")?;
            } else {
                writeln!(f, "Position::from_grid_in(\"")?;
            }
            for line in grid.lines() {
                writeln!(f, "    {line}")?;
            }
            if size.is_standard() {
                write!(f, "\").unwrap() /* {} to move */", self.side_to_move())
            } else {
                write!(
                    f,
                    "\", AnySize::new(Size::new({}, {}).unwrap())).unwrap() /* {} to move */",
                    size.width(),
                    size.height(),
                    self.side_to_move()
                )
            }
        } else if size.is_standard() {
            write!(
                f,
                "Position({:?}, {} to move)",
                grid.replace('\n', "/"),
                self.side_to_move()
            )
        } else {
            write!(
                f,
                "Position({size}, {:?}, {} to move)",
                grid.replace('\n', "/"),
                self.side_to_move()
            )
        }
    }
}

impl<G: Geometry> fmt::Display for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Diagram::plain().render(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    #[test]
    fn plain_diagram_of_4453() {
        let text = Diagram::plain().render(&parse_moves("4453").unwrap());
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[5], "2 | .  .  .  O  .  .  . |");
        assert_eq!(rows[6], "1 | .  .  O  X  X  .  . |");
        assert!(!text.contains('\x1b'));
        assert!(
            Diagram::colored()
                .render(&parse_moves("4453").unwrap())
                .contains(RED)
        );
    }

    #[test]
    fn the_last_move_is_marked_and_colour_keeps_the_letters() {
        let position = parse_moves("4453").unwrap();
        let text = Diagram::plain()
            .with_last_move(&position, Some(Column::new(2).unwrap()))
            .render(&position);
        assert_eq!(text.lines().nth(6).unwrap(), "1 | .  . (O) X  X  .  . |");
        let colored = Diagram::colored().render(&position);
        let stripped = colored
            .replace(RED, "")
            .replace(YELLOW, "")
            .replace(RESET, "");
        assert_eq!(stripped, Diagram::plain().render(&position));
    }

    #[test]
    fn winning_line_is_bracketed() {
        let text = Diagram::plain().render(&parse_moves("4455667").unwrap());
        assert!(text.contains("[X][X][X][X]"), "{text}");
    }

    #[test]
    fn grid_round_trips() {
        let p = parse_moves("32164625").unwrap();
        assert_eq!(Position::from_grid(&plain_grid(&p)).unwrap(), p);
    }
}
