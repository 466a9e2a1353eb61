//! What a match comes to: built from the game records alone, so it can be rebuilt from
//! `games.jsonl` at any time.

use crate::matches::tally;
use crate::record::{GameRecord, GameResult};
use crate::stats::{Interval, Spread, Sprt, SprtVerdict, Wdl};
use c4_core::Size;
use c4_solver::files::PathError;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// Per-move figures of one side.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideStats {
    /// Moves chosen.
    pub moves: u64,
    /// Milliseconds per move.
    pub time_ms: Spread,
    /// Nodes per move.
    pub nodes: Spread,
    /// Mean depth reached.
    pub mean_depth: f64,
    /// Per game, the ply from which every move of the side was proven optimal by its
    /// solver (see [`GameRecord::exact_from_ply`]), over the games where that happened.
    pub exact_from_ply: Spread,
    /// Games where it happened.
    pub exact_games: u64,
}

impl SideStats {
    fn of<'a>(moves: impl Iterator<Item = &'a c4_search::search::MoveReport>) -> SideStats {
        let (mut times, mut nodes, mut depth) = (Vec::new(), Vec::new(), 0.0);
        for m in moves {
            times.push(m.time_ms());
            nodes.push(m.nodes as f64);
            depth += f64::from(m.depth);
        }
        let n = times.len();
        SideStats {
            moves: n as u64,
            time_ms: Spread::of(times),
            nodes: Spread::of(nodes),
            mean_depth: if n == 0 { 0.0 } else { depth / n as f64 },
            ..SideStats::default()
        }
    }

    fn with_exact_plies(mut self, plies: Vec<f64>) -> SideStats {
        self.exact_games = plies.len() as u64;
        self.exact_from_ply = Spread::of(plies);
        self
    }
}

fn exact_plies(records: &[GameRecord], a: bool) -> Vec<f64> {
    records
        .iter()
        .filter_map(|r| r.exact_from_ply(a))
        .map(f64::from)
        .collect()
}

/// A match's results, from A's point of view.
#[derive(Clone, Debug, Serialize)]
pub struct MatchSummary {
    /// A's label and spec.
    pub a: String,
    /// A's spec.
    pub a_spec: String,
    /// B's label.
    pub b: String,
    /// B's spec.
    pub b_spec: String,
    /// The run's seed.
    pub seed: u64,
    /// The board of its games, written only off 7x6.
    #[serde(skip_serializing_if = "Size::is_standard")]
    pub size: Size,
    /// Games played.
    pub games: u64,
    /// A's results.
    pub wdl: Wdl,
    /// A's results with red (moving first).
    pub a_first: Wdl,
    /// A's results with yellow.
    pub a_second: Wdl,
    /// A's score share.
    pub score: Option<Interval>,
    /// Elo of A minus B.
    pub elo: Option<Interval>,
    /// Likelihood that A is stronger.
    pub likelihood_of_superiority: Option<f64>,
    /// The SPRT, if one ran: (log-likelihood ratio, lower bound, upper bound, verdict).
    pub sprt: Option<(f64, f64, f64, SprtVerdict)>,
    /// A's per-move figures.
    pub a_moves: SideStats,
    /// B's per-move figures.
    pub b_moves: SideStats,
}

impl MatchSummary {
    /// Writes `summary.json` and `summary.csv` into a run folder.
    pub fn save(&self, dir: &Path) -> Result<(), PathError> {
        let json = serde_json::to_string_pretty(self).expect("a summary serialises");
        write_file(dir, "summary.json", &json)?;
        write_file(dir, "summary.csv", &self.to_csv())
    }

    /// Summarises `records` (all of one pairing).
    #[must_use]
    pub fn of(records: &[GameRecord], seed: u64, sprt: Option<&Sprt>) -> MatchSummary {
        let first = records.first();
        let wdl = tally(records);
        let by_colour = |a_first: bool| {
            let subset: Vec<GameRecord> = records
                .iter()
                .filter(|r| r.a_first == a_first)
                .cloned()
                .collect();
            tally(&subset)
        };
        MatchSummary {
            a: first.map(|r| r.a.clone()).unwrap_or_default(),
            a_spec: first.map(|r| r.a_spec.clone()).unwrap_or_default(),
            b: first.map(|r| r.b.clone()).unwrap_or_default(),
            b_spec: first.map(|r| r.b_spec.clone()).unwrap_or_default(),
            seed,
            size: first.map_or(Size::STANDARD, |r| r.size),
            games: records.len() as u64,
            wdl,
            a_first: by_colour(true),
            a_second: by_colour(false),
            score: wdl.score(),
            elo: wdl.elo(),
            likelihood_of_superiority: wdl.likelihood_of_superiority(),
            sprt: sprt.map(|s| {
                let (low, high) = s.bounds();
                (s.llr(&wdl), low, high, s.verdict(&wdl))
            }),
            a_moves: SideStats::of(records.iter().flat_map(|r| r.moves_of(true)))
                .with_exact_plies(exact_plies(records, true)),
            b_moves: SideStats::of(records.iter().flat_map(|r| r.moves_of(false)))
                .with_exact_plies(exact_plies(records, false)),
        }
    }

    /// The summary as text for people.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let wdl = |w: &Wdl| format!("+{} ={} -{}", w.wins, w.draws, w.losses);
        let _ = writeln!(
            out,
            "A: {}\nB: {}",
            player_words("A", &self.a, &self.a_spec),
            player_words("B", &self.b, &self.b_spec)
        );
        let _ = write!(out, "games {}  seed {}", self.games, self.seed);
        if !self.size.is_standard() {
            let _ = write!(out, "  board {}", self.size);
        }
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "A overall {}   as first {}   as second {}",
            wdl(&self.wdl),
            wdl(&self.a_first),
            wdl(&self.a_second)
        );
        if let (Some(score), Some(elo)) = (self.score, self.elo) {
            let _ = writeln!(
                out,
                "A score {:.1}% [{:.1}%, {:.1}%]   Elo {:+.0} [{:+.0}, {:+.0}]   LOS {:.1}%",
                100.0 * score.value,
                100.0 * score.low,
                100.0 * score.high,
                elo.value,
                elo.low,
                elo.high,
                100.0 * self.likelihood_of_superiority.unwrap_or(0.5)
            );
        }
        if let Some((llr, low, high, verdict)) = self.sprt {
            let _ = writeln!(
                out,
                "SPRT llr {llr:.2} in [{low:.2}, {high:.2}]: {verdict:?}"
            );
        }
        for (name, side) in [("A", &self.a_moves), ("B", &self.b_moves)] {
            let _ = writeln!(
                out,
                "{name} per move: time ms median {:.2} p90 {:.2} max {:.2}; nodes median {:.0} p90 {:.0} max {:.0}; mean depth {:.1}",
                side.time_ms.median,
                side.time_ms.p90,
                side.time_ms.max,
                side.nodes.median,
                side.nodes.p90,
                side.nodes.max,
                side.mean_depth
            );
            if side.exact_games > 0 {
                let _ = writeln!(
                    out,
                    "{name} proven optimal (solver) on every move from ply: median {:.0} p90 {:.0} max {:.0}, in {} of {} games",
                    side.exact_from_ply.median,
                    side.exact_from_ply.p90,
                    side.exact_from_ply.max,
                    side.exact_games,
                    self.games
                );
            }
        }
        out
    }

    /// A one-row CSV (with header).
    #[must_use]
    pub fn to_csv(&self) -> String {
        let s = self
            .score
            .map_or((f64::NAN, f64::NAN, f64::NAN), |i| (i.value, i.low, i.high));
        let e = self
            .elo
            .map_or((f64::NAN, f64::NAN, f64::NAN), |i| (i.value, i.low, i.high));
        let header = "a,b,a_spec,b_spec,seed,games,wins,draws,losses,first_wins,first_draws,first_losses,\
second_wins,second_draws,second_losses,score,score_low,score_high,elo,elo_low,elo_high,\
a_time_ms_median,b_time_ms_median,a_nodes_median,b_nodes_median\n";
        let quote = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
        format!(
            "{header}{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.1},{:.1},{:.1},{:.3},{:.3},{:.0},{:.0}\n",
            quote(&self.a),
            quote(&self.b),
            quote(&self.a_spec),
            quote(&self.b_spec),
            self.seed,
            self.games,
            self.wdl.wins,
            self.wdl.draws,
            self.wdl.losses,
            self.a_first.wins,
            self.a_first.draws,
            self.a_first.losses,
            self.a_second.wins,
            self.a_second.draws,
            self.a_second.losses,
            s.0,
            s.1,
            s.2,
            e.0,
            e.1,
            e.2,
            self.a_moves.time_ms.median,
            self.b_moves.time_ms.median,
            self.a_moves.nodes.median,
            self.b_moves.nodes.median,
        )
    }
}

/// Points A scored in a record (1, 1/2, 0).
#[must_use]
pub fn points(result: GameResult) -> f64 {
    match result {
        GameResult::Win => 1.0,
        GameResult::Draw => 0.5,
        GameResult::Loss => 0.0,
    }
}
/// Writes one file of a run folder, naming it in any error.
pub(crate) fn write_file(dir: &Path, name: &str, contents: &str) -> Result<(), PathError> {
    let path = dir.join(name);
    std::fs::write(&path, contents).map_err(|e| PathError::new("cannot write", &path, e))
}

/// A side of a match in words: its label unless it is the side's letter, the level its spec
/// is if it is one, and the spec.
fn player_words(letter: &str, label: &str, spec: &str) -> String {
    let level = c4_players::LEVELS.iter().find(|level| {
        c4_players::PlayerSpec::parse(level.spec, 0).is_ok_and(|parsed| parsed.to_string() == spec)
    });
    match (label == letter, level) {
        (true, Some(level)) => format!("level {} ({spec})", level.name),
        (true, None) => spec.to_owned(),
        (false, Some(level)) => format!("{label}, level {} ({spec})", level.name),
        (false, None) => format!("{label} ({spec})"),
    }
}
