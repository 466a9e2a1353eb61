//! The `learned` experiment's report: the shipped network's learning curves, its mistakes
//! beside the seed heuristics' and AlphaZero.jl's, the ladder, the games against perfect
//! play, and what the network values, each read out of the data in plain words.

use super::super::ladder;
use super::super::mistakes::{GradedSet, SETS, Tally, tally_of};
use super::{DEPTHS, LADDER_DEPTH, NTUPLE, PerfectGame, Results, graded, ladder_players};
use c4_arena::tournament::Crosstable;
use c4_core::{Game, WIDTH};
use c4_eval::ntuple::evaluator::builtin;
use c4_learn::plot::{self, Chart, Legend, Series};
use c4_papers::{ExperimentError, write_file};
use std::fmt::Write as _;
use std::path::Path;

/// The fit the shipped network starts from: its `metrics.csv` (epoch, seconds, rate, training
/// error, validation error, one-ply mistakes % on the validation split).
const FIT_METRICS: &str = include_str!("../../../data/ntuple_fit470_metrics.csv");

/// The self-play runs from the fit, each named and with its `metrics.csv`, in the order of
/// `crates/c4-eval/data/ntuple/README.md`: each starts from the last one's network, and the
/// last one's network is the shipped one.
const SELF_PLAY_RUNS: [(&str, &str); 8] = [
    (
        "td470",
        include_str!("../../../data/ntuple_td470_metrics.csv"),
    ),
    (
        "td470b",
        include_str!("../../../data/ntuple_td470b_metrics.csv"),
    ),
    (
        "td470c",
        include_str!("../../../data/ntuple_td470c_metrics.csv"),
    ),
    (
        "td470d",
        include_str!("../../../data/ntuple_td470d_metrics.csv"),
    ),
    (
        "td470e",
        include_str!("../../../data/ntuple_td470e_metrics.csv"),
    ),
    (
        "td470f",
        include_str!("../../../data/ntuple_td470f_metrics.csv"),
    ),
    (
        "td470g",
        include_str!("../../../data/ntuple_td470g_metrics.csv"),
    ),
    (
        "td470h",
        include_str!("../../../data/ntuple_td470h_metrics.csv"),
    ),
];

/// The rows of a `metrics.csv`, its header left out, each as numbers.
fn metric_rows(csv: &str) -> Vec<Vec<f64>> {
    csv.lines()
        .skip(1)
        .filter_map(|line| line.split(',').map(|f| f.parse().ok()).collect())
        .collect()
}

/// `n` with its thousands set apart by commas, as the docs write counts: 1,900,000.
fn grouped(n: f64) -> String {
    let digits = format!("{n:.0}");
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn percent(count: u64, n: u64) -> f64 {
    100.0 * count as f64 / n as f64
}

/// Writes `report.md`, `mistakes.csv`, `learning.svg` and `ladder.svg`; returns the Markdown.
pub fn report(dir: &Path, results: &Results, seed: u64) -> Result<String, ExperimentError> {
    let mut md = String::from("# learned: the shipped n-tuple network\n\n");
    let _ = writeln!(
        md,
        "The network is `eval=ntuple` with the weights c4 ships (`crates/c4-eval/data/ntuple/`, fitted to the solver's labels \
         by `c4 learn fit`, then trained by self-play with `c4 learn`). It is graded as the seed heuristics are, with the same positions and \
         definition as the `mistakes` experiment. Seed {seed}.\n"
    );
    md.push_str(&training(dir)?);
    let tally = tally_of(&results.decisions, &graded());
    let sets: Vec<&GradedSet> = SETS
        .iter()
        .filter(|s| tally.keys().any(|(_, set)| set == s.file))
        .collect();
    md.push_str(&mistakes_table(dir, &tally, &sets)?);
    md.push_str(&targets(&tally, &sets));
    md.push_str(&ladder_section(dir, &results.ladder)?);
    md.push_str(&against_perfect(&results.perfect));
    md.push_str("## Reading\n\n");
    md.push_str(&summary(&tally, &sets, &results.perfect));
    md.push_str(&first_moves(&results.perfect));
    write_file(&dir.join("report.md"), &md)?;
    Ok(md)
}

/// The shipped network's making, as its fit and its self-play runs recorded it: one curve
/// along the self-play games since the fit.
fn training(dir: &Path) -> Result<String, ExperimentError> {
    let mut md = String::from("## Training\n\n");
    if let Some(fit) = metric_rows(FIT_METRICS).last() {
        let _ = write!(
            md,
            "The shipped network was first fitted to positions labelled by the solver (`c4 learn fit`, {:.0} \
             epochs: validation error {:.3}, one-ply mistakes {:.2}% on its validation split), ",
            fit[0], fit[4], fit[5]
        );
    }
    // Each row: games since the fit, the run, epsilon, one-ply mistakes %, score against easy.
    let mut rows = Vec::new();
    let mut before = 0.0;
    for (name, metrics) in SELF_PLAY_RUNS {
        let run = metric_rows(metrics);
        for row in &run {
            rows.push((before + row[0], name, row[2], row[3], row[4]));
        }
        before += run.last().map_or(0.0, |row| row[0]);
    }
    let _ = write!(
        md,
        "then trained by self-play in {} runs from its weights, {} games in all, each run \
         from the last one's network (`crates/c4-eval/data/ntuple/README.md` gives the commands). \
         Each run measured itself as it went (`c4 learn`'s `metrics.csv`): one-ply mistakes on a \
         fixed sample of 100 Middle-Easy and 100 Begin-Medium positions, and the score of 20 games \
         against `easy`.\n\n\
         | games since the fit | run | epsilon | one-ply mistakes % | score vs easy |\n\
         |---|---|---|---|---|\n",
        SELF_PLAY_RUNS.len(),
        grouped(before)
    );
    for (games, name, epsilon, mistakes, score) in &rows {
        let _ = writeln!(
            md,
            "| {} | {name} | {epsilon:.3} | {mistakes:.1} | {score:.3} |",
            grouped(*games)
        );
    }
    let series = vec![
        Series {
            label: "one-ply mistakes on the sample, %".to_owned(),
            points: rows.iter().map(|r| (r.0, r.3)).collect(),
            dashed: false,
        },
        Series {
            label: "score against easy, %".to_owned(),
            points: rows.iter().map(|r| (r.0, r.4 * 100.0)).collect(),
            dashed: true,
        },
    ];
    plot::lines(
        &dir.join("learning.svg"),
        &Chart {
            title: "the shipped network's self-play runs, from the fit",
            x_desc: "self-play games since the fit",
            y_desc: "percent",
            x: 0.0..before.max(1.0),
            y: 0.0..100.0,
            legend: Legend::Middle,
        },
        &series,
    )?;
    md.push_str("\n![learning curves](learning.svg)\n\n");
    Ok(md)
}

fn rate(tally: &Tally, label: &str, set: &GradedSet) -> Option<f64> {
    tally
        .get(&(label.to_owned(), set.file.to_owned()))
        .map(|&(n, mistakes, _)| percent(mistakes, n))
}

fn mistakes_table(
    dir: &Path,
    tally: &Tally,
    sets: &[&GradedSet],
) -> Result<String, ExperimentError> {
    let names: Vec<&str> = sets.iter().map(|s| s.name).collect();
    let mut md = format!(
        "## Mistakes on the reference sets\n\nMistake % (not optimal %) per set, alpha-beta at depths {DEPTHS:?}.\n\n\
         | player | {} |\n|---|{}\n",
        names.join(" | "),
        "---|".repeat(names.len())
    );
    let mut csv = String::from("player,set,positions,mistakes,not_optimal\n");
    for player in graded() {
        let mut cells = Vec::new();
        for set in sets {
            match tally.get(&(player.label.clone(), set.file.to_owned())) {
                Some(&(n, mistakes, not_optimal)) => {
                    cells.push(format!(
                        "{:.1} ({:.1})",
                        percent(mistakes, n),
                        percent(not_optimal, n)
                    ));
                    let _ = writeln!(
                        csv,
                        "\"{}\",{},{n},{mistakes},{not_optimal}",
                        player.label, set.name
                    );
                }
                None => cells.push("-".to_owned()),
            }
        }
        let label = if player.label.starts_with(NTUPLE) {
            format!("**{}**", player.label)
        } else {
            player.label.clone()
        };
        let _ = writeln!(md, "| {label} | {} |", cells.join(" | "));
    }
    for (label, published) in [
        (
            "AlphaZero.jl minimax d5 (published)",
            sets.iter().map(|s| s.minimax_5).collect::<Vec<_>>(),
        ),
        (
            "AlphaZero.jl network (published)",
            sets.iter().map(|s| s.network).collect(),
        ),
    ] {
        let cells: Vec<String> = published.iter().map(|v| format!("{v:.1}")).collect();
        let _ = writeln!(md, "| {label} | {} |", cells.join(" | "));
    }
    write_file(&dir.join("mistakes.csv"), csv)?;
    Ok(md)
}

/// The issue's targets, checked set by set.
fn targets(tally: &Tally, sets: &[&GradedSet]) -> String {
    let mut md = String::from("\n### Against the targets\n\n");
    let depth5 = format!("{NTUPLE} d5");
    let rivals: Vec<String> = graded()
        .into_iter()
        .filter(|p| p.label.ends_with(" d5") && !p.label.starts_with(NTUPLE))
        .map(|p| p.label)
        .collect();
    let mut beats_all = 0;
    let mut within_network = 0;
    for set in sets {
        let Some(own) = rate(tally, &depth5, set) else {
            continue;
        };
        let best_rival = rivals
            .iter()
            .filter_map(|r| rate(tally, r, set).map(|v| (v, r.as_str())))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        // Where a rival makes none, making none too is as few as there can be.
        let beats = best_rival.is_none_or(|(v, _)| own < v || own == 0.0);
        beats_all += usize::from(beats);
        within_network += usize::from(own <= set.network);
        let _ = writeln!(
            md,
            "- {}: {depth5} {own:.1}%; best seed heuristic at d5 {}; AlphaZero.jl's network {:.1}%.",
            set.name,
            best_rival.map_or("none graded".to_owned(), |(v, r)| format!("{r} {v:.1}%")),
            set.network
        );
    }
    let _ = writeln!(
        md,
        "\n{depth5} makes fewer mistakes than every seed heuristic at depth 5 on {beats_all} of {} sets, and at \
         most AlphaZero.jl's network figure on {within_network} of {}.",
        sets.len(),
        sets.len()
    );
    let greedy = format!("{NTUPLE} d1");
    for name in ["Begin-Medium", "Begin-Hard"] {
        if let Some(set) = sets.iter().find(|s| s.name == name)
            && let (Some(own), Some(threats)) =
                (rate(tally, &greedy, set), rate(tally, "threats d5", set))
        {
            let _ = writeln!(
                md,
                "On {name}, the network searching one ply makes {own:.1}% mistakes; `threats` at depth 5, {threats:.1}%."
            );
        }
    }
    md.push('\n');
    md
}

fn ladder_section(
    dir: &Path,
    records: &[c4_arena::record::GameRecord],
) -> Result<String, ExperimentError> {
    let names: Vec<String> = ladder_players()?.into_iter().map(|c| c.label).collect();
    let mut md = format!(
        "## Ladder at equal depth\n\nEvery evaluator above, untuned, in alpha-beta at depth {LADDER_DEPTH}: a round \
         robin from {}-ply random openings, each played with both colours.\n\n",
        ladder::OPENING_PLIES
    );
    if records.is_empty() {
        md.push_str("No games yet.\n\n");
        return Ok(md);
    }
    let table = Crosstable::of(&names, records);
    let _ = writeln!(md, "```\n{}```\n\n![ladder](ladder.svg)\n", table.to_text());
    ladder::plot(&dir.join("ladder.svg"), &table)?;
    if let Some(position) = table.ratings().iter().position(|r| r.name == NTUPLE) {
        let _ = writeln!(
            md,
            "The network ranks {} of {} at depth {LADDER_DEPTH}.\n",
            position + 1,
            names.len()
        );
    }
    Ok(md)
}

fn outcome(result: i8) -> &'static str {
    match result {
        1 => "won",
        0 => "drawn",
        _ => "lost",
    }
}

fn against_perfect(games: &[PerfectGame]) -> String {
    let mut md = format!(
        "## One ply against perfect play\n\nThe network as the first player, searching one ply (`{}`), against a \
         perfect player that picks at random, seeded, among the columns of the best exact score.\n\n",
        super::against_perfect::NETWORK_PLAYER
    );
    let from_empty: Vec<&PerfectGame> = games.iter().filter(|g| g.opening.is_empty()).collect();
    if !from_empty.is_empty() {
        let count = |r: i8| from_empty.iter().filter(|g| g.result == r).count();
        let score = (count(1) as f64 + 0.5 * count(0) as f64) / from_empty.len() as f64;
        let _ = writeln!(
            md,
            "From the empty board (a first-player win under perfect play): {} games, won {}, drawn {}, lost {}; \
             score {score:.3}. Distinct games: {}.\n",
            from_empty.len(),
            count(1),
            count(0),
            count(-1),
            from_empty
                .iter()
                .map(|g| g.moves.as_str())
                .collect::<std::collections::HashSet<_>>()
                .len()
        );
    }
    for plies in [1, 2] {
        let of: Vec<&PerfectGame> = games.iter().filter(|g| g.opening.len() == plies).collect();
        if of.is_empty() {
            continue;
        }
        let _ = writeln!(
            md,
            "From every {plies}-ply opening ({} games): rows the theoretical result for the first player, columns the \
             network's.\n\n| theoretical | won | drawn | lost |\n|---|---|---|---|",
            of.len()
        );
        for theoretical in [1, 0, -1] {
            let row: Vec<&&PerfectGame> =
                of.iter().filter(|g| g.theoretical == theoretical).collect();
            if row.is_empty() {
                continue;
            }
            let count = |r: i8| row.iter().filter(|g| g.result == r).count();
            let _ = writeln!(
                md,
                "| {} ({}) | {} | {} | {} |",
                outcome(theoretical),
                row.len(),
                count(1),
                count(0),
                count(-1)
            );
        }
        let kept = of.iter().filter(|g| g.result >= g.theoretical).count();
        let _ = writeln!(
            md,
            "\nThe network kept the theoretical result (or better, where the perfect side had a choice) in {kept} of {}.\n",
            of.len()
        );
    }
    md
}

/// What the network values: its one-ply view of the first move beside the solved value.
fn first_moves(games: &[PerfectGame]) -> String {
    let network = builtin().expect("a native build carries the shipped network");
    let mut md = String::from(
        "### What the network learned\n\nThe network's value of each first move, for the first player (tanh of the \
         sum of its weights, -1 to 1), beside the move's value under perfect play. The seed heuristics score these \
         positions by counting lines and squares; the network's numbers were learned from the solver's labels and from self-play.\n\n\
         | first move | network value | perfect play |\n|---|---|---|\n",
    );
    let mut ranked = Vec::new();
    for column in 1..=WIDTH {
        let opening = column.to_string();
        let game = Game::from_moves(&opening).expect("a one-move game");
        let value = -network.value(game.position());
        let theoretical = games
            .iter()
            .find(|g| g.opening == opening)
            .map_or("-", |g| outcome(g.theoretical));
        ranked.push((value, column, theoretical));
        let _ = writeln!(md, "| {column} | {value:+.3} | {theoretical} |");
    }
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let order: Vec<String> = ranked.iter().map(|r| r.1.to_string()).collect();
    let _ = writeln!(
        md,
        "\nThe network orders the first moves {}; under perfect play only the centre (4) wins, 3 and 5 draw, and the \
         rest lose.\n",
        order.join(" > ")
    );
    md
}

/// The headline, in plain words: how the network's search compares at depth 5 and at one
/// ply, and how it fares against perfect play.
fn summary(tally: &Tally, sets: &[&GradedSet], games: &[PerfectGame]) -> String {
    let mean = |label: &str| -> Option<f64> {
        let rates: Option<Vec<f64>> = sets.iter().map(|s| rate(tally, label, s)).collect();
        rates.map(|r| r.iter().sum::<f64>() / r.len().max(1) as f64)
    };
    let mut md = String::new();
    let mut ranked: Vec<(f64, String)> = graded()
        .into_iter()
        .filter(|p| p.label.ends_with(" d5"))
        .filter_map(|p| mean(&p.label).map(|m| (m, p.label)))
        .collect();
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let Some(place) = ranked.iter().position(|(_, l)| l.starts_with(NTUPLE)) {
        let (rival_rate, rival) = &ranked[usize::from(place == 0)];
        let _ = writeln!(
            md,
            "At depth 5 the network's mean mistake rate over the sets graded is {:.1}%, {} of {} players at that \
             depth ({} {rival}: {rival_rate:.1}%).",
            ranked[place].0,
            ordinal(place + 1),
            ranked.len(),
            if place == 0 { "next" } else { "best" },
        );
    }
    if let (Some(greedy), Some(threats)) = (mean(&format!("{NTUPLE} d1")), mean("threats d5")) {
        let _ = writeln!(
            md,
            "Searching one ply it averages {greedy:.1}%, where `threats` searching five averages {threats:.1}%."
        );
    }
    let from_empty: Vec<&PerfectGame> = games.iter().filter(|g| g.opening.is_empty()).collect();
    if !from_empty.is_empty() {
        let won = from_empty.iter().filter(|g| g.result == 1).count();
        let _ = writeln!(
            md,
            "As the first player from the empty board it won {won} of {} games against perfect play; the published \
             n-tuple agents score 0.97-0.99 there.",
            from_empty.len()
        );
    }
    md.push('\n');
    md
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        for (n, text) in [
            (0.0, "0"),
            (999.0, "999"),
            (1_000.0, "1,000"),
            (50_000.0, "50,000"),
            (1_900_000.0, "1,900,000"),
        ] {
            assert_eq!(grouped(n), text);
        }
    }
}
