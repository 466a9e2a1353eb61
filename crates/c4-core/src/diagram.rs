//! Text diagrams of a position: plain for files and pipes, ANSI-coloured for terminals.
//!
//! The library never decides whether to colour: the caller (the CLI) checks the terminal and
//! `NO_COLOR` and picks [`Diagram::plain`] or [`Diagram::colored`].

use crate::bitboard::Bitboard;
use crate::geometry::{Column, HEIGHT, Player, Square};
use crate::position::{Position, Status};

const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const HIGHLIGHT: &str = "\x1b[1;7m";
const RESET: &str = "\x1b[0m";

/// How to draw a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Diagram {
    color: bool,
    highlight: Option<Bitboard>,
}

impl Diagram {
    /// Plain ASCII: `X` red, `O` yellow, winning discs in brackets.
    #[must_use]
    pub fn plain() -> Diagram {
        Diagram {
            color: false,
            highlight: None,
        }
    }

    /// ANSI colours: red and yellow discs, winning discs in reverse video.
    #[must_use]
    pub fn colored() -> Diagram {
        Diagram {
            color: true,
            highlight: None,
        }
    }

    /// Mark these cells (default: the winning cells of a won game).
    #[must_use]
    pub fn with_highlight(mut self, cells: Bitboard) -> Diagram {
        self.highlight = Some(cells);
        self
    }

    /// The diagram, rows top to bottom, with row numbers and column labels, ending in a newline.
    #[must_use]
    pub fn render(&self, position: &Position) -> String {
        let highlight = self.highlight.unwrap_or(match position.status() {
            Status::Won { cells, .. } => cells,
            _ => Bitboard::EMPTY,
        });
        let border = format!("  +{}+\n", "-".repeat(3 * Column::ALL.len()));
        let mut out = border.clone();
        for row in (0..HEIGHT).rev() {
            out.push_str(&format!("{} |", row + 1));
            for column in Column::ALL {
                let square = Square::new(column, row).expect("row < HEIGHT");
                out.push_str(&self.cell(position.cell(square), highlight.contains(square)));
            }
            out.push_str("|\n");
        }
        out.push_str(&border);
        let letters: String = Column::ALL
            .iter()
            .map(|c| format!(" {} ", c.letter()))
            .collect();
        let numbers: String = Column::ALL.iter().map(|c| format!(" {c} ")).collect();
        out.push_str(&format!(
            "   {}\n   {}\n",
            letters.trim_end(),
            numbers.trim_end()
        ));
        out
    }

    fn cell(&self, owner: Option<Player>, marked: bool) -> String {
        match (owner, self.color) {
            (None, _) => " . ".to_owned(),
            (Some(player), false) => {
                let s = player.symbol();
                if marked {
                    format!("[{s}]")
                } else {
                    format!(" {s} ")
                }
            }
            (Some(player), true) => {
                let hue = if player == Player::Red { RED } else { YELLOW };
                let mark = if marked { HIGHLIGHT } else { "" };
                format!(" {hue}{mark}●{RESET} ")
            }
        }
    }
}

/// Rows of `.`, `X`, `O`, top first, one line each: the grid that `Position::from_grid` reads.
#[must_use]
pub fn plain_grid(position: &Position) -> String {
    let mut out = String::new();
    for row in (0..HEIGHT).rev() {
        for column in Column::ALL {
            let square = Square::new(column, row).expect("row < HEIGHT");
            out.push(position.cell(square).map_or('.', Player::symbol));
        }
        if row > 0 {
            out.push('\n');
        }
    }
    out
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
