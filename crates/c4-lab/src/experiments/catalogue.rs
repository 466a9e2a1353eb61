//! Every experiment `c4 experiment` knows, by name: how big a run is, how to run it into a
//! folder, and how to rebuild its report from that folder's files.

use super::{accuracy, ladder, learned, mistakes, tuned_evaluators};
use crate::progress::{GamesOf, Plan, Progress};
use c4_arena::record::{GameLog, GameRecord};
use c4_papers::profiles::{self, PROFILES, Profile};
use c4_papers::{
    EXPERIMENTS, Experiment, ExperimentError, PairingTable, RunSettings, build_report, games_path,
    play_table,
};
use std::path::Path;

/// One experiment.
#[derive(Clone, Copy, Debug)]
pub enum ExperimentKind {
    /// A paper's win/draw/loss tables of pairings.
    Paper(&'static Experiment),
    /// Per-move time and node profiles of self-play.
    Profile(&'static Profile),
    /// How often each heuristic's move is optimal, against the solver.
    Accuracy,
    /// The levels, the heuristics and random in one Elo ladder, the levels graded too.
    Ladder,
    /// The share of moves that throw away the game-theoretic value on the reference sets.
    Mistakes,
    /// The heuristics tuned by texel, against their untuned selves and perfect play.
    Tuning,
    /// The shipped n-tuple network, graded beside the seed heuristics.
    Learned,
}

/// Games per pairing of the ladder: at full size, and in `--quick` runs.
const LADDER_GAMES: (u64, u64) = (40, 2);
/// Positions per reference set of the accuracy experiment: at full size, and in `--quick`.
const ACCURACY_POSITIONS: (u64, u64) = (100, 3);

impl ExperimentKind {
    /// Every experiment, in the order `all` runs them.
    #[must_use]
    pub fn all() -> Vec<ExperimentKind> {
        EXPERIMENTS
            .iter()
            .map(ExperimentKind::Paper)
            .chain(PROFILES.iter().map(ExperimentKind::Profile))
            .chain([
                ExperimentKind::Accuracy,
                ExperimentKind::Ladder,
                ExperimentKind::Mistakes,
                ExperimentKind::Tuning,
                ExperimentKind::Learned,
            ])
            .collect()
    }

    /// The experiment called `name`.
    pub fn find(name: &str) -> Result<ExperimentKind, ExperimentError> {
        let all = ExperimentKind::all();
        all.iter()
            .find(|e| e.name() == name)
            .copied()
            .ok_or_else(|| ExperimentError::Unknown {
                name: c4_core::excerpt(name),
                known: all.iter().map(ExperimentKind::name).collect(),
            })
    }

    /// Its name on the command line, and its folder's name under `results/`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            ExperimentKind::Paper(e) => e.name,
            ExperimentKind::Profile(p) => p.name,
            ExperimentKind::Accuracy => "accuracy",
            ExperimentKind::Ladder => "ladder",
            ExperimentKind::Mistakes => "mistakes",
            ExperimentKind::Tuning => "tuning",
            ExperimentKind::Learned => "learned",
        }
    }

    /// One line.
    #[must_use]
    pub fn title(&self) -> &'static str {
        match self {
            ExperimentKind::Paper(e) => e.title,
            ExperimentKind::Profile(p) => p.title,
            ExperimentKind::Accuracy => "move quality of every heuristic against perfect play",
            ExperimentKind::Ladder => {
                "the levels, every seed heuristic and threats at depth 5, random and victor in one Elo ladder; the levels' and victor's mistakes on the six reference sets and think times"
            }
            ExperimentKind::Mistakes => {
                "mistake rates of every evaluator by depth, tuned and untuned, on the six reference sets"
            }
            ExperimentKind::Tuning => {
                "each seed heuristic and threats tuned by texel: Elo against the untuned weights, mistakes before and after, Kang's Table 9 with the tuned H1"
            }
            ExperimentKind::Learned => {
                "the shipped n-tuple network (fitted to solver labels, then self-play): mistakes beside every seed heuristic at depths 1, 5 and 8, a ladder at depth 5, one ply against perfect play"
            }
        }
    }

    /// What it reproduces, or "c4" for the experiments of its own.
    #[must_use]
    pub fn source(&self) -> &'static str {
        match self {
            ExperimentKind::Paper(e) => e.source,
            ExperimentKind::Profile(p) => p.source,
            ExperimentKind::Accuracy | ExperimentKind::Ladder => "c4",
            ExperimentKind::Mistakes => "c4, beside AlphaZero.jl's Connect Four benchmark",
            ExperimentKind::Tuning => {
                "c4, the papers' future work (Kang, Wang, Hu (2019); Fang, Ren, Cao (2021))"
            }
            ExperimentKind::Learned => {
                "c4, the papers' open question answered by learning (after Thill, Koch, Konen (2012); Bagheri et al. (2016))"
            }
        }
    }

    fn tables(experiment: &Experiment) -> Result<Vec<PairingTable>, ExperimentError> {
        (experiment.tables)()
    }

    fn ladder_games(settings: &RunSettings) -> u64 {
        if settings.quick {
            LADDER_GAMES.1
        } else {
            settings.games.unwrap_or(LADDER_GAMES.0)
        }
    }

    fn accuracy_positions(settings: &RunSettings) -> usize {
        let count = if settings.quick {
            ACCURACY_POSITIONS.1
        } else {
            settings.games.unwrap_or(ACCURACY_POSITIONS.0)
        };
        usize::try_from(count).unwrap_or(usize::MAX)
    }

    fn profile_games(profile: &Profile, settings: &RunSettings) -> u64 {
        if settings.quick {
            1
        } else {
            settings.games.unwrap_or(profile.games)
        }
    }

    /// How big a run with `settings` is.
    pub fn plan(&self, settings: &RunSettings) -> Result<Plan, ExperimentError> {
        Ok(match self {
            ExperimentKind::Paper(experiment) => Plan {
                total: ExperimentKind::tables(experiment)?
                    .iter()
                    .flat_map(|t| &t.rows)
                    .map(|r| settings.games_for(r.paper.games()))
                    .sum(),
                unit: "games",
            },
            ExperimentKind::Profile(profile) => Plan {
                total: ExperimentKind::profile_games(profile, settings)
                    * profile.configs.len() as u64,
                unit: "self-play games",
            },
            ExperimentKind::Accuracy => Plan {
                total: (2
                    * ExperimentKind::accuracy_positions(settings)
                    * accuracy::players().len()) as u64,
                unit: "decisions",
            },
            ExperimentKind::Mistakes => Plan {
                total: mistakes::planned(settings.quick),
                unit: "decisions",
            },
            ExperimentKind::Tuning => tuned_evaluators::plan(settings),
            ExperimentKind::Learned => Plan {
                total: learned::planned(settings.quick),
                unit: "decisions and games",
            },
            ExperimentKind::Ladder => Plan {
                total: ladder::planned(settings.quick, ExperimentKind::ladder_games(settings))?,
                unit: "decisions and games",
            },
        })
    }

    /// Runs what is not finished in `settings.out` (on the current rayon pool), then writes the
    /// report there; returns one line saying where it is.
    pub fn run(
        &self,
        settings: &RunSettings,
        progress: &dyn Progress,
    ) -> Result<String, ExperimentError> {
        let dir = &settings.out;
        let games = GamesOf(progress);
        match self {
            ExperimentKind::Paper(experiment) => {
                let tables = ExperimentKind::tables(experiment)?;
                let mut records = Vec::new();
                for table in &tables {
                    records.extend(play_table(table, settings, &games)?);
                }
                let report = build_report(experiment, &tables, &records, settings.seed, dir)?;
                let agree: usize = report
                    .tables
                    .iter()
                    .map(|(_, rows)| rows.iter().filter(|r| r.agrees()).count())
                    .sum();
                let rows: usize = report.tables.iter().map(|(_, rows)| rows.len()).sum();
                return Ok(format!(
                    "{}: {agree}/{rows} rows agree with the paper within 95%; report in {}",
                    self.name(),
                    dir.join("report.md").display()
                ));
            }
            ExperimentKind::Profile(profile) => {
                let plies = if settings.quick {
                    profiles::QUICK_OPENING_PLIES
                } else {
                    profiles::OPENING_PLIES
                };
                let count = ExperimentKind::profile_games(profile, settings);
                let records = profiles::run(profile, dir, count, plies, settings.seed, &games)?;
                profiles::report(profile, dir, &records, settings.seed)?;
            }
            ExperimentKind::Accuracy => {
                let positions = ExperimentKind::accuracy_positions(settings);
                let decisions = accuracy::run(dir, positions, settings.seed, progress)?;
                accuracy::report(dir, &decisions, settings.seed)?;
            }
            ExperimentKind::Mistakes => {
                let decisions = mistakes::run(dir, settings.quick, settings.seed, progress)?;
                mistakes::report(dir, &decisions, settings.seed)?;
            }
            ExperimentKind::Tuning => tuned_evaluators::run(settings, progress, &games)?,
            ExperimentKind::Learned => {
                let results = learned::run(dir, settings.quick, settings.seed, progress)?;
                learned::report(dir, &results, settings.seed)?;
            }
            ExperimentKind::Ladder => {
                let count = ExperimentKind::ladder_games(settings);
                let results =
                    ladder::run(dir, settings.quick, count, settings.seed, &games, progress)?;
                ladder::report(dir, &results, settings.seed)?;
            }
        }
        Ok(format!(
            "{}: report in {}",
            self.name(),
            dir.join("report.md").display()
        ))
    }

    /// Rebuilds the report of the run in `dir` from its files; returns one line saying what
    /// it was built from.
    pub fn rebuild_report(
        &self,
        dir: &Path,
        seed: u64,
        progress: &dyn Progress,
    ) -> Result<String, ExperimentError> {
        let games_of = |file: &str| -> Result<Vec<GameRecord>, ExperimentError> {
            let path = dir.join("games").join(file);
            let loaded = GameLog::load(&path)?;
            for warning in &loaded.warnings {
                progress.warn(warning);
            }
            Ok(loaded.records)
        };
        let (count, unit) = match self {
            ExperimentKind::Paper(experiment) => {
                let tables = ExperimentKind::tables(experiment)?;
                let mut records = Vec::new();
                for table in &tables {
                    let path = games_path(dir, table.id);
                    let name = path.file_name().expect("a games file").to_string_lossy();
                    records.extend(games_of(&name)?);
                }
                if !records.is_empty() {
                    build_report(experiment, &tables, &records, seed, dir)?;
                }
                (records.len(), "games")
            }
            ExperimentKind::Profile(profile) => {
                let records = games_of(&format!("{}.jsonl", profile.name))?;
                if !records.is_empty() {
                    profiles::report(profile, dir, &records, seed)?;
                }
                (records.len(), "games")
            }
            ExperimentKind::Ladder => {
                let results = ladder::load(dir, progress)?;
                let count = results.games.len() + results.decisions.len();
                if !results.games.is_empty() {
                    ladder::report(dir, &results, seed)?;
                }
                (count, "games and decisions")
            }
            ExperimentKind::Mistakes => {
                let decisions = mistakes::load(dir, progress)?;
                if !decisions.is_empty() {
                    mistakes::report(dir, &decisions, seed)?;
                }
                (decisions.len(), "decisions")
            }
            ExperimentKind::Tuning => (
                tuned_evaluators::rebuild(dir, seed, progress)?,
                "games and decisions",
            ),
            ExperimentKind::Learned => {
                let results = learned::load(dir, progress)?;
                let count = results.decisions.len() + results.ladder.len() + results.perfect.len();
                if count > 0 {
                    learned::report(dir, &results, seed)?;
                }
                (count, "decisions and games")
            }
            ExperimentKind::Accuracy => {
                let decisions = accuracy::load(dir, progress)?;
                if !decisions.is_empty() {
                    accuracy::report(dir, &decisions, seed)?;
                }
                (decisions.len(), "decisions")
            }
        };
        if count == 0 {
            return Err(ExperimentError::NothingYet {
                dir: dir.to_owned(),
                unit,
            });
        }
        Ok(format!(
            "rebuilt {} from {count} {unit}",
            dir.join("report.md").display()
        ))
    }
}
