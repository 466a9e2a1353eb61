//! Round robins: every pair of players plays a match; a crosstable and an Elo ranking by
//! maximum likelihood.
//!
//! Ratings fit the logistic (Bradley-Terry) model with a draw counted as half a win, by
//! Hunter's MM iteration (2004): `g_i <- W_i / sum_j n_ij / (g_i + g_j)`. Elo = 400 log10 g,
//! shifted to mean 0. Error bars are 95% intervals from the diagonal of the observed
//! information, a fair guide when every pair has played many games.

use crate::matches::{Contestant, FirstPolicy, MatchConfig, Openings, game_seed};
use crate::record::GameRecord;
use crate::summary::points;
use c4_core::Size;
use serde::Serialize;
use std::path::Path;

/// The pairs of a round robin of `players` players, as indices (A, B) in entry order: (0, 1),
/// (0, 2), ..., (1, 2), ... A pair's place in this order numbers its pairing.
pub fn round_robin(players: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..players).flat_map(move |i| (i + 1..players).map(move |j| (i, j)))
}

/// The seed of pairing `index` (its place in [`round_robin`]) of a tournament seeded `seed`:
/// each pairing draws its games from a stream of its own.
#[must_use]
pub fn pairing_seed(seed: u64, index: usize) -> u64 {
    game_seed(seed, index as u64, 7)
}

/// The matches of a round robin of `players`: every pair once, in entry order, each pairing
/// seeded by its own stream drawn from the one `seed`.
#[must_use]
pub fn pairings(
    players: &[Contestant],
    games: u64,
    seed: u64,
    openings: &Openings,
    first: FirstPolicy,
) -> Vec<MatchConfig> {
    round_robin(players.len())
        .enumerate()
        .map(|(index, (i, j))| MatchConfig {
            a: players[i].clone(),
            b: players[j].clone(),
            games,
            seed: pairing_seed(seed, index),
            openings: openings.clone(),
            first,
            sprt: None,
        })
        .collect()
}

/// One player's place in the ranking.
#[derive(Clone, Debug, Serialize)]
pub struct Rating {
    /// The player's name.
    pub name: String,
    /// Elo relative to the field's mean.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub error: f64,
    /// Points scored.
    pub points: f64,
    /// Games played.
    pub games: u64,
}

/// The crosstable: `points[i][j]` and `games[i][j]` of player i against j.
#[derive(Clone, Debug, Serialize)]
pub struct Crosstable {
    /// The board of its games, written only off 7x6.
    #[serde(skip_serializing_if = "Size::is_standard")]
    pub size: Size,
    /// Player names in entry order.
    pub names: Vec<String>,
    /// Points of row against column.
    pub points: Vec<Vec<f64>>,
    /// Games of row against column.
    pub games: Vec<Vec<u64>>,
}

impl Crosstable {
    /// Writes `summary.json` (the crosstable, the ratings and the seed) and `summary.csv`
    /// (the ratings) into a run folder.
    pub fn save(&self, dir: &Path, seed: u64) -> Result<(), c4_solver::files::PathError> {
        let json =
            serde_json::json!({ "crosstable": self, "ratings": self.ratings(), "seed": seed });
        let text = serde_json::to_string_pretty(&json).expect("a summary serialises");
        crate::summary::write_file(dir, "summary.json", &text)?;
        crate::summary::write_file(dir, "summary.csv", &self.ratings_csv())
    }

    /// The crosstable and ratings as the CLI prints them, after the board (off 7x6), the
    /// run's seed and games per pairing.
    #[must_use]
    pub fn report(&self, seed: u64, games: u64) -> String {
        let board = if self.size.is_standard() {
            String::new()
        } else {
            format!("board {}\n", self.size)
        };
        format!(
            "{board}seed {seed}, {games} games per pairing\n{}",
            self.to_text()
        )
    }

    /// Builds the crosstable of `records`, whose `a`/`b` labels are among `names`, on their
    /// board (7x6 when there is none).
    #[must_use]
    pub fn of(names: &[String], records: &[GameRecord]) -> Crosstable {
        let n = names.len();
        let mut table = Crosstable {
            size: records.first().map_or(Size::STANDARD, |r| r.size),
            names: names.to_vec(),
            points: vec![vec![0.0; n]; n],
            games: vec![vec![0; n]; n],
        };
        let index = |name: &str| names.iter().position(|x| x == name);
        for r in records {
            if let (Some(i), Some(j)) = (index(&r.a), index(&r.b)) {
                let p = points(r.result);
                table.points[i][j] += p;
                table.points[j][i] += 1.0 - p;
                table.games[i][j] += 1;
                table.games[j][i] += 1;
            }
        }
        table
    }

    /// Maximum-likelihood Elo ratings, best first.
    #[must_use]
    pub fn ratings(&self) -> Vec<Rating> {
        let n = self.names.len();
        // Half a point of prior against a virtual even opponent keeps perfect scores finite.
        let prior = 0.5;
        let wins: Vec<f64> = (0..n)
            .map(|i| self.points[i].iter().sum::<f64>() + prior)
            .collect();
        let mut gamma = vec![1.0; n];
        for _ in 0..10_000 {
            let mut next = vec![0.0; n];
            let mut change: f64 = 0.0;
            for i in 0..n {
                let mut denominator = 2.0 * prior / (gamma[i] + 1.0);
                for j in 0..n {
                    if i != j && self.games[i][j] > 0 {
                        denominator += self.games[i][j] as f64 / (gamma[i] + gamma[j]);
                    }
                }
                next[i] = wins[i] / denominator;
            }
            let mean_log = next.iter().map(|g: &f64| g.ln()).sum::<f64>() / n as f64;
            for g in &mut next {
                *g /= mean_log.exp();
            }
            for i in 0..n {
                change = change.max((next[i] / gamma[i]).ln().abs());
            }
            gamma = next;
            if change < 1e-10 {
                break;
            }
        }
        let to_elo = 400.0 / std::f64::consts::LN_10;
        let mut ratings: Vec<Rating> = (0..n)
            .map(|i| {
                let mut information = 0.0;
                for j in 0..n {
                    if i != j && self.games[i][j] > 0 {
                        let p = gamma[i] / (gamma[i] + gamma[j]);
                        information += self.games[i][j] as f64 * p * (1.0 - p);
                    }
                }
                Rating {
                    name: self.names[i].clone(),
                    elo: to_elo * gamma[i].ln(),
                    error: if information > 0.0 {
                        crate::stats::Z95 * to_elo / information.sqrt()
                    } else {
                        f64::INFINITY
                    },
                    points: self.points[i].iter().sum(),
                    games: self.games[i].iter().sum(),
                }
            })
            .collect();
        ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        ratings
    }

    /// The ranking as CSV (with header).
    #[must_use]
    pub fn ratings_csv(&self) -> String {
        let mut csv = String::from("rank,name,elo,error,points,games\n");
        for (rank, r) in self.ratings().iter().enumerate() {
            csv.push_str(&format!(
                "{},{},{:.1},{:.1},{},{}\n",
                rank + 1,
                r.name,
                r.elo,
                r.error,
                r.points,
                r.games
            ));
        }
        csv
    }

    /// The crosstable and ranking as text.
    #[must_use]
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let width = self.names.iter().map(String::len).max().unwrap_or(4).max(4);
        let _ = write!(out, "{:width$}", "");
        for name in &self.names {
            let _ = write!(out, " {:>width$}", name);
        }
        let _ = writeln!(out);
        for (i, name) in self.names.iter().enumerate() {
            let _ = write!(out, "{name:width$}");
            for j in 0..self.names.len() {
                let cell = if i == j || self.games[i][j] == 0 {
                    "-".to_owned()
                } else {
                    format!("{}/{}", self.points[i][j], self.games[i][j])
                };
                let _ = write!(out, " {cell:>width$}");
            }
            let _ = writeln!(out);
        }
        let _ = writeln!(
            out,
            "\nrank  {:width$}  {:>7}  {:>6}  {:>9}",
            "name", "Elo", "+-", "points"
        );
        for (rank, r) in self.ratings().iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>4}  {:width$}  {:>+7.0}  {:>6.0}  {:>5}/{}",
                rank + 1,
                r.name,
                r.elo,
                r.error,
                r.points,
                r.games
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::RunManifest;
    use c4_players::PlayerSpec;

    #[test]
    fn a_manifest_seeds_each_pairing_as_the_tournament_plays_it() {
        let players: Vec<Contestant> = ["x", "y", "z", "w"]
            .iter()
            .map(|label| Contestant {
                label: (*label).to_owned(),
                spec: PlayerSpec::parse("random", 0).unwrap(),
            })
            .collect();
        // The run.json that `c4 tournament` writes for these players.
        let manifest: RunManifest = serde_json::from_value(serde_json::json!({
            "kind": "tournament",
            "players": [["x", "random"], ["y", "random"], ["z", "random"], ["w", "random"]],
            "seed": 9,
            "first": "alternate",
            "openings": {"random": 2},
            "games": 3,
        }))
        .unwrap();
        let played = pairings(&players, 3, 9, &Openings::Random(2), FirstPolicy::Alternate);
        assert_eq!(played.len(), 6);
        for config in &played {
            let seed = manifest.pairing_seed(&config.a.label, &config.b.label);
            assert_eq!(
                seed,
                Some(config.seed),
                "{} {}",
                config.a.label,
                config.b.label
            );
            // A pairing is played A first as listed: the other order is none of the run's.
            assert_eq!(
                manifest.pairing_seed(&config.b.label, &config.a.label),
                None
            );
        }
        assert_eq!(manifest.expected_games(), 18);
    }

    #[test]
    fn stronger_player_ranks_first_and_ratings_centre_on_zero() {
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let mut t = Crosstable {
            size: Size::STANDARD,
            names,
            points: vec![vec![0.0; 3]; 3],
            games: vec![vec![0; 3]; 3],
        };
        // a beats b 75%, b beats c 75%, a beats c 90%; 100 games each.
        for (i, j, p) in [(0, 1, 75.0), (1, 2, 75.0), (0, 2, 90.0)] {
            t.points[i][j] = p;
            t.points[j][i] = 100.0 - p;
            t.games[i][j] = 100;
            t.games[j][i] = 100;
        }
        let r = t.ratings();
        assert_eq!(
            r.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        let mean: f64 = r.iter().map(|r| r.elo).sum::<f64>() / 3.0;
        assert!(mean.abs() < 1.0);
        assert!((r[0].elo - r[1].elo - 190.0).abs() < 60.0, "{r:?}");
        assert!(r.iter().all(|x| x.error > 0.0 && x.error < 200.0));
    }
}
