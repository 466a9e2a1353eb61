//! `c4 levels`: each level's measured strength, what it does and its spec, from the table of
//! levels built into c4 (the ladder experiment's figures). `c4 play --help` ends with it.

use anyhow::Result;
use c4_engine::agent::LEVELS;
use std::fmt::Write as _;
use std::io::Write as _;

#[derive(clap::Args, Debug)]
pub struct LevelsArgs {
    /// Print JSON: each level's name, spec, description and measured figures (null where
    /// the level has not been measured with its current spec).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &LevelsArgs) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, LEVELS)?;
        writeln!(out)?;
    } else {
        out.write_all(table().as_bytes())?;
    }
    Ok(())
}

/// The levels, weakest first: a line of figures each, then what it does and its spec.
#[must_use]
pub fn table() -> String {
    let mut text = format!(
        "{:<9} {:>12}  {:>9}  {:>24}\n",
        "level", "Elo (95%)", "mistakes", "think time: median, max"
    );
    for level in LEVELS {
        match level.measured() {
            Some(m) => {
                let _ = writeln!(
                    text,
                    "{:<9} {:>12}  {:>8.1}%  {:>24}",
                    level.name,
                    format!("{:+.0} ± {:.0}", m.elo, m.elo_95),
                    m.mistakes_pct,
                    format!(
                        "{} ms, {} ms",
                        milliseconds(m.move_ms_median),
                        milliseconds(m.move_ms_max)
                    ),
                );
            }
            None => {
                let _ = writeln!(text, "{:<9} not measured with this spec", level.name);
            }
        }
        let _ = writeln!(
            text,
            "          {}\n          {}",
            level.description, level.spec
        );
    }
    text.push_str(
        "\nElo: one ladder of the levels, the seed heuristics at depth 5 and random, relative to\n\
         its mean, from random 4-ply openings with both colours. Mistakes: moves that give away a\n\
         win or a draw, mean over six reference sets of positions. Both from `c4 experiment\n\
         ladder`; the report is docs/experiments/ladder.\n",
    );
    text
}

/// A time in milliseconds, with a decimal below 10.
fn milliseconds(ms: f64) -> String {
    if ms < 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}
