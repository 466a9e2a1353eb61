//! `c4 solve`: exact scores for positions read from standard input, one per line, in the
//! reference solver's layout, so the test sets can be piped in as they are.

use crate::board_size::SizeArg;
use crate::lines::{Line, LineError, next_line};
use anyhow::{Result, bail};
use c4_books::{BookChoice, OpeningBook};
use c4_core::excerpt;
use c4_core::{AnySize, Geometry, ParseMovesError, Position, Size, Standard, parse_moves_in};
use c4_layers::LayerChoice;
use c4_players::{LayerRefusal, layer_beside};
use c4_solver::{
    DEFAULT_TABLE_BITS, ExactScore, MAX_TABLE_BITS, MIN_TABLE_BITS, ScoreError, ScoreStore,
    SolveLimits, Solver, Stores,
};
use std::io::{IsTerminal, Write};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Print only the sign of the score: -1 loss, 0 draw, 1 win (faster).
    #[arg(long)]
    pub weak: bool,
    /// Print the score of each column instead (-1000 for a full column).
    #[arg(long)]
    pub analyze: bool,
    /// Append the nodes searched and the microseconds taken.
    #[arg(long)]
    pub stats: bool,
    /// Threads searching each position together, on one shared table (lazy SMP); with
    /// --analyze, the columns spread over them.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
    /// Positions solved at once, each with its own table (output stays in order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: u32,
    /// log2 of the table's slots, one table per job (8 bytes each; 24 = 128 MiB, 27 = 1 GiB).
    #[arg(long, default_value_t = DEFAULT_TABLE_BITS, value_parser = clap::value_parser!(u32).range(MIN_TABLE_BITS as i64..=MAX_TABLE_BITS as i64))]
    pub table: u32,
    /// An opening book (`c4 book build`) whose positions are answered at once: `builtin`
    /// (the one in c4, 7x6's, the default there), `none`, or a file, a book of the board's
    /// size (another size is refused, naming both; other sizes have no default book).
    #[arg(long)]
    pub book: Option<BookChoice>,
    /// The book's ply-12 layer (7x6 only), whose finished chunks answer ply-12 positions
    /// beside the book, so a search from plies 10-12 stops there: `builtin` (the chunks
    /// built into c4; the default beside the built-in book), `none`, or a folder of chunks
    /// (`crates/c4-layers/data/ply12` of a checkout, or a layer being built).
    #[arg(long, value_name = "LAYER")]
    pub layers: Option<LayerChoice>,
    #[command(flatten)]
    pub board: SizeArg,
    /// Positions given as arguments, which `c4 solve` refuses: they come on standard input.
    #[arg(hide = true, allow_hyphen_values = true)]
    pub arguments: Vec<String>,
}

/// What `c4 solve` says when it is given positions as arguments.
const POSITIONS_ON_STDIN: &str = "c4 solve reads its positions from standard input, one per line \
     (MOVES or MOVES SCORE): `echo 4453 | c4 solve`, or `c4 solve < FILE`; \
     `c4 analyze MOVES` scores one position's columns";

/// What `c4 solve` says, on standard error, when standard input is a terminal: it waits for
/// lines typed there.
const WAITING_ON_TERMINAL: &str = "c4 solve: type positions, one per line (MOVES or MOVES SCORE, \
     e.g. 4453); Ctrl-D ends. Or pipe them in: `c4 solve < FILE`.";

/// One input line read: its moves, their position and the score the line gives them, if any.
type ParsedLine<'a, G> = (&'a str, Position<G>, Option<ExactScore>);

/// How `--analyze` writes a full column: the reference solver's number for it, so that its
/// output reads as the reference solver's. The one place a full column is a number.
const FULL_COLUMN: &str = "-1000";

/// Why an input line of `c4 solve` is not a position to solve.
#[derive(Debug, thiserror::Error)]
enum BadLine {
    /// The line is too long or not text.
    #[error(transparent)]
    Line(#[from] LineError),
    /// Neither `MOVES` nor `MOVES SCORE` (the line, trimmed and shortened).
    #[error("expected MOVES or MOVES SCORE, found {0:?}")]
    Layout(String),
    /// A number given as the score that no position has.
    #[error(transparent)]
    Score(ScoreError),
    /// A number given as the score that no position of the board has (sizes other than 7x6).
    #[error("{value} is not a score on {size}: exact scores lie within -{max}..={max}", max = ExactScore::max_in(size.cells()))]
    SizeScore {
        /// The number.
        value: i64,
        /// The board's size.
        size: Size,
    },
    /// The moves are not a game.
    #[error("{source}: {moves:?}")]
    Moves {
        /// The moves (shortened).
        moves: String,
        /// What is wrong with them.
        #[source]
        source: ParseMovesError,
    },
    /// The moves end the game (shortened).
    #[error("the game is over: {0:?}")]
    Over(String),
    /// Only white space: neither moves nor the empty line of the empty board.
    #[error("the line holds only white space (an empty line is the empty board)")]
    Blank,
}

/// The position of one input line: `MOVES` or `MOVES SCORE` (the layout of the scored
/// position sets, whose score the answer is checked against), trimmed. An empty line is the
/// empty board, as in the reference solver, whose test sets may hold one; a line of only
/// spaces or tabs is refused, since it more likely lost its moves than meant the empty board.
fn parse_line<G: Geometry>(line: &Line, geometry: G) -> Result<ParsedLine<'_, G>, BadLine> {
    let text = line.text()?;
    if !text.is_empty() && text.trim().is_empty() {
        return Err(BadLine::Blank);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let (moves, expected) = match words[..] {
        [] => ("", None),
        [moves] => (moves, None),
        [moves, score] => (moves, Some(parse_score(score, text, geometry.size())?)),
        _ => {
            return Err(BadLine::Layout(excerpt(text.trim())));
        }
    };
    let position = parse_moves_in(moves, geometry).map_err(|source| BadLine::Moves {
        moves: excerpt(moves),
        source,
    })?;
    if position.is_over() {
        return Err(BadLine::Over(excerpt(moves)));
    }
    Ok((moves, position, expected))
}

/// The score a line gives, `score` (the line is `text`), in the range of a board of `size`.
fn parse_score(score: &str, text: &str, size: Size) -> Result<ExactScore, BadLine> {
    match score.parse::<ExactScore>() {
        Ok(score) if size.is_standard() => Ok(score),
        Err(error @ ScoreError::OutOfRange(_)) if size.is_standard() => Err(BadLine::Score(error)),
        Err(ScoreError::NotANumber(_)) => Err(BadLine::Layout(excerpt(text.trim()))),
        // Another size: its own range, wider or narrower than 7x6's.
        Ok(score) => ExactScore::new_in(score.value(), size).ok_or(BadLine::SizeScore {
            value: score.value().into(),
            size,
        }),
        Err(ScoreError::OutOfRange(value)) => i32::try_from(value)
            .ok()
            .and_then(|v| ExactScore::new_in(v, size))
            .ok_or(BadLine::SizeScore { value, size }),
    }
}

/// Whether `found`, the answer printed, agrees with the score a line gave: with `weak`, their
/// signs; with `analyze`, the best of the columns' scores (`None` for a full column).
fn agrees(expected: ExactScore, found: &[Option<ExactScore>], weak: bool) -> bool {
    let best = found.iter().flatten().copied().max().unwrap_or(expected);
    if weak {
        best.weak() == expected.weak()
    } else {
        best == expected
    }
}

/// The answer to one input line: stdout text and an optional stderr message.
struct Answer {
    text: String,
    error: Option<String>,
    /// Whether the line's own score disagrees with the answer.
    disagrees: bool,
}

impl Answer {
    fn failed(line_number: usize, error: impl std::fmt::Display) -> Answer {
        Answer {
            text: String::new(),
            error: Some(format!("line {line_number}: {error}")),
            disagrees: false,
        }
    }
}

fn solve_line<G: Geometry>(
    solver: &mut Solver<G>,
    line_number: usize,
    line: &Line,
    args: &SolveArgs,
) -> Answer {
    let (moves, position, expected) = match parse_line(line, solver.geometry()) {
        Ok(parsed) => parsed,
        Err(e) => return Answer::failed(line_number, e),
    };
    let limits = SolveLimits::default();
    // Entries of earlier lines would only crowd the table (its first slots keep the costliest
    // entries): a fresh table per line, as `c4 bench solver` measures.
    solver.reset();
    let (scores, stats) = if args.analyze {
        match solver.analyze_columns(&position, args.weak, limits) {
            Ok((scores, stats)) => (scores, stats),
            Err(e) => return Answer::failed(line_number, e),
        }
    } else {
        match solver.solve_within(&position, args.weak, limits) {
            Ok((score, stats)) => (vec![Some(score)], stats),
            Err(e) => return Answer::failed(line_number, e),
        }
    };
    let text = scores
        .iter()
        .map(|score| score.map_or_else(|| FULL_COLUMN.to_owned(), |s| s.to_string()))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = format!("{moves} {text}");
    if args.stats {
        out.push_str(&format!(" {} {}", stats.nodes, stats.time.as_micros()));
    }
    let disagreement = expected
        .filter(|&expected| !agrees(expected, &scores, args.weak))
        .map(|expected| {
            // Analysed, the position's own score is its best column's, said before them.
            let said = match scores.iter().flatten().max() {
                Some(best) if args.analyze => format!("{best} (its columns {text})"),
                _ => text.clone(),
            };
            format!(
                "line {line_number}: {:?} scores {said}, not {expected} as the line says",
                excerpt(moves)
            )
        });
    Answer {
        text: out,
        disagrees: disagreement.is_some(),
        error: disagreement,
    }
}

pub fn run(args: &SolveArgs) -> Result<()> {
    if let Some(first) = args.arguments.first() {
        bail!(
            "unexpected argument {:?}: {POSITIONS_ON_STDIN}",
            excerpt(first)
        );
    }
    if args.jobs > 1 && u64::from(args.jobs) << args.table > 1 << 31 {
        bail!(
            "{} jobs x 2^{} slots x 8 bytes is over 16 GiB: lower --table or --jobs",
            args.jobs,
            args.table
        );
    }
    let size = args.board.size();
    if !size.is_standard() && args.book == Some(BookChoice::Builtin) {
        bail!(
            "--book builtin is a book of the {} board: it cannot answer positions of the \
             {size} board (give a book of {size}, from `c4 book build --size {size}`, or leave \
             --book out)",
            Size::STANDARD
        );
    }
    let book_choice = args.book.clone().unwrap_or_default();
    let book = book_choice.load_in(size)?;
    let layers = match layer_beside(&book_choice, args.layers.as_ref(), size) {
        Err(refusal @ LayerRefusal::OtherBoard { .. }) => {
            bail!("--layers: {refusal} (leave --layers out)")
        }
        Err(LayerRefusal::Unreadable(error)) => {
            let typed = args
                .layers
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            bail!("--layers {typed:?}: {error}")
        }
        Ok(layers) => layers,
    };
    let store = Stores::of([
        book.map(OpeningBook::store),
        layers.clone().map(|layers| layers as Arc<dyn ScoreStore>),
    ])?;
    let solved = if size.is_standard() {
        solve_lines(args, Standard, store)
    } else {
        solve_lines(args, AnySize::new(size), store)
    };
    for error in layers.iter().flat_map(|layers| layers.refused()) {
        eprintln!("c4 solve: a layer chunk was refused, its positions searched instead: {error}");
    }
    solved
}

/// Solves the lines of standard input on the board of `geometry`.
fn solve_lines<G: Geometry>(
    args: &SolveArgs,
    geometry: G,
    store: Option<Arc<dyn ScoreStore>>,
) -> Result<()> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("{WAITING_ON_TERMINAL}");
    }
    let mut input = stdin.lock();
    let mut line_number = 0;
    let mut out = std::io::stdout().lock();
    let mut solvers: Vec<Solver<G>> = (0..args.jobs)
        .map(|_| {
            let mut solver = Solver::new_in(args.table, geometry);
            solver.set_book(store.clone());
            solver.set_threads(args.threads as usize);
            solver
        })
        .collect();
    let batch = args.jobs as usize;
    let mut failed = 0usize;
    let mut disagreeing = 0usize;
    loop {
        let mut lines = Vec::with_capacity(batch);
        while lines.len() < batch
            && let Some(line) = next_line(&mut input)?
        {
            line_number += 1;
            lines.push((line_number, line));
        }
        if lines.is_empty() {
            break;
        }
        let answers: Vec<Answer> = if batch == 1 {
            lines
                .iter()
                .map(|(n, l)| solve_line(&mut solvers[0], *n, l, args))
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = lines
                    .iter()
                    .zip(solvers.iter_mut())
                    .map(|((n, l), solver)| scope.spawn(move || solve_line(solver, *n, l, args)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a solver thread does not panic"))
                    .collect()
            })
        };
        for answer in answers {
            if let Some(error) = &answer.error {
                eprintln!("{error}");
                if answer.disagrees {
                    disagreeing += 1;
                } else {
                    failed += 1;
                }
            }
            writeln!(out, "{}", answer.text)?;
        }
        out.flush()?;
    }
    let of_lines = |n: usize| match line_number {
        1 => format!("{n} of 1 line"),
        total => format!("{n} of {total} lines"),
    };
    let disagree = |d: usize| match d {
        1 => "disagrees with the score it gives",
        _ => "disagree with the score they give",
    };
    match (failed, disagreeing) {
        (0, 0) => Ok(()),
        (0, d) => bail!("{} {}", of_lines(d), disagree(d)),
        (f, 0) => bail!("{} could not be solved", of_lines(f)),
        (f, d) => bail!("{} could not be solved, {d} {}", of_lines(f), disagree(d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use super::parse_line as parse_line_in;

    #[test]
    fn lines_are_trimmed_and_inner_spaces_refused() {
        let text = |t: &str| Line::Text(t.to_owned());
        fn parse_line(line: &Line) -> Result<ParsedLine<'_, Standard>, BadLine> {
            parse_line_in(line, Standard)
        }
        assert_eq!(parse_line(&text("  4453  ")).unwrap().0, "4453");
        assert_eq!(parse_line(&text("4453 -2")).unwrap().2, ExactScore::new(-2));
        assert_eq!(parse_line(&text("")).unwrap().0, "");
        for bad in ["4 4 5 3", "4453 x", "4453 1 2", "44x"] {
            assert!(parse_line(&text(bad)).is_err(), "{bad}");
        }
        let error = parse_line(&text("4453 99")).unwrap_err().to_string();
        assert!(error.starts_with("99 is outside -18..=18"), "{error}");
        // Another size: its moves and its range of scores.
        let tall = AnySize::new("4x15".parse().unwrap());
        assert_eq!(
            parse_line_in(&text("1 25"), tall)
                .unwrap()
                .2
                .map(ExactScore::value),
            Some(25)
        );
        let error = parse_line_in(&text("1 28"), tall).unwrap_err().to_string();
        assert_eq!(
            error,
            "28 is not a score on 4x15: exact scores lie within -27..=27"
        );
        let small = AnySize::new("4x4".parse().unwrap());
        let error = parse_line_in(&text("1 15"), small).unwrap_err().to_string();
        assert_eq!(
            error,
            "15 is not a score on 4x4: exact scores lie within -5..=5"
        );
        let error = parse_line_in(&text("5"), tall).unwrap_err().to_string();
        assert!(error.contains("4x15"), "{error}");
    }

    #[test]
    fn a_line_s_score_is_checked_against_the_answer() {
        let score = |value| ExactScore::new(value).unwrap();
        let agrees = |expected, found: &[Option<i32>], weak| {
            let found: Vec<_> = found.iter().map(|v| v.map(score)).collect();
            agrees(score(expected), &found, weak)
        };
        assert!(agrees(-2, &[Some(-2)], false));
        assert!(!agrees(5, &[Some(-2)], false));
        assert!(agrees(5, &[Some(2)], true));
        assert!(!agrees(-5, &[Some(2)], true));
        assert!(agrees(1, &[None, Some(-3), Some(1), Some(0)], false));
        assert!(!agrees(-3, &[None, Some(-3), Some(1), Some(0)], false));
    }

    proptest! {
        #[test]
        fn any_line_is_read_or_refused(line in ".{0,300}") {
            let _ = parse_line(&Line::Text(line), Standard);
        }
    }
}
