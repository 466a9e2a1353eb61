//! `c4 play` (human against the computer) and `c4 watch` (computer against computer).

use crate::best::parse_game;
use crate::move_stats::{ScoreShown, stats_line};
use crate::show::{describe, move_number};
use crate::terminal::{self, wrap};
use anyhow::{Context, Result, bail};
use c4_arena::record::{GameLog, GameRecord, Seat, human_move};
use c4_core::excerpt;
use c4_core::{Column, Game, Player, Status};
use c4_players::{Agent, DEFAULT_LEVEL, HINT, LEVELS, PlayerSpec, hint_text, parse_agent};
use c4_search::search::MoveReport;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Who moves first in `c4 play`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// You play red and move first.
    Human,
    /// The computer plays red and moves first (also `computer`).
    #[value(alias = "computer")]
    Ai,
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Your opponent: a level (below, and `c4 levels`) or a spec such as alphabeta:depth=5,eval=kang.
    #[arg(long, default_value = DEFAULT_LEVEL)]
    pub ai: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Start from this position instead of the empty board.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub from: String,
    /// Seed for the computer's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Append each finished game, when you leave it, to this games file (the records
    /// `c4 review` and `c4 verify` read): moves, each player's spec and seed, and per-move
    /// statistics (your moves with the time you took).
    #[arg(long)]
    pub save: Option<PathBuf>,
}

/// The longest pause `c4 watch --delay` takes between moves: a minute.
const MAX_DELAY_MS: u64 = 60_000;

/// `c4 watch`'s pause between moves on a terminal, so that a game can be followed (the
/// page's pause too); piped, a game runs at full speed.
const TERMINAL_DELAY_MS: u64 = 600;

/// The pause between moves: the one asked for, else [`TERMINAL_DELAY_MS`] on a terminal.
fn watch_delay(asked: Option<u64>, on_terminal: bool) -> Duration {
    let ms = asked.unwrap_or(if on_terminal { TERMINAL_DELAY_MS } else { 0 });
    Duration::from_millis(ms)
}

#[derive(clap::Args, Debug)]
pub struct WatchArgs {
    /// The red player (moves first).
    #[arg(long)]
    pub red: String,
    /// The yellow player.
    #[arg(long)]
    pub yellow: String,
    /// Start from this position.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub from: String,
    /// Pause between moves, in milliseconds (at most 60000) [default: 600 when standard
    /// output is a terminal, none when it is not].
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=MAX_DELAY_MS))]
    pub delay: Option<u64>,
    /// Seed for the players' random choices (yellow gets seed + 1).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub fn run_play(args: &PlayArgs) -> Result<()> {
    let spec = PlayerSpec::parse(&args.ai, args.seed).context("invalid --ai")?;
    let mut ai = spec.build()?;
    let start = parse_game(&args.from)?;
    if start.position().is_over() {
        bail!("the game given with --from is already over");
    }
    // Opened before the first move, so that a file that cannot take games is refused before
    // anything is played.
    let mut saver = args.save.as_deref().map(Saver::open).transpose()?;
    let mut game = start.clone();
    let ai_player = match args.first {
        First::Human => Player::Yellow,
        First::Ai => Player::Red,
    };
    let human = ai_player.other();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    writeln!(out, "{}", banner(&args.ai, &spec, human))?;
    writeln!(out, "{KEYS}")?;
    // The statistics of every move after the start, undone ones dropped: for a saved game and,
    // the computer's among them, for its summary.
    let mut stats: Vec<MoveReport> = Vec::new();
    let floor = start.moves().len();
    let seats = Seats {
        human,
        ai_spec: spec.to_string(),
        seed: args.seed,
    };
    // Whether the board changed since it was last drawn: a message alone (an error, a hint,
    // the keys) is followed by the prompt, not by the same board again.
    let mut redraw = true;
    loop {
        let position = *game.position();
        if position.is_over() {
            if redraw {
                draw(&game)?;
                let verdict = match position.status() {
                    Status::Won { winner, .. } if winner == human => "You win!",
                    Status::Won { .. } => "The computer wins.",
                    _ => "A draw.",
                };
                writeln!(out, "{verdict}")?;
            }
            write!(out, "u to undo, n for a new game, q to quit> ")?;
            out.flush()?;
            let line = lines.next().transpose()?;
            let command = line.as_deref().map_or("q", str::trim);
            if matches!(command, "n" | "new" | "q" | "quit" | "exit")
                && let Some(saver) = &mut saver
            {
                let index = saver.save(seats.record(&start, &game, &stats)?)?;
                writeln!(out, "saved as game {index} of {}", saver.path().display())?;
            }
            redraw = matches!(command, "u" | "undo" | "n" | "new");
            match command {
                "u" | "undo" => {
                    undo_turn(&mut game, &mut stats, human, floor);
                }
                "n" | "new" => {
                    summarise(&mut out, "computer", &moves_of(&stats, ai_player))?;
                    writeln!(out, "moves: {}\n\nnew game", game.move_string())?;
                    stats.clear();
                    game = start.clone();
                }
                "q" | "quit" | "exit" => break,
                other => writeln!(
                    out,
                    "{}",
                    wrap(&format!("{:?}: type u, n or q", excerpt(other)), 2)
                )?,
            }
            continue;
        }
        if position.side_to_move() == ai_player {
            let report = ai.choose(&game);
            game.try_play(report.column)
                .context("the computer chose an illegal move")?;
            writeln!(
                out,
                "\ncomputer plays {} ({})\n{}",
                report.column,
                report.column.letter(),
                wrap(&stats_line(&report, ScoreShown::ForYou), 4)
            )?;
            stats.push(report);
            redraw = true;
            continue;
        }
        if redraw {
            draw(&game)?;
            redraw = false;
        }
        write!(out, "your move {}> ", move_number(position.moves_played()))?;
        out.flush()?;
        let asked = Instant::now();
        let Some(line) = lines.next() else {
            writeln!(out, "\n(end of input)")?;
            break;
        };
        let line = line?;
        let command = line.trim();
        match command {
            "q" | "quit" | "exit" => break,
            "u" | "undo" => {
                if undo_turn(&mut game, &mut stats, human, floor) == 0 {
                    writeln!(out, "nothing to undo")?;
                } else {
                    redraw = true;
                }
            }
            "help" | "?" => writeln!(out, "{KEYS}")?,
            "h" | "hint" => {
                let mut helper = parse_agent(HINT.spec, 0).expect("the hint spec is valid");
                let hint = helper.choose(&game);
                let advice = format!(
                    "hint: column {} ({}): {}",
                    hint.column,
                    hint.column.letter(),
                    hint_text(&hint)
                );
                writeln!(out, "{}", wrap(&advice, 6))?;
                writeln!(
                    out,
                    "{}",
                    wrap(&stats_line(&hint, ScoreShown::SaidBefore), 6)
                )?;
            }
            "" => {}
            text => match parse_column(text) {
                Some(column) => match game.try_play(column) {
                    Ok(()) => {
                        let ply = game.position().moves_played() - 1;
                        stats.push(human_move(column, ply, asked.elapsed()));
                        redraw = true;
                    }
                    Err(e) => writeln!(
                        out,
                        "{}",
                        wrap(&format!("cannot play column {column}: {e}"), 2)
                    )?,
                },
                None => writeln!(
                    out,
                    "{}",
                    wrap(
                        &format!(
                            "{:?} is not a column: type 1-7 or a-g, u, h, q or ? for help",
                            excerpt(text)
                        ),
                        2
                    )
                )?,
            },
        }
    }
    summarise(&mut out, "computer", &moves_of(&stats, ai_player))?;
    writeln!(out, "moves: {}", game.move_string())?;
    Ok(())
}

/// The keys of `c4 play`, said at the start and on `help` or `?`.
const KEYS: &str =
    "Type a column (1-7 or a-g), u to undo, h for a hint, q to quit, ? for this help.";

/// The reports of `player`'s moves among `stats` (each report's ply says whose move it was).
fn moves_of(stats: &[MoveReport], player: Player) -> Vec<MoveReport> {
    stats
        .iter()
        .filter(|report| Player::to_move_after(report.ply) == player)
        .cloned()
        .collect()
}

/// The first line of `c4 play`: the colours, and the opponent by its level's name (with
/// what to expect of it) or, for any other player, by its spec.
fn banner(asked: &str, spec: &PlayerSpec, human: Player) -> String {
    let opponent = match LEVELS.iter().find(|level| level.name == asked.trim()) {
        Some(level) => format!("level {}: {}", level.name, level.description()),
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

/// Takes back moves until `human` is to move again after one of theirs (the computer's
/// reply and their move), never below `floor` moves (the starting position), dropping the
/// moves' statistics (`stats` holds those after the floor); how many.
fn undo_turn(game: &mut Game, stats: &mut Vec<MoveReport>, human: Player, floor: usize) -> usize {
    let mut undone = 0;
    while game.moves().len() > floor && game.undo().is_some() {
        undone += 1;
        if game.position().side_to_move() == human {
            break;
        }
    }
    stats.truncate(game.moves().len() - floor);
    undone
}

/// Who played a `c4 play` game, for its record: the human is player A.
struct Seats {
    human: Player,
    ai_spec: String,
    seed: u64,
}

impl Seats {
    fn record(&self, start: &Game, game: &Game, stats: &[MoveReport]) -> Result<GameRecord> {
        let computer = Seat {
            name: "computer".to_owned(),
            spec: self.ai_spec.clone(),
            seed: self.seed,
        };
        GameRecord::played(
            [Seat::human("you"), computer],
            self.human == Player::Red,
            &start.move_string(),
            &game.move_string(),
            stats.to_vec(),
        )
        .map_err(Into::into)
    }
}

/// The games file of `--save`, open for appending from before the first move to the end.
struct Saver {
    log: GameLog,
    /// The index the next game saved gets.
    next: u64,
}

impl Saver {
    /// Reads the games file at `path` (a missing one is created) and opens it for appending:
    /// a folder, a device, a file of something else or one that cannot be written is refused
    /// here, before the game. Every line must be a game, the last too: a file whose last
    /// line is not is no games file to cut short (it may be anything a user named by mistake).
    fn open(path: &Path) -> Result<Saver> {
        let context = || format!("--save {}", path.display());
        let loaded = GameLog::load_finished(path).with_context(context)?;
        let next = loaded.records.iter().map(|r| r.game + 1).max().unwrap_or(0);
        let log = GameLog::open(path, Some(&loaded)).with_context(context)?;
        Ok(Saver { log, next })
    }

    fn path(&self) -> &Path {
        self.log.path()
    }

    /// Appends `record` as the next game; the index it got. Should the write fail (a full
    /// disk), the game is not lost: it goes to a file of its own in the temporary folder, or,
    /// failing that too, into the error itself, which says where it is.
    fn save(&mut self, mut record: GameRecord) -> Result<u64> {
        record.game = self.next;
        let Err(error) = self.log.append(&record) else {
            self.next += 1;
            return Ok(record.game);
        };
        let failed = format!("cannot save the game to {}: {error}", self.path().display());
        let line = serde_json::to_string(&record).context("a game record is JSON")?;
        let kept = unsaved_game_path();
        match write_new(&kept, &line) {
            Ok(()) => bail!(
                "{failed}; the game is kept in {} (`c4 review {}` reads it)",
                kept.display(),
                kept.display()
            ),
            Err(second) => bail!(
                "{failed}; nor could it be kept in {} ({second}); the game's record follows, \
                 to be saved by hand:\n{line}",
                kept.display()
            ),
        }
    }
}

/// A file name for a game whose save failed, in the temporary folder, not used before.
fn unsaved_game_path() -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    std::env::temp_dir().join(format!(
        "c4-unsaved-game-{seconds}-{}.jsonl",
        std::process::id()
    ))
}

/// Writes `line` to `path`, which must not exist yet.
fn write_new(path: &Path, line: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(format!("{line}\n").as_bytes())?;
    file.flush()
}

fn parse_column(text: &str) -> Option<Column> {
    let mut chars = text.chars();
    let (c, None) = (chars.next()?, chars.next()) else {
        return None;
    };
    Column::from_digit(c).or_else(|| Column::from_letter(c))
}

fn draw(game: &Game) -> Result<()> {
    let mut out = std::io::stdout().lock();
    write!(out, "\n{}", terminal::board(game))?;
    writeln!(out, "{}", describe(game))?;
    Ok(())
}

/// Per-player summary: moves, mean and total time, nodes.
pub fn summarise(out: &mut impl Write, who: &str, reports: &[MoveReport]) -> Result<()> {
    if reports.is_empty() {
        return Ok(());
    }
    let n = reports.len() as f64;
    let time: f64 = reports.iter().map(MoveReport::time_ms).sum();
    let nodes: u64 = reports.iter().map(|r| r.nodes).sum();
    let depth: f64 = reports.iter().map(|r| f64::from(r.depth)).sum::<f64>() / n;
    let count = match reports.len() {
        1 => "1 move".to_owned(),
        n => format!("{n} moves"),
    };
    let line = format!(
        "{who}: {count}, mean {:.1} ms and {:.0} nodes per move (total {:.1} ms, {nodes} nodes), mean depth {depth:.1}",
        time / n,
        nodes as f64 / n,
        time
    );
    writeln!(out, "{}", wrap(&line, 2))?;
    Ok(())
}

pub fn run_watch(args: &WatchArgs) -> Result<()> {
    let mut red = parse_agent(&args.red, args.seed).context("invalid --red")?;
    let mut yellow =
        parse_agent(&args.yellow, args.seed.wrapping_add(1)).context("invalid --yellow")?;
    let mut game = parse_game(&args.from)?;
    if game.position().is_over() {
        bail!("the game given with --from is already over");
    }
    let delay = watch_delay(args.delay, std::io::stdout().is_terminal());
    let mut out = std::io::stdout();
    writeln!(out, "red: {}\nyellow: {}", red.spec(), yellow.spec())?;
    let (mut red_stats, mut yellow_stats) = (Vec::new(), Vec::new());
    while !game.position().is_over() {
        let mover = game.position().side_to_move();
        let (agent, stats): (&mut Box<dyn Agent>, &mut Vec<MoveReport>) = match mover {
            Player::Red => (&mut red, &mut red_stats),
            Player::Yellow => (&mut yellow, &mut yellow_stats),
        };
        let report = agent.choose(&game);
        game.try_play(report.column)
            .context("a player chose an illegal move")?;
        writeln!(
            out,
            "\nmove {}: {mover} plays {} ({})\n{}",
            move_number(game.position().moves_played() - 1),
            report.column,
            report.column.letter(),
            wrap(&stats_line(&report, ScoreShown::Mover), 4)
        )?;
        write!(out, "{}", terminal::board(&game))?;
        stats.push(report);
        if !delay.is_zero() && !game.position().is_over() {
            std::thread::sleep(delay);
        }
    }
    writeln!(out, "\n{}", describe(&game))?;
    summarise(&mut out, "red", &red_stats)?;
    summarise(&mut out, "yellow", &yellow_stats)?;
    writeln!(out, "moves: {}", game.move_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_pauses_on_a_terminal_unless_told_otherwise() {
        let ms = |asked, on_terminal| watch_delay(asked, on_terminal).as_millis();
        assert_eq!(ms(None, true), u128::from(TERMINAL_DELAY_MS));
        assert_eq!(ms(None, false), 0);
        assert_eq!(ms(Some(0), true), 0);
        assert_eq!(ms(Some(50), false), 50);
    }
}
