//! `c4 evals`: the players, levels and evaluators with their options (from the registries).

use anyhow::Result;
use c4_eval::{EVALUATORS, SupportedSizes};
use c4_options::OptionDoc;
use c4_players::{LEVELS, PLAYER_KINDS, REGISTRY};
use std::io::Write;

#[derive(clap::Args, Debug)]
pub struct EvalsArgs {
    /// Print JSON (the same data the server's /api/players serves).
    #[arg(long)]
    pub json: bool,
    /// Print the option tables as Markdown (the README's are this output).
    #[arg(long, conflicts_with = "json")]
    pub markdown: bool,
}

pub fn run(args: &EvalsArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &REGISTRY)?;
        writeln!(out)?;
        return Ok(());
    }
    if args.markdown {
        out.write_all(markdown().as_bytes())?;
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
        writeln!(
            out,
            "  {:10} = {}\n      {}\n      {}",
            l.name,
            l.spec,
            l.description(),
            l.figures()
        )?;
    }
    writeln!(
        out,
        "\nEvaluators (--eval NAME[:KEY=VALUE,...], or eval=NAME in a player spec):"
    )?;
    for e in EVALUATORS {
        writeln!(
            out,
            "  {:10} {}\n             {}\n             sizes: {}",
            e.name,
            e.summary,
            e.citation,
            sizes_note(e.sizes)
        )?;
        for o in &e.options.docs() {
            write_option(&mut out, o)?;
        }
    }
    Ok(())
}

/// The boards an evaluator plays on, in words.
fn sizes_note(sizes: SupportedSizes) -> String {
    match sizes {
        SupportedSizes::Any => "every board size".to_owned(),
        SupportedSizes::Only { size, reason } => format!("{size} only ({reason} {size})"),
    }
}

/// One option's line: `key=default` and its help.
fn write_option(out: &mut impl Write, option: &OptionDoc) -> std::io::Result<()> {
    let spelled = format!("{}={}", option.key, option.default);
    let tunable = if option.tunable { " (tunable)" } else { "" };
    writeln!(out, "      {spelled:<22} {}{tunable}", option.help)
}

/// The players' and evaluators' option tables in Markdown: one row per kind or evaluator,
/// its options as `key=default`, tunable weights marked with `*`.
#[must_use]
pub fn markdown() -> String {
    let spelled = |docs: &[OptionDoc]| -> String {
        if docs.is_empty() {
            return "none".to_owned();
        }
        docs.iter()
            .map(|o| {
                let mark = if o.tunable { "*" } else { "" };
                format!("`{}={}`{mark}", o.key, o.default)
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = String::from("| player | what it is | options (defaults) |\n|---|---|---|\n");
    for kind in PLAYER_KINDS {
        text.push_str(&format!(
            "| `{}` | {} | {} |\n",
            kind.name,
            kind.summary,
            spelled(&kind.docs())
        ));
    }
    text.push_str(
        "\n| evaluator | what it computes | sizes | options (defaults; * tunable) |\n|---|---|---|---|\n",
    );
    for entry in EVALUATORS {
        text.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            entry.name,
            entry.summary,
            entry.sizes,
            spelled(&entry.options.docs())
        ));
    }
    text
}
