//! What the terminal can show: colour only on a terminal and only without `NO_COLOR`.

use c4_core::{Diagram, Game};
use std::io::IsTerminal;

/// Whether standard output should get ANSI colours.
pub fn stdout_wants_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The diagram style for standard output.
pub fn diagram() -> Diagram {
    if stdout_wants_color() {
        Diagram::colored()
    } else {
        Diagram::plain()
    }
}

/// A game's diagram for standard output, its last move marked.
pub fn board(game: &Game) -> String {
    diagram()
        .with_last_move(game.position(), game.last_move())
        .render(game.position())
}
