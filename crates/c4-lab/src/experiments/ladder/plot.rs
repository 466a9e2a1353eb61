//! `ladder`: every seed heuristic at equal depth, c4's `threats`, the engine and the perfect
//! player in one round robin with paired random openings, ranked by maximum-likelihood Elo.

use c4_arena::matches::{
    Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, game_seed, run_match,
};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::tournament::Crosstable;
use c4_engine::agent::PlayerSpec;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// The players: name and spec.
pub const PLAYERS: [(&str, &str); 11] = [
    ("kang", "alphabeta:depth=5,eval=kang"),
    ("center", "alphabeta:depth=5,eval=center"),
    ("corners", "alphabeta:depth=5,eval=corners"),
    ("naive", "alphabeta:depth=5,eval=naive"),
    ("connected", "alphabeta:depth=5,eval=connected"),
    ("lines", "alphabeta:depth=5,eval=lines"),
    ("itu", "alphabeta:depth=5,eval=itu"),
    ("threats", "alphabeta:depth=5,eval=threats"),
    ("random", "random"),
    ("engine", "engine:time=50"),
    ("perfect", "perfect:time=100"),
];
/// Plies of the random openings (each played with both colours).
pub const OPENING_PLIES: u32 = 4;

/// Plays every pairing's missing games into `DIR/games/ladder.jsonl`; returns all records.
pub fn run(
    dir: &Path,
    games: u64,
    seed: u64,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, String> {
    let players = PLAYERS
        .iter()
        .map(|&(name, spec)| {
            Ok(Contestant {
                label: name.to_owned(),
                spec: PlayerSpec::parse(spec, 0).map_err(|e| e.to_string())?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    round_robin(
        &dir.join("games").join("ladder.jsonl"),
        &players,
        games,
        seed,
        observer,
    )
}

/// Plays every pairing of `players` its missing games of `games`, from paired random
/// openings, into the log at `path`; returns all records.
pub fn round_robin(
    path: &Path,
    players: &[Contestant],
    games: u64,
    seed: u64,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, String> {
    let (loaded, mut log) = GameLog::resume(path).map_err(|e| e.to_string())?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let mut all = Vec::new();
    let mut pair = 0;
    for (i, first) in players.iter().enumerate() {
        for second in &players[i + 1..] {
            let config = MatchConfig {
                a: first.clone(),
                b: second.clone(),
                games,
                seed: game_seed(seed, pair, 13),
                openings: Openings::Random(OPENING_PLIES),
                first: FirstPolicy::Alternate,
                sprt: None,
            };
            pair += 1;
            let done: Vec<GameRecord> = loaded
                .records
                .iter()
                .filter(|r| r.a == first.label && r.b == second.label && r.game < games)
                .cloned()
                .collect();
            all.extend(
                run_match(&config, done, Some(&mut log), observer).map_err(|e| e.to_string())?,
            );
        }
    }
    Ok(all)
}

/// Writes `report.md`, `ladder.csv` and `ladder.svg`.
pub fn report(dir: &Path, records: &[GameRecord], seed: u64) -> Result<String, String> {
    let names: Vec<String> = PLAYERS.iter().map(|(n, _)| (*n).to_owned()).collect();
    let table = Crosstable::of(&names, records);
    let mut md = String::from("# ladder: every player in one Elo ladder\n\n");
    let _ = writeln!(
        md,
        "Round robin, {OPENING_PLIES}-ply random openings each played with both colours, seed {seed}. Players:\n"
    );
    for (name, spec) in PLAYERS {
        let _ = writeln!(md, "- `{name}`: `{spec}`");
    }
    let _ = writeln!(md, "\n```\n{}```\n", table.to_text());
    md.push_str("![Elo ladder](ladder.svg)\n\n## Reading\n\nElo is relative to the field's mean and fitted by maximum \
        likelihood; the error bars are 95% intervals. Ratings at the ends of the ladder rest on lopsided scores and \
        are the least precise. The perfect player falls back to the engine while a position is too early to solve \
        in its 100 ms, so it is perfect only from the middle game on.\n");
    std::fs::write(dir.join("ladder.csv"), table.ratings_csv()).map_err(|e| e.to_string())?;
    plot(&dir.join("ladder.svg"), &table)?;
    std::fs::write(dir.join("report.md"), &md).map_err(|e| e.to_string())?;
    Ok(md)
}

/// Draws `table`'s ratings with their intervals into the SVG file `path`.
pub fn plot(path: &Path, table: &Crosstable) -> Result<(), String> {
    let ratings = table.ratings();
    let finite: Vec<f64> = ratings
        .iter()
        .flat_map(|r| [r.elo - r.error, r.elo + r.error])
        .filter(|x| x.is_finite())
        .collect();
    let low = finite.iter().copied().fold(-100.0, f64::min) - 50.0;
    let high = finite.iter().copied().fold(100.0, f64::max) + 50.0;
    let root = SVGBackend::new(path, (800, 60 + 34 * ratings.len() as u32)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| format!("plotting {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Elo ladder (95% intervals)", ("sans-serif", 18))
        .margin(10)
        .margin_right(30)
        .x_label_area_size(30)
        .y_label_area_size(90)
        .build_cartesian_2d(low..high, 0.0..ratings.len() as f64)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("Elo")
        .y_labels(0)
        .light_line_style(WHITE)
        .draw()
        .map_err(|e| err(&e))?;
    let style = TextStyle::from(("sans-serif", 13).into_font()).pos(
        plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Right,
            plotters::style::text_anchor::VPos::Center,
        ),
    );
    for (i, r) in ratings.iter().enumerate() {
        let y = ratings.len() as f64 - i as f64 - 0.5;
        let (lo, hi) = ((r.elo - r.error).max(low), (r.elo + r.error).min(high));
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(lo, y), (hi, y)],
                BLACK.stroke_width(2),
            )))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (r.elo, y),
                5,
                RGBColor(200, 40, 40).filled(),
            )))
            .map_err(|e| err(&e))?;
        let (px, py) = chart.backend_coord(&(low, y));
        root.draw(&Text::new(r.name.clone(), (px - 8, py), style.clone()))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
