//! The `tuning` experiment's report: fits, matches, mistakes and Table 9, with the plots,
//! computed from the run folder's files.

use super::super::mistakes::{self, Decision};
use c4_arena::record::GameRecord;
use c4_arena::summary::MatchSummary;
use c4_learn::plot::{self, Chart, Legend, Series};
use c4_learn::tuning::spsa::OPENING_PLIES;
use c4_papers::build_report;
use c4_papers::{ExperimentError, create_dir, write_file};
use std::fmt::Write as _;
use std::path::Path;

use super::design::{Fit, GRADE_DEPTHS, MATCH_DEPTHS, PLIES, graded, player, side, table9s};

/// One match's result: the evaluator, the depth, and the tuned side's summary.
struct MatchResult {
    eval: String,
    depth: u32,
    summary: MatchSummary,
}

fn match_results(
    fits: &[Fit],
    matches: &[GameRecord],
    seed: u64,
) -> Result<Vec<MatchResult>, ExperimentError> {
    let mut out = Vec::new();
    for fit in fits {
        for depth in MATCH_DEPTHS {
            let label = side(&fit.eval, depth, true);
            let tuned = player(&fit.tuned, depth)?.to_string();
            let records: Vec<GameRecord> = matches
                .iter()
                .filter(|r| r.a == label && r.a_spec == tuned)
                .cloned()
                .collect();
            if !records.is_empty() {
                out.push(MatchResult {
                    eval: fit.eval.clone(),
                    depth,
                    summary: MatchSummary::of(&records, seed, None),
                });
            }
        }
    }
    Ok(out)
}

fn elo_text(summary: &MatchSummary) -> String {
    summary.elo.map_or("-".to_owned(), |e| {
        // Adding 0.0 turns a rounded -0 into 0.
        format!(
            "{:+.0} [{:+.0}, {:+.0}]",
            e.value.round() + 0.0,
            e.low,
            e.high
        )
    })
}

/// Writes `report.md`, `tuning.csv`, `texel.csv`, `mistakes.csv` and the plots.
pub fn report(
    dir: &Path,
    seed: u64,
    fits: &[Fit],
    matches: &[GameRecord],
    table9: &[GameRecord],
    decisions: &[Decision],
) -> Result<(), ExperimentError> {
    let mut md = String::from("# tuning: the papers' heuristics tuned against perfect play\n\n");
    let positions = fits
        .first()
        .map_or(0, |f| f.positions.0 + f.positions.1 + f.positions.2);
    let _ = writeln!(
        md,
        "Kang et al. end on tuning as future work and the ShanghaiTech team found their AI \"highly \
         dependent on heuristic settings\". This run answers the question for each seed heuristic and \
         c4's `threats`: {positions} positions of plies {}-{} from generated games of varied players, \
         labelled by c4's solver (none from the reference sets; a tenth of the games held out for \
         validation); every tunable weight fitted by texel (a logistic of the evaluation at a \
         quiescent leaf against the exact result, coordinate descent, stopped on validation loss); \
         the tuned weights against the untuned in matches at alpha-beta depths {MATCH_DEPTHS:?} from \
         random {OPENING_PLIES}-ply openings, each played with both colours; both graded on the \
         reference sets at depths {GRADE_DEPTHS:?}; Kang's Table 9 rerun with the tuned H1. Seed \
         {seed}; the tuned weights are in `tuned/NAME.params`.\n",
        PLIES.start(),
        PLIES.end()
    );
    md.push_str("## Texel fits\n\n| evaluator | training loss | validation loss | scale | passes (kept) | tuned weights |\n|---|---|---|---|---|---|\n");
    let mut texel_csv = String::from(
        "evaluator,train_before,train_after,valid_before,valid_after,scale,passes,kept_pass,tuned\n",
    );
    for fit in fits {
        let weights = fit.tuned.split_once(',').map_or("(unchanged)", |(_, w)| w);
        let _ = writeln!(
            md,
            "| {} | {:.4} -> {:.4} | {:.4} -> {:.4} | {:.4} | {} ({}) | `{}` |",
            fit.eval,
            fit.train.0,
            fit.train.1,
            fit.valid.0,
            fit.valid.1,
            fit.scale,
            fit.passes.0,
            fit.passes.1,
            weights.replace(',', ", ")
        );
        let _ = writeln!(
            texel_csv,
            "{},{:.6},{:.6},{:.6},{:.6},{:.4},{},{},\"{}\"",
            fit.eval,
            fit.train.0,
            fit.train.1,
            fit.valid.0,
            fit.valid.1,
            fit.scale,
            fit.passes.0,
            fit.passes.1,
            fit.tuned
        );
    }
    let results = match_results(fits, matches, seed)?;
    md.push_str("\n## Tuned against untuned\n\nThe tuned side's results (wins/draws/losses), score and Elo difference with 95% intervals.\n\n| evaluator | depth | games | W/D/L | score % [95% CI] | Elo [95% CI] |\n|---|---|---|---|---|---|\n");
    let mut csv =
        String::from("evaluator,depth,games,wins,draws,losses,score,elo,elo_low,elo_high\n");
    for r in &results {
        let s = &r.summary;
        let score = s.score.map_or("-".to_owned(), |i| {
            format!(
                "{:.1} [{:.1}, {:.1}]",
                100.0 * i.value,
                100.0 * i.low,
                100.0 * i.high
            )
        });
        let _ = writeln!(
            md,
            "| {} | {} | {} | {}/{}/{} | {score} | {} |",
            r.eval,
            r.depth,
            s.games,
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            elo_text(s)
        );
        let (elo, low, high) = s
            .elo
            .map_or((f64::NAN, f64::NAN, f64::NAN), |e| (e.value, e.low, e.high));
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{:.4},{elo:.1},{low:.1},{high:.1}",
            r.eval,
            r.depth,
            s.games,
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            s.score.map_or(f64::NAN, |i| i.value)
        );
    }
    md.push_str(&mistakes_section(dir, fits, decisions)?);
    md.push_str(&table9_section(dir, seed, fits, table9)?);
    md.push_str(&reading(&results, fits, decisions)?);
    write_file(&dir.join("texel.csv"), texel_csv)?;
    write_file(&dir.join("tuning.csv"), csv)?;
    write_file(&dir.join("report.md"), md)
}

/// An evaluator, a depth, and its mean mistake % untuned and tuned.
type MistakeRate = (String, u32, Option<f64>, Option<f64>);

/// Mean mistake % over the graded sets, untuned and tuned, by evaluator and depth.
fn mistake_rates(
    fits: &[Fit],
    decisions: &[Decision],
) -> Result<Vec<MistakeRate>, ExperimentError> {
    let players = graded(fits)?;
    let tally = mistakes::tally_of(decisions, &players);
    let quick = !decisions.iter().any(|d| d.set == "Test_L1_R3");
    let sets: Vec<&mistakes::GradedSet> =
        mistakes::sets(quick).into_iter().map(|(s, _)| s).collect();
    let mut out = Vec::new();
    for fit in fits {
        for depth in GRADE_DEPTHS {
            let rate = |tuned: bool| {
                let label = format!("{}{} d{depth}", if tuned { "tuned " } else { "" }, fit.eval);
                mistakes::mean_rate(&tally, &label, &sets)
            };
            out.push((fit.eval.clone(), depth, rate(false), rate(true)));
        }
    }
    Ok(out)
}

fn mistakes_section(
    dir: &Path,
    fits: &[Fit],
    decisions: &[Decision],
) -> Result<String, ExperimentError> {
    let rates = mistake_rates(fits, decisions)?;
    let quick = !decisions.iter().any(|d| d.set == "Test_L1_R3");
    let mut md = format!(
        "\n## Mistakes on the reference sets, before and after\n\nMean mistake % over Pons' reference sets ({}): the share of moves whose win/draw/loss value is worse than the best move's.\n\n| evaluator | depth | untuned | tuned | change |\n|---|---|---|---|---|\n",
        if quick {
            "a --quick run: the first 3 positions of four sets"
        } else {
            "the first 200 positions of each of the six, 100 of Begin-Hard"
        }
    );
    let mut csv = String::from("evaluator,depth,untuned,tuned\n");
    let cell = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.1}"));
    for (eval, depth, before, after) in &rates {
        let change = match (before, after) {
            (Some(b), Some(a)) => format!("{:+.1}", a - b),
            _ => "-".to_owned(),
        };
        let _ = writeln!(
            md,
            "| {eval} | {depth} | {} | {} | {change} |",
            cell(*before),
            cell(*after)
        );
        let _ = writeln!(
            csv,
            "{eval},{depth},{},{}",
            before.map_or(String::new(), |v| format!("{v:.3}")),
            after.map_or(String::new(), |v| format!("{v:.3}"))
        );
    }
    write_file(&dir.join("mistakes.csv"), csv)?;
    let mut series = Vec::new();
    let mut top: f64 = 1.0;
    for fit in fits {
        for tuned in [false, true] {
            let points: Vec<(f64, f64)> = rates
                .iter()
                .filter(|r| r.0 == fit.eval)
                .filter_map(|r| {
                    let v = if tuned { r.3 } else { r.2 };
                    v.map(|v| (f64::from(r.1), v))
                })
                .collect();
            top = points.iter().map(|p| p.1).fold(top, f64::max);
            series.push(Series {
                label: format!("{}{}", fit.eval, if tuned { " tuned" } else { "" }),
                points,
                dashed: tuned,
            });
        }
    }
    let first = f64::from(GRADE_DEPTHS[0]);
    let last = f64::from(GRADE_DEPTHS[GRADE_DEPTHS.len() - 1]);
    plot::lines(
        &dir.join("mistakes.svg"),
        &Chart {
            title: "mean mistake % on the reference sets, untuned (solid) and tuned (dashed)",
            x_desc: "alpha-beta depth",
            y_desc: "mistake %",
            x: first - 0.2..last + 0.2,
            y: 0.0..top * 1.1,
            legend: Legend::Upper,
        },
        &series,
    )?;
    md.push_str("\n![mean mistake % by depth, untuned and tuned](mistakes.svg)\n");
    Ok(md)
}

fn table9_section(
    dir: &Path,
    seed: u64,
    fits: &[Fit],
    records: &[GameRecord],
) -> Result<String, ExperimentError> {
    let tables = table9s(fits)?;
    let table9_dir = dir.join("table9");
    create_dir(&table9_dir)?;
    let experiment = c4_papers::EXPERIMENTS
        .iter()
        .find(|e| e.name == "kang-h1-vs-h2")
        .expect("Table 9 is an experiment");
    let report = build_report(experiment, &tables, records, seed, &table9_dir)?;
    let mut md = String::from(
        "\n## Kang's Table 9 with the tuned H1\n\nH1 against H2 (the centre matrix) at equal depth, as `c4 experiment kang-h1-vs-h2` plays it, H1 untuned and tuned; H1's win share in %, with its 95% interval ([full report](table9/report.md)).\n\n| depth | paper | H1 untuned | H1 tuned |\n|---|---|---|---|\n",
    );
    let (untuned, tuned) = (&report.tables[0].1, &report.tables[1].1);
    let share = |r: &c4_papers::RowResult| {
        r.first_wins.map_or("-".to_owned(), |i| {
            format!(
                "{:.0} [{:.0}, {:.0}]",
                100.0 * i.value,
                100.0 * i.low,
                100.0 * i.high
            )
        })
    };
    for (a, b) in untuned.iter().zip(tuned) {
        let depth = a.label.rsplit(' ').next().unwrap_or("");
        let _ = writeln!(
            md,
            "| {depth} | {:.0} | {} | {} |",
            100.0 * a.paper_first,
            share(a),
            share(b)
        );
    }
    Ok(md)
}

/// What the tables say, computed from them.
fn reading(
    results: &[MatchResult],
    fits: &[Fit],
    decisions: &[Decision],
) -> Result<String, ExperimentError> {
    let mut md = String::from("\n## Reading\n\n");
    let verdict = |r: &MatchResult| {
        r.summary.elo.map_or("no games", |e| {
            if e.low > 0.0 {
                "gained"
            } else if e.high < 0.0 {
                "lost"
            } else {
                "no difference beyond chance"
            }
        })
    };
    for (verdict_word, lead) in [
        ("gained", "Tuning **gained** Elo, the interval excluding 0"),
        ("lost", "Tuning **lost** Elo, the interval excluding 0"),
        (
            "no difference beyond chance",
            "**No difference beyond chance**, the interval holding 0",
        ),
    ] {
        let items: Vec<String> = results
            .iter()
            .filter(|r| verdict(r) == verdict_word)
            .map(|r| format!("{} at depth {} ({})", r.eval, r.depth, elo_text(&r.summary)))
            .collect();
        if !items.is_empty() {
            let _ = writeln!(md, "- {lead}: {}.", items.join("; "));
        }
    }
    if let Some(best) = results
        .iter()
        .filter(|r| r.summary.elo.is_some())
        .max_by(|a, b| {
            let low = |r: &MatchResult| r.summary.elo.map_or(f64::MIN, |e| e.low);
            low(a).total_cmp(&low(b))
        })
    {
        let elo = best.summary.elo.expect("filtered");
        let _ = writeln!(
            md,
            "- The best result by the low end of its interval: {} at depth {}, {:+.0} Elo with 95% interval [{:+.0}, {:+.0}]{}.",
            best.eval,
            best.depth,
            elo.value,
            elo.low,
            elo.high,
            if elo.value >= 100.0 && elo.low > 0.0 {
                ": at least +100 Elo, with an interval that excludes 0"
            } else {
                ": short of +100 Elo with an interval that excludes 0"
            }
        );
    }
    let rates = mistake_rates(fits, decisions)?;
    let compared: Vec<&MistakeRate> = rates
        .iter()
        .filter(|r| r.2.is_some() && r.3.is_some())
        .collect();
    let fewer = compared
        .iter()
        .filter(|r| r.3.unwrap_or(0.0) < r.2.unwrap_or(0.0))
        .count();
    let more = compared
        .iter()
        .filter(|r| r.3.unwrap_or(0.0) > r.2.unwrap_or(0.0))
        .count();
    let _ = writeln!(
        md,
        "- On the reference sets the tuned weights make fewer mistakes in {fewer} and more in {more} of {} evaluator-depth pairs.",
        compared.len()
    );
    let loss_drop: Vec<String> = fits
        .iter()
        .map(|f| {
            format!(
                "{} {:.1}%",
                f.eval,
                100.0 * (f.valid.0 - f.valid.1) / f.valid.0.max(1e-12)
            )
        })
        .collect();
    let _ = writeln!(
        md,
        "- Texel lowered the validation loss by: {}. A better fit of static values to final results is not by itself a better searcher: compare each drop with the matches above.",
        loss_drop.join(", ")
    );
    Ok(md)
}
