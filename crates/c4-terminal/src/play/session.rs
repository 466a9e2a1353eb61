//! One `c4 play` session: the game between a person and the computer, turn by turn, with
//! undo, hints, new games and the record of each finished game.

use super::save::{Saver, Seats};
use crate::screen::{self, wrap};
use crate::stats::{ScoreShown, stats_line, summarise};
use crate::words::{column_keys, describe, move_number};
use anyhow::{Context, Result};
use c4_arena::played::human_move;
use c4_core::{Column, Game, Geometry, PlayError, Player, Size, Status, excerpt};
use c4_eval::BoardTables;
use c4_players::{Agent, HINT, LEVELS, PlayerSpec, hint_text};
use c4_search::search::MoveReport;
use std::io::{self, Write};
use std::time::Instant;

/// The keys of `c4 play` on a board of `size`, said at the start and on `help` or `?`.
pub fn keys(size: Size) -> String {
    format!(
        "Type a column ({}), u to undo, h for a hint, q to quit, ? for this help.",
        column_keys(size)
    )
}

/// The keys once a game is over, said at its prompt and on `help` or `?`.
const AFTER_THE_END: &str = "u to undo, n for a new game, q to quit";

/// What a line typed at a prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command<'a> {
    Quit,
    Undo,
    NewGame,
    Help,
    Hint,
    Play(Column),
    /// An empty line: the prompt again.
    Nothing,
    /// Anything else, quoted back in the error.
    Unknown(&'a str),
}

impl<'a> Command<'a> {
    /// Reads `line`, its columns those of `size`.
    fn parse(line: &'a str, size: Size) -> Command<'a> {
        match line.trim() {
            "q" | "quit" | "exit" => Command::Quit,
            "u" | "undo" => Command::Undo,
            "n" | "new" => Command::NewGame,
            "help" | "?" => Command::Help,
            "h" | "hint" => Command::Hint,
            "" => Command::Nothing,
            // One digit or letter of a column of the board.
            text => match *text.chars().collect::<Vec<_>>() {
                [c] => size
                    .column_of_char(c)
                    .map_or(Command::Unknown(text), Command::Play),
                _ => Command::Unknown(text),
            },
        }
    }
}

/// Whether the session goes on after a turn.
enum Flow {
    Continue,
    Stop,
}

/// The state of a `c4 play` session between turns.
pub struct Session<G: BoardTables> {
    /// The position every new game starts from (`--from`).
    start: Game<G>,
    game: Game<G>,
    ai: Box<dyn Agent<G>>,
    ai_player: Player,
    seats: Seats,
    saver: Option<Saver>,
    /// The statistics of every move after the start, undone ones dropped: for a saved game
    /// and, the computer's among them, for its summary.
    stats: Vec<MoveReport>,
    /// Whether the board changed since it was last drawn: a message alone (an error, a hint,
    /// the keys) is followed by the prompt, not by the same board again.
    redraw: bool,
}

impl<G: BoardTables> Session<G> {
    /// A session from `start`, the computer `ai` playing `ai_player`, each finished game
    /// saved to `saver` when there is one.
    pub fn new(
        start: Game<G>,
        ai: Box<dyn Agent<G>>,
        ai_player: Player,
        seats: Seats,
        saver: Option<Saver>,
    ) -> Session<G> {
        Session {
            game: start.clone(),
            start,
            ai,
            ai_player,
            seats,
            saver,
            stats: Vec::new(),
            redraw: true,
        }
    }

    /// Plays until the person quits or the input ends, then sums up the computer's moves.
    pub fn run(
        mut self,
        lines: &mut impl Iterator<Item = io::Result<String>>,
        out: &mut impl Write,
    ) -> Result<()> {
        loop {
            let position = *self.game.position();
            let flow = if position.is_over() {
                self.after_the_end(lines, out)?
            } else if position.side_to_move() == self.ai_player {
                self.computer_moves(out)?;
                Flow::Continue
            } else {
                self.person_moves(lines, out)?
            };
            if let Flow::Stop = flow {
                break;
            }
        }
        summarise(out, "computer", &self.computer_reports())?;
        writeln!(out, "moves: {}", self.game.move_string())?;
        Ok(())
    }

    /// The game is over: the verdict (once), then undo, a new game or quit; a finished game
    /// is saved as it is left.
    fn after_the_end(
        &mut self,
        lines: &mut impl Iterator<Item = io::Result<String>>,
        out: &mut impl Write,
    ) -> Result<Flow> {
        if self.redraw {
            draw(&self.game, out)?;
            let verdict = match self.game.position().status() {
                Status::Won { winner, .. } if winner == self.seats.human => "You win!",
                Status::Won { .. } => "The computer wins.",
                _ => "A draw.",
            };
            writeln!(out, "{verdict}")?;
        }
        write!(out, "{AFTER_THE_END}> ")?;
        out.flush()?;
        let line = lines.next().transpose()?;
        // The end of the input quits, as `q` does.
        let size = self.game.size();
        let command = line
            .as_deref()
            .map_or(Command::Quit, |line| Command::parse(line, size));
        if matches!(command, Command::NewGame | Command::Quit)
            && let Some(saver) = &mut self.saver
        {
            let record = self.seats.record(&self.start, &self.game, &self.stats)?;
            let index = saver.save(record)?;
            writeln!(out, "saved as game {index} of {}", saver.path().display())?;
        }
        self.redraw = matches!(command, Command::Undo | Command::NewGame);
        match command {
            Command::Help => writeln!(out, "{AFTER_THE_END}")?,
            Command::Undo => {
                self.undo_turn();
            }
            Command::NewGame => {
                summarise(out, "computer", &self.computer_reports())?;
                writeln!(out, "moves: {}\n\nnew game", self.game.move_string())?;
                self.stats.clear();
                self.game = self.start.clone();
            }
            Command::Quit => return Ok(Flow::Stop),
            _ => {
                let typed = line.as_deref().map_or("", str::trim);
                writeln!(
                    out,
                    "{}",
                    wrap(&format!("{:?}: type u, n or q", excerpt(typed)), 2)
                )?;
            }
        }
        Ok(Flow::Continue)
    }

    /// The computer's move, with its statistics said "for you".
    fn computer_moves(&mut self, out: &mut impl Write) -> Result<()> {
        let report = self.ai.choose(&self.game);
        self.game
            .try_play(report.column)
            .context("the computer chose an illegal move")?;
        writeln!(
            out,
            "\ncomputer plays {}\n{}",
            self.game.size().column_words(report.column),
            wrap(&stats_line(&report, ScoreShown::ForYou), 4)
        )?;
        self.stats.push(report);
        self.redraw = true;
        Ok(())
    }

    /// The person's turn: a line read and done (a move, undo, a hint, help, or an error said
    /// below the prompt without drawing the board again).
    fn person_moves(
        &mut self,
        lines: &mut impl Iterator<Item = io::Result<String>>,
        out: &mut impl Write,
    ) -> Result<Flow> {
        if self.redraw {
            draw(&self.game, out)?;
            self.redraw = false;
        }
        write!(
            out,
            "your move {}> ",
            move_number(self.game.position().moves_played())
        )?;
        out.flush()?;
        let asked = Instant::now();
        let Some(line) = lines.next() else {
            writeln!(out, "\n(end of input)")?;
            return Ok(Flow::Stop);
        };
        let line = line?;
        let size = self.game.size();
        match Command::parse(&line, size) {
            Command::Quit => return Ok(Flow::Stop),
            Command::Undo => {
                if self.undo_turn() == 0 {
                    writeln!(out, "nothing to undo")?;
                } else {
                    self.redraw = true;
                }
            }
            Command::Help => writeln!(out, "{}", keys(size))?,
            Command::Hint => self.hint(out)?,
            Command::Play(column) => match self.game.try_play(column) {
                Ok(()) => {
                    let ply = self.game.position().moves_played() - 1;
                    self.stats
                        .push(human_move(size, column, ply, asked.elapsed()));
                    self.redraw = true;
                }
                Err(e) => {
                    let name = size.column_name(column);
                    let why = match e {
                        PlayError::ColumnFull { .. } => "it is full".to_owned(),
                        other => other.to_string(),
                    };
                    writeln!(
                        out,
                        "{}",
                        wrap(&format!("cannot play column {name}: {why}"), 2)
                    )?;
                }
            },
            Command::Nothing => {}
            Command::NewGame | Command::Unknown(_) => writeln!(
                out,
                "{}",
                wrap(
                    &format!(
                        "{:?} is not a column: type {}, u, h, q or ? for help",
                        excerpt(line.trim()),
                        column_keys(size)
                    ),
                    2
                )
            )?,
        }
        Ok(Flow::Continue)
    }

    /// The hint's move and why, then its statistics.
    fn hint(&self, out: &mut impl Write) -> Result<()> {
        let mut helper = PlayerSpec::parse(HINT.spec, 0)
            .expect("the hint spec is valid")
            .build_in(self.game.position().geometry())?;
        let hint = helper.choose(&self.game);
        let advice = format!(
            "hint: column {}: {}",
            self.game.size().column_words(hint.column),
            hint_text(&hint)
        );
        writeln!(out, "{}", wrap(&advice, 6))?;
        writeln!(
            out,
            "{}",
            wrap(&stats_line(&hint, ScoreShown::SaidBefore), 6)
        )?;
        Ok(())
    }

    /// Takes back moves until the person is to move again after one of theirs (the
    /// computer's reply and their move), never below the starting position, dropping the
    /// moves' statistics; how many.
    fn undo_turn(&mut self) -> usize {
        let floor = self.start.moves().len();
        let mut undone = 0;
        while self.game.moves().len() > floor && self.game.undo().is_some() {
            undone += 1;
            if self.game.position().side_to_move() == self.seats.human {
                break;
            }
        }
        self.stats.truncate(self.game.moves().len() - floor);
        undone
    }

    /// The reports of the computer's moves (each report's ply says whose move it was).
    fn computer_reports(&self) -> Vec<MoveReport> {
        self.stats
            .iter()
            .filter(|report| Player::to_move_after(report.ply) == self.ai_player)
            .cloned()
            .collect()
    }
}

/// The first line of `c4 play`: the colours, and the opponent by its level's name (with
/// what to expect of it on the board of `size`) or, for any other player, by its spec.
pub fn banner(asked: &str, spec: &PlayerSpec, human: Player, size: Size) -> String {
    let opponent = match LEVELS.iter().find(|level| level.name == asked.trim()) {
        Some(level) => format!("level {}: {}", level.name, level.description_on(size)),
        None => spec.to_string(),
    };
    wrap(
        &format!(
            "c4: you are {human} ({}); the computer is {}, {opponent}.",
            human.symbol(),
            human.other()
        ),
        4,
    )
}

fn draw<G: Geometry>(game: &Game<G>, out: &mut impl Write) -> Result<()> {
    write!(out, "\n{}", screen::board(game))?;
    writeln!(out, "{}", describe(game))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_as_the_keys_say() {
        let parse = |line| Command::parse(line, Size::STANDARD);
        assert_eq!(parse(" q "), Command::Quit);
        assert_eq!(parse("undo"), Command::Undo);
        assert_eq!(parse("?"), Command::Help);
        assert_eq!(parse("h"), Command::Hint);
        assert_eq!(parse(""), Command::Nothing);
        assert_eq!(parse("4"), Command::Play(Column::new(3).unwrap()));
        assert_eq!(parse("d"), Command::Play(Column::new(3).unwrap()));
        assert_eq!(parse("8"), Command::Unknown("8"));
        assert_eq!(parse("44"), Command::Unknown("44"));
    }

    #[test]
    fn columns_are_those_of_the_board() {
        let wide: Size = "9x5".parse().unwrap();
        assert_eq!(
            Command::parse("8", wide),
            Command::Play(wide.column(7).unwrap())
        );
        assert_eq!(
            Command::parse("i", wide),
            Command::Play(wide.column(8).unwrap())
        );
        let small: Size = "5x4".parse().unwrap();
        assert_eq!(Command::parse("6", small), Command::Unknown("6"));
        assert_eq!(Command::parse("f", small), Command::Unknown("f"));
        let widest: Size = "12x4".parse().unwrap();
        assert_eq!(Command::parse("1", widest), Command::Unknown("1"));
        assert_eq!(
            Command::parse("l", widest),
            Command::Play(widest.column(11).unwrap())
        );
    }
}
