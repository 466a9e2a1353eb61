//! Per-move cost profiles: time and nodes per move against depth and move number, for Kang's
//! Figures 12-13 (`kang-nodes`), the ShanghaiTech speed study (`shanghai-speed`) and the ITU
//! cut-off (`itu-cutoff`). Each configuration plays seeded self-play games from random
//! two-ply openings (twelve in `--quick` runs); every game is recorded, and the report is
//! built from the records.

use crate::error::{ExperimentError, write_file};
use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, game_seed, run_match,
};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::stats::Spread;
use c4_players::PlayerSpec;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// A profile experiment.
#[derive(Clone, Copy, Debug)]
pub struct Profile {
    /// Name on the command line.
    pub name: &'static str,
    /// One line.
    pub title: &'static str,
    /// What it reproduces.
    pub source: &'static str,
    /// `(label, spec)` of each configuration.
    pub configs: &'static [(&'static str, &'static str)],
    /// Self-play games per configuration at full size.
    pub games: u64,
    /// The paper's claims, in words, for the report.
    pub claims: &'static str,
}

/// Every profile experiment.
pub static PROFILES: &[Profile] = &[
    Profile {
        name: "kang-nodes",
        title: "nodes and time per move against move number, minimax and alpha-beta at depths 4 and 6",
        source: "Kang, Wang, Hu (2019), Figures 12 and 13",
        configs: &[
            (
                "minimax d4",
                "minimax:depth=4,eval=kang,random-every=3,win-score=eval",
            ),
            (
                "alphabeta d4",
                "alphabeta:depth=4,eval=kang,random-every=3,win-score=eval,order=none",
            ),
            (
                "minimax d6",
                "minimax:depth=6,eval=kang,random-every=3,win-score=eval",
            ),
            (
                "alphabeta d6",
                "alphabeta:depth=6,eval=kang,random-every=3,win-score=eval,order=none",
            ),
        ],
        games: 10,
        claims: "Kang et al. plot one game at depths 4 and 6: nodes and time fall as the board fills, and time follows nodes.",
    },
    Profile {
        name: "shanghai-speed",
        title: "time and nodes per move: minimax, alpha-beta and alpha-beta with state cache, lines heuristic",
        source: "Fang, Ren, Cao (2021), ShanghaiTech CS181, sections 5.1-5.3 and 6",
        configs: &[
            ("minimax d5", "minimax:depth=5,eval=lines"),
            ("minimax d6", "minimax:depth=6,eval=lines"),
            ("alphabeta d5", "alphabeta:depth=5,eval=lines,order=none"),
            ("alphabeta d7", "alphabeta:depth=7,eval=lines,order=none"),
            ("alphabeta d9", "alphabeta:depth=9,eval=lines,order=none"),
            ("alphabeta d11", "alphabeta:depth=11,eval=lines,order=none"),
            (
                "alphabeta+cache d5",
                "alphabeta:depth=5,eval=lines,order=none,tt=on",
            ),
            (
                "alphabeta+cache d7",
                "alphabeta:depth=7,eval=lines,order=none,tt=on",
            ),
            (
                "alphabeta+cache d9",
                "alphabeta:depth=9,eval=lines,order=none,tt=on",
            ),
            (
                "alphabeta+cache d11",
                "alphabeta:depth=11,eval=lines,order=none,tt=on",
            ),
        ],
        games: 6,
        claims: "The report targets 500 ms per move; plain minimax \"slows down severely\" beyond depth 5; alpha-beta is \
            \"very fast when search depth is limited to 7-8\"; with the state cache the acceptable depth is 9 (11 tried).",
    },
    Profile {
        name: "itu-cutoff",
        title: "time per move of the ITU evaluation against cut-off depth",
        source: "Brandt, Langhoff (2015), ITU, 'Cut-off Function'",
        configs: &[
            ("alphabeta d4", "alphabeta:depth=4,eval=itu,order=none"),
            ("alphabeta d6", "alphabeta:depth=6,eval=itu,order=none"),
            ("alphabeta d8", "alphabeta:depth=8,eval=itu,order=none"),
            ("alphabeta d10", "alphabeta:depth=10,eval=itu,order=none"),
            ("alphabeta d12", "alphabeta:depth=12,eval=itu,order=none"),
        ],
        games: 6,
        claims: "Brandt and Langhoff kept a cut-off of 8: \"usually much faster than 10 seconds\", with some moves near \
            their 30 s limit; deeper cut-offs could exceed it.",
    },
];

/// Plies of the random openings at full size.
pub const OPENING_PLIES: u32 = 2;
/// Plies of the random openings in `--quick` runs: late starts keep the deep searches cheap.
pub const QUICK_OPENING_PLIES: u32 = 12;

/// Plays the missing self-play games of every configuration, from random openings of
/// `opening_plies` plies.
pub fn run(
    profile: &Profile,
    dir: &Path,
    games: u64,
    opening_plies: u32,
    seed: u64,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, ExperimentError> {
    let path = dir.join("games").join(format!("{}.jsonl", profile.name));
    let (loaded, mut log) = GameLog::resume(&path)?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let mut all = Vec::new();
    for (index, (label, spec)) in profile.configs.iter().enumerate() {
        let spec = PlayerSpec::parse(spec, 0).map_err(|source| ExperimentError::NamedSpec {
            name: label.to_string(),
            source,
        })?;
        let contestant = |side: &str| Contestant {
            label: format!("{label} {side}"),
            spec: spec.clone(),
        };
        let config = MatchConfig {
            a: contestant("red"),
            b: contestant("yellow"),
            games,
            seed: game_seed(seed, index as u64, 17),
            openings: Openings::Random(opening_plies),
            first: FirstPolicy::A,
            sprt: None,
        };
        let done: Vec<GameRecord> = loaded
            .records
            .iter()
            .filter(|r| r.a == config.a.label && r.game < games)
            .cloned()
            .collect();
        all.extend(run_match(&config, done, Some(&mut log), observer)?);
    }
    Ok(all)
}

/// Per configuration: (label, time spread, mean nodes, moves, mean nodes by move number).
type Row = (String, Spread, f64, usize, Vec<(u32, f64)>);

fn rows(profile: &Profile, records: &[GameRecord]) -> Vec<Row> {
    profile
        .configs
        .iter()
        .map(|(label, _)| {
            let games: Vec<&GameRecord> = records
                .iter()
                .filter(|r| r.a == format!("{label} red"))
                .collect();
            let mut times = Vec::new();
            let mut nodes = 0.0;
            let mut by_move: std::collections::BTreeMap<u32, (f64, u32)> = Default::default();
            for g in &games {
                for (i, m) in g.stats.iter().enumerate() {
                    times.push(m.time_ms());
                    nodes += m.nodes as f64;
                    let e = by_move.entry((g.opening.len() + i + 1) as u32).or_default();
                    e.0 += m.nodes as f64;
                    e.1 += 1;
                }
            }
            let moves = times.len();
            let curve = by_move
                .into_iter()
                .map(|(k, (sum, n))| (k, sum / f64::from(n)))
                .collect();
            (
                (*label).to_owned(),
                Spread::of(times),
                nodes / moves.max(1) as f64,
                moves,
                curve,
            )
        })
        .collect()
}

/// Writes `report.md`, `<name>.csv` and `<name>.svg`.
pub fn report(
    profile: &Profile,
    dir: &Path,
    records: &[GameRecord],
    seed: u64,
) -> Result<String, ExperimentError> {
    let rows = rows(profile, records);
    let mut md = format!(
        "# {}: {}\n\nReproduces {}. Self-play from random openings, seed {seed}.\n\n",
        profile.name, profile.title, profile.source
    );
    let _ = writeln!(md, "**The paper says.** {}\n", profile.claims);
    md.push_str("| configuration | moves | median ms | p90 ms | max ms | mean nodes per move |\n|---|---|---|---|---|---|\n");
    let mut csv = String::from("configuration,moves,median_ms,p90_ms,max_ms,mean_nodes\n");
    for (label, t, nodes, moves, _) in &rows {
        let _ = writeln!(
            md,
            "| {label} | {moves} | {:.3} | {:.3} | {:.3} | {nodes:.0} |",
            t.median, t.p90, t.max
        );
        let _ = writeln!(
            csv,
            "\"{label}\",{moves},{:.4},{:.4},{:.4},{nodes:.1}",
            t.median, t.p90, t.max
        );
    }
    if profile.name == "shanghai-speed" {
        let list = |keep: &dyn Fn(&Row) -> bool| -> String {
            rows.iter()
                .filter(|r| r.3 > 0 && keep(r))
                .map(|r| r.0.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            md,
            "\nMedian move under 500 ms: {}.",
            list(&|r: &Row| r.1.median <= 500.0)
        );
        let _ = writeln!(
            md,
            "Every move under 500 ms (the report's budget, slowest move): {}.",
            list(&|r: &Row| r.1.max <= 500.0)
        );
        let _ = writeln!(
            md,
            "Whether the optimised players choose the same moves as plain minimax is checked by c4's tests \
             (`search_verification.rs`: alpha-beta and the cache return minimax's value and, left to right with \
             first-best tie-break, its move, for every evaluator)."
        );
    }
    let _ = writeln!(
        md,
        "\n![nodes per move against move number]({}.svg)\n\n## Reading\n\nNodes fall as the board fills \
        (fewer legal moves, earlier ends); alpha-beta's saving over minimax grows with depth. Times are wall clock on \
        a shared 2-core machine: read them as orders of magnitude.",
        profile.name
    );
    write_file(&dir.join(format!("{}.csv", profile.name)), csv)?;
    plot(profile, dir, &rows)?;
    write_file(&dir.join("report.md"), &md)?;
    Ok(md)
}

fn plot(profile: &Profile, dir: &Path, rows: &[Row]) -> Result<(), ExperimentError> {
    let path = dir.join(format!("{}.svg", profile.name));
    let root = SVGBackend::new(&path, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(ExperimentError::plot(&path))?;
    let top = rows
        .iter()
        .flat_map(|r| r.4.iter().map(|p| p.1))
        .fold(10.0, f64::max);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{}: mean nodes per move", profile.name),
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(35)
        .y_label_area_size(60)
        .build_cartesian_2d(0u32..43u32, (1.0f64..top * 1.5).log_scale())
        .map_err(ExperimentError::plot(&path))?;
    chart
        .configure_mesh()
        .x_desc("move number")
        .y_desc("nodes (log)")
        .light_line_style(WHITE)
        .draw()
        .map_err(ExperimentError::plot(&path))?;
    for (i, (label, _, _, _, curve)) in rows.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        let points: Vec<(u32, f64)> = curve.iter().map(|&(k, v)| (k, v.max(1.0))).collect();
        chart
            .draw_series(std::iter::once(PathElement::new(
                points,
                color.stroke_width(2),
            )))
            .map_err(ExperimentError::plot(&path))?
            .label(label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(ExperimentError::plot(&path))?;
    root.present().map_err(ExperimentError::plot(&path))?;
    Ok(())
}
