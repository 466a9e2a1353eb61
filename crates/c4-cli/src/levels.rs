//! `c4 levels`: each level's measured strength, what it does and its spec, from the table of
//! levels built into c4 (the ladder experiment's figures). `c4 play --help` ends with it.

use anyhow::Result;
use c4_players::LEVELS;
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

/// The levels, weakest first: a line of figures each, then what it does and its spec, and
/// why it is listed there when a level before it measured a higher Elo.
#[must_use]
pub fn table() -> String {
    let mut text = format!(
        "{:<9} {:>12}  {:>9}  {}\n",
        "level", "Elo (95%)", "mistakes", "think time"
    );
    for level in LEVELS {
        match level.measured() {
            Some(m) => {
                let _ = writeln!(
                    text,
                    "{:<9} {:>12}  {:>8.1}%  {}",
                    level.name,
                    format!("{:+.0} ± {:.0}", m.elo, m.elo_95),
                    m.mistakes_pct,
                    think_time(m.move_ms_median, m.move_ms_max),
                );
            }
            None => {
                let _ = writeln!(text, "{:<9} not measured with this spec", level.name);
            }
        }
        if let Some(note) = level.strength_note() {
            let _ = writeln!(text, "          {}", note);
        }
        let _ = writeln!(
            text,
            "          {}\n          {}",
            level.description(),
            level.spec
        );
    }
    text.push_str(
        "\nEvery figure is for the 7x6 board; the levels play on every size (`--size`), unmeasured.\n\
         Elo: one ladder of the levels, the seed heuristics at depth 5 and random, relative to\n\
         its mean, from random 4-ply openings with both colours. Mistakes: moves that give away a\n\
         win or a draw, mean over six reference sets of positions. Think time: the median move\n\
         (\"instant\" under 1 ms: book moves, short searches and solves late in a game) and the\n\
         longest of the ladder's games. All from `c4 experiment ladder`; the report is\n\
         docs/experiments/ladder.\n",
    );
    text
}

/// A level's think time as a player feels it: the median move, "instant" under 1 ms (no one
/// notices a millisecond), and the longest move.
fn think_time(median_ms: f64, max_ms: f64) -> String {
    let median = if median_ms < 1.0 {
        "instant".to_owned()
    } else {
        format!("median {}", duration(median_ms))
    };
    format!("{median}, at most {}", duration(max_ms))
}

/// A duration given in milliseconds, in ms below a second (a decimal below 10) and in
/// seconds from one.
fn duration(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else if ms < 10.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{ms:.0} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times_read_as_a_player_feels_them() {
        assert_eq!(think_time(0.02, 164.3), "instant, at most 164 ms");
        assert_eq!(think_time(2.5, 4.0), "median 2.5 ms, at most 4.0 ms");
        assert_eq!(think_time(0.01, 2943.8), "instant, at most 2.9 s");
        assert!(!table().contains("0.0 ms"), "{}", table());
        assert!(table().contains("for the 7x6 board"), "{}", table());
    }
}
