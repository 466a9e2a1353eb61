//! `c4 analyze`: every column of a position, exact where the solver finishes within the
//! budget and heuristic (with its depth) otherwise, as the page's analysis and
//! `POST /api/analyze` give it.

use crate::terminal;
use anyhow::{Context, Result, bail};
use c4_books::OpeningBook;
use c4_core::{Game, excerpt};
use c4_players::analysis::{ColumnValue, DEFAULT_BUDGET_MS, analyze};
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
}

pub fn run(args: &AnalyzeArgs) -> Result<()> {
    let game = Game::from_moves(&args.moves)
        .with_context(|| format!("invalid position {:?}", excerpt(&args.moves)))?;
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
        let value = serde_json::json!({
            "moves": game.move_string(),
            "to_move": position.side_to_move(),
            "columns": analysis.columns,
            "exact": analysis.exact,
            "nodes": analysis.nodes,
            "time_ms": analysis.time_ms,
        });
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", terminal::board(&game))?;
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
        let kind = match column.value {
            ColumnValue::Full => "",
            ColumnValue::Exact { .. } => "exact",
            ColumnValue::Heuristic { .. } => "heuristic",
        };
        writeln!(
            out,
            "  {} ({})  {:<9}  {}",
            column.column,
            column.column.letter(),
            kind,
            column.text
        )?;
    }
    // The book holds every reply's exact score when they are no deeper than its depth: then
    // no node was searched, and the time is the book's reading.
    let from_book = analysis.exact
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
