//! The ladder's report: the crosstable and Elo ranking, each level's figures (Elo, mistakes
//! on the reference sets, think time per move), the steps between neighbouring levels, and
//! `levels.tsv`, the table `c4 levels` reads.

use super::super::mistakes::{GradedSet, SETS, Tally, mean_rate, tally_of};
use super::{DEPTH, OPENING_PLIES, Results, beside_levels, graded, levels, players, plot};
use c4_arena::matches::Contestant;
use c4_arena::stats::Spread;
use c4_arena::tournament::{Crosstable, Rating};
use c4_papers::{ExperimentError, write_file};
use c4_players::{LEVELS, MEASURED_HEADER, Measured, MeasuredRow};
use std::fmt::Write as _;
use std::path::Path;

/// One level's figures, with its place in the ranking.
struct LevelFigures {
    name: String,
    spec: String,
    rating: Rating,
    /// Mistake % per set, in [`SETS`]' order (`None`: not graded there).
    per_set: Vec<Option<f64>>,
    mean_mistakes: Option<f64>,
    positions: u64,
    think: Spread,
}

/// Writes `report.md`, `ladder.csv`, `ladder.svg` and `levels.tsv` into `dir`.
pub fn report(dir: &Path, results: &Results, seed: u64) -> Result<String, ExperimentError> {
    let played = played(results);
    let players: Vec<_> = players(false)?
        .into_iter()
        .filter(|p| played.contains(&p.label))
        .collect();
    let names: Vec<String> = players.iter().map(|p| p.label.clone()).collect();
    let table = Crosstable::of(&names, &results.games);
    let ratings = table.ratings();
    let tally = tally_of(&results.decisions, &graded(false)?);
    let figures = figures_of(results, &ratings, &tally, levels(false)?);
    let beside = figures_of(results, &ratings, &tally, beside_levels()?);
    let games = table.games.first().and_then(|row| row.get(1)).copied();

    let mut md =
        String::from("# ladder: the levels, the heuristics and random in one Elo ladder\n\n");
    let _ = writeln!(
        md,
        "Round robin, {OPENING_PLIES}-ply random openings each played with both colours, {} games a pairing, seed {seed}. Players:\n",
        games.unwrap_or(0)
    );
    for player in &players {
        let _ = writeln!(md, "- `{}`: `{}`", player.label, player.spec);
    }
    let _ = writeln!(md, "\n```\n{}```\n", table.to_text());
    md.push_str("![Elo ladder](ladder.svg)\n\n");
    md.push_str(&figures_section("## The levels", "level", &figures));
    md.push_str(&steps_section(&figures, &table));
    if !beside.is_empty() {
        md.push_str(&beside_section(&beside, &figures, &table));
    }
    let _ = writeln!(
        md,
        "## Reading\n\nElo is relative to the field's mean and fitted by maximum likelihood; the intervals are 95%. \
         A game starts from a random {OPENING_PLIES}-ply opening, which is often already won for one side, so a \
         perfect player scores less than 100% and the top of the ladder is compressed: the levels' gaps in games \
         from the empty board are wider. A mistake is a move whose value (win, draw or loss) is worse than the best \
         move's, on the six reference sets of the `mistakes` experiment; the figure is the mean of the six sets' \
         rates. Think times are wall times of every move a level chose in the ladder's games, two games at a time \
         on a two-core machine. The heuristics search {DEPTH} plies with alpha-beta. `levels.tsv` is the table \
         `c4 levels`, `c4 play --help` and the page's level picker show."
    );
    write_file(&dir.join("ladder.csv"), table.ratings_csv())?;
    plot(&dir.join("ladder.svg"), &table)?;
    write_file(&dir.join("levels.tsv"), levels_table(&figures))?;
    write_file(&dir.join("report.md"), &md)?;
    Ok(md)
}

/// The players with a game in `results`.
fn played(results: &Results) -> Vec<String> {
    let mut names: Vec<String> = results
        .games
        .iter()
        .flat_map(|g| [g.a.clone(), g.b.clone()])
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The figures of each of `players` with a rating; a level's spec as `LEVELS` writes it.
fn figures_of(
    results: &Results,
    ratings: &[Rating],
    tally: &Tally,
    players: Vec<Contestant>,
) -> Vec<LevelFigures> {
    let sets: Vec<&GradedSet> = SETS.iter().collect();
    let mut out = Vec::new();
    for level in players {
        let Some(rating) = ratings.iter().find(|r| r.name == level.label) else {
            continue;
        };
        let per_set: Vec<Option<f64>> = sets
            .iter()
            .map(|s| {
                tally
                    .get(&(level.label.clone(), s.file.to_owned()))
                    .map(|&(n, mistakes, _)| 100.0 * mistakes as f64 / n as f64)
            })
            .collect();
        let graded: Vec<&GradedSet> = sets
            .iter()
            .zip(&per_set)
            .filter(|(_, rate)| rate.is_some())
            .map(|(s, _)| *s)
            .collect();
        let positions = sets
            .iter()
            .filter_map(|s| tally.get(&(level.label.clone(), s.file.to_owned())))
            .map(|&(n, _, _)| n)
            .sum();
        let times: Vec<f64> = results
            .games
            .iter()
            .flat_map(|g| {
                let side = if g.a == level.label {
                    Some(true)
                } else if g.b == level.label {
                    Some(false)
                } else {
                    None
                };
                side.into_iter()
                    .flat_map(move |a| g.moves_of(a).map(|m| m.time_ms()))
            })
            .collect();
        out.push(LevelFigures {
            name: level.label.clone(),
            spec: LEVELS
                .iter()
                .find(|l| l.name == level.label)
                .map_or_else(|| level.spec.to_string(), |l| l.spec.to_owned()),
            rating: rating.clone(),
            mean_mistakes: (!graded.is_empty())
                .then(|| mean_rate(tally, &level.label, &graded))
                .flatten(),
            per_set,
            positions,
            think: Spread::of(times),
        });
    }
    out
}

/// A table of `figures` under `heading`, each row named in a `column` column, and their
/// mistakes per set.
fn figures_section(heading: &str, column: &str, figures: &[LevelFigures]) -> String {
    let mut md = format!(
        "{heading}\n\n| {column} | spec | Elo (95%) | mistakes, mean of the sets | think time per move: median / p90 / max |\n|---|---|---|---|---|\n",
    );
    for f in figures {
        let _ = writeln!(
            md,
            "| {} | `{}` | {:+.0} ± {:.0} | {} | {:.1} / {:.1} / {:.0} ms |",
            f.name,
            f.spec,
            f.rating.elo,
            f.rating.error,
            f.mean_mistakes
                .map_or_else(|| "-".to_owned(), |m| format!("{m:.1}%")),
            f.think.median,
            f.think.p90,
            f.think.max
        );
    }
    let _ = write!(md, "\nMistakes per set (% of positions):\n\n| {column} |");
    for set in &SETS {
        let _ = write!(md, " {} |", set.name);
    }
    md.push_str("\n|---|");
    md.push_str(&"---|".repeat(SETS.len()));
    md.push('\n');
    for f in figures {
        let _ = write!(md, "| {} |", f.name);
        for rate in &f.per_set {
            let _ = write!(
                md,
                " {} |",
                rate.map_or_else(|| "-".to_owned(), |r| format!("{r:.1}"))
            );
        }
        md.push('\n');
    }
    md.push('\n');
    md
}

/// Each level against the one below: the Elo step, whether the intervals are apart, and
/// their games against each other.
fn steps_section(figures: &[LevelFigures], table: &Crosstable) -> String {
    let mut md = String::from(
        "## Steps between levels\n\n| step | Elo step | intervals apart | head to head |\n|---|---|---|---|\n",
    );
    for pair in figures.windows(2) {
        let (low, high) = (&pair[0], &pair[1]);
        let apart = high.rating.elo - high.rating.error > low.rating.elo + low.rating.error;
        let index = |name: &str| table.names.iter().position(|n| n == name);
        let head = match (index(&high.name), index(&low.name)) {
            (Some(i), Some(j)) if table.games[i][j] > 0 => {
                format!("{} / {}", table.points[i][j], table.games[i][j])
            }
            _ => "-".to_owned(),
        };
        let _ = writeln!(
            md,
            "| {} over {} | {:+.0} | {} | {head} |",
            high.name,
            low.name,
            high.rating.elo - low.rating.elo,
            if apart { "yes" } else { "no" }
        );
    }
    let close: Vec<String> = figures
        .windows(2)
        .filter(|pair| {
            pair[1].rating.elo - pair[1].rating.error <= pair[0].rating.elo + pair[0].rating.error
        })
        .map(|pair| format!("`{}` and `{}`", pair[0].name, pair[1].name))
        .collect();
    if !close.is_empty() {
        let _ = writeln!(
            md,
            "\nNot apart: {}. Within this ladder's precision each such pair plays as one level: \
             their games against the rest of the field score alike.",
            close.join(", ")
        );
    }
    md.push('\n');
    md
}

/// The players beside the levels: their figures, and their games against each level.
fn beside_section(beside: &[LevelFigures], levels: &[LevelFigures], table: &Crosstable) -> String {
    let mut md = figures_section(
        "## Beside the levels\n\nPlayers measured as the levels are, and no level themselves.",
        "player",
        beside,
    );
    let index = |name: &str| table.names.iter().position(|n| n == name);
    for player in beside {
        let heads: Vec<String> = levels
            .iter()
            .filter_map(|level| match (index(&player.name), index(&level.name)) {
                (Some(i), Some(j)) if table.games[i][j] > 0 => Some(format!(
                    "{} {}/{}",
                    level.name, table.points[i][j], table.games[i][j]
                )),
                _ => None,
            })
            .collect();
        let _ = writeln!(
            md,
            "`{}` against each level (its points): {}.\n",
            player.name,
            heads.join(", ")
        );
    }
    md
}

/// The measured table of the levels graded on the reference sets, as `c4 levels` reads it.
fn levels_table(figures: &[LevelFigures]) -> String {
    let mut text = format!("{MEASURED_HEADER}\n");
    for f in figures {
        let Some(mistakes_pct) = f.mean_mistakes else {
            continue;
        };
        let row = MeasuredRow {
            level: f.name.clone(),
            spec: f.spec.clone(),
            measured: Measured {
                elo: f.rating.elo,
                elo_95: f.rating.error,
                mistakes_pct,
                positions: u32::try_from(f.positions).unwrap_or(u32::MAX),
                move_ms_median: f.think.median,
                move_ms_max: f.think.max,
            },
        };
        text.push_str(&row.to_line());
        text.push('\n');
    }
    text
}
