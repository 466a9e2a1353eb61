//! `c4 evals`: the players, levels and evaluators with their options (from the registries).

use anyhow::Result;
use c4_engine::agent::{LEVELS, PLAYER_KINDS, REGISTRY};
use c4_engine::eval::EVALUATORS;
use c4_engine::options::OptionDoc;
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct EvalsArgs {
    /// Print JSON (the same data the server's /api/players serves).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &EvalsArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &REGISTRY)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "Players (--ai ALGO[:KEY=VALUE,...]):")?;
    for a in PLAYER_KINDS {
        writeln!(out, "  {:10} {}", a.name, a.summary)?;
        for o in &a.docs() {
            write_option(&mut out, o)?;
        }
        if a.uses_evaluator {
            writeln!(out, "      (and the options of the chosen evaluator)")?;
        }
    }
    writeln!(out, "\nLevels (aliases):")?;
    for l in LEVELS {
        writeln!(out, "  {:10} = {}\n      {}", l.name, l.spec, l.description)?;
    }
    writeln!(
        out,
        "\nEvaluators (--eval NAME[:KEY=VALUE,...], or eval=NAME in a player spec):"
    )?;
    for e in EVALUATORS {
        writeln!(
            out,
            "  {:10} {}\n             {}",
            e.name, e.summary, e.citation
        )?;
        for o in &e.options.docs() {
            write_option(&mut out, o)?;
        }
    }
    Ok(())
}

/// One option's line: `key=default` and its help.
fn write_option(out: &mut impl Write, option: &OptionDoc) -> std::io::Result<()> {
    let spelled = format!("{}={}", option.key, option.default);
    let tunable = if option.tunable { " (tunable)" } else { "" };
    writeln!(out, "      {spelled:<22} {}{tunable}", option.help)
}
