//! `c4 best` and `c4 eval`: one decision or one evaluation, for people and scripts.

use crate::board_size::{SizeArg, parse_game_in};
use anyhow::{Context, Result, bail};
use c4_core::{Player, excerpt, with_geometry};
use c4_eval::{BoardTables, EvalSpec, Evaluator};
use c4_players::PlayerSpec;
use c4_terminal::screen;
use c4_terminal::stats::{ScoreShown, stats_line};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct BestArgs {
    /// The player: ALGO[:KEY=VALUE,...] or a level (easy to perfect: `c4 levels`). See `c4 evals`.
    #[arg(long, default_value = "hard")]
    pub ai: String,
    /// Print one JSON object: column, score, depth, nodes, time_ms, pv (columns 1-7).
    #[arg(long)]
    pub json: bool,
    /// The position: moves from the empty board (e.g. 4453; empty for the start).
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    #[command(flatten)]
    pub board: SizeArg,
}

#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// The evaluator: NAME[:KEY=VALUE,...], e.g. kang:features=12. See `c4 evals`.
    #[arg(long, default_value = "threats")]
    pub eval: String,
    /// Evaluate for this player (default: the side to move).
    #[arg(long, value_parser = parse_player)]
    pub view: Option<Player>,
    /// Seed for random evaluators.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The position: moves from the empty board.
    #[arg(default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    #[command(flatten)]
    pub board: SizeArg,
}

/// Why a `--player` value is refused: the text (shortened).
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a player: use red or yellow")]
pub struct NotAPlayer(String);

pub fn parse_player(text: &str) -> Result<Player, NotAPlayer> {
    match text.to_ascii_lowercase().as_str() {
        "red" | "x" | "first" | "1" => Ok(Player::Red),
        "yellow" | "o" | "second" | "2" => Ok(Player::Yellow),
        _ => Err(NotAPlayer(excerpt(text))),
    }
}

pub fn run_best(args: &BestArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => best_in(args, g))
}

fn best_in<G: BoardTables>(args: &BestArgs, geometry: G) -> Result<()> {
    let game = parse_game_in(&args.moves, geometry)?;
    if game.position().is_over() {
        bail!("the game is over: there is no move to choose");
    }
    let spec = PlayerSpec::parse(&args.ai, 0).context("invalid --ai")?;
    let mut agent = spec.build_in(geometry)?;
    let report = agent.choose(&game);
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut value = serde_json::to_value(&report)?;
        value["ai"] = serde_json::Value::String(spec.to_string());
        serde_json::to_writer(&mut out, &value)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "best column {}",
            game.size().column_words(report.column)
        )?;
        writeln!(out, "{}", stats_line(&report, ScoreShown::Mover))?;
    }
    Ok(())
}

/// A value with its sign, 0 bare.
fn signed(value: i64) -> String {
    if value == 0 {
        "0".to_owned()
    } else {
        format!("{value:+}")
    }
}

pub fn run_eval(args: &EvalArgs) -> Result<()> {
    with_geometry!(args.board.size(), g => eval_in(args, g))
}

fn eval_in<G: BoardTables>(args: &EvalArgs, geometry: G) -> Result<()> {
    let game = parse_game_in(&args.moves, geometry)?;
    let spec = EvalSpec::parse(&args.eval).context("invalid --eval")?;
    spec.check_size(geometry.size())?;
    let mut evaluator = spec.build(args.seed);
    let view = args.view.unwrap_or_else(|| game.position().side_to_move());
    let terms = evaluator.breakdown(game.position(), view, game.last_move());
    let score = evaluator.evaluate(game.position(), view, game.last_move());
    let mut out = std::io::stdout().lock();
    if args.json {
        let value = serde_json::json!({
            "eval": spec.to_string(),
            "view": view,
            "score": score,
            "terms": terms,
        });
        serde_json::to_writer_pretty(&mut out, &value)?;
        writeln!(out)?;
        return Ok(());
    }
    write!(out, "{}", screen::board(&game))?;
    writeln!(
        out,
        "{spec}: {score:+} for {view} (heuristic, static: no search; larger is better for {view})"
    )?;
    let width = terms.iter().map(|t| t.name.len()).max().unwrap_or(0).max(5);
    let row = |out: &mut dyn Write, name: &str, own: &str, opponent: &str, value: &str| {
        writeln!(
            out,
            "  {name:width$}  {own:>10}  {opponent:>10}  {value:>12}"
        )
    };
    row(&mut out, "term", view.name(), view.other().name(), "value")?;
    for term in &terms {
        row(
            &mut out,
            &term.name,
            &term.own.to_string(),
            &term.opponent.to_string(),
            &signed(term.value),
        )?;
    }
    row(&mut out, "total", "", "", &signed(i64::from(score)))?;
    Ok(())
}
