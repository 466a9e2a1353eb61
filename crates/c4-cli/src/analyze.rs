//! `c4 analyze`: every column of a position, exact where the solver finishes within the
//! budget and heuristic (with its depth) otherwise, as the page's analysis and
//! `POST /api/analyze` give it.

use crate::board_size::{SizeArg, parse_game_in};
use anyhow::{Result, bail};
use c4_books::OpeningBook;
use c4_core::with_geometry;
use c4_eval::BoardTables;
use c4_players::analysis::{ColumnValue, DEFAULT_BUDGET_MS, analyze};
use c4_terminal::screen;
use std::io::Write;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// The moves from the empty board, e.g. 4453 or ddec (empty for the empty board).
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// The time budget of the whole analysis, milliseconds.
    #[arg(long, default_value_t = DEFAULT_BUDGET_MS, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub time_ms: u64,
    /// Print one JSON object, as `POST /api/analyze` answers.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

pub fn run(args: &AnalyzeArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => run_in(args, g))
}

fn run_in<G: BoardTables>(args: &AnalyzeArgs, geometry: G) -> Result<()> {
    let game = parse_game_in(&args.moves, geometry)?;
    let size = geometry.size();
    let position = game.position();
    if position.is_over() {
        bail!(
            "the game in {:?} is over: there is nothing to analyse",
            args.moves
        );
    }
    let analysis = analyze(position, Duration::from_millis(args.time_ms));
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut value = serde_json::json!({
            "moves": game.move_string(),
            "to_move": position.side_to_move(),
            "columns": analysis.columns,
            "exact": analysis.exact,
            "nodes": analysis.nodes,
            "time_ms": analysis.time_ms,
        });
        // As the API answers: the size is said only off 7x6.
        if !size.is_standard() {
            value["size"] = serde_json::json!(size);
        }
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", screen::board(&game))?;
    writeln!(
        out,
        "{} to move; each column for {} ({})",
        position.side_to_move(),
        position.side_to_move(),
        if analysis.exact {
            "all exact"
        } else {
            "exact where solved in time, heuristic otherwise"
        }
    )?;
    for column in &analysis.columns {
        // A heuristic value's words begin with `heuristic`: only an exact one is marked.
        let kind = match column.value {
            ColumnValue::Exact { .. } => "exact",
            ColumnValue::Full | ColumnValue::Heuristic { .. } => "",
        };
        writeln!(
            out,
            "  {:<5}  {:<9}  {}",
            size.column_words(column.column),
            kind,
            column.text
        )?;
    }
    // The built-in book (7x6's) holds every reply's exact score when they are no deeper than
    // its depth: then no node was searched, and the time is the book's reading.
    let from_book = size.is_standard()
        && analysis.exact
        && analysis.nodes == 0
        && position.moves_played() < OpeningBook::builtin().depth();
    if from_book {
        writeln!(
            out,
            "every column from the opening book, in {:.0} ms",
            analysis.time_ms
        )?;
    } else {
        writeln!(
            out,
            "{} nodes in {:.0} ms",
            analysis.nodes, analysis.time_ms
        )?;
    }
    Ok(())
}
