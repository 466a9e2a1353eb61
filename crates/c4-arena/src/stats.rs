//! Match statistics: score share with a confidence interval, Elo difference, likelihood of
//! superiority and the sequential probability ratio test engine testers use.
//!
//! Results are trinomial (win, draw, loss scored 1, 1/2, 0). The score share's standard error
//! comes from the per-game variance of those scores (not a binomial on wins), and intervals
//! use the normal approximation; Elo is the logistic model's `-400 log10(1/s - 1)`, with the
//! interval mapped through the same function.

use serde::{Deserialize, Serialize};

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
}

/// An estimate with a 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// Point estimate.
    pub value: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Wdl {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds another tally.
    pub fn add(&mut self, other: Wdl) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }

    /// The same games seen from the other side.
    #[must_use]
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Score share (wins + draws / 2) / games, with a 95% interval; `None` with no games.
    #[must_use]
    pub fn score(&self) -> Option<Interval> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let mean = w + d / 2.0;
        let variance = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
        let se = (variance / n).sqrt();
        Some(Interval {
            value: mean,
            low: (mean - Z95 * se).max(0.0),
            high: (mean + Z95 * se).min(1.0),
        })
    }

    /// Elo difference with a 95% interval (infinite at a score of 0 or 1).
    #[must_use]
    pub fn elo(&self) -> Option<Interval> {
        self.score().map(|s| Interval {
            value: elo_of(s.value),
            low: elo_of(s.low),
            high: elo_of(s.high),
        })
    }

    /// Likelihood of superiority: the probability that this side is the stronger, from wins
    /// and losses (draws carry no information), by the normal approximation.
    #[must_use]
    pub fn likelihood_of_superiority(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        (decisive > 0.0)
            .then(|| normal_cdf((self.wins as f64 - self.losses as f64) / decisive.sqrt()))
    }
}

/// Elo difference for a score share.
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Expected score for an Elo difference.
#[must_use]
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal cumulative distribution (Abramowitz and Stegun 7.1.26 erf, error < 1.5e-7).
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-(x * x) / 2.0).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SprtVerdict {
    /// H1 accepted.
    AcceptH1,
    /// H0 accepted.
    AcceptH0,
    /// Keep playing.
    Continue,
}

/// Why an `--sprt` value is refused; each message starts with the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SprtError {
    /// A part is not a number.
    #[error("--sprt {text}: {part:?} is not a number; expected ELO0,ELO1[,ALPHA,BETA]")]
    NotANumber {
        /// The whole value.
        text: String,
        /// The part that is not a number.
        part: String,
    },
    /// Neither two nor four parts.
    #[error("--sprt {0}: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")]
    Count(String),
    /// ELO0 is not below ELO1.
    #[error("--sprt {0}: ELO0 must be below ELO1")]
    Order(String),
    /// ALPHA or BETA is outside (0, 0.5).
    #[error("--sprt {0}: ALPHA and BETA must be between 0 and 0.5")]
    Risks(String),
}

impl Sprt {
    /// Parses `ELO0,ELO1[,ALPHA,BETA]` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let parts: Vec<f64> = text
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<f64>()
                    .map_err(|_| SprtError::NotANumber {
                        text: c4_core::excerpt(text),
                        part: c4_core::excerpt(part),
                    })
            })
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match parts[..] {
            [a, b] => (a, b, 0.05, 0.05),
            [a, b, c, d] => (a, b, c, d),
            _ => return Err(SprtError::Count(c4_core::excerpt(text))),
        };
        if elo0 >= elo1 {
            return Err(SprtError::Order(c4_core::excerpt(text)));
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err(SprtError::Risks(c4_core::excerpt(text)));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Lower and upper bounds of the log-likelihood ratio (Wald).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results so far, by the normal approximation to the
    /// trinomial (the "GSPRT" of Michel Van den Bergh, used by chess engine testers). Half a
    /// pseudo-game is added to each of win, draw and loss, so that one-sided results (all
    /// wins) still have a variance and decide quickly instead of never.
    #[must_use]
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let (w, d, l) = (
            wdl.wins as f64 + 0.5,
            wdl.draws as f64 + 0.5,
            wdl.losses as f64 + 0.5,
        );
        let n = w + d + l;
        let (w, d, l) = (w / n, d / n, l / n);
        let s = w + d / 2.0;
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        // Counted over real games: the pseudo-games only shape the variance.
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance / wdl.games() as f64)
    }

    /// The verdict for the results so far.
    #[must_use]
    pub fn verdict(&self, wdl: &Wdl) -> SprtVerdict {
        let (low, high) = self.bounds();
        let llr = self.llr(wdl);
        if llr >= high {
            SprtVerdict::AcceptH1
        } else if llr <= low {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// Median, 90th percentile and maximum of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// Median.
    pub median: f64,
    /// 90th percentile (nearest rank).
    pub p90: f64,
    /// Maximum.
    pub max: f64,
}

impl Spread {
    /// The spread of `values` (empty: zeros).
    #[must_use]
    pub fn of(mut values: Vec<f64>) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        values.sort_by(f64::total_cmp);
        Spread {
            median: nearest_rank(&values, 0.5),
            p90: nearest_rank(&values, 0.9),
            max: values[values.len() - 1],
        }
    }
}

/// The value `p` (0 to 1) of the way from the least to the greatest of `sorted` (ascending,
/// not empty), rounded to a position: the rank every median and percentile c4 reports takes.
#[must_use]
pub fn nearest_rank(sorted: &[f64], p: f64) -> f64 {
    sorted[((p * (sorted.len() - 1) as f64).round() as usize).min(sorted.len() - 1)]
}

/// The Wilson score interval (95%) for `successes` out of `trials`; `None` with no trials.
#[must_use]
pub fn wilson(successes: u64, trials: u64) -> Option<Interval> {
    if trials == 0 {
        return None;
    }
    let (n, p, z) = (trials as f64, successes as f64 / trials as f64, Z95);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    Some(Interval {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let wdl = Wdl {
            wins: 40,
            draws: 20,
            losses: 40,
        };
        let score = wdl.score().unwrap();
        assert!((score.value - 0.5).abs() < 1e-12);
        assert!(score.low < 0.5 && score.high > 0.5);
        assert!(wdl.elo().unwrap().value.abs() < 1e-9);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -50.0, 0.0, 10.0, 200.0] {
            assert!((elo_of(score_of(elo)) - elo).abs() < 1e-9);
        }
        // 75% is about +191 Elo.
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
    }

    #[test]
    fn normal_cdf_known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn sprt_decides_clear_cases() {
        let sprt = Sprt::parse("0,20").unwrap();
        assert_eq!(
            sprt.verdict(&Wdl {
                wins: 900,
                draws: 50,
                losses: 50
            }),
            SprtVerdict::AcceptH1
        );
        assert_eq!(
            sprt.verdict(&Wdl {
                wins: 50,
                draws: 50,
                losses: 900
            }),
            SprtVerdict::AcceptH0
        );
        assert_eq!(
            sprt.verdict(&Wdl {
                wins: 5,
                draws: 1,
                losses: 4
            }),
            SprtVerdict::Continue
        );
        // All wins: decides, and soon.
        assert_eq!(
            sprt.verdict(&Wdl {
                wins: 60,
                draws: 0,
                losses: 0
            }),
            SprtVerdict::AcceptH1
        );
        assert_eq!(
            sprt.verdict(&Wdl {
                wins: 0,
                draws: 0,
                losses: 60
            }),
            SprtVerdict::AcceptH0
        );
        assert!(Sprt::parse("20,0").is_err());
        assert!(Sprt::parse("0,20,0.9,0.05").is_err());
        assert!(Sprt::parse("x").is_err());
    }

    #[test]
    fn wilson_interval_known_value() {
        // 8 of 10: Wilson 95% interval is about [0.490, 0.943].
        let i = wilson(8, 10).unwrap();
        assert!(
            (i.low - 0.490).abs() < 0.002 && (i.high - 0.943).abs() < 0.002,
            "{i:?}"
        );
        assert!(wilson(0, 0).is_none());
        assert_eq!(wilson(0, 5).unwrap().low, 0.0);
    }

    #[test]
    fn spread_of_a_sample() {
        let s = Spread::of((1..=10).map(f64::from).collect());
        assert_eq!(s.max, 10.0);
        assert!(s.median == 5.0 || s.median == 6.0);
        assert_eq!(s.p90, 9.0);
    }
}
