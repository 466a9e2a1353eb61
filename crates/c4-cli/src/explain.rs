//! `c4 explain`: why a position is what it is, from Allis' strategic rules (c4-knowledge
//! through c4-api's `explain`, the page's answer too), with the solver's exact score beside,
//! each labelled for what it is.

use crate::board_size::{SizeArg, parse_game_in};
use crate::lines::next_line;
use anyhow::{Result, bail};
use c4_api::{ExplainRequest, ExplainResponse, Limits, MAX_SEARCH_NODES, explain};
use c4_core::{AnySize, Position, Size};
use c4_players::builtin_stores;
use c4_solver::{Cancel, ExactScore, SolveLimits, Solver};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The solver's node budget beside an explanation: enough for 7x6 past the book and for
/// the small boards, and a bound on the large ones.
const SOLVER_NODES: u64 = 30_000_000;

/// The terminal's limits: a search asked for on the command line runs to its node limit.
const TERMINAL_LIMITS: Limits = Limits {
    time_cap: Duration::from_secs(24 * 3600),
    max_table_bits: 24,
    max_threads: 1,
};

#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The moves from the empty board, e.g. 4453 or ddec; without them, positions are read
    /// from standard input, one a line, and answered one line each.
    #[arg(allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Print JSON: one object (one a line when reading standard input).
    #[arg(long)]
    pub json: bool,
    /// Where the rules alone leave a position unclear, settle it by a proof-number search
    /// whose leaves are the rules' verdicts, looking at up to N positions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_SEARCH_NODES))]
    pub search: Option<u64>,
    /// Leave out the solver's exact score.
    #[arg(long)]
    pub no_solver: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

pub fn run(args: &ExplainArgs) -> Result<()> {
    let size = args.board.size();
    match &args.moves {
        Some(moves) => explain_one(args, size, moves),
        None => explain_lines(args, size),
    }
}

/// The solver's score of the position, if it finishes within [`SOLVER_NODES`].
fn solver_score(position: &Position<AnySize>) -> Option<ExactScore> {
    if position.is_over() {
        return None;
    }
    let mut solver = Solver::new_in(22, AnySize::new(position.size()));
    if position.size().is_standard() {
        solver.set_book(builtin_stores());
    }
    let limits = SolveLimits {
        nodes: Some(SOLVER_NODES),
        time: None,
    };
    solver
        .solve_within(position, false, limits)
        .ok()
        .map(|(score, _)| score)
}

fn solver_words(position: &Position<AnySize>, score: Option<ExactScore>) -> String {
    let who = c4_knowledge::words::colour_name(position.side_to_move());
    match score {
        Some(score) => format!(
            "The solver (an exact search, not a proof a person can follow): for {who}, to move, {}.",
            score.describe_in(Some(position.moves_played()), position.size())
        ),
        None => {
            format!("The solver (an exact search) did not finish within {SOLVER_NODES} positions.")
        }
    }
}

fn request(args: &ExplainArgs, size: Size, moves: &str) -> ExplainRequest {
    ExplainRequest {
        moves: moves.to_owned(),
        size,
        search: args.search,
    }
}

fn explain_one(args: &ExplainArgs, size: Size, moves: &str) -> Result<()> {
    let game = parse_game_in(moves, AnySize::new(size))?;
    let answer = explain(request(args, size, moves), &TERMINAL_LIMITS, &Cancel::new())?;
    let score = (!args.no_solver)
        .then(|| solver_score(game.position()))
        .flatten();
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut value = serde_json::to_value(&answer)?;
        if !args.no_solver {
            value["solver"] = match score {
                Some(score) => serde_json::json!({
                    "score": score.value(),
                    "text": score.describe_in(Some(game.position().moves_played()), size),
                }),
                None => serde_json::Value::Null,
            };
        }
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", marked_board(game.position(), &answer))?;
    for line in &answer.text {
        writeln!(out, "{line}")?;
    }
    if !args.no_solver {
        writeln!(out, "{}", solver_words(game.position(), score))?;
    }
    let searched = answer.nodes + answer.search.as_ref().map_or(0, |s| s.nodes);
    writeln!(
        out,
        "(the rules took {:.2} ms and searched {searched} position{})",
        answer.time_ms,
        if searched == 1 { "" } else { "s" }
    )?;
    Ok(())
}

/// The board with each rule application's squares marked by its number (1-9, then A-Z), in
/// the order the explanation lists them; the odd threat as `*`.
fn marked_board(position: &Position<AnySize>, answer: &ExplainResponse) -> String {
    let size = position.size();
    let mut marks = std::collections::HashMap::new();
    if let Some(proof) = &answer.proof {
        for (index, rule) in proof.rules.iter().enumerate() {
            let mark =
                char::from_digit(index as u32 + 1, 36).map_or('+', |c| c.to_ascii_uppercase());
            for square in &rule.squares {
                marks.entry(square.clone()).or_insert(mark);
            }
        }
        if let Some(threat) = &proof.odd_threat {
            marks.insert(threat.clone(), '*');
        }
    }
    let mut text = String::new();
    for row in (0..size.height()).rev() {
        text.push_str(&format!("{:>2} ", row + 1));
        for column in size.columns() {
            let square = size.square(column, row).expect("a square of the board");
            let cell = match position.cell(square) {
                Some(c4_core::Player::Red) => 'X',
                Some(c4_core::Player::Yellow) => 'O',
                None => *marks.get(&square.to_string()).unwrap_or(&'.'),
            };
            text.push(' ');
            text.push(cell);
        }
        text.push('\n');
    }
    text.push_str("   ");
    for column in size.columns() {
        text.push(' ');
        text.push(column.letter());
    }
    text.push('\n');
    if answer.proof.as_ref().is_some_and(|p| !p.rules.is_empty()) {
        text.push_str(
            "(a digit or letter marks the squares of the rule application of that number)\n",
        );
    }
    text
}

/// One position a line from standard input, one line of answer each.
fn explain_lines(args: &ExplainArgs, size: Size) -> Result<()> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("c4 explain: type positions, one per line (e.g. 4453); Ctrl-D ends.");
    }
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let (mut line_number, mut failed) = (0usize, 0usize);
    while let Some(line) = next_line(&mut input)? {
        line_number += 1;
        let answer = line.text().map_err(anyhow::Error::from).and_then(|text| {
            let moves = text.trim();
            parse_game_in(moves, AnySize::new(size))?;
            Ok((
                moves.to_owned(),
                explain(request(args, size, moves), &TERMINAL_LIMITS, &Cancel::new())?,
            ))
        });
        match answer {
            Ok((_, answer)) if args.json => {
                serde_json::to_writer(&mut out, &answer)?;
                writeln!(out)?;
            }
            Ok((moves, answer)) => {
                let first = answer.text.first().cloned().unwrap_or_default();
                writeln!(out, "{moves}: {first}")?;
            }
            Err(error) => {
                failed += 1;
                eprintln!("line {line_number}: {error:#}");
            }
        }
    }
    if failed > 0 {
        bail!("{failed} of {line_number} lines could not be explained");
    }
    Ok(())
}
