//! The `mistakes` experiment's report: mistake rates by player and set beside AlphaZero.jl's,
//! the reading of them, and the plot by depth.

use c4_arena::stats::wilson;
use c4_learn::plot::{self, Chart, Legend, Series};
use c4_papers::{ExperimentError, write_file};
use std::fmt::Write as _;
use std::path::Path;

use super::grading::{DEPTHS, Decision, ENGINE_BUDGETS, GradedSet, SETS, Tally, players, tally};

fn percent(count: u64, n: u64) -> f64 {
    100.0 * count as f64 / n as f64
}

/// Writes `report.md`, `mistakes.csv` and `mistakes.svg`; returns the Markdown.
pub fn report(dir: &Path, decisions: &[Decision], seed: u64) -> Result<String, ExperimentError> {
    let quick = !decisions.iter().any(|d| d.set == "Test_L1_R3");
    let tally = tally(decisions, quick);
    let graded_sets: Vec<&GradedSet> = SETS
        .iter()
        .filter(|s| tally.keys().any(|(_, set)| set == s.file))
        .collect();
    let mut md = String::from("# mistakes: move quality on the reference sets\n\n");
    let _ = writeln!(
        md,
        "A move is a *mistake* when its game-theoretic value (win, draw or loss) is worse than the \
         best move's, AlphaZero.jl's measure; it is *not optimal* when its exact score is below the \
         best move's. Positions: the first of each of Pons' reference sets (200; 100 of \
         Begin-Hard{}), every column scored by c4's solver. Players: alpha-beta with default \
         options at depths {}-{}, each evaluator untuned and, where c4 ships tuned weights, tuned; \
         the engine at {ENGINE_BUDGETS:?} ms. Seed {seed}.\n",
        if quick {
            "; a --quick run grades 3 of each easy set"
        } else {
            ""
        },
        DEPTHS.start(),
        DEPTHS.end()
    );
    let header: Vec<&str> = graded_sets.iter().map(|s| s.name).collect();
    let _ = writeln!(
        md,
        "Mistake % (not optimal %) per set.\n\n| player | {} |\n|---|{}",
        header.join(" | "),
        "---|".repeat(header.len())
    );
    let mut csv =
        String::from("player,set,positions,mistakes,mistake_low,mistake_high,not_optimal\n");
    let mut labels: Vec<String> = Vec::new();
    for player in players(quick) {
        if !labels.contains(&player.label) {
            labels.push(player.label);
        }
    }
    for player in &labels {
        let mut cells = Vec::new();
        for set in &graded_sets {
            let Some(&(n, mistakes, not_optimal)) =
                tally.get(&(player.clone(), set.file.to_owned()))
            else {
                cells.push("-".to_owned());
                continue;
            };
            cells.push(format!(
                "{:.1} ({:.1})",
                percent(mistakes, n),
                percent(not_optimal, n)
            ));
            let interval = wilson(mistakes, n).expect("n > 0");
            let _ = writeln!(
                csv,
                "\"{player}\",{},{n},{mistakes},{:.4},{:.4},{not_optimal}",
                set.name, interval.low, interval.high
            );
        }
        if cells.iter().any(|c| c != "-") {
            let _ = writeln!(md, "| {player} | {} |", cells.join(" | "));
        }
    }
    for (label, published) in [
        (
            "AlphaZero.jl minimax d5 (published)",
            graded_sets.iter().map(|s| s.minimax_5).collect::<Vec<_>>(),
        ),
        (
            "AlphaZero.jl network (published)",
            graded_sets.iter().map(|s| s.network).collect(),
        ),
    ] {
        let cells: Vec<String> = published.iter().map(|v| format!("{v:.1}")).collect();
        let _ = writeln!(md, "| {label} | {} |", cells.join(" | "));
    }
    md.push_str(
        "\n![mean mistake % over the sets by depth](mistakes.svg)\n\nThe published rows are read off \
         AlphaZero.jl's Connect Four tutorial benchmark plot, so they carry its reading error (about half a \
         point). The plot shows each evaluator's mistake rate averaged over the sets graded, tuned weights \
         dashed.\n",
    );
    md.push_str(&reading(quick, &tally, &graded_sets));
    write_file(&dir.join("mistakes.csv"), csv)?;
    plot_by_depth(dir, quick, &tally, &graded_sets)?;
    write_file(&dir.join("report.md"), &md)?;
    Ok(md)
}

/// The mean mistake % of `label` over `sets`, if it played them all.
#[must_use]
pub fn mean_rate(tally: &Tally, label: &str, sets: &[&GradedSet]) -> Option<f64> {
    let rates: Option<Vec<f64>> = sets
        .iter()
        .map(|s| {
            tally
                .get(&(label.to_owned(), s.file.to_owned()))
                .map(|&(n, mistakes, _)| percent(mistakes, n))
        })
        .collect();
    let rates = rates?;
    Some(rates.iter().sum::<f64>() / rates.len() as f64)
}

/// What the table says, computed from it: where each evaluator first does as well as
/// AlphaZero.jl's depth-5 minimax over these sets, and where tuning helped.
fn reading(quick: bool, tally: &Tally, sets: &[&GradedSet]) -> String {
    let anchor = sets.iter().map(|s| s.minimax_5).sum::<f64>() / sets.len().max(1) as f64;
    let mut text = format!(
        "\n## Reading\n\nAlphaZero.jl's depth-5 minimax averages {anchor:.1}% mistakes over these sets.\n\n"
    );
    let mut evaluators: Vec<String> = Vec::new();
    for player in players(quick) {
        if let Some((eval, _, _)) = player.line
            && !evaluators.contains(&eval)
        {
            evaluators.push(eval);
        }
    }
    for eval in evaluators {
        let by_depth = |tuned: bool| -> Vec<(u32, f64)> {
            players(quick)
                .into_iter()
                .filter_map(|p| {
                    let (e, t, depth) = p.line?;
                    (e == eval && t == tuned)
                        .then(|| mean_rate(tally, &p.label, sets).map(|r| (depth, r)))
                        .flatten()
                })
                .collect()
        };
        let untuned = by_depth(false);
        if untuned.is_empty() {
            continue;
        }
        let reaches = untuned.iter().find(|(_, r)| *r <= anchor);
        let _ = write!(
            text,
            "- `{eval}`: {}",
            match reaches {
                Some((depth, rate)) => format!("at or under it from depth {depth} ({rate:.1}%)"),
                None => format!(
                    "above it at every depth graded (best {:.1}%)",
                    untuned.iter().map(|(_, r)| *r).fold(f64::MAX, f64::min)
                ),
            }
        );
        let tuned = by_depth(true);
        if !tuned.is_empty() {
            let (better, worse) =
                tuned.iter().fold((0, 0), |(b, w), (depth, rate)| {
                    match untuned.iter().find(|(d, _)| d == depth) {
                        Some((_, base)) if rate < base => (b + 1, w),
                        Some((_, base)) if rate > base => (b, w + 1),
                        _ => (b, w),
                    }
                });
            let _ = write!(
                text,
                "; tuned, fewer mistakes at {better} of {} depths and more at {worse}",
                tuned.len()
            );
        }
        text.push_str(".\n");
    }
    text
}

fn plot_by_depth(
    dir: &Path,
    quick: bool,
    tally: &Tally,
    sets: &[&GradedSet],
) -> Result<(), ExperimentError> {
    let mut series: Vec<Series> = Vec::new();
    for player in players(quick) {
        let Some((eval, tuned, depth)) = player.line else {
            continue;
        };
        let rates: Vec<f64> = sets
            .iter()
            .filter_map(|s| tally.get(&(player.label.clone(), s.file.to_owned())))
            .map(|&(n, mistakes, _)| percent(mistakes, n))
            .collect();
        if rates.is_empty() {
            continue;
        }
        let point = (
            f64::from(depth),
            rates.iter().sum::<f64>() / rates.len() as f64,
        );
        let label = if tuned { format!("tuned {eval}") } else { eval };
        match series.iter_mut().find(|s| s.label == label) {
            Some(line) => line.points.push(point),
            None => series.push(Series {
                label,
                points: vec![point],
                dashed: tuned,
            }),
        }
    }
    let top = series
        .iter()
        .flat_map(|s| s.points.iter().map(|&(_, y)| y))
        .fold(5.0f64, f64::max);
    let chart = Chart {
        title: "mistakes by search depth (mean over the sets)",
        x_desc: "alpha-beta depth",
        y_desc: "mistake %",
        x: 0.5..f64::from(*DEPTHS.end()) + 0.5,
        y: 0.0..(top * 1.1).ceil(),
        legend: Legend::Upper,
    };
    Ok(plot::lines(&dir.join("mistakes.svg"), &chart, &series)?)
}
