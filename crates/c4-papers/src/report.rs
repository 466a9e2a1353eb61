//! Reports: the paper's numbers beside ours, as Markdown, CSV and SVG, built from game records.

use super::pairing::{Experiment, PairingTable};
use super::reference;
use crate::error::{ExperimentError, write_file};
use c4_arena::matches::tally;
use c4_arena::record::GameRecord;
use c4_arena::stats::{Interval, Wdl, wilson};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::fmt::Write as _;
use std::path::Path;

/// One row of a comparison.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RowResult {
    /// The paper's label.
    pub label: String,
    /// Player 1's results in our games.
    pub ours: Wdl,
    /// Player 1's win share with its interval.
    pub first_wins: Option<Interval>,
    /// Player 2's win share with its interval.
    pub second_wins: Option<Interval>,
    /// The paper's shares for players 1 and 2.
    pub paper_first: f64,
    /// Player 2's share in the paper, where given.
    pub paper_second: Option<f64>,
}

impl RowResult {
    /// Whether the paper's player-1 share lies inside our 95% interval.
    #[must_use]
    pub fn agrees(&self) -> bool {
        self.first_wins
            .is_some_and(|i| i.low <= self.paper_first && self.paper_first <= i.high)
    }
}

/// A finished report.
#[derive(Clone, Debug)]
pub struct Report {
    /// The Markdown text.
    pub markdown: String,
    /// Rows per table id.
    pub tables: Vec<(String, Vec<RowResult>)>,
}

fn rows_of(table: &PairingTable, records: &[GameRecord]) -> Vec<RowResult> {
    table
        .rows
        .iter()
        .enumerate()
        .map(|(index, row)| {
            let label_a = format!("row{index}:a");
            let games: Vec<GameRecord> =
                records.iter().filter(|r| r.a == label_a).cloned().collect();
            let ours = tally(&games);
            let (paper_first, paper_second) = row.paper.shares();
            RowResult {
                label: row.label.clone(),
                ours,
                first_wins: wilson(ours.wins, ours.games()),
                second_wins: wilson(ours.losses, ours.games()),
                paper_first,
                paper_second,
            }
        })
        .collect()
}

/// How many games the rows played: `4 games`, or `3-4 games` when they differ.
fn games_range(fewest: u64, most: u64) -> String {
    match (fewest, most) {
        (1, 1) => "1 game".to_owned(),
        (fewest, most) if fewest == most => format!("{most} games"),
        (fewest, most) => format!("{fewest}-{most} games"),
    }
}

fn percent(x: f64) -> String {
    format!("{:.1}", 100.0 * x)
}

fn interval(i: Option<Interval>) -> String {
    i.map_or("-".to_owned(), |i| {
        format!(
            "{} [{}, {}]",
            percent(i.value),
            percent(i.low),
            percent(i.high)
        )
    })
}

/// Builds the report of `experiment` from `records` and writes `report.md`, one CSV and one
/// SVG per table into `dir`.
pub fn build_report(
    experiment: &Experiment,
    tables: &[PairingTable],
    records: &[GameRecord],
    seed: u64,
    dir: &Path,
) -> Result<Report, ExperimentError> {
    let mut md = String::new();
    let _ = writeln!(md, "# {}: {}\n", experiment.name, experiment.title);
    let _ = writeln!(md, "Reproduces {}.\n", experiment.source);
    let _ = writeln!(
        md,
        "**Settings.** {}. Seed {seed}; every game is in `games/` and can be replayed alone.\n",
        experiment.settings
    );
    let mut results = Vec::new();
    for table in tables {
        let table_records: Vec<GameRecord> = records
            .iter()
            .filter(|r| is_of(table, r))
            .cloned()
            .collect();
        let rows = rows_of(table, &table_records);
        let _ = writeln!(md, "## {}\n", table.title);
        let _ = writeln!(
            md,
            "| pairing | paper: P1 wins % | ours: P1 wins % [95% CI] | paper: P2 wins % | ours: P2 wins % [95% CI] | ours W/D/L | games |"
        );
        let _ = writeln!(md, "|---|---|---|---|---|---|---|");
        for r in &rows {
            let mark = if r.agrees() { "" } else { " *" };
            let _ = writeln!(
                md,
                "| {} | {}{mark} | {} | {} | {} | {}/{}/{} | {} |",
                r.label,
                percent(r.paper_first),
                interval(r.first_wins),
                r.paper_second.map_or("-".to_owned(), percent),
                interval(r.second_wins),
                r.ours.wins,
                r.ours.draws,
                r.ours.losses,
                r.ours.games()
            );
        }
        let played: Vec<u64> = rows.iter().map(|r| r.ours.games()).collect();
        let (fewest, most) = (
            played.iter().min().copied().unwrap_or(0),
            played.iter().max().copied().unwrap_or(0),
        );
        let paper_games = table
            .rows
            .iter()
            .map(|r| r.paper.games())
            .max()
            .unwrap_or(0);
        if most < paper_games {
            let _ = writeln!(
                md,
                "\nThis run played {} per row, fewer than the paper's {paper_games}: the intervals are wide; \
                 rerun without --quick / --games for the real comparison.",
                games_range(fewest, most)
            );
        }
        let agree = rows.iter().filter(|r| r.agrees()).count();
        let _ = writeln!(
            md,
            "\n{agree} of {} rows have the paper's player-1 share inside our 95% interval (* marks the others).\n",
            rows.len()
        );
        if let Some(worst) = rows
            .iter()
            .filter(|r| r.first_wins.is_some())
            .max_by(|a, b| gap(a).total_cmp(&gap(b)))
        {
            let _ = writeln!(
                md,
                "Largest difference: {} (paper {}%, ours {}%).\n",
                worst.label,
                percent(worst.paper_first),
                percent(worst.first_wins.map_or(0.0, |i| i.value))
            );
        }
        let _ = writeln!(md, "![{}]({}.svg)\n", table.title, table.id);
        write_csv(dir, table.id, &rows)?;
        plot(dir, table, &rows)?;
        if experiment.name == "kang-depth" {
            heat_map(dir, table, &rows)?;
            let _ = writeln!(
                md,
                "![first player's win share by depth pair]({}-heat.svg)\n",
                table.id
            );
        }
        results.push((table.id.to_owned(), rows));
    }
    if experiment.name == "ayoub-heuristics" || experiment.name == "win-scale" {
        md.push_str(&ayoub_overall(tables, records));
    }
    if tables.len() > 1 && experiment.name.starts_with("kang") {
        md.push_str(&agreement_summary(tables, &results));
    }
    let _ = writeln!(md, "## Reading\n\n{}\n", experiment.reading);
    let path = dir.join("report.md");
    write_file(&path, &md)?;
    Ok(Report {
        markdown: md,
        tables: results,
    })
}

/// One line per table: player 1's win share by row and how many rows agree with the paper.
fn agreement_summary(tables: &[PairingTable], results: &[(String, Vec<RowResult>)]) -> String {
    let mut md = String::from("## Summary: which tables reproduce the paper\n\n");
    let Some((_, first_rows)) = results.first() else {
        return String::new();
    };
    let _ = write!(md, "| table |");
    for r in first_rows {
        let _ = write!(md, " {} |", r.label);
    }
    let _ = writeln!(md, " rows agreeing |");
    let _ = writeln!(md, "|---|{}---|", "---|".repeat(first_rows.len()));
    let _ = write!(md, "| paper |");
    for r in first_rows {
        let _ = write!(md, " {} |", percent(r.paper_first));
    }
    let _ = writeln!(md, " |");
    for (table, (_, rows)) in tables.iter().zip(results) {
        let _ = write!(md, "| {} |", table.title);
        for r in rows {
            let mark = if r.agrees() { "" } else { " *" };
            let share = r.first_wins.map_or("-".to_owned(), |i| percent(i.value));
            let _ = write!(md, " {share}{mark} |");
        }
        let agree = rows.iter().filter(|r| r.agrees()).count();
        let _ = writeln!(md, " {agree} of {} |", rows.len());
    }
    md.push_str(
        "\nPlayer 1's win share in %; * marks a share whose 95% interval misses the paper's.\n\n",
    );
    md
}

fn gap(r: &RowResult) -> f64 {
    (r.first_wins.map_or(0.0, |i| i.value) - r.paper_first).abs()
}

fn is_of(table: &PairingTable, record: &GameRecord) -> bool {
    table
        .rows
        .iter()
        .enumerate()
        .any(|(i, row)| record.a == format!("row{i}:a") && row.a.to_string() == record.a_spec)
}

fn write_csv(dir: &Path, id: &str, rows: &[RowResult]) -> Result<(), ExperimentError> {
    let mut csv = String::from(
        "pairing,paper_p1_wins,ours_p1_wins,ours_p1_low,ours_p1_high,paper_p2_wins,ours_p2_wins,wins,draws,losses\n",
    );
    for r in rows {
        let i = r.first_wins.unwrap_or(Interval {
            value: f64::NAN,
            low: f64::NAN,
            high: f64::NAN,
        });
        let _ = writeln!(
            csv,
            "\"{}\",{:.4},{:.4},{:.4},{:.4},{},{:.4},{},{},{}",
            r.label,
            r.paper_first,
            i.value,
            i.low,
            i.high,
            r.paper_second.map_or(String::new(), |s| format!("{s:.4}")),
            r.second_wins.map_or(f64::NAN, |i| i.value),
            r.ours.wins,
            r.ours.draws,
            r.ours.losses
        );
    }
    let path = dir.join(format!("{id}.csv"));
    write_file(&path, csv)
}

/// Paper and ours side by side per row: player 1's win share, ours with its interval.
fn plot(dir: &Path, table: &PairingTable, rows: &[RowResult]) -> Result<(), ExperimentError> {
    let path = dir.join(format!("{}.svg", table.id));
    let height = 120 + 28 * rows.len() as u32;
    let root = SVGBackend::new(&path, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(ExperimentError::plot(&path))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(&table.title, ("sans-serif", 18))
        .margin(10)
        .margin_right(30)
        .x_label_area_size(36)
        .y_label_area_size(230)
        .build_cartesian_2d(0.0..100.0, 0.0..rows.len() as f64)
        .map_err(ExperimentError::plot(&path))?;
    chart
        .configure_mesh()
        .x_desc("player 1 wins %")
        .x_labels(11)
        .y_labels(0)
        .disable_y_mesh()
        .light_line_style(WHITE)
        .draw()
        .map_err(ExperimentError::plot(&path))?;
    // Row labels, right-aligned beside each row's bars.
    let label_style =
        TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
    for (i, r) in rows.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(0.0, rows.len() as f64 - i as f64 - 0.5));
        root.draw(&Text::new(r.label.clone(), (x - 8, y), label_style.clone()))
            .map_err(ExperimentError::plot(&path))?;
    }
    let n = rows.len() as f64;
    for (i, r) in rows.iter().enumerate() {
        let y = n - i as f64 - 1.0;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, y + 0.55), (100.0 * r.paper_first, y + 0.9)],
                RGBColor(150, 150, 150).filled(),
            )))
            .map_err(ExperimentError::plot(&path))?;
        if let Some(ours) = r.first_wins {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(0.0, y + 0.1), (100.0 * ours.value, y + 0.45)],
                    RGBColor(200, 40, 40).filled(),
                )))
                .map_err(ExperimentError::plot(&path))?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![
                        (100.0 * ours.low, y + 0.275),
                        (100.0 * ours.high, y + 0.275),
                    ],
                    BLACK.stroke_width(2),
                )))
                .map_err(ExperimentError::plot(&path))?;
        }
    }
    root.draw(&Text::new(
        "grey: paper   red: c4, with 95% interval",
        (280, (height - 18) as i32),
        ("sans-serif", 13),
    ))
    .map_err(ExperimentError::plot(&path))?;
    root.present().map_err(ExperimentError::plot(&path))?;
    Ok(())
}

/// Ayoub's Table 6: each heuristic's games over all pairings, paper beside ours.
fn ayoub_overall(tables: &[PairingTable], records: &[GameRecord]) -> String {
    tables
        .iter()
        .map(|table| ayoub_overall_of(table, records))
        .collect()
}

fn ayoub_overall_of(table: &PairingTable, records: &[GameRecord]) -> String {
    let names = ["naive", "connected", "center", "corners"];
    let paper_names = ["naive", "max_connected", "center", "corners"];
    let mut ours = [Wdl::default(); 4];
    let heuristic = |spec: &str| {
        names
            .iter()
            .position(|n| spec.contains(&format!("eval={n}")))
    };
    for r in records.iter().filter(|r| is_of(table, r)) {
        let one = tally(std::slice::from_ref(r));
        if let Some(i) = heuristic(&r.a_spec) {
            ours[i].add(one);
        }
        if let Some(j) = heuristic(&r.b_spec) {
            ours[j].add(one.flipped());
        }
    }
    let paper = reference::rows(reference::AYOUB_OVERALL);
    let mut md = format!(
        "## Ayoub Table 6: overall, per heuristic ({})\n\n",
        table.id
    );
    md.push_str("| heuristic | paper win % | ours win % [95% CI] | paper loss % | ours loss % | ours games |\n|---|---|---|---|---|---|\n");
    for (i, name) in names.iter().enumerate() {
        let p = paper.iter().find(|r| r[0] == paper_names[i]);
        let w = &ours[i];
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} | {} | {} |",
            p.map_or("-", |r| r[2].as_str()),
            interval(wilson(w.wins, w.games())),
            p.map_or("-", |r| r[4].as_str()),
            wilson(w.losses, w.games()).map_or("-".to_owned(), |i| percent(i.value)),
            w.games()
        );
    }
    md.push('\n');
    md
}

/// Kang's Table 6 as a heat map: rows the first player's depth, columns the second's, each
/// cell coloured by our first-player win share and labelled "ours (paper)".
fn heat_map(dir: &Path, table: &PairingTable, rows: &[RowResult]) -> Result<(), ExperimentError> {
    let path = dir.join(format!("{}-heat.svg", table.id));
    let depth = |label: &str, which: usize| -> Option<u32> {
        label
            .split(" vs ")
            .nth(which)?
            .rsplit('d')
            .next()?
            .parse()
            .ok()
    };
    let mut depths: Vec<u32> = rows.iter().filter_map(|r| depth(&r.label, 0)).collect();
    depths.sort_unstable();
    depths.dedup();
    let n = depths.len();
    let root =
        SVGBackend::new(&path, (140 + 110 * n as u32, 120 + 70 * n as u32)).into_drawing_area();
    root.fill(&WHITE).map_err(ExperimentError::plot(&path))?;
    let title = TextStyle::from(("sans-serif", 16).into_font());
    root.draw(&Text::new(
        "first player's win %: c4 (paper); rows first H1's depth, columns second's",
        (10, 10),
        title,
    ))
    .map_err(ExperimentError::plot(&path))?;
    let centre =
        TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Center, VPos::Center));
    for (i, d) in depths.iter().enumerate() {
        let label = format!("d{d}");
        root.draw(&Text::new(
            label.clone(),
            (100 + 110 * i as i32 + 55, 50),
            centre.clone(),
        ))
        .map_err(ExperimentError::plot(&path))?;
        root.draw(&Text::new(
            label,
            (50, 70 + 70 * i as i32 + 34),
            centre.clone(),
        ))
        .map_err(ExperimentError::plot(&path))?;
    }
    for r in rows {
        let (Some(a), Some(b)) = (depth(&r.label, 0), depth(&r.label, 1)) else {
            continue;
        };
        let (Some(i), Some(j)) = (
            depths.iter().position(|d| *d == a),
            depths.iter().position(|d| *d == b),
        ) else {
            continue;
        };
        let ours = r.first_wins.map_or(0.0, |w| w.value);
        // White at 0%, red at 100%.
        let shade = (255.0 * (1.0 - ours)) as u8;
        let (x, y) = (100 + 110 * j as i32, 70 + 70 * i as i32);
        root.draw(&Rectangle::new(
            [(x, y), (x + 108, y + 68)],
            RGBColor(255, shade, shade).filled(),
        ))
        .map_err(ExperimentError::plot(&path))?;
        let text = format!("{:.0} ({:.0})", 100.0 * ours, 100.0 * r.paper_first);
        root.draw(&Text::new(text, (x + 54, y + 34), centre.clone()))
            .map_err(ExperimentError::plot(&path))?;
    }
    root.present().map_err(ExperimentError::plot(&path))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::games_range;

    #[test]
    fn a_range_of_one_number_is_that_number() {
        assert_eq!(games_range(4, 4), "4 games");
        assert_eq!(games_range(1, 1), "1 game");
        assert_eq!(games_range(3, 4), "3-4 games");
    }
}
