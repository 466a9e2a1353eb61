//! What the terminal can show: colour only on a terminal and only without `NO_COLOR`.

use c4_core::{Diagram, Game, Geometry};
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
pub fn board<G: Geometry>(game: &Game<G>) -> String {
    diagram()
        .with_last_move(game.position(), game.last_move())
        .render(game.position())
}

/// The width of the terminal the interactive commands write for: every line of theirs fits.
pub const WIDTH: usize = 80;

/// `text` broken at spaces into lines of at most [`WIDTH`] characters, each line after the
/// first indented by `indent` spaces; a word longer than a line is cut.
pub fn wrap(text: &str, indent: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut length = 0;
    let mut words_on_line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let space = usize::from(words_on_line > 0);
            if length + space + word.len() <= WIDTH {
                if space > 0 {
                    line.push(' ');
                }
                line.extend(&word);
                length += space + word.len();
                words_on_line += 1;
                break;
            }
            if words_on_line == 0 {
                // Alone on its line and still too long: cut it.
                let rest = word.split_off(WIDTH - length);
                line.extend(&word);
                word = rest;
            }
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
            length = indent;
            words_on_line = 0;
        }
    }
    lines.push(line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let text = "computer: 3 moves, mean 1.2 ms and 3370 nodes per move (total 3.7 ms, \
                    10109 nodes), mean depth 6.0 and a word that is far too long to fit: "
            .to_owned()
            + &"x".repeat(200);
        let wrapped = wrap(&text, 2);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= WIDTH),
            "{wrapped}"
        );
        assert!(
            wrapped.lines().skip(1).all(|l| l.starts_with("  ")),
            "{wrapped}"
        );
        let words = |t: &str| t.split_whitespace().collect::<String>();
        assert_eq!(words(&wrapped), words(&text));
        assert_eq!(wrap("short line", 2), "short line");
    }
}
