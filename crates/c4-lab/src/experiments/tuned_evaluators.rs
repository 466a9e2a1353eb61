//! `tuning`: the papers' open question from one command. Positions are generated and labelled
//! by the solver, each seed heuristic and c4's `threats` are fitted to them by texel, the
//! tuned weights play the untuned ones in paired-opening matches, both are graded on the
//! reference sets, and Kang's Table 9 is rerun with the tuned H1.
//!
//! Every stage keeps its results in the run folder as it goes (`dataset.jsonl`,
//! `tuned/NAME.json`, `games/*.jsonl`), so a killed run resumes and `c4 report` rebuilds the
//! report from the files.

use super::mistakes::{self, Decision, Graded};
use super::pairing::{PairingTable, games_path, play_table};
use super::players::alphabeta;
use super::plot::{self, Chart, Series};
use super::report::build_report;
use super::settings::RunSettings;
use super::tables::kang_table9_with;
use crate::dataset::{self, BuildProgress, DatasetSpec, Sample, Source};
use crate::progress::{Plan, Progress};
use crate::tuning::spsa::OPENING_PLIES;
use crate::tuning::texel::{self, Target, TexelConfig};
use crate::tuning::{eval_text, parse_eval_text};
use c4_arena::matches::{Contestant, FirstPolicy, MatchConfig, MatchObserver, Openings, run_match};
use c4_arena::record::{GameLog, GameRecord};
use c4_arena::summary::MatchSummary;
use c4_engine::agent::PlayerSpec;
use c4_engine::eval::kang_h1_features::KangConfig;
use c4_engine::eval::{EvalSpec, params};
use c4_engine::solver::DEFAULT_TABLE_BITS;
use c4_engine::solver::book::OpeningBook;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The evaluators tuned: the papers' heuristics (Kang's H1 and H2, Ayoub's two matrices, the
/// ShanghaiTech lines, ITU's last-coin evaluation) and c4's `threats`.
pub const TUNED_EVALUATORS: [&str; 6] = ["kang", "center", "corners", "lines", "itu", "threats"];
/// Alpha-beta depths of the matches, tuned against untuned.
pub const MATCH_DEPTHS: [u32; 2] = [4, 6];
/// Alpha-beta depths graded on the reference sets.
pub const GRADE_DEPTHS: [u32; 3] = [4, 5, 6];

/// How big a run is.
struct Size {
    /// Labelled positions generated.
    positions: usize,
    /// Games per match, tuned against untuned.
    games: u64,
    /// At most this many texel passes per evaluator.
    max_passes: u32,
}

const FULL: Size = Size {
    positions: 10_000,
    games: 1000,
    max_passes: 60,
};
const QUICK: Size = Size {
    positions: 80,
    games: 4,
    max_passes: 2,
};

/// Plies of the generated positions.
const PLIES: std::ops::RangeInclusive<u32> = 4..=30;
/// Texel passes without a better validation loss before stopping.
const PATIENCE: u32 = 3;

fn size(settings: &RunSettings) -> Size {
    let base = if settings.quick { QUICK } else { FULL };
    Size {
        games: if settings.quick {
            base.games
        } else {
            settings.games.unwrap_or(base.games)
        },
        ..base
    }
}

fn dataset_spec(settings: &RunSettings) -> DatasetSpec {
    DatasetSpec {
        positions: size(settings).positions,
        plies: PLIES,
        per_game: 2,
        valid_percent: 10,
        seed: settings.seed,
        source: Source::Generated,
    }
}

/// What texel found for one evaluator, kept in `tuned/NAME.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fit {
    /// The evaluator's name.
    pub eval: String,
    /// The tuned evaluator as `eval=` spells it.
    pub tuned: String,
    /// Training loss before and after.
    pub train: (f64, f64),
    /// Validation loss before and after.
    pub valid: (f64, f64),
    /// The fitted logistic scale of the kept weights.
    pub scale: f64,
    /// Passes run, and the pass whose weights were kept.
    pub passes: (u32, u32),
    /// Training and validation positions, and those decided at the leaf.
    pub positions: (usize, usize, usize),
}

fn fit_path(dir: &Path, eval: &str) -> PathBuf {
    dir.join("tuned").join(format!("{eval}.json"))
}

fn dataset_path(dir: &Path) -> PathBuf {
    dir.join("dataset.jsonl")
}

fn matches_path(dir: &Path) -> PathBuf {
    dir.join("games").join("tuning.jsonl")
}

/// The player of `eval` (as `eval=` spells it: a fit's evaluator or its tuned weights) at
/// `depth`.
fn player(eval: &str, depth: u32) -> Result<PlayerSpec, String> {
    let eval = parse_eval_text(eval).map_err(|e| format!("{eval}: {e}"))?;
    Ok(alphabeta(depth, eval))
}

/// The players graded on the reference sets, untuned and tuned at each depth.
fn graded(fits: &[Fit]) -> Result<Vec<Graded>, String> {
    let mut out = Vec::new();
    for fit in fits {
        for depth in GRADE_DEPTHS {
            for (tuned, eval) in [(false, fit.eval.as_str()), (true, fit.tuned.as_str())] {
                out.push(Graded {
                    label: format!("{}{} d{depth}", if tuned { "tuned " } else { "" }, fit.eval),
                    spec: player(eval, depth)?,
                    line: Some((fit.eval.clone(), tuned, depth)),
                });
            }
        }
    }
    Ok(out)
}

/// Kang's Table 9, untuned and with the tuned H1.
fn table9s(fits: &[Fit]) -> Result<Vec<PairingTable>, String> {
    let kang = fits
        .iter()
        .find(|f| f.eval == "kang")
        .ok_or("kang is not tuned")?;
    let tuned = parse_eval_text(&kang.tuned).map_err(|e| format!("tuned kang: {e}"))?;
    Ok(vec![
        kang_table9_with(
            "table9-untuned",
            "Kang Table 9: H1 vs H2 at equal depth, H1 untuned",
            &EvalSpec::Kang(KangConfig::default()),
        )?,
        kang_table9_with(
            "table9-tuned",
            "Kang Table 9: H1 vs H2 at equal depth, H1 tuned",
            &tuned,
        )?,
    ])
}

/// The size of a run.
pub fn plan(settings: &RunSettings) -> Plan {
    let size = size(settings);
    let matches = size.games * (TUNED_EVALUATORS.len() * MATCH_DEPTHS.len()) as u64;
    let table9 = 2 * 4 * settings.games_for(100);
    let positions: usize = mistakes::sets(settings.quick).iter().map(|(_, n)| n).sum();
    let decisions = positions * TUNED_EVALUATORS.len() * GRADE_DEPTHS.len() * 2;
    Plan {
        total: size.positions as u64 + matches + table9 + decisions as u64,
        unit: "positions labelled, games and decisions",
    }
}

/// Hands the dataset build's progress on, one unit per new position.
struct Labelled<'a> {
    progress: &'a dyn Progress,
    reported: AtomicUsize,
    target: usize,
}

impl BuildProgress for Labelled<'_> {
    fn game_done(&self, _game: u64, positions: usize) {
        let now = positions.min(self.target);
        let before = self.reported.fetch_max(now, Ordering::Relaxed);
        for _ in before..now {
            self.progress.advanced();
        }
    }

    fn warn(&self, message: &str) {
        self.progress.warn(message);
    }
}

/// The run's labelled positions: read, or built (resumably) and written.
fn labelled_positions(
    settings: &RunSettings,
    progress: &dyn Progress,
) -> Result<Vec<Sample>, String> {
    let path = dataset_path(&settings.out);
    let spec = dataset_spec(settings);
    if path.exists() {
        for _ in 0..spec.positions {
            progress.advanced();
        }
        return dataset::read(&path);
    }
    let work = PathBuf::from(format!("{}.partial", path.display()));
    let samples = dataset::build(
        &spec,
        &work,
        DEFAULT_TABLE_BITS,
        Some(OpeningBook::builtin()),
        &Labelled {
            progress,
            reported: AtomicUsize::new(0),
            target: spec.positions,
        },
    )
    .map_err(|e| e.to_string())?;
    dataset::write(&path, &samples)?;
    std::fs::remove_file(&work).ok();
    Ok(samples)
}

/// Texel-fits `name` on `samples`, or reads the fit of an earlier run.
fn fitted(
    dir: &Path,
    name: &str,
    samples: &[Sample],
    settings: &RunSettings,
) -> Result<Fit, String> {
    let path = fit_path(dir, name);
    if path.exists() {
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        return serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()));
    }
    let start = EvalSpec::parse(name).map_err(|e| e.to_string())?;
    let config = TexelConfig {
        target: Target::Results,
        depth: 0,
        params: Vec::new(),
        patience: PATIENCE,
        max_passes: size(settings).max_passes,
    };
    let result = texel::fit(&start, samples, &config, &mut |_| {})?;
    let first = &result.passes[0];
    let best = &result.passes[result.best_pass as usize];
    let fit = Fit {
        eval: name.to_owned(),
        tuned: eval_text(&result.tuned),
        train: (first.train, best.train),
        valid: (first.valid, best.valid),
        scale: best.scale,
        passes: (result.passes.len() as u32 - 1, result.best_pass),
        positions: result.counts,
    };
    std::fs::create_dir_all(dir.join("tuned")).map_err(|e| e.to_string())?;
    let comments = [
        format!("{name} weights fitted by c4 experiment tuning (texel, depth 0)"),
        format!(
            "data: the run's dataset.jsonl, {} positions of plies {}-{}, seed {} ({} training, {} validation; {} decided at the leaf, left out)",
            size(settings).positions,
            PLIES.start(),
            PLIES.end(),
            settings.seed,
            fit.positions.0,
            fit.positions.1,
            fit.positions.2
        ),
        format!(
            "validation loss {:.6} -> {:.6} after pass {} of {}; scale {:.2}",
            fit.valid.0, fit.valid.1, fit.passes.1, fit.passes.0, fit.scale
        ),
        format!(
            "command: c4 experiment tuning --seed {} --out {}",
            settings.seed,
            dir.display()
        ),
    ];
    let params_path = dir.join("tuned").join(format!("{name}.params"));
    std::fs::write(&params_path, params::render(&result.tuned, &comments))
        .map_err(|e| format!("writing {}: {e}", params_path.display()))?;
    let text = serde_json::to_string_pretty(&fit).expect("plain data");
    std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(fit)
}

/// The label of one side of a match: `NAME dD tuned` or `NAME dD untuned`.
fn side(eval: &str, depth: u32, tuned: bool) -> String {
    format!(
        "{eval} d{depth} {}",
        if tuned { "tuned" } else { "untuned" }
    )
}

/// Plays what is missing of every match, tuned against untuned; returns all match games.
fn play_matches(
    fits: &[Fit],
    settings: &RunSettings,
    observer: &dyn MatchObserver,
) -> Result<Vec<GameRecord>, String> {
    let path = matches_path(&settings.out);
    let (loaded, mut log) = GameLog::resume(&path).map_err(|e| e.to_string())?;
    for warning in &loaded.warnings {
        observer.warn(warning);
    }
    let games = size(settings).games;
    let mut all = Vec::new();
    for (index, fit) in fits.iter().enumerate() {
        for depth in MATCH_DEPTHS {
            let config = MatchConfig {
                a: Contestant {
                    label: side(&fit.eval, depth, true),
                    spec: player(&fit.tuned, depth)?,
                },
                b: Contestant {
                    label: side(&fit.eval, depth, false),
                    spec: player(&fit.eval, depth)?,
                },
                games,
                seed: c4_arena::matches::game_seed(settings.seed, index as u64, u64::from(depth)),
                openings: Openings::Random(OPENING_PLIES),
                first: FirstPolicy::Alternate,
                sprt: None,
            };
            let done: Vec<GameRecord> = loaded
                .records
                .iter()
                .filter(|r| r.a == config.a.label && r.a_spec == config.a.spec.to_string())
                .filter(|r| r.game < games)
                .cloned()
                .collect();
            all.extend(run_match(&config, done, Some(&mut log), observer)?);
        }
    }
    Ok(all)
}

/// Runs what is not finished in `settings.out`, then writes the report.
pub fn run(
    settings: &RunSettings,
    progress: &dyn Progress,
    games: &dyn MatchObserver,
) -> Result<(), String> {
    let dir = &settings.out;
    let samples = labelled_positions(settings, progress)?;
    let fits: Vec<Fit> = TUNED_EVALUATORS
        .iter()
        .map(|name| fitted(dir, name, &samples, settings))
        .collect::<Result<_, _>>()?;
    let matches = play_matches(&fits, settings, games)?;
    let mut table9 = Vec::new();
    let tables = table9s(&fits)?;
    for table in &tables {
        table9.extend(play_table(table, settings, games)?);
    }
    let decisions = mistakes::grade(
        dir,
        &graded(&fits)?,
        settings.quick,
        settings.seed,
        progress,
    )?;
    report(dir, settings.seed, &fits, &matches, &table9, &decisions)
}

/// Rebuilds the report from the files of `dir`; the number of games and decisions found.
pub fn rebuild(dir: &Path, seed: u64, progress: &dyn Progress) -> Result<usize, String> {
    let fits: Vec<Fit> = TUNED_EVALUATORS
        .iter()
        .filter(|name| fit_path(dir, name).exists())
        .map(|name| {
            let path = fit_path(dir, name);
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect::<Result<_, String>>()?;
    if fits.len() < TUNED_EVALUATORS.len() {
        return Ok(0);
    }
    let load = |path: PathBuf| -> Result<Vec<GameRecord>, String> {
        let loaded = GameLog::load(&path).map_err(|e| e.to_string())?;
        for warning in &loaded.warnings {
            progress.warn(warning);
        }
        Ok(loaded.records)
    };
    let matches = load(matches_path(dir))?;
    let mut table9 = Vec::new();
    for table in table9s(&fits)? {
        table9.extend(load(games_path(dir, table.id))?);
    }
    let decisions = mistakes::load(dir, progress)?;
    report(dir, seed, &fits, &matches, &table9, &decisions)?;
    Ok(matches.len() + table9.len() + decisions.len())
}

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
) -> Result<Vec<MatchResult>, String> {
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
fn report(
    dir: &Path,
    seed: u64,
    fits: &[Fit],
    matches: &[GameRecord],
    table9: &[GameRecord],
    decisions: &[Decision],
) -> Result<(), String> {
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
    std::fs::write(dir.join("texel.csv"), texel_csv).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("tuning.csv"), csv).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("report.md"), md).map_err(|e| e.to_string())
}

/// Mean mistake % over the graded sets, untuned and tuned, by evaluator and depth.
fn mistake_rates(
    fits: &[Fit],
    decisions: &[Decision],
) -> Result<Vec<(String, u32, Option<f64>, Option<f64>)>, String> {
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

fn mistakes_section(dir: &Path, fits: &[Fit], decisions: &[Decision]) -> Result<String, String> {
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
    std::fs::write(dir.join("mistakes.csv"), csv).map_err(|e| e.to_string())?;
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
            legend_low: false,
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
) -> Result<String, String> {
    let tables = table9s(fits)?;
    let table9_dir = dir.join("table9");
    std::fs::create_dir_all(&table9_dir).map_err(|e| e.to_string())?;
    let experiment = super::tables::EXPERIMENTS
        .iter()
        .find(|e| e.name == "kang-h1-vs-h2")
        .expect("Table 9 is an experiment");
    let report = build_report(experiment, &tables, records, seed, &table9_dir)?;
    let mut md = String::from(
        "\n## Kang's Table 9 with the tuned H1\n\nH1 against H2 (the centre matrix) at equal depth, as `c4 experiment kang-h1-vs-h2` plays it, H1 untuned and tuned; H1's win share in %, with its 95% interval ([full report](table9/report.md)).\n\n| depth | paper | H1 untuned | H1 tuned |\n|---|---|---|---|\n",
    );
    let (untuned, tuned) = (&report.tables[0].1, &report.tables[1].1);
    let share = |r: &super::report::RowResult| {
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
) -> Result<String, String> {
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
    let compared: Vec<&(String, u32, Option<f64>, Option<f64>)> = rates
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
